"""The engine's inlined fixed-limit paths give exactly what its general rules give.

``legal_actions()`` lists a fixed-limit decision inline, and ``apply()`` takes a listed call,
fold, check or full fixed-limit raise in place. These tests play the same seeded hands twice,
once as usual and once with the inlined paths switched off (``hand._fixed = False`` sends
every decision through the structure objects and the verbs), with short and deep stacks so
that all-ins, short calls and capped rounds come up, and compare every legal list, the event
logs and the payoffs.
"""

from __future__ import annotations

import random

import pytest

from studkit import load_variant
from studkit.engine import Hand
from studkit.engine.actions import Action

FIXED_LIMIT = [
    "seven-card-stud",
    "razz",
    "seven-card-stud-hi-lo",
    "five-card-stud",
    "tda-seven-card-stud",
    "high-low-declare",
]


def _play(
    name: str, players: int, seed: int, *, inlined: bool
) -> tuple[list[list[Action]], Hand]:
    variant = load_variant(name)
    rng = random.Random(seed)
    stacks = [rng.choice((3, 8, 15, 40, 1000)) for _ in range(players)]
    hand = Hand(variant, stacks, seed=seed)
    hand._fixed = inlined
    choose = random.Random(seed * 7 + 1)
    lists: list[list[Action]] = []
    while not hand.is_over:
        legal = hand.legal_actions()
        lists.append(legal)
        hand.apply(legal[choose.randrange(len(legal))])
    return lists, hand


@pytest.mark.parametrize("name", FIXED_LIMIT)
def test_inlined_fixed_limit_paths_match_the_general_rules(name: str) -> None:
    variant = load_variant(name)
    assert Hand(variant, [100] * variant.min_players, seed=0)._fixed
    top = min(variant.max_players, 4)
    for players in range(variant.min_players, top + 1):
        for seed in range(10):
            fast_lists, fast = _play(name, players, seed, inlined=True)
            slow_lists, slow = _play(name, players, seed, inlined=False)
            assert fast_lists == slow_lists, (name, players, seed)
            assert fast.events == slow.events, (name, players, seed)
            assert fast.payoffs == slow.payoffs, (name, players, seed)
            assert sum(fast.payoffs) == 0


def test_a_listed_action_applied_after_the_list_changed_is_checked_again() -> None:
    """The in-place apply only trusts the list made for the state it is applied in."""
    hand = Hand(load_variant("seven-card-stud"), [100, 100, 100], seed=3)
    hand.bring_in()
    first = hand.legal_actions()
    call = next(a for a in first if a.kind == "call")
    hand.apply(call)  # seat after the bring-in calls
    with pytest.raises(ValueError):
        hand.apply(Action("call", 99))  # a call of the wrong amount is refused
