"""Main and side pots, and splitting them among high, low and tied hands (studkit.engine.pots)."""

from __future__ import annotations

import pytest
from conftest import run_doctests
from hypothesis import given, settings, strategies as st

from studkit.engine.pots import (
    Award,
    Pot,
    ShareInput,
    award_pots,
    build_pots,
    describe_pots,
    pot_label,
    uncalled_bet,
)
from studkit.errors import StudkitError

ALL = [True] * 8


def high(strengths: list[int], order: list[int] | None = None, weight: int = 1) -> ShareInput:
    return ShareInput("high", weight, strengths, order if order is not None else [])


def low(strengths: list[int], order: list[int] | None = None, weight: int = 1) -> ShareInput:
    return ShareInput("low", weight, strengths, order if order is not None else [])


def shape(pots: list[Pot]) -> list[tuple[int, tuple[int, ...]]]:
    return [(pot.amount, pot.eligible) for pot in pots]


def test_doctests() -> None:
    failed, attempted = run_doctests("studkit.engine.pots")
    assert attempted > 0 and failed == 0


# --- build_pots -------------------------------------------------------------------------------


def test_no_all_in_is_one_pot_for_live_seats() -> None:
    pots = build_pots([21, 21, 1, 21], [True, True, False, True])
    assert shape(pots) == [(64, (0, 1, 3))]


def test_spec000_two_players_all_in_matches_the_short_stack() -> None:
    # spec-000, two players: the bettor's chips matching the all-in stack go in the pot; the
    # rest came back as an uncalled bet (contributions are given after that return).
    contributions = [101, 41]
    returned = uncalled_bet(contributions)
    assert returned == (0, 60)
    contributions[0] -= returned[1]
    assert shape(build_pots(contributions, [True, True])) == [(82, (0, 1))]


def test_spec000_two_equal_all_ins_share_one_level() -> None:
    # spec-000: "true for cases when some players go all-in and their stakes are equal".
    assert shape(build_pots([41, 41, 41], ALL[:3])) == [(123, (0, 1, 2))]
    assert shape(build_pots([41, 41, 100, 100], ALL[:4])) == [(164, (0, 1, 2, 3)), (118, (2, 3))]


def test_spec000_three_unequal_all_ins_make_main_and_side_pots() -> None:
    # Stacks 10, 25 and 60 all in, and a caller with more covering 60.
    pots = build_pots([10, 25, 60, 60], ALL[:4])
    assert shape(pots) == [(40, (0, 1, 2, 3)), (45, (1, 2, 3)), (70, (2, 3))]
    assert sum(pot.amount for pot in pots) == 155


def test_folded_chips_count_toward_every_level_they_reached() -> None:
    # Seat 3 folded after putting in 30: 10 to the main pot, 15 to side pot 1, 5 to side pot 2.
    pots = build_pots([10, 25, 60, 30, 60], [True, True, True, False, True])
    assert shape(pots) == [(50, (0, 1, 2, 4)), (60, (1, 2, 4)), (75, (2, 4))]


def test_folded_chips_below_the_smallest_all_in_stay_in_the_main_pot() -> None:
    pots = build_pots([3, 20, 50, 50], [False, True, True, True])
    assert shape(pots) == [(63, (1, 2, 3)), (60, (2, 3))]


def test_folded_chips_above_every_live_stake_go_to_the_last_pot() -> None:
    pots = build_pots([10, 40, 25], [True, False, True])
    assert shape(pots) == [(30, (0, 2)), (45, (2,))]


def test_A17_all_in_short_of_the_ante() -> None:
    # Rule A17: ante 5, seat 1 has only 3 chips: 3 of each other ante goes to the main pot,
    # the rest of the antes and all later bets to a side pot.
    pots = build_pots([5, 3, 5, 5], ALL[:4])
    assert shape(pots) == [(12, (0, 1, 2, 3)), (6, (0, 2, 3))]
    pots = build_pots([15, 3, 15, 5], [True, True, True, False])
    assert shape(pots) == [(12, (0, 1, 2)), (26, (0, 2))]


def test_same_eligible_levels_merge_and_empty_levels_vanish() -> None:
    # A live seat that put in nothing (no ante) makes an empty level, which is dropped.
    assert shape(build_pots([0, 10, 10], ALL[:3])) == [(20, (1, 2))]
    assert build_pots([0, 0], [True, True]) == []


def test_build_pots_rejects_bad_input() -> None:
    with pytest.raises(StudkitError, match="2 contributions but 3 live flags"):
        build_pots([1, 2], [True, True, True])
    with pytest.raises(StudkitError, match="seat 1 contributed -4"):
        build_pots([1, -4], [True, True])
    with pytest.raises(StudkitError, match="no live seat"):
        build_pots([1, 4], [False, False])


def test_the_no_live_seat_error_says_which_call_and_what_is_needed() -> None:
    message = "build_pots: no live seat; at least one seat must not have folded"
    with pytest.raises(StudkitError) as raised:
        build_pots([1, 4], [False, False])
    assert str(raised.value) == message


def test_uncalled_bet() -> None:
    assert uncalled_bet([5, 5, 15]) == (2, 10)
    assert uncalled_bet([15, 5, 15]) is None
    assert uncalled_bet([]) is None
    assert uncalled_bet([0, 0]) is None
    with pytest.raises(StudkitError, match="uncalled_bet: at most 16 seats"):
        uncalled_bet([1] * 17)
    from studkit.core import _core  # the binding refuses it too, on its own

    with pytest.raises(ValueError, match="one number per seat: at most 16 numbers"):
        _core.uncalled_bet([1] * 17)
    with pytest.raises(TypeError, match="one number per seat"):
        _core.uncalled_bet(5)


def test_a_single_chip_nobody_matched_is_returned_to_its_owner() -> None:
    """The smallest uncalled bet: one chip against nothing (a bring-in of 1 that everyone
    else folded to) goes back to the seat that put it in."""
    assert uncalled_bet([1, 0, 0]) == (0, 1)
    assert uncalled_bet([0, 0, 1]) == (2, 1)
    assert uncalled_bet([0, 0, 0]) is None


def test_the_odd_chip_share_must_be_one_of_the_shares() -> None:
    """With two shares (high and low) the odd-chip share is 0 or 1; 2 is refused, naming
    the range."""
    with pytest.raises(StudkitError) as caught:
        award_pots([Pot(41, (0, 1))], [high([9, 3]), low([0, 5])], odd_chip_share=2)
    assert str(caught.value) == "award_pots: odd_chip_share 2 is not a share index (0 to 1)"


def test_no_pots_pay_nobody() -> None:
    assert award_pots([], []) == ([], [])


def test_an_empty_pot_is_awarded_nothing_and_the_next_pot_as_usual() -> None:
    payouts, awards = award_pots([Pot(0, (0, 1)), Pot(6, (0, 1))], [high([9, 3])])
    assert payouts == [6, 0]
    assert [award.pot for award in awards] == [1]


def test_every_pot_is_checked_also_after_an_empty_one_with_no_eligible_seat() -> None:
    with pytest.raises(StudkitError) as caught:
        award_pots([Pot(0, ()), Pot(5, (-1, 0))], [high([9, 3])])
    assert str(caught.value) == "award_pots: eligible seat -1 is not a seat number"


def test_a_negative_pot_is_refused_with_its_amount() -> None:
    with pytest.raises(StudkitError) as caught:
        award_pots([Pot(-3, (0, 1))], [high([9, 3])])
    assert str(caught.value) == "award_pots: a pot of -3 chips; amounts are >= 0"


def test_an_eligible_seat_one_past_the_strengths_given_is_refused() -> None:
    """Strengths for seats 0 and 1 only: seat 2 eligible is an error naming it and the
    share, not an index error."""
    with pytest.raises(StudkitError) as caught:
        award_pots([Pot(5, (0, 2))], [high([9, 3])])
    assert str(caught.value) == (
        "award_pots: eligible seat 2 has no strength in share 'high' (2 seats given)"
    )


def test_a_share_with_no_strengths_is_refused_whatever_the_other_shares_give() -> None:
    with pytest.raises(StudkitError, match="no strength in share 'high'"):
        award_pots([Pot(5, (0, 1))], [high([]), low([1, 2])])


def test_labels_and_description() -> None:
    assert [pot_label(i) for i in range(3)] == ["main pot", "side pot 1", "side pot 2"]
    with pytest.raises(StudkitError, match="-1"):
        pot_label(-1)
    assert describe_pots([Pot(30, (0, 1)), Pot(8, (1,))]) == (
        "main pot: 30 (seats 0, 1)\nside pot 1: 8 (seats 1)"
    )


# --- award_pots: spec-000's three statements ---------------------------------------------------

STACKS = [10, 25, 60, 60]  # seats 0..2 all in, seat 3 covers


@pytest.mark.parametrize(
    ("strengths", "expected"),
    [
        # The smallest stack has the best hand: only the main pot; side pots without them.
        ([9, 5, 7, 3], [40, 0, 115, 0]),
        # The second smallest has the best hand: main pot and first side pot.
        ([3, 9, 7, 5], [0, 85, 70, 0]),
        # The largest all-in stack has the best hand: every pot.
        ([3, 5, 9, 7], [0, 0, 155, 0]),
    ],
)
def test_spec000_side_pot_winners(strengths: list[int], expected: list[int]) -> None:
    pots = build_pots(STACKS, ALL[:4])
    payouts, _ = award_pots(pots, [high(strengths)])
    assert payouts == expected


def test_spec000_smallest_stack_wins_main_records() -> None:
    pots = build_pots(STACKS, ALL[:4])
    _, awards = award_pots(pots, [high([9, 5, 7, 3])])
    assert awards == [
        Award(0, "high", (0,), (40,)),
        Award(1, "high", (2,), (45,)),
        Award(2, "high", (2,), (70,)),
    ]


def test_one_eligible_seat_takes_its_pot_without_strength() -> None:
    # Everyone else folded: no showdown, no strengths.
    pots = build_pots([5, 15, 5], [False, True, False])
    payouts, awards = award_pots(pots, [high([0, 0, 0])])
    assert payouts == [0, 25, 0]
    assert awards == [Award(0, "high", (1,), (25,))]


def test_pot_with_no_strength_and_no_shares_goes_to_its_seats() -> None:
    payouts, awards = award_pots([Pot(7, (0, 2))], [])
    assert payouts == [4, 0, 3]
    assert awards == [Award(0, "pot", (0, 2), (4, 3))]


def test_a_pot_for_seat_0_alone_with_no_shares_pays_seat_0() -> None:
    # The payout table grows to the highest eligible seat even when no share gives its size.
    payouts, awards = award_pots([Pot(5, (0,))], [])
    assert payouts == [5]
    assert awards == [Award(0, "pot", (0,), (5,))]


def test_a_strength_of_1_is_a_qualifying_hand_and_ties_at_1_split() -> None:
    # Any strength above 0 qualifies: a plugin ranking may score its weakest hand 1.
    payouts, _ = award_pots([Pot(10, (0, 1))], [high([1, 0])])
    assert payouts == [10, 0]
    payouts, _ = award_pots([Pot(10, (0, 1))], [high([1, 1])])
    assert payouts == [5, 5]


def test_a_pot_nobody_qualifies_for_gives_odd_chips_in_the_odd_chip_shares_order() -> None:
    # Nobody has a strength: the eligible seats split it as tied in share odd_chip_share, and
    # the odd chip goes in that share's order (seat 1 first here), not by seat number.
    payouts, awards = award_pots([Pot(3, (0, 1))], [high([0, 0], order=[1, 0])])
    assert payouts == [1, 2]
    assert awards == [Award(0, "high", (1, 0), (2, 1))]


# --- hi-lo -----------------------------------------------------------------------------------


def test_hi_lo_halves() -> None:
    payouts, awards = award_pots([Pot(40, (0, 1, 2))], [high([9, 3, 2]), low([0, 5, 7])])
    assert payouts == [20, 0, 20]
    assert awards == [Award(0, "high", (0,), (20,)), Award(0, "low", (2,), (20,))]


def test_hi_lo_no_qualifying_low_high_takes_all() -> None:
    payouts, awards = award_pots([Pot(41, (0, 1, 2))], [high([9, 3, 2]), low([0, 0, 0])])
    assert payouts == [41, 0, 0]
    assert awards == [Award(0, "high", (0,), (41,))]


def test_hi_lo_scoop() -> None:
    payouts, awards = award_pots([Pot(41, (0, 1))], [high([9, 3]), low([8, 4])])
    assert payouts == [41, 0]
    assert awards == [Award(0, "high", (0,), (21,)), Award(0, "low", (0,), (20,))]


def test_hi_lo_quartering() -> None:
    # Seat 0 has the high; seats 0 and 1 tie for low: seat 0 gets three quarters.
    payouts, _ = award_pots([Pot(80, (0, 1, 2))], [high([9, 3, 2]), low([6, 6, 0])])
    assert payouts == [60, 20, 0]


def test_hi_lo_odd_chip_to_the_high_side() -> None:
    payouts, awards = award_pots(
        [Pot(41, (0, 1))], [high([9, 3]), low([0, 5])], odd_chip_share=0
    )
    assert payouts == [21, 20]
    payouts, awards = award_pots(
        [Pot(41, (0, 1))], [high([9, 3]), low([0, 5])], odd_chip_share=1
    )
    assert payouts == [20, 21]
    assert awards[1] == Award(0, "low", (1,), (21,))


def test_hi_lo_side_pot_low_only_among_its_eligible_seats() -> None:
    # Seat 0 (all in for 10) has the only qualifying low: the side pot goes all high.
    pots = build_pots([10, 30, 30], ALL[:3])
    payouts, _ = award_pots(pots, [high([1, 9, 5]), low([7, 0, 0])])
    assert payouts == [15, 55, 0]


def test_odd_chip_share_falls_back_to_first_qualifying_share() -> None:
    # The odd-chip share (2) did not qualify: the odd chip goes to the first that did.
    shares = [high([9, 0]), low([0, 5]), ShareInput("third", 1, [0, 0], [])]
    payouts, _ = award_pots([Pot(11, (0, 1))], shares, odd_chip_share=2)
    assert payouts == [6, 5]


def test_weights_other_than_halves() -> None:
    shares = [high([9, 1, 0], weight=2), low([0, 5, 0])]
    payouts, _ = award_pots([Pot(30, (0, 1, 2))], shares)
    assert payouts == [20, 10, 0]
    # 31 by 2:1 is 20 and 10, and the odd chip to the high side.
    payouts, _ = award_pots([Pot(31, (0, 1, 2))], shares)
    assert payouts == [21, 10, 0]
    # Three shares of weight 1 and 32 chips: two odd chips, one each from the odd-chip share.
    shares3 = [high([9, 0, 0]), low([0, 5, 0]), ShareInput("spade", 1, [0, 0, 3], [])]
    payouts, _ = award_pots([Pot(32, (0, 1, 2))], shares3, odd_chip_share=1)
    assert payouts == [10, 11, 11]


# --- ties and odd chips ------------------------------------------------------------------------


def test_tie_splits_equally() -> None:
    payouts, awards = award_pots([Pot(40, (0, 1, 2))], [high([7, 7, 3], [1, 0, 2])])
    assert payouts == [20, 20, 0]
    assert awards == [Award(0, "high", (1, 0), (20, 20))]


def test_three_way_tie_odd_chips_one_each_in_order() -> None:
    # 20 chips, three winners: 6 each and 2 odd chips to the first two in the order.
    share = high([5, 5, 5, 5], [2, 0, 3, 1])
    payouts, awards = award_pots([Pot(20, (0, 1, 2))], [share])
    assert payouts == [7, 6, 7, 0]
    assert awards == [Award(0, "high", (2, 0, 1), (7, 7, 6))]


def test_odd_chip_order_missing_seats_come_after_in_seat_order() -> None:
    payouts, _ = award_pots([Pot(11, (0, 1, 2))], [high([5, 5, 5], [2])])
    assert payouts == [4, 3, 4]


def test_quartering_with_odd_chips() -> None:
    # 43 chips: high 22 (odd chip to high) to seat 0; low 21 tied by 0 and 1, odd chip by order.
    payouts, _ = award_pots([Pot(43, (0, 1))], [high([9, 3]), low([6, 6], [1, 0])])
    assert payouts == [32, 11]


def test_award_pots_rejects_bad_input() -> None:
    with pytest.raises(StudkitError, match="odd_chip_share 2"):
        award_pots([Pot(4, (0,))], [high([1])], odd_chip_share=2)
    with pytest.raises(StudkitError, match="weight 0"):
        award_pots([Pot(4, (0,))], [high([1], weight=0)])
    with pytest.raises(StudkitError, match="eligible seat 3 has no strength"):
        award_pots([Pot(4, (0, 3))], [high([1, 2])])
    with pytest.raises(StudkitError, match="no eligible seat"):
        award_pots([Pot(4, ())], [high([1])])


# --- properties --------------------------------------------------------------------------------


@st.composite
def hands(draw: st.DrawFn) -> tuple[list[int], list[bool], list[list[int]]]:
    seats = draw(st.integers(2, 8))
    contributions = draw(st.lists(st.integers(0, 200), min_size=seats, max_size=seats))
    live = draw(st.lists(st.booleans(), min_size=seats, max_size=seats))
    live[draw(st.integers(0, seats - 1))] = True
    n_shares = draw(st.integers(1, 3))
    strengths = [
        draw(st.lists(st.integers(0, 4), min_size=seats, max_size=seats)) for _ in range(n_shares)
    ]
    return contributions, live, strengths


@settings(max_examples=300, deadline=None)
@given(hands(), st.data())
def test_chips_conserved_and_never_negative(
    hand: tuple[list[int], list[bool], list[list[int]]], data: st.DataObject
) -> None:
    contributions, live, strengths = hand
    pots = build_pots(contributions, live)
    assert sum(pot.amount for pot in pots) == sum(contributions)
    for pot in pots:
        assert pot.amount > 0 and pot.eligible
        assert all(live[seat] for seat in pot.eligible)
    for earlier, later in zip(pots, pots[1:], strict=False):
        assert set(later.eligible) < set(earlier.eligible)
    seats = len(contributions)
    order = data.draw(st.permutations(range(seats)))
    weights = data.draw(st.lists(st.integers(1, 3), min_size=len(strengths),
                                 max_size=len(strengths)))
    shares = [
        ShareInput(f"s{i}", weight, s, order)
        for i, (weight, s) in enumerate(zip(weights, strengths, strict=True))
    ]
    payouts, awards = award_pots(pots, shares)
    assert sum(payouts) == sum(contributions)
    assert all(chips >= 0 for chips in payouts)
    assert sum(sum(award.amounts) for award in awards) == sum(contributions)
    for award in awards:
        # Tied winners never differ by more than one chip.
        assert max(award.amounts) - min(award.amounts) <= 1
        assert set(award.seats) <= set(pots[award.pot].eligible)


def test_dead_money_goes_to_the_main_pot_and_makes_no_side_pot() -> None:
    """A payment to stay in (Baseball) is nobody's stake: the loser who paid cannot get it back."""
    # Seat 1 paid 6 to stay in; all three put 10 in the betting.
    pots = build_pots([10, 10, 10], [True, True, True], dead=6)
    assert pots == [Pot(36, (0, 1, 2))]
    # With an all-in for less, the dead chips still sit in the main pot.
    pots = build_pots([4, 10, 10], [True, True, True], dead=6)
    assert pots == [Pot(18, (0, 1, 2)), Pot(12, (1, 2))]
    # The main pot keeps its own chips plus the dead ones (15 + 6), whatever the side pot holds.
    pots = build_pots([5, 10, 10], [True, True, True], dead=6)
    assert pots == [Pot(21, (0, 1, 2)), Pot(10, (1, 2))]
    # As many dead chips as staked ones: a pot of both, not an empty table.
    assert build_pots([3, 3], [True, True], dead=6) == [Pot(12, (0, 1))]
    with pytest.raises(StudkitError, match="dead"):
        build_pots([1, 1], [True, True], dead=-1)
