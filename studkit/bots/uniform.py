"""The uniformly random choice among legal actions that the random bot (and others, to break
ties or explore) makes. Compiled in the compiled build (:mod:`studkit.compiled`): the random
bot calls it at every decision."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from studkit.engine.actions import AGGRESSIVE_KINDS, Action

__all__ = ["random_action", "random_act"]

_AGGRESSIVE: Final = AGGRESSIVE_KINDS  # compiled, a Final is read without a lookup


def random_action(actions: Sequence[Action], rng: random.Random) -> Action:
    """A uniformly random legal action; a range action gets a uniformly random amount.

    Each choice is ``int(rng.random() * n)`` (uniform to within 2**-53, like the engine's
    deck), one draw per choice.
    """
    action = actions[int(rng.random() * len(actions))]
    fields: tuple[object, ...] = action  # read as a tuple: compiled, a direct item read
    low, high = fields[2], fields[3]
    if type(low) is int and type(high) is int and low != high and fields[0] in _AGGRESSIVE:
        return action.to(low + int(rng.random() * (high - low + 1)))
    return action


def random_act(view: object, actions: Sequence[Action], rng: random.Random) -> Action:
    """The random bot's ``act``: :func:`random_action`, the view unread (one compiled call per
    decision, no Python frame)."""
    return random_action(actions, rng)
