"""The showdown of ``studkit play``: every shown hand named, with the cards it plays, per
pot share; mucked hands stay hidden. Scripted games, plain output, the deal seeded."""

from __future__ import annotations

import io
import random
from collections.abc import Sequence
from typing import Any

import pytest
from rich.console import Console

from studkit import load_variant
from studkit.cards import parse_cards
from studkit.engine import Action
from studkit.play.game import Opponent, TableGame
from studkit.play.render import FANCY, PLAIN, Showdown, ShownHand, showdown_text


class Caller:
    """Checks, calls or brings in: every hand goes to the showdown."""

    def act(self, view: Any, actions: Sequence[Action], rng: random.Random) -> Action:
        return next(a for a in actions if a.kind in ("check", "call", "bring-in"))


def showdown_lines(variant: str, seed: int) -> list[str]:
    """The showdown block of one hand, the player calling down against one calling bot."""
    out = io.StringIO()
    console = Console(file=out, force_terminal=False, highlight=False, soft_wrap=True, width=200)
    game = TableGame(
        load_variant(variant),
        seat=0,
        opponents=[Opponent("Ann", "caller", Caller())],
        stack=1000,
        console=console,
        reader=io.StringIO("c\n" * 20),
        style=PLAIN,
        seed=seed,
        echo=True,
        max_hands=1,
    )
    game.run()
    text = out.getvalue()
    return text[text.index("Showdown") : text.index("\nGame over")].strip().splitlines()


def test_seven_card_stud_names_the_losing_hand_and_the_five_cards_of_each() -> None:
    assert showdown_lines("seven-card-stud", seed=3) == [
        "Showdown",
        "  Ann (seat 2)  Th 4c 7c 2s 5s 2h 8c  One pair, deuces, kickers T-8-7 [2s 2h Th 8c 7c]",
        "  You (seat 1)  Qc Ts 6c Td Tc 3d 7d  Three of a kind, tens, kickers Q-7 [Ts Td Tc Qc 7d]",
        "Main pot (6): You (seat 1) win 6 with Three of a kind, tens, kickers Q-7",
        "This hand: You +3, Ann -3",
    ]


def test_stud_hi_lo_names_the_high_and_the_low_of_each_shown_hand() -> None:
    assert showdown_lines("stud-hi-lo", seed=3) == [
        "Showdown",
        "  Ann (seat 2)  Th 4c 7c 2s 5s 2h 8c  "
        "high: One pair, deuces, kickers T-8-7 [2s 2h Th 8c 7c]",
        "                                      low: 8-7-5-4-2 [8c 7c 5s 4c 2s]",
        "  You (seat 1)  Qc Ts 6c Td Tc 3d 7d  "
        "high: Three of a kind, tens, kickers Q-7 [Ts Td Tc Qc 7d]",
        "                                      low: no low hand",
        "Main pot, high share (3): You (seat 1) win 3 with Three of a kind, tens, kickers Q-7",
        "Main pot, low share (3): Ann (seat 2) wins 3 with 8-7-5-4-2",
    ]


def test_razz_names_each_low_by_its_ranks() -> None:
    assert showdown_lines("razz", seed=3) == [
        "Showdown",
        "  You (seat 1)  Qc Ts 6c Td Tc 3d 7d  Q-T-7-6-3 low [Qc Ts 7d 6c 3d]",
        "  Ann (seat 2)  Th 4c 7c 2s 5s 2h 8c  8-7-5-4-2 low [8c 7c 5s 4c 2s]",
        "Main pot (6): Ann (seat 2) wins 6 with 8-7-5-4-2",
        "This hand: You -3, Ann +3",
    ]


@pytest.mark.parametrize("variant", ["seven-card-stud", "stud-hi-lo"])
def test_a_mucked_hand_of_another_player_stays_hidden(variant: str) -> None:
    lines = showdown_lines(variant, seed=1)
    assert "  Ann (seat 2)  mucks" in lines
    assert not any(line.startswith("  Ann") and "[" in line for line in lines)


def test_the_cards_played_are_coloured_like_every_card() -> None:
    hand = ShownHand(
        0,
        "Ann",
        parse_cards("Ah Ad 9c 5d Kd 3h 3c"),
        (("high", "two-pair", "Two pair, aces and threes, kicker K"),),
        played=(parse_cards("Ah Ad 3h 3c Kd"),),
    )
    text = showdown_text(Showdown(hands=(hand,)), FANCY)
    assert text.plain.splitlines()[1] == (
        "  Ann (seat 1)  A♥ A♦ 9♣ 5♦ K♦ 3♥ 3♣  Two pair, aces and threes, kicker K [A♥ A♦ 3♥ 3♣ K♦]"
    )
    played = text.plain.index("[") + 1
    assert {span.style for span in text.spans if span.start >= played} == {"red", "blue", "green"}
