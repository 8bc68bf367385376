"""Follow the Queen (or the King): the rank of the card dealt face up after a trigger is wild.

When a card of the ``trigger`` rank (default ``Q``; ``K`` for Follow the King) is dealt face
up, the next card dealt face up names the wild rank, for every player. A later trigger dealt
face up cancels it, and the card after that trigger names the new wild rank. A trigger dealt
face up as the last up card leaves no followed rank; a follower that is itself a trigger is
another trigger. Down cards never trigger or follow. Whether the trigger rank itself is wild
is the option ``trigger_is_wild`` (default true). A face-up community card counts as a card
dealt face up.

The wild cards count for who acts first too: the best showing hand with the wild ranks in
force at the start of each betting round opens it (ties: the first from the dealer's left).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from studkit.cards import Card, Rank
from studkit.engine.events import CommunityEvent, DealEvent, WildEvent
from studkit.hooks.kernel_rules import FollowedWildRule
from studkit.hooks.specs import DealEffect, HandView, Holding, hookimpl
from studkit.variant.model import CardFace, Variant

_RANK_NAMES: Mapping[str, Rank] = {
    "2": Rank.TWO, "3": Rank.THREE, "4": Rank.FOUR, "5": Rank.FIVE, "6": Rank.SIX,
    "7": Rank.SEVEN, "8": Rank.EIGHT, "9": Rank.NINE, "T": Rank.TEN, "J": Rank.JACK,
    "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE,
}
_WORDS: Mapping[str, str] = {
    "2": "deuce", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
    "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace",
}

EQUITY_NOTE = (
    "the followed wild rank is not applied: it depends on the order of up cards still to "
    "come, so the figures rank the hands with only the file's static wild cards"
)
"""Why ``studkit equity`` leaves the follow rule out (printed with its note)."""

OPTIONS_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "properties": {
        "trigger": {
            "enum": list(_RANK_NAMES),
            "default": "Q",
            "description": "The rank whose face-up cards make the next up card's rank wild.",
        },
        "trigger_is_wild": {
            "type": "boolean",
            "default": True,
            "description": "Whether the trigger rank is wild too (house rule).",
        },
    },
    "additionalProperties": False,
}

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
    word = _WORDS[options.get("trigger", "Q")]
    plural = word + ("es" if word == "six" else "s")
    wild = "are wild" if options.get("trigger_is_wild", True) else "are not wild"
    return (
        f"{plural.capitalize()} {wild}. When a {word} is dealt face up, the rank of the next "
        f"card dealt face up is wild for everyone; a later up {word} cancels it and the card "
        f"after that {word} names the new wild rank (none if no up card follows)."
    )


class Plugin:
    """Changes the wild rank as up cards fall; adds the trigger rank to every player's wild
    ranks when it is wild."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.trigger: Rank = _RANK_NAMES[options.get("trigger", "Q")]
        self.trigger_wild = (
            frozenset([self.trigger]) if options.get("trigger_is_wild", True) else frozenset()
        )

    @hookimpl
    def studkit_kernel_rule(self, variant: Variant) -> FollowedWildRule:
        """The follow rule as data for the batch kernel."""
        return FollowedWildRule(int(self.trigger), bool(self.trigger_wild))

    @hookimpl
    def studkit_card_dealt(
        self, hand: HandView, card: Card, face: CardFace
    ) -> DealEffect | None:
        if face != "up" or card.is_joker:
            return None
        # the table's wild ranks from now on, the trigger's too where it is wild (the wild
        # event lists every rank wild for the table)
        if card.rank == self.trigger:
            return DealEffect(wild_ranks=tuple(self.trigger_wild))  # no follower yet
        before = previous_up_card(hand.events, card)
        if before is not None and not before.is_joker and before.rank == self.trigger:
            return DealEffect(wild_ranks=(card.rank, *self.trigger_wild))
        return None

    def table_wild(self, hand: HandView) -> frozenset[Rank]:
        """The ranks wild for everybody now: the last ``wild`` event's, or the static ones;
        plus the trigger rank when it is wild."""
        ranks: frozenset[Rank] = frozenset(hand.variant.deck.wild_ranks)
        for event in reversed(hand.events):
            if isinstance(event, WildEvent):
                ranks = frozenset(Rank(r) for r in event.ranks)
                break
        return ranks | self.trigger_wild

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
        return table_wild | self.trigger_wild if self.trigger_wild else None
