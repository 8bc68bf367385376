"""Tournament stakes: the rooms that write a tournament hand's stakes nowhere (iPoker,
Merge) show them only through the posts and bets the hand reached, so a hand takes the
bring-in, small and big bet it does not show from the file's other hands at the same ante
(one level of the tournament).

>>> from decimal import Decimal as D
>>> from studkit.history.rooms.room_hand import Acted
>>> sizes: dict[str, D] = {}
>>> note_size(sizes, Acted("Ann", "complete", D(60)), 3)
>>> note_size(sizes, Acted("Bob", "bet", D(120)), 5)
>>> sizes
{'small_bet': Decimal('60'), 'big_bet': Decimal('120')}
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from studkit.history.rooms.room_hand import Acted, Posted, RoomHand, RoomHistoryError

__all__ = ["note_size", "with_levels"]


def note_size(sizes: dict[str, Decimal], acted: Acted, street: int) -> None:
    """Note the stake a full completion or an opening bet shows: a small bet on third or
    fourth street, a big bet later (the first one seen wins: a fourth-street bet may be
    big after an open pair, so a third-street completion comes first)."""
    if acted.verb in ("complete", "bet") and acted.to is not None and not acted.all_in:
        sizes.setdefault("small_bet" if street < 5 else "big_bet", acted.to)


def with_levels(
    hands: list[RoomHand | RoomHistoryError], source: str
) -> list[RoomHand | RoomHistoryError]:
    """Tournament hands state no stakes and show only those their betting reached: a
    hand takes the bring-in, small and big bet it does not show from the file's other
    hands at the same ante (one level of the tournament)."""
    levels: dict[Decimal, dict[str, Decimal]] = {}
    for hand in hands:
        if isinstance(hand, RoomHand):
            level = levels.setdefault(hand.ante, {})
            for key, value in _stakes_shown(hand).items():
                level.setdefault(key, value)
    result: list[RoomHand | RoomHistoryError] = []
    for hand in hands:
        if isinstance(hand, RoomHand):
            shown = _stakes_shown(hand)
            stakes = {**levels.get(hand.ante, {}), **shown}
            missing = [key for key in ("bring_in", "small_bet", "big_bet") if key not in stakes]
            if missing:
                hand = RoomHistoryError(
                    source,
                    hand.line,
                    f"hand {hand.hand} shows no {', '.join(missing)} and no other hand at "
                    f"ante {hand.ante} does",
                )
            elif len(shown) < 3:
                taken = ", ".join(key for key in stakes if key not in shown)
                hand = replace(
                    hand,
                    bring_in=stakes["bring_in"],
                    small_bet=stakes["small_bet"],
                    big_bet=stakes["big_bet"],
                    warnings=(
                        *hand.warnings,
                        f"{taken} taken from the file's other hands at ante {hand.ante}",
                    ),
                )
        result.append(hand)
    return result


def _stakes_shown(hand: RoomHand) -> dict[str, Decimal]:
    """The stakes a hand's own posts and bets show (a bring-in posted all in does not)."""
    shown = {
        "bring_in": next(
            (
                event.amount
                for event in hand.events
                if isinstance(event, Posted) and event.kind == "bring-in" and not event.all_in
            ),
            Decimal(0),
        ),
        "small_bet": hand.small_bet,
        "big_bet": hand.big_bet,
    }
    return {key: value for key, value in shown.items() if value}
