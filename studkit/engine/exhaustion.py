"""The deck running out: the engine's side of the rule.

How a street is dealt when the stub cannot give every live player its cards is the rules
core's (``studkit/core/exhaustion.c``): the burned cards go back into the stub first
(``reshuffle_burns``), then the folded cards (``reuse_folded``); every round that can still go
to all live players is dealt as usual and each round left becomes one face-up community card
(``community_card``). This module puts the cards back into a card source, names the setting
when the rule cannot finish the deal (:class:`DeckExhaustedError`), and offers the rule on
its own (:func:`plan_short_street`).
"""

from __future__ import annotations

import random
from typing import NamedTuple

from studkit.cards import Card
from studkit.core import _core
from studkit.engine.dealing import CardSource
from studkit.errors import StudkitError
from studkit.variant.model import DeckExhaustion

__all__ = ["DeckExhaustedError", "StreetDeal", "plan_short_street", "policy_code",
           "exhausted"]


class DeckExhaustedError(StudkitError):
    """The deck ran out and the variant's deck-exhaustion policy cannot finish the deal."""


class StreetDeal(NamedTuple):
    """How a short street is dealt."""

    burn: bool
    """Whether a card is burned first."""
    rounds: int
    """How many of the street's rounds go to every live player as usual."""
    community: int
    """How many face-up community cards replace the remaining rounds."""


def policy_code(policy: DeckExhaustion) -> int:
    """``policy``'s switches as the rules core's bits."""
    return (
        (_core.POLICY_RESHUFFLE_BURNS if policy.reshuffle_burns else 0)
        | (_core.POLICY_REUSE_FOLDED if policy.reuse_folded else 0)
        | (_core.POLICY_COMMUNITY_CARD if policy.community_card else 0)
    )


def exhausted(policy: DeckExhaustion, street: str, left: int, live: int,
              rounds: int) -> DeckExhaustedError:
    """The error for a street of ``rounds`` cards that ``left`` cards (after the burns and
    folded cards went back) cannot give ``live`` players under ``policy``."""
    if not policy.community_card:
        return DeckExhaustedError(
            f"the deck ran out on {street} street ({left} cards left for {live} players) and "
            "deck_exhaustion.community_card is false: no rule says how to finish the deal"
        )
    return DeckExhaustedError(
        f"the deck ran out on {street} street: {left} cards left cannot give {live} players "
        f"{rounds} card(s) even with a community card (deck_exhaustion settings: "
        f"reshuffle_burns={policy.reshuffle_burns}, reuse_folded={policy.reuse_folded})"
    )


def plan_short_street(
    policy: DeckExhaustion,
    source: CardSource,
    *,
    street: str,
    rounds: int,
    live: int,
    burn: bool,
    burned: list[Card],
    folded: list[Card],
    rng: random.Random,
) -> StreetDeal:
    """Decide how to deal a street of ``rounds`` cards to ``live`` players from ``source``,
    by the rules core's rule: the burned cards are shuffled back into the stub when the
    policy says so (``burned`` is emptied), then the folded cards (``folded`` is emptied);
    raises :class:`DeckExhaustedError` naming the setting when the policy cannot complete
    the deal."""
    stub = source.remaining()
    error, back_burned, back_folded, burns, whole, community = _core.plan_short_street(
        policy_code(policy), stub, live, burn, rounds, len(burned), len(folded)
    )
    if error:
        left = stub + back_burned + back_folded
        raise exhausted(policy, street, left, live, rounds)
    if back_burned:
        source.restore(burned, rng)
        burned.clear()
    if back_folded:
        source.restore(folded, rng)
        folded.clear()
    return StreetDeal(bool(burns), whole, community)
