"""``studkit replay`` checks hands without ``finishing_stacks`` against the ``expected.json``
of their folder: the WSOP hands shipped, a stack that differs, a malformed file."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from conftest import ROOT, WSOP, run_doctests

from studkit.cli import main
from studkit.errors import HistoryError
from studkit.history.expected import Expectation, Expectations, read_expected
from studkit.history.replay import replay_file, replay_paths

SHARED_PHH = ROOT.parent / "shared" / "data" / "phh"
"""A copy of the same 30 hands in the same layout, beside the repository where it is."""


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["replay", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture()
def folder(tmp_path: Path) -> Path:
    """Three WSOP hands (seven-card stud, stud hi-lo, razz) with their expected.json."""
    names = ["hand-05.phh", "hand-48.phh", "hand-85.phh"]
    expected = json.loads((WSOP / "expected.json").read_text("utf-8"))
    for name in names:
        shutil.copy(WSOP / name, tmp_path / name)
    (tmp_path / "expected.json").write_text(json.dumps({n: expected[n] for n in names}))
    return tmp_path


def test_the_wsop_folder_is_checked_against_its_expected_json(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run([str(WSOP)], capsys)
    assert code == 0
    assert err == "30 of 30 hands replayed (30 checked against expected.json)\n"
    assert out.splitlines()[0] == (
        f"{WSOP}/hand-05.phh  F7S  4000000 7700000 4775000 8275000 4950000  (matches expected.json)"
    )
    assert all(line.endswith("  (matches expected.json)") for line in out.splitlines())


def test_one_file_of_the_folder_is_checked_too(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run([str(WSOP / "hand-85.phh")], capsys)
    assert (code, err) == (0, "1 of 1 hands replayed (1 checked against expected.json)\n")


def test_json_says_what_each_hand_was_checked_against(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run([str(WSOP), "--json"], capsys)
    items = json.loads(out)
    assert code == 0 and len(items) == 30
    assert {(item["checked"], item["checked_against"]) for item in items} == {
        (True, "expected.json")
    }


def test_a_stack_that_differs_fails_the_hand_naming_the_file_and_the_seats(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    expected = json.loads((folder / "expected.json").read_text())
    expected["hand-05.phh"]["finishing_stacks"][1] += 50000
    expected["hand-05.phh"]["finishing_stacks"][2] -= 50000
    (folder / "expected.json").write_text(json.dumps(expected))
    code, out, err = run([str(folder)], capsys)
    assert code == 1
    assert err.splitlines() == [
        f"studkit replay: error: {folder}/hand-05.phh: finishing stacks differ from "
        f"{folder}/expected.json: p2 7700000 (expected.json: 7750000), "
        "p3 4775000 (expected.json: 4725000)",
        "2 of 3 hands replayed (2 checked against expected.json), 1 failed",
    ]
    assert "hand-05" not in out


def test_the_files_own_finishing_stacks_come_first(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hand = folder / "hand-85.phh"
    hand.write_text("finishing_stacks = [0, 29700000]\n" + hand.read_text())
    code, out, err = run([str(folder), "--json"], capsys)
    assert code == 0
    assert [item["checked_against"] for item in json.loads(out)] == [
        "expected.json",
        "expected.json",
        "finishing_stacks",
    ]
    code, _, err = run([str(folder)], capsys)
    assert err == (
        "3 of 3 hands replayed (1 checked against finishing_stacks, "
        "2 checked against expected.json)\n"
    )


def test_a_hand_the_file_does_not_name_is_not_checked(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (folder / "expected.json").write_text("{}")
    code, out, err = run([str(folder / "hand-05.phh")], capsys)
    assert code == 0
    assert out.endswith("4950000\n")
    assert err == "1 of 1 hands replayed (none checked: no finishing_stacks and no expected.json)\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"hand-05.phh": {"finishing_stacks": [1, 2', "not valid JSON: Expecting"),
        (
            "[1, 2]",
            'expected an object of hands by file name ({"hand-05.phh": '
            '{"finishing_stacks": [...]}}), got [1, 2]',
        ),
        (
            '{"hand-05.phh": [1, 2]}',
            "'hand-05.phh': expected an object with \"finishing_stacks\", got [1, 2]",
        ),
        (
            '{"hand-05.phh": {"finishing_stacks": "4000000"}}',
            "'hand-05.phh': \"finishing_stacks\" must be an array of numbers of chips (zero or "
            'more), one per player, got "4000000"',
        ),
        (
            '{"hand-05.phh": {"finishing_stacks": [1, -2]}}',
            "'hand-05.phh': \"finishing_stacks\" must be an array of numbers of chips (zero or "
            "more), one per player, got [1, -2]",
        ),
        (
            '{"hand-05.phh": {"finishing_stacks": [1, true]}}',
            "'hand-05.phh': \"finishing_stacks\" must be an array of numbers of chips (zero or "
            "more), one per player, got [1, true]",
        ),
        (
            '{"hand-05.phh": {"stacks": [1, 2]}}',
            "'hand-05.phh': unknown field 'stacks' (expected finishing_stacks and variant)",
        ),
        (
            '{"hand-05.phh": {"variant": 7, "finishing_stacks": [1]}}',
            '\'hand-05.phh\': "variant" must be a string such as "F7S", got 7',
        ),
    ],
)
def test_a_malformed_expected_json_is_one_error_naming_the_file(
    folder: Path, text: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    (folder / "expected.json").write_text(text)
    code, out, err = run([str(folder)], capsys)
    assert (code, out) == (2, "")
    assert err.startswith(f"studkit replay: error: {folder}/expected.json: {message}")
    assert err.count("\n") == 1


def test_a_different_variant_or_player_count_fails_the_hand(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    expected = json.loads((folder / "expected.json").read_text())
    expected["hand-05.phh"]["variant"] = "FR"
    expected["hand-85.phh"]["finishing_stacks"] = [0, 29700000, 0]
    (folder / "expected.json").write_text(json.dumps(expected))
    code, _, err = run([str(folder)], capsys)
    assert code == 1
    assert err.splitlines() == [
        f"studkit replay: error: {folder}/hand-05.phh: {folder}/expected.json gives variant "
        "'FR', the file has 'F7S'",
        f"studkit replay: error: {folder}/hand-85.phh: {folder}/expected.json gives 3 "
        "finishing stacks for 2 players",
        "1 of 3 hands replayed (1 checked against expected.json), 2 failed",
    ]


def test_the_library_reads_the_same_convention(folder: Path) -> None:
    (result, *_) = replay_file(folder / "hand-05.phh")
    assert (result.checked, result.checked_against) == (True, "expected.json")
    assert result.as_json()["checked_against"] == "expected.json"
    assert all(r.checked for r in replay_paths([folder]))
    expectations = read_expected(folder / "expected.json")
    assert expectations["hand-85.phh"] == Expectation(
        str(folder / "expected.json"), (0, 29700000), "FR"
    )
    assert Expectations().of(folder / "hand-85.phh", "2") is None  # not a .phhs hand
    (folder / "expected.json").write_text("nope")
    with pytest.raises(HistoryError, match="expected.json: not valid JSON"):
        replay_paths([folder])


def test_fractional_stacks_compare_as_numbers(tmp_path: Path) -> None:
    (tmp_path / "hand.phh").write_text(
        'variant = "FR"\nantes = [0.25, 0.25]\nbring_in = 0.25\nsmall_bet = 0.5\n'
        "big_bet = 1\nstarting_stacks = [10, 10]\n"
        'actions = ["d dh p1 2c3d4h", "d dh p2 KcKdKh", "p2 pb", "p1 cbr 0.5", "p2 f"]\n'
    )
    (tmp_path / "expected.json").write_text('{"hand.phh": {"finishing_stacks": [10.50, 9.5]}}')
    (result,) = replay_file(tmp_path / "hand.phh")
    assert result.ok and result.checked_against == "expected.json", result.error


@pytest.mark.skipif(not SHARED_PHH.is_dir(), reason="no shared copy of the WSOP hands here")
def test_the_shared_copy_of_the_wsop_hands_is_read_the_same_way(
    capsys: pytest.CaptureFixture[str],
) -> None:
    folders = sorted(p for p in SHARED_PHH.iterdir() if (p / "expected.json").is_file())
    assert folders
    code, _, err = run([os.fspath(SHARED_PHH)], capsys)
    assert code == 0
    assert err == "30 of 30 hands replayed (30 checked against expected.json)\n"


@pytest.mark.parametrize("module", ["studkit.history.expected", "studkit.history.replay"])
def test_the_module_examples_hold(module: str) -> None:
    failed, attempted = run_doctests(module)
    assert failed == 0 and attempted > 0
