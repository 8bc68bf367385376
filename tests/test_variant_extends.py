"""``extends``: deep merge of mappings, streets and plugins merged by name, scalars and other
lists replaced, identity never inherited, and errors located in the file that gave the value."""

from __future__ import annotations

from pathlib import Path

import pytest

from studkit.loader import load_variant
from studkit.variant import SEVEN_CARD_STUD_STREETS, Street
from studkit.yaml_source import VariantFileError


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_a_three_line_house_rule_changes_one_setting(tmp_path: Path) -> None:
    path = _write(
        tmp_path, "club.yaml",
        "studkit: 1\nextends: seven-card-stud\nname: club-stud\nbetting: {max_raises: 4}\n",
    )
    club = load_variant(path)
    stud = load_variant("seven-card-stud")
    assert club.betting.max_raises == 4
    assert club.betting.open_pair_street == stud.betting.open_pair_street  # sibling kept
    assert club.streets == stud.streets and club.pots == stud.pots


def test_identity_is_never_inherited(tmp_path: Path) -> None:
    club = load_variant(_write(
        tmp_path, "club.yaml", "studkit: 1\nextends: razz\nname: club-razz\n"
    ))
    assert (club.name, club.title, club.description, club.aliases) == ("club-razz", "", "", ())
    assert club.pots == load_variant("razz").pots


def test_streets_merge_by_name_and_new_streets_are_added(tmp_path: Path) -> None:
    text = (
        "studkit: 1\nextends: seven-card-stud\nname: long-stud\nplayers: {max: 6}\n"
        "streets:\n"
        "  - {name: fifth, bet_size: small}\n"
        "  - {name: eighth, cards: [down], bet_size: big}\n"
    )
    variant = load_variant(_write(tmp_path, "long.yaml", text))
    names = [street.name for street in variant.streets]
    assert names == ["third", "fourth", "fifth", "sixth", "seventh", "eighth"]
    assert variant.streets[2] == Street("fifth", ("up",), burn=True, bet_size="small")
    assert variant.streets[5] == Street("eighth", ("down",), burn=True, bet_size="big")
    assert variant.streets[:2] == SEVEN_CARD_STUD_STREETS[:2]


def test_a_street_s_cards_list_is_replaced_not_merged() -> None:
    eight = load_variant("eight-card-stud")
    assert eight.streets[-1].cards == ("down", "down")
    assert eight.max_cards_per_player == 8


def test_pots_are_replaced_whole() -> None:
    razz = load_variant("razz")
    assert [share.name for share in razz.pots] == ["low"]


def test_plugins_merge_by_name_and_options_deep_merge(tmp_path: Path) -> None:
    text = (
        "studkit: 1\nextends: chicago\nname: low-ace-chicago\n"
        "pots: [{name: high, evaluator: high}, {name: spade, evaluator: hole-spade-low}]\n"
        "plugins: [{name: hole-spade, options: {ace: low}}]\n"
    )
    variant = load_variant(_write(tmp_path, "lac.yaml", text))
    assert [(plugin.name, dict(plugin.options)) for plugin in variant.plugins] == [
        ("hole-spade", {"ace": "low"})
    ]


def test_an_empty_plugins_list_drops_the_inherited_plugins(tmp_path: Path) -> None:
    text = "studkit: 1\nextends: baseball\nname: quiet-baseball\nplugins: []\n"
    assert load_variant(_write(tmp_path, "qb.yaml", text)).plugins == ()


def test_dropping_a_plugin_the_streets_need_is_an_error(tmp_path: Path) -> None:
    text = "studkit: 1\nextends: roll-your-own\nname: no-choice\nplugins: []\n"
    with pytest.raises(VariantFileError, match="'choice' cards need the 'roll-your-own' plugin"):
        load_variant(_write(tmp_path, "nc.yaml", text))


def test_an_empty_streets_list_is_an_error_not_no_change(tmp_path: Path) -> None:
    text = "studkit: 1\nextends: razz\nname: no-streets\nstreets: []\n"
    with pytest.raises(VariantFileError, match="streets"):
        load_variant(_write(tmp_path, "ns.yaml", text))


def test_null_replaces_a_mapping_and_a_mapping_replaces_null(tmp_path: Path) -> None:
    no_bring_in = load_variant(_write(
        tmp_path, "a.yaml",
        "studkit: 1\nextends: seven-card-stud\nname: a\nforced_bets: {bring_in: null}\n",
    ))
    assert no_bring_in.forced_bets.bring_in is None
    assert no_bring_in.stakes.bring_in == 0
    again = load_variant(_write(
        tmp_path, "b.yaml",
        "studkit: 1\nextends: ./a.yaml\nname: b\nforced_bets: {bring_in: {amount: 1}}\n",
    ))
    assert again.forced_bets.bring_in is not None
    assert again.forced_bets.bring_in.selector == "lowest"  # defaults fill the new mapping
    assert again.stakes.bring_in == 1


def test_relative_paths_start_at_the_extending_file(tmp_path: Path) -> None:
    _write(tmp_path, "house/base.yaml",
           "studkit: 1\nextends: razz\nname: base\nplayers: {max: 7}\n")
    _write(tmp_path, "house/tables/friday.yaml",
           "studkit: 1\nextends: ../base.yaml\nname: friday\nforced_bets: {ante: 2}\n")
    friday = load_variant(tmp_path / "house/tables/friday.yaml")
    assert (friday.max_players, friday.stakes.ante, friday.pots[0].evaluator) == (7, 2, "a5-low")


def test_an_alias_can_be_extended(tmp_path: Path) -> None:
    variant = load_variant(_write(tmp_path, "x.yaml", "studkit: 1\nextends: stud8\nname: x\n"))
    assert len(variant.pots) == 2


def test_merged_errors_point_at_the_file_that_gave_the_value(tmp_path: Path) -> None:
    _write(tmp_path, "base.yaml",
           "studkit: 1\nname: base\nbetting:\n  small_bet: 2\n  big_bet: 4\n")
    child = _write(tmp_path, "child.yaml",
                   "studkit: 1\nextends: base.yaml\nname: child\nforced_bets:\n"
                   "  bring_in: {amount: 3}\n")
    with pytest.raises(VariantFileError) as caught:
        load_variant(child)
    (problem,) = caught.value.problems
    assert problem.file.endswith("child.yaml") and (problem.line, problem.column) == (5, 22)
    assert problem.message == "bring-in 3 must be less than the small bet 2"


def test_a_parent_s_own_version_is_checked(tmp_path: Path) -> None:
    _write(tmp_path, "new.yaml", "studkit: 3\nname: new\n")
    child = _write(tmp_path, "child.yaml", "studkit: 1\nextends: ./new.yaml\nname: child\n")
    with pytest.raises(VariantFileError, match="new.yaml:1:10: studkit: format version 3: "
                       "this file needs a newer studkit"):
        load_variant(child)
