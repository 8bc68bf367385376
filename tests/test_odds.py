"""``studkit odds`` and :mod:`studkit.evaluation.odds`: exact counts, JSON shape, errors."""

from __future__ import annotations

import json

import pytest

from studkit.cli import main
from studkit.evaluation import get_evaluator
from studkit.evaluation.odds import OddsTable, category_counts, odds_for_evaluators


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> object:
    assert main(["odds", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_shape_is_exact(capsys: pytest.CaptureFixture[str]) -> None:
    document = run_json(capsys, "eight-or-better", "--cards", "5")
    assert document == {
        "evaluator": "eight-or-better",
        "cards": 5,
        "total": 2_598_960,
        "categories": {
            "5-low": 1_024, "6-low": 5_120, "7-low": 15_360, "8-low": 35_840,
            "no-low": 2_541_616,
        },
    }


def test_categories_come_best_first_with_zero_counts_kept(
    capsys: pytest.CaptureFixture[str],
) -> None:
    document = run_json(capsys, "a5-low", "--cards", "5")
    assert isinstance(document, dict)
    assert list(document["categories"]) == list(get_evaluator("a5-low").categories)
    assert sum(document["categories"].values()) == document["total"]


def test_wild_ranks_and_jokers(capsys: pytest.CaptureFixture[str]) -> None:
    document = run_json(capsys, "high", "--cards", "5", "--wild", "joker")
    assert isinstance(document, dict)
    assert document["total"] == 2_869_685
    assert document["categories"]["five-of-a-kind"] == 13
    document = run_json(capsys, "high", "--cards", "5", "--wild", "2", "--no-five-of-a-kind")
    assert isinstance(document, dict)
    assert "five-of-a-kind" not in document["categories"]
    assert document["total"] == 2_598_960
    assert document["categories"]["straight-flush"] > 40


def test_a_variant_runs_each_evaluator_of_its_pots(capsys: pytest.CaptureFixture[str]) -> None:
    documents = run_json(capsys, "seven-card-stud-hi-lo", "--cards", "5")
    assert isinstance(documents, list)
    assert [d["evaluator"] for d in documents] == ["high", "eight-or-better"]
    razz = run_json(capsys, "razz", "--cards", "5")
    assert isinstance(razz, dict) and razz["evaluator"] == "a5-low"


def test_plugin_evaluators_are_named_and_skipped(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "chicago", "--cards", "5", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["evaluator"] == "high"
    assert "'hole-spade-high'" in captured.err and "plugin" in captured.err


def test_plugins_that_change_the_hands_are_noted(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "follow-the-queen", "--cards", "5", "--json"]) == 0
    err = capsys.readouterr().err
    assert "uses follow-the-queen, which can change wild cards" in err
    assert main(["odds", "south-dakota-seven-card-stud", "--cards", "5", "--json"]) == 0
    assert capsys.readouterr().err == ""  # the deck rule does not change the hands


def test_an_unknown_target_points_at_the_real_list_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["odds", "bogus"]) == 2
    err = capsys.readouterr().err
    assert "see 'studkit list'" in err


def test_human_output_is_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "high", "--cards", "5"]) == 0
    out = capsys.readouterr().out
    assert "four-of-a-kind" in out and "624" in out and "4,164.00 : 1" in out
    assert "2,598,960 hands of 5 cards" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["hihg"], "did you mean 'high'"),
        (["high", "--cards", "4"], "5 to 8"),
        (["high", "--cards", "9"], "5 to 8"),
        (["high", "--wild", "9,x"], "'x'"),
        (["high", "--jokers", "1"], "--jokers needs --wild"),
        (["high", "--wild", "joker", "--jokers", "3"], "0, 1 or 2"),
        (["nowhere/x.yaml"], "x.yaml"),
    ],
)
def test_bad_input_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(["odds", *argv]) == 2
    captured = capsys.readouterr()
    assert message in captured.err and "Traceback" not in captured.err


def test_library_api() -> None:
    table = category_counts(get_evaluator("high"), 5)
    assert isinstance(table, OddsTable)
    assert table.probability("four-of-a-kind") == pytest.approx(624 / 2_598_960)
    assert table.odds_against("four-of-a-kind") == pytest.approx(4_164.0)
    tables = odds_for_evaluators(["high", "high", "a5-low"], 5)
    assert [t.evaluator for t in tables] == ["high", "a5-low"]
    stripped = category_counts(get_evaluator("high"), 5, deck=list(range(16, 52)))
    assert stripped.total == 376_992  # C(36, 5): a 36-card deck, sixes to aces
    assert stripped.categories["straight-flush"] == 4 * 5  # 6-high (no wheel) to ace-high


def test_progress_reports_every_prefix() -> None:
    calls: list[tuple[int, int]] = []
    deck = list(range(20, 52))  # 32 cards: sevens to aces
    table = category_counts(
        get_evaluator("a5-low"), 6, deck=deck, progress=lambda d, t: calls.append((d, t))
    )
    assert table.total == 906_192  # C(32, 6)
    assert calls[-1][0] == calls[-1][1] == len(calls) == 32 - 5
