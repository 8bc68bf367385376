"""studkit's optional extras, and the one message that says how to install a missing one.

Each extra of ``pyproject.toml`` that a command imports lazily is listed here with the
modules it provides. A command that needs one calls :func:`require_extra` before it imports
them: a missing module gives the same message for every extra, with the command for an
installed studkit and the one for a checkout.

>>> install_hint("web")
"pip install 'studkit[web]' (from a checkout: pip install '.[web]')"
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping

from studkit.errors import StudkitError

__all__ = ["EXTRA_MODULES", "install_hint", "missing_extra_message", "require_extra"]

EXTRA_MODULES: Mapping[str, tuple[str, ...]] = {
    "web": ("starlette", "jinja2", "uvicorn"),
    "rl": ("pettingzoo", "gymnasium", "pyspiel"),
    "dask": ("distributed",),
    "plot": ("matplotlib",),
}
"""The modules each optional extra installs (``pyproject.toml``'s optional dependencies)."""


def install_hint(extra: str) -> str:
    """The commands that install ``extra``: for studkit from an index, and in a checkout."""
    _modules(extra)
    return f"pip install 'studkit[{extra}]' (from a checkout: pip install '.[{extra}]')"


def missing_extra_message(needs: str, extra: str) -> str:
    """What to say when ``needs`` (a command or an option, e.g. ``studkit serve`` or
    ``--cluster``) cannot run because ``extra`` is not installed."""
    return f"{needs} needs the {extra} extra: {install_hint(extra)}"


def require_extra(extra: str, needs: str, error: type[StudkitError] = StudkitError) -> None:
    """Import every module of ``extra``, or raise ``error`` with
    :func:`missing_extra_message` when one (or a package it needs) cannot be imported."""
    for module in _modules(extra):
        try:
            importlib.import_module(module)
        except ImportError:
            raise error(missing_extra_message(needs, extra)) from None


def _modules(extra: str) -> tuple[str, ...]:
    """The modules of ``extra``; a :class:`~studkit.errors.StudkitError` for an unknown one."""
    try:
        return EXTRA_MODULES[extra]
    except KeyError:
        raise StudkitError(
            f"unknown extra {extra!r}: choose one of {', '.join(EXTRA_MODULES)}"
        ) from None
