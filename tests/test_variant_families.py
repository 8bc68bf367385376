"""The `family` of each game and `studkit list --sort/--family` (stud-family section 3's
groups, and the catalogue's orders)."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
import yaml
from conftest import ROOT, run_doctests

from studkit.cli import main
from studkit.errors import VariantError
from studkit.variant.catalogue import FAMILIES, catalogue
from studkit.variant.loader import builtin_variant_names, load_variant, load_variant_text

REFERENCE_GROUPS: dict[str, set[str]] = {
    "classic": {"five-card-stud", "six-card-stud", "seven-card-stud", "eight-card-stud",
                "nine-card-stud", "last-card-down", "blind-stud", "pistol-pete",
                "alligator-stud", "zanetti-sound", "canadian-stud"},
    "lowball": {"razz", "2-7-razz", "five-card-stud-lowball", "oklahoma-lowball",
                "razz-high", "action-razz"},
    "hi-lo": {"seven-card-stud-hi-lo", "five-card-stud-hi-lo", "stud-hi-lo-no-qualifier",
              "seven-card-stud-double-qualifier"},
    "split": {"razzdugi", "action-razzdugi", "razzdeucey", "razzbadeucey", "chicago",
              "low-chicago"},
    "discard": {"super-stud", "super-stud-hi-lo", "super-stud-hi-lo-no-qualifier",
                "super-razz", "super-razzdugi", "super-razzbadeucey", "caveman-super",
                "australian-stud", "pineapple-stud"},
    "mississippi": {"mississippi-stud", "mississippi-stud-hi-lo", "mississippi-razz",
                    "mississippi-studugi"},
    "community": {"oxford-stud", "studaha", "razzaho"},
    "roll-your-own": {"mexican-stud", "mexican-poker", "low-todd", "seven-card-reverse"},
    "buy": {"english-stud", "english-stud-hi-lo"},
    "wild-card": {"ben-franklin", "woolworth-stud", "dr-pepper", "deuces-and-jacks",
                  "follow-the-queen", "follow-the-king", "low-hole-wild", "eighty-eight",
                  "ninety-nine", "four-forty-four", "four-forty-two", "three-forty-five",
                  "three-thirty-three"},
    "declare": {"high-low-declare", "five-card-stud-hi-lo-declare", "satan", "beelzebub",
                "one-three-one", "two-card-hi-lo-declare"},
    "separate-hands": {"outhouse"},
}
"""The games of the rules reference's section 3, by the heading they come under (Henway as
encoded is `two-card-hi-lo-declare`)."""

STUDKIT_OWN: dict[str, str] = {
    "tda-seven-card-stud": "classic", "no-limit-seven-card-stud": "classic",
    "pot-limit-seven-card-stud": "classic", "south-dakota-seven-card-stud": "classic",
    "spread-limit-home-stud": "classic", "london-lowball": "lowball",
    "roll-your-own": "roll-your-own", "seven-card-stud-twist": "buy", "baseball": "wild-card",
}
"""The games studkit ships beyond the reference's table."""


def test_every_shipped_game_is_in_its_reference_group() -> None:
    expected = {name: family for family, names in REFERENCE_GROUPS.items() for name in names}
    expected.update(STUDKIT_OWN)
    shipped = builtin_variant_names()
    wrong = {name: load_variant(name, require_plugins=False).family for name in shipped
             if load_variant(name, require_plugins=False).family != expected.get(name)}
    assert wrong == {}
    assert set(REFERENCE_GROUPS) == set(FAMILIES)


def test_every_shipped_file_states_its_family_rather_than_inheriting_it() -> None:
    # a file extending a game of another group (razzdugi extends razz) must not take its
    # parent's family by accident
    for path in sorted((ROOT / "variants").glob("*.yaml")):
        assert "family" in yaml.safe_load(path.read_text(encoding="utf-8")), path.name


def test_family_is_inherited_and_defaults_to_classic(tmp_path: Path) -> None:
    (tmp_path / "club-razz.yaml").write_text("studkit: 1\nextends: razz\nname: club-razz\n")
    (tmp_path / "plain.yaml").write_text("studkit: 1\nname: plain\n")
    (tmp_path / "mine.yaml").write_text("studkit: 1\nextends: razz\nname: mine\nfamily: split\n")
    assert load_variant(str(tmp_path / "club-razz.yaml")).family == "lowball"
    assert load_variant(str(tmp_path / "plain.yaml")).family == "classic"
    assert load_variant(str(tmp_path / "mine.yaml")).family == "split"


def test_an_unknown_family_is_a_located_error_with_a_suggestion(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("studkit: 1\nname: bad\nfamily: lowbal\n")
    assert main(["validate", str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}:3:9: family: 'lowbal' is not one of" in out
    assert "(did you mean 'lowball'?)" in out


def test_sorting_by_family_groups_in_the_schema_order_then_by_name() -> None:
    rows = catalogue(sort="family")
    keys = [(FAMILIES.index(row["family"]), row["name"]) for row in rows]
    assert keys == sorted(keys)
    assert [row["family"] for row in rows][0] == "classic"
    assert [row["family"] for row in rows][-1] == "separate-hands"
    assert len(rows) == len(builtin_variant_names())


def test_sorting_by_players_puts_the_most_seats_first() -> None:
    rows = catalogue(sort="players")
    seats = [(-row["players"]["max"], -row["players"]["min"], row["name"]) for row in rows]
    assert seats == sorted(seats)
    assert rows[0]["players"]["max"] == max(row["players"]["max"] for row in rows)
    assert [row["name"] for row in catalogue()] == builtin_variant_names()


def test_a_family_filter_keeps_only_that_family() -> None:
    names = [row["name"] for row in catalogue(family="community")]
    assert names == ["oxford-stud", "razzaho", "studaha"]


@pytest.mark.parametrize(("sort", "family", "message"), [
    ("seats", None, "unknown sort 'seats': choose one of name, family, players"),
    ("name", "draw", "unknown family 'draw': choose one of classic, lowball"),
])
def test_the_api_refuses_an_unknown_sort_or_family(
    sort: str, family: str | None, message: str
) -> None:
    with pytest.raises(VariantError, match=message):
        catalogue(sort=sort, family=family)


def test_list_shows_the_family_column_grouped(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list", "--sort", "family"]) == 0
    lines = capsys.readouterr().out.split("\n\n")[0].splitlines()  # the table, not the legend
    assert lines[0].split()[:3] == ["NAME", "FAMILY", "PLAYERS"]
    families = [line.split()[1] for line in lines[1:] if line.strip()]
    seen = list(dict.fromkeys(families))
    assert seen == [family for family in FAMILIES if family in families]
    assert len(families) == len(builtin_variant_names())


def test_list_json_has_the_family_and_follows_the_filter(
    capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["list", "--json", "--family", "declare", "--sort", "players"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {row["family"] for row in rows} == {"declare"}
    assert {row["name"] for row in rows} == REFERENCE_GROUPS["declare"]


@pytest.mark.parametrize("argv", [["list", "--sort", "seats"], ["list", "--family", "draw"]])
def test_list_refuses_an_unknown_sort_or_family(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_the_catalogue_example_runs() -> None:
    assert run_doctests("studkit.variant.catalogue") == (0, 1)


# ---------------------------------------------------------------- docs/family.md


def family_rows() -> list[tuple[list[str], str]]:
    """The readings table of docs/family.md: (games, the other reading's cell)."""
    text = (ROOT / "docs" / "family.md").read_text(encoding="utf-8")
    rows = []
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 4 or not cells[0].startswith("`"):
            continue
        games = re.findall(r"`([a-z0-9-]+)`", cells[0])
        rows.append((games, cells[3]))
    return rows


def test_the_readings_table_names_shipped_games_and_every_file_that_marks_a_disagreement(
) -> None:
    rows = family_rows()
    named = {game for games, _ in rows for game in games}
    assert named <= set(builtin_variant_names())
    for path in sorted((ROOT / "variants").glob("*.yaml")):
        comment = "\n".join(line for line in path.read_text().splitlines()
                            if line.startswith("#"))
        if re.search(r"[Dd]isagree", comment):
            assert path.stem in named, f"{path.name} marks a disagreement docs/family.md omits"


@pytest.mark.parametrize(("games", "cell"), family_rows(), ids=lambda v: str(v)[:40])
def test_each_other_reading_of_the_table_loads_as_a_file_extending_the_game(
    games: list[str], cell: str
) -> None:
    fragments = [f for f in re.findall(r"`(\{.*?\})`(?=[;,. ]|$| \()", cell)]
    if not fragments:
        assert "no setting" in cell or "the game `" in cell, cell
        return
    checked = 0
    for game in games:
        for fragment in fragments:
            data = {"studkit": 1, "extends": game, "name": "other-reading",
                    **yaml.safe_load(fragment)}
            variant = load_variant_text(yaml.safe_dump(data, sort_keys=False))
            shipped = load_variant(game, require_plugins=False)
            same_names = replace(variant, name=shipped.name, title=shipped.title,
                                 description=shipped.description, aliases=shipped.aliases)
            assert same_names != shipped, (game, fragment)
            checked += 1
    assert checked == len(games) * len(fragments)
