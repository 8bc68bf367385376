"""The loop that plays one simulated hand to its end: ask the seat to act, check the choice,
apply it. Compiled with the engine in the compiled build (:mod:`studkit.compiled`), so that a
decision costs the engine's work and the bot's, little more.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from studkit.engine.actions import Action
from studkit.engine.hand import Hand
from studkit.errors import StudkitError
from studkit.simulation.played import KIND_CODES, OTHER_KIND

__all__ = ["play_out"]

Act = Callable[[Any, Sequence[Action], random.Random], Any]
"""A bot's ``act`` method."""


def play_out(
    hand: Hand,
    acts: list[Act],
    reads_view: list[bool],
    rng: random.Random,
    view: Callable[[Hand, int], Any],
    failed: Callable[[Hand, int, Exception, list[Action]], None],
    check: Callable[[Hand, int, object, list[Action]], None],
    stuck: Callable[[], None],
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
