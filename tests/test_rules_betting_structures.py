"""Bet and raise sizes, rule by rule, on the betting structures themselves (the rules
core's ``structures.c``, through studkit.engine.betting): what totals may be bet or raised
to, and which aggressive actions are full ones that reopen the betting.

Each test sets up one betting round (:class:`~studkit.engine.betting.BettingRound`) in the
state a street reaches and asks the structure, so every comparison of the sizing rules is
pinned by a case a player meets at the table.
"""

from __future__ import annotations

from studkit.core.compile import core_rules
from studkit.engine.betting import STRUCTURES, BettingRound
from studkit.variant.model import Variant

FIXED = STRUCTURES["fixed-limit"]
SPREAD = STRUCTURES["spread-limit"]
POT = STRUCTURES["pot-limit"]
NO_LIMIT = STRUCTURES["no-limit"]
RULES = core_rules(Variant(name="stud"))
"""The compiled rules the rounds are played under, each with its own bets and switches."""


def betting_round(
    *, bet: int = 0, last_full: int = 0, increment: int = 0, min_bet: int = 10,
    max_bet: int = 50,
) -> BettingRound:
    rules = RULES.replace(big_bet=20, round_min=min_bet, half_bet=1)
    r = BettingRound(3, rules, max_bet=max_bet)
    r.bet, r.last_full, r.increment = bet, last_full, increment
    return r


# ------------------------------------------------------------------ fixed limit


def fixed_round(
    *, last_full: int, size: int = 10, big_bet: int = 20, half_bet: bool = False,
    open_pair: bool = False, big_made: bool = False, bring_in: int = 0,
) -> BettingRound:
    rules = RULES.replace(big_bet=big_bet, round_min=size, half_bet=half_bet)
    r = BettingRound(3, rules, max_bet=size)
    r.size, r.open_pair, r.big_made, r.bring_in = size, open_pair, big_made, bring_in
    r.bet = r.last_full = last_full
    return r


def test_fixed_limit_raise_of_exactly_one_bet_is_full_without_the_half_bet_rule() -> None:
    r = fixed_round(last_full=10)
    assert FIXED.record(r, 20) is True
    assert r.last_full == 20


def test_fixed_limit_small_raise_on_an_open_pair_does_not_make_the_rest_go_big() -> None:
    """Fourth street with a pair showing: a raise by the small bet (10 to 20) is full, and
    the big-bet steps start only after a raise by the big bet."""
    r = fixed_round(last_full=10, open_pair=True)
    assert FIXED.record(r, 20) is True
    assert r.big_made is False
    assert FIXED.record(r, 40) is True
    assert r.big_made is True


def test_fixed_limit_after_a_big_bet_a_small_raise_is_not_full() -> None:
    """Once a big bet was made under the open-pair option, a raise must be by the big bet
    to be full: a short all-in of the small bet (20 to 30) does not reopen the betting."""
    r = fixed_round(last_full=20, open_pair=True, big_made=True)
    assert FIXED.record(r, 30) is False
    assert r.last_full == 20


def test_fixed_limit_half_bet_rule_measures_a_short_all_in_from_the_bring_in() -> None:
    """Third street, bring-in 5, completion to 20: an all-in to 12 adds 7 to the bring-in,
    less than half the completion, so it is not a full raise (measured from nothing it
    would be 12, more than half)."""
    r = fixed_round(last_full=0, size=20, half_bet=True, bring_in=5)
    r.bet = 5
    assert FIXED.record(r, 12) is False
    assert r.last_full == 0
    assert FIXED.record(r, 15) is True  # 10 over the bring-in: half the completion


# ------------------------------------------------------------------ spread limit


def test_spread_limit_opening_bet_is_anywhere_from_the_minimum_to_the_maximum() -> None:
    assert SPREAD.targets(betting_round(), 0, 0) == [(10, 50)]


def test_spread_limit_raise_is_at_least_the_previous_raise_when_it_exceeds_the_minimum() -> None:
    """A bet of 40 after a raise of 20: the next raise is by 20 to 50, up to the spread's 50
    above the last full bet."""
    r = betting_round(bet=40, last_full=40, increment=20)
    assert SPREAD.targets(r, 40, 0) == [(60, 90)]


def test_spread_limit_raise_after_a_short_all_in_is_more_than_the_current_bet() -> None:
    """A short all-in to 45 over a full bet of 40 (minimum 5): a raise by the minimum from the
    last full bet would only match 45, so the smallest raise is to 46."""
    r = betting_round(bet=45, last_full=40, increment=5, min_bet=5)
    assert SPREAD.targets(r, 45, 0) == [(46, 90)]


def test_spread_limit_raise_range_never_closes_below_its_minimum() -> None:
    """A short all-in to 55 above a full bet of 40 with a spread of 10: the largest raise
    (40 + 10) is below the smallest (56), so the one total allowed is 56."""
    r = betting_round(bet=55, last_full=40, min_bet=10, max_bet=10)
    assert SPREAD.targets(r, 55, 0) == [(56, 56)]


def test_spread_limit_raise_by_the_minimum_is_full_and_sets_the_next_raise() -> None:
    r = betting_round(bet=40, last_full=40)
    assert SPREAD.record(r, 50) is True
    assert (r.last_full, r.increment) == (50, 10)


def test_spread_limit_raise_short_of_the_minimum_does_not_reopen_the_betting() -> None:
    r = betting_round(bet=40, last_full=40)
    assert SPREAD.record(r, 45) is False
    assert (r.last_full, r.increment) == (40, 0)


def test_spread_limit_raise_short_of_the_previous_raise_does_not_reopen_the_betting() -> None:
    """After a raise of 20, a raise of 10 (the spread's minimum) is not a full one."""
    r = betting_round(bet=40, last_full=40, increment=20)
    assert SPREAD.record(r, 50) is False
    assert (r.last_full, r.increment) == (40, 20)


# ------------------------------------------------------------------ pot limit


def test_pot_limit_bet_is_at_least_the_minimum_even_when_the_pot_is_smaller() -> None:
    """An opening bet must be at least the minimum (100) though the pot holds 20: the one
    total allowed is 100."""
    assert POT.targets(betting_round(increment=100), 0, 20) == [(100, 100)]


def test_pot_limit_raise_is_at_most_the_pot_after_calling() -> None:
    """Facing a bet of 100 into a pot of 300 (bet included), a raise goes from 200 to
    100 + 300 + 100."""
    assert POT.targets(betting_round(bet=100, last_full=100, increment=100), 100, 300) == [
        (200, 500)
    ]


# ------------------------------------------------------------------ pot and no limit


def test_big_bet_raise_of_the_last_raise_is_full_and_sets_the_minimum_raise() -> None:
    r = betting_round(bet=100, last_full=100, increment=100)
    assert NO_LIMIT.record(r, 250) is True
    assert (r.last_full, r.increment) == (250, 150)


def test_big_bet_short_all_in_raise_does_not_reopen_the_betting() -> None:
    """A raise of 50 when the last full raise was 100 is not a full raise: the last full
    total and the minimum raise stay."""
    r = betting_round(bet=100, last_full=100, increment=100)
    assert NO_LIMIT.record(r, 150) is False
    assert (r.last_full, r.increment) == (100, 100)


def test_big_bet_short_all_ins_adding_up_to_a_full_raise_reopen_the_betting() -> None:
    """A full bet of 100, a short all-in to 150, then an all-in to 200: 200 is a full raise
    over the last full total (100), so the betting reopens; the minimum raise stays 100."""
    r = betting_round(bet=150, last_full=100, increment=100)
    assert POT.record(r, 200) is True
    assert (r.last_full, r.increment) == (200, 100)


# ------------------------------------------------------------------ the forced player's open


def test_big_bet_forced_player_may_open_for_twice_the_bring_in() -> None:
    """In pot and no limit the forced player may bet instead of bringing in: at least twice
    the bring-in, up to the pot (pot limit) or everything (no limit)."""
    assert POT.forced_targets(betting_round(), 10, 100) == [(20, 100)]
    assert NO_LIMIT.forced_targets(betting_round(), 10, 100) == [(20, 1 << 62)]


def test_pot_limit_forced_open_is_twice_the_bring_in_even_above_the_pot() -> None:
    assert POT.forced_targets(betting_round(), 10, 15) == [(20, 20)]
