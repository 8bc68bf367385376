"""The shipped variant files, the schema, the generated reference and the variant commands."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema  # type: ignore[import-untyped,unused-ignore]
import pytest

import studkit.cli
from studkit.variant.loader import (
    builtin_aliases,
    builtin_variant_names,
    load_variant,
    load_variant_text,
)
from studkit.variant.model import Variant
from studkit.variant.reference_doc import reference_markdown
from studkit.variant.rule_differences import diff_variants
from studkit.variant.rules_text import show_text, streets_pattern
from studkit.variant.schema import variant_schema

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ROOT / "variants"

NAMED_GAMES = [
    "seven-card-stud", "seven-card-stud-hi-lo", "razz", "five-card-stud", "six-card-stud",
    "eight-card-stud", "mississippi-stud", "2-7-razz", "london-lowball",
    "stud-hi-lo-no-qualifier", "chicago", "low-chicago", "baseball", "follow-the-queen",
]
"""The fourteen games the variant format promises to ship."""
GAMES = [*NAMED_GAMES, "roll-your-own", "high-low-declare", "seven-card-stud-twist"]
HOUSE_RULES = [
    "tda-seven-card-stud", "pot-limit-seven-card-stud", "no-limit-seven-card-stud",
    "spread-limit-home-stud",
]
"""The four house-rule files the variant format promises to ship."""


def _cli(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(studkit.cli, "COMMAND_MODULES", ("variants",))
    return studkit.cli.main(argv)


def test_every_named_variant_ships() -> None:
    assert set(NAMED_GAMES + HOUSE_RULES) <= set(builtin_variant_names())
    assert len(NAMED_GAMES) == 14


@pytest.mark.parametrize("name", builtin_variant_names())
def test_each_file_loads_describes_itself_and_cites_sources(name: str) -> None:
    variant = load_variant(name, require_plugins=False)
    assert variant.name == name
    assert variant.title and len(variant.description) > 40
    text = (VARIANTS / f"{name}.yaml").read_text()
    assert text.startswith("#")
    comments = [line for line in text.splitlines() if line.startswith("#")]
    assert len(comments) >= 2
    rules = show_text(variant)
    assert rules.startswith(f"{variant.title} ({name})")
    assert "Forced bets." in rules and "Pots." in rules


@pytest.mark.parametrize("name", HOUSE_RULES)
def test_house_rule_files_are_short_extends(name: str) -> None:
    lines = [
        line for line in (VARIANTS / f"{name}.yaml").read_text().splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    assert lines[1] == "extends: seven-card-stud"
    identity = ("title:", "description:", "aliases:")
    rules = []
    in_identity = False
    for line in lines:
        if not line.startswith(" "):
            in_identity = line.startswith(identity)
        if not in_identity:
            rules.append(line)
    assert 3 <= len(rules) <= 10, rules


def test_aliases_are_unique_and_never_shadow_a_name() -> None:
    seen: dict[str, str] = {}
    names = set(builtin_variant_names())
    for name in names:
        for alias in load_variant(name, require_plugins=False).aliases:
            assert alias not in names
            assert alias not in seen, f"{alias} is used by {seen.get(alias)} and {name}"
            seen[alias] = name
    assert builtin_aliases() == seen


def test_the_games_say_their_rules() -> None:
    def load(name: str) -> Variant:
        return load_variant(name, require_plugins=False)

    assert streets_pattern(load("five-card-stud")) == "↓↑ ↑ ↑ ↑"
    assert streets_pattern(load("six-card-stud")) == "↓↓↑ ↑ ↑ ↓"
    assert streets_pattern(load("mississippi-stud")) == "↓↓↑ ↑↑ ↑ ↑"
    assert load("eight-card-stud").max_players == 6
    assert load("eight-card-stud").cards_needed == 52
    assert load("2-7-razz").pots[0].evaluator == "2-7-low"
    assert load("london-lowball").action_order.evaluator == "a6-low"
    assert [p.evaluator for p in load("stud-hi-lo-no-qualifier").pots] == ["high", "a5-low"]
    assert load("low-chicago").pots[1].evaluator == "hole-spade-low"
    baseball = load("baseball")
    assert [int(rank) + 2 for rank in baseball.deck.wild_ranks] == [3, 9]
    assert [plugin.name for plugin in baseball.plugins] == ["baseball"]
    tda = load("tda-seven-card-stud")
    assert tda.action_order.tie_break == "suit"
    assert tda.betting.open_pair_street is None
    assert tda.odd_chips.method == "high-card-by-suit"
    assert tda.deck_exhaustion.reshuffle_burns and not tda.deck_exhaustion.reuse_folded
    assert load("pot-limit-seven-card-stud").betting.structure == "pot-limit"
    assert load("no-limit-seven-card-stud").betting.structure == "no-limit"
    spread = load("spread-limit-home-stud")
    assert (spread.stakes.spread_min, spread.stakes.spread_max) == (1, 5)


def test_schema_is_valid_draft_2020_12_and_describes_every_key() -> None:
    schema = variant_schema()
    jsonschema.Draft202012Validator.check_schema(schema)

    def walk(node: dict[str, object], path: str) -> None:
        properties = node.get("properties", {})
        assert isinstance(properties, dict)
        for key, child in properties.items():
            assert child.get("description"), f"{path}.{key} has no description"
            walk(child, f"{path}.{key}")
        items = node.get("items")
        if isinstance(items, dict):
            walk(items, f"{path}[]")

    walk(schema, "")


def test_schema_defaults_are_the_model_defaults() -> None:
    assert load_variant_text("studkit: 1\nname: x\n") == Variant(name="x")


def test_every_shipped_file_is_valid_against_the_raw_schema() -> None:
    import yaml

    validator = jsonschema.Draft202012Validator(variant_schema())
    for path in VARIANTS.glob("*.yaml"):
        data = yaml.safe_load(path.read_text())
        if "extends" not in data:
            assert list(validator.iter_errors(data)) == [], path.name


def test_reference_doc_is_up_to_date() -> None:
    text = (ROOT / "docs" / "variant-reference.md").read_text()
    assert text == reference_markdown(), (
        "regenerate: studkit schema --markdown > docs/variant-reference.md"
    )


def test_diff_speaks_poker() -> None:
    stud = load_variant("seven-card-stud")
    assert diff_variants(stud, stud) == []
    razz = diff_variants(stud, load_variant("razz"))
    assert "bring-in: lowest up card -> highest up card" in razz
    assert "open pair: fourth street -> off" in razz
    eight = diff_variants(stud, load_variant("eight-card-stud"))
    assert "players: 2 to 8 -> 2 to 6" in eight
    assert "seventh street: ↓, burn first, big bet -> ↓↓, burn first, big bet" in eight


def test_diff_compares_every_setting_of_the_model() -> None:
    """Every setting of the model's sections is compared: by a rule in poker words, or in
    plain words when none says it (a new switch shows in ``diff`` without a new row), and
    every setting a rule claims to say exists."""
    import dataclasses

    from studkit.variant.rule_differences import RULES, SECTIONS, settings_rules

    model = Variant(name="model")
    settings = set()
    for section in SECTIONS:
        found: object = model
        for step in section.split("."):
            found = getattr(found, step)
        settings |= {f"{section}.{field.name}" for field in dataclasses.fields(found)}  # type: ignore[arg-type]
    said = [path for rule in (*RULES, *settings_rules()) for path in rule.settings]
    assert sorted(said) == sorted(settings)
    stud = load_variant("seven-card-stud")
    changed = dataclasses.replace(
        stud, betting=dataclasses.replace(stud.betting, half_bet_reopens=False),
        action_order=dataclasses.replace(stud.action_order, later_rounds="position"),
    )
    assert diff_variants(stud, changed) == [
        "later rounds open: best showing hand -> first live player on the dealer's left",
        "half bet reopens: yes -> no",
    ]


def test_cli_list_shows_every_variant(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _cli(["list"], monkeypatch) == 0
    out = capsys.readouterr().out
    header, *rows = out.splitlines()
    assert header.split() == ["NAME", "FAMILY", "PLAYERS", "STREETS", "POTS", "BETTING"]
    assert any(row.startswith("seven-card-stud ") and "↓↓↑ ↑ ↑ ↑ ↓" in row for row in rows)
    for name in builtin_variant_names():
        assert any(row.split()[0] == name for row in rows if row.strip())
    assert _cli(["list", "--json"], monkeypatch) == 0
    rows_json = json.loads(capsys.readouterr().out)
    razz = next(row for row in rows_json if row["name"] == "razz")
    assert razz["players"] == {"min": 2, "max": 8}
    assert razz["streets"] == "↓↓↑ ↑ ↑ ↑ ↓"
    assert razz["pots"] == ["a5-low"]
    assert razz["family"] == "lowball"
    assert razz["betting"] == {"structure": "fixed-limit", "summary": "fixed limit 5/10"}


def test_cli_show_diff_and_schema(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _cli(["show", "stud8"], monkeypatch) == 0
    assert "eight-or-better low" in capsys.readouterr().out
    assert _cli(["show", "razz", "--yaml"], monkeypatch) == 0
    assert load_variant_text(capsys.readouterr().out) == load_variant("razz")
    assert _cli(["diff", "seven-card-stud", "razz"], monkeypatch) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "seven-card-stud -> razz"
    assert "  bring-in: lowest up card -> highest up card" in out.splitlines()
    assert _cli(["schema"], monkeypatch) == 0
    assert json.loads(capsys.readouterr().out) == variant_schema()
    assert _cli(["show", "razzz"], monkeypatch) == 2
    err = capsys.readouterr().err
    assert err.startswith("studkit show: error: 'razzz' is not a built-in variant or a "
                          "variant file (did you mean 'razz'?)")


def test_cli_validate_passes_the_shipped_files(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(ROOT)
    files = sorted(str(path.relative_to(ROOT)) for path in VARIANTS.glob("*.yaml"))
    assert _cli(["validate", *files], monkeypatch) == 0, capsys.readouterr().out
    out = capsys.readouterr().out
    assert out.rstrip().endswith(f"{len(files)} files valid")


def test_cli_diff_json_validate_folder_and_show_stakes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _cli(["diff", "razz", "2-7-razz", "--json"], monkeypatch) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["a"] == "razz" and payload["b"] == "2-7-razz"
    assert {"rule": "bring-in ace", "a": "ace low", "b": "ace high"} in payload["differences"]
    monkeypatch.chdir(ROOT)
    assert _cli(["validate", "variants"], monkeypatch) == 0
    out = capsys.readouterr().out
    assert f"{len(builtin_variant_names())} files valid" in out
    assert _cli(["show", "razz", "--stakes", "ante=5,bring-in=10,small=20,big=40"],
                monkeypatch) == 0
    assert "brings in for 10" in capsys.readouterr().out
    assert _cli(["show", "razz", "--stakes", "bring-in=40"], monkeypatch) == 2
    assert "bring-in 40 must be less than the small bet 5" in capsys.readouterr().err
