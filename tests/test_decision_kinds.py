"""Player decisions are registered types: no core module knows a plugin's, and a new one is a
decision kind plus a plugin (``tests/discard_kind/``) that plays through every layer."""

from __future__ import annotations

import ast
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT
from timeouts import LOADED_MACHINE_TIMEOUT

from studkit import load_variant
from studkit.bots.registry import BUILT_IN_BOTS, make_bot
from studkit.cards import parse_card
from studkit.engine import Hand
from studkit.engine.actions import Action
from studkit.engine.decisions import DecisionKind, DecisionKinds, decision_kinds, known_kinds
from studkit.engine.replay import replay as replay_events
from studkit.errors import IllegalActionError, PluginError
from studkit.history import from_hand, loads, replay
from studkit.history.actions import format_action, parse_action
from studkit.history.narrate import narrate
from studkit.hooks.registry import PluginRegistry
from studkit.play.narration import Narrator
from studkit.play.render import PLAIN
from studkit.play.table_view import choices_for
from studkit.variant.card_choices import CARD_CHOICE_PLUGINS

PLUGIN_DIR = ROOT / "tests" / "discard_kind"
VARIANT_FILE = PLUGIN_DIR / "discard-stud.yaml"
SHIPPED_PLUGINS = sorted(
    path.stem.replace("_", "-") for path in (ROOT / "plugins").glob("*.py")
    if not path.stem.startswith("_")
)


# ---------------------------------------------------------------------- no names in the core


def _code_strings_and_names(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """Every string constant that is not a docstring, and every identifier, with its line."""
    docstrings: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            for statement in body:
                if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                    docstrings.add(id(statement.value))  # a docstring, or one after a field
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docstrings:
                yield node.lineno, node.value
        elif isinstance(node, ast.Name):
            yield node.lineno, node.id
        elif isinstance(node, ast.Attribute):
            yield node.lineno, node.attr
        elif isinstance(node, ast.alias):
            yield node.lineno, node.asname or node.name.rpartition(".")[2]


def _forbidden() -> tuple[set[str], tuple[str, ...], set[str]]:
    kinds = known_kinds(PluginRegistry())  # the shipped plugins' kinds
    assert {"pay", "expose", "declare", "twist", "stand"} <= set(kinds.by_name)
    # A street key of the variant format names the shipped plugin that plays it and its
    # kind (studkit.variant.card_choices): the core reads the key as data, and nothing in it
    # treats the kind apart from any other.
    fields = {key for key, _ in CARD_CHOICE_PLUGINS}
    words = (set(SHIPPED_PLUGINS) | set(kinds.by_name)) - fields
    prefixes = tuple(f"{k.name}-" for k in kinds if k.prefixed)
    identifiers = {type(k).__name__ for k in kinds} | {k.event.__name__ for k in kinds}
    return words, prefixes, identifiers


def test_no_core_module_names_a_plugin_or_its_decisions() -> None:
    words, prefixes, identifiers = _forbidden()
    found = []
    for path in sorted((ROOT / "studkit").rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for line, text in _code_strings_and_names(tree):
            if text in words or text in identifiers or text.startswith(prefixes) or (
                text.upper() in {w.upper() for w in words} and text.isupper()
            ):
                found.append(f"{path.relative_to(ROOT)}:{line}: {text!r}")
    alternatives = "|".join(map(re.escape, sorted(words)))
    quoted = re.compile(r"""["'`](""" + alternatives + r""")["'`]""")
    for path in sorted((ROOT / "studkit" / "web").rglob("*")):
        if path.suffix in (".js", ".html", ".css"):
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if quoted.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "core modules name plugins or their decisions:\n" + "\n".join(found)


def test_the_scan_would_catch_a_name() -> None:
    words, prefixes, identifiers = _forbidden()
    tree = ast.parse('"""Doc naming twist."""\nKIND = "twist"\nfrom x import TwistEvent\n')
    hits = [t for _, t in _code_strings_and_names(tree) if t in words | identifiers]
    assert hits == ["twist", "TwistEvent"]


# ---------------------------------------------------------------------- a new kind, end to end


@pytest.fixture()
def discard_registry() -> PluginRegistry:
    """A registry with the test plugin's directory (what ``--plugins-dir`` makes)."""
    return PluginRegistry([PLUGIN_DIR])


def _discards(hand: Hand) -> list[Any]:
    return [e for e in hand.events if e.kind == "toss"]


def _play(variant: Any, seed: int, choose: Any = None) -> Hand:
    rng = random.Random(seed)
    hand = Hand(variant, [200] * 4, seed=seed)
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.apply(choose(hand, legal, rng) if choose else rng.choice(legal))
    return hand


def test_a_new_decision_kind_plays_writes_replays_and_tells(
    discard_registry: PluginRegistry,
) -> None:
    variant = load_variant(str(VARIANT_FILE), registry=discard_registry)
    kinds = decision_kinds(variant)
    assert isinstance(kinds.of("toss"), DecisionKind)
    played = 0
    for seed in range(12):
        hand = _play(variant, seed)
        discards = _discards(hand)
        if not discards:
            continue  # everybody folded before fourth street
        played += 1
        for event in discards:  # the card left the hand and nobody else saw it
            assert event.card not in hand.cards[event.seat]
            other = (event.seat + 1) % hand.n
            seen = [e for e in hand.view(other).events if e.kind == "toss"]
            if event.seat not in hand.shown and not hand.exposed:  # its cards never seen
                assert all(e.card is None for e in seen if e.seat == event.seat)
            own = [e for e in hand.view(event.seat).events if e.kind == "toss"]
            assert event in own
        # the event log replays into the same hand
        again = replay_events(variant, hand.starting_stacks, hand.events, button=hand.button)
        assert again.events == hand.events and again.payoffs == hand.payoffs
        # the PHH text writes the kind's verb and replays to the same result
        text = from_hand(hand)
        assert re.search(r'"p\d toss [2-9TJQKA][cdhs]"', text), text
        (history,) = loads(text, registry=discard_registry)
        result = replay(history, registry=discard_registry)
        assert result.ok, result.as_json()
        assert [e for e in result.hand.events if e.kind == "toss"] == discards
        # narrated to a player, and in the omniscient account
        lines = [line.plain for line in Narrator(
            ["You", "B", "C", "D"], viewer=0, style=PLAIN, kinds=kinds).lines(hand.events)]
        told = [line for line in lines if "toss" in line]
        assert len(told) == len(discards)
        for event, line in zip(discards, told, strict=True):
            if event.seat == 0:
                assert line == f"You toss {event.card}"
            else:
                assert line.endswith("tosses a down card")
        story = narrate(hand.events, names=["A", "B", "C", "D"],
                        starting_stacks=hand.starting_stacks, kinds=kinds)
        assert f"tosses {discards[0].card}" in story
    assert played >= 3


def test_the_phh_verb_parses_and_refuses_bad_arguments(discard_registry: PluginRegistry) -> None:
    kinds = known_kinds(discard_registry)
    action = parse_action("p2 toss Kd", kinds)
    assert (action.verb, action.player, action.cards) == ("toss", 1, (parse_card("Kd"),))
    assert format_action(action) == "p2 toss Kd"
    with pytest.raises(ValueError, match="expected 'pN toss Kd'"):
        parse_action("p2 toss", kinds)
    with pytest.raises(ValueError, match="'toss' names one known card"):
        parse_action("p2 toss ??", kinds)
    with pytest.raises(ValueError, match="toss"):
        parse_action("p2 toss Kd")  # unknown without the directory's plugin


def test_bots_and_the_table_choices_take_the_new_kind(discard_registry: PluginRegistry) -> None:
    variant = load_variant(str(VARIANT_FILE), registry=discard_registry)
    for name in BUILT_IN_BOTS:
        bot = make_bot(name, variant)

        def choose(hand: Hand, legal: list[Action], rng: random.Random, bot: Any = bot) -> Action:
            return bot.act(hand.view(hand.actor or 0), legal, rng)

        found = next((seed for seed in range(40) if _discards(_play(variant, seed, choose))),
                     None)  # a hand that reaches fourth street: every bot discards there
        assert found is not None, name
    hand = Hand(variant, [200] * 3, seed=4)
    while not hand.is_over and not any(a.kind == "toss" for a in hand.legal_actions()):
        hand.check_or_call()
    choices = choices_for(hand)
    assert [c.label for c in choices] == [f"toss {c}" for c in hand.down[hand.actor or 0]]
    with pytest.raises(IllegalActionError, match="cannot toss"):
        hand.apply(Action("toss", hand.up[hand.actor or 0][0]))


def test_the_play_command_offers_and_takes_the_new_kind(tmp_path: Path) -> None:
    history = tmp_path / "discard.phhs"
    result = subprocess.run(
        [sys.executable, "-m", "studkit", "--plugins-dir", str(PLUGIN_DIR), "play",
         str(VARIANT_FILE), "--players", "3", "--seed", "4", "--bots", "calling-station",
         "--hands", "2", "--history", str(history)],
        input="1\nc\n" * 100, capture_output=True, text=True, timeout=LOADED_MACHINE_TIMEOUT,
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert re.search(r"You may: 1\) toss [2-9TJQKA][cdhs]   2\) toss", out), out
    assert re.search(r"\nYou toss [2-9TJQKA][cdhs]\n", out)
    assert "tosses a down card" in out, "the bots' discards, unseen"
    text = history.read_text()
    assert re.search(r'"p\d toss [2-9TJQKA][cdhs]"', text)
    from studkit.cli import main

    assert main(["replay", str(history), "--plugins-dir", str(PLUGIN_DIR)]) == 0
    assert main(["replay", str(history)]) == 1  # the same process, without the directory


def test_the_web_table_offers_the_new_kind(discard_registry: PluginRegistry) -> None:
    pytest.importorskip("starlette", reason="the web extra is not installed")
    pytest.importorskip("httpx2", reason="Starlette's TestClient needs httpx2 (the test extra)")
    from starlette.testclient import TestClient

    from studkit.web import WebSettings, create_app

    app = create_app(WebSettings(registry=discard_registry))
    with TestClient(app, raise_server_exceptions=False) as client:
        body = {"variant": VARIANT_FILE.read_text(), "players": 3, "seed": 4, "seat": 1,
                "bots": "calling-station"}
        answer = client.post("/api/tables", json=body)
        assert answer.status_code == 201, answer.text
        table, state = answer.json()["id"], answer.json()["state"]
        for _ in range(40):
            offered = [a for a in state["legal_actions"] if a["kind"] == "toss"]
            if offered:
                break
            passive = next(a for a in state["legal_actions"]
                           if a["kind"] in ("check", "call", "bring-in"))
            state = client.post(f"/api/tables/{table}/actions",
                                json={"action": passive["kind"], "amount": passive["amount"]}
                                ).json()["state"]
        assert offered, "the player was never asked to toss"
        mine = next(seat for seat in state["seats"] if seat["you"])
        assert sorted(a["card"] for a in offered) == sorted(mine["down_cards"])
        assert all(a["label"] == f"toss {a['card']}" for a in offered)
        chosen = offered[0]
        after = client.post(f"/api/tables/{table}/actions",
                            json={"action": "toss", "amount": chosen["amount"]})
        assert after.status_code == 200, after.text
        mine = next(seat for seat in after.json()["state"]["seats"] if seat["you"])
        assert chosen["card"] not in mine["down_cards"]


# ---------------------------------------------------------------------- registering kinds


class _Nameless(DecisionKind):
    pass


class _Betting(DecisionKind):
    name = "raise"


def test_bad_registrations_are_plugin_errors_naming_the_plugin() -> None:
    with pytest.raises(PluginError, match="plugin 'x'.*not a DecisionKind with a name"):
        DecisionKinds([("x", _Nameless())])
    with pytest.raises(PluginError, match="plugin 'x'.*'raise' is taken"):
        DecisionKinds([("x", _Betting())])
    with pytest.raises(PluginError, match="plugin 'y'.*already registered by plugin 'x'"):
        DecisionKinds([("x", DecisionKind.__new__(type("A", (DecisionKind,), {"name": "a"}))),
                       ("y", DecisionKind.__new__(type("B", (DecisionKind,), {"name": "a"})))])
    with pytest.raises(PluginError, match="not a DecisionKind"):
        DecisionKinds([("x", "pay")])


def test_a_kind_defined_in_a_plugin_class_is_refused(tmp_path: Path) -> None:
    (tmp_path / "classy.py").write_text(
        "from studkit.hooks.specs import hookimpl\n"
        "class Plugin:\n"
        "    def __init__(self, options):\n        pass\n"
        "    @hookimpl\n    def studkit_decision_kinds(self):\n        return []\n"
    )
    registry = PluginRegistry([tmp_path])
    with pytest.raises(PluginError, match="define studkit_decision_kinds at module level"):
        known_kinds(registry)


def test_the_betting_verbs_table_covers_every_engine_verb() -> None:
    from studkit.engine.actions import ACTION_KINDS
    from studkit.engine.decisions import BETTING_VERBS

    assert tuple(BETTING_VERBS) == ACTION_KINDS
    assert {v.phh_verb for v in BETTING_VERBS.values()} == {"f", "cc", "pb", "cbr"}
    assert all(v.amount in ("to", "added", "") for v in BETTING_VERBS.values())
    assert known_kinds(PluginRegistry()).of("raise") is None, "betting verbs are not looked up"


def test_lookups_by_action_kind() -> None:
    kinds = known_kinds(PluginRegistry())
    declare = kinds.of("declare-high")
    assert declare is not None and declare.name == "declare"
    assert kinds.of("pay-high") is None, "only a prefixed kind takes a suffix"
    assert kinds.of("bring-in") is None
