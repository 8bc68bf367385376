"""The shipped bots' choice in a decision a plugin adds (a discard, a flip, a declaration):
what its kind advises (:meth:`~studkit.engine.decisions.DecisionKind.bot_choice`), else a
uniformly random legal choice."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from studkit.bots.protocol import random_action
from studkit.engine.actions import Action
from studkit.engine.decisions import DecisionKind, decision_kinds
from studkit.variant.model import Variant

__all__ = ["plugin_choice", "kinds_advise"]


def plugin_choice(
    variant: Variant | None, view: Any, actions: Sequence[Action], rng: random.Random
) -> Action:
    """The advised action among ``actions`` (a plugin decision's), else a random one."""
    if variant is not None and view is not None:
        kind = decision_kinds(variant).of(actions[0].kind)
        if kind is not None:
            chosen = kind.bot_choice(view, actions, variant)
            if chosen is not None and chosen in actions:
                return chosen
    return random_action(actions, rng)


def kinds_advise(variant: Variant | None) -> bool:
    """Whether some decision kind of ``variant`` advises the bots (so a bot that never
    reads the view needs it for those decisions)."""
    if variant is None:
        return False
    base = DecisionKind.bot_choice
    return any(type(kind).bot_choice is not base for kind in decision_kinds(variant))
