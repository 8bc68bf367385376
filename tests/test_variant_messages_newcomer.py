"""What a first-time author is told: a variant name guessed by meaning and alias, a house
file of that name pointed at, every independent problem of a file at once, and a
mis-indented line named as the line that is wrong."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import ROOT

import studkit.cli
from studkit.variant.loader import (
    builtin_aliases,
    builtin_variant_names,
    check_variant_file,
    load_variant,
    load_variant_text,
)
from studkit.variant.name_guess import SEARCH_DEPTH, closest_variant, name_meaning
from studkit.variant.yaml_source import VariantFileError
from studkit.web.designer import ShippedGames, check_text, named_variant

TAIL = "; 'studkit list' shows the built-in variants"


def _cli(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(studkit.cli, "COMMAND_MODULES", ("variants",))
    return studkit.cli.main(argv)


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# --- names: guessed by meaning and alias -----------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("7-card-stud", "seven-card-stud"),
        ("5-card-stud", "five-card-stud"),
        ("6-card-stud", "six-card-stud"),
        ("Seven_Card_Stud", "seven-card-stud"),
        ("7-card-stud-high-low", "seven-card-stud-hi-lo"),
        ("7-card-stud-eight-or-better", "seven-card-stud-hi-lo"),
        ("7-card-stud-8", "seven-card-stud-hi-lo"),  # through the alias seven-card-stud-8
        ("stud-eight", "seven-card-stud-hi-lo"),  # through the alias stud-8
        ("5-card-stud-hi-low", "five-card-stud-hi-lo"),
        ("nl-7-card-stud", "no-limit-seven-card-stud"),
        ("super-stud-8ob", "super-stud-hi-lo"),
        ("razzz", "razz"),
        ("sevn-card-stud", "seven-card-stud"),
        ("our-club-stud", None),
        ("no-such-game", None),
    ],
)
def test_a_name_is_guessed_by_meaning_and_alias(typed: str, meant: str | None) -> None:
    assert closest_variant(typed, builtin_variant_names(), builtin_aliases()) == meant


def test_a_name_s_meaning() -> None:
    assert name_meaning("7 Card Stud High_Low") == "seven-card-stud-hi-lo"
    assert name_meaning("stud8") == name_meaning("stud-8") == "stud-eight"
    assert name_meaning("Razz-8-or-better") == "razz-hi-lo"


def test_show_guesses_seven_card_stud(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    assert _cli(["show", "7-card-stud"], monkeypatch) == 2
    assert capsys.readouterr().err == (
        "studkit show: error: '7-card-stud' is not a built-in variant or a variant file "
        f"(did you mean 'seven-card-stud'?){TAIL}\n"
    )


def test_show_points_at_a_house_file_of_that_name(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    house = tmp_path / "examples" / "house"
    house.mkdir(parents=True)
    shutil.copy(ROOT / "examples" / "house" / "our-club-stud.yaml", house)
    monkeypatch.chdir(tmp_path)
    assert _cli(["show", "our-club-stud"], monkeypatch) == 2
    assert capsys.readouterr().err == (
        "studkit show: error: 'our-club-stud' is not a built-in variant or a variant file; "
        f"examples/house/our-club-stud.yaml exists: pass its path{TAIL}\n"
    )
    assert _cli(["show", "examples/house/our-club-stud.yaml"], monkeypatch) == 0


def test_every_file_of_the_name_is_listed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _write(tmp_path, "our-club-stud.yml", "studkit: 1\n")
    _write(tmp_path, "variants/Our_Club_Stud.yaml", "studkit: 1\n")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(VariantFileError) as caught:
        load_variant("our-club-stud")
    assert str(caught.value) == (
        "'our-club-stud' is not a built-in variant or a variant file; files of that name "
        "exist (our-club-stud.yml, variants/Our_Club_Stud.yaml): pass one's path" + TAIL
    )


def test_the_file_search_stays_shallow_and_out_of_hidden_folders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    deep = "/".join(f"d{level}" for level in range(SEARCH_DEPTH + 1))
    _write(tmp_path, f"{deep}/our-club-stud.yaml", "studkit: 1\n")
    _write(tmp_path, ".git/our-club-stud.yaml", "studkit: 1\n")
    _write(tmp_path, "node_modules/our-club-stud.yaml", "studkit: 1\n")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(VariantFileError) as caught:
        load_variant("our-club-stud")
    assert str(caught.value) == (
        "'our-club-stud' is not a built-in variant or a variant file" + TAIL
    )


def test_extends_points_at_the_file_from_the_extending_file_s_folder(tmp_path: Path) -> None:
    shutil.copy(ROOT / "examples" / "house" / "our-club-stud.yaml", tmp_path)
    _write(tmp_path, "mine/base/our-club-stud.yaml", "studkit: 1\nname: base\n")
    child = _write(tmp_path, "mine/kid.yaml", "studkit: 1\nname: kid\nextends: our-club-stud\n")
    (problem,) = check_variant_file(child)
    assert (problem.line, problem.column, problem.path) == (3, 10, "extends")
    assert problem.message == (
        "'our-club-stud' is not a built-in variant or a variant file; base/our-club-stud.yaml "
        "exists: write its path (extends: ./base/our-club-stud.yaml)" + TAIL
    )


def test_the_web_app_guesses_names_but_never_looks_at_its_disk() -> None:
    with pytest.raises(VariantFileError) as caught:
        named_variant("7-card-stud", ShippedGames())
    assert str(caught.value).startswith(
        "'7-card-stud' is not a shipped game (did you mean 'seven-card-stud'?); pick one of "
    )
    answer = check_text("studkit: 1\nname: mine\nextends: our-club-stud\n", ShippedGames())
    (problem,) = answer["problems"]
    assert problem["message"].startswith(
        "'our-club-stud' is not a shipped game; in the web app a variant extends one of "
    )


# --- every independent problem at once -----------------------------------------------------

TWO_PROBLEMS = (
    "studkit: 1\n"
    "name: two-problems\n"
    "extends: seven-card-stud\n"
    "betting:\n"
    "  small_bet: 10\n"
    "  big_bet: 5\n"
    "forced_bets:\n"
    "  antee: 1\n"
)


def _problems(text: str) -> list[tuple[int, int, str, str]]:
    with pytest.raises(VariantFileError) as caught:
        load_variant_text(text, "club.yaml")
    return [(p.line, p.column, p.path, p.message) for p in caught.value.problems]


def test_a_misspelt_key_does_not_hide_a_stakes_clash() -> None:
    assert _problems(TWO_PROBLEMS) == [
        (5, 14, "betting.small_bet", "small bet 10 is more than the big bet 5"),
        (8, 3, "forced_bets", "unknown key 'antee' (did you mean 'ante'?)"),
    ]


def test_validate_and_the_designer_list_both(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _write(tmp_path, "club.yaml", TWO_PROBLEMS)
    monkeypatch.chdir(tmp_path)
    assert _cli(["validate", "club.yaml"], monkeypatch) == 1
    assert capsys.readouterr().out == (
        "club.yaml:5:14: betting.small_bet: small bet 10 is more than the big bet 5\n"
        "club.yaml:8:3: forced_bets: unknown key 'antee' (did you mean 'ante'?)\n"
        "1 of 1 file invalid\n"
    )
    answer = check_text(TWO_PROBLEMS, ShippedGames())
    assert [(p["line"], p["key"]) for p in answer["problems"]] == [
        (5, "betting.small_bet"),
        (8, "forced_bets"),
    ]


def test_a_share_without_a_name_still_has_its_evaluator_checked() -> None:
    text = "studkit: 1\nname: x\nextends: seven-card-stud\npots:\n  - evaluator: hihg\n"
    (missing, evaluator) = _problems(text)
    assert missing == (5, 5, "pots[0]", "missing required key 'name'")
    assert evaluator[:3] == (5, 16, "pots[0].evaluator")
    assert evaluator[3].startswith("unknown evaluator 'hihg'; built-in: 'high', ")
    assert evaluator[3].endswith(" (did you mean 'high'?)")


def test_a_problem_that_depends_on_a_rejected_value_is_not_reported() -> None:
    # The structure is misspelt, so whether spread_min applies cannot be known; the small
    # bet is text, so the bring-in cannot be compared with it. Min over max stands alone.
    text = (
        "studkit: 1\nname: x\nextends: seven-card-stud\n"
        "betting:\n  structure: fixd-limit\n  spread_min: 2\n  small_bet: [5]\n"
        "forced_bets:\n  bring_in: {amount: 7}\n"
        "players: {min: 9, max: 8}\n"
    )
    assert [problem[:3] for problem in _problems(text)] == [
        (5, 14, "betting.structure"),
        (7, 14, "betting.small_bet"),
        (10, 16, "players.min"),
    ]


def test_a_file_too_broken_to_check_reports_its_schema_problems_alone() -> None:
    text = "studkit: 1\nname: x\nstreets: []\npots: nope\n"
    assert [problem[:3] for problem in _problems(text)] == [
        (3, 10, "streets"),
        (4, 7, "pots"),
    ]


# --- a mis-indented line is the line named -------------------------------------------------


def test_a_key_de_indented_out_of_its_mapping_is_named() -> None:
    text = (
        "studkit: 1\nname: club\nextends: seven-card-stud\ntitle: Club stud\n# house rules\n"
        "players:\n  max: 7\nbetting:\n  small_bet: 5\nbig_bet: 10\n  max_raises: 4\n"
    )
    assert _problems(text) == [
        (
            10,
            1,
            "",
            "YAML syntax error: 'big_bet' is indented less than 'small_bet' above it "
            "(column 1; 'small_bet' is at column 3), so it ends that mapping and line 11 "
            "reads as part of its value; the keys of one mapping start in the same column",
        )
    ]


def test_a_key_de_indented_by_one_space_is_named() -> None:
    text = "studkit: 1\nname: x\nstakes_note: 1\nbetting:\n    small_bet: 5\n   big_bet: 10\n"
    assert _problems(text) == [
        (
            6,
            4,
            "",
            "YAML syntax error: 'big_bet' is indented less than 'small_bet' above it (column "
            "4; 'small_bet' is at column 5) and lines up with no key above it: the keys of one "
            "mapping start in the same column",
        )
    ]


def test_a_value_holding_colon_space_keeps_the_quoting_hint() -> None:
    ((line, column, _, message),) = _problems("studkit: 1\nname: x\ntitle: Stud: club\n")
    assert (line, column) == (3, 12)
    assert message.startswith("YAML syntax error: mapping values are not allowed here; ")
    assert message.endswith("or quote a value holding ': '")
