"""The uniformly random choice among legal actions that the random bot (and others, to break
ties or explore) makes. Compiled in the compiled build (:mod:`studkit.compiled`): the random
bot calls it at every decision.

The choice is defined once, as what two uniform draws in [0, 1) pick (:func:`uniform_pick`,
then :func:`uniform_amount` for a range): :func:`random_action` takes the draws from a
:class:`random.Random`, and the simulator, playing a seat whose ``act`` is
:func:`random_act`, takes them straight from the seat's stream (the same numbers, without a
Python method call per draw).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from studkit.engine.actions import AGGRESSIVE_KINDS, Action

__all__ = ["random_action", "random_act", "uniform_pick", "amount_span", "uniform_amount"]

_AGGRESSIVE: Final = AGGRESSIVE_KINDS  # compiled, a Final is read without a lookup


def uniform_pick(actions: Sequence[Action], u: float) -> Action:
    """The action the draw ``u`` picks: ``actions[int(u * n)]`` (uniform to within 2**-53,
    like the engine's deck)."""
    return actions[int(u * len(actions))]


def amount_span(action: Action) -> int:
    """How many totals a range action leaves to choose from (0: its amount is fixed)."""
    fields: tuple[object, ...] = action  # read as a tuple: compiled, a direct item read
    low, high = fields[2], fields[3]
    if type(low) is int and type(high) is int and low != high and fields[0] in _AGGRESSIVE:
        return high - low + 1
    return 0


def uniform_amount(action: Action, span: int, u: float) -> Action:
    """The range action ``action`` (``span`` totals, :func:`amount_span`) at the total the
    draw ``u`` picks."""
    low: int = action[2]  # type: ignore[assignment]  # an int wherever amount_span is not 0
    return action.to(low + int(u * span))


def random_action(actions: Sequence[Action], rng: random.Random) -> Action:
    """A uniformly random legal action; a range action gets a uniformly random amount.

    Each choice is one draw of ``rng.random()`` (:func:`uniform_pick`, then
    :func:`uniform_amount` for a range).
    """
    action = uniform_pick(actions, rng.random())
    span = amount_span(action)
    if span:
        return uniform_amount(action, span, rng.random())
    return action


def random_act(view: object, actions: Sequence[Action], rng: random.Random) -> Action:
    """The random bot's ``act``: :func:`random_action`, the view unread (one compiled call per
    decision, no Python frame)."""
    return random_action(actions, rng)
