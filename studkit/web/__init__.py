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

from studkit.web.app import WebSettings, create_app
from studkit.web.server import serve

__all__ = ["create_app", "serve", "WebSettings"]
