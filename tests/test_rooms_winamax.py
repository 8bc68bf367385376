"""Winamax's histories (PokerStars' grammar under Winamax's header) read into RoomHand
records: every real hand, exact fields, the chips arithmetic, and damaged files."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal as D

import pytest
from rooms_xml_checks import ONLINE, assert_chips_add_up, fuzz, read

from studkit.cards import parse_card
from studkit.history.rooms import pokerstars, winamax
from studkit.history.rooms.room_hand import (
    Acted,
    Collected,
    Dealt,
    Posted,
    RoomHand,
    RoomHistoryError,
    RoomSeat,
)
from studkit.history.rooms.room_text import decode

pytestmark = pytest.mark.skipif(not ONLINE.is_dir(), reason="the online histories are absent")

FOLDER = "fpdb-3/cash/Winamax/Stud/"
RAZZ = FOLDER + "Razz-6max-EUR-25-50-201611._8games_.txt"
NEGATIVE = FOLDER + "7-Stud-6max-EUR-25-50-201611._8games_.negative.bet.txt"
PLAY = FOLDER + "7-Stud-6max-play-0.5-0.10-201606.export.txt"
HI_LO = FOLDER + "7-StudHL-6max-EUR-25-50-201611._8games_.txt"
FILES = {
    RAZZ: "razz",
    NEGATIVE: "stud",
    PLAY: "stud",
    HI_LO: "stud8",
    FOLDER + "7-Stud-6max-EUR-25-50-201611._8games_.txt": "stud",
}


def hand_of(relative: str) -> RoomHand:
    [hand] = read(winamax.read_hands, relative)
    assert isinstance(hand, RoomHand), hand
    return hand


@pytest.mark.parametrize("relative", sorted(FILES))
def test_every_hand_reads_and_its_chips_add_up(relative: str) -> None:
    text = decode((ONLINE / relative).read_bytes())
    assert winamax.recognizes(text) and not pokerstars.recognizes(text)
    hand = hand_of(relative)
    assert (hand.site, hand.game) == ("Winamax", FILES[relative])
    assert_chips_add_up(hand)
    won = sum(e.amount for e in hand.events if isinstance(e, Collected))
    assert won + hand.rake == hand.total_pot


def test_the_hands_are_those_sources_counts() -> None:
    assert Counter(FILES.values()) == {"razz": 1, "stud": 3, "stud8": 1}


def test_a_razz_hand_exactly() -> None:
    hand = hand_of(RAZZ)
    assert (hand.hand, hand.currency, hand.table, hand.max_seats, hand.time, hand.time_zone) == (
        "9250793-444-1478990340", "EUR", "Pampelune", 6, "2016-11-12T22:39:00", "UTC",
    )  # fmt: skip
    assert (hand.ante, hand.bring_in, hand.small_bet, hand.big_bet) == (D(5), D(10), D(25), D(50))
    # "Total pot 258\u20ac | Rake 2\u20ac": Winamax states the pot after the rake
    assert (hand.rake, hand.total_pot) == (D(2), D(260))
    assert hand.seats == (RoomSeat(1, "Hero", D("1546.72")), RoomSeat(4, "Player0", D("664.56")))
    card = parse_card
    assert hand.events[2:7] == (
        Dealt("Hero", 3, (card("4s"), card("Ad")), (card("Td"),)),
        Dealt("Player0", 3, (None, None), (card("8h"),)),  # "[X X 8h]"
        Posted("Hero", "bring-in", D(10)),
        Acted("Player0", "complete", D(25)),  # "raises 25\u20ac to 25\u20ac"
        Acted("Hero", "call", D(15)),
    )
    assert hand.events[-3:] == (
        Acted("Player0", "bet", D(50)),
        Acted("Hero", "fold"),
        Collected("Player0", D(258)),
    )


def test_a_raise_written_as_the_chips_added() -> None:
    # "Player0 raises -6.10\u20ac to 18.90\u20ac" after bringing in 10\u20ac and a completion
    # to 25\u20ac: he put his last 18.90\u20ac in, to 28.90\u20ac, and was called for 3.90\u20ac
    hand = hand_of(NEGATIVE)
    assert hand.events[9:11] == (
        Acted("Player0", "raise", D("28.90"), all_in=True),
        Acted("Player1", "call", D("3.90")),
    )


def test_a_play_money_hand_that_shows_no_deals() -> None:
    hand = hand_of(PLAY)
    assert (hand.currency, hand.tournament, hand.table) == (None, None, "Ceské Budejovice")
    assert hand.events[3] == Dealt("Player0", 3, (None, None), ())
    assert [e.street for e in hand.events if isinstance(e, Dealt)] == [3] * 3 + [4] * 3 + [
        5
    ] * 3 + [6] * 2 + [7] * 2


def test_a_split_pot() -> None:
    hand = hand_of(HI_LO)
    assert hand.events[-2:] == (
        Collected("Player0", D(114), "high"),
        Collected("Player0", D(114), "low"),
    )


def test_damaged_files_give_hands_and_errors_only() -> None:
    data = b"\n\n".join((ONLINE / relative).read_bytes() for relative in sorted(FILES))
    assert len(winamax.read_hands(decode(data), "all.txt")) == 5
    fuzz(winamax.read_hands, data, rounds=60, seed=5)


def test_a_cut_hand_is_an_error() -> None:
    lines = (ONLINE / RAZZ).read_text(encoding="utf-8").split("\n")
    [error] = winamax.read_hands("\n".join(lines[:20]), "cut.txt")
    assert isinstance(error, RoomHistoryError)
    assert error.line == 20 and "ends before its summary" in error.detail
