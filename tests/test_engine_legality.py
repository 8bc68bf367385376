"""One check per verb: legal_actions(), can_x(), verify_x(), the verbs and apply() agree.

At every decision of random hands of every betting structure (short and deep stacks, so
all-ins, short calls, capped rounds and the open-pair option come up), each verb's can_x()
must say what legal_actions() lists, verify_x() must raise exactly when can_x() is False and
otherwise name the amount legal_actions() lists, and a verb that is not legal must raise and
change nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from studkit import load_variant
from studkit.engine import Hand
from studkit.engine.actions import AGGRESSIVE_KINDS, Action
from studkit.errors import IllegalActionError

VARIANTS = [
    "seven-card-stud",
    "razz",
    "seven-card-stud-hi-lo",
    "five-card-stud",
    "tda-seven-card-stud",
    "no-limit-seven-card-stud",
    "pot-limit-seven-card-stud",
    "spread-limit-home-stud",
]


def _checks(hand: Hand) -> dict[str, tuple[Callable[[], bool], Callable[[], object]]]:
    return {
        "fold": (hand.can_fold, hand.verify_fold),
        "check": (hand.can_check, hand.verify_check),
        "call": (hand.can_call, hand.verify_call),
        "bring-in": (hand.can_bring_in, hand.verify_bring_in),
        "complete": (hand.can_complete, hand.verify_complete),
        "bet": (hand.can_bet, hand.verify_bet),
        "raise": (hand.can_raise_to, hand.verify_raise_to),
    }


def _agree(hand: Hand, legal: list[Action]) -> None:
    listed = {a.kind: a for a in legal}
    for kind, (can, verify) in _checks(hand).items():
        assert can() == (kind in listed), (kind, legal)
        if kind not in listed:
            before = list(hand.events)
            with pytest.raises(IllegalActionError):
                verify()
            assert hand.events == before
            continue
        action = listed[kind]
        if kind in AGGRESSIVE_KINDS:
            ranges = [(a.min, a.max) for a in legal if a.kind == kind]
            if len(ranges) == 1 and ranges[0][0] == ranges[0][1]:
                assert verify() == action.amount
            for lo, hi in ranges:
                assert lo is not None and hi is not None
                assert hand.can_raise_to(lo) == (kind == "raise")
                assert {"complete": hand.verify_complete, "bet": hand.verify_bet,
                        "raise": hand.verify_raise_to}[kind](hi) == hi
        elif kind in ("call", "bring-in"):
            assert verify() == action.amount


@pytest.mark.parametrize("name", VARIANTS)
def test_every_check_agrees_with_legal_actions(name: str) -> None:
    variant = load_variant(name)
    for seed in range(12):
        rng = random.Random(seed)
        players = rng.randint(variant.min_players, min(variant.max_players, 5))
        stacks = [rng.choice((3, 8, 15, 40, 1000)) for _ in range(players)]
        hand = Hand(variant, stacks, seed=seed)
        while not hand.is_over:
            legal = hand.legal_actions()
            _agree(hand, legal)
            action = legal[rng.randrange(len(legal))]
            if action.min is not None and action.max is not None and action.min != action.max:
                action = action.to(rng.randint(action.min, min(action.max, action.min + 30)))
            hand.apply(action)
        assert sum(hand.payoffs) == 0
        assert all(not can() for can, _ in _checks(hand).values())


def test_a_verb_and_apply_take_the_same_action_the_same_way() -> None:
    variant = load_variant("seven-card-stud")
    for seed in range(20):
        by_verb = Hand(variant, [40, 40, 40], seed=seed)
        by_apply = Hand(variant, [40, 40, 40], seed=seed)
        rng = random.Random(seed)
        verbs: dict[str, Callable[[Hand], None]] = {
            "fold": Hand.fold, "check": Hand.check, "call": Hand.call, "bring-in": Hand.bring_in,
        }
        totals: dict[str, Callable[[Hand, int | None], None]] = {
            "complete": Hand.complete, "bet": Hand.bet, "raise": Hand.raise_to,
        }
        while not by_verb.is_over:
            legal = by_verb.legal_actions()
            assert legal == by_apply.legal_actions()
            action = legal[rng.randrange(len(legal))]
            if action.kind in totals:
                totals[action.kind](by_verb, action.amount)
            else:
                verbs[action.kind](by_verb)
            by_apply.apply(action)
            assert by_verb.events == by_apply.events


def test_a_listed_action_applied_after_the_state_changed_is_checked_again() -> None:
    hand = Hand(load_variant("seven-card-stud"), [100, 100, 100], seed=3)
    hand.bring_in()
    call = next(a for a in hand.legal_actions() if a.kind == "call")
    hand.apply(call)  # the seat after the bring-in calls
    with pytest.raises(IllegalActionError):
        hand.apply(Action("call", 99))  # a call of the wrong amount is refused
