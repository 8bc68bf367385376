"""What the readers of several rooms share once a hand's lines are read: the cards of a
bracket that must show them, the seventh-street card a room deals face down without listing
it, a winner's "mucks" that concedes nothing, and the bring-in of a hand in which nobody
posted it.

>>> known_cards("[Kd 7c]")
(Kd, 7c)
>>> events = [Mucked("Ann"), Collected("Ann", Decimal(3)), Mucked("Bob")]
>>> finish_events(events, (), {}, {"Bob": ()})
(Collected(name='Ann', amount=Decimal('3'), pot=None), Mucked(name='Bob', cards=()))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from decimal import Decimal

from studkit.cards import Card
from studkit.errors import HistoryError
from studkit.history.rooms.room_hand import (
    Acted,
    Collected,
    Dealt,
    Mucked,
    Posted,
    RoomEvent,
    RoomHand,
    RoomHistoryError,
    RoomSeat,
)
from studkit.history.rooms.room_text import room_cards
from studkit.history.rooms.stud_deals import unseen

__all__ = ["known_cards", "finish_events", "fill_bring_ins", "dealt_in"]


def known_cards(listed: str) -> tuple[Card, ...]:
    """The cards of a bracket that must show every card (an up card, a shown hand); a
    :class:`~studkit.errors.HistoryError` quoting it when one is not shown."""
    cards = room_cards(listed)
    known = tuple(card for card in cards if card is not None)
    if len(known) != len(cards) or not known:
        raise HistoryError(f"expected cards shown face up, got {listed!r}")
    return known


def dealt_in(listed: Sequence[RoomSeat], events: Sequence[RoomEvent]) -> tuple[RoomSeat, ...]:
    """The seats of a hand's listing that played it: dealt a card or posted a forced bet (a
    room lists players sitting out too)."""
    playing = {event.name for event in events if isinstance(event, Dealt | Posted)}
    return tuple(seat for seat in listed if seat.name in playing)


def finish_events(
    events: Sequence[RoomEvent],
    seats: Sequence[RoomSeat],
    streets: Mapping[int, int],
    shown_mucks: Mapping[str, tuple[Card, ...]],
) -> tuple[RoomEvent, ...]:
    """The hand's events, finished the same way for every room:

    - on each muck, the cards the room printed for it elsewhere (``shown_mucks``, by name;
      a player with cards there but no muck line gets a muck at the end);
    - no muck for a winner who did not show (rooms write "mucks" or "does not show cards"
      when a player takes an uncontested pot: he concedes nothing);
    - on each street dealt (``streets`` maps it to the index of its first event), a deal
      nobody saw (:func:`~studkit.history.rooms.stud_deals.unseen`) to each player still in
      whom the room does not deal to there (rooms list only their viewer's river card, some
      no card at all), the street's deals in seat order.
    """
    winners = {event.name for event in events if isinstance(event, Collected)}
    mucks = dict(shown_mucks)
    starts = {start: street for street, start in sorted(streets.items())}
    order = {seat.name: index for index, seat in enumerate(seats)}
    finished: list[RoomEvent] = []
    position = 0
    while True:
        if position in starts:
            deals, position = _street_deals(events, seats, starts.pop(position), position)
            in_seat_order: list[Dealt] = sorted(
                deals, key=lambda deal: order.get(deal.name, len(order))
            )
            finished.extend(in_seat_order)
            continue
        if position >= len(events):
            break
        event = events[position]
        position += 1
        if isinstance(event, Mucked):
            if event.name in winners and event.name not in mucks:
                continue
            event = Mucked(event.name, mucks.pop(event.name, event.cards))
        finished.append(event)
    finished.extend(Mucked(name, cards) for name, cards in mucks.items())
    return tuple(finished)


def _street_deals(
    events: Sequence[RoomEvent], seats: Sequence[RoomSeat], street: int, start: int
) -> tuple[list[Dealt], int]:
    """The deals of ``street`` (the room's, from ``start`` on, and an unseen one to each
    player still in whom the room does not deal to) and the index after the room's."""
    end = start
    while end < len(events):
        event = events[end]
        if not isinstance(event, Dealt) or event.street != street:
            break  # the next street's deals (no betting between them after all-ins)
        end += 1
    listed = [event for event in events[start:end] if isinstance(event, Dealt)]
    folded = {e.name for e in events[:start] if isinstance(e, Acted) and e.verb == "fold"}
    named = {deal.name for deal in listed}
    missing = [
        unseen(seat.name, street)
        for seat in seats
        if seat.name not in folded and seat.name not in named
    ]
    return listed + missing, end


def fill_bring_ins(
    results: Sequence[RoomHand | RoomHistoryError],
) -> list[RoomHand | RoomHistoryError]:
    """The hands of one file, each hand in which nobody posted a full bring-in (the player
    due to bring in completed instead, or was all in, or nobody acted) given the bring-in
    another hand of the file at the same stakes posted, else the amount brought in all in,
    else the ante (or half the small bet), which no action of such a hand depends on; these
    two with a warning saying so."""
    posted: dict[tuple[Decimal, Decimal, Decimal], Decimal] = {}
    for hand in results:
        if isinstance(hand, RoomHand) and _full_bring_in(hand) is not None:
            posted.setdefault(_stakes(hand), hand.bring_in)
    filled: list[RoomHand | RoomHistoryError] = []
    for hand in results:
        if isinstance(hand, RoomHand) and _full_bring_in(hand) is None:
            if _stakes(hand) in posted:
                hand = dataclasses.replace(hand, bring_in=posted[_stakes(hand)])
            else:
                if hand.bring_in:
                    bring_in, note = hand.bring_in, "the amount brought in all in"
                else:
                    bring_in = hand.ante or hand.small_bet / 2
                    note = f"{bring_in}, on which no action of the hand depends"
                warning = f"hand {hand.hand} states no full bring-in: it is taken as {note}"
                hand = dataclasses.replace(
                    hand, bring_in=bring_in, warnings=(*hand.warnings, warning)
                )
        filled.append(hand)
    return filled


def _full_bring_in(hand: RoomHand) -> Decimal | None:
    for event in hand.events:
        if isinstance(event, Posted) and event.kind == "bring-in" and not event.all_in:
            return event.amount
    return None


def _stakes(hand: RoomHand) -> tuple[Decimal, Decimal, Decimal]:
    return (hand.ante, hand.small_bet, hand.big_bet)
