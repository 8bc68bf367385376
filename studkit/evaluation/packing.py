"""The card values the evaluators sum: one integer per card, with no numpy needed.

Every card maps to one integer; the sum over a hand packs everything the evaluators need (bit
positions below):

* bits 0-16: ``5 ** rank`` for ranks deuce..eight: the counts of those ranks in base 5;
* bits 17-30: ``5 ** (rank - 7)`` for nine..ace, likewise;
* bits 31-34: the number of natural cards; bits 35-38: fully wild cards; bits 39-41: bugs;
* bits 42-57: one 4-bit counter per suit, each started at 3 so that bit 3 of a counter is set
  exactly when that suit holds five or more cards.

The rank part (bits 0-30) identifies the multiset of ranks, so one dict lookup on the low 39
bits gives the best hand of a rank multiset plus its wild cards. For numpy the rank part is
turned into a dense index with two small tables
(:class:`~studkit.evaluation.tables.MultisetIndex`).
"""

from __future__ import annotations

__all__ = [
    "MAX_CARDS",
    "LO_BITS",
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
]

MAX_CARDS = 8
LO_BITS = 17
RANK_MASK = (1 << 31) - 1
COUNT_SHIFT = 31
WILD_SHIFT = 35
BUG_SHIFT = 39
SUIT_SHIFT = 42
KEY_MASK = (1 << BUG_SHIFT) - 1
SUIT_START = sum(3 << (SUIT_SHIFT + 4 * suit) for suit in range(4))
FLUSH_BITS = sum(8 << (SUIT_SHIFT + 4 * suit) for suit in range(4))

RANK_WEIGHTS: tuple[int, ...] = tuple(
    5**rank if rank < 7 else (5 ** (rank - 7)) << LO_BITS for rank in range(13)
)
"""The rank part each rank adds to a card's value."""

CARD_VALUES: tuple[int, ...] = tuple(
    RANK_WEIGHTS[index >> 2] + (1 << COUNT_SHIFT) + (1 << (SUIT_SHIFT + 4 * (index & 3)))
    for index in range(52)
)
"""The packed value of each of the 52 natural cards (jokers have none)."""
