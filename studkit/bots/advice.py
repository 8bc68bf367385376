"""Scores a decision kind's bot advice uses: how strong the seat's cards are for each pot
share, or for the game's shares with cards still to come.

A decision kind advises the shipped bots through
:meth:`~studkit.engine.decisions.DecisionKind.bot_choice` (:mod:`studkit.bots.plugin_choice`
asks it); the declare, twist and roll-your-own kinds score the choices with these helpers,
each reading only the seat's facts (:class:`~studkit.bots.seen.Seen`).
"""

from __future__ import annotations

from collections.abc import Sequence

from studkit.bots.seen import Seen
from studkit.bots.strength import strength_score
from studkit.cards import Card

__all__ = ["share_scores", "score_of"]


def score_of(cards: Sequence[Card], info: Seen, evaluators: Sequence[str], to_come: int) -> float:
    """The 0-1 strength score of ``cards`` for ``evaluators`` against the opponents' boards,
    with ``to_come`` cards still to come."""
    return strength_score([int(c) for c in cards], info.opponents_up, to_come, evaluators)


def share_scores(info: Seen) -> dict[str, float]:
    """Per pot share name: the score of the seat's cards for that share alone, no card to
    come (the hand as it will be shown)."""
    return {
        share.name: score_of(info.cards, info, (share.evaluator,), 0)
        for share in info.variant.pots
    }
