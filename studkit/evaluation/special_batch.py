"""The special rankings in batches: numba compiles the per-call functions of
:mod:`studkit.evaluation.special_hands` and runs them over every row of an (n, k) array.

numba is imported when the first batch of a special ranking runs (``import studkit`` and
per-call evaluation never load it); the compiled loops are cached on disk as the kernel's
are (``NUMBA_CACHE_DIR`` overrides where).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar, cast

import numpy as np
import numpy.typing as npt

from studkit.evaluation import special_hands

__all__ = ["row_strengths"]

Int64Array = npt.NDArray[np.int64]
F = TypeVar("F", bound=Callable[..., Any])


@cache
def _loops() -> dict[str, Callable[..., None]]:
    """The compiled row loops by ranking function name (compiled on first use)."""
    import numba  # type: ignore[import-untyped, unused-ignore]
    import numba.extending  # type: ignore[import-untyped, unused-ignore]

    for function in special_hands.ROW_FUNCTIONS:

        def typer(*args: Any, _function: Any = function, **kwargs: Any) -> Any:
            return _function

        numba.extending.overload(function, strict=False)(typer)
    njit: Any = numba.njit

    def loop(function: F) -> F:
        return cast(F, njit(cache=True, nogil=True)(function))

    badugi = special_hands.badugi
    soko = special_hands.soko
    mexican = special_hands.mexican
    razz_high = special_hands.razz_high
    two_card_high = special_hands.two_card_high
    two_card_a5 = special_hands.two_card_a5

    @loop
    def badugi_rows(hands: Any, ace_high: int, out: Any) -> None:  # pragma: no cover
        n = hands.shape[1]
        for i in range(hands.shape[0]):
            out[i] = badugi(hands[i].astype(np.int64), n, ace_high)

    @loop
    def soko_rows(hands: Any, out: Any) -> None:  # pragma: no cover
        n = hands.shape[1]
        for i in range(hands.shape[0]):
            out[i] = soko(hands[i].astype(np.int64), n)

    @loop
    def mexican_rows(hands: Any, out: Any) -> None:  # pragma: no cover
        n = hands.shape[1]
        for i in range(hands.shape[0]):
            out[i] = mexican(hands[i].astype(np.int64), n)

    @loop
    def razz_high_rows(hands: Any, out: Any) -> None:  # pragma: no cover
        n = hands.shape[1]
        for i in range(hands.shape[0]):
            out[i] = razz_high(hands[i].astype(np.int64), n)

    @loop
    def two_card_high_rows(hands: Any, out: Any) -> None:  # pragma: no cover
        n = hands.shape[1]
        for i in range(hands.shape[0]):
            out[i] = two_card_high(hands[i].astype(np.int64), n)

    @loop
    def two_card_a5_rows(hands: Any, out: Any) -> None:  # pragma: no cover
        n = hands.shape[1]
        for i in range(hands.shape[0]):
            out[i] = two_card_a5(hands[i].astype(np.int64), n)

    return {
        "badugi": lambda hands, out: badugi_rows(hands, 0, out),
        "badugi-ace-high": lambda hands, out: badugi_rows(hands, 1, out),
        "soko": soko_rows,
        "mexican": mexican_rows,
        "razz_high": razz_high_rows,
        "two_card_high": two_card_high_rows,
        "two_card_a5": two_card_a5_rows,
    }


def row_strengths(function: str, hands: npt.NDArray[np.integer[Any]]) -> Int64Array:
    """The strength of every row of ``hands`` (checked card indexes 0-51) under the ranking
    function called ``function`` (``badugi``, ``badugi-ace-high``, ``soko``, ...)."""
    out = np.zeros(len(hands), dtype=np.int64)
    if len(hands):
        _loops()[function](np.ascontiguousarray(hands), out)
    return out
