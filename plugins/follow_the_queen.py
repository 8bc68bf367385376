"""Follow the Queen: the rank of the card dealt face up after a queen is wild.

When a queen is dealt face up, the next card dealt face up names the wild rank, for every
player. A later queen dealt face up cancels it, and the card after that queen names the new
wild rank. A queen dealt face up as the last up card leaves no followed rank. Whether queens
themselves are wild is the option ``queens_wild`` (default true). A face-up community card
counts as a card dealt face up.

The wild cards count for who acts first too: the best showing hand with the wild ranks in
force at the start of each betting round opens it (ties: the first from the dealer's left).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from studkit.cards import Card, Rank
from studkit.engine.events import CommunityEvent, DealEvent, WildEvent
from studkit.hooks.specs import DealEffect, HandView, Holding, hookimpl
from studkit.variant.model import CardFace

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
        if isinstance(event, DealEvent) and event.up and event.card is not None:
            dealt = event.card
        elif isinstance(event, CommunityEvent):
            dealt = event.card
        else:
            continue
        if not seen and dealt == card:
            seen = True
            continue
        if seen:
            return Card(dealt)
    return None


def rules_sentence(options: Mapping[str, Any]) -> str:
    """What the plugin's rule is, in a sentence for ``studkit show``."""
    queens = (
        "Queens are wild. " if options.get("queens_wild", True) else "Queens are not wild. "
    )
    return (
        queens + "When a queen is dealt face up, the rank of the next card dealt face up is "
        "wild for everyone; a later up queen cancels it and the card after that queen names "
        "the new wild rank (none if no up card follows)."
    )


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

    def table_wild(self, hand: HandView) -> frozenset[Rank]:
        """The ranks wild for everybody now: the last ``wild`` event's, or the static ones;
        plus queens when they are wild."""
        ranks: frozenset[Rank] = frozenset(hand.variant.deck.wild_ranks)
        for event in reversed(hand.events):
            if isinstance(event, WildEvent):
                ranks = frozenset(Rank(r) for r in event.ranks)
                break
        return ranks | self.queens

    @hookimpl
    def studkit_first_actor(self, hand: HandView) -> int | None:
        from studkit.evaluation import WildCards, get_showing_evaluator

        deck = hand.variant.deck
        wild = WildCards(
            ranks=frozenset(int(r) for r in self.table_wild(hand)), jokers=deck.joker_mode,
            five_of_a_kind=deck.five_of_a_kind,
        )
        evaluate = get_showing_evaluator(hand.variant.action_order.evaluator, wild).evaluate
        best, leader = -1, None
        for step in range(hand.n):
            seat = (hand.button + 1 + step) % hand.n
            if hand.folded[seat]:
                continue
            board = [*hand.up[seat], *hand.community]
            value = evaluate(board) if board else 0
            if value > best:
                best, leader = value, seat
        return leader

    @hookimpl
    def studkit_wild_ranks(
        self, holding: Holding, table_wild: frozenset[Rank]
    ) -> frozenset[Rank] | None:
        return table_wild | self.queens if self.queens else None
