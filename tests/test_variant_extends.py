"""``extends``: deep merge of mappings, streets and plugins merged by name, scalars and other
lists replaced, identity never inherited, and errors located in the file that gave the value."""

from __future__ import annotations

from pathlib import Path

import pytest

from studkit.variant.loader import load_variant, load_variant_text
from studkit.variant.model import SEVEN_CARD_STUD_STREETS, Street
from studkit.variant.yaml_source import VariantFileError


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


# --- removing inherited streets and plugins: `- {name: sixth, remove: true}` ---------------

SIX_FROM_SEVEN = (
    "studkit: 1\nextends: seven-card-stud\nname: six-from-seven\n"
    "streets:\n"
    "  - {name: sixth, cards: [down]}\n"
    "  - {name: seventh, remove: true}\n"
)


def _problems(path: Path) -> list[str]:
    with pytest.raises(VariantFileError) as caught:
        load_variant(path)
    return [str(problem) for problem in caught.value.problems]


def test_six_card_stud_is_seven_card_stud_minus_a_street(tmp_path: Path) -> None:
    from dataclasses import replace

    six = load_variant(_write(tmp_path, "six.yaml", SIX_FROM_SEVEN))
    shipped = load_variant("six-card-stud")
    assert [street.name for street in six.streets] == ["third", "fourth", "fifth", "sixth"]
    assert six.streets == shipped.streets
    assert six.max_cards_per_player == 6
    same_identity = replace(six, name=shipped.name, title=shipped.title,
                            description=shipped.description, aliases=shipped.aliases,
                            source=shipped.source)
    assert same_identity == shipped


def test_six_card_stud_from_seven_plays_to_the_end_from_the_api(tmp_path: Path) -> None:
    from studkit import Hand, simulate

    six = load_variant(_write(tmp_path, "six.yaml", SIX_FROM_SEVEN))
    hand = Hand(six, [500, 500, 500])
    while not hand.is_over:
        hand.check_or_call()
    for seat in range(3):
        assert (len(hand.down_cards(seat)), len(hand.up_cards(seat))) == (3, 3)
    assert sum(hand.payoffs) == 0
    report = simulate(six, hands=50, players=4, bots="calling-station", seed=7).to_json()
    assert report["hands"] == 50 and report["variant"] == "six-from-seven"
    assert report["ended_on_street"] == {"sixth": 50}  # nobody folds: every hand to sixth
    assert sum(seat["net"] for seat in report["seats"]) == 0


def test_six_card_stud_from_seven_from_the_cli(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from studkit.cli import main

    monkeypatch.chdir(tmp_path)
    _write(tmp_path, "six.yaml", SIX_FROM_SEVEN)
    assert main(["simulate", "six.yaml", "--hands", "50", "--seed", "3", "--workers", "1",
                 "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["variant"], report["hands"]) == ("six-from-seven", 50)
    assert set(report["ended_on_street"]) <= {"third", "fourth", "fifth", "sixth"}
    assert sum(seat["net"] for seat in report["seats"]) == 0
    assert main(["validate", "six.yaml"]) == 0
    assert capsys.readouterr().out == "six.yaml: ok\n1 file valid\n"
    assert main(["show", "six.yaml"]) == 0
    assert "Deal: ↓↓↑ ↑ ↑ ↓ " in capsys.readouterr().out
    assert main(["diff", "seven-card-stud", "six.yaml"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "seven-card-stud -> six-from-seven",
        "  deal: ↓↓↑ ↑ ↑ ↑ ↓ -> ↓↓↑ ↑ ↑ ↓",
        "  sixth street: ↑, burn first, big bet -> ↓, burn first, big bet",
        "  seventh street: ↓, burn first, big bet -> no such street",
    ]
    assert main(["diff", "six-card-stud", "six.yaml"]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == []
    assert main(["show", "six.yaml", "--yaml"]) == 0
    complete = capsys.readouterr().out
    assert "remove" not in complete and "extends" not in complete
    assert load_variant_text(complete) == load_variant_text(SIX_FROM_SEVEN)


def test_removing_a_plugin_keeps_the_others(tmp_path: Path) -> None:
    _write(tmp_path, "twisted-chicago.yaml",
           "studkit: 1\nextends: chicago\nname: twisted-chicago\n"
           "plugins: [{name: twist, options: {after: [fifth]}}]\n")
    child = _write(tmp_path, "plain.yaml",
                   "studkit: 1\nextends: ./twisted-chicago.yaml\nname: plain\n"
                   "pots: [{name: high, evaluator: high}]\n"
                   "odd_chips: {hi_lo_side: null}\n"
                   "plugins:\n  - {name: hole-spade, remove: true}\n")
    variant = load_variant(child)
    assert [(plugin.name, dict(plugin.options)) for plugin in variant.plugins] == [
        ("twist", {"after": ["fifth"]})
    ]


def test_removing_the_only_plugin_gives_the_plain_game(tmp_path: Path) -> None:
    from dataclasses import replace

    plain = load_variant(_write(
        tmp_path, "plain.yaml",
        "studkit: 1\nextends: seven-card-stud-twist\nname: seven-card-stud\n"
        "plugins:\n  - {name: twist, remove: true}\n",
    ))
    stud = load_variant("seven-card-stud")
    assert plain.plugins == ()
    assert replace(plain, title=stud.title, description=stud.description,
                   aliases=stud.aliases, family=stud.family, source=stud.source) == stud


def test_a_removed_name_listed_again_is_a_new_item_at_the_end(tmp_path: Path) -> None:
    variant = load_variant(_write(
        tmp_path, "moved.yaml",
        "studkit: 1\nextends: seven-card-stud\nname: moved\nbetting: {open_pair_street: null}\n"
        "streets:\n  - {name: fourth, remove: true}\n  - {name: fourth, cards: [down]}\n",
    ))
    assert [street.name for street in variant.streets] == [
        "third", "fifth", "sixth", "seventh", "fourth"
    ]
    assert variant.streets[-1] == Street("fourth", ("down",))


def test_a_parent_that_leaves_streets_out_has_the_default_streets(tmp_path: Path) -> None:
    _write(tmp_path, "base.yaml", "studkit: 1\nname: base\n")
    child = load_variant(_write(
        tmp_path, "child.yaml",
        "studkit: 1\nextends: ./base.yaml\nname: child\n"
        "streets:\n  - {name: fifth, bet_size: small}\n  - {name: sixth, remove: true}\n",
    ))
    assert [street.name for street in child.streets] == ["third", "fourth", "fifth", "seventh"]
    assert child.streets[2] == Street("fifth", ("up",), bet_size="small")


def test_remove_false_is_an_ordinary_entry(tmp_path: Path) -> None:
    variant = load_variant(_write(
        tmp_path, "kept.yaml",
        "studkit: 1\nextends: seven-card-stud\nname: kept\n"
        "streets:\n  - {name: sixth, remove: false, bet_size: small}\n",
    ))
    assert variant.streets[3] == Street("sixth", ("up",), bet_size="small")


def test_removal_errors_name_file_line_and_key_with_a_suggestion(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    path = _write(tmp_path, "typo.yaml",
                  "studkit: 1\nextends: seven-card-stud\nname: typo\n"
                  "streets:\n  - {name: sixht, remove: true}\n"
                  "plugins:\n  - {name: twist, remove: true}\n")
    assert _problems(path) == [
        "typo.yaml:5:12: streets[0] (sixht).name: cannot remove street 'sixht': "
        "'seven-card-stud' has no street of that name (did you mean 'sixth'?); its streets: "
        "'third', 'fourth', 'fifth', 'sixth', 'seventh'",
        "typo.yaml:7:12: plugins[0] (twist).name: cannot remove plugin 'twist': "
        "'seven-card-stud' has no plugin of that name; its plugins: none",
    ]


def test_removing_a_plugin_the_parent_lacks_suggests_the_close_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    path = _write(tmp_path, "typo.yaml",
                  "studkit: 1\nextends: chicago\nname: typo\n"
                  "plugins:\n  - name: hole-spades\n    remove: true\n")
    assert _problems(path) == [
        "typo.yaml:5:11: plugins[0] (hole-spades).name: cannot remove plugin 'hole-spades': "
        "'chicago' has no plugin of that name (did you mean 'hole-spade'?); its plugins: "
        "'hole-spade'"
    ]


def test_a_removal_in_a_file_that_extends_nothing_is_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    path = _write(tmp_path, "alone.yaml",
                  "studkit: 1\nname: alone\nstreets:\n"
                  "  - {name: third, cards: [down, down, up], burn: false}\n"
                  "  - {name: fourth, remove: true}\n")
    assert _problems(path) == [
        "alone.yaml:5:28: streets[1] (fourth).remove: cannot remove street 'fourth': this "
        "file extends nothing, so there is nothing to remove from; add 'extends:' naming the "
        "variant to start from, or delete the entry"
    ]
    with pytest.raises(VariantFileError, match=r"<text>:3:33: plugins\[0\] \(twist\)\.remove: "
                       "cannot remove plugin 'twist': this file extends nothing"):
        load_variant_text("studkit: 1\nname: alone\nplugins: [{name: twist, remove: true}]\n")


def test_a_removal_gives_only_the_name_and_says_it_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    path = _write(tmp_path, "extra.yaml",
                  "studkit: 1\nextends: seven-card-stud\nname: extra\nstreets:\n"
                  "  - {name: sixth, remove: true, cards: [up]}\n"
                  "  - {name: fifth, remove: true}\n"
                  "  - {name: fifth, remove: true}\n")
    assert _problems(path) == [
        "extra.yaml:5:33: streets[0] (sixth): 'cards' beside 'remove: true': a removal gives "
        "only the name; drop 'cards', or drop 'remove: true' to change the item instead",
        "extra.yaml:7:12: streets[2] (fifth).name: street 'fifth' is removed twice (first at "
        "line 6)",
    ]


def test_remove_must_be_true_or_false(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    path = _write(tmp_path, "yes.yaml",
                  "studkit: 1\nextends: seven-card-stud\nname: yes\n"
                  "streets:\n  - {name: sixth, remove: yes}\n")
    assert _problems(path) == [
        "yes.yaml:5:27: streets[3] (sixth).remove: expected true or false, got 'yes' "
        "(write true or false)"
    ]


def test_a_removal_without_a_name_is_a_schema_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    path = _write(tmp_path, "nameless.yaml",
                  "studkit: 1\nextends: seven-card-stud\nname: nameless\n"
                  "streets:\n  - {remove: true}\n")
    assert _problems(path) == ["nameless.yaml:5:5: streets[5]: missing required key 'name'"]


def test_removing_every_street_is_an_error_at_the_child(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    path = _write(tmp_path, "none.yaml",
                  "studkit: 1\nextends: razz\nname: none\nstreets:\n"
                  + "".join(f"  - {{name: {name}, remove: true}}\n"
                            for name in ("third", "fourth", "fifth", "sixth", "seventh")))
    assert _problems(path) == ["none.yaml:5:3: streets: needs at least 1 item, got 0"]


def test_semantic_errors_of_the_merged_game_point_at_the_removal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    open_pair = _write(tmp_path, "no-fourth.yaml",
                       "studkit: 1\nextends: seven-card-stud\nname: no-fourth\n"
                       "streets:\n  - {name: fourth, remove: true}\n")
    assert _problems(open_pair) == [
        "no-fourth.yaml:5:12: betting.open_pair_street: no street is named 'fourth'; "
        "streets: 'third', 'fifth', 'sixth', 'seventh'"
    ]
    twist = _write(tmp_path, "short-twist.yaml",
                   "studkit: 1\nextends: seven-card-stud-twist\nname: short-twist\n"
                   "streets:\n  - {name: sixth, remove: true}\n")
    assert _problems(twist) == [
        "short-twist.yaml:5:12: plugins[0] (twist).options.after[0]: 'sixth' is not a street "
        "of this game (third, fourth, fifth, seventh) (did you mean 'fifth'?)"
    ]
    spadeless = _write(tmp_path, "spadeless.yaml",
                       "studkit: 1\nextends: chicago\nname: spadeless\n"
                       "plugins:\n  - {name: hole-spade, remove: true}\n")
    assert _problems(spadeless) == [
        "spadeless.yaml:5:12: pots[1] (hole-spade).evaluator: unknown evaluator "
        "'hole-spade-high'; built-in: 'high', 'a5-low', 'eight-or-better', '2-7-low', "
        "'a6-low', 'badugi', 'badugi-ace-high', 'soko', 'mexican-high', 'razz-high', "
        "'action-razz', 'two-card-high', 'two-card-a5' (did you mean 'two-card-high'?)"
    ]


def test_a_new_first_street_is_checked_like_any_first_street(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    path = _write(tmp_path, "hidden.yaml",
                  "studkit: 1\nextends: seven-card-stud\nname: hidden\n"
                  "betting: {open_pair_street: null}\nstreets:\n"
                  "  - {name: third, remove: true}\n  - {name: fourth, cards: [down, down]}\n")
    assert _problems(path) == [
        "hidden.yaml:7:27: streets[0] (fourth).cards: the first street deals no up card, so "
        "nobody can be chosen to bring in"
    ]


def test_chained_removals(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    _write(tmp_path, "house/six.yaml", SIX_FROM_SEVEN)
    top = load_variant(_write(
        tmp_path, "house/friday.yaml",
        "studkit: 1\nextends: ./six.yaml\nname: friday\nforced_bets: {ante: 2}\n"
        "streets:\n  - {name: fifth, bet_size: small}\n",
    ))
    assert [street.name for street in top.streets] == ["third", "fourth", "fifth", "sixth"]
    assert (top.streets[2].bet_size, top.stakes.ante) == ("small", 2)
    again = _write(tmp_path, "house/again.yaml",
                   "studkit: 1\nextends: ./six.yaml\nname: again\n"
                   "streets:\n  - {name: seventh, remove: true}\n")
    assert _problems(again) == [
        "house/again.yaml:5:12: streets[0] (seventh).name: cannot remove street 'seventh': "
        "'./six.yaml' has no street of that name; its streets: 'third', 'fourth', 'fifth', "
        "'sixth'"
    ]
    five = load_variant(_write(
        tmp_path, "house/five.yaml",
        "studkit: 1\nextends: ./six.yaml\nname: five\nstreets:\n"
        "  - {name: third, cards: [down, up]}\n  - {name: sixth, remove: true}\n",
    ))
    assert [street.cards for street in five.streets] == [("down", "up"), ("up",), ("up",)]


def test_a_chained_error_points_at_the_file_that_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    _write(tmp_path, "mid.yaml",
           "studkit: 1\nextends: seven-card-stud\nname: mid\n"
           "streets:\n  - {name: fourth, remove: true}\n")
    top = _write(tmp_path, "top.yaml",
                 "studkit: 1\nextends: ./mid.yaml\nname: top\nforced_bets: {ante: 2}\n")
    assert _problems(top) == [
        "mid.yaml:5:12: betting.open_pair_street: no street is named 'fourth'; "
        "streets: 'third', 'fifth', 'sixth', 'seventh'"
    ]
    fixed = _write(tmp_path, "fixed.yaml",
                   "studkit: 1\nextends: ./mid.yaml\nname: fixed\n"
                   "betting: {open_pair_street: null}\n")
    assert [street.name for street in load_variant(fixed).streets] == [
        "third", "fifth", "sixth", "seventh"
    ]


def test_validate_json_reports_a_removal_problem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from studkit.cli import main

    monkeypatch.chdir(tmp_path)
    _write(tmp_path, "typo.yaml",
           "studkit: 1\nextends: razz\nname: typo\nstreets:\n  - {name: sevnth, remove: true}\n")
    assert main(["validate", "--json", "typo.yaml"]) == 1
    (problem,) = json.loads(capsys.readouterr().out)["files"][0]["problems"]
    assert problem == {
        "file": "typo.yaml", "line": 5, "column": 12, "path": "streets[0] (sevnth).name",
        "message": "cannot remove street 'sevnth': 'razz' has no street of that name (did you "
                   "mean 'seventh'?); its streets: 'third', 'fourth', 'fifth', 'sixth', "
                   "'seventh'",
    }
    assert main(["show", "typo.yaml"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("studkit show: error: typo.yaml:5:12: ")
    assert "Traceback" not in err


def test_the_authoring_guide_s_removal_example_runs_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import re

    from studkit.cli import main

    guide = (Path(__file__).resolve().parent.parent / "docs" / "variants.md").read_text()
    section = guide.split("### Removing a street or a plugin", 1)[1].split("\n## ", 1)[0]
    six, no_twist = re.findall(r"```yaml\n(.*?)```", section, re.S)
    console, misspelt, open_pair = re.findall(r"```text\n(.*?)```", section, re.S)
    monkeypatch.chdir(tmp_path)
    _write(tmp_path, "six-stud-house.yaml", six)
    assert load_variant(Path("six-stud-house.yaml")).streets == load_variant(
        "six-card-stud").streets
    assert load_variant_text(no_twist).plugins == ()
    commands = re.split(r"^\$ ", console, flags=re.M)[1:]
    for command in commands:
        argv, *shown = command.rstrip("\n").split("\n")
        capsys.readouterr()
        assert main(argv.split()[1:]) == 0, argv
        if shown:
            assert capsys.readouterr().out.splitlines() == shown, argv
    _write(tmp_path, "six-stud-house.yaml", six.replace("{name: seventh,", "{name: sevnth,"))
    assert _problems(Path("six-stud-house.yaml")) == [misspelt.strip()]
    _write(tmp_path, "no-fourth.yaml", "studkit: 1\nextends: seven-card-stud\nname: no-fourth\n"
           "streets:\n  - {name: fourth, remove: true}\n")
    assert _problems(Path("no-fourth.yaml")) == [open_pair.strip()]


def test_a_removal_over_a_parent_value_that_is_no_list_names_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    _write(tmp_path, "base.yaml", "studkit: 1\nname: base\nplugins: null\n")
    child = _write(tmp_path, "child.yaml", "studkit: 1\nextends: ./base.yaml\nname: child\n"
                   "plugins: [{name: twist, remove: true}]\n")
    assert _problems(child) == [
        "child.yaml:4:18: plugins[0] (twist).name: cannot remove plugin 'twist': './base.yaml' "
        "has no plugin of that name; its plugins: none"
    ]


def test_a_plugin_check_on_an_inherited_plugin_names_the_file_being_loaded(
    tmp_path: Path,
) -> None:
    # Found by tests/test_fuzz_variants.py: a child of Chicago that drops the hole-spade
    # share was reported only at the parent's plugin line, never naming the child's file.
    from studkit import StudkitError, load_variant

    child = tmp_path / "no-spade.yaml"
    child.write_text(
        "studkit: 1\nextends: chicago\nname: no-spade\npots:\n  - {name: high, evaluator: high}\n",
        "utf-8",
    )
    with pytest.raises(StudkitError) as caught:
        load_variant(str(child))
    message = str(caught.value)
    assert "chicago.yaml:" in message and "plugins[0] (hole-spade)" in message
    assert f"(in {child}, which inherits the plugin from " in message
