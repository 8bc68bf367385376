"""Scripted hands for the plugin and stud-family scenario tests: a deck order that gives each
seat chosen cards, a passive decision rule, and a loop that plays a hand to its end."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from studkit.cards import Card, parse_cards, standard_deck
from studkit.engine import Action, Hand
from studkit.variant.model import Variant

__all__ = ["Decide", "deal_order", "passive", "play"]

Decide = Callable[[Hand, list[Action]], Action]
"""A decision rule: the hand and its legal actions in, the action to take out."""


def deal_order(variant: Variant, seats: Sequence[str]) -> list[Card]:
    """A deck order giving each seat its cards (in deal order) when nobody folds; burns and
    any later card come from the cards nobody was given, in deck order."""
    hands = [parse_cards(text) for text in seats]
    used = {c for cards in hands for c in cards}
    spare = [c for c in standard_deck() if c not in used]
    order: list[Card] = []
    index = 0
    for street in variant.streets:
        if street.burn:
            order.append(spare.pop(0))
        for _ in street.cards:
            order.extend(cards[index] for cards in hands)
            index += 1
    return order + spare


def passive(hand: Hand, actions: list[Action]) -> Action:
    """Bring in, check or call; for plugin decisions the first choice offered."""
    for kind in ("bring-in", "check", "call"):
        for action in actions:
            if action.kind == kind:
                return action
    return actions[0]


def play(hand: Hand, decide: Decide = passive) -> Hand:
    while not hand.is_over:
        hand.apply(decide(hand, hand.legal_actions()))
    return hand
