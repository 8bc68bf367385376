"""The bot protocol: what a bot is given and what it returns.

A bot is a class built with the variant it plays, with an ``act`` method::

    class MyBot:
        def __init__(self, variant: Variant) -> None:
            self.variant = variant

        def act(self, view: SeatView, actions: Sequence[Action], rng: random.Random) -> Action:
            ...

``view`` is :meth:`Hand.view(seat) <studkit.engine.hand.Hand.view>`: the hand as the bot's
seat may see it (its own down cards, every up card, chips and bets, the events it may know);
the simulator passes it as an object with the same attributes, built on first use. A bot that
never reads it says so with a class attribute ``reads_view = False``, and the simulator then
passes ``None`` (no view object per decision). A bot whose every betting decision is the
hand's :meth:`~studkit.engine.hand.Hand.check_or_call` says so with ``verb =
"check_or_call"`` (the only verb a bot may declare): in hands without plugins the simulator
calls that verb, with its own legality check, instead of listing the actions and calling
``act`` (which must choose the same).
``actions`` are the legal actions; the bot returns one of them, with an amount chosen inside
``min``..``max`` for a range (:meth:`Action.to`). ``rng`` is the only randomness a bot may
use: the simulator seeds it from the run's seed and the hand's number, so a run is
reproducible whatever the number of worker processes. One instance plays one seat for a
whole run (one per worker process), so a bot whose decisions depend on earlier hands makes a
run depend on how hands are shared among workers.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from studkit.bots.strategy import sized_total
from studkit.bots.uniform import random_action
from studkit.engine.actions import AGGRESSIVE_KINDS, Action
from studkit.errors import StudkitError

__all__ = ["Bot", "BotError", "pick_amount", "pot_sized", "first_of", "random_action"]


class BotError(StudkitError):
    """A bot that cannot be found or built, or that returned an illegal action."""


@runtime_checkable
class Bot(Protocol):
    """A player that chooses among the legal actions from what its seat may see."""

    def act(self, view: Any, actions: Sequence[Action], rng: random.Random) -> Action:
        """Return one of ``actions`` (an amount inside its range for a range action)."""
        ...


def pick_amount(action: Action, fraction: float) -> Action:
    """A range action at ``fraction`` of the way from its minimum to its maximum."""
    if action.kind not in AGGRESSIVE_KINDS:
        return action
    low = action.min if action.min is not None else action.amount
    high = action.max if action.max is not None else action.amount
    if low is None or high is None:
        return action
    return action.to(low + round((high - low) * min(max(fraction, 0.0), 1.0)))


def pot_sized(action: Action, my_bet: int, to_call: int, pot: int, fraction: float) -> Action:
    """A range action sized to call and then add ``fraction`` of the pot, kept in range.

    Fixed limit has one amount, so this returns it; in pot and no limit it is the usual way
    to size a bet (half the pot, the whole pot) rather than a point between the minimum and
    an all-in.
    """
    if action.kind not in AGGRESSIVE_KINDS:
        return action
    low = action.min if action.min is not None else action.amount
    high = action.max if action.max is not None else action.amount
    if low is None or high is None:
        return action
    return action.to(sized_total(low, high, my_bet, to_call, pot, fraction))


def first_of(actions: Sequence[Action], kinds: Sequence[str]) -> Action | None:
    """The first legal action whose kind comes earliest in ``kinds``."""
    for kind in kinds:
        for action in actions:
            if action[0] == kind:
                return action
    return None
