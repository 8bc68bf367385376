"""Deck exhaustion: the one place that decides how a street is dealt when the stub is short.

:func:`plan_short_street` is the single call site the engine uses when the cards left cannot
give every live player this street's cards; a plugin hook may later serve it instead.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from studkit.cards import Card
from studkit.engine.dealing import CardSource
from studkit.errors import StudkitError
from studkit.variant.model import DeckExhaustion

__all__ = ["DeckExhaustedError", "StreetDeal", "plan_short_street"]


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
    """Decide how to deal a street of ``rounds`` cards to ``live`` players from a short stub.

    Following ``policy`` (the variant's ``deck_exhaustion`` settings), in order: the burned
    cards are shuffled back into the stub (``reshuffle_burns``; ``burned`` is emptied), then
    the folded cards (``reuse_folded``; ``folded`` is emptied). Every round that can still go
    to all ``live`` players is dealt as usual; each remaining round becomes one face-up
    community card (``community_card``). Raises :class:`DeckExhaustedError` naming the
    setting when the policy cannot complete the deal.
    """
    needed = (1 if burn else 0) + rounds * live
    if source.remaining() < needed and policy.reshuffle_burns and burned:
        source.restore(burned, rng)
        burned.clear()
    if source.remaining() < needed and policy.reuse_folded and folded:
        source.restore(folded, rng)
        folded.clear()
    left = source.remaining()
    if left >= needed:
        return StreetDeal(burn, rounds, 0)
    usable = left - (1 if burn else 0)
    full = max(0, min(rounds, usable // live)) if usable > 0 else 0
    short = rounds - full
    if not policy.community_card:
        raise DeckExhaustedError(
            f"the deck ran out on {street} street ({left} cards left for {live} players) and "
            "deck_exhaustion.community_card is false: no rule says how to finish the deal"
        )
    spare = usable - full * live
    if spare >= short:
        return StreetDeal(burn, full, short)
    if left - full * live >= short:  # no card to burn: deal the community card unburned
        return StreetDeal(False, full, short)
    raise DeckExhaustedError(
        f"the deck ran out on {street} street: {left} cards left cannot give {live} players "
        f"{rounds} card(s) even with a community card (deck_exhaustion settings: "
        f"reshuffle_burns={policy.reshuffle_burns}, reuse_folded={policy.reuse_folded})"
    )
