"""Numpy batch evaluation: many hands of k cards as one (n, k) array of card indexes.

The per-card values of :mod:`studkit.evaluation.tables` are summed column by column; the rank
part of the sum indexes the rank-multiset table through two small offset tables, and the few
hands holding five or more cards of one suit take the flush table (or, for lows where flushes
count, the best of their five-card subsets). Rows are processed in chunks that fit the caches.
Hands with wild cards go through the same table logic as the per-call path.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np
import numpy.typing as npt

from studkit.errors import EvaluatorError
from studkit.evaluation.rankings import Ranking
from studkit.evaluation.tables import (
    CARD_VALUES,
    FLUSH_BITS,
    MAX_CARDS,
    RANK_MASK,
    SUIT_START,
    flush_table,
    multiset_index,
    rank_strengths,
)

if TYPE_CHECKING:
    from studkit.evaluation.wild import WildCards
    from studkit.evaluation.wildtables import WildLayout


class Ranks(Protocol):
    """What a batch reads of an evaluator (:class:`studkit.evaluation.Evaluator`): its
    ranking and its wild cards."""

    @property
    def ranking(self) -> Ranking:
        """The hand ranking it evaluates by."""
        ...

    @property
    def wild(self) -> WildCards | None:
        """Its wild cards, if any."""
        ...

__all__ = [
    "evaluate_batch", "plain_strengths", "suit_bits", "validate_hands", "CHUNK_ROWS", "VALUES",
]

Int64Array = npt.NDArray[np.int64]
CardArray = npt.NDArray[np.integer[Any]]

CHUNK_ROWS = 1 << 15
"""Rows evaluated per numpy pass (keeps the working set in cache)."""

VALUES = np.array(CARD_VALUES, dtype=np.int64)
SUIT_BITS = np.array([1 << (13 * (i & 3) + (i >> 2)) for i in range(52)], dtype=np.int64)
VALUES.flags.writeable = SUIT_BITS.flags.writeable = False  # tables: read, never written


_CARD_BIT = np.left_shift(np.int64(1), np.arange(54, dtype=np.int64))
"""One distinct bit per card index (jokers 52 and 53 included)."""
_CARD_BIT.flags.writeable = False


def repeated_card_rows(array: CardArray) -> Int64Array:
    """The rows of a (valid) batch in which a card index appears more than once.

    Each card is one bit: the bits' sum equals their OR exactly when no bit repeats.
    """
    first = _CARD_BIT[array[:, 0]]
    union = first.copy()
    total = first
    for column in range(1, array.shape[1]):
        bit = _CARD_BIT[array[:, column]]
        union |= bit
        total = total + bit
    rows: Int64Array = np.flatnonzero(union != total).astype(np.int64)
    return rows


def validate_hands(hands: npt.ArrayLike, *, jokers: bool, distinct: bool = False) -> CardArray:
    """Check a batch: a 2-D integer array of 1 to 8 columns of card indexes.

    With ``distinct`` every row must also hold each card at most once (a check that costs about
    as much as the evaluation itself, so it is asked for, not done by default).
    """
    array = np.asarray(hands)
    if array.ndim != 2:
        raise EvaluatorError(f"a batch of hands is a 2-D array (n, k), got shape {array.shape}")
    if array.shape[0] and not np.issubdtype(array.dtype, np.integer):
        raise EvaluatorError(f"card indexes must be integers, got dtype {array.dtype}")
    if not 1 <= array.shape[1] <= MAX_CARDS:
        raise EvaluatorError(f"a hand holds 1 to {MAX_CARDS} cards, got {array.shape[1]} columns")
    top = 53 if jokers else 51
    if array.size and (array.min() < 0 or array.max() > top):
        bad = array[(array < 0) | (array > top)][0]
        what = "a joker needs an evaluator with wild cards" if 52 <= bad <= 53 else "bad index"
        raise EvaluatorError(f"card index {int(bad)} out of range 0-{top} in batch ({what})")
    if distinct and array.size:
        repeated = repeated_card_rows(array)
        if repeated.size:
            row = int(repeated[0])
            raise EvaluatorError(
                f"row {row} of the batch holds a card twice: {array[row].tolist()} "
                f"({repeated.size} such row{'s' if repeated.size > 1 else ''})"
            )
    return array


def _rank_sums(hands: CardArray) -> Int64Array:
    total = VALUES[hands[:, 0]]
    for column in range(1, hands.shape[1]):
        total += VALUES[hands[:, column]]
    return total


def suit_bits(hands: CardArray, table: Int64Array | None = None) -> Int64Array:
    """One bit per card, 13 per suit: the suited ranks of each hand (``table``: card bits)."""
    table = SUIT_BITS if table is None else table
    bits = table[hands[:, 0]]
    for column in range(1, hands.shape[1]):
        bits |= table[hands[:, column]]
    return bits


def plain_strengths(
    ranking: Ranking,
    total: Int64Array,
    suited_bits: Callable[[Int64Array], Int64Array],
    suited_hands: Callable[[Int64Array], CardArray],
) -> Int64Array:
    """Strengths from card-value sums of hands without wild cards.

    ``suited_bits(rows)`` gives the suit bits of the rows holding five or more cards of a suit
    (high); ``suited_hands(rows)`` their cards (lows where flushes count).
    """
    table = rank_strengths(ranking.name)
    strengths = table[multiset_index().index(total & RANK_MASK)]
    if not ranking.straights:
        return strengths
    suited = np.flatnonzero((total + SUIT_START) & FLUSH_BITS)
    if not len(suited):
        return strengths
    flushes = flush_table(ranking.name)
    if ranking.low:
        sub = suited_hands(suited)
        best = np.zeros(len(sub), dtype=np.int64)
        for five in combinations(range(sub.shape[1]), 5):
            best = np.maximum(best, _five_low(sub[:, list(five)], table, flushes))
        strengths[suited] = best
        return strengths
    bits = suited_bits(suited)
    best = strengths[suited]
    for suit in range(4):
        best = np.maximum(best, flushes[(bits >> (13 * suit)) & 0x1FFF])
    strengths[suited] = best
    return strengths


def _five_low(five: CardArray, table: Int64Array, flushes: Int64Array) -> Int64Array:
    """Exact strengths of five-card hands for lows where flushes count."""
    total = _rank_sums(five)
    strengths = table[multiset_index().index(total & RANK_MASK)]
    suited = np.flatnonzero((total + SUIT_START) & FLUSH_BITS)
    if len(suited):
        bits = suit_bits(five[suited])
        best = np.zeros(len(suited), dtype=np.int64)
        for suit in range(4):
            best = np.maximum(best, flushes[(bits >> (13 * suit)) & 0x1FFF])
        strengths[suited] = best
    return strengths


def evaluate_batch(
    evaluator: Ranks, hands: npt.ArrayLike, *, check_distinct: bool = False
) -> Int64Array:
    """Strengths of every row of ``hands`` (see :meth:`Evaluator.evaluate_batch`)."""
    array = validate_hands(hands, jokers=evaluator.wild is not None, distinct=check_distinct)
    n = array.shape[0]
    out = np.empty(n, dtype=np.int64)
    if n == 0:
        return out
    try:
        if evaluator.wild is not None:
            return _wild_batch(evaluator, array, out)
        return _plain_batch(evaluator, array, out)
    except IndexError:  # only an impossible rank multiset (a repeated card) leaves the tables
        bad = repeated_card_rows(array)
        where = f"row {int(bad[0])} holds a card twice: {array[bad[0]].tolist()}" if bad.size \
            else "a row is not a possible hand"
        raise EvaluatorError(f"batch {where}") from None


def _plain_batch(
    evaluator: Ranks, hands: CardArray, out: Int64Array | None = None
) -> Int64Array:
    ranking = evaluator.ranking
    if out is None:
        out = np.empty(hands.shape[0], dtype=np.int64)
    for start in range(0, hands.shape[0], CHUNK_ROWS):
        chunk = hands[start : start + CHUNK_ROWS]
        out[start : start + len(chunk)] = _chunk_strengths(ranking, chunk)
    return out


def _chunk_strengths(ranking: Ranking, chunk: CardArray) -> Int64Array:
    def bits(rows: Int64Array) -> Int64Array:
        return suit_bits(chunk[rows])

    def cards(rows: Int64Array) -> CardArray:
        return chunk[rows]

    return plain_strengths(ranking, _rank_sums(chunk), bits, cards)


def _wild_batch(
    evaluator: Ranks, hands: CardArray, out: Int64Array
) -> Int64Array:
    from studkit.evaluation.wildtables import card_suit_bits, card_values, wild_layout

    wild = evaluator.wild
    assert wild is not None
    ranking = evaluator.ranking
    bug = wild.jokers == "bug" and not ranking.low
    layout = wild_layout(ranking.name, wild.five_of_a_kind, bug)
    values = card_values(wild.ranks, bug)
    bits_table = card_suit_bits(wild.ranks)
    for start in range(0, hands.shape[0], CHUNK_ROWS):
        chunk = hands[start : start + CHUNK_ROWS]
        out[start : start + len(chunk)] = _wild_chunk(ranking, layout, chunk, values, bits_table)
    return out


def _wild_chunk(
    ranking: Ranking,
    layout: WildLayout,
    chunk: CardArray,
    values: Int64Array,
    bits_table: Int64Array,
) -> Int64Array:
    from studkit.evaluation.wildtables import wild_strengths

    total = values[chunk].sum(axis=1)

    def bits(rows: Int64Array) -> Int64Array:
        return suit_bits(chunk[rows], bits_table)

    def plain(rows: Int64Array) -> Int64Array:
        return _chunk_strengths(ranking, chunk[rows])

    return wild_strengths(layout, total, bits, plain)
