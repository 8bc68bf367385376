"""Wild-card tables: one strength per (rank multiset, wild cards, bugs), per call and in numpy.

A hand's natural cards give the rank key; its fully wild cards ``w`` and bugs ``b`` select a
layer of :func:`combined_table`, which already holds the best of: the wild cards as any ranks
(:func:`~studkit.evaluation.tables.wild_tables`), bugs as aces or straight fillers, and five of
a kind when the setting allows it. Flushes (high only) are looked up per suit: natural suited
ranks plus ``w + b`` fillers.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from functools import cache

import numpy as np
import numpy.typing as npt

from studkit.evaluation.packing import (
    BUG_SHIFT,
    CARD_VALUES,
    COUNT_SHIFT,
    LO_BITS,
    MAX_CARDS,
    RANK_MASK,
    RANK_WEIGHTS,
    SUIT_SHIFT,
    SUIT_START,
    WILD_SHIFT,
)
from studkit.evaluation.rankings import CATEGORY_SHIFT, RANKINGS, Ranking
from studkit.evaluation.tables import (
    multiset_index,
    straight_fill_tables,
    wild_flush_tables,
    wild_tables,
)
from studkit.evaluation.wild import WildCards

__all__ = [
    "WildLayout",
    "wild_layout",
    "card_values",
    "card_suit_bits",
    "wild_strengths",
    "make_wild_evaluate",
    "wild_arrays",
]

Int64Array = npt.NDArray[np.int64]
ACE = 12
LO_MASK = (1 << LO_BITS) - 1


def card_values(wild_ranks: frozenset[int], bug: bool) -> Int64Array:
    """Values of the 54 cards: natural cards as usual, wild ranks and jokers in wild fields."""
    values = np.array(list(CARD_VALUES) + [0, 0], dtype=np.int64)
    for rank in wild_ranks:
        values[rank * 4 : rank * 4 + 4] = 1 << WILD_SHIFT
    values[52:] = 1 << (BUG_SHIFT if bug else WILD_SHIFT)
    return values


def card_suit_bits(wild_ranks: frozenset[int]) -> Int64Array:
    """Suit bits of the 54 cards (rank bit in the suit's 13 bits); wild cards have none."""
    bits = np.array([1 << (13 * (i & 3) + (i >> 2)) for i in range(52)] + [0, 0], dtype=np.int64)
    for rank in wild_ranks:
        bits[rank * 4 : rank * 4 + 4] = 0
    return bits


class WildLayout:
    """The combined table of one ranking and wild setting, flat: layer ``w * bugs + b``."""

    def __init__(self, ranking: Ranking, five_of_a_kind: bool, bug: bool) -> None:
        self.ranking = ranking
        self.high = not ranking.low
        self.bugs = 3 if bug and self.high else 1
        ms = multiset_index()
        self.rows = len(ms)
        layers = wild_tables(ranking.name)
        fill = straight_fill_tables(ranking.name) if self.high else ()
        self.flush_fill = np.stack(wild_flush_tables(ranking.name)) if self.high else None
        presence = ((ms.counts > 0).astype(np.int64) << np.arange(13)).sum(axis=1)
        table = np.zeros((MAX_CARDS + 1) * self.bugs * self.rows, dtype=np.int64)
        for wilds in range(MAX_CARDS + 1):
            for bugs in range(self.bugs):
                if wilds + bugs > MAX_CARDS:
                    continue
                fits = np.flatnonzero(ms.sizes + wilds + bugs <= MAX_CARDS)
                if bugs:
                    aces = np.minimum(bugs, 4 - ms.counts[fits, ACE].astype(np.int64))
                    moved = ms.index(ms.keys[fits] + aces * RANK_WEIGHTS[ACE])
                    best = np.maximum(layers[wilds][moved], fill[wilds + bugs][presence[fits]])
                else:
                    best = layers[wilds][fits].copy()
                if five_of_a_kind and self.high and wilds + bugs:
                    for rank in range(13):
                        extra = bugs if rank == ACE else 0
                        five = ms.counts[fits, rank].astype(np.int64) + wilds + extra >= 5
                        value = (10 << CATEGORY_SHIFT) | ((rank + 1) << 16)
                        best = np.where(five, value, best)
                start = (wilds * self.bugs + bugs) * self.rows
                table[start + fits] = best
        self.table = table
        self.lo_offset = ms.lo_offset
        self.hi_index = ms.hi_index
        # Per-call copies: array.array indexing is fast and returns plain ints.
        self.table_list = array("q", table.tobytes())
        self.lo_list = array("q", ms.lo_offset.tobytes())
        self.hi_list = array("q", ms.hi_index.tobytes())

    def layer_start(self, wilds: int, bugs: int) -> int:
        """Offset of the (wilds, bugs) layer in the flat table."""
        return (wilds * self.bugs + bugs) * self.rows


@cache
def wild_layout(name: str, five_of_a_kind: bool, bug: bool) -> WildLayout:
    """The (cached) combined wild table of a built-in ranking."""
    return WildLayout(RANKINGS[name], five_of_a_kind, bug)


def _suit_counts(total: Int64Array) -> list[Int64Array]:
    return [(total >> (SUIT_SHIFT + 4 * suit)) & 15 for suit in range(4)]


def wild_strengths(
    layout: WildLayout,
    total: Int64Array,
    suited_bits: Callable[[Int64Array], Int64Array],
    plain_rows: Callable[[Int64Array], Int64Array],
) -> Int64Array:
    """Strengths from wild card-value sums (no suit-counter offset) of hands of wild evaluators.

    ``suited_bits(rows)`` gives the natural suit bits of rows; ``plain_rows(rows)`` evaluates
    rows holding no wild card exactly (used for lows whose flushes count).
    """
    ms = multiset_index()
    wilds = (total >> WILD_SHIFT) & 15
    bugs = (total >> BUG_SHIFT) & 7
    rank = total & RANK_MASK
    index = ms.index(rank) + (wilds * layout.bugs + bugs) * layout.rows
    strengths: Int64Array = layout.table[index]
    counts = _suit_counts(total)
    fillers = wilds + bugs
    if layout.flush_fill is not None:
        most = np.maximum(np.maximum(counts[0], counts[1]), np.maximum(counts[2], counts[3]))
        rows = np.flatnonzero(most + fillers >= 5)
        if len(rows):
            bits = suited_bits(rows)
            best = strengths[rows]
            fill = fillers[rows]
            for suit in range(4):
                best = np.maximum(best, layout.flush_fill[fill, (bits >> (13 * suit)) & 0x1FFF])
            strengths[rows] = best
    elif layout.ranking.straights:
        most = np.maximum(np.maximum(counts[0], counts[1]), np.maximum(counts[2], counts[3]))
        rows = np.flatnonzero((most >= 5) & (fillers == 0))
        if len(rows):
            strengths[rows] = plain_rows(rows)
    return strengths


def make_wild_evaluate(
    ranking: Ranking,
    wild_ranks: frozenset[int],
    five_of_a_kind: bool,
    bug: bool,
    plain: Callable[[Sequence[int]], int],
) -> Callable[[Sequence[int]], int]:
    """The per-call evaluate function of a ranking with wild cards.

    ``plain`` evaluates hands holding no wild card (and reports bad input).
    """
    layout = wild_layout(ranking.name, five_of_a_kind, bug and not ranking.low)
    values_array = card_values(wild_ranks, bug and not ranking.low)
    values = dict(enumerate(values_array.tolist()))
    value = values.__getitem__
    table = layout.table_list
    lo_offset = layout.lo_list
    hi_index = layout.hi_list
    layers = layout.bugs
    rows = layout.rows
    flush_fill = layout.flush_fill.tolist() if layout.flush_fill is not None else None

    def evaluate(cards: Sequence[int]) -> int:
        try:
            total = sum(map(value, cards), SUIT_START)
        except (KeyError, TypeError):
            return plain(cards)  # raises the plain evaluator's error for the bad card
        wilds = total >> WILD_SHIFT & 15
        bugs = total >> BUG_SHIFT & 7
        if not wilds and not bugs:
            return plain(cards)
        if (total >> COUNT_SHIFT & 15) + wilds + bugs > MAX_CARDS:
            return plain(cards)  # too many cards: the plain evaluator reports it
        rank = total & RANK_MASK
        index = lo_offset[rank & LO_MASK] + hi_index[rank >> LO_BITS]
        best: int = table[(wilds * layers + bugs) * rows + index]
        if flush_fill is not None:
            fillers = wilds + bugs
            for suit in range(4):
                if ((total >> (SUIT_SHIFT + 4 * suit)) & 15) - 3 + fillers >= 5:
                    mask = 0
                    for card in cards:
                        if card & 3 == suit and value(card) >> COUNT_SHIFT & 15:
                            mask |= 1 << (card >> 2)
                    flush: int = flush_fill[fillers][mask]
                    best = max(best, flush)
        return best

    return evaluate


WildArrays = tuple[Int64Array, Int64Array, "Int64Array | None", int]
"""An evaluator's wild-card tables as the batch kernel reads them
(``studkit/evaluation/wild_lookup.h``): the cards' packed values, the combined table, the
flush fills (high rankings) and the layers per wild count."""


def wild_arrays(name: str, wild: WildCards) -> WildArrays:
    """The wild-card tables of the built-in evaluator ``name`` under ``wild``, read as
    :func:`make_wild_evaluate` reads them (a bug plays as the bug in high rankings only)."""
    ranking = RANKINGS[name]
    bug = wild.jokers == "bug" and not ranking.low
    layout = wild_layout(name, wild.five_of_a_kind, bug)
    fill = (None if layout.flush_fill is None
            else np.ascontiguousarray(layout.flush_fill, dtype=np.int64))
    return card_values(wild.ranks, bug), layout.table, fill, layout.bugs
