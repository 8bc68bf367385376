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

__all__ = ["row_strengths", "rank_only_strengths", "RANK_ONLY"]

RANK_ONLY = ("razz_high", "two_card_high", "two_card_a5")
"""Ranking functions that read ranks only: their batches look up a table of every rank
multiset, ranked once by the compiled function."""

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
            out[i] = badugi(hands[i], n, ace_high)

    @loop
    def soko_rows(hands: Any, out: Any) -> None:  # pragma: no cover
        n = hands.shape[1]
        for i in range(hands.shape[0]):
            out[i] = soko(hands[i], n)

    @loop
    def mexican_rows(hands: Any, out: Any) -> None:  # pragma: no cover
        n = hands.shape[1]
        for i in range(hands.shape[0]):
            out[i] = mexican(hands[i], n)

    @loop
    def razz_high_rows(hands: Any, out: Any) -> None:  # pragma: no cover
        n = hands.shape[1]
        for i in range(hands.shape[0]):
            out[i] = razz_high(hands[i], n)

    @loop
    def two_card_high_rows(hands: Any, out: Any) -> None:  # pragma: no cover
        n = hands.shape[1]
        for i in range(hands.shape[0]):
            out[i] = two_card_high(hands[i], n)

    @loop
    def two_card_a5_rows(hands: Any, out: Any) -> None:  # pragma: no cover
        n = hands.shape[1]
        for i in range(hands.shape[0]):
            out[i] = two_card_a5(hands[i], n)

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
        _loops()[function](np.ascontiguousarray(hands, dtype=np.int64), out)
    return out


@cache
def _rank_only_table(function: str) -> Int64Array:
    """The strength of every rank multiset of at most eight cards (rows of
    :func:`~studkit.evaluation.tables.multiset_index`) under a rank-only ranking function."""
    from studkit.evaluation.tables import multiset_index

    ms = multiset_index()
    table = np.zeros(len(ms), dtype=np.int64)
    for size in range(1, int(ms.sizes.max()) + 1):
        rows = np.flatnonzero(ms.sizes == size)
        counts = ms.counts[rows].astype(np.int64)
        hands = np.zeros((len(rows), size), dtype=np.int64)
        column = np.zeros(len(rows), dtype=np.int64)
        for rank in range(13):
            for copy in range(4):
                has = np.flatnonzero(counts[:, rank] > copy)
                hands[has, column[has]] = rank * 4 + copy
                column[has] += 1
        table[rows] = row_strengths(function, hands)
    table.flags.writeable = False
    return table


def rank_only_strengths(function: str, hands: npt.NDArray[np.integer[Any]]) -> Int64Array:
    """Strengths of every row of ``hands`` (card indexes 0-51) under a rank-only ranking
    function (:data:`RANK_ONLY`), by its multiset table."""
    from studkit.evaluation.batch import VALUES
    from studkit.evaluation.tables import RANK_MASK, multiset_index

    total = VALUES[hands[:, 0]].copy()
    for column in range(1, hands.shape[1]):
        total += VALUES[hands[:, column]]
    found: Int64Array = _rank_only_table(function)[multiset_index().index(total & RANK_MASK)]
    return found
