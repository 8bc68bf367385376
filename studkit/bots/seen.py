"""The few facts the shipped bots read from a seat's view of the hand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from studkit.cards import Card
from studkit.engine.jokers import bugs_as_aces
from studkit.variant.model import Variant

__all__ = ["Seen", "seen"]


@dataclass(frozen=True, slots=True)
class Seen:
    """What one seat knows, reduced to what the bots use."""

    variant: Variant
    seat: int
    cards: tuple[Card, ...]
    """The seat's own cards (down ones, then up ones) plus any community card."""
    down: tuple[Card, ...]
    up: tuple[Card, ...]
    opponents_up: tuple[tuple[Card, ...], ...]
    """Up cards of each opponent still in the hand."""
    dead: tuple[Card, ...]
    """Up cards of players who folded."""
    community: tuple[Card, ...]
    to_come: int
    """Cards the seat will still be dealt if it stays to the end."""
    first_street: bool
    to_call: int
    pot: int
    my_bet: int
    """Chips the seat has already bet on this street."""
    evaluators: tuple[str, ...]
    """The pot shares' evaluator names."""
    raises: int
    """Bets, completions and raises so far on this street."""


def seen(view: Any, variant: Variant) -> Seen:
    """Extract the bots' facts from ``Hand.view(seat)`` (a :class:`SeatView`)."""
    seat: int = view.seat
    down = tuple(view.down_cards)
    up_all = view.up_cards
    folded = view.folded
    community = tuple(getattr(view, "community", ()))
    deck, events = variant.deck, view.events
    opponents = tuple(
        bugs_as_aces(up_all[s], deck, events) for s in range(len(up_all))
        if s != seat and not folded[s]
    )
    dead = tuple(c for s in range(len(up_all)) if s != seat and folded[s] for c in up_all[s])
    up = bugs_as_aces(up_all[seat], deck, events)  # a joker dealt face up: the bug
    have = len(down) + len(up)
    return Seen(
        variant=variant,
        seat=seat,
        cards=down + up + community,
        down=down,
        up=up,
        opponents_up=opponents,
        dead=dead,
        community=community,
        to_come=max(0, variant.max_cards_per_player + variant.board_cards - have - len(community)),
        first_street=view.street == variant.streets[variant.first_betting_street].name,
        to_call=int(view.to_call),
        pot=int(view.pot),
        my_bet=int(view.bets[seat]),
        evaluators=tuple(share.evaluator for share in variant.pots),
        raises=_raises_this_street(view.events),
    )


_AGGRESSIVE = frozenset(("complete", "bet", "raise"))


def _raises_this_street(events: Any) -> int:
    count = 0
    for event in reversed(events):
        kind = event.kind
        if kind == "street":
            break
        if kind in _AGGRESSIVE:
            count += 1
    return count
