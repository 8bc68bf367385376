"""``--stakes``: parsing, applying to a variant, and the errors for bad amounts."""

from __future__ import annotations

import argparse

import pytest

from studkit.errors import StakesError
from studkit.variant.loader import load_variant
from studkit.variant.stakes import add_stakes_argument, apply_stakes, parse_stakes, stakes_text


def test_parse_every_key() -> None:
    assert parse_stakes("ante=1,bring-in=2,small=5,big=10,min=1,max=5,last-max=10") == {
        "ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10,
        "spread_min": 1, "spread_max": 5, "last_round_max": 10,
    }
    assert parse_stakes(" Ante = 3 , bring_in=1 ") == {"ante": 3, "bring_in": 1}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "--stakes '': give amounts like ante=1,bring-in=2,small=5,big=10"),
        ("ante=1,,big=10", "--stakes 'ante=1,,big=10': empty item between commas"),
        ("ante", "--stakes: 'ante' is not KEY=AMOUNT; accepted keys: ante, bring-in, small, "
         "big, min, max, last-max, small-blind, big-blind"),
        ("smal=5", "--stakes: unknown key 'smal' in 'smal=5' (did you mean 'small'?); accepted "
         "keys: ante, bring-in, small, big, min, max, last-max, small-blind, big-blind"),
        ("ante=1,ante=2", "--stakes: 'ante' is given twice (in 'ante=2')"),
        ("big=ten", "--stakes: 'big=ten': the amount must be a number such as 2 or 0.25, "
         "0 or more, with at most 6 decimal places, not 'ten'"),
        ("big=-5", "--stakes: 'big=-5': the amount must be a number such as 2 or 0.25, "
         "0 or more, with at most 6 decimal places, not '-5'"),
        ("small=0.0000001", "--stakes: 'small=0.0000001': the amount must be a number such as "
         "2 or 0.25, 0 or more, with at most 6 decimal places, not '0.0000001'"),
    ],
)
def test_parse_errors_name_the_item(text: str, message: str) -> None:
    with pytest.raises(StakesError) as caught:
        parse_stakes(text)
    assert str(caught.value) == message


def test_apply_replaces_amounts_only() -> None:
    stud = load_variant("seven-card-stud")
    bigger = apply_stakes(stud, "ante=5,bring-in=10,small=25,big=50")
    assert (bigger.stakes.ante, bigger.stakes.bring_in) == (5, 10)
    assert (bigger.stakes.small_bet, bigger.stakes.big_bet) == (25, 50)
    assert bigger.streets == stud.streets and bigger.betting == stud.betting
    assert apply_stakes(stud, None) is stud
    assert apply_stakes(stud, {"bring-in": 3, "ante": 0}).forced_bets.ante is False
    assert stakes_text(bigger.stakes) == "ante=5,bring-in=10,small=25,big=50"


@pytest.mark.parametrize(
    ("variant", "text", "message"),
    [
        ("seven-card-stud", "bring-in=5",
         "--stakes bring-in=5 does not fit seven-card-stud: bring-in 5 must be less than the "
         "small bet 5"),
        ("seven-card-stud", "small=20,big=10",
         "--stakes small=20,big=10 does not fit seven-card-stud: small bet 20 is more than "
         "the big bet 10"),
        ("seven-card-stud", "max=5",
         "--stakes max=5 does not fit seven-card-stud: spread_max only applies to "
         "spread-limit; this game is fixed-limit"),
        ("spread-limit-home-stud", "min=6",
         "--stakes min=6 does not fit spread-limit-home-stud: spread_min 6 is more than "
         "spread_max 5"),
        ("spread-limit-home-stud", "last-max=4",
         "--stakes last-max=4 does not fit spread-limit-home-stud: last_round_max 4 is less "
         "than spread_max 5"),
        ("seven-card-stud", "bring-in=0", "--stakes: bring-in=0: a bring-in must be at least 1"),
        ("seven-card-stud", "big=0", "--stakes: big=0: must be at least 1"),
    ],
)
def test_apply_refuses_amounts_that_break_the_game(
    variant: str, text: str, message: str
) -> None:
    with pytest.raises(StakesError) as caught:
        apply_stakes(load_variant(variant), text)
    assert str(caught.value) == message


def test_no_bring_in_game_refuses_a_bring_in(tmp_path: object) -> None:
    from studkit.variant.loader import load_variant_text

    game = load_variant_text("studkit: 1\nname: open\nforced_bets: {bring_in: null}\n")
    with pytest.raises(StakesError, match="open has no bring-in"):
        apply_stakes(game, "bring-in=2")
    assert apply_stakes(game, "ante=2").stakes.ante == 2


def test_mapping_keys_are_checked() -> None:
    stud = load_variant("seven-card-stud")
    with pytest.raises(StakesError, match="unknown key 'blind'"):
        apply_stakes(stud, {"blind": 2})
    with pytest.raises(StakesError, match="must be a number such as 2 or 0.25"):
        apply_stakes(stud, {"ante": -1})


def test_add_stakes_argument_gives_every_command_the_same_flag() -> None:
    parser = argparse.ArgumentParser()
    add_stakes_argument(parser)
    assert parser.parse_args(["--stakes", "ante=2"]).stakes == "ante=2"
    assert parser.parse_args([]).stakes is None


def test_the_big_bet_unit_of_each_betting_structure() -> None:
    from studkit.variant.stakes import big_bet_unit

    assert big_bet_unit(load_variant("seven-card-stud")) == 10
    assert big_bet_unit(load_variant("no-limit-seven-card-stud")) == 10
    # spread limit: the spread's largest bet, not the inherited fixed-limit big bet
    home = load_variant("spread-limit-home-stud")
    assert (home.stakes.big_bet, home.stakes.spread_max) == (10, 5)
    assert big_bet_unit(home) == 5
    assert big_bet_unit(apply_stakes(home, "max=8")) == 8
