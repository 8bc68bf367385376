"""The built-in evaluators' lookup tables as the arrays that lookup.c indexes (the batch kernel
ranks its hands with them).

The kernel ranks hands exactly as :class:`studkit.evaluation.Evaluator` does: the sum of the
cards' packed values (:data:`~studkit.evaluation.tables.CARD_VALUES`) names a rank multiset,
whose strength is one array lookup (through the dense :class:`MultisetIndex`), and a suit
with five or more cards is looked up in the ranking's flush table.

The tables are int32 (every strength is below 2**31): half the cache lines of int64 for the
lookup that misses the caches most. The multiset index is a row of the rank tables itself,
so one array holds all that a hand's rank lookup reads.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from studkit.evaluation.rankings import RANKINGS
from studkit.evaluation.tables import CARD_VALUES, flush_table, multiset_index, rank_strengths

__all__ = ["EvalTables", "eval_tables", "EVALUATORS", "MODE_RANKS", "MODE_HIGH",
           "MODE_LOW_FLUSH"]

EVALUATORS: tuple[str, ...] = ("high", "a5-low", "eight-or-better", "2-7-low", "a6-low")
"""The built-in evaluators with kernel tables, in the order of their rows (their ids)."""
BY_HI = 5**7
"""Where the high ranks' part of the multiset index starts in its row (lookup.h's
SK_BY_HI)."""

Int64Array = npt.NDArray[np.int64]
Int32Array = npt.NDArray[np.int32]

_NOWHERE = -(1 << 30)
"""The index entries of rank keys no hand of at most eight cards has (never read; their sums
stay negative and inside int32)."""

MODE_RANKS = 0
"""No straights or flushes: the rank table alone (a5-low, eight-or-better)."""
MODE_HIGH = 1
"""High hands: the better of the rank table and the flush table."""
MODE_LOW_FLUSH = 2
"""Lows that count straights and flushes: the best five that dodges a flush."""


@dataclass(frozen=True)
class EvalTables:
    """Every built-in evaluator's tables, one row per :data:`EVALUATORS` id (rows of
    evaluators not in use are left empty)."""

    values: Int64Array
    """Each natural card's packed value."""
    modes: Int64Array
    """Each evaluator's use of the flush table (``MODE_*``)."""
    by_row: Int32Array
    """The strength of each multiset row, one row per evaluator; row :attr:`index_row` is
    the multiset index (the low ranks' offsets from 0, the high ranks' from ``BY_HI``)."""
    flush: Int32Array
    index_row: int


def eval_tables(names: Iterable[str]) -> EvalTables:
    """The tables with the rows of the evaluators ``names`` filled in."""
    ms = multiset_index()
    count = len(EVALUATORS)
    width = max(len(ms), BY_HI + len(ms.hi_index))
    by_row = np.zeros((count + 1, width), dtype=np.int32)
    flush = np.zeros((count, 1 << 13), dtype=np.int32)
    modes = np.zeros(count, dtype=np.int64)
    for name in set(names):
        row = EVALUATORS.index(name)
        ranking = RANKINGS[name]
        by_row[row] = rank_strengths(name)
        if ranking.straights:
            flush[row] = flush_table(name)
            modes[row] = MODE_LOW_FLUSH if ranking.low else MODE_HIGH
    by_row[count, : len(ms.lo_offset)] = np.maximum(ms.lo_offset, _NOWHERE)
    by_row[count, BY_HI : BY_HI + len(ms.hi_index)] = np.maximum(ms.hi_index, _NOWHERE)
    values = np.array(CARD_VALUES, dtype=np.int64)
    return EvalTables(values=values, modes=modes, by_row=by_row, flush=flush, index_row=count)
