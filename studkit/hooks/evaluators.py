"""Evaluators plugins bring: pot shares a plugin ranks, plugin hand rankings, and hands of
more than eight cards (extra cards from plugins).

The engine compiles a variant's evaluators through :func:`share_evaluator` and
:func:`showing_evaluator`, which fall back to :mod:`studkit.evaluation` for every built-in
name, so a variant without plugins gets exactly the built-in evaluators.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from studkit.cards import CARDS, Card, Rank
from studkit.hooks.host import PluginHost

__all__ = [
    "PluginShareEvaluator",
    "ManyCardsEvaluator",
    "share_evaluator",
    "showing_evaluator",
    "many_cards",
]


class PluginShareEvaluator:
    """Stands in for the evaluator of a pot share a plugin ranks (``hole-spade-high``):
    the strengths come from ``studkit_share_strengths`` at the showdown."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def evaluate(self, cards: Sequence[int]) -> int:
        """Always 0: the plugin ranks this share from the players' holdings."""
        return 0

    def describe(self, strength: int) -> str:
        """The share's evaluator name (the plugin's rule)."""
        return self.name

    def qualifier(self, text: str) -> int:
        """Plugin shares take no qualifier: every positive strength qualifies."""
        return 1

    def best_five(self, cards: Sequence[int]) -> tuple[Card, ...]:
        """The first five cards (for odd-chip orders by the cards played)."""
        return tuple(CARDS[int(c)] for c in cards[:5])


class ManyCardsEvaluator:
    """An evaluator that also ranks hands of more than eight cards (extra cards from
    plugins): the best of every eight-card part. Everything else is the wrapped evaluator's."""

    MAX_CARDS = 8

    def __init__(self, evaluator: Any) -> None:
        self.wrapped = evaluator

        def evaluate(cards: Sequence[int]) -> int:
            # The wrapped evaluator's function is read on each call: a built-in evaluator
            # replaces its first (table-building) function with the real one.
            plain = evaluator.evaluate
            if len(cards) <= self.MAX_CARDS:
                return int(plain(cards))
            return max(int(plain(part)) for part in combinations(cards, self.MAX_CARDS))

        self.evaluate = evaluate

    def __getattr__(self, name: str) -> Any:
        return getattr(self.wrapped, name)

    def evaluate_batch(self, hands: Any, *, check_distinct: bool = False) -> Any:
        """Strengths of many hands at once; rows of more than eight cards take the best of
        every eight-card part."""
        import numpy as np

        array = np.asarray(hands)
        batch = self.wrapped.evaluate_batch
        if array.ndim != 2 or array.shape[1] <= self.MAX_CARDS:
            return batch(array, check_distinct=check_distinct)
        best = None
        for columns in combinations(range(array.shape[1]), self.MAX_CARDS):
            part = batch(array[:, list(columns)], check_distinct=check_distinct)
            best = part if best is None else np.maximum(best, part)
        return best

    def best_five(self, cards: Sequence[int]) -> tuple[Card, ...]:
        """The best five cards, from every eight-card part when there are more."""
        if len(cards) <= self.MAX_CARDS:
            return tuple(self.wrapped.best_five(cards))
        best = max(combinations(cards, self.MAX_CARDS), key=self.evaluate)
        return tuple(self.wrapped.best_five(best))


def many_cards(evaluator: Any, cards: int) -> Any:
    """``evaluator`` as it must be to rank hands of up to ``cards`` cards: itself up to eight
    (or when already wrapped), else a :class:`ManyCardsEvaluator` (nine-card stud)."""
    if cards <= ManyCardsEvaluator.MAX_CARDS or isinstance(
        evaluator, (ManyCardsEvaluator, PluginShareEvaluator)
    ):
        return evaluator
    return ManyCardsEvaluator(evaluator)


def share_evaluator(name: str, wild: Any, plugins: PluginHost | None) -> Any:
    """The evaluator of a pot share: built-in, from ``studkit_hand_evaluator``, or a
    :class:`PluginShareEvaluator` when a plugin ranks the share itself."""
    from studkit.evaluation import EVALUATOR_NAMES, get_evaluator

    if plugins is None:
        return get_evaluator(name, wild=wild)
    if name in EVALUATOR_NAMES:
        evaluator = get_evaluator(name, wild=wild)
        if plugins.implements("studkit_card_dealt"):  # extra cards: maybe more than eight
            return ManyCardsEvaluator(evaluator)
        return evaluator
    ranks = frozenset(Rank(r) for r in wild.ranks) if wild is not None else frozenset()
    found = plugins.call_first("studkit_hand_evaluator", name=name, wild_ranks=ranks)
    if found is not None:
        return found
    if plugins.implements("studkit_share_strengths"):
        return PluginShareEvaluator(name)
    return get_evaluator(name, wild=wild)


def showing_evaluator(name: str, wild: Any, plugins: PluginHost | None) -> Any:
    """The evaluator of showing cards (who acts first): built-in, or a plugin's from
    ``studkit_hand_evaluator`` for a name the built-ins do not have."""
    from studkit.evaluation import SHOWING_EVALUATOR_NAMES, get_showing_evaluator

    if plugins is not None and name not in SHOWING_EVALUATOR_NAMES:
        ranks = frozenset(Rank(r) for r in wild.ranks) if wild is not None else frozenset()
        found = plugins.call_first("studkit_hand_evaluator", name=name, wild_ranks=ranks)
        if found is not None:
            return found
    return get_showing_evaluator(name, wild)
