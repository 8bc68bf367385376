"""``studkit show`` says what the variant data and its plugins actually do."""

from __future__ import annotations

from pathlib import Path

import pytest

from studkit.cli import main
from studkit.hooks.registry import PluginRegistry
from studkit.variant.loader import load_variant, load_variant_text
from studkit.variant.rules_text import show_text


def flat(name: str) -> str:
    return " ".join(show_text(load_variant(name)).split())


def test_choice_cards_are_dealt_down_and_the_player_turns_one_up() -> None:
    text = flat("roll-your-own")
    assert "up or down as the player chooses" not in text
    assert ("Fourth street: a burn, then one card down to each player, and each player turns "
            "one of their down cards face up, then a betting round") in text
    assert "Third street: three cards down to each player, and each player turns one" in text


def test_five_of_a_kind_is_said_when_a_plugin_names_the_wild_cards() -> None:
    assert "A standard 52-card deck. Wild cards can make five of a kind." in flat(
        "follow-the-queen")


def test_every_shipped_plugin_says_its_rule_in_words() -> None:
    assert "must match the pot or fold" in flat("baseball")
    assert "the rank of the next card dealt face up is wild" in flat("follow-the-queen")
    assert "Queens are wild." in flat("follow-the-queen")
    assert "up spades don't count" in flat("low-chicago")
    assert "after the street is dealt, in turn from the dealer's left" in flat("roll-your-own")
    assert "a swing must win every share (a tie is not enough)" in flat("high-low-declare")
    assert "After the betting on sixth street" in flat("seven-card-stud-twist")
    assert "burns-only procedure" in flat("south-dakota-seven-card-stud")
    assert "a rule beyond the data" not in " ".join(
        flat(name) for name in ("baseball", "chicago", "roll-your-own", "high-low-declare"))


def test_options_change_the_plugin_sentence() -> None:
    variant = load_variant_text(
        "studkit: 1\nextends: follow-the-queen\nname: plain-queens\n"
        "plugins:\n  - name: follow-the-queen\n    options: {trigger_is_wild: false}\n"
    )
    assert "Queens are not wild." in " ".join(show_text(variant).split())


def test_a_plugin_without_a_sentence_still_shows(tmp_path: Path) -> None:
    (tmp_path / "quiet_rule.py").write_text('"""A rule with no sentence."""\n')
    variant = load_variant_text(
        "studkit: 1\nextends: seven-card-stud\nname: q\nplugins:\n  - name: quiet-rule\n",
        registry=PluginRegistry([tmp_path]),
    )
    assert "quiet-rule: a rule beyond the data." in " ".join(show_text(variant).split())


def test_diff_says_a_plugin_names_the_wild_cards() -> None:
    from studkit.variant.rule_differences import rule_differences

    differences = {
        rule: (a, b) for rule, a, b in rule_differences(
            load_variant("baseball"), load_variant("follow-the-queen"))
    }
    assert differences["wild cards"] == ("threes and nines", "named in play by follow-the-queen")
    assert "five of a kind" not in differences  # both allow it
    plain = {rule for rule, _, _ in rule_differences(
        load_variant("seven-card-stud"), load_variant("chicago"))}
    assert "wild cards" not in plain and "five of a kind" not in plain


def test_show_names_the_house_plugins_that_act_in_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "deuces_wild.py").write_text(
        '"""Deuces wild in every game."""\n'
        "def rules_sentence(options):\n    return 'Deuces are wild.'\n"
    )
    assert main(["--plugins-dir", str(tmp_path), "show", "seven-card-stud"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert main(["show", "seven-card-stud"]) == 0  # the same process, no directory: none
    assert "House plugins" not in capsys.readouterr().out
    assert "House plugins. Also in force in every game here: deuces-wild (from " in out
    # The path's length moves where the terminal wraps the line: compare without spaces.
    assert "deuces_wild.py):Deucesarewild." in "".join(out.split())


@pytest.mark.parametrize(("name", "said", "offered"), [
    ("seven-card-stud", "that player may instead complete to 5.", "complete to 5"),
    ("spread-limit-home-stud",
     "that player may instead complete to any amount above the bring-in up to 5.",
     "complete to 2..5"),
    ("pot-limit-seven-card-stud",
     "that player may instead open for a bet of twice the bring-in (4) up to the pot.",
     "bet to 4"),
    ("no-limit-seven-card-stud",
     "that player may instead open for a bet of at least twice the bring-in (4).",
     "bet to 4.."),
])
def test_what_the_bring_in_may_do_instead_is_what_the_engine_offers(
    name: str, said: str, offered: str
) -> None:
    from studkit.engine import Hand

    variant = load_variant(name)
    assert said in flat(name)
    legal = [str(action) for action in Hand(variant, [1000] * 3).legal_actions()]
    assert any(action.startswith(offered) for action in legal), legal


def test_pot_and_no_limit_state_the_smallest_bet() -> None:
    assert "No limit: the smallest bet is 2;" in flat("no-limit-seven-card-stud")
    assert "Pot limit: the smallest bet is 2;" in flat("pot-limit-seven-card-stud")


def test_odd_chip_rules_read_as_sentences() -> None:
    assert ("When tied hands split a pot, an odd chip goes to the player with the highest card "
            "by suit among the five cards each plays.") in flat("tda-seven-card-stud")
    assert ("an odd chip goes to the hand shown first; when a pot is split between shares, an "
            "odd chip goes to the high share.") in flat("seven-card-stud-hi-lo")


WILD_PLUGINS = ("follow-the-queen", "low-hole-wild")
"""Plugins that make cards wild (the file's deck has none)."""

SHIPPED = sorted(path.stem for path in (Path(__file__).parent.parent / "variants").glob("*.yaml"))


@pytest.mark.parametrize("name", SHIPPED)
def test_five_of_a_kind_is_said_only_where_wild_cards_make_it(name: str) -> None:
    variant = load_variant(name)
    wild = bool(variant.deck.wild_ranks or variant.deck.jokers) or any(
        ref.name in WILD_PLUGINS for ref in variant.plugins
    )
    assert ("can make five of a kind" in flat(name)) == wild


@pytest.mark.parametrize("name", SHIPPED)
def test_an_unwon_share_is_mentioned_only_where_a_share_can_go_unwon(name: str) -> None:
    can_go_unwon = name in (
        "seven-card-stud-hi-lo", "chicago", "low-chicago", "high-low-declare",
        "english-stud-hi-lo", "five-card-stud-hi-lo-declare", "satan", "beelzebub",
        "one-three-one", "two-card-hi-lo-declare", "outhouse",
        "super-stud-hi-lo", "low-todd", "seven-card-reverse", "caveman-super",
        "oxford-stud", "mississippi-stud-hi-lo", "mississippi-studugi",
        "five-card-stud-hi-lo", "seven-card-stud-double-qualifier")
    assert ("A share no hand can win goes to the others" in flat(name)) == can_go_unwon


def test_wild_cards_in_a_low_only_game_make_no_five_of_a_kind() -> None:
    variant = load_variant_text(
        "studkit: 1\nextends: razz\nname: wild-razz\ndeck: {wild_ranks: [9]}\n")
    text = " ".join(show_text(variant).split())
    assert "Nines are wild." in text and "five of a kind" not in text
