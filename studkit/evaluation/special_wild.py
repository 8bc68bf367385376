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
    from studkit.evaluation.wild import WildCards

__all__ = ["wild_strength"]

_STRAIGHT_OR_FLUSH = frozenset({"straight", "flush", "straight-flush"})


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
