"""Loading variants: built-in names, aliases, paths, defaults, round trips and extends."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

import studkit
from studkit.cards import Rank, Suit
from studkit.variant.loader import (
    builtin_aliases,
    builtin_variant_names,
    dump_variant,
    load_variant,
    load_variant_text,
)
from studkit.variant.model import SEVEN_CARD_STUD_STREETS, Variant
from studkit.variant.yaml_source import VariantFileError

ROOT = Path(__file__).resolve().parent.parent


def test_seven_card_stud_is_the_model_default() -> None:
    stud = load_variant("seven-card-stud")
    expected = Variant(
        name="seven-card-stud", title=stud.title, description=stud.description,
        aliases=stud.aliases,
    )
    assert stud == expected
    assert stud.streets == SEVEN_CARD_STUD_STREETS
    assert stud.source is not None and stud.source.endswith("seven-card-stud.yaml")


def test_a_minimal_file_gets_every_default() -> None:
    assert load_variant_text("studkit: 1\nname: bare\n") == Variant(name="bare")


def test_names_aliases_and_paths_find_the_same_game(tmp_path: Path) -> None:
    razz = load_variant("razz")
    assert load_variant("a5-razz") == razz
    assert load_variant(ROOT / "variants" / "razz.yaml") == razz
    assert load_variant(str(ROOT / "variants" / "razz.yaml")) == razz
    assert studkit.load_variant("stud8").name == "seven-card-stud-hi-lo"
    assert builtin_aliases()["stud"] == "seven-card-stud"


def test_builtin_names_are_sorted_file_stems() -> None:
    names = builtin_variant_names()
    assert names == sorted(names)
    assert {"seven-card-stud", "seven-card-stud-hi-lo", "razz"} <= set(names)


def test_razz_and_hi_lo_say_their_rules() -> None:
    razz = load_variant("razz")
    assert razz.forced_bets.bring_in is not None
    assert razz.forced_bets.bring_in.selector == "highest"
    assert razz.forced_bets.bring_in.ace == "low"
    assert razz.action_order.evaluator == "a5-low"
    assert razz.betting.open_pair_street is None
    assert [share.evaluator for share in razz.pots] == ["a5-low"]
    hi_lo = load_variant("seven-card-stud-hi-lo")
    assert [share.evaluator for share in hi_lo.pots] == ["high", "eight-or-better"]
    assert hi_lo.odd_chips.hi_lo_side == "high"
    assert hi_lo.streets == SEVEN_CARD_STUD_STREETS


@pytest.mark.parametrize("name", builtin_variant_names())
def test_dump_then_load_gives_the_same_variant(name: str) -> None:
    try:
        variant = load_variant(name)
    except VariantFileError as error:
        pytest.skip(f"needs a plugin not installed here: {error}")
    again = load_variant_text(dump_variant(variant), name=f"{name}-dump.yaml")
    assert again == variant


def test_round_trip_keeps_ranks_suits_and_no_bring_in() -> None:
    variant = load_variant_text(
        "studkit: 1\nname: odd\n"
        "deck: {stripped_ranks: [2, 3, T], wild_ranks: [A], jokers: 1,"
        " suit_order: [spades, hearts, diamonds, clubs]}\n"
        "forced_bets: {ante: 0, bring_in: null}\n"
        "betting: {structure: spread-limit, spread_min: 1, spread_max: 5, last_round_max: 10,"
        " open_pair_street: null}\n"
    )
    assert variant.deck.stripped_ranks == (Rank.TWO, Rank.THREE, Rank.TEN)
    assert variant.deck.wild_ranks == (Rank.ACE,)
    assert variant.deck.suit_order[0] == Suit.SPADES
    assert variant.forced_bets.bring_in is None and not variant.forced_bets.ante
    assert variant.stakes.spread_max == 5
    assert load_variant_text(dump_variant(variant)) == variant


def test_source_is_not_part_of_equality() -> None:
    stud = load_variant("seven-card-stud")
    assert replace(stud, source="elsewhere.yaml") == stud


def test_unknown_name_suggests_the_closest() -> None:
    with pytest.raises(studkit.VariantError) as caught:
        load_variant("raz")
    assert "'raz' is not a built-in variant or a variant file (did you mean 'razz'?)" in str(
        caught.value
    )


def test_missing_file_and_directory_are_named_without_a_position(tmp_path: Path) -> None:
    with pytest.raises(VariantFileError) as caught:
        load_variant(tmp_path / "missing.yaml")
    assert str(caught.value) == f"{tmp_path / 'missing.yaml'}: no such file"
    assert caught.value.problems[0].line == 0
    with pytest.raises(VariantFileError, match="is a directory, not a file"):
        load_variant(tmp_path)


def test_qualifiers_are_categories_of_the_share_s_evaluator() -> None:
    variant = load_variant_text(
        "studkit: 1\nname: q\npots:\n  - {name: high, evaluator: high, qualifier: one-pair}\n"
        "  - {name: low, evaluator: a5-low, qualifier: 9-low}\n"
    )
    assert [share.qualifier for share in variant.pots] == ["one-pair", "9-low"]
    with pytest.raises(VariantFileError, match=r"'9-low' is not a category of "
                       r"'eight-or-better': '5-low', '6-low', '7-low', '8-low' \(did you mean"):
        load_variant_text(
            "studkit: 1\nname: q\npots:\n  - {name: high, evaluator: high}\n"
            "  - {name: low, evaluator: eight-or-better, qualifier: 9-low}\n"
        )
