"""numba, imported only here and only when the kernel runs, with its compilation cache.

:func:`compiled` is the one decorator of the kernel's functions: ``numba.njit`` with the
on-disk cache, typed so that the decorated function keeps its signature for mypy. numba
writes its cache next to the sources when it can, else to a per-user cache directory (a
read-only install works); ``NUMBA_CACHE_DIR`` overrides both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba  # type: ignore[import-untyped, unused-ignore]

__all__ = ["compiled", "inlined", "NUMBA_VERSION"]

F = TypeVar("F", bound=Callable[..., Any])

NUMBA_VERSION: str = str(numba.__version__)


def compiled(function: F) -> F:
    """``function`` compiled by numba (nopython mode, cached on disk)."""
    return cast(F, numba.njit(cache=True, nogil=True, error_model="numpy")(function))



def inlined(function: F) -> F:
    """``function`` compiled by numba and inlined into its callers: the small functions of
    the hot path, where a call's reference counting of its array arguments would cost more
    than the work."""
    jit = numba.njit(cache=True, nogil=True, error_model="numpy", inline="always")
    return cast(F, jit(function))
