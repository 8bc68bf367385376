"""The Winning Poker Network's older histories ("Game started at: ...") read into RoomHand
records: every real hand, exact fields, the chips arithmetic, a hand cut off, damage."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from rooms_xml_checks import ONLINE, assert_chips_add_up, fuzz

from studkit.cards import parse_card
from studkit.history.rooms import pokerstars, winning
from studkit.history.rooms.room_hand import (
    Acted,
    Collected,
    Dealt,
    Mucked,
    Posted,
    Returned,
    RoomHand,
    RoomHistoryError,
    RoomSeat,
    Shown,
)
from studkit.history.rooms.room_text import decode

pytestmark = pytest.mark.skipif(not ONLINE.is_dir(), reason="the online histories are absent")

FOLDER = "fpdb-3/cash/Winning/Stud/"
STUD = FOLDER + "7-Stud-8max-USD-1.00-2.00-201608.HH00000000 G0.txt"
HI_LO = FOLDER + "7-Stud-HL-8max-USD-1.00-2.00-201608.HH00000000 G0.txt"


def text_of(relative: str) -> str:
    data = (ONLINE / relative).read_bytes()
    # these UTF-16 files end in one stray byte (b"\n") after their text
    return decode(data[: len(data) // 2 * 2])


def results_of(relative: str) -> list[RoomHand | RoomHistoryError]:
    return winning.read_hands(text_of(relative), relative)


def test_every_hand_reads_and_its_chips_add_up() -> None:
    stud, hi_lo = results_of(STUD), results_of(HI_LO)
    assert winning.recognizes(text_of(STUD)) and not pokerstars.recognizes(text_of(STUD))
    assert [type(result) for result in stud] == [RoomHand] * 4
    assert [type(result) for result in hi_lo] == [RoomHand, RoomHistoryError]
    for hand in (*stud, hi_lo[0]):
        assert isinstance(hand, RoomHand)
        assert (hand.site, hand.currency) == ("Winning Poker Network", "USD")
        assert_chips_add_up(hand)
        won = sum(e.amount for e in hand.events if isinstance(e, Collected))
        assert won + hand.rake == hand.total_pot
    assert [hand.game for hand in (*stud, hi_lo[0]) if isinstance(hand, RoomHand)] == [
        "stud", "stud", "stud", "stud", "stud8",
    ]  # fmt: skip


def test_the_hand_cut_off_is_an_error_naming_its_last_line() -> None:
    error = results_of(HI_LO)[1]
    assert isinstance(error, RoomHistoryError)
    assert error.line == 101
    assert error.detail == (
        "hand 693976187 ends before its summary's 'Pot:' line, after "
        "'Seat 8: KickAzzJohnny (26.41).' (the file is cut off?)"
    )


def test_a_stud_hi_lo_hand_exactly() -> None:
    hand = results_of(HI_LO)[0]
    assert isinstance(hand, RoomHand)
    assert (hand.hand, hand.line, hand.table, hand.time) == (
        "693975843", 1, "La Llorona - 3", "2016-08-02T11:13:02",
    )  # fmt: skip
    assert (hand.ante, hand.bring_in, hand.small_bet, hand.big_bet) == (
        D("0.15"), D("0.40"), D(1), D(2),
    )  # fmt: skip
    # "Pot: 7.05. Rake 0.14. JP fee 0.06": the pot stated is what was left
    assert (hand.rake, hand.total_pot) == (D("0.20"), D("7.25"))
    assert hand.seats[0] == RoomSeat(2, "Diamonds4ever", D("18.20"))
    card = parse_card
    assert hand.events[3:9] == (
        Dealt("Diamonds4ever", 3, (None, None), (card("7h"),)),
        Dealt("ChazDazzle", 3, (card("6h"), card("Td")), (card("2c"),)),
        Dealt("KickAzzJohnny", 3, (None, None), (card("3s"),)),
        Posted("ChazDazzle", "bring-in", D("0.40")),
        Acted("KickAzzJohnny", "call", D("0.40")),
        Acted("Diamonds4ever", "fold"),
    )
    # "*** Third street ***" opens the fourth street
    assert hand.events[9] == Dealt("ChazDazzle", 4, (), (card("As"),))
    assert hand.events[-8:-2] == (
        Dealt("ChazDazzle", 7, (card("9s"),)),
        Dealt("KickAzzJohnny", 7, (None,)),
        Acted("KickAzzJohnny", "bet", D(2)),
        Acted("ChazDazzle", "call", D(2)),
        Shown("ChazDazzle", tuple(card(c) for c in ("6h", "Td", "2c", "As", "7d", "4d", "9s"))),
        Shown("KickAzzJohnny", tuple(card(c) for c in ("5d", "3d", "3s", "6s", "8s", "8h", "Ad"))),
    )
    assert hand.events[-2:] == (
        Collected("ChazDazzle", D("3.53")),
        Collected("KickAzzJohnny", D("3.52")),
    )


def test_raises_are_chips_added_and_a_loser_mucks() -> None:
    stud = results_of(STUD)
    raised, shown = stud[1], stud[2]
    assert isinstance(raised, RoomHand) and isinstance(shown, RoomHand)
    assert raised.events[5:7] == (
        Acted("ChazDazzle", "complete", D(1)),  # "raises (1)" over a 0.40 bring-in
        Acted("Nee", "call", D("0.60")),
    )
    assert Acted("Nee", "raise", D(4)) in shown.events  # "raises (4)" over a bet of 2
    assert Mucked("Nee") in shown.events
    winner = results_of(STUD)[3]
    assert isinstance(winner, RoomHand)
    # the winner of an uncontested pot "mucks cards": he concedes nothing
    assert not any(isinstance(e, Mucked) for e in winner.events)
    assert winner.events[-2:] == (Returned("Nee", D(1)), Collected("Nee", D("2.30")))


def test_damaged_hands_are_errors_naming_their_line() -> None:
    lines = text_of(STUD).split("\n")
    damaged = [
        "Player Nee raises (x)" if line == "Player Nee raises (4)" else line for line in lines
    ]
    results = winning.read_hands("\n".join(damaged), "bad.txt")
    errors = [result for result in results if isinstance(result, RoomHistoryError)]
    assert [error.detail for error in errors] == [
        "expected an action such as 'bets (1)', got 'Player Nee raises (x)'"
    ]
    assert errors[0].line == lines.index("Player Nee raises (4)") + 1


def test_fuzzed_files_give_hands_and_errors_only() -> None:
    data = (text_of(STUD) + text_of(HI_LO)).encode()
    assert fuzz(winning.read_hands, data, rounds=60, seed=3) > 0
