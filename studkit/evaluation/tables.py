"""Lookup tables behind the evaluators, built with numpy in a fraction of a second.

**Card values** are :mod:`studkit.evaluation.packing`'s: the sum of a hand's card values packs
its rank multiset, its card counts and its suit counts.

**Tables.** For every multiset of at most eight ranks (each at most four times: 196,210 of
them) the strength of its best five cards, without flushes; for every 13-bit set of suited
ranks the best flush or straight flush; and, for wild cards, the same with ``w`` wilds added.
Hands of six to eight cards take the best of their one-card-smaller sub-multisets, so each
table is a few vectorized passes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from studkit.evaluation.packing import (
    BUG_SHIFT,
    CARD_VALUES,
    COUNT_SHIFT,
    FLUSH_BITS,
    KEY_MASK,
    LO_BITS,
    MAX_CARDS,
    RANK_MASK,
    RANK_WEIGHTS,
    SUIT_SHIFT,
    SUIT_START,
    WILD_SHIFT,
)
from studkit.evaluation.rankings import CATEGORY_SHIFT, RANKINGS, Ranking, high_style_values

__all__ = [
    "MAX_CARDS",
    "KEY_MASK",
    "RANK_MASK",
    "COUNT_SHIFT",
    "WILD_SHIFT",
    "BUG_SHIFT",
    "SUIT_SHIFT",
    "SUIT_START",
    "FLUSH_BITS",
    "RANK_WEIGHTS",
    "CARD_VALUES",
    "MultisetIndex",
    "multiset_index",
    "RankTables",
    "rank_strengths",
    "rank_tables",
    "flush_table",
    "wild_tables",
    "wild_flush_tables",
    "straight_fill_tables",
]

Int64Array = npt.NDArray[np.int64]


def _count_vectors(ranks: int) -> npt.NDArray[np.int8]:
    """All vectors of ``ranks`` counts, each 0-4, with total at most MAX_CARDS."""
    grid = np.indices((5,) * ranks).reshape(ranks, -1).T.astype(np.int8)
    # np.indices varies the last axis fastest; put rank 0 in the fastest-varying place so the
    # row number equals the base-5 key.
    grid = grid[:, ::-1]
    return grid


@dataclass(frozen=True)
class MultisetIndex:
    """Every rank multiset of at most eight cards, with a dense index for numpy lookups.

    ``index(keys)`` maps rank keys (bits 0-30 of a card-value sum) to row numbers.
    """

    counts: npt.NDArray[np.int8]
    sizes: Int64Array
    keys: Int64Array
    lo_offset: Int64Array
    hi_index: Int64Array

    def index(self, keys: Int64Array) -> Int64Array:
        """Row numbers of rank keys (vectorized)."""
        rows: Int64Array = self.lo_offset[keys & ((1 << LO_BITS) - 1)]
        rows = rows + self.hi_index[keys >> LO_BITS]
        return rows

    def __len__(self) -> int:
        return len(self.keys)


@cache
def multiset_index() -> MultisetIndex:
    """The shared multiset index (built once, about 20 ms)."""
    lo = _count_vectors(7)
    hi = _count_vectors(6)
    lo_size = lo.sum(axis=1, dtype=np.int64)
    hi_size = hi.sum(axis=1, dtype=np.int64)
    lo_keys = np.arange(len(lo), dtype=np.int64)
    hi_keys = np.arange(len(hi), dtype=np.int64)
    keep_lo = np.flatnonzero(lo_size <= MAX_CARDS)
    keep_hi = np.flatnonzero(hi_size <= MAX_CARDS)
    hi_order = keep_hi[np.lexsort((hi_keys[keep_hi], hi_size[keep_hi]))]
    hi_index = np.full(len(hi), -(1 << 40), dtype=np.int64)
    hi_index[hi_order] = np.arange(len(hi_order))
    upto = np.searchsorted(hi_size[hi_order], np.arange(MAX_CARDS + 1), side="right")
    blocks = upto[MAX_CARDS - lo_size[keep_lo]]
    starts = np.concatenate(([0], np.cumsum(blocks)[:-1]))
    lo_offset = np.full(len(lo), -(1 << 40), dtype=np.int64)
    lo_offset[keep_lo] = starts
    total = int(blocks.sum())
    lo_rows = np.repeat(keep_lo, blocks)
    hi_pos = np.arange(total) - np.repeat(starts, blocks)
    hi_rows = hi_order[hi_pos]
    counts = np.concatenate((lo[lo_rows], hi[hi_rows]), axis=1)
    keys = lo_keys[lo_rows] + (hi_keys[hi_rows] << LO_BITS)
    sizes = lo_size[lo_rows] + hi_size[hi_rows]
    return MultisetIndex(counts, sizes, keys, lo_offset, hi_index)


WEIGHTS_ARRAY = np.array(RANK_WEIGHTS, dtype=np.int64)
WEIGHTS_ARRAY.flags.writeable = False


def _best_of_smaller(
    table: Int64Array, ms: MultisetIndex, rows: Int64Array, *, grow: bool = False
) -> Int64Array:
    """For each row: max over ranks r of ``table`` at the multiset minus (or plus) one r."""
    best = np.zeros(len(rows), dtype=np.int64)
    counts = ms.counts[rows]
    keys = ms.keys[rows]
    for rank in range(13):
        if grow:
            ok = np.flatnonzero(counts[:, rank] < 4)
            other = ms.index(keys[ok] + WEIGHTS_ARRAY[rank])
        else:
            ok = np.flatnonzero(counts[:, rank] > 0)
            other = ms.index(keys[ok] - WEIGHTS_ARRAY[rank])
        best[ok] = np.maximum(best[ok], table[other])
    return best


@dataclass(frozen=True)
class RankTables:
    """One ranking's rank-multiset table: array by row, dict by packed key."""

    ranking: Ranking
    by_row: Int64Array
    by_key: dict[int, int]


def _base_strengths(ranking: Ranking, ms: MultisetIndex) -> Int64Array:
    """Strengths of every multiset of at most eight ranks (best five, no flushes)."""
    table = np.zeros(len(ms), dtype=np.int64)
    small = np.flatnonzero(ms.sizes <= 5)
    values = high_style_values(ms.counts[small], ranking)
    strengths = ranking.strengths_from_values(values)
    if ranking.qualify_top is not None:
        hcat = values >> CATEGORY_SHIFT
        top = ((values >> 16) & 15) - 1
        qualifies = (ms.sizes[small] == 5) & (hcat == 1) & (top <= ranking.qualify_top)
        strengths = np.where(qualifies, strengths, 0)
    table[small] = strengths
    for size in range(6, MAX_CARDS + 1):
        rows = np.flatnonzero(ms.sizes == size)
        table[rows] = _best_of_smaller(table, ms, rows)
    return table


@cache
def rank_strengths(name: str) -> Int64Array:
    """The strength of every row of :func:`multiset_index` in a built-in ranking (the array
    alone, for numpy and the batch kernel; built on first use)."""
    return _base_strengths(RANKINGS[name], multiset_index())


@cache
def rank_tables(name: str) -> RankTables:
    """The rank-multiset table of a built-in ranking (built on first use)."""
    ranking = RANKINGS[name]
    ms = multiset_index()
    table = rank_strengths(name)
    real = np.flatnonzero(ms.sizes > 0)
    dict_keys = ms.keys[real] + (ms.sizes[real] << COUNT_SHIFT)
    by_key = dict(zip(dict_keys.tolist(), table[real].tolist(), strict=True))
    return RankTables(ranking, table, by_key)


def _mask_counts(masks: Int64Array) -> npt.NDArray[np.int8]:
    """Rank-count rows (N, 13) of 13-bit rank masks."""
    return ((masks[:, None] >> np.arange(13)) & 1).astype(np.int8)


@cache
def flush_table(name: str) -> Int64Array:
    """For each 13-bit set of suited ranks: the best flush or straight flush strength, else 0.

    Sets of six or more ranks take their best five (the way a seven-card hand plays a flush).
    """
    ranking = RANKINGS[name]
    masks = np.arange(1 << 13, dtype=np.int64)
    bits = _mask_counts(masks).sum(axis=1)
    table = np.zeros(1 << 13, dtype=np.int64)
    five = np.flatnonzero(bits == 5)
    values = high_style_values(_mask_counts(masks[five]), ranking, flush=True)
    table[five] = ranking.strengths_from_values(values)
    for size in range(6, 14):
        rows = np.flatnonzero(bits == size)
        best = np.zeros(len(rows), dtype=np.int64)
        for rank in range(13):
            has = (rows >> rank) & 1 == 1
            best = np.where(has, np.maximum(best, table[rows & ~(1 << rank)]), best)
        table[rows] = best
    return table


@cache
def wild_tables(name: str) -> tuple[Int64Array, ...]:
    """``tables[w][row]``: best strength of a multiset plus ``w`` fully wild cards, no flushes.

    A wild card becomes any rank of which the hand holds fewer than four; five of a kind
    (when allowed) is added by :class:`~studkit.evaluation.wildtables.WildLayout`.
    """
    ms = multiset_index()
    tables = [rank_strengths(name)]
    for wilds in range(1, MAX_CARDS + 1):
        table = np.zeros(len(ms), dtype=np.int64)
        rows = np.flatnonzero(ms.sizes + wilds <= MAX_CARDS)
        table[rows] = _best_of_smaller(tables[-1], ms, rows, grow=True)
        tables.append(table)
    return tuple(tables)


@cache
def wild_flush_tables(name: str) -> tuple[Int64Array, ...]:
    """``tables[w][mask]``: best flush or straight flush of suited ranks plus ``w`` fillers."""
    tables = [flush_table(name)]
    masks = np.arange(1 << 13, dtype=np.int64)
    for _ in range(MAX_CARDS):
        previous = tables[-1]
        best = np.zeros(1 << 13, dtype=np.int64)
        for rank in range(13):
            free = (masks >> rank) & 1 == 0
            best = np.where(free, np.maximum(best, previous[masks | (1 << rank)]), best)
        tables.append(best)
    return tuple(tables)


@cache
def straight_fill_tables(name: str) -> tuple[Int64Array, ...]:
    """``tables[f][mask]``: best straight (unsuited) of ranks ``mask`` plus ``f`` fillers, else 0.

    Used for the bug, which may complete a straight but not pair.
    """
    ranking = RANKINGS[name]
    masks = np.arange(1 << 13, dtype=np.int64)
    windows: list[tuple[int, int]] = []
    for top in range(4, 13):
        windows.append((0b11111 << (top - 4), top))
    if ranking.wheel:
        windows.append(((1 << 12) | 0b1111, 3))
    tables = []
    for fillers in range(MAX_CARDS + 1):
        best = np.zeros(1 << 13, dtype=np.int64)
        for window, top in windows:
            missing = _mask_counts(window & ~masks)
            fits = missing.sum(axis=1) <= fillers
            value = (5 << CATEGORY_SHIFT) | ((top + 1) << 16)
            best = np.where(fits, np.maximum(best, value), best)
        tables.append(ranking.strengths_from_values(best))
    return tuple(tables)
