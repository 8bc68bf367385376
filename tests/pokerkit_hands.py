"""Random hands played and written by PokerKit, for the tests that read its histories."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from io import BytesIO
from typing import Any


def pokerkit_history(
    pokerkit: Any,
    game_name: str,
    stakes: Sequence[int],
    stacks: Callable[[random.Random], list[int]],
    seed: int,
) -> bytes:
    """The PHH bytes of a hand PokerKit deals (game ``game_name`` at ``stakes``: ante,
    bring-in, small and big bet) from ``stacks(rng)`` and plays with random decisions, both
    drawn from a generator seeded with ``seed``."""
    random.seed(seed)  # PokerKit shuffles its deck with the global generator
    rng = random.Random(seed)
    game = getattr(pokerkit, game_name)(tuple(pokerkit.Automation), True, *stakes)
    chips = stacks(rng)
    state = game(chips, len(chips))
    while state.status:
        pick = rng.random()
        if state.can_post_bring_in() and pick < 0.6:
            state.post_bring_in()
        elif pick < 0.15 and state.can_fold():
            state.fold()
        elif pick < 0.45 and state.can_complete_bet_or_raise_to():
            state.complete_bet_or_raise_to()
        elif state.can_check_or_call():
            state.check_or_call()
        else:
            state.complete_bet_or_raise_to()
    out = BytesIO()
    history = pokerkit.HandHistory.from_game_state(game, state)
    history.finishing_stacks = list(state.stacks)
    history.dump(out)
    return out.getvalue()
