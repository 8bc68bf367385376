"""Amounts as a player writes them (0.25, 1.50, 2): variant files, ``--stakes``, ``studkit
show`` and the hand's verbs, with the engine counting in whole units of the smallest
decimal place the table uses."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

import studkit.cli
from studkit import Hand
from studkit.engine.table import Table
from studkit.errors import IllegalActionError, StakesError
from studkit.variant.amounts import (
    amount_scale,
    amount_text,
    as_amount,
    format_amount,
    from_units,
    json_amount,
    to_units,
)
from studkit.variant.loader import load_variant, load_variant_text
from studkit.variant.model import Stakes
from studkit.variant.stakes import apply_stakes, parse_stakes, stakes_text
from studkit.variant.yaml_source import VariantFileError

DOLLAR_STUD = Path(__file__).resolve().parents[1] / "examples" / "house" / "dollar-stud.yaml"


def test_amounts_go_to_units_and_back() -> None:
    amounts = [as_amount("0.25"), as_amount(0.5), as_amount(1), as_amount("2")]
    assert amounts == [Decimal("0.25"), Decimal("0.5"), 1, 2]
    scale = amount_scale(amounts)
    assert scale == 100
    assert [to_units(a, scale) for a in amounts] == [25, 50, 100, 200]
    assert from_units(1275, 100) == Decimal("12.75") and from_units(200, 100) == 2
    assert [format_amount(u, 100) for u in (1275, 50, 200)] == ["12.75", "0.50", "2"]
    assert json_amount(1275, 100) == 12.75 and type(json_amount(200, 100)) is int
    assert format_amount(7, 1) == "7" and type(json_amount(7, 1)) is int
    assert amount_scale([1, 2, None]) == 1
    assert amount_text(as_amount("1.50")) == "1.5" and amount_text(as_amount(2.0)) == "2"


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("ten", "amount 'ten': expected a number such as 2 or 0.25"),
        (-1, "amount -1: must be 0 or more"),
        ("0.0000001", "amount '0.0000001': 7 decimal places; at most 6 are supported"),
        (True, "amount True: expected a number such as 2 or 0.25"),
    ],
)
def test_a_bad_amount_says_what_is_wrong(value: object, message: str) -> None:
    with pytest.raises(StakesError) as caught:
        as_amount(value)
    assert str(caught.value) == message


def test_an_amount_finer_than_the_table_names_its_smallest_amount() -> None:
    with pytest.raises(StakesError) as caught:
        to_units(as_amount("0.125"), 100, what="bet")
    assert str(caught.value) == "bet 0.125 is finer than this table's smallest amount 0.01"


def test_the_dollar_stud_file_counts_in_cents_and_shows_dollars(
    capsys: pytest.CaptureFixture[str],
) -> None:
    variant = load_variant(DOLLAR_STUD)
    assert variant.stakes == Stakes(ante=25, bring_in=50, small_bet=100, big_bet=200, scale=100)
    assert variant.stakes.amounts()["ante"] == Decimal("0.25")
    assert studkit.cli.main(["show", str(DOLLAR_STUD)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Betting: fixed limit 1/2" in out
    assert "Every player antes 0.25 before the deal." in out
    assert "brings in for 0.50 (ties by suit" in out
    assert "Fixed limit: bets of 1 and 2." in out


def test_whole_stakes_keep_their_whole_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    variant = load_variant("seven-card-stud")
    assert variant.stakes.scale == 1 and variant.stakes.ante == 1
    assert studkit.cli.main(["show", "seven-card-stud"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Every player antes 1 before the deal." in out
    assert "Fixed limit: bets of 5 and 10." in out


def test_an_inherited_bring_in_above_the_new_bets_is_named_with_a_fix() -> None:
    text = (
        "studkit: 1\nextends: seven-card-stud\nname: cheap\nbetting: {small_bet: 1, big_bet: 2}\n"
    )
    with pytest.raises(VariantFileError) as caught:
        load_variant_text(text, "cheap.yaml")
    message = str(caught.value)
    assert "clashes with the inherited forced_bets.bring_in.amount: 2 (seven-card-stud.yaml:" in (
        message
    )
    assert message.endswith(
        "bring-in 2 must be less than the small bet 1: set the bring-in too, e.g. "
        "forced_bets: {bring_in: {amount: 0.5}}"
    )


@pytest.mark.parametrize(
    ("amounts", "message"),
    [
        (
            "forced_bets: {ante: 0.0000001}",
            "forced_bets.ante: 0.0000001 has 7 decimal places: at most 6 are supported (0.000001)",
        ),
        ("betting: {small_bet: 0}", "betting.small_bet: must be more than 0"),
    ],
)
def test_a_file_amount_that_cannot_be_played_is_refused(amounts: str, message: str) -> None:
    text = f"studkit: 1\nextends: seven-card-stud\nname: odd\n{amounts}\n"
    with pytest.raises(VariantFileError) as caught:
        load_variant_text(text, "odd.yaml")
    assert message in str(caught.value)


def test_stakes_take_decimal_amounts() -> None:
    assert parse_stakes("ante=0.1,bring-in=0.25,small=0.5,big=1") == {
        "ante": Decimal("0.1"),
        "bring_in": Decimal("0.25"),
        "small_bet": Decimal("0.5"),
        "big_bet": 1,
    }
    variant = apply_stakes(
        load_variant("seven-card-stud"), "ante=0.1,bring-in=0.25,small=0.5,big=1"
    )
    assert variant.stakes == Stakes(ante=10, bring_in=25, small_bet=50, big_bet=100, scale=100)
    assert stakes_text(variant.stakes) == "ante=0.1,bring-in=0.25,small=0.5,big=1"
    assert apply_stakes(load_variant(DOLLAR_STUD), "ante=0.05").stakes.ante == 5


def test_stakes_refuse_an_amount_that_is_not_one() -> None:
    with pytest.raises(StakesError) as caught:
        parse_stakes("big=ten")
    assert str(caught.value) == (
        "--stakes: 'big=ten': the amount must be a number such as 2 or 0.25, 0 or more, "
        "with at most 6 decimal places, not 'ten'"
    )


def test_the_hand_takes_the_players_amounts_and_names_the_smallest() -> None:
    variant = load_variant(DOLLAR_STUD)
    stacks = [to_units(as_amount(s), variant.stakes.scale) for s in ("100", 100, "50.25")]
    hand = Table(variant, stacks).new_hand(seed=1)
    assert hand.stacks == [9975, 9975, 5000]  # cents, after the 0.25 antes
    hand.bring_in()
    assert hand.can_complete("1") and hand.can_complete(Decimal("1.00"))
    assert not hand.can_complete("0.995")
    hand.complete("1.00")
    with pytest.raises(IllegalActionError) as caught:
        hand.raise_to("2.001")
    assert "raise to '2.001' (not a multiple of this table's smallest amount 0.01)" in str(
        caught.value
    )
    assert str(caught.value).endswith("legal actions are fold, call 1, raise to 2")
    raiser = hand.actor
    assert raiser is not None
    hand.raise_to(2)
    assert hand.bets[raiser] == 200


def test_a_whole_table_still_counts_whole_chips() -> None:
    hand = Hand(load_variant("seven-card-stud"), [200, 200, 200], seed=3)
    assert hand.rules.stakes.scale == 1
    hand.bring_in()
    with pytest.raises(
        IllegalActionError, match=r"complete to 20\.5 \(not a whole number of chips\)"
    ):
        hand.complete(20.5)
