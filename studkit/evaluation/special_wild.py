"""Wild cards in the special rankings: each wild card tried as every card it may stand for.

A wild card (a joker, or a card of a wild rank) becomes any card the hand does not hold
naturally; the bug (a joker with ``jokers: bug``) becomes an ace, or any card when the hand it
makes is a straight, a flush or a straight flush (high rankings; in the others it is fully
wild, as the built-in lows have it). With ``five_of_a_kind``, wild cards that fill a fifth
card of a rank make five of a kind, the best category. Hands hold at most two wild cards in
practice; each more multiplies the work by about fifty.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from studkit.evaluation.rankings import CATEGORY_SHIFT

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from studkit.evaluation.wild import WildCards

__all__ = ["wild_strength", "wild_batch", "compiled_wild"]

_STRAIGHT_OR_FLUSH = frozenset({"straight", "flush", "straight-flush"})

JOKERS_WILD = 1
JOKERS_BUG = 2
"""How the compiled search plays the jokers (special_wild.h's SK_SPECIAL_JOKERS_*)."""


def compiled_wild(
    names: dict[int, str], wild: WildCards, high_like: bool
) -> tuple[int, int, int, int]:
    """:func:`wild_strength`'s setting as the compiled search reads it (special_wild.h): the
    wild ranks a bit each; how the jokers play; the categories in which the bug stands for
    any card, a bit each; the five-of-a-kind category (0: none)."""
    five = 0
    if high_like and wild.five_of_a_kind:
        five = next((number for number, name in names.items() if name == "five-of-a-kind"), 0)
    return (
        sum(1 << rank for rank in wild.ranks),
        JOKERS_BUG if wild.jokers == "bug" and high_like else JOKERS_WILD,
        sum(1 << number for number, name in names.items() if name in _STRAIGHT_OR_FLUSH),
        five,
    )


def wild_strength(
    plain: Callable[[Sequence[int]], int],
    cards: list[int],
    wild: WildCards,
    high_like: bool,
    five_kind: int,
    names: dict[int, str] | None = None,
) -> int:
    """The best strength ``plain`` gives the hand with its wild cards replaced."""
    naturals = [c for c in cards if c < 52 and c >> 2 not in wild.ranks]
    wilds = [c for c in cards if c >= 52 or c >> 2 in wild.ranks]
    if not wilds:
        return plain(naturals)
    bugs = sum(1 for c in wilds if c >= 52 and wild.jokers == "bug" and high_like)
    if high_like and five_kind and wild.five_of_a_kind and wilds:
        counts = [0] * 13
        for c in naturals:
            counts[c >> 2] += 1
        fully = len(wilds) - bugs
        for rank in range(12, -1, -1):
            aces_from_bugs = bugs if rank == 12 else 0
            if counts[rank] + fully + aces_from_bugs >= 5:
                return (five_kind << CATEGORY_SHIFT) | ((rank + 1) << 16)
    held = set(naturals)
    free = [c for c in range(52) if c not in held]
    best = 0
    chosen: list[int] = []

    def search(index: int) -> None:
        nonlocal best
        if index == len(wilds):
            value = plain(naturals + chosen)
            if value > best:
                is_bug = [c >= 52 and wild.jokers == "bug" and high_like for c in wilds]
                if any(bug and card >> 2 != 12 for bug, card in zip(is_bug, chosen, strict=True)):
                    if names is None or names.get(value >> CATEGORY_SHIFT) not in (
                        _STRAIGHT_OR_FLUSH
                    ):
                        return
                best = value
            return
        for card in free:
            if card in chosen:
                continue
            chosen.append(card)
            search(index + 1)
            chosen.pop()

    search(0)
    return best


def wild_batch(
    plain_batch: Callable[[npt.NDArray[np.int64]], npt.NDArray[np.int64]],
    one_by_one: Callable[[list[int]], int],
    hands: npt.NDArray[np.int64],
    wild: WildCards,
    high_like: bool,
    five_kind: int,
    names: dict[int, str],
) -> npt.NDArray[np.int64]:
    """:func:`wild_strength` of every row of ``hands``: rows without a wild card by
    ``plain_batch``; rows with one, by trying each card in the wild card's place as one
    batch per card; rows with more, one by one."""
    import numpy as np

    wild_card = hands >= 52
    for rank in wild.ranks:
        wild_card |= (hands >> 2) == rank
    count = wild_card.sum(axis=1)
    out = np.zeros(len(hands), dtype=np.int64)
    plain_rows = np.flatnonzero(count == 0)
    if len(plain_rows):
        out[plain_rows] = plain_batch(hands[plain_rows])
    single = np.flatnonzero(count == 1)
    if len(single):
        out[single] = _single_wild(plain_batch, hands[single], wild_card[single], wild,
                                   high_like, five_kind, names)
    for row in np.flatnonzero(count > 1).tolist():
        out[row] = one_by_one(hands[row].tolist())
    return out


def _single_wild(
    plain_batch: Callable[[npt.NDArray[np.int64]], npt.NDArray[np.int64]],
    hands: npt.NDArray[np.int64],
    wild_card: npt.NDArray[np.bool_],
    wild: WildCards,
    high_like: bool,
    five_kind: int,
    names: dict[int, str],
) -> npt.NDArray[np.int64]:
    import numpy as np

    column = np.argmax(wild_card, axis=1)
    rows = np.arange(len(hands))
    is_bug = (hands[rows, column] >= 52) & (wild.jokers == "bug") & high_like
    best = np.zeros(len(hands), dtype=np.int64)
    loose = [n for n, name in names.items() if name in _STRAIGHT_OR_FLUSH]
    trial = hands.copy()
    for card in range(52):
        held = ((hands == card) & ~wild_card).any(axis=1)  # the natural cards only
        trial[rows, column] = card
        value = plain_batch(trial)
        if card >> 2 != 12:
            allowed = ~is_bug | np.isin(value >> CATEGORY_SHIFT, loose)
            value = np.where(allowed, value, 0)
        best = np.maximum(best, np.where(held, 0, value))
    if high_like and five_kind and wild.five_of_a_kind:
        naturals = np.where(wild_card, -1, hands >> 2)
        for rank in range(13):
            has = (naturals == rank).sum(axis=1)
            fills = np.ones(len(hands), dtype=np.int64) if rank == 12 else np.where(is_bug, 0, 1)
            five = (has + fills) >= 5
            five_value = (five_kind << CATEGORY_SHIFT) | ((rank + 1) << 16)
            best = np.where(five & (best < five_value), five_value, best)
    return best
