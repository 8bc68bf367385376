"""How the shipped bots take a plugin's decision: the decision kind's own advice.

A decision kind (:class:`~studkit.engine.decisions.DecisionKind`) that knows how a player
should choose implements :class:`AdvisingKind`: ``advise(info, actions)`` gets the seat's
facts (:class:`~studkit.bots.seen.Seen`) and the legal actions and returns the one to take
(or ``None`` to leave it to the bot). The rule-based and equity bots ask it first
(:func:`advised`), the calling station takes the first action that is not a fold (it stands
pat, keeps its card down, declares the first share), and only the random bot draws at random.

Helpers for kinds: :func:`share_scores` scores the seat's cards for each pot share.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from studkit.bots.seen import Seen
from studkit.bots.strength import strength_score
from studkit.cards import Card
from studkit.engine.actions import FOLD, Action
from studkit.engine.decisions import decision_kinds

__all__ = ["AdvisingKind", "advised", "passive_choice", "share_scores", "score_of"]


@runtime_checkable
class AdvisingKind(Protocol):
    """A decision kind that says which of its actions a bot should take."""

    def advise(self, info: Seen, actions: Sequence[Action]) -> Action | None:
        """The action to take among ``actions`` (all legal now), or ``None``."""
        ...


def advised(info: Seen, actions: Sequence[Action]) -> Action | None:
    """The advice of the first kind among ``actions`` that gives one (``None``: none does,
    or its advice is not one of ``actions``)."""
    kinds = decision_kinds(info.variant)
    asked: set[str] = set()
    for action in actions:
        kind = kinds.of(action.kind)
        if kind is None or kind.name in asked:
            continue
        asked.add(kind.name)
        if isinstance(kind, AdvisingKind):
            choice = kind.advise(info, actions)
            if choice is not None and choice in actions:
                return choice
    return None


def passive_choice(actions: Sequence[Action]) -> Action:
    """The first action that is not a fold (the first action if all are)."""
    return next((action for action in actions if action.kind != FOLD), actions[0])


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
