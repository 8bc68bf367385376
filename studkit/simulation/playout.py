"""The loop that plays one simulated hand to its end: ask the seat to act, check the choice,
apply it; and :class:`BotTable`, which deals each hand of a run and plays it so. Compiled with
the engine in the compiled build (:mod:`studkit.compiled`), so that a decision costs the
engine's work and the bot's, little more, and a hand is set up by a direct call.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from studkit.engine.actions import Action
from studkit.engine.hand import Hand
from studkit.errors import StudkitError
from studkit.simulation.played import KIND_CODES, OTHER_KIND
from studkit.variant.model import Stakes, Variant

__all__ = ["play_out", "BotTable"]

Act = Callable[[Any, Sequence[Action], random.Random], Any]
"""A bot's ``act`` method."""
View = Callable[[Hand, int], Any]
"""What a seat that reads its view is given: ``view(hand, seat)``."""
Failed = Callable[[Hand, int, Exception, list[Action]], None]
"""Reports a bot that raised (``hand``, ``seat``, the error, the listed actions)."""
Check = Callable[[Hand, int, object, list[Action]], None]
"""Checks a choice that is not one of the listed actions (raises unless it is allowed)."""
Stuck = Callable[[], None]
"""Raises for a hand that is not over with nobody to act."""


def play_out(
    hand: Hand,
    acts: list[Act],
    reads_view: list[bool],
    rng: random.Random,
    view: View,
    failed: Failed,
    check: Check,
    stuck: Stuck,
) -> list[int]:
    """Play ``hand`` to its end with seat ``s`` choosing by ``acts[s]`` (given ``view(hand,
    s)`` where ``reads_view[s]``, else ``None``) and return each decision as ``street << 3 |
    kind`` in order (``kind`` the betting verb's :data:`~studkit.simulation.played.KIND_CODES`,
    :data:`~studkit.simulation.played.OTHER_KIND` for a plugin decision): what
    :class:`~studkit.simulation.played.PlayedCounts` counts.

    A bot that raises anything but a :class:`~studkit.errors.StudkitError` is reported by
    ``failed``, and a choice that is not one of the listed actions is passed to ``check``
    (which raises unless it is an amount inside a listed range); ``stuck`` raises for a hand
    that is not over with nobody to act. Those callbacks build the error text, so none is
    built while the hand plays.
    """
    decisions: list[int] = []
    while not hand.is_over:
        seat = hand.actor
        if seat is None:
            stuck()
            break
        actions = hand.legal_actions()
        try:
            action = acts[seat](view(hand, seat) if reads_view[seat] else None, actions, rng)
        except StudkitError:
            raise
        except Exception as error:
            failed(hand, seat, error, actions)
            raise
        listed = False
        for option in actions:  # one of the listed records, found by identity first
            if option is action:
                listed = True
                break
        if not listed and (type(action) is not Action or action not in actions):
            check(hand, seat, action, actions)
        chosen: Action = action
        decisions.append(hand.street << 3 | KIND_CODES.get(chosen[0], OTHER_KIND))
        hand.apply(chosen)
    return decisions


class BotTable:
    """The bots of one run at their table: :meth:`play` deals a hand of ``variant`` at
    ``stakes`` (``None``: the variant's own) to ``stacks``, its cards from ``deck_rng``, and
    plays it out with :func:`play_out` and the other arguments, which stay the same from
    hand to hand."""

    def __init__(
        self,
        variant: Variant,
        stacks: list[int],
        stakes: Stakes | None,
        deck_rng: random.Random,
        acts: list[Act],
        reads_view: list[bool],
        rng: random.Random,
        view: View,
        failed: Failed,
        check: Check,
        stuck: Stuck,
    ) -> None:
        self.variant = variant
        self.stacks = stacks
        self.stakes = stakes
        self.deck_rng = deck_rng
        self.acts = acts
        self.reads_view = reads_view
        self.rng = rng
        self.view = view
        self.failed = failed
        self.check = check
        self.stuck = stuck
        self.decisions: list[int] = []
        """The last hand's decisions, as :func:`play_out` returns them."""

    def play(self, button: int) -> Hand:
        """Deal a hand with the button on seat ``button``, play it to its end, return it."""
        hand = Hand(self.variant, self.stacks, button=button, rng=self.deck_rng,
                    stakes=self.stakes)
        self.decisions = play_out(hand, self.acts, self.reads_view, self.rng, self.view,
                                  self.failed, self.check, self.stuck)
        return hand
