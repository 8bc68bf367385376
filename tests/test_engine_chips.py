"""Chip amounts from callers: whole numbers of any numeric type are taken, others refused
with an error naming the action or seat (the same in the compiled and the Python build)."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import run_doctests

from studkit import IllegalActionError, StudkitError, Table, load_variant
from studkit.engine import Action, Hand

NO_LIMIT = load_variant("no-limit-seven-card-stud")


def opened() -> Hand:
    """A no-limit hand where seat 0 has brought in and seat 1 may raise."""
    hand = Hand(NO_LIMIT, [200, 200, 200], seed=1)
    hand.bring_in()
    return hand


def snapshot(hand: Hand) -> tuple[object, ...]:
    return (list(hand.stacks), list(hand.bets), len(hand.events), hand.actor)


def test_the_chips_doctest() -> None:
    failed, attempted = run_doctests("studkit.engine.chips")
    assert attempted > 0 and failed == 0


@pytest.mark.parametrize("amount", [20, 20.0, np.int64(20), np.float64(20.0)])
def test_a_whole_amount_of_any_numeric_type_is_taken_as_an_int(amount: object) -> None:
    hand = opened()
    seat = hand.actor
    hand.raise_to(amount)  # type: ignore[arg-type]
    last = hand.events[-1]
    assert (last.kind, last.seat, last.to) == ("raise", seat, 20)
    assert all(type(x) is int for x in (*hand.stacks, *hand.bets, last.to, last.added))


@pytest.mark.parametrize("amount", [20.5, "twenty", True, None])
def test_an_amount_that_is_not_a_whole_number_is_illegal_and_changes_nothing(
    amount: object,
) -> None:
    hand = opened()
    before = snapshot(hand)
    with pytest.raises(IllegalActionError) as caught:
        hand.raise_to(amount)  # type: ignore[arg-type]
    if amount is not None:  # (no amount: a no-limit raise needs one)
        assert f"raise to {amount!r}" in str(caught.value)
        assert "not a whole number of chips" in str(caught.value)
    assert f"seat {before[3]} cannot" in str(caught.value)
    assert snapshot(hand) == before


def test_apply_takes_a_whole_float_amount_and_refuses_a_fraction() -> None:
    hand = opened()
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match=r"raise 20\.5 \(not a whole number of chips\)"):
        hand.apply(Action("raise", 20.5))  # type: ignore[arg-type]
    assert snapshot(hand) == before
    listed = next(a for a in hand.legal_actions() if a.kind == "raise")
    hand.apply(listed.to(float(listed.amount or 0)))  # type: ignore[arg-type]
    assert hand.events[-1].to == listed.amount and type(hand.events[-1].to) is int
    assert all(type(x) is int for x in hand.stacks)


def test_a_call_with_a_whole_float_amount_is_the_call() -> None:
    hand = Hand(load_variant("seven-card-stud"), [200, 200, 200], seed=3)
    hand.bring_in()
    call = next(a for a in hand.legal_actions() if a.kind == "call")
    hand.apply(Action("call", float(call.amount or 0)))  # type: ignore[arg-type]
    assert hand.events[-1].kind == "call" and type(hand.events[-1].added) is int


@pytest.mark.parametrize(
    ("stacks", "message"),
    [
        ([200.5, 200, 200], "seat 0 has 200.5 chips"),
        ([200, "lots", 200], "seat 1 has 'lots' chips"),
        ([200, 200, 0], "seat 2 has 0 chips"),
    ],
)
def test_a_stack_that_is_not_a_whole_number_above_zero_is_refused(
    stacks: list[object], message: str
) -> None:
    with pytest.raises(StudkitError, match=message):
        Hand(NO_LIMIT, stacks, seed=1)  # type: ignore[arg-type]


def test_a_refused_stack_says_what_every_player_needs() -> None:
    with pytest.raises(StudkitError) as caught:
        Hand(NO_LIMIT, [200, 200, -5], seed=1)
    assert str(caught.value) == (
        "seat 2 has -5 chips; every player needs a whole number of chips above 0"
    )


def test_whole_stacks_of_any_numeric_type_become_ints() -> None:
    hand = Hand(NO_LIMIT, [np.int64(200), 200.0, 200], seed=1)  # type: ignore[list-item]
    assert hand.starting_stacks == (200, 200, 200)
    assert all(type(x) is int for x in hand.stacks)


def test_a_table_refuses_a_fractional_stack_and_takes_an_empty_seat() -> None:
    with pytest.raises(StudkitError, match="seat 1 has 99.5 chips"):
        Table(NO_LIMIT, [100, 99.5, 100])  # type: ignore[list-item]
    table = Table(NO_LIMIT, [100, 0, 100.0])  # type: ignore[list-item]
    assert table.stacks == [100, 0, 100] and all(type(x) is int for x in table.stacks)
