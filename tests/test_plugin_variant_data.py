"""A plugin's options and the variant data agree: one rule, read the same by show and engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from studkit.hooks import host as pluginhost
from studkit.hooks.registry import PluginRegistry
from studkit.variant.loader import builtin_variant_names, load_variant, load_variant_text
from studkit.variant.model import DeckExhaustion
from studkit.variant.rules_text import show_text
from studkit.variant.yaml_source import VariantFileError


@pytest.fixture(autouse=True)
def autoload_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(pluginhost.AUTOLOAD_ENV, raising=False)


def test_south_dakota_data_is_the_burns_only_policy() -> None:
    variant = load_variant("south-dakota-seven-card-stud")
    exhaustion = variant.deck_exhaustion
    assert exhaustion.reshuffle_burns and not exhaustion.reuse_folded
    text = " ".join(show_text(variant).split())
    assert "burns are scrambled" in text
    assert "folded cards may be shuffled in" not in text


@pytest.mark.parametrize("name", builtin_variant_names())
def test_every_shipped_variant_plays_the_deck_rule_its_data_says(name: str) -> None:
    variant = load_variant(name)
    host = pluginhost.PluginHost(variant.plugins, house=False)
    for call in host.calls("studkit_deck_exhausted"):
        assert call.function(hand=None, street=variant.streets[-1]) == variant.deck_exhaustion


def test_an_option_override_reaches_the_data() -> None:
    variant = load_variant_text(
        "studkit: 1\nextends: seven-card-stud\nname: house\n"
        "plugins:\n  - name: community-card\n"
        "    options: {policy: tda, first_actor: board}\n"
    )
    assert variant.deck_exhaustion == DeckExhaustion(
        community_card=True, reshuffle_burns=True, reuse_folded=False,
        community_first_actor="board",
    )


def test_a_failing_variant_data_names_the_plugin_and_line(tmp_path: Path) -> None:
    (tmp_path / "broken_data.py").write_text(
        "def variant_data(options):\n    raise RuntimeError('no table for that')\n"
    )
    registry = PluginRegistry([tmp_path])
    with pytest.raises(VariantFileError) as caught:
        load_variant_text(
            "studkit: 1\nextends: seven-card-stud\nname: house\n"
            "plugins:\n  - name: broken-data\n", name="house.yaml", registry=registry,
        )
    message = str(caught.value)
    assert "house.yaml:5:5: plugins[0]" in message
    assert "'broken-data'" in message and "no table for that" in message


def test_variant_data_the_schema_rejects_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "bad_data.py").write_text(
        "def variant_data(options):\n    return {'deck_exhaustion': {'reuse_folded': 'yes'}}\n"
    )
    registry = PluginRegistry([tmp_path])
    with pytest.raises(VariantFileError, match="'bad-data' implies data the schema rejects"):
        load_variant_text(
            "studkit: 1\nextends: seven-card-stud\nname: house\n"
            "plugins:\n  - name: bad-data\n", name="house.yaml", registry=registry,
        )


@pytest.mark.parametrize(("text", "where", "message"), [
    ("plugins:\n  - name: twist\n    options: {after: [sixht]}\n",
     "house.yaml:6:23: plugins[0] (twist).options.after[0]",
     "'sixht' is not a street of this game (third, fourth, fifth, sixth, seventh) "
     "(did you mean 'sixth'?)"),
    ("plugins:\n  - name: hole-spade\n",
     "house.yaml:5:5: plugins[0] (hole-spade)", "no pot share uses a hole-spade evaluator"),
    ("plugins:\n  - name: roll-your-own\n",
     "house.yaml:5:5: plugins[0] (roll-your-own)", "no street deals a 'choice' card"),
])
def test_a_plugin_checks_its_options_against_the_game_when_the_file_loads(
    text: str, where: str, message: str
) -> None:
    with pytest.raises(VariantFileError) as caught:
        load_variant_text("studkit: 1\nextends: seven-card-stud\nname: house\n" + text,
                          name="house.yaml")
    assert f"{where}: {message}" in str(caught.value)


def test_a_failing_check_variant_names_the_plugin(tmp_path: Path) -> None:
    (tmp_path / "odd_check.py").write_text(
        "def check_variant(options, data):\n    return 1 / 0\n"
    )
    registry = PluginRegistry([tmp_path])
    with pytest.raises(VariantFileError, match="plugin 'odd-check': check_variant failed"):
        load_variant_text(
            "studkit: 1\nextends: seven-card-stud\nname: house\nplugins:\n  - name: odd-check\n",
            registry=registry,
        )
