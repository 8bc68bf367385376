"""``studkit tune``: searches with known answers, the file it writes, and its errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import ROOT

from studkit.cli import main
from studkit.simulation import simulate
from studkit.tune import parse_param, parse_target, tune
from studkit.variant.loader import load_variant
from studkit.variant.number_edits import set_numbers


def test_four_calling_stations_find_the_ante_of_a_two_big_bet_pot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four calling stations: every pot of seven-card stud is 4 x ante + 8 chips, so a mean
    pot of 2.0 big bets (20 chips) is an ante of 3."""
    monkeypatch.chdir(tmp_path)
    code = main(["tune", "seven-card-stud", "--param", "forced_bets.ante=0..10", "--target",
                 "mean_pot_bb=2.0", "--players", "4", "--bots", "calling-station", "--out",
                 "t.yaml", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["best"] == {"forced_bets.ante": 3}
    (found,) = data["metrics"].values()
    assert found["metric"] == "mean_pot_bb" and found["value"] == 2.0 and found["met"]
    assert found["ci95"] == [2.0, 2.0]
    assert data["file"] == "t.yaml" and data["met"] is True
    text = (tmp_path / "t.yaml").read_text()
    assert "extends: seven-card-stud" in text and "ante: 3" in text
    report = simulate(load_variant(str(tmp_path / "t.yaml")), hands=2000, players=4,
                      bots="calling-station", seed=5, workers=1)
    assert report.statistics()["mean_pot_bb"] == 2.0
    # more hands only where the decision is close: one candidate left after the first round
    assert data["rounds"] == [{"hands": 500, "candidates": 11},
                              {"hands": 10_000, "candidates": 1}]


def test_two_parameters_and_a_design_metric() -> None:
    # the pot after third street: 4 antes and 4 bring-ins, (4a + 4b) / 10 big bets
    result = tune("seven-card-stud",
                  [parse_param("forced_bets.ante=0..3"),
                   parse_param("forced_bets.bring_in.amount=1..4")],
                  [parse_target("pot_bb_by_street.third=2.0")],
                  players=4, bots="calling-station", hands=1000)
    assert result.best.values == {"forced_bets.ante": 1, "forced_bets.bring_in.amount": 4}
    assert result.met and len(result.candidates) == 16


def test_an_inequality_target_and_values_that_make_no_variant() -> None:
    result = tune("seven-card-stud", [parse_param("forced_bets.bring_in.amount=2..7")],
                  [parse_target("mean_pot_bb<=1.4")], players=4, bots="calling-station",
                  hands=600)
    # a bring-in of 5 or more is not below the small bet (5): not a valid variant
    assert [s.split(":")[0] for s in result.skipped] == [
        "forced_bets.bring_in.amount=5", "forced_bets.bring_in.amount=6",
        "forced_bets.bring_in.amount=7"]
    assert result.skipped[0].endswith("must be less than the small bet 5")
    assert result.best.values == {"forced_bets.bring_in.amount": 2}  # 1.2 bb, the first met
    assert result.best.miss == 0.0


def test_noisy_bots_drop_the_candidates_that_are_clearly_worse() -> None:
    result = tune("razz", [parse_param("forced_bets.ante=0..6")],
                  [parse_target("mean_pot_bb=6.0")], players=5, bots="random", hands=4000)
    hands = [h for h, _ in result.rounds]
    alive = [n for _, n in result.rounds]
    assert hands[0] == 500 and hands[-1] == 4000
    assert alive[0] == 7 and alive[-1] < 7
    assert result.best.hands == 4000
    best = result.best.metrics["mean_pot_bb"].value
    assert best is not None
    # no candidate measured with every hand comes closer
    for candidate in result.candidates:
        if candidate.hands == 4000:
            assert candidate.miss >= result.best.miss


def test_a_variant_file_is_extended_by_its_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    club = ROOT / "examples" / "house" / "club-stud.yaml"
    out = tmp_path / "tuned.yaml"
    code = main(["tune", str(club), "--param", "betting.max_raises=3..4", "--target",
                 "mean_actions>=1", "--hands", "100", "--players", "3", "--out", str(out)])
    assert code == 0
    text = out.read_text()
    assert "extends: " in text and "club-stud.yaml" in text
    tuned = load_variant(str(out))
    assert tuned.name == "club-stud-tuned" and tuned.stakes.small_bet == 10
    assert "best: betting.max_raises=3" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--param", "forced_bets.ante=0-10", "--target", "mean_pot_bb=2"], "KEY=LO..HI"),
        (["--param", "forced_bets.ante=5..1", "--target", "mean_pot_bb=2"], "is empty"),
        (["--param", "forced_bets.antes=0..4", "--target", "mean_pot_bb=2"],
         "no value in the ranges makes a valid variant: forced_bets.antes=0, forced_bets.antes=1,"
         " forced_bets.antes=2 and 2 more: forced_bets: unknown key 'antes'"),
        (["--param", "forced_bets.ante=0..2", "--target", "mean_pot=2"],
         "unknown metric 'mean_pot' (did you mean 'mean_pot_bb'?)"),
        (["--param", "forced_bets.ante=0..2", "--target", "mean_pot_bb~2"], "METRIC=V"),
        (["--param", "forced_bets.ante=0..2", "--target", "mean_pot_bb=two"],
         "is not a number"),
        (["--param", "forced_bets.ante=0..2", "--target", "pot_bb_by_street.ninth=1"],
         "no street 'ninth'"),
        (["--param", "forced_bets.ante=0..2", "--param", "forced_bets.ante=1..2", "--target",
          "mean_pot_bb=2"], "given twice"),
        (["--param", "forced_bets.ante=0..100", "--param", "betting.big_bet=10..40",
          "--target", "mean_pot_bb=2"], "narrow the ranges"),
        (["--param", "forced_bets.ante=0..2", "--target", "mean_pot_bb=2", "--out",
          "/no/such/folder/t.yaml"], "not a file in an existing folder"),
    ],
)
def test_bad_searches_are_refused_with_a_reason(
    args: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["tune", "seven-card-stud", "--hands", "20", "--players", "3", *args])
    assert code == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_numbers_are_set_where_they_stand_and_missing_sections_added() -> None:
    from conftest import run_doctests

    assert run_doctests("studkit.variant.number_edits") == (0, 3)
    text = ("studkit: 1\nextends: seven-card-stud\nname: mine\nforced_bets:\n"
            "  ante: 2   # agreed\n  bring_in: {amount: 3}\n")
    edited, unplaced = set_numbers(text, {
        "forced_bets.ante": 5, "forced_bets.bring_in.amount": 4, "betting.small_bet": 6,
        "betting.big_bet": 12, "forced_bets.blinds.small": 1})
    assert edited == ("studkit: 1\nextends: seven-card-stud\nname: mine\nforced_bets:\n"
                      "  ante: 5   # agreed\n  bring_in: {amount: 4}\n"
                      "betting:\n  small_bet: 6\n  big_bet: 12\n")
    assert unplaced == ["forced_bets.blinds.small"]  # a section the file has, without the key
    assert load_variant_text_ok(edited)


def load_variant_text_ok(text: str) -> bool:
    from studkit.variant.loader import load_variant_text

    variant = load_variant_text(text)
    return variant.stakes.ante == 5 and variant.stakes.big_bet == 12
