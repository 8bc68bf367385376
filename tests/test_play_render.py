"""The table and showdown as text: plain for pipes, symbols and colours for a terminal."""

from __future__ import annotations

from rich.console import Console

from studkit.cards import parse_cards
from studkit.engine.pots import Pot
from studkit.play.commands import Choice
from studkit.play.render import (
    FANCY,
    PLAIN,
    PotResult,
    SeatLine,
    Showdown,
    ShownHand,
    TableState,
    card_text,
    cards_text,
    showdown_text,
    table_text,
)


def state() -> TableState:
    return TableState(
        heading="Hand 3 · Seven-card stud · fixed limit 5/10",
        street="fifth street",
        pot=47,
        pots=(Pot(30, (0, 1, 3)), Pot(17, (0, 1))),
        seats=(
            SeatLine(0, "Ann", 994, 5, parse_cards("7c 9d Ks"), (None, None), button=True),
            SeatLine(1, "you", 1020, 0, parse_cards("Ah 4c 2d"), parse_cards("As Ad"),
                     to_act=True, viewer=True),
            SeatLine(2, "Bob", 40, 0, folded=True),
            SeatLine(3, "Cy", 0, 10, parse_cards("Th Tc Jd"), (None, None), all_in=True),
            SeatLine(4, "Di", 0, 0, sitting_out=True),
        ),
        to_call=5,
        choices=(Choice("fold"), Choice("call", amount=5), Choice("raise", 10, 10, 10)),
    )


def test_cards_plain_and_with_symbols() -> None:
    cards = parse_cards("As Td 2c 9h")
    assert cards_text(cards, PLAIN).plain == "As Td 2c 9h"
    assert cards_text(cards, FANCY).plain == "A♠ T♦ 2♣ 9♥"
    assert cards_text([None, cards[0]], PLAIN).plain == "## As"
    assert card_text(52, FANCY).plain == "Jk"


def test_fancy_cards_are_coloured_by_suit_and_plain_ones_carry_no_style() -> None:
    hearts = card_text(parse_cards("9h")[0], FANCY)
    diamonds = card_text(parse_cards("9d")[0], FANCY)
    assert hearts.style == "red" and diamonds.style == "blue"
    text = table_text(state(), PLAIN)
    assert not text.spans and text.style == ""


def test_table_shows_every_seat_the_viewers_cards_pots_and_choices() -> None:
    lines = table_text(state(), PLAIN).plain.splitlines()
    assert lines[0] == "Hand 3 · Seven-card stud · fixed limit 5/10"
    assert lines[1] == "Fifth street · pot 47"
    ann, you, bob, cy, di = lines[3:8]
    assert ann.startswith(" D    1 Ann") and ann.endswith("5  ## ##  7c 9d Ks")
    assert you.startswith(">     2 you") and you.endswith("As Ad  Ah 4c 2d")
    assert bob.endswith("folded") and di.endswith("out")
    assert cy.endswith("## ##  Th Tc Jd  all in")
    assert lines[8] == "Pots: main pot: 30 (seats 1, 2, 4), side pot 1: 17 (seats 1, 2)"
    assert lines[9] == "Your turn: your stack 1020, 5 to call"
    assert lines[10] == "You may: 1) fold [f]   2) call 5 [c]   3) raise to 10 [r]"


def test_a_terminal_gets_colour_codes_and_a_pipe_does_not() -> None:
    terminal = Console(force_terminal=True, width=100, record=True, color_system="standard")
    terminal.print(table_text(state(), FANCY))
    assert "\x1b[31mA♥" in terminal.export_text(styles=True)
    pipe = Console(force_terminal=False, width=100, record=True)
    pipe.print(table_text(state(), PLAIN))
    assert "\x1b" not in pipe.export_text(styles=True)


def test_showdown_hands_categories_and_who_won_which_pot() -> None:
    showdown = Showdown(
        hands=(
            ShownHand(1, "you", parse_cards("As Ad Ah 4c 2d 9s Ac"),
                      (("high", "four-of-a-kind", "Four of a kind, aces"),)),
            ShownHand(0, "Ann", mucked=True),
            ShownHand(3, "Cy", parse_cards("Th Tc Jd 2c 3c 4c 5c"),
                      (("high", "two-pair", "Two pair, tens and fives"),
                       ("low", "5-low", "5-4-3-2-A"))),
        ),
        results=(
            PotResult(0, 30, "", ((1, "you", 30, "Four of a kind, aces"),)),
            PotResult(1, 17, "low", ((1, "you", 9, "7-5-4-2-A"), (3, "Cy", 8, "5-4-3-2-A"))),
        ),
        net=((1, "you", 40), (0, "Ann", -20)),
    )
    lines = showdown_text(showdown, PLAIN).plain.splitlines()
    assert lines == [
        "Showdown",
        "  you (seat 2)  As Ad Ah 4c 2d 9s Ac  Four of a kind, aces",
        "  Ann (seat 1)  mucks",
        "  Cy (seat 4)   Th Tc Jd 2c 3c 4c 5c  high: Two pair, tens and fives",
        "                                      low: 5-4-3-2-A",
        "Main pot (30): you (seat 2) wins 30 with Four of a kind, aces",
        "Side pot 1, low share (17): split: you (seat 2) wins 9 with 7-5-4-2-A; "
        "Cy (seat 4) wins 8 with 5-4-3-2-A",
        "This hand: you +40, Ann -20",
    ]


def test_a_pot_won_without_a_showdown() -> None:
    showdown = Showdown(results=(PotResult(0, 12, "", ((2, "Bob", 12, ""),)),))
    assert showdown_text(showdown, PLAIN).plain == "Main pot (12): Bob (seat 3) wins 12"


def test_wild_cards_are_marked_on_a_colour_display_only() -> None:
    nine, king = parse_cards("9h Kh")
    assert card_text(nine, FANCY, frozenset({7})).style == "red reverse"
    assert card_text(king, FANCY, frozenset({7})).style == "red"
    assert card_text(nine, PLAIN, frozenset({7})).plain == "9h"
