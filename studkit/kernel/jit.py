"""numba, imported only here and only when the kernel runs, with its compilation cache.

:func:`compiled` is the one decorator of the kernel's functions: ``numba.njit`` with the
on-disk cache, typed so that the decorated function keeps its signature for mypy. numba
writes its cache next to the sources when it can, else to a per-user cache directory (a
read-only install works); ``NUMBA_CACHE_DIR`` overrides both.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

import numba  # type: ignore[import-untyped, unused-ignore]
import numba.extending  # type: ignore[import-untyped, unused-ignore]
import numpy as np


def _array_maths_without_scipy() -> None:
    """Import numba's array maths module with SciPy's BLAS bindings out of reach.

    At its import (the first time numba loads or compiles any function) that module imports
    ``scipy.linalg``, where SciPy is installed, only to learn whether ``np.dot`` may call
    BLAS from inner products (``np.convolve``, ``np.correlate``): a quarter of a second,
    more than loading the whole kernel from the cache, for functions the kernel never calls.
    Without the bindings those inner products use numba's own loop (the same results); the
    bindings are within reach again as soon as the module is imported, for any other use.
    """
    blas = "scipy.linalg.cython_blas"
    if "numba.np.arraymath" in sys.modules or blas in sys.modules:
        return
    sys.modules[blas] = None  # type: ignore[assignment]  # "import fails": Python's own rule
    try:
        import numba.np.arraymath  # type: ignore[import-untyped, unused-ignore]  # noqa: F401
    finally:
        if sys.modules.get(blas, False) is None:
            del sys.modules[blas]


_array_maths_without_scipy()

__all__ = ["compiled", "inlined", "at", "shared", "is_ready", "NUMBA_VERSION"]

F = TypeVar("F", bound=Callable[..., Any])

NUMBA_VERSION: str = str(numba.__version__)


_njit: Any = numba.njit
_overload: Any = numba.extending.overload
"""``numba.njit``, untyped: ``_nrt`` is not in its stubs."""

_OPTIONS: dict[str, Any] = {"cache": True, "nogil": True, "error_model": "numpy", "_nrt": False}
"""Nopython mode, cached on disk, no division checks, and no reference counting: the kernel
allocates nothing (its callers pass every array in), and counting references to the arrays
each inlined helper takes was most of its time."""


def compiled(function: F) -> F:
    """``function`` compiled by numba."""
    return cast(F, _njit(**_OPTIONS)(function))


def inlined(function: F) -> F:
    """``function`` compiled by numba and inlined into its callers: the small functions of
    the hot path, where a call's reference counting of its array arguments would cost more
    than the work."""
    return cast(F, _njit(inline="always", **_OPTIONS)(function))


@inlined
def at(i: int) -> np.uint64:
    """``i`` as an array index the compiled code need not wrap: numba adds the array's
    length to a negative signed index (a compare and a conditional move at every access,
    and the length kept live), an unsigned one it uses as it is. For indices that are never
    negative (the kernel's offsets plus a seat, a count or a card read from the state); cast
    only at the access (numba turns uint64 mixed with int64 in arithmetic into a float)."""
    return np.uint64(i)


def is_ready(function: Any) -> bool:
    """Whether calling the compiled ``function`` runs without compiling it first (which takes
    minutes for the kernel's entry point): it was compiled in this process already, or
    numba's on-disk cache holds it for today's sources. ``False`` when the cache cannot be
    read: the caller may then say that a compilation is coming, at worst once too often."""
    if function.signatures:
        return True
    try:
        index = function._cache._cache_file._load_index()
    except Exception:  # numba's cache layout is private: any change means "not known"
        return False
    return bool(index)


def _implementation(function: Callable[..., Any]) -> Callable[..., Any]:
    def typer(*args: Any, **kwargs: Any) -> Callable[..., Any]:
        return function

    return typer


def shared(functions: Sequence[Callable[..., Any]]) -> None:
    """Let compiled code call these plain Python functions (the bots' one definition, in
    :mod:`studkit.bots`): each is compiled from its own source wherever a kernel
    function calls it, while Python callers keep calling it as it is. Pass callees before
    their callers."""
    options = {key: value for key, value in _OPTIONS.items() if key != "cache"}
    for function in functions:
        _overload(function, jit_options=options, strict=False)(
            _implementation(function)
        )
