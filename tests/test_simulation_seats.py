"""How the simulator asks each seat (:func:`studkit.simulation.playout.seat_mode`): through
the bot's ``act``, the random bot's choice drawn from the stream directly, or the hand's own
``check_or_call`` for a bot that declares it; every way plays the same hands, and the block
loop counts them as reading their event logs does."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from studkit import load_variant
from studkit.bots import BotError, make_bot
from studkit.bots.players import CallingStationBot, RandomBot
from studkit.bots.protocol import random_action
from studkit.engine.actions import Action
from studkit.simulation import Setup, simulate
from studkit.simulation.played import PlayedCounts
from studkit.simulation.playout import ACT, PASSIVE, UNIFORM, seat_mode
from studkit.simulation.runner import Dealer
from studkit.simulation.tally import Tally


class ListedCallingStation(CallingStationBot):
    """The calling station asked through ``act`` with the listed actions."""

    verb = None  # type: ignore[assignment]


class ListedRandom(RandomBot):
    """The random bot asked through an ``act`` of its own, ``rng.random()`` per draw."""

    def act(  # type: ignore[override]
        self, view: Any, actions: Sequence[Action], rng: random.Random
    ) -> Action:
        return random_action(actions, rng)


class Folder:
    """Declares a verb the simulator does not play by verb."""

    verb = "fold"

    def __init__(self, variant: Any) -> None:
        pass

    def act(self, view: Any, actions: Sequence[Action], rng: random.Random) -> Action:
        return actions[0]


class LateCheater:
    """Plays legally for its first 10 decisions, then returns an action never legal."""

    reads_view = False

    def __init__(self, variant: Any) -> None:
        self.decisions = 0

    def act(self, view: Any, actions: Sequence[Action], rng: random.Random) -> Action:
        self.decisions += 1
        if self.decisions > 10:
            return Action("raise", 10**9, 10**9, 10**9)
        return actions[0]


def test_each_bot_is_asked_the_cheapest_way_that_plays_the_same() -> None:
    stud = load_variant("seven-card-stud")
    assert seat_mode(make_bot("calling-station", stud), True) == PASSIVE
    assert seat_mode(make_bot("calling-station", stud), False) == ACT  # plugins: the list
    assert seat_mode(make_bot("random", stud), True) == UNIFORM
    assert seat_mode(make_bot("random", stud), False) == UNIFORM
    assert seat_mode(make_bot("tag", stud), True) == ACT
    assert seat_mode(ListedCallingStation(stud), True) == ACT
    assert seat_mode(ListedRandom(stud), True) == ACT


def test_a_verb_the_simulator_does_not_play_is_named() -> None:
    with pytest.raises(BotError, match="declares verb 'fold': the verbs a bot may declare "
                       "are 'check_or_call'"):
        simulate("razz", hands=2, players=2, bots="test_simulation_seats:Folder")


def _counted(name: str, bots: list[Any], hands: int, players: int) -> tuple[Tally, Tally]:
    """The block loop's tally of ``hands`` hands, and their tally read from each hand's
    event log, played hand by hand."""
    variant = load_variant(name)
    setup = Setup(variant, players, ("bot",) * players, variant.stakes,
                  40 * variant.stakes.big_bet, 5)
    counted, logged = Tally(players), Tally(players)
    counts = PlayedCounts(counted)
    Dealer(setup, bots).play_counted(0, hands, counts)
    counts.close()
    dealer = Dealer(setup, bots)
    for index in range(hands):
        hand = dealer.play(index)
        logged.add_played(hand)
    return counted, logged


# pot limit: the random bot draws amounts in ranges too
@pytest.mark.parametrize("name", ["seven-card-stud", "razz", "mississippi-stud"])
def test_every_way_of_asking_plays_the_same_hands(name: str) -> None:
    variant = load_variant(name)
    hands = 300  # more than one block of streams
    fast = [CallingStationBot(variant), RandomBot(variant), CallingStationBot(variant),
            RandomBot(variant)]
    listed = [ListedCallingStation(variant), ListedRandom(variant),
              ListedCallingStation(variant), ListedRandom(variant)]
    counted, logged = _counted(name, fast, hands, 4)
    assert counted == logged
    assert counted.hands == hands and counted.showdowns > 0
    assert _counted(name, listed, hands, 4) == (counted, logged)


def test_an_illegal_choice_in_a_later_hand_names_that_hand() -> None:
    # a later hand than the first: the block loop names the hand it is playing
    with pytest.raises(BotError, match=r"hand ([2-9]|\d\d+): bot "
                       r"'test_simulation_seats:LateCheater' "
                       r"in seat \d on \w+ street chose raise to 1000000000; legal: "):
        simulate("seven-card-stud", hands=50, players=2,
                 bots="test_simulation_seats:LateCheater", workers=1, engine="general")
