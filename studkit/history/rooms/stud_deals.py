"""The cards a stud street deals each player, as a room's history shows them: which of the
listed cards are down and which up, and how the cards a player shows at the end fill in
the deals the history left blank (rooms that print only their user's cards), and which
players went to the showdown without the history ever showing their cards.

Seven-card stud, stud hi-lo and razz deal alike: two down and one up on third street, one
up on each of fourth to sixth, one down on the river.

>>> from studkit.history.rooms.room_text import room_cards
>>> dealt("Ann", 3, room_cards("[Ah 4h 4d]"))
Dealt(name='Ann', street=3, down=(Ah, 4h), up=(4d,))
>>> unseen("Bob", 3), unseen("Bob", 4)
(Dealt(name='Bob', street=3, down=(None, None), up=()), Dealt(name='Bob', street=4, down=(), up=()))
>>> filled = fill_in((unseen("Bob", 3), unseen("Bob", 4)), {"Bob": room_cards("[2c 3c 4c 5c]")})
>>> filled[0].down, filled[0].up, filled[1].up
((2c, 3c), (4c,), (5c,))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType

from studkit.cards import Card
from studkit.errors import HistoryError
from studkit.history.rooms.room_hand import Collected, Dealt, Mucked, RoomEvent, Shown

__all__ = ["STUD_DEAL", "dealt", "unseen", "fill_in", "unshown"]

STUD_DEAL: Mapping[int, tuple[bool, ...]] = MappingProxyType(
    {3: (False, False, True), 4: (True,), 5: (True,), 6: (True,), 7: (False,)}
)
"""Each street's cards in the order they are dealt: ``True`` for a card dealt up."""


def dealt(name: str, street: int, cards: Sequence[Card | None]) -> Dealt:
    """The deal of ``cards`` (in the order the room lists them) to ``name`` on ``street``;
    a :class:`~studkit.errors.HistoryError` when the street deals another number."""
    pattern = STUD_DEAL.get(street)
    if pattern is None or len(cards) != len(pattern):
        raise HistoryError(
            f"expected {len(pattern or ())} cards for {name!r} on street {street}, got {len(cards)}"
        )
    up = tuple(card for card, is_up in zip(cards, pattern, strict=True) if is_up)
    if None in up:
        raise HistoryError(f"an up card of {name!r} on street {street} is not shown")
    return Dealt(
        name,
        street,
        tuple(card for card, is_up in zip(cards, pattern, strict=True) if not is_up),
        tuple(card for card in up if card is not None),
    )


def unseen(name: str, street: int) -> Dealt:
    """A deal the history does not show: its down cards unknown, its up cards left out."""
    return Dealt(name, street, (None,) * STUD_DEAL[street].count(False), ())


def fill_in(
    events: Iterable[RoomEvent], shown: Mapping[str, Sequence[Card | None]]
) -> tuple[RoomEvent, ...]:
    """``events`` with each deal to a player in ``shown`` completed from the cards that
    player showed (listed in the order dealt), where the list covers every card dealt to
    them and agrees with the cards the deals already show."""
    events = tuple(events)
    deals: dict[str, list[int]] = {}
    for index, event in enumerate(events):
        if isinstance(event, Dealt):
            deals.setdefault(event.name, []).append(index)
    result = list(events)
    for name, cards in shown.items():
        indexes = deals.get(name, [])
        streets = [_as_dealt(events[index]).street for index in indexes]
        if sum(len(STUD_DEAL[street]) for street in streets) != len(cards):
            continue
        position = 0
        filled: list[Dealt] = []
        for street in streets:
            size = len(STUD_DEAL[street])
            filled.append(dealt(name, street, cards[position : position + size]))
            position += size
        if all(_agrees(_as_dealt(events[i]), new) for i, new in zip(indexes, filled, strict=True)):
            for index, new in zip(indexes, filled, strict=True):
                result[index] = new
    return tuple(result)


def unshown(live: Iterable[str], events: Iterable[RoomEvent]) -> tuple[Mucked, ...]:
    """The players still in at the end (``live``, in order) who neither showed, mucked nor
    won, when two or more were still in: the history printing no cards for them, they gave
    the pot up unseen.

    >>> from decimal import Decimal
    >>> unshown(["Ann", "Bob", "Cy"], [Shown("Ann", ()), Collected("Ann", Decimal(1))])
    (Mucked(name='Bob', cards=None), Mucked(name='Cy', cards=None))
    """
    live, events = list(live), list(events)
    if len(live) < 2:
        return ()
    told = {event.name for event in events if isinstance(event, Shown | Mucked | Collected)}
    return tuple(Mucked(name) for name in live if name not in told)


def _as_dealt(event: RoomEvent) -> Dealt:
    assert isinstance(event, Dealt)
    return event


def _agrees(old: Dealt, new: Dealt) -> bool:
    known = zip(old.down, new.down, strict=False)
    return all(a is None or a == b for a, b in known) and (not old.up or old.up == new.up)
