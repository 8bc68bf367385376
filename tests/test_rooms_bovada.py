"""Bovada's (and Bodog's) stud histories read into RoomHand records: every real hand, exact
fields, the chips arithmetic and the tournament's stacks from hand to hand, hands of other
games refused, and damaged, cut, re-currencied and tournament files."""

from __future__ import annotations

import random
from collections import Counter
from decimal import Decimal as D

import pytest
from rooms_xml_checks import ONLINE, assert_chips_add_up, chips_put_in, fuzz, read

from studkit.cards import parse_card
from studkit.history.rooms import bovada, ongame, partypoker
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

CASH = "fpdb-3/cash/Bovada/Stud/7-Stud-USD-2.00-4.00-201205.txt"
HI_LO = "fpdb-3/cash/Bovada/Stud/7-StudHL-USD-0.25-0.50-201209.txt"
ANTE = "fpdb-3/cash/Bovada/Stud/7-StudHL-USD-RING-$5-$10,$1.25Ante-201404.txt"
TOURNAMENT = "fpdb-3/tour/Bovada/Stud/7-Stud-USD-MTT - $10-$1 - 201206.txt"
FILES = {CASH: {"stud": 4}, HI_LO: {"stud8": 1}, ANTE: {"stud8": 1}, TOURNAMENT: {"stud": 40}}
"""The Bovada files and their hands, as SOURCES.md counts them."""


def cards(text: str) -> tuple[object, ...]:
    return tuple(parse_card(card) for card in text.split())


def hands_of(relative: str) -> list[RoomHand]:
    results = read(bovada.read_hands, relative)
    assert all(isinstance(result, RoomHand) for result in results)
    return [hand for hand in results if isinstance(hand, RoomHand)]


@pytest.mark.parametrize("relative", sorted(FILES))
def test_every_hand_reads_and_its_chips_add_up(relative: str) -> None:
    text = decode((ONLINE / relative).read_bytes())
    assert bovada.recognizes(text)
    assert not partypoker.recognizes(text) and not ongame.recognizes(text)
    hands = hands_of(relative)
    assert Counter(hand.game for hand in hands) == FILES[relative]
    for hand in hands:
        assert_chips_add_up(hand)
        returned = sum((e.amount for e in hand.events if isinstance(e, Returned)), D(0))
        assert sum(chips_put_in(hand).values()) - returned == hand.total_pot, hand.hand
        assert hand.site == "Bovada" and hand.source == relative


def test_the_bovada_hands_are_those_sources_counts() -> None:
    games = Counter(hand.game for relative in FILES for hand in hands_of(relative))
    assert games == {"stud": 44, "stud8": 2}


def test_a_cash_stud_hand_exactly() -> None:
    hand = hands_of(CASH)[0]
    me = "Seat+3 [ME]"
    assert hand == RoomHand(
        site="Bovada",
        source=CASH,
        line=1,
        hand="2604291510",
        game="stud",
        currency="USD",
        ante=D("0.01"),
        bring_in=D("0.02"),
        small_bet=D("0.05"),
        big_bet=D("0.10"),
        seats=(
            RoomSeat(1, "Seat+1", D("0.57")),
            RoomSeat(3, me, D("0.50")),
            RoomSeat(5, "Seat+5", D("0.51")),
        ),
        events=(
            Posted("Seat+1", "ante", D("0.01")),
            Posted("Seat+5", "ante", D("0.01")),
            Posted(me, "ante", D("0.01")),
            Dealt("Seat+1", 3, cards("7h 8c"), cards("Jc")),
            Dealt(me, 3, cards("Jh Qh"), cards("Th")),
            Dealt("Seat+5", 3, cards("Qc 5c"), cards("2s")),
            Posted("Seat+5", "bring-in", D("0.02")),
            Acted("Seat+1", "call", D("0.02")),
            Acted(me, "call", D("0.02")),
            Dealt("Seat+1", 4, (), cards("9c")),
            Dealt(me, 4, (), cards("4c")),
            Dealt("Seat+5", 4, (), cards("Ts")),
            Acted("Seat+1", "check"),
            Acted(me, "check"),
            Acted("Seat+5", "check"),
            Dealt("Seat+1", 5, (), cards("4d")),
            Dealt(me, 5, (), cards("Kh")),
            Dealt("Seat+5", 5, (), cards("3s")),
            Acted(me, "bet", D("0.10")),
            Acted("Seat+5", "fold"),
            Acted("Seat+1", "fold"),
            Returned(me, D("0.10")),
            Collected(me, D("0.09")),
        ),
        rake=D(0),
        total_pot=D("0.09"),
        table="1178621",
        time="2012-05-07T03:40:07",
    )


def test_a_player_sitting_out_is_not_dealt_in() -> None:
    hand = hands_of(CASH)[3]
    assert hand.names == ("Seat+1", "Seat+5")
    assert hand.warnings == ()


def test_a_double_bet_on_fourth_street_shows_the_big_bet() -> None:
    hand = hands_of(CASH)[1]
    assert Acted("Seat+3 [ME]", "bet", D("0.10")) in hand.events
    assert (hand.small_bet, hand.big_bet, hand.rake, hand.total_pot) == (
        D("0.05"),
        D("0.10"),
        D("0.02"),
        D("0.59"),
    )


def test_a_hi_lo_hand_with_an_ante_in_its_stakes_exactly() -> None:
    [hand] = hands_of(ANTE)
    assert (hand.hand, hand.game, hand.currency, hand.table, hand.time) == (
        "2844383701",
        "stud8",
        "USD",
        "7794710",
        "2014-04-06T19:50:19",
    )
    assert (hand.ante, hand.bring_in, hand.small_bet, hand.big_bet) == (
        D("1.25"),
        D("2.50"),
        D(5),
        D(10),
    )
    assert (hand.total_pot, hand.rake) == (D(150), D(3))
    assert len(hand.seats) == 8 and hand.seats[4] == RoomSeat(5, "Seat+5 [ME]", D(200))
    third = hand.events[16:27]
    assert third == (
        Posted("Seat+5 [ME]", "bring-in", D("2.50")),
        Acted("Seat+6", "fold"),
        Acted("Seat+7", "fold"),
        Acted("Seat+8", "complete", D(5)),
        Acted("Seat+1", "fold"),
        Acted("Seat+2", "call", D(5)),
        Acted("Seat+3", "fold"),
        Acted("Seat+4", "fold"),
        Acted("Seat+5 [ME]", "raise", D(10)),
        Acted("Seat+8", "call", D(5)),
        Acted("Seat+2", "call", D(5)),
    )
    assert Acted("Seat+2", "raise", D(10)) in hand.events  # "Raises $10 to $10" on 4th
    assert hand.events[-4:] == (
        Shown("Seat+5 [ME]", cards("Ad Qd 2d 2c Td Js Ks")),
        Shown("Seat+2", cards("5c 2h 6c 3h 5s 7c 8h")),
        Collected("Seat+2", D("73.50")),
        Collected("Seat+5 [ME]", D("73.50")),
    )


def test_a_hand_nobody_brings_in_says_what_it_assumed() -> None:
    [hand] = hands_of(HI_LO)
    assert hand.events[14] == Acted("Seat+1", "complete", D("0.25"))
    assert (hand.small_bet, hand.big_bet, hand.bring_in) == (D("0.25"), D("0.50"), D("0.12"))
    assert hand.warnings == ("nobody brings in: bring-in 0.12 assumed",)


def test_a_tournament_hand_exactly() -> None:
    hand = hands_of(TOURNAMENT)[0]
    assert (hand.hand, hand.tournament, hand.table, hand.currency, hand.time) == (
        "2633115879",
        "1378659",
        "1",
        None,
        "2012-06-17T22:21:03",
    )
    assert (hand.ante, hand.bring_in, hand.small_bet, hand.big_bet) == (D(2), D(5), D(10), D(20))
    assert hand.names == ("Seat+1", "Seat+4 [ME]", "Seat+5", "Seat+6", "Seat+7", "Seat+8")
    assert {seat.stack for seat in hand.seats} == {D(1500)}
    assert hand.events[12] == Posted("Seat+4 [ME]", "bring-in", D(5))
    assert hand.events[-3:] == (
        Acted("Seat+8", "fold"),
        Returned("Seat+5", D(20)),
        Collected("Seat+5", D(97)),
    )
    assert (hand.total_pot, hand.rake) == (D(97), D(0))


def test_all_ins_side_pots_and_mucks() -> None:
    hands = {hand.hand: hand for hand in hands_of(TOURNAMENT)}
    three_way = hands["2633132391"]
    assert Acted("Seat+1", "raise", D(600)) in three_way.events
    assert Acted("Seat+1", "call", D(227), all_in=True) in three_way.events
    assert Acted("Seat+8", "bet", D(195), all_in=True) in three_way.events
    assert [e for e in three_way.events if isinstance(e, Collected)] == [
        Collected("Seat+7", D(736), "side"),
        Collected("Seat+7", D(4621)),
    ]
    short = hands["2633133863"]
    assert Acted("Seat+4 [ME]", "raise", D(1054), all_in=True) in short.events
    assert [e for e in hands["2633126654"].events if isinstance(e, Mucked)] == [
        Mucked("Seat+4 [ME]", cards("Ac 6s Ks 5d Tc Ts Qh")),
        Mucked("Seat+2", cards("Jh 7h 3c 2h As 4h 8s")),
    ]


def test_the_tournament_s_stacks_follow_from_hand_to_hand() -> None:
    hands = hands_of(TOURNAMENT)
    followed = 0
    for hand, after in zip(hands, hands[1:], strict=False):
        put_in = chips_put_in(hand)
        for event in hand.events:
            if isinstance(event, Returned):
                put_in[event.name] -= event.amount
            if isinstance(event, Collected):
                put_in[event.name] -= event.amount
        ends = {seat.name: seat.stack - put_in[seat.name] for seat in hand.seats}
        for seat in after.seats:
            if seat.name in ends:
                assert seat.stack == ends[seat.name], (after.hand, seat.name)
                followed += 1
    assert followed == 228


def test_a_hand_cut_off_is_an_error_naming_its_last_line() -> None:
    lines = (ONLINE / CASH).read_text(encoding="utf-8-sig").split("\n")
    assert lines[62] == "Seat+5 : Bets $0.10"
    results = bovada.read_hands("\n".join(lines[:63]), "cut.txt")
    assert [type(result) for result in results] == [RoomHand, RoomHistoryError]
    assert str(results[1]) == "cut.txt:63: the hand ends before its summary ('*** SUMMARY ***')"


def test_a_garbled_action_is_an_error_naming_its_line() -> None:
    lines = (ONLINE / CASH).read_text(encoding="utf-8-sig").split("\n")
    assert lines[54] == "Seat+3 [ME] : D bets $0.10"
    lines[54] = "Seat+3 [ME] : D bats $0.10"
    results = bovada.read_hands("\n".join(lines), "bad.txt")
    errors = [result for result in results if isinstance(result, RoomHistoryError)]
    assert [str(error) for error in errors] == [
        "bad.txt:55: expected an action, got 'Seat+3 [ME] : D bats $0.10'"
    ]
    assert [type(result) for result in results] == [RoomHand, RoomHistoryError, RoomHand, RoomHand]


def test_another_currency_reads_the_same_amounts() -> None:
    text = decode((ONLINE / ANTE).read_bytes()).replace("$", "\u20ac")
    [euros] = bovada.read_hands(text, "eur.txt")
    [dollars] = hands_of(ANTE)
    assert isinstance(euros, RoomHand)
    assert euros.currency == "EUR"
    assert (euros.events, euros.seats, euros.rake) == (dollars.events, dollars.seats, dollars.rake)


def test_a_cash_hand_made_a_tournament_hand() -> None:
    text = decode((ONLINE / CASH).read_bytes()).split("\n\n\n")[0].replace("$", "")
    text = text.replace(
        "Bodog Hand #2604291510 TBL#1178621 7CARD Fixed Limit",
        "Bovada Hand #2604291510: 7CARD Tournament #99 TBL#4, Fixed Limit- Level 3 (0/0)",
    )
    [hand] = bovada.read_hands(text, "tour.txt")
    assert isinstance(hand, RoomHand)
    assert (hand.currency, hand.tournament, hand.table) == (None, "99", "4")
    assert hand.events == hands_of(CASH)[0].events


def test_other_games_are_refused_hand_by_hand() -> None:
    text = decode((ONLINE / CASH).read_bytes()).replace("7CARD Fixed", "HOLDEM No", 1)
    results = bovada.read_hands(text, "mixed.txt")
    assert str(results[0]) == (
        "mixed.txt:1: not a stud, stud hi-lo or razz hand: 'HOLDEM No Limit'"
    )
    assert all(isinstance(result, RoomHand) for result in results[1:])


def test_damaged_files_give_hands_and_errors_only() -> None:
    data = (ONLINE / TOURNAMENT).read_bytes().removeprefix(b"\xef\xbb\xbf")
    assert fuzz(bovada.read_hands, data, rounds=40, seed=5) > 0
    chance = random.Random(3)
    lines = decode(data).split("\n")
    for _ in range(30):
        kept = [line for line in lines if chance.random() > 0.03]
        for result in bovada.read_hands("\n".join(kept), "lines.txt"):
            assert isinstance(result, RoomHand | RoomHistoryError)


def test_recognizes_only_the_family() -> None:
    assert bovada.recognizes("Bodog Hand #2604291510 TBL#1178621 7CARD Fixed Limit - 2012")
    assert bovada.recognizes("\ufeffBovada Hand #2633115879: 7CARD Tournament #1378659")
    assert not bovada.recognizes("PokerStars Hand #1: Tournament #2, Razz Limit - Level I")
