"""Hand rankings as data: rank order, whether straights and flushes count, category names.

Every ranking first computes a *high-style value* of a hand of at most five cards:
``hcat << 20 | packed``, where ``hcat`` is the high-hand category code (1 high card ... 10 five
of a kind) and ``packed`` holds the ranks of the hand's groups (largest group first, then by
rank), one nibble each from bit 16 down, as ``order + 1`` so that an empty nibble means "no
card". ``order`` is the rank's position in the ranking's own order (ace low or ace high).

A ranking then turns that value into a *strength*, higher always better:
``category_number << 20 | tiebreak``. For high hands the strength is the value itself; for lows
the category number counts from the worst category and the tiebreak is the packed ranks
inverted, so the lowest hand scores highest.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from studkit.cards import RANK_CHARS

if TYPE_CHECKING:  # numpy is imported by the functions that build tables, on first use
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "Ranking",
    "RANKINGS",
    "HIGH_CATEGORY_NAMES",
    "HCAT",
    "CATEGORY_SHIFT",
    "high_style_values",
]

CATEGORY_SHIFT = 20
PACKED_MASK = (1 << CATEGORY_SHIFT) - 1

HIGH_CATEGORY_NAMES: dict[int, str] = {
    1: "high-card",
    2: "one-pair",
    3: "two-pair",
    4: "three-of-a-kind",
    5: "straight",
    6: "flush",
    7: "full-house",
    8: "four-of-a-kind",
    9: "straight-flush",
    10: "five-of-a-kind",
}
"""High-hand category codes (higher is a better high hand) and their names."""

HCAT: dict[str, int] = {name: code for code, name in HIGH_CATEGORY_NAMES.items()}

ACE_LOW_ORDER = (12, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)
"""Ranks (deuce 0 .. ace 12) listed in ace-low order: ace, deuce, ..., king."""

ACE_HIGH_ORDER = tuple(range(13))

_PLURALS = (
    "deuces", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
    "jacks", "queens", "kings", "aces",
)
_SINGULARS = (
    "deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king", "ace",
)


@dataclass(frozen=True)
class Ranking:
    """How one evaluator ranks five cards.

    ``low`` inverts the order (lower hands win); ``straights`` makes straights and flushes
    count; ``wheel`` makes A-2-3-4-5 a five-high straight with the ace high otherwise;
    ``qualify_top`` (eight-or-better) keeps only unpaired lows whose top card is at most that
    rank, every other hand scoring 0; ``min_low_top`` is the best unpaired top card five
    cards can hold (for listing categories).
    """

    name: str
    ace_low: bool
    straights: bool
    wheel: bool
    low: bool
    min_low_top: int = 0
    qualify_top: int | None = None
    order: tuple[int, ...] = field(init=False)
    low_categories: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        order = ACE_LOW_ORDER if self.ace_low else ACE_HIGH_ORDER
        object.__setattr__(self, "order", order)
        tops = tuple(f"{RANK_CHARS[rank]}-low" for rank in order)
        others = tuple(
            HIGH_CATEGORY_NAMES[code]
            for code in range(2, 10)
            if self.straights or code not in (5, 6, 9)
        )
        object.__setattr__(self, "low_categories", tops + others)

    # ----------------------------------------------------------------- strengths
    def category_number(self, name: str) -> int | None:
        """The category number (``strength >> 20``) of a category name, or None."""
        if not self.low:
            return HCAT.get(name)
        if name in self.low_categories:
            return len(self.low_categories) - self.low_categories.index(name)
        return None

    def category_name(self, number: int) -> str:
        """The name of a category number (``strength >> 20``)."""
        if not self.low:
            return HIGH_CATEGORY_NAMES[number]
        return self.low_categories[len(self.low_categories) - number]

    def hand_categories(self, *, five_of_a_kind: bool = False) -> tuple[str, ...]:
        """Every category a hand of five or more cards can fall in, best first."""
        if not self.low:
            first = 10 if five_of_a_kind else 9
            return tuple(HIGH_CATEGORY_NAMES[code] for code in range(first, 0, -1))
        names = self.low_categories
        start = self.min_low_top
        if self.qualify_top is not None:
            return names[start : self.qualify_top + 1] + ("no-low",)
        return names[start:13] + names[13:]

    def strengths_from_values(self, values: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """Turn high-style values into this ranking's strengths (vectorized)."""
        import numpy as np

        if not self.low:
            return values
        hcat = values >> CATEGORY_SHIFT
        packed = values & PACKED_MASK
        top = (packed >> 16) - 1
        position = np.zeros(11, dtype=np.int64)
        for i, name in enumerate(self.low_categories[13:]):
            position[HCAT[name]] = 13 + i
        lowcat = np.where(hcat == 1, top, position[np.clip(hcat, 0, 10)])
        count = len(self.low_categories)
        strengths = ((count - lowcat) << CATEGORY_SHIFT) | (PACKED_MASK - packed)
        return np.where(values > 0, strengths, 0).astype(np.int64)

    def value_of(self, strength: int) -> tuple[int, int]:
        """The high category code and packed ranks behind a strength (strength > 0)."""
        number = strength >> CATEGORY_SHIFT
        if not self.low:
            return number, strength & PACKED_MASK
        packed = PACKED_MASK - (strength & PACKED_MASK)
        name = self.category_name(number)
        return HCAT.get(name, 1), packed

    # ----------------------------------------------------------------- text
    def rank_char(self, order_position: int) -> str:
        """The rank character of a rank's position in this ranking's order."""
        return RANK_CHARS[self.order[order_position]]

    def describe(self, strength: int) -> str:
        """A readable description of a strength (see :meth:`Evaluator.describe`)."""
        if strength <= 0:
            return "no qualifying low" if self.qualify_top is not None else "no hand"
        hcat, packed = self.value_of(strength)
        ranks = [(packed >> shift & 15) - 1 for shift in (16, 12, 8, 4, 0)]
        ranks = [self.order[r] for r in ranks if r >= 0]
        chars = [RANK_CHARS[r] for r in ranks]
        if self.low and hcat == 1:
            return "-".join(chars)
        return _describe_high(hcat, ranks, chars)


def _describe_high(hcat: int, ranks: list[int], chars: list[str]) -> str:
    """Describe a high-style hand from its category and group ranks."""
    first = ranks[0]

    def kickers(rest: list[str], word: str = "kickers") -> str:
        if not rest:
            return ""
        return f", {word if len(rest) > 1 else 'kicker'} {'-'.join(rest)}"

    if hcat == 10:
        return f"Five of a kind, {_PLURALS[first]}"
    if hcat == 9:
        if first == 12:
            return "Royal flush"
        return f"Straight flush, {_SINGULARS[first]} high"
    if hcat == 8:
        return f"Four of a kind, {_PLURALS[first]}{kickers(chars[1:])}"
    if hcat == 7:
        return f"Full house, {_PLURALS[first]} full of {_PLURALS[ranks[1]]}"
    if hcat == 6:
        return f"Flush, {'-'.join(chars)}"
    if hcat == 5:
        return f"Straight, {_SINGULARS[first]} high"
    if hcat == 4:
        return f"Three of a kind, {_PLURALS[first]}{kickers(chars[1:])}"
    if hcat == 3:
        return f"Two pair, {_PLURALS[first]} and {_PLURALS[ranks[1]]}{kickers(chars[2:])}"
    if hcat == 2:
        return f"One pair, {_PLURALS[first]}{kickers(chars[1:])}"
    return f"High card, {'-'.join(chars)}"


def _straight_tops(wheel: bool) -> npt.NDArray[np.int64]:
    """For every 13-bit rank-order mask of five ranks: the straight's top position, or -1."""
    import numpy as np

    tops = np.full(1 << 13, -1, dtype=np.int64)
    for top in range(4, 13):
        tops[0b11111 << (top - 4)] = top
    if wheel:
        tops[(1 << 12) | 0b1111] = 3
    return tops


def high_style_values(
    counts: npt.NDArray[np.int8], ranking: Ranking, *, flush: bool = False
) -> npt.NDArray[np.int64]:
    """High-style values of hands of at most five cards given as rank counts (N, 13).

    ``counts`` columns are ranks deuce..ace; ``flush`` says every hand is suited (only
    meaningful for five distinct ranks). Hands of more than five cards are not handled here.
    """
    import numpy as np

    by_order = counts[:, list(ranking.order)].astype(np.int64)
    n = by_order.sum(axis=1)
    positions = np.arange(13, dtype=np.int64)
    keys = np.where(by_order > 0, by_order * 16 + positions, -1)
    keys = -np.sort(-keys, axis=1)[:, :5]
    valid = keys >= 0
    group_counts = np.where(valid, keys >> 4, 0)
    group_ranks = np.where(valid, (keys & 15) + 1, 0)
    c1, c2 = group_counts[:, 0], group_counts[:, 1]
    hcat = np.select(
        [c1 >= 5, c1 == 4, (c1 == 3) & (c2 >= 2), c1 == 3, (c1 == 2) & (c2 == 2), c1 == 2],
        [10, 8, 7, 4, 3, 2],
        default=1,
    ).astype(np.int64)
    packed = np.zeros(len(counts), dtype=np.int64)
    for i, shift in enumerate((16, 12, 8, 4, 0)):
        packed |= group_ranks[:, i] << shift
    if ranking.straights:
        masks = ((by_order > 0).astype(np.int64) << positions).sum(axis=1)
        tops = _straight_tops(ranking.wheel)[masks]
        straight = (n == 5) & (hcat == 1) & (tops >= 0)
        packed = np.where(straight, (tops + 1) << 16, packed)
        if flush:
            hcat = np.where(straight, 9, np.where(hcat == 1, 6, hcat))
        else:
            hcat = np.where(straight, 5, hcat)
    values = (hcat << CATEGORY_SHIFT) | packed
    return np.where(n > 0, values, 0).astype(np.int64)


RANKINGS: dict[str, Ranking] = {
    "high": Ranking("high", ace_low=False, straights=True, wheel=True, low=False),
    "a5-low": Ranking("a5-low", ace_low=True, straights=False, wheel=False, low=True,
                      min_low_top=4),
    "eight-or-better": Ranking(
        "eight-or-better", ace_low=True, straights=False, wheel=False, low=True,
        min_low_top=4, qualify_top=7,
    ),
    "2-7-low": Ranking("2-7-low", ace_low=False, straights=True, wheel=False, low=True,
                       min_low_top=5),
    "a6-low": Ranking("a6-low", ace_low=True, straights=True, wheel=False, low=True,
                      min_low_top=5),
}
"""The built-in rankings by evaluator name."""
