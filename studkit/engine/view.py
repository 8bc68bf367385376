"""What one seat may see of a hand: :class:`SeatView`, built by :meth:`Hand.view`.

Bots and the terminal game read this instead of the hand, so no hidden card leaks: the seat's
own down cards, everyone's up cards (and every card of hands turned up), chips, bets, the pot,
the amount to call and, when it is the seat's turn, the legal actions. Its ``events`` are the
hand's events with other players' down cards hidden (``None``).
"""

from __future__ import annotations

from dataclasses import dataclass

from studkit.cards import Card
from studkit.engine.actions import Action
from studkit.engine.decisions import DecisionKinds
from studkit.engine.events import DealEvent, Event, kind_of
from studkit.engine.reading import HandReading

__all__ = ["SeatView", "seat_view", "visible_seats"]


@dataclass(frozen=True, slots=True)
class SeatView:
    """A hand as one seat sees it."""

    seat: int
    players: int
    button: int
    street: str
    actor: int | None
    is_over: bool
    down_cards: tuple[Card, ...]
    """This seat's own down cards."""
    up_cards: tuple[tuple[Card, ...], ...]
    """Every seat's up cards."""
    shown_cards: tuple[tuple[Card, ...] | None, ...]
    """Every card of each seat whose hand is face up (all-in or shown), else ``None``."""
    community: tuple[Card, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    """Chips each seat has bet on this street."""
    folded: tuple[bool, ...]
    pot: int
    """All chips in, current bets included."""
    to_call: int
    """What this seat needs to call now (0 when it is not its turn)."""
    legal_actions: tuple[Action, ...]
    """This seat's legal actions when it is to act, else empty."""
    payoffs: tuple[int, ...] | None
    """Chips won or lost per seat once the hand is over."""
    events: tuple[Event, ...]


def seat_view(hand: HandReading, seat: int) -> SeatView:
    """Build the :class:`SeatView` of ``seat``."""
    if not 0 <= seat < hand.n:
        raise IndexError(f"no seat {seat}: the hand has seats 0 to {hand.n - 1}")
    visible = visible_seats(hand, seat)
    kinds = hand.decision_kinds if hand.rules.plugins is not None else None
    events = tuple(_seen(event, visible, kinds) for event in hand.events)
    mine = hand.actor == seat
    return SeatView(
        seat=seat,
        players=hand.n,
        button=hand.button,
        street=hand.street_name,
        actor=hand.actor,
        is_over=hand.is_over,
        down_cards=tuple(hand.down[seat]),
        up_cards=tuple(tuple(u) for u in hand.up),
        shown_cards=tuple(
            tuple(hand.cards[s]) if s in visible and s != seat else None for s in range(hand.n)
        ),
        community=tuple(hand.community),
        stacks=tuple(hand.stacks),
        bets=tuple(hand.bets),
        folded=tuple(hand.folded),
        pot=hand.pot,
        to_call=hand.to_call if mine else 0,
        legal_actions=tuple(hand.legal_actions()) if mine else (),
        payoffs=tuple(hand.payoffs) if hand.is_over else None,
        events=events,
    )


def visible_seats(hand: HandReading, seat: int) -> set[int]:
    """The seats whose every card ``seat`` may see: its own, hands turned up once betting
    closed on all-ins, and the hands shown at the showdown."""
    visible = set(hand.shown) if hand.is_over else set()
    if hand.exposed:
        visible.update(s for s in range(hand.n) if not hand.folded[s])
    visible.add(seat)
    return visible


def _seen(event: Event, visible: set[int], kinds: DecisionKinds | None) -> Event:
    """``event`` as a seat that sees the hands of ``visible`` seats sees it: another seat's
    down card is ``None``; a plugin decision's event as its kind shows it
    (:meth:`~studkit.engine.decisions.DecisionKind.seen`: a card traded away face down)."""
    if isinstance(event, DealEvent):
        if not event.up and event.seat not in visible:
            return event._replace(card=None)
        return event
    kind = kinds.by_name.get(kind_of(event)) if kinds is not None else None
    if kind is not None:
        return kind.seen(event, getattr(event, "seat", None) in visible)
    return event
