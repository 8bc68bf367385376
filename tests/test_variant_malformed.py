"""Malformed and hostile variant files: each gets its exact location and message.

Every file in ``tests/malformed/`` is loaded (errors name files relative to that folder) and
the full error text is compared. The CLI is checked too: ``validate`` exits 1 listing the
problem, ``show`` exits 2, and neither prints a traceback.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import studkit.cli
from studkit.errors import VariantError
from studkit.variant.extends import MAX_EXTENDS_DEPTH
from studkit.variant.loader import load_variant, load_variant_text
from studkit.variant.yaml_source import MAX_FILE_BYTES, VariantFileError

MALFORMED = Path(__file__).resolve().parent / "malformed"
ROOT = MALFORMED.parent.parent

EXPECTED: dict[str, str] = {
    'alias-bomb.yaml': (
        'alias-bomb.yaml:3:8: more than 20,000 values once aliases are expanded; '
        'refusing a file that may be an alias bomb'
    ),
    'bad-enum-bring-in.yaml': (
        "bad-enum-bring-in.yaml:5:11: forced_bets.bring_in.card: 'low' is not one of "
        "'lowest', 'highest' (did you mean 'lowest'?)"
    ),
    'bad-enum-card.yaml': (
        "bad-enum-card.yaml:16:7: streets[2] (fifth).cards[0]: 'upp' is not one of "
        "'up', 'down', 'choice', 'up-unless-all-exposed' (did you mean 'up'?)"
    ),
    'bad-enum-structure.yaml': (
        "bad-enum-structure.yaml:4:14: betting.structure: 'fixed-limt' is not one of "
        "'fixed-limit', 'pot-limit', 'no-limit', 'spread-limit' (did you mean "
        "'fixed-limit'?)"
    ),
    'bad-version.yaml': (
        "bad-version.yaml:1:10: studkit: format version 'one' is not one studkit "
        "reads; write 'studkit: 1'"
    ),
    'binary.yaml': (
        'binary.yaml:3:1: binary data (a NUL byte), not a YAML text file'
    ),
    'bring-in-too-big.yaml': (
        'bring-in-too-big.yaml:5:22: forced_bets.bring_in.amount: bring-in 5 must be '
        'less than the small bet 5'
    ),
    'child-of-bad-parent.yaml': (
        "bad-enum-structure.yaml:4:14: betting.structure: 'fixed-limt' is not one of "
        "'fixed-limit', 'pot-limit', 'no-limit', 'spread-limit' (did you mean "
        "'fixed-limit'?)"
    ),
    'choice-without-plugin.yaml': (
        "choice-without-plugin.yaml:5:28: streets[1] (fourth).cards[0]: 'choice' "
        "cards need the 'roll-your-own' plugin; add it under 'plugins'"
    ),
    'comments-only.yaml': (
        "comments-only.yaml:1:1: file is empty; a variant file starts with 'studkit: "
        "1'"
    ),
    'control-character.yaml': (
        'control-character.yaml:3:14: control character U+0007 is not allowed in a YAML '
        'file'
    ),
    'custom-tag.yaml': (
        "custom-tag.yaml:3:10: tag '!include' is not allowed; variant files are "
        'plain YAML data'
    ),
    'cycle-a.yaml': (
        "cycle-b.yaml:2:10: extends: 'cycle-a.yaml' makes a cycle: cycle-a.yaml -> "
        'cycle-b.yaml -> cycle-a.yaml'
    ),
    'cycle-b.yaml': (
        "cycle-a.yaml:2:10: extends: './cycle-b.yaml' makes a cycle: cycle-b.yaml -> "
        'cycle-a.yaml -> cycle-b.yaml'
    ),
    'duplicate-key-nested.yaml': (
        "duplicate-key-nested.yaml:8:5: duplicate key 'cards' (first given at line 6)"
    ),
    'duplicate-key.yaml': (
        "duplicate-key.yaml:4:1: duplicate key 'name' (first given at line 2)"
    ),
    'duplicate-street-names.yaml': (
        "duplicate-street-names.yaml:6:12: streets[2] (third).name: street 'third' "
        'is named twice (also streets[0])'
    ),
    'empty.yaml': (
        "empty.yaml:1:1: file is empty; a variant file starts with 'studkit: 1'"
    ),
    'extends-not-text.yaml': (
        'extends-not-text.yaml:2:10: extends: expected a variant name or a relative '
        'path, got a list'
    ),
    'future-version.yaml': (
        'future-version.yaml:2:10: studkit: format version 2: this file needs a '
        'newer studkit (this one reads version 1)'
    ),
    'hi-lo-side-unknown.yaml': (
        'hi-lo-side-unknown.yaml:5:15: odd_chips.hi_lo_side: no pot share is named '
        "'hi'; shares: 'high', 'low' (did you mean 'high'?)"
    ),
    'key-not-text.yaml': (
        'key-not-text.yaml:4:3: a key must be a name (text), not the number 8'
    ),
    'latin1.yaml': (
        'latin1.yaml:3:12: byte 0xe9 is not UTF-8 text; save the file as UTF-8'
    ),
    'merge-key.yaml': (
        "merge-key.yaml:5:6: merge keys ('<<') are not supported; use 'extends:' "
        'instead'
    ),
    'missing-name.yaml': (
        "missing-name.yaml:1:1: missing required key 'name'"
    ),
    'missing-parent-file.yaml': (
        "missing-parent-file.yaml:2:10: extends: './house/base.yaml': no such file "
        '(house/base.yaml)'
    ),
    'missing-parent.yaml': (
        "missing-parent.yaml:2:10: extends: 'seven-card-studd' is not a built-in "
        "variant or a variant file (did you mean 'seven-card-stud'?); 'studkit list' "
        "shows the built-in variants"
    ),
    'missing-version.yaml': (
        'missing-version.yaml:1:1: missing the format version: the file must say '
        "'studkit: 1'"
    ),
    'multiple-documents.yaml': (
        'multiple-documents.yaml:3:1: YAML syntax error: more than one YAML document '
        "('---'); a variant file holds one"
    ),
    'ten-cards.yaml': (
        'ten-cards.yaml:6:3: streets: players end with 10 cards; hands are ranked from '
        'at most 9'
    ),
    'no-exhaustion-policy.yaml': (
        'no-exhaustion-policy.yaml:5:3: deck_exhaustion: 8 players staying to the '
        'end need 60 cards (7 each and 4 burns) but the deck holds 52; only a community '
        'card finishes the deal when nobody folds; set community_card: true or lower '
        'players.max'
    ),
    'folded-cards-only-policy.yaml': (
        'folded-cards-only-policy.yaml:8:19: deck_exhaustion.community_card: 10 players '
        'staying to the end need 74 cards (7 each and 4 burns) but the deck holds 52; only '
        'a community card finishes the deal when nobody folds; set community_card: true or '
        'lower players.max'
    ),
    'not-a-mapping.yaml': (
        'not-a-mapping.yaml:1:1: a variant file is a mapping of keys (studkit: 1, '
        'name: ...), not a list'
    ),
    'open-pair-missing-street.yaml': (
        'open-pair-missing-street.yaml:5:21: betting.open_pair_street: no street is '
        "named 'forth'; streets: 'third', 'fourth', 'fifth', 'sixth', 'seventh' (did "
        "you mean 'fourth'?)"
    ),
    'python-tag.yaml': (
        "python-tag.yaml:3:14: tag '!!python/object/apply:os.system' is not allowed; "
        'variant files are plain YAML data'
    ),
    'qualifier-on-high.yaml': (
        "qualifier-on-high.yaml:4:46: pots[0] (high).qualifier: '8-low' is not a "
        "category of 'high': 'straight-flush', 'four-of-a-kind', 'full-house', 'flush', "
        "'straight', 'three-of-a-kind', 'two-pair', 'one-pair', 'high-card'"
    ),
    'recursive-alias.yaml': (
        'recursive-alias.yaml:3:10: an alias refers to a value that contains it'
    ),
    'self-extends.yaml': (
        "self-extends.yaml:2:10: extends: './self-extends.yaml' makes a cycle: "
        'self-extends.yaml -> self-extends.yaml'
    ),
    'spread-missing-max.yaml': (
        'spread-missing-max.yaml:5:3: betting: spread-limit needs spread_max'
    ),
    'syntax-bad-indent.yaml': (
        "syntax-bad-indent.yaml:5:4: YAML syntax error: 'max' is indented more than 'min' "
        "above it (column 4; 'min' is at column 3), so it reads as part of the value of "
        "'min'; line it up with 'min' or quote a value holding ': '"
    ),
    'syntax-unclosed-bracket.yaml': (
        "syntax-unclosed-bracket.yaml:4:41: YAML syntax error: expected ',' or ']', "
        "but got '}' (while parsing a flow sequence)"
    ),
    'tab-indent.yaml': (
        'tab-indent.yaml:4:1: tab character in indentation; YAML indents with spaces '
        'only'
    ),
    'too-many-players.yaml': (
        'too-many-players.yaml:4:16: players.min: min 9 is more than max 8'
    ),
    'unknown-evaluator.yaml': (
        'unknown-evaluator.yaml:5:28: pots[0] (low).evaluator: unknown evaluator '
        "'a5low'; built-in: 'high', 'a5-low', 'eight-or-better', '2-7-low', 'a6-low', "
        "'badugi', 'badugi-ace-high', 'soko', 'mexican-high', 'razz-high', 'action-razz', "
        "'two-card-high', 'two-card-a5' (did you mean 'a5-low'?)"
    ),
    'unknown-nested-key.yaml': (
        "unknown-nested-key.yaml:6:3: forced_bets: unknown key 'bring_inn' (did you "
        "mean 'bring_in'?)"
    ),
    'unknown-street-key.yaml': (
        "unknown-street-key.yaml:6:5: streets[1] (fourth): unknown key 'burm' (did "
        "you mean 'burn'?)"
    ),
    'unknown-top-key.yaml': (
        "unknown-top-key.yaml:4:1: unknown key 'stretts' (did you mean 'streets'?)"
    ),
    'wild-stripped.yaml': (
        'wild-stripped.yaml:5:16: deck.wild_ranks[0]: rank 3 is wild but stripped '
        'from the deck'
    ),
    'wrong-type-bool.yaml': (
        'wrong-type-bool.yaml:5:26: streets[1] (fourth).burn: expected true or '
        "false, got 'no' (write true or false)"
    ),
    'wrong-type-float.yaml': (
        'wrong-type-float.yaml:4:9: forced_bets.ante: 0.0000001 has 7 decimal places: '
        'at most 6 are supported (0.000001)'
    ),
    'wrong-type-int.yaml': (
        "wrong-type-int.yaml:4:8: players.max: expected a whole number, got 'eight'"
    ),
    'wrong-type-list.yaml': (
        'wrong-type-list.yaml:6:12: streets[4] (seventh).cards: expected a list, got '
        "'up'"
    ),
    'yes-no-boolean.yaml': (
        'yes-no-boolean.yaml:5:19: forced_bets.bring_in.may_complete: expected true '
        "or false, got 'yes' (write true or false)"
    ),
    'low-too-few-cards.yaml': (
        'low-too-few-cards.yaml:4:3: streets: players end with 4 card'
        "s and no 4-card hand ranks under 'eight-or-better': the 'low' share could never be won"
    ),
    'low-stripped-away.yaml': (
        'low-stripped-away.yaml:4:19: deck.stripped_ranks: with 2, 3,'
        " 4, 5 stripped no hand qualifies as '8-low': the 'low' share could never be won"
    ),
}


def test_every_malformed_file_has_an_expectation() -> None:
    files = {path.name for path in MALFORMED.glob("*.yaml")}
    assert files == set(EXPECTED) | {"unknown-plugin.yaml"}
    assert len(files) >= 30


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_malformed_file_error_is_exact(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(MALFORMED)
    with pytest.raises(VariantFileError) as caught:
        load_variant(f"./{name}")
    assert str(caught.value) == EXPECTED[name]
    assert isinstance(caught.value, VariantError)
    first = caught.value.problems[0]
    assert str(caught.value).startswith(f"{first.file}:{first.line}:{first.column}: ")


def test_missing_plugin_names_the_plugin_and_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(MALFORMED)
    with pytest.raises(VariantFileError) as caught:
        load_variant("./unknown-plugin.yaml")
    (problem,) = caught.value.problems
    assert (problem.file, problem.line, problem.column) == ("unknown-plugin.yaml", 5, 11)
    assert problem.path == "plugins[0] (bassball).name"
    assert problem.message.startswith("plugin 'bassball' is not installed")
    assert "installed: " in problem.message and "hole-spade" in problem.message


def test_problems_are_structured(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(MALFORMED)
    with pytest.raises(VariantFileError) as caught:
        load_variant("./bad-enum-card.yaml")
    assert [problem.as_dict() for problem in caught.value.problems] == [
        {
            "file": "bad-enum-card.yaml",
            "line": 16,
            "column": 7,
            "path": "streets[2] (fifth).cards[0]",
            "message": "'upp' is not one of 'up', 'down', 'choice', 'up-unless-all-exposed' "
                       "(did you mean 'up'?)",
        }
    ]


def test_every_schema_problem_is_listed_in_line_order() -> None:
    text = (
        "studkit: 1\nname: many\nplayers: {max: eleven}\n"
        "betting: {structure: pot-limt, max_raise: 2}\nshowdown: {losers_may_muck: nope}\n"
    )
    with pytest.raises(VariantFileError) as caught:
        load_variant_text(text, name="many.yaml")
    assert str(caught.value).splitlines() == [
        "many.yaml:3:16: players.max: expected a whole number, got 'eleven'",
        "many.yaml:4:22: betting.structure: 'pot-limt' is not one of 'fixed-limit', "
        "'pot-limit', 'no-limit', 'spread-limit' (did you mean 'pot-limit'?)",
        "many.yaml:4:32: betting: unknown key 'max_raise' (did you mean 'max_raises'?)",
        "many.yaml:5:29: showdown.losers_may_muck: expected true or false, got 'nope'",
    ]


def test_an_oversized_file_is_refused_before_parsing(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    path.write_text("studkit: 1\nname: huge\n" + "# padding\n" * (MAX_FILE_BYTES // 10))
    with pytest.raises(VariantFileError, match="a variant file may be at most"):
        load_variant(path)


def test_a_too_long_extends_chain_is_refused(tmp_path: Path) -> None:
    (tmp_path / "v0.yaml").write_text("studkit: 1\nextends: seven-card-stud\nname: v0\n")
    for index in range(1, MAX_EXTENDS_DEPTH + 2):
        (tmp_path / f"v{index}.yaml").write_text(
            f"studkit: 1\nextends: ./v{index - 1}.yaml\nname: v{index}\n"
        )
    assert load_variant(tmp_path / "v3.yaml").name == "v3"
    with pytest.raises(VariantFileError, match=f"longer than {MAX_EXTENDS_DEPTH} files"):
        load_variant(tmp_path / f"v{MAX_EXTENDS_DEPTH + 1}.yaml")


def test_mutated_files_load_or_raise_variant_error_only() -> None:
    rng = random.Random(2026)
    sources = [path.read_text() for path in sorted((ROOT / "variants").glob("*.yaml"))]
    pieces = [" ", "\n", ":", "- ", "[", "]", "{", "}", ",", "&a", "*a", "!", "#", "'", '"',
              "\t", "0", "-1", "null", "true", "yes", "~", "  "]
    for _ in range(150):
        text = rng.choice(sources)
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(text) + 1)
            if rng.random() < 0.5:
                text = text[:at] + rng.choice(pieces) + text[at:]
            else:
                text = text[:at] + text[at + rng.randint(1, 8):]
        try:
            load_variant_text(text, name="mutant.yaml", base=ROOT / "variants")
        except VariantError as error:
            assert str(error).startswith("mutant.yaml:") or ".yaml:" in str(error)


def _cli(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(studkit.cli, "COMMAND_MODULES", ("variants",))
    return studkit.cli.main(argv)


def test_validate_lists_every_file_and_exits_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(MALFORMED)
    names = sorted(EXPECTED)
    assert _cli(["validate", *names], monkeypatch) == 1
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    for name in names:
        assert EXPECTED[name].splitlines()[0] in out
    assert out.rstrip().endswith(f"{len(names)} of {len(names)} files invalid")


def test_validate_json_reports_problems(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(MALFORMED)
    assert _cli(["validate", "--json", "duplicate-key.yaml", "tab-indent.yaml"], monkeypatch) == 1
    payload = json.loads(capsys.readouterr().out)
    assert payload["valid"] is False
    assert payload["files"][0] == {
        "file": "duplicate-key.yaml",
        "valid": False,
        "problems": [
            {
                "file": "duplicate-key.yaml",
                "line": 4,
                "column": 1,
                "path": "",
                "message": "duplicate key 'name' (first given at line 2)",
            }
        ],
    }


@pytest.mark.parametrize("name", ["binary.yaml", "alias-bomb.yaml", "python-tag.yaml"])
def test_show_of_a_hostile_file_exits_2_without_traceback(
    name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(MALFORMED)
    assert _cli(["show", name], monkeypatch) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"studkit show: error: {EXPECTED[name]}\n"


def test_recycled_burns_are_enough_for_seven_players_without_a_community_card() -> None:
    from studkit.variant.loader import load_variant_text

    base = "studkit: 1\nextends: seven-card-stud\nname: seven-handed\nplayers: {max: 7}\n"
    assert load_variant_text(
        base + "deck_exhaustion: {community_card: false, reshuffle_burns: true, "
        "reuse_folded: false}\n"
    ).max_players == 7
    with pytest.raises(VariantFileError, match="set reshuffle_burns or community_card to true"):
        load_variant_text(
            base + "deck_exhaustion: {community_card: false, reuse_folded: true}\n"
        )
