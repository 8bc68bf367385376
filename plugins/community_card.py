"""Community card: how a street is finished when the deck cannot give every player a card.

With eight players staying to seventh street, seven-card stud needs 56 cards plus burns; the
stub holds one. The policy option says what the dealer does, as the rule books differ:

* ``spec`` (the spec documents): the folded cards are shuffled back and used; if the stub is
  still short, one face-up community card is dealt that every player uses.
* ``tda`` (Poker TDA RP-10-H, WSOP 228): the burned cards are scrambled back first (never the
  muck); if still short, a card is burned and one face-up community card is dealt, and the
  player who acted first on the previous street acts first again.
* ``burns-only`` (South Dakota: live cards with the burns, never the muck): the burned cards
  are scrambled back; if still short, a community card, with the usual first actor (the best
  board).

The options ``reuse_folded``, ``reshuffle_burns`` and ``first_actor`` override one point of
the chosen policy.

The chosen procedure is also the variant's ``deck_exhaustion`` data (see :func:`variant_data`),
so ``studkit show``, ``studkit diff`` and the engine all read the one rule the options say.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, replace
from typing import Any

from studkit.engine.events import ActionEvent, CommunityEvent
from studkit.hooks.kernel_rules import InVariantData
from studkit.hooks.specs import HandView, hookimpl
from studkit.variant.model import DeckExhaustion, Street, Variant

EQUITY_NEUTRAL = True
"""The equity calculator deals community cards itself: it accounts for this rule."""

OPTIONS_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "properties": {
        "policy": {
            "enum": ["spec", "tda", "burns-only"],
            "default": "spec",
            "description": "Which rule book's procedure to follow.",
        },
        "reuse_folded": {
            "type": "boolean",
            "description": "Shuffle the folded cards back in (overrides the policy).",
        },
        "reshuffle_burns": {
            "type": "boolean",
            "description": "Scramble the burned cards back in (overrides the policy).",
        },
        "first_actor": {
            "enum": ["board", "previous-street"],
            "description": "Who acts first after a community card (overrides the policy).",
        },
    },
    "additionalProperties": False,
}

POLICIES: Mapping[str, DeckExhaustion] = {
    "spec": DeckExhaustion(
        community_card=True, reshuffle_burns=False, reuse_folded=True,
        community_first_actor="board",
    ),
    "tda": DeckExhaustion(
        community_card=True, reshuffle_burns=True, reuse_folded=False,
        community_first_actor="previous-street",
    ),
    "burns-only": DeckExhaustion(
        community_card=True, reshuffle_burns=True, reuse_folded=False,
        community_first_actor="board",
    ),
}
"""The procedure of each policy, as deck-exhaustion settings."""

_OVERRIDES = {
    "reuse_folded": "reuse_folded",
    "reshuffle_burns": "reshuffle_burns",
    "first_actor": "community_first_actor",
}


def policy_for(options: Mapping[str, Any]) -> DeckExhaustion:
    """The deck-exhaustion settings the (schema-valid) options choose."""
    policy = POLICIES[options.get("policy", "spec")]
    changes = {field: options[key] for key, field in _OVERRIDES.items() if key in options}
    return replace(policy, **changes)


def variant_data(options: Mapping[str, Any]) -> Mapping[str, Any]:
    """The variant data the options imply: the policy as the ``deck_exhaustion`` block."""
    return {"deck_exhaustion": asdict(policy_for(options))}


def rules_sentence(options: Mapping[str, Any]) -> str:
    """What the plugin's rule is, in a sentence for ``studkit show``."""
    return f"When the deck runs short the dealer follows the {options.get('policy', 'spec')} " \
        "procedure, as 'Deck runs out' says."


class Plugin:
    """Answers :func:`~studkit.hooks.specs.studkit_deck_exhausted` with the chosen policy."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.policy = policy_for(options)

    @hookimpl
    def studkit_deck_exhausted(self, hand: HandView, street: Street) -> DeckExhaustion:
        return self.policy

    @hookimpl
    def studkit_kernel_rule(self, variant: Variant) -> InVariantData | None:
        """The policy is the variant's deck_exhaustion data (:func:`variant_data`), which
        the rules core reads, first actor after a community card included; a game that
        deals board cards too is left to the general engine."""
        return None if variant.board_cards else InVariantData()

    @hookimpl
    def studkit_first_actor(self, hand: HandView, previous: int | None) -> int | None:
        """TDA: with a community card out, the previous street's first actor acts first."""
        if self.policy.community_first_actor != "previous-street" or previous is None:
            return None
        if not any(isinstance(event, CommunityEvent) for event in hand.events):
            return None
        if any(
            isinstance(event, ActionEvent) and event.kind == "fold" and event.seat == previous
            for event in hand.events
        ):
            return None  # folded since: the best board acts first
        return previous
