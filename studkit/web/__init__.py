"""studkit in the browser: design, play, replay and compare (``studkit serve``).

* :mod:`studkit.web.app`: the Starlette app (:func:`create_app`), its pages and limits;
* :mod:`studkit.web.api`: the JSON API the pages use (docs/web.md);
* :mod:`studkit.web.engine`: the one module that drives the engine (tables, replay steps);
* :mod:`studkit.web.designer`, :mod:`studkit.web.replays`, :mod:`studkit.web.compare_jobs`:
  the designer's checks, the replayer, comparisons in the background;
* :mod:`studkit.web.server`: running it with uvicorn.

Needs the ``web`` extra: ``pip install 'studkit[web]'``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from studkit.web.app import WebSettings, create_app
    from studkit.web.server import serve

__all__ = ["create_app", "serve", "WebSettings"]

_NAMES = {"create_app": "studkit.web.app", "WebSettings": "studkit.web.app",
          "serve": "studkit.web.server"}
"""Imported on first use: the engine and designer modules need no web framework."""


def __getattr__(name: str) -> object:
    if name in _NAMES:
        import importlib

        value: object = getattr(importlib.import_module(_NAMES[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'studkit.web' has no attribute {name!r}")
