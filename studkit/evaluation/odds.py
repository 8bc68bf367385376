"""Exact category frequencies: every hand of K cards from a deck, enumerated, never sampled.

The K cards of a hand are its lowest ``K - 5`` deck positions (the *prefix*, looped over in
Python) followed by five higher ones (the *suffix*). All five-card suffixes are built once, in
lexicographic order, with their card-value sums and suit bits; the suffixes whose first card
lies above a prefix form a contiguous tail of that list, so each prefix adds its own sums to a
tail slice and counts categories with ``np.bincount``. Seven cards from 52: 1,326 prefixes,
133,784,560 hands.

>>> from studkit.evaluation import get_evaluator
>>> table = category_counts(get_evaluator("high"), 5)
>>> table.total, table.categories["four-of-a-kind"]
(2598960, 624)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from studkit.errors import EvaluatorError
from studkit.evaluation import (
    AnyEvaluator,
    Evaluator,
    SpecialEvaluator,
    get_evaluator,
    get_table_evaluator,
)
from studkit.evaluation.batch import plain_strengths, suit_bits
from studkit.evaluation.rankings import CATEGORY_SHIFT
from studkit.evaluation.wild import WildCards

__all__ = [
    "OddsTable",
    "category_counts",
    "combinations_array",
    "odds_for_evaluators",
    "MIN_CARDS",
    "MAX_CARDS",
]

MIN_CARDS = 5
MAX_CARDS = 8
SUFFIX = 5

Int64Array = npt.NDArray[np.int64]
IntpArray = npt.NDArray[np.intp]
CardArray = npt.NDArray[np.integer[Any]]
"""Card indexes (or deck positions) in any integer type."""


@dataclass(frozen=True)
class OddsTable:
    """Exact counts of each category over every ``cards``-card hand of a deck."""

    evaluator: str
    cards: int
    total: int
    categories: dict[str, int]
    wild: str | None = None
    deck_size: int = 52

    def probability(self, category: str) -> float:
        """The chance that a random hand falls in ``category``."""
        return self.categories[category] / self.total

    def odds_against(self, category: str) -> float | None:
        """Odds against the category as ``x`` in "x to 1" (None when it never happens)."""
        count = self.categories[category]
        return None if count == 0 else (self.total - count) / count

    def as_json(self) -> dict[str, object]:
        """The ``--json`` shape: evaluator, cards, total and categories (best first)."""
        return {
            "evaluator": self.evaluator,
            "cards": self.cards,
            "total": self.total,
            "categories": dict(self.categories),
        }


@lru_cache(maxsize=4)
def combinations_array(n: int, k: int) -> npt.NDArray[np.integer[Any]]:
    """All k-subsets of ``range(n)`` in lexicographic order, one per row (like itertools).

    The result is cached and read-only, in the smallest integer type that holds ``n - 1``
    (int8 for a deck): all five-card subsets of 54 cards take 16 MB.
    """
    dtype = np.min_scalar_type(max(n - 1, 0))
    rows = _combinations(n, k).astype(dtype)
    rows.flags.writeable = False
    return rows


def _combinations(n: int, k: int) -> IntpArray:
    if k == 0:
        return np.zeros((1, 0), dtype=np.intp)
    rows = np.arange(n, dtype=np.intp)[:, None]
    for _ in range(1, k):
        last = rows[:, -1]
        extend = n - 1 - last
        repeated = np.repeat(rows, extend, axis=0)
        starts = np.repeat(last + 1, extend)
        offsets = np.arange(len(repeated)) - np.repeat(np.cumsum(extend) - extend, extend)
        rows = np.concatenate((repeated, (starts + offsets)[:, None]), axis=1)
    return rows


def category_counts(
    evaluator: AnyEvaluator,
    cards: int,
    *,
    deck: Sequence[int] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> OddsTable:
    """Count every category over all ``cards``-card hands of ``deck`` (52 cards by default).

    ``cards`` is 5 to 8 (1 to 8 for the special evaluators: badugi, the two-card hands, ...).
    ``progress(done, total)`` is called after each prefix.
    """
    if isinstance(evaluator, SpecialEvaluator):
        return _special_counts(evaluator, cards, deck=deck, progress=progress)
    if not MIN_CARDS <= cards <= MAX_CARDS:
        raise EvaluatorError(f"odds are for hands of {MIN_CARDS} to {MAX_CARDS} cards, not {cards}")
    positions = np.array(deck if deck is not None else range(52), dtype=np.intp)
    if len(positions) and not 0 <= positions.min() <= positions.max() <= 53:
        raise EvaluatorError("a deck holds card indexes 0-51 and jokers 52-53")
    if len(set(positions.tolist())) != len(positions):
        raise EvaluatorError("the deck holds a card twice")
    if evaluator.wild is None and (positions >= 52).any():
        raise EvaluatorError("a deck with jokers needs an evaluator with wild cards")
    size = len(positions)
    if size < cards:
        raise EvaluatorError(f"a deck of {size} cards has no {cards}-card hands")
    prefix_size = cards - SUFFIX
    suffix = combinations_array(size, SUFFIX)
    suffix_cards = positions.astype(np.int8)[suffix]
    values, card_bits = _card_tables(evaluator)
    suffix_sums = values[suffix_cards].sum(axis=1)
    suffix_bits = suit_bits(suffix_cards, card_bits)
    firsts = suffix[:, 0]
    counts = np.zeros(64, dtype=np.int64)
    prefixes = combinations_array(size, prefix_size) if prefix_size else np.zeros((1, 0), np.intp)
    prefixes = prefixes[prefixes[:, -1] < size - SUFFIX] if prefix_size else prefixes
    strengths_of = _strengths_function(evaluator)
    for done, prefix in enumerate(prefixes.tolist(), start=1):
        start = int(np.searchsorted(firsts, prefix[-1] + 1)) if prefix else 0
        prefix_cards = positions[prefix]
        total = suffix_sums[start:] + int(values[prefix_cards].sum())
        tail_cards = suffix_cards[start:]
        prefix_bits = int(card_bits[prefix_cards].sum())
        strengths = strengths_of(
            total,
            _tail_bits(suffix_bits[start:], prefix_bits),
            _tail_hands(tail_cards, prefix_cards),
        )
        counts += np.bincount(strengths >> CATEGORY_SHIFT, minlength=64)[:64]
        if progress is not None:
            progress(done, len(prefixes))
    return _table(evaluator, cards, counts, size)


def _tail_bits(tail: Int64Array, extra: int) -> Callable[[Int64Array], Int64Array]:
    def bits(rows: Int64Array) -> Int64Array:
        return tail[rows] | extra

    return bits


def _tail_hands(tail: CardArray, head: CardArray) -> Callable[[Int64Array], CardArray]:
    def hands(rows: Int64Array) -> CardArray:
        sub = tail[rows]
        return np.concatenate((np.broadcast_to(head, (len(sub), len(head))), sub), axis=1)

    return hands


def _card_tables(evaluator: Evaluator) -> tuple[Int64Array, Int64Array]:
    """Values and suit bits of the 54 cards for this evaluator (wild cards: no suit bits)."""
    from studkit.evaluation.wildtables import card_suit_bits, card_values

    wild = evaluator.wild
    if wild is None:
        return card_values(frozenset(), False), card_suit_bits(frozenset())
    bug = wild.jokers == "bug" and not evaluator.ranking.low
    return card_values(wild.ranks, bug), card_suit_bits(wild.ranks)


Strengths = Callable[
    [Int64Array, Callable[[Int64Array], Int64Array], Callable[[Int64Array], CardArray]],
    Int64Array,
]


def _strengths_function(evaluator: Evaluator) -> Strengths:
    ranking = evaluator.ranking

    def plain(
        total: Int64Array,
        bits: Callable[[Int64Array], Int64Array],
        hands: Callable[[Int64Array], CardArray],
    ) -> Int64Array:
        return plain_strengths(ranking, total, bits, hands)

    wild = evaluator.wild
    if wild is None:
        return plain
    from studkit.evaluation.wildtables import wild_layout, wild_strengths

    bug = wild.jokers == "bug" and not ranking.low
    layout = wild_layout(ranking.name, wild.five_of_a_kind, bug)
    natural_values = _card_tables(get_table_evaluator(ranking.name))[0]

    def with_wilds(
        total: Int64Array,
        bits: Callable[[Int64Array], Int64Array],
        hands: Callable[[Int64Array], CardArray],
    ) -> Int64Array:
        def exact(rows: Int64Array) -> Int64Array:
            cards = hands(rows)
            return plain_strengths(
                ranking,
                natural_values[cards].sum(axis=1),
                lambda sub: suit_bits(cards[sub]),
                lambda sub: cards[sub],
            )

        return wild_strengths(layout, total, bits, exact)

    return with_wilds


def _table(evaluator: Evaluator, cards: int, counts: Int64Array, deck_size: int) -> OddsTable:
    categories: dict[str, int] = {name: 0 for name in evaluator.categories}
    for number in np.flatnonzero(counts):
        name = evaluator.category(int(number) << CATEGORY_SHIFT) if number else "no-low"
        if name not in categories:
            raise EvaluatorError(f"internal: category {name!r} outside {evaluator.name!r}")
        categories[name] += int(counts[number])
    total = comb(deck_size, cards)
    if sum(categories.values()) != total:
        raise EvaluatorError(
            f"internal: counted {sum(categories.values())} hands, expected {total}"
        )
    wild = None if evaluator.wild is None else str(evaluator.wild)
    return OddsTable(evaluator.name, cards, total, categories, wild, deck_size)


def odds_for_evaluators(
    names: Sequence[str],
    cards: int,
    *,
    wild: WildCards | None = None,
    deck: Sequence[int] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[OddsTable]:
    """Odds tables for several evaluators (a variant's pots), in order, each name once.

    This is the seam ``studkit odds VARIANT`` uses: a variant resolves to the evaluator names of
    its pots and this computes one table per name.
    """
    seen: list[str] = []
    for name in names:
        if name not in seen:
            seen.append(name)
    return [
        category_counts(get_evaluator(name, wild), cards, deck=deck, progress=progress)
        for name in seen
    ]


SPECIAL_MAX_CARDS = 8
_CHUNK = 1 << 18


def _special_counts(
    evaluator: SpecialEvaluator,
    cards: int,
    *,
    deck: Sequence[int] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> OddsTable:
    """Count every category of ``evaluator`` over all ``cards``-card hands of ``deck``."""
    if not 1 <= cards <= SPECIAL_MAX_CARDS:
        raise EvaluatorError(
            f"odds for {evaluator.name!r} are for hands of 1 to {SPECIAL_MAX_CARDS} cards, "
            f"not {cards}"
        )
    positions = np.array(deck if deck is not None else range(52), dtype=np.intp)
    if len(positions) and not 0 <= positions.min() <= positions.max() <= 53:
        raise EvaluatorError("a deck holds card indexes 0-51 and jokers 52-53")
    if len(set(positions.tolist())) != len(positions):
        raise EvaluatorError("the deck holds a card twice")
    if evaluator.wild is None and (positions >= 52).any():
        raise EvaluatorError("a deck with jokers needs an evaluator with wild cards")
    size = len(positions)
    if size < cards:
        raise EvaluatorError(f"a deck of {size} cards has no {cards}-card hands")
    counts = np.zeros(128, dtype=np.int64)
    suffix_size = min(cards, 5)
    prefix_size = cards - suffix_size
    suffix = combinations_array(size, suffix_size)
    suffix_cards = positions.astype(np.int8)[suffix]
    firsts = suffix[:, 0]
    prefixes: npt.NDArray[np.intp]
    if prefix_size:
        prefixes = np.asarray(combinations_array(size, prefix_size), dtype=np.intp)
        prefixes = prefixes[prefixes[:, -1] < size - suffix_size]
    else:
        prefixes = np.zeros((1, 0), dtype=np.intp)
    for done, prefix in enumerate(prefixes.tolist(), start=1):
        start = int(np.searchsorted(firsts, prefix[-1] + 1)) if prefix else 0
        head = positions[prefix].astype(np.int8)
        for at in range(start, len(suffix_cards), _CHUNK):
            tail = suffix_cards[at : at + _CHUNK]
            block = np.concatenate((np.broadcast_to(head, (len(tail), len(head))), tail), axis=1)
            strengths = evaluator.evaluate_batch(block)
            counts += np.bincount(strengths >> CATEGORY_SHIFT, minlength=128)[:128]
        if progress is not None:
            progress(done, len(prefixes))
    names = evaluator.ranking.names
    every = sorted(names, reverse=True)
    categories: dict[str, int] = {}
    listed = set(evaluator.categories)
    for number in every:
        name = names[number]
        if name in listed or counts[number]:
            categories[name] = int(counts[number])
    total = comb(size, cards)
    if sum(categories.values()) != total:
        raise EvaluatorError(
            f"internal: counted {sum(categories.values())} hands, expected {total}"
        )
    wild = None if evaluator.wild is None else str(evaluator.wild)
    return OddsTable(evaluator.name, cards, total, categories, wild, size)
