"""Bots: ``--bots`` parsing, user bots by ``module:Class``, legality over every shipped
variant, and that a bot sees only what its seat may see."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from volume import hands_each

from studkit import load_variant
from studkit.bots import (
    BUILT_IN_BOTS,
    BotError,
    LooseAggressiveBot,
    TightAggressiveBot,
    default_bots,
    make_bot,
    parse_bots,
)
from studkit.bots.strength import strength_score
from studkit.cards import parse_cards
from studkit.engine import Action, Hand
from studkit.simulation import Setup, play_hand

VARIANTS = sorted(p.stem for p in (Path(__file__).parent.parent / "variants").glob("*.yaml"))
MIX = ("random", "calling-station", "tag", "lag", "equity")


class AlwaysCall:
    """A user bot for the ``module:Class`` path: checks or calls, else the first action."""

    def __init__(self, variant: Any) -> None:
        self.variant = variant

    def act(self, view: Any, actions: Sequence[Action], rng: random.Random) -> Action:
        for action in actions:
            if action.kind in ("check", "call", "bring-in"):
                return action
        return actions[0]


class NoAct:
    def __init__(self, variant: Any) -> None:
        pass


class Cheater:
    """Returns an action that is never legal."""

    def __init__(self, variant: Any) -> None:
        pass

    def act(self, view: Any, actions: Sequence[Action], rng: random.Random) -> Action:
        return Action("raise", 10**9, 10**9, 10**9)


class ReturnsNone:
    """Returns something that is not an action."""

    def __init__(self, variant: Any) -> None:
        pass

    def act(self, view: Any, actions: Sequence[Action], rng: random.Random) -> Any:
        return None


class Crashes:
    """Raises inside act()."""

    def __init__(self, variant: Any) -> None:
        pass

    def act(self, view: Any, actions: Sequence[Action], rng: random.Random) -> Action:
        raise RuntimeError("boom")


class Spy:
    """Records every view it is given."""

    views: list[Any] = []

    def __init__(self, variant: Any) -> None:
        pass

    def act(self, view: Any, actions: Sequence[Action], rng: random.Random) -> Action:
        Spy.views.append((view.seat, view.down_cards, view.events))  # read now, not later
        return AlwaysCall(None).act(view, actions, rng)


def test_parse_bots_one_name_or_one_per_seat() -> None:
    assert parse_bots("lag", 3) == ("lag", "lag", "lag")
    assert parse_bots("tag,lag , random", 3) == ("tag", "lag", "random")
    assert parse_bots(None, 3) == default_bots(3)
    assert len(set(default_bots(6))) >= 4
    assert parse_bots("test_bots:AlwaysCall", 2) == ("test_bots:AlwaysCall",) * 2


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("tag,lag", "names 2 bots for 3 players"),
        ("tagg", "unknown bot 'tagg' (did you mean 'tag'?)"),
        ("tag,,lag", "give a bot name"),
        ("no_such_module_x:Bot", "cannot import 'no_such_module_x'"),
        ("test_bots:Missing", "has no class 'Missing'"),
        ("test_bots:NoAct", "has no act(view, actions, rng) method"),
    ],
)
def test_bad_bots_are_named(text: str, message: str) -> None:
    with pytest.raises(BotError) as error:
        parse_bots(text, 3)
    assert message in str(error.value)


def test_looking_in_the_working_directory_leaves_sys_path_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot module is looked for in the working directory too, for that import only: a
    process that stayed with it on sys.path would have Dask's spawned workers, which copy
    sys.path, import studkit from a checkout there instead of the installed package."""
    import sys

    monkeypatch.chdir(tmp_path)
    before = list(sys.path)
    with pytest.raises(BotError, match="cannot import 'no_such_module_y'"):
        parse_bots("no_such_module_y:Bot", 2)
    assert sys.path == before
    (tmp_path / "cwd_bot_module.py").write_text(
        "class Bot:\n    def act(self, view, actions, rng):\n        return actions[0]\n"
    )
    monkeypatch.delitem(sys.modules, "cwd_bot_module", raising=False)
    assert parse_bots("cwd_bot_module:Bot", 2) == ("cwd_bot_module:Bot",) * 2
    assert sys.path == before


def test_an_illegal_choice_is_reported_naming_the_bot() -> None:
    variant = load_variant("seven-card-stud")
    setup = Setup(variant, 2, ("test_bots:Cheater",) * 2, variant.stakes, 1000, 1)
    bots = [make_bot(name, variant) for name in setup.bots]
    with pytest.raises(BotError, match="bot 'test_bots:Cheater' in seat .* chose raise to"):
        play_hand(setup, bots, 0)


@pytest.mark.parametrize(
    ("bot", "message"),
    [
        ("ReturnsNone", r"returned None, not one of the legal actions: bring-in"),
        ("Crashes", r"failed: RuntimeError\('boom'\) at .*test_bots.py:\d+; legal: bring-in"),
    ],
)
def test_a_broken_bot_is_an_error_naming_it_not_a_traceback(bot: str, message: str) -> None:
    variant = load_variant("seven-card-stud")
    setup = Setup(variant, 2, (f"test_bots:{bot}",) * 2, variant.stakes, 1000, 1)
    bots = [make_bot(name, variant) for name in setup.bots]
    with pytest.raises(BotError, match=rf"hand 1: bot 'test_bots:{bot}' in seat \d on third "
                       rf"street {message}"):
        play_hand(setup, bots, 0)


@pytest.mark.parametrize("name", VARIANTS)
def test_every_bot_plays_every_variant_legally(name: str) -> None:
    variant = load_variant(name)
    players = min(variant.max_players, 5)
    bots_names = tuple(MIX[i % len(MIX)] for i in range(players))
    setup = Setup(variant, players, bots_names, variant.stakes, 100 * variant.stakes.big_bet, 7)
    bots = [make_bot(n, variant) for n in bots_names]
    for index in range(12):
        hand = play_hand(setup, bots, index)
        assert hand.is_over and sum(hand.payoffs) == 0


@pytest.mark.slow
@pytest.mark.parametrize("name", VARIANTS)
def test_bots_never_act_illegally_over_thousands_of_hands(name: str) -> None:
    variant = load_variant(name)
    for players in sorted({variant.min_players, min(variant.max_players, 6),
                           variant.max_players}):
        for bot in BUILT_IN_BOTS:
            if bot == "equity" and players > 4:
                continue
            setup = Setup(variant, players, (bot,) * players, variant.stakes,
                          100 * variant.stakes.big_bet, players)
            bots = [make_bot(bot, variant) for _ in range(players)]
            count = hands_each(100 * 22, 20) if bot != "equity" else hands_each(20 * 22, 5)
            for index in range(count):
                assert sum(play_hand(setup, bots, index).payoffs) == 0


def test_a_bot_sees_only_its_own_down_cards() -> None:
    variant = load_variant("seven-card-stud")
    Spy.views = []
    setup = Setup(variant, 3, ("test_bots:Spy",) * 3, variant.stakes, 1000, 3)
    bots = [make_bot(n, variant) for n in setup.bots]
    hand: Hand = play_hand(setup, bots, 0)
    assert Spy.views
    for seat, down_cards, events in Spy.views:
        assert tuple(down_cards) == tuple(hand.down[seat][: len(down_cards)])
        for event in events:
            if event.kind == "deal" and event.seat != seat and not event.up:
                assert event.card is None


def test_strength_score_orders_hands_sensibly() -> None:
    high = ["high"]
    trips = strength_score(parse_cards("As Ad Ah"), [parse_cards("7c")], 4, high)
    pair = strength_score(parse_cards("9s 9d 2h"), [parse_cards("7c")], 4, high)
    junk = strength_score(parse_cards("7s 2d 4h"), [parse_cards("Kc")], 4, high)
    assert trips > pair > junk
    wheel = strength_score(parse_cards("As 2d 3h"), [parse_cards("Kc")], 4, ["a5-low"])
    kings = strength_score(parse_cards("Ks Kd Qh"), [parse_cards("2c")], 4, ["a5-low"])
    assert wheel > 0.5 > kings
    # a board that already beats the hand lowers the score
    beaten = strength_score(parse_cards("9s 9d 2h 3c"), [parse_cards("Qc Qd")], 3, high)
    assert beaten < strength_score(parse_cards("9s 9d 2h 3c"), [parse_cards("5c 8d")], 3, high)


def test_styles_fold_junk_and_raise_monsters() -> None:
    variant = load_variant("seven-card-stud")
    rng = random.Random(1)
    facing = [Action("fold"), Action("call", 5), Action("raise", 10, 10, 10)]
    from studkit.bots.seen import Seen

    def info(cards: str) -> Seen:
        parsed = parse_cards(cards)
        return Seen(variant, 0, parsed, parsed[:2], parsed[2:], (parse_cards("Kc"),), (), (),
                    to_come=4, first_street=True, to_call=5, pot=20, my_bet=0,
                    evaluators=("high",), raises=1)

    tag = TightAggressiveBot(variant)
    lag = LooseAggressiveBot(variant)
    assert tag.decide(info("7s 2d 4h"), tag.score(info("7s 2d 4h")), facing, rng).kind == "fold"
    monster = info("As Ad Ah")
    assert tag.decide(monster, tag.score(monster), facing, rng).kind == "raise"
    assert lag.style.enter < tag.style.enter and lag.style.bluff > tag.style.bluff


def test_calling_station_and_random_bots() -> None:
    variant = load_variant("seven-card-stud")
    station = make_bot("calling-station", variant)
    rng = random.Random(2)
    forced = [Action("bring-in", 2), Action("complete", 5, 5, 5)]
    assert station.act(None, forced, rng).kind == "bring-in"
    assert station.act(None, [Action("fold"), Action("call", 5)], rng).kind == "call"
    bot = make_bot("random", variant)
    ranged = [Action("bet", 10, 10, 40)]
    amounts = {bot.act(None, ranged, rng).amount for _ in range(50)}
    assert len(amounts) > 5 and all(a is not None and 10 <= a <= 40 for a in amounts)


def test_pot_and_no_limit_bets_are_sized_from_the_pot() -> None:
    from studkit.bots import pot_sized

    no_limit = Action("raise", 20, 20, 1000)
    assert pot_sized(no_limit, 0, 10, 100, 0.5).amount == 65  # call 10, add half of 110
    assert pot_sized(no_limit, 0, 10, 100, 20.0).amount == 1000  # kept inside the range
    assert pot_sized(Action("bet", 10, 10, 10), 0, 0, 50, 0.8).amount == 10
    report = simulate_no_limit()
    assert report.statistics()["median_pot"] < 200


def simulate_no_limit() -> Any:
    from studkit.simulation import simulate

    return simulate("no-limit-seven-card-stud", hands=100, players=4, bots="lag", seed=3)
