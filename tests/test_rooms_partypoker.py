"""PartyPoker's and OnGame's stud histories read into RoomHand records: every real hand,
exact fields, the chips arithmetic (and OnGame's stated finishing stacks), the deals the
histories leave unseen filled from the cards shown, hands of other games refused, and
damaged, cut, re-currencied and tournament files."""

from __future__ import annotations

import random
import re
from collections import Counter
from decimal import Decimal as D

import pytest
from rooms_xml_checks import ONLINE, assert_chips_add_up, chips_put_in, fuzz, read

from studkit.cards import Card, parse_card
from studkit.history.rooms import bovada, ongame, partypoker
from studkit.history.rooms.room_hand import (
    Acted,
    Collected,
    Dealt,
    Mucked,
    Posted,
    RoomHand,
    RoomHistoryError,
    RoomSeat,
    Shown,
)
from studkit.history.rooms.room_text import decode

pytestmark = pytest.mark.skipif(not ONLINE.is_dir(), reason="the online histories are absent")

PARTY = "fpdb-3/cash/PartyPoker/Stud/"
PARTY_STUD = PARTY + "7-Stud-USD-1-2-201104.txt"
PARTY_LOW = PARTY + "7-StudHL-USD-10-20.201202.wins.lo.pot.txt"
PARTY_HI_LO = PARTY + "7-StudHL-USD-0.50-1.00-201008.txt"
PARTY_TOURNAMENT = "fpdb-3/tour/PartyPoker/Stud/7-Stud-USD-MTT-6.00-201205.txt"
ONGAME = "fpdb-3/cash/OnGame/Stud/"
ONGAME_STUD = ONGAME + "7-Stud-USD-0.10-0.20-201009.Sample.txt"
ONGAME_BIG_BRING = ONGAME + "7-Stud-USD-1.00-2.00-201212.big.bring.txt"
ONGAME_HI_LO = ONGAME + "7-StudHL-USD-0.25-0.50-201008.All.streets.txt"

PARTY_FILES = {
    PARTY_STUD: {"stud": 1},
    PARTY_HI_LO: {"stud8": 1},
    PARTY_LOW: {"stud8": 1},
    PARTY_TOURNAMENT: {"stud": 1},
}
ONGAME_FILES = {ONGAME_STUD: {"stud": 4}, ONGAME_BIG_BRING: {"stud": 1}, ONGAME_HI_LO: {"stud8": 1}}
"""The files and their hands, as SOURCES.md counts them."""


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(card) for card in text.split())


def hands_of(reader: object, relative: str) -> list[RoomHand]:
    results = read(reader.read_hands, relative)  # type: ignore[attr-defined]
    assert all(isinstance(result, RoomHand) for result in results), results
    return [hand for hand in results if isinstance(hand, RoomHand)]


@pytest.mark.parametrize("relative", sorted(PARTY_FILES))
def test_every_party_hand_reads_and_its_chips_add_up(relative: str) -> None:
    text = decode((ONLINE / relative).read_bytes())
    assert partypoker.recognizes(text)
    assert not ongame.recognizes(text) and not bovada.recognizes(text)
    hands = hands_of(partypoker, relative)
    assert Counter(hand.game for hand in hands) == PARTY_FILES[relative]
    for hand in hands:
        assert_chips_add_up(hand)
        assert hand.site == "PartyPoker" and hand.total_pot is None


@pytest.mark.parametrize("relative", sorted(ONGAME_FILES))
def test_every_ongame_hand_reads_to_its_stated_pot_and_stacks(relative: str) -> None:
    text = decode((ONLINE / relative).read_bytes())
    assert ongame.recognizes(text)
    assert not partypoker.recognizes(text) and not bovada.recognizes(text)
    hands = hands_of(ongame, relative)
    assert Counter(hand.game for hand in hands) == ONGAME_FILES[relative]
    stated = re.findall(r"^Seat \d+: (.+?) \((\S+)\), net:", text, re.MULTILINE)
    ends: list[tuple[str, D]] = []
    for hand in hands:
        assert_chips_add_up(hand)
        put_in = chips_put_in(hand)
        assert sum(put_in.values()) == hand.total_pot
        for event in hand.events:
            if isinstance(event, Collected):
                put_in[event.name] -= event.amount
        ends.extend((seat.name, seat.stack - put_in[seat.name]) for seat in hand.seats)
    assert ends == [(name, D(stack.lstrip("$"))) for name, stack in stated]


def test_the_hands_are_those_sources_counts() -> None:
    party = Counter(h.game for f in PARTY_FILES for h in hands_of(partypoker, f))
    on = Counter(h.game for f in ONGAME_FILES for h in hands_of(ongame, f))
    assert (party, on) == ({"stud": 2, "stud8": 2}, {"stud": 5, "stud8": 1})


def test_a_party_cash_stud_hand_exactly() -> None:
    [hand] = hands_of(partypoker, PARTY_STUD)
    antes = ("Player1", "Hero", "Player3", "Player4", "Player5", "Player8")
    dealt_in = ("Player1", "Hero", "Player3", "Player4", "Player5", "Player8")
    third = [Dealt(name, 3, (None, None), ()) for name in dealt_in]
    third[1] = Dealt("Hero", 3, cards("3h 8c"), cards("7c"))
    assert hand == RoomHand(
        site="PartyPoker",
        source=PARTY_STUD,
        line=3,
        hand="10399817763",
        game="stud",
        currency="USD",
        ante=D("0.05"),
        bring_in=D("0.25"),
        small_bet=D("0.50"),
        big_bet=D(1),
        seats=(
            RoomSeat(1, "Player1", D("23.25")),
            RoomSeat(2, "Hero", D("10.80")),
            RoomSeat(3, "Player3", D("34.84")),
            RoomSeat(4, "Player4", D("35.59")),
            RoomSeat(5, "Player5", D("27.55")),
            RoomSeat(8, "Player8", D("20.85")),
        ),
        events=(
            *(Posted(name, "ante", D("0.05")) for name in antes),
            *third,
            Posted("Hero", "bring-in", D("0.25")),
            Acted("Player3", "fold"),
            Acted("Player4", "complete", D("0.50")),
            Acted("Player5", "fold"),
            Acted("Player8", "call", D("0.50")),
            Acted("Player1", "fold"),
            Acted("Hero", "call", D("0.25")),
            Dealt("Hero", 4, (), cards("2c")),
            Dealt("Player4", 4),
            Dealt("Player8", 4),
            Acted("Player4", "bet", D("0.50")),
            Acted("Player8", "call", D("0.50")),
            Acted("Hero", "fold"),
            Dealt("Player4", 5),
            Dealt("Player8", 5),
            Acted("Player8", "bet", D(1)),
            Acted("Player4", "raise", D(2)),
            Acted("Player8", "call", D(1)),
            Dealt("Player4", 6),
            Dealt("Player8", 6),
            Acted("Player8", "bet", D(1)),
            Acted("Player4", "raise", D(2)),
            Acted("Player8", "raise", D(3)),
            Acted("Player4", "call", D(1)),
            Dealt("Player4", 7, (None,)),
            Dealt("Player8", 7, (None,)),
            Acted("Player8", "bet", D(1)),
            Acted("Player4", "fold"),
            Collected("Player8", D("13.20")),
        ),
        rake=D("0.60"),
        table="Table 136419",
        time="2011-04-25T14:20:12",
        time_zone="EDT",
        max_seats=8,
    )


def test_a_party_low_half_and_shown_hands_fill_the_deals() -> None:
    [hand] = hands_of(partypoker, PARTY_LOW)
    assert (hand.game, hand.bring_in, hand.small_bet, hand.rake) == ("stud8", D(3), D(10), D(1))
    assert hand.events[3] == Dealt("Player1", 3, cards("Qc 3d"), cards("Ac"))
    assert Dealt("Player1", 7, cards("Jc"), ()) in hand.events
    assert Acted("Player0", "raise", D(20)) in hand.events  # "raises [$17 USD]" on 3
    assert hand.events[-4:] == (
        Shown("Player1", cards("Qc 3d Ac 8h 2s 5h Jc")),
        Shown("Player0", cards("Ah 4h 4d Td Qd Kc 8s")),
        Collected("Player0", D("90.50"), "main"),
        Collected("Player1", D("90.50"), "low"),
    )


def test_a_party_tournament_hand_exactly() -> None:
    [hand] = hands_of(partypoker, PARTY_TOURNAMENT)
    assert (hand.hand, hand.tournament, hand.currency, hand.table, hand.max_seats) == (
        "11792805420",
        "69784932",
        None,
        "Regular (2629813) Table #2",
        8,
    )
    assert (hand.ante, hand.bring_in, hand.small_bet, hand.big_bet, hand.rake) == (
        D(10),
        D(20),
        D(60),
        D(120),
        D(0),
    )
    assert Acted("Player4", "bet", D(120)) in hand.events  # a double bet on fourth street
    assert Acted("Player4", "raise", D(360)) in hand.events
    assert hand.events[-2:] == (
        Mucked("Player4", cards("2s Tc 2h 2d 6d 9s Qc")),
        Collected("Player6", D(2560), "main"),
    )


def test_an_ongame_hand_exactly() -> None:
    [hand] = hands_of(ongame, ONGAME_HI_LO)
    folded = ("boneos56", "grumset2007", "YMAN1", "Lee Clayton", "guggi_cool", "HangEv")
    assert (hand.hand, hand.game, hand.currency, hand.table, hand.time, hand.time_zone) == (
        "R5-78227816-62",
        "stud8",
        "USD",
        "Taegu [78227816]",
        "2010-08-28T20:33:38",
        "GMT+0300",
    )
    assert (hand.ante, hand.bring_in, hand.small_bet, hand.big_bet) == (
        D("0.05"),
        D("0.12"),
        D("0.25"),
        D("0.50"),
    )
    assert (hand.total_pot, hand.rake) == (D("5.14"), D("0.25"))
    assert hand.names == ("Hero", "boneos56", "grumset2007", "mylonas77", *folded[2:])
    assert hand.events[8:10] == (
        Dealt("Hero", 3, cards("8d 8s"), cards("4d")),
        Dealt("boneos56", 3, (None, None), cards("Kd")),
    )
    assert hand.events[16:] == (
        Posted("Hero", "bring-in", D("0.12")),
        *(
            Acted(name, "fold") if name != "mylonas77" else Acted(name, "call", D("0.12"))
            for name in ("boneos56", "grumset2007", "mylonas77", *folded[2:])
        ),
        Dealt("Hero", 4, (), cards("3h")),
        Dealt("mylonas77", 4, (), cards("2h")),
        Acted("mylonas77", "bet", D("0.25")),
        Acted("Hero", "call", D("0.25")),
        Dealt("Hero", 5, (), cards("8c")),
        Dealt("mylonas77", 5, (), cards("Kh")),
        Acted("mylonas77", "bet", D("0.50")),
        Acted("Hero", "raise", D(1)),  # "raises $1 to $1.37": 1.37 over the hand
        Acted("mylonas77", "call", D("0.50")),
        Dealt("Hero", 6, (), cards("4c")),
        Dealt("mylonas77", 6, (), cards("Qh")),
        Acted("Hero", "bet", D("0.50")),
        Acted("mylonas77", "call", D("0.50")),
        Dealt("Hero", 7, cards("5h")),
        Dealt("mylonas77", 7, (None,)),
        Acted("Hero", "bet", D("0.50")),
        Acted("mylonas77", "call", D("0.50")),
        Shown("Hero", cards("8d 8s 4d 3h 8c 4c 5h")),
        Mucked("mylonas77"),
        Collected("Hero", D("4.89"), "main"),
    )


def test_an_ongame_showdown_fills_the_unseen_river_and_down_cards() -> None:
    hand = hands_of(ongame, ONGAME_STUD)[1]
    assert Dealt("the bAAr", 3, cards("6s 9s"), cards("4s")) in hand.events
    assert Dealt("the bAAr", 7, cards("3h"), ()) in hand.events
    assert Acted("Hero", "bet", D("0.10")) in hands_of(ongame, ONGAME_STUD)[2].events
    big = hands_of(ongame, ONGAME_BIG_BRING)[0]
    assert big.events[4:7] == (
        Acted("Hero", "complete", D(1)),  # "Hero big bring in $1"
        Acted("Player0", "raise", D(2)),
        Acted("Hero", "call", D(1)),
    )
    assert (big.bring_in, big.warnings) == (
        D("0.50"),
        ("nobody posts a bring-in: bring-in 0.50 assumed",),
    )


def test_a_hand_cut_off_is_an_error_naming_its_last_line() -> None:
    text = decode((ONLINE / ONGAME_STUD).read_bytes()).split("\n")
    cut = len(text) - text[::-1].index("Dealing 5th street")
    results = ongame.read_hands("\n".join(text[:cut]), "cut.txt")
    assert [type(result) for result in results] == [RoomHand] * 3 + [RoomHistoryError]
    assert str(results[3]) == (
        f"cut.txt:{cut}: the hand ends before its summary and '***** End of hand'"
    )
    party = decode((ONLINE / PARTY_LOW).read_bytes()) + decode((ONLINE / PARTY_STUD).read_bytes())
    lines = party.split("\n")
    cut = lines.index("Player8 bets [$1 USD]") + 1  # on fifth street of the second hand
    results = partypoker.read_hands("\n".join(lines[:cut]), "cut.txt")
    assert [type(result) for result in results] == [RoomHand, RoomHistoryError]
    assert str(results[1]) == (
        f"cut.txt:{cut}: the hand ends before anyone wins ('<player> wins ...')"
    )


def test_a_garbled_action_is_an_error_naming_its_line() -> None:
    lines = decode((ONLINE / ONGAME_STUD).read_bytes()).split("\n")
    assert lines[23] == "E6y Ko3y calls $0.05"
    lines[23] = "E6y Ko3y calls for $0.05"
    results = ongame.read_hands("\n".join(lines), "bad.txt")
    assert str(results[0]) == "bad.txt:24: expected an action, got 'E6y Ko3y calls for $0.05'"
    assert [type(result) for result in results[1:]] == [RoomHand] * 3
    party = decode((ONLINE / PARTY_STUD).read_bytes()).replace("completes [", "compleats [")
    [error] = partypoker.read_hands(party, "bad.txt")
    assert str(error) == ("bad.txt:27: expected an action, got 'Player4 compleats [$0.50 USD]'")


def test_another_currency_reads_the_same_amounts() -> None:
    for reader, relative in ((partypoker, PARTY_LOW), (ongame, ONGAME_STUD)):
        text = decode((ONLINE / relative).read_bytes()).replace("$", "\u20ac")
        euros = reader.read_hands(text.replace(" USD", " EUR"), "eur.txt")
        dollars = hands_of(reader, relative)
        assert {hand.currency for hand in euros if isinstance(hand, RoomHand)} == {"EUR"}
        assert [h.events for h in euros if isinstance(h, RoomHand)] == [h.events for h in dollars]


def test_a_cash_hand_made_a_tournament_hand() -> None:
    text = decode((ONLINE / PARTY_LOW).read_bytes())
    text = text.replace(" USD", "").replace("$", "")
    text = text.replace(
        "10/20 FL 7 Card Stud Hi-Lo -",
        "FL 7 Card Stud Hi-Lo $6 USD Buy-in Trny:5 Level:3  Stakes-Antes(10/20-1) -",
    )
    [hand] = partypoker.read_hands(text, "tour.txt")
    assert isinstance(hand, RoomHand)
    assert (hand.currency, hand.tournament, hand.ante, hand.big_bet) == (None, "5", D(1), D(20))
    assert hand.events == hands_of(partypoker, PARTY_LOW)[0].events
    ongame_tournament = decode((ONLINE / ONGAME_BIG_BRING).read_bytes()).replace(
        "Real money", "Tournament"
    )
    [error] = ongame.read_hands(ongame_tournament, "tour.txt")
    assert str(error) == "tour.txt:3: expected a real-money table, got 'Tournament'"


def test_other_games_are_refused() -> None:
    party = decode((ONLINE / PARTY_STUD).read_bytes()).replace("7 Card Stud", "NL Texas Hold'em")
    assert str(partypoker.read_hands(party, "p.txt")[0]) == (
        'p.txt:5: not a stud, stud hi-lo or razz hand: "$0.50/$1 USD NL Texas Hold\'em"'
    )
    on = decode((ONLINE / ONGAME_BIG_BRING).read_bytes()).replace("SEVEN_CARD_STUD", "OMAHA")
    assert str(ongame.read_hands(on, "o.txt")[0]) == (
        "o.txt:3: not a stud, stud hi-lo or razz hand: 'LIMIT OMAHA'"
    )


def test_damaged_files_give_hands_and_errors_only() -> None:
    for reader, relative in ((ongame, ONGAME_STUD), (partypoker, PARTY_TOURNAMENT)):
        data = (ONLINE / relative).read_bytes()
        assert fuzz(reader.read_hands, data, rounds=40, seed=9) > 0
        chance = random.Random(4)
        lines = decode(data).split("\n")
        for _ in range(30):
            kept = [line for line in lines if chance.random() > 0.05]
            for result in reader.read_hands("\n".join(kept), "lines.txt"):
                assert isinstance(result, RoomHand | RoomHistoryError)


def test_recognizes_only_the_family() -> None:
    assert partypoker.recognizes("#Game No : 1\n***** Hand History for Game 1 *****\n")
    assert ongame.recognizes("***** History for hand R5-1-2 *****\nStart hand: Mon")
    assert not ongame.recognizes("#Game No : 1\n***** Hand History for Game 1 *****\n")
    assert not partypoker.recognizes("Bovada Hand #2633115879: 7CARD Tournament #1")
