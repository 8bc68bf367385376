"""Every output and input of the commands speaks the player's amounts: a $0.25/$0.50 table
(scale 100, counting in cents) plays the same hands as a table of whole chips at 100 times
the amounts, and every chip figure it shows is that table's divided by 100."""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from studkit.cli import main
from studkit.engine import Hand
from studkit.history import loads
from studkit.history.record import from_hand
from studkit.history.replay import replay
from studkit.play.commands import CommandError, parse_command
from studkit.play.render import PLAIN, table_text
from studkit.play.table_view import choices_for, table_state
from studkit.simulation import simulate
from studkit.tune import parse_param
from studkit.variant.loader import load_variant, load_variant_text

ROOT = Path(__file__).resolve().parent.parent
DOLLAR = str(ROOT / "examples" / "house" / "dollar-stud.yaml")
CENTS = """studkit: 1
extends: seven-card-stud
name: cent-stud
forced_bets: {ante: 25, bring_in: {amount: 50}}
betting: {small_bet: 100, big_bet: 200}
"""


def _cents() -> Any:
    return load_variant_text(CENTS, "<cents>")


def _scaled(value: Any) -> Fraction:
    return Fraction(str(value)) / 100


def test_simulate_json_figures_are_the_whole_chip_table_divided_by_the_scale() -> None:
    dollars = simulate(DOLLAR, hands=60, players=3, seed=7).to_json()
    cents = simulate(_cents(), hands=60, players=3, seed=7).to_json()
    assert dollars["stakes"] == {
        "ante": 0.25,
        "bring_in": 0.5,
        "small_bet": 1,
        "big_bet": 2,
        "spread_min": None,
        "spread_max": None,
        "last_round_max": None,
    }
    assert cents["stakes"]["ante"] == 25 and dollars["big_bet"] == 2
    for mine, theirs in zip(dollars["seats"], cents["seats"], strict=True):
        assert Fraction(str(mine["net"])) == _scaled(theirs["net"])
        assert isinstance(theirs["net"], int)
        assert mine["net_bb"] == theirs["net_bb"] and mine["ci95"] == theirs["ci95"]
    assert Fraction(str(dollars["median_pot"])) == _scaled(cents["median_pot"])
    assert dollars["mean_pot"] == pytest.approx(cents["mean_pot"] / 100, rel=1e-15)
    assert dollars["mean_pot_bb"] == cents["mean_pot_bb"]
    sizes = [Decimal(k) * 100 for k in dollars["pot_sizes"]]
    assert sizes == [Decimal(k) for k in cents["pot_sizes"]]
    assert list(dollars["pot_sizes"].values()) == list(cents["pot_sizes"].values())


def test_simulate_text_and_the_stack_option_speak_amounts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(
        [
            "simulate",
            "seven-card-stud",
            "--stakes",
            "ante=0.1,bring-in=0.25,small=0.5,big=1",
            "--hands",
            "30",
            "--players",
            "3",
            "--seed",
            "2",
            "--stack",
            "49.75",
            "--workers",
            "1",
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "stakes ante=0.10, bring-in=0.25, small-bet=0.50, big-bet=1 (1 bb = 1 chips)" in out
    assert (
        main(
            [
                "simulate",
                "seven-card-stud",
                "--stakes",
                "ante=0.1,bring-in=0.25,small=0.5,big=1",
                "--hands",
                "3",
                "--stack",
                "49.755",
            ]
        )
        == 2
    )
    assert (
        "--stack 49.755 is finer than this table's smallest amount 0.01" in capsys.readouterr().err
    )


def test_whole_chip_simulate_prints_as_before(capsys: pytest.CaptureFixture[str]) -> None:
    report = simulate("seven-card-stud", hands=20, players=3, seed=3, stack=500).to_json()
    assert report["stakes"]["ante"] == 1 and isinstance(report["big_bet"], int)
    assert all(isinstance(seat["net"], int) for seat in report["seats"])
    assert all("." not in key for key in report["pot_sizes"])


def _dollar_hand() -> Hand:
    return Hand(load_variant(DOLLAR), [4975, 4975, 4975], seed=11)


def test_play_lines_and_typed_amounts() -> None:
    hand = _dollar_hand()
    choices = choices_for(hand)
    state = table_state(
        hand, viewer=hand.actor, names=["A", "B", "C"], heading="h", choices=choices
    )
    text = table_text(state, PLAIN).plain
    assert "pot 0.75" in text and "49.50" in text
    assert "bring in 0.50" in text and "complete to 1" in text
    completed = parse_command("complete 1", choices)
    assert completed.amount == 100  # the table's units
    with pytest.raises(
        CommandError, match="'1.005' is not a multiple of this table's smallest amount 0.01"
    ):
        parse_command("complete 1.005", choices)


def test_play_heading_and_stack_option(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    code = main(
        ["play", DOLLAR, "--seed", "3", "--players", "3", "--hands", "1", "--stack", "49.75"]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "limit 1/2, ante 0.25, bring-in 0.50" in out
    assert "Antes: 0.25 each" in out
    assert "your stack 49.50" in out or "Stacks: " in out


def test_a_decimal_hand_history_round_trips() -> None:
    hand = _dollar_hand()
    while not hand.is_over:
        legal = hand.legal_actions()
        call = next((a for a in legal if a.kind in ("call", "check", "bring-in")), legal[0])
        hand.apply(call)
    text = from_hand(hand)
    assert "antes = [0.25, 0.25, 0.25]" in text
    assert "bring_in = 0.5" in text and "starting_stacks = [49.75, 49.75, 49.75]" in text
    history = loads(text)[0]
    again = replay(history)
    assert again.hand is not None and again.hand.stacks == hand.stacks
    assert again.scale == 100


def test_compare_warns_with_player_amounts(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "compare",
            "seven-card-stud",
            DOLLAR,
            "--hands",
            "30",
            "--players",
            "3",
            "--seed",
            "1",
            "--workers",
            "1",
            "--json",
        ]
    )
    captured = capsys.readouterr()
    assert code == 0
    data = json.loads(captured.out)
    warning = (
        "the stakes differ: seven-card-stud at ante=1, bring-in=2, small-bet=5, "
        "big-bet=10 (1 bb = 10 chips); dollar-stud at ante=0.25, bring-in=0.50, "
        "small-bet=1, big-bet=2 (1 bb = 2 chips)"
    )
    assert any(w.startswith(warning) for w in data["warnings"])


def test_compare_of_the_same_big_bet_at_another_scale_warns_nothing(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    other = tmp_path / "dollars.yaml"
    other.write_text(
        "studkit: 1\nextends: seven-card-stud\nname: dollars\n"
        "forced_bets: {ante: 0.5, bring_in: {amount: 0.5}}\n"
        "betting: {small_bet: 1, big_bet: 2}\n"
    )
    assert (
        main(
            [
                "compare",
                str(other),
                DOLLAR,
                "--hands",
                "20",
                "--players",
                "3",
                "--seed",
                "1",
                "--workers",
                "1",
                "--no-odds",
            ]
        )
        == 0
    )
    assert "the stakes differ" not in capsys.readouterr().err


def test_show_and_diff_speak_amounts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "seven-card-stud", DOLLAR]) == 0
    out = capsys.readouterr().out
    assert "ante: 1 -> 0.25" in out and "bring-in amount: 2 -> 0.50" in out


def test_tune_ranges_of_decimal_amounts_and_the_file_written(tmp_path: Path) -> None:
    assert parse_param("forced_bets.ante=0.1..0.5").values(100)[:3] == [
        Decimal("0.1"),
        Decimal("0.11"),
        Decimal("0.12"),
    ]
    assert parse_param("forced_bets.ante=0.1..0.5:0.2").values(100) == [
        Decimal("0.1"),
        Decimal("0.3"),
        Decimal("0.5"),
    ]
    assert parse_param("forced_bets.ante=0..2").values(1) == [0, 1, 2]
    out = tmp_path / "tuned.yaml"
    code = main(
        [
            "tune",
            DOLLAR,
            "--param",
            "forced_bets.ante=0.1..0.3:0.2",
            "--target",
            "mean_pot_bb=100",
            "--hands",
            "40",
            "--players",
            "3",
            "--out",
            str(out),
        ]
    )
    assert code == 0
    text = out.read_text()
    assert "ante: 0.3\n" in text
    assert load_variant(str(out)).stakes.amounts()["ante"] == Decimal("0.3")


def test_tune_refuses_decimals_for_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "tune",
                "seven-card-stud",
                "--param",
                "betting.max_raises=2.5..3",
                "--target",
                "mean_pot_bb=2",
                "--hands",
                "10",
            ]
        )
        == 2
    )
    assert "betting.max_raises takes whole numbers" in capsys.readouterr().err
