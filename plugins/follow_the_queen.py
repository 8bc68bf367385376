"""Follow the Queen: the rank of the card dealt face up after a queen is wild.

When a queen is dealt face up, the next card dealt face up names the wild rank, for every
player. A later queen dealt face up cancels it, and the card after that queen names the new
wild rank. A queen dealt face up as the last up card leaves no followed rank. Whether queens
themselves are wild is the option ``queens_wild`` (default true). A face-up community card
counts as a card dealt face up.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from studkit.cards import Card, Rank
from studkit.hookspecs import DealEffect, HandView, Holding, hookimpl
from studkit.variant import CardFace

OPTIONS_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "properties": {
        "queens_wild": {
            "type": "boolean",
            "default": True,
            "description": "Whether queens are wild too (house rule).",
        },
    },
    "additionalProperties": False,
}

_NO_FOLLOWER = DealEffect(wild_ranks=())


def previous_up_card(events: Sequence[tuple[Any, ...]], card: Card) -> Card | None:
    """The card dealt face up (to a player or the table) just before ``card``."""
    seen = False
    for event in reversed(events):
        kind = event[0]
        if kind == "deal" and event[3] or kind == "community":
            dealt = event[2] if kind == "deal" else event[1]
            if not seen and dealt == card:
                seen = True
                continue
            if seen:
                return Card(dealt)
    return None


class Plugin:
    """Changes the wild rank as up cards fall; adds queens to every player's wild ranks."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.queens = frozenset([Rank.QUEEN]) if options.get("queens_wild", True) else frozenset()

    @hookimpl
    def studkit_card_dealt(
        self, hand: HandView, card: Card, face: CardFace
    ) -> DealEffect | None:
        if face != "up" or card.is_joker:
            return None
        if card.rank == Rank.QUEEN:
            return _NO_FOLLOWER
        before = previous_up_card(hand.events, card)
        if before is not None and not before.is_joker and before.rank == Rank.QUEEN:
            return DealEffect(wild_ranks=(card.rank,))
        return None

    @hookimpl
    def studkit_wild_ranks(
        self, holding: Holding, table_wild: frozenset[Rank]
    ) -> frozenset[Rank] | None:
        return table_wild | self.queens if self.queens else None
