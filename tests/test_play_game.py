"""A game at one table, played in-process: scripted input, plain output, the bots seeded."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from studkit import load_variant
from studkit.cards import CARDS
from studkit.engine import Action
from studkit.errors import StudkitError
from studkit.play.game import Opponent, TableGame, game_notes, stakes_words
from studkit.play.render import PLAIN


class Caller:
    """Checks, calls or brings in; never folds or raises."""

    def act(self, view: object, actions: list[Action], rng: random.Random) -> Action:
        return next(a for a in actions if a.kind in ("check", "call", "bring-in"))


class Wild:
    """Any legal action at random, amounts at random in their range."""

    def act(self, view: object, actions: list[Action], rng: random.Random) -> Action:
        action = actions[rng.randrange(len(actions))]
        if action.min is not None and action.max is not None:
            return action.to(rng.randint(action.min, action.max))
        return action


POLICIES = {"caller": Caller, "wild": Wild}


def play(script: str, variant: str = "seven-card-stud", *, players: int = 3, seat: int = 0,
         bots: str = "caller", stack: int = 1000, seed: int = 5,
         max_hands: int | None = None) -> tuple[TableGame, str]:
    game_variant = load_variant(variant)
    out = io.StringIO()
    console = Console(file=out, force_terminal=False, highlight=False, soft_wrap=True, width=120)
    opponents = [Opponent(f"Bot{i}", bots, POLICIES[bots]()) for i in range(players - 1)]
    game = TableGame(game_variant, seat=seat, opponents=opponents, stack=stack,
                     console=console, reader=io.StringIO(script), style=PLAIN, seed=seed,
                     echo=True, max_hands=max_hands)
    game.summary = game.run()  # type: ignore[attr-defined]
    return game, out.getvalue()


def test_a_scripted_game_shows_the_table_reasks_bad_commands_and_awards_pots() -> None:
    game, text = play("zzz\nk 5\n" + "c\n" * 60 + "q\n")
    assert "Third street · pot 3" in text
    assert "   seat player" in text and "You may: 1)" in text
    assert "Your move (? for help)> zzz\n'zzz' is not a command here" in text
    assert "Your move (? for help)> k 5\n'k 5': 'k' takes no amount" in text
    assert re.search(r"Main pot \(\d+\): \w+ \(seat \d\) wins? \d+", text)
    assert f"Game over: you quit.\nHands played: {len(game.hands)}\nNet result: " in text
    assert game.hands and all(hand.is_over for hand in game.hands)


def test_the_end_of_input_ends_the_game_with_a_summary() -> None:
    game, text = play("c\nc\n")
    assert "Game over: end of input." in text
    assert "Hands played: 0" in text
    assert "Net result: " in text


def test_net_result_is_the_players_chips_won_or_lost() -> None:
    game, text = play("c\n" * 400, max_hands=3)
    summary = game.summary  # type: ignore[attr-defined]
    assert summary.hands == 3 and summary.ended == "3 hands played"
    assert summary.final_stack == game.table.stacks[0]
    assert sum(chips for _, chips in summary.stacks) == 3000
    signed = f"+{summary.net}" if summary.net > 0 else str(summary.net)
    assert f"Net result: {signed} chips" in text


def test_the_button_moves_and_stacks_carry_over() -> None:
    game, text = play("c\n" * 400, max_hands=3)
    buttons = re.findall(r"button: \w+ \(seat (\d)\)", text)
    assert buttons == ["3", "1", "2"]
    first, second = game.hands[0], game.hands[1]
    assert list(second.starting_stacks) == list(first.stacks)


def test_the_player_never_sees_a_hidden_card_of_another_seat() -> None:
    game, text = play("c\n" * 400, max_hands=4, players=4, bots="wild")
    sections = re.split(r"=== Hand \d+ ", text)[1:]
    assert len(sections) == len(game.hands) == 4
    for hand, section in zip(game.hands, sections, strict=True):
        for seat in range(1, hand.n):
            if seat in hand.shown:
                continue
            for card in hand.down[seat]:
                assert not re.search(rf"\b{CARDS[card]}\b", section), (CARDS[card], section)


def test_a_seed_replays_the_same_game() -> None:
    script = "c\nr\nc\nb\n" + "c\n" * 100
    assert play(script, max_hands=2, bots="wild")[1] == play(script, max_hands=2,
                                                               bots="wild")[1]


def test_razz_plays_with_a_forced_high_card() -> None:
    game, text = play("f\n" + "c\n" * 300, "razz", max_hands=3)
    assert "Razz" in text
    assert "Hands played: 3" in text
    assert re.search(r"wins? \d+ with [2-9TJQKA]-", text)


def test_quitting_in_the_middle_of_a_hand_costs_what_was_put_in() -> None:
    game, text = play("c\nq\n")
    summary = game.summary  # type: ignore[attr-defined]
    assert summary.hands == 0 and summary.ended == "you quit"
    assert summary.net < 0
    assert "You leave the table during hand 1." in text
    assert f"(the {-summary.net} chips you had put into the unfinished hand are lost)" in text


@pytest.mark.parametrize("seat", [0, 2])
def test_any_seat(seat: int) -> None:
    game, text = play("c\n" * 200, seat=seat, max_hands=2)
    assert f"You{' ' * 2}" in text
    assert game.summary.hands == 2  # type: ignore[attr-defined]


def test_busted_players_leave_and_are_shown_out() -> None:
    game, text = play("c\n" * 3000, players=3, bots="wild", stack=30, seed=2)
    summary = game.summary  # type: ignore[attr-defined]
    assert summary.ended == "you are out of chips" and summary.final_stack == 0
    gone = re.search(r"(Bot\d) has no chips left and leaves the table\.", text)
    assert gone is not None
    after = text[gone.end():]
    assert re.search(rf"\n\s+\d {gone.group(1)} \(wild\)\s+0\s+out\n", after)
    assert sum(chips for _, chips in summary.stacks) == 90
    # Every hand's history names the players dealt in, each by the same name in every hand.
    histories = game.histories()
    assert [h.players for h in histories] == [
        tuple(game.history_names[s] for s in _phh_order(game, i)) for i in range(len(histories))
    ]
    assert len(histories[0].players or ()) == 3 and len(histories[-1].players or ()) == 2
    assert f"{gone.group(1)} (wild)" not in (histories[-1].players or ())


def _phh_order(game: TableGame, index: int) -> list[int]:
    """Table seats of hand ``index`` as PHH numbers them: from the button's left."""
    seats = game.hand_seats[index]
    button = game.hands[index].button
    return [seats[(button + 1 + k) % len(seats)] for k in range(len(seats))]


def test_the_player_name_is_checked_and_shown_with_you() -> None:
    variant = load_variant("razz")
    console = Console(file=io.StringIO(), force_terminal=False)
    kwargs = {"seat": 0, "stack": 100, "console": console, "reader": io.StringIO(""),
              "style": PLAIN}
    game = TableGame(variant, opponents=[Opponent("Ada", "tag", Caller())],
                     player_name="  Alice ", **kwargs)  # type: ignore[arg-type]
    assert game.history_names == ("Alice", "Ada (tag)")
    assert game.labels[0] == "Alice (you)"
    with pytest.raises(StudkitError, match="player name '' is empty"):
        TableGame(variant, opponents=[Opponent("Ada", "tag", Caller())], player_name="",
                  **kwargs)  # type: ignore[arg-type]
    with pytest.raises(StudkitError, match="two players at the table would be named 'ada"):
        TableGame(variant, opponents=[Opponent("Ada", "tag", Caller())],
                  player_name="ada (TAG)", **kwargs)  # type: ignore[arg-type]


class Broken:
    """Returns an action that is never legal, then raises."""

    def __init__(self) -> None:
        self.calls = 0

    def act(self, view: object, actions: list[Action], rng: random.Random) -> Action:
        self.calls += 1
        if self.calls % 2:
            return Action("raise", 10_000, 10_000, 10_000)
        raise ZeroDivisionError("oops")


def test_a_failing_bot_is_named_and_folds_while_play_goes_on() -> None:
    POLICIES["broken"] = Broken
    try:
        game, text = play("c\n" * 300, players=2, bots="broken", max_hands=3)
    finally:
        del POLICIES["broken"]
    assert "Bot0 (broken) failed to act (" in text
    assert "ZeroDivisionError('oops')" in text
    assert game.summary.hands == 3  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("variant", "words"),
    [
        ("seven-card-stud", "limit 5/10, ante 1, bring-in 2"),
        ("pot-limit-seven-card-stud", "pot limit, ante 1, bring-in 2"),
        ("no-limit-seven-card-stud", "no limit, ante 1, bring-in 2"),
        ("spread-limit-home-stud", "spread limit 1-5 (10 on the last round), ante 1, bring-in 1"),
    ],
)
def test_stakes_in_words(variant: str, words: str) -> None:
    game_variant = load_variant(variant)
    assert stakes_words(game_variant, game_variant.stakes) == words


def test_notes_name_the_wild_cards() -> None:
    assert game_notes(load_variant("baseball")) == ("Wild cards: 3s and 9s",)
    assert game_notes(load_variant("razz")) == ()
