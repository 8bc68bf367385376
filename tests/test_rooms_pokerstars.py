"""PokerStars' histories and the Winning Poker Network's current ones (the same text) read
into RoomHand records: every real hand, exact fields, the chips arithmetic, hands of other
games refused, and damaged, cut or re-currencied files."""

from __future__ import annotations

import random
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

STARS = "fpdb-3/cash/Stars/Stud/"
STUD = STARS + "7-Stud-USD-0.04-0.08-200911.txt"
RAZZ = STARS + "Razz-USD-0.04-0.08-200911.txt"
MIXED = "fpdb-3/tour/Stars/Mixed/8-Game-2max-STT-play-100-201306.homeGame.shootout.txt"
HORSE = "poker-hand-parser/test/fixtures/7cardStud.txt"
ACR = "hand-history-parser/acr-HAND_7CARD_STUD_HILO.txt"
GORHAM = "fpdb-3/cash/Winning/Stud/7Stud-8max-USD-0.04-0.08-201907.CASHID-TN-Gorham GAMETYPE.txt"

FILES: dict[str, dict[str, int]] = {
    STARS + "7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt": {"stud": 1},
    STUD: {"stud": 11},
    STARS + "7-StudHL-USD-0.04-0.08-200911.Cardtest.txt": {"stud8": 1},
    # one of these seven is the Cardtest file's hand again (SOURCES.md counts it once)
    STARS + "7-StudHL-USD-0.04-0.08-200911.txt": {"stud8": 7},
    STARS + "7-StudHL-USD-400-800-201701.3bet.fix.txt": {"stud8": 1},
    STARS + "HH20110417 Salm IX - $0.04-$0.08 Ante $0.01 - USD Limit Stud.txt": {"stud": 1},
    RAZZ: {"razz": 9},
    MIXED: {"razz": 19, "stud": 16, "stud8": 18},
    # a stud hi-lo tournament hand SOURCES.md does not count (its header is in capitals)
    "fpdb-3/tour/Stars/Stud/7-StudHL-USD-10-1-200906.PT2.export.txt": {"stud8": 1},
    "fpdb-3/tour/Stars/Stud/Razz-8max-USD-200-15-201009.bracket.in.alias.txt": {"razz": 1},
    "fpdb-3/tour/Stars/Stud/Triple-Stud-USD-2.00-0.20-MTT-201301.txt": {"stud": 1},
    HORSE: {"stud": 1},
    "poker-hand-parser/test/fixtures/7cardStudPre.txt": {"stud": 1},
    "poker-hand-parser/test/fixtures/razz.txt": {"razz": 1},
    "poker-hand-parser/test/fixtures/stud.txt": {"stud": 1},
    ACR: {"stud8": 1},
    GORHAM: {"stud": 1},
}
REFUSED = {
    "Hold'em Limit": 24,
    "Hold'em No Limit": 24,
    "Triple Draw 2-7 Lowball Limit": 18,
    "Omaha Hi/Lo Limit": 17,
    "Omaha Pot Limit": 1,
}
"""The other games of the mixed tournament, refused hand by hand."""


def hands_of(relative: str) -> list[RoomHand]:
    return [hand for hand in read(pokerstars.read_hands, relative) if isinstance(hand, RoomHand)]


@pytest.mark.parametrize("relative", sorted(FILES))
def test_every_hand_reads_and_its_chips_add_up(relative: str) -> None:
    text = decode((ONLINE / relative).read_bytes())
    assert pokerstars.recognizes(text) and not winamax.recognizes(text)
    results = read(pokerstars.read_hands, relative)
    errors = [result for result in results if isinstance(result, RoomHistoryError)]
    hands = [result for result in results if isinstance(result, RoomHand)]
    if relative == MIXED:
        prefix = "not a stud, stud hi-lo or razz hand: "
        assert all(error.detail.startswith(prefix) for error in errors)
        assert Counter(error.detail.removeprefix(prefix) for error in errors) == REFUSED
    else:
        assert errors == []
    assert dict(Counter(hand.game for hand in hands)) == FILES[relative]
    site = "Winning Poker Network" if relative in (ACR, GORHAM) else "PokerStars"
    for hand in hands:
        assert hand.site == site
        assert_chips_add_up(hand)
        won = sum(e.amount for e in hand.events if isinstance(e, Collected))
        assert won + hand.rake == hand.total_pot, hand.hand


def test_the_pokerstars_hands_are_those_sources_counts() -> None:
    games: Counter[str] = Counter()
    for relative, counts in FILES.items():
        if relative not in (ACR, GORHAM):
            games.update(counts)
    # SOURCES.md: razz 30, stud 33, stud8 26, plus the repeated hand and the PT2 export's
    assert games == {"razz": 30, "stud": 33, "stud8": 26 + 2}


def test_a_cash_stud_hand_exactly() -> None:
    hand = hands_of(STUD)[0]
    assert (hand.site, hand.hand, hand.line, hand.game, hand.currency, hand.tournament) == (
        "PokerStars", "35874004239", 1, "stud", "USD", None,
    )  # fmt: skip
    assert (hand.table, hand.max_seats, hand.time, hand.time_zone) == (
        "Atalante II", 8, "2009-11-26T10:08:43", "ET",
    )  # fmt: skip
    assert (hand.ante, hand.bring_in, hand.small_bet, hand.big_bet) == (
        D("0.01"), D("0.02"), D("0.04"), D("0.08"),
    )  # fmt: skip
    assert (hand.rake, hand.total_pot) == (D("0.03"), D("0.67"))
    assert hand.seats[:2] == (RoomSeat(1, "Hero", D("1.60")), RoomSeat(3, "Nikolay Zem", D("1.84")))
    assert hand.warnings == ()  # "RoadDevil joins the table" is skipped silently
    card = parse_card
    assert hand.events[5:11] == (
        Dealt("Hero", 3, (card("3d"), card("Th")), (card("As"),)),
        Dealt("Nikolay Zem", 3, (None, None), (card("9s"),)),
        Dealt("totof51", 3, (None, None), (card("Td"),)),
        Dealt("trs2758", 3, (None, None), (card("7d"),)),
        Dealt("MasterTrini1", 3, (None, None), (card("2c"),)),
        Posted("MasterTrini1", "bring-in", D("0.02")),
    )
    assert hand.events[15] == Dealt("Hero", 4, (), (card("Qc"),))
    assert hand.events[-6:] == (
        Dealt("trs2758", 7, (None,)),  # the river cards nobody saw
        Dealt("MasterTrini1", 7, (None,)),
        Acted("trs2758", "bet", D("0.08")),
        Acted("MasterTrini1", "fold"),
        Returned("trs2758", D("0.08")),
        Collected("trs2758", D("0.64")),
    )


def test_a_showdown_with_a_muck_shown_in_the_summary() -> None:
    hand = hands_of(STUD)[1]
    cards = tuple(parse_card(c) for c in ("3c", "7s", "7c", "Th", "9s", "Ah", "Qc"))
    assert Mucked("totof51", cards) in hand.events
    assert [e.name for e in hand.events if isinstance(e, Shown)] == ["Nikolay Zem", "MasterTrini1"]
    assert hand.warnings == ()  # "totof51 is sitting out", "... leaves the table": skipped


def test_a_tournament_hand_exactly() -> None:
    hand = hands_of(HORSE)[0]
    assert (hand.hand, hand.game, hand.currency, hand.tournament, hand.table) == (
        "190732610667", "stud", None, "2378947325", "2378947325 7",
    )  # fmt: skip
    assert (hand.time, hand.time_zone, hand.rake, hand.total_pot) == (
        "2018-09-06T09:26:09", "PT", D(0), D(16200),
    )  # fmt: skip
    assert (hand.ante, hand.bring_in, hand.small_bet, hand.big_bet) == (
        D(200), D(300), D(1000), D(2000),
    )  # fmt: skip
    assert hand.seats[1] == RoomSeat(2, "L. Veldhuis", D(54200))
    assert hand.events[9] == Dealt("L. Veldhuis", 3, (parse_card("6s"), parse_card("3h")),
                                   (parse_card("4h"),))  # fmt: skip
    assert hand.events[-5:-3] == (
        Acted("DallasCorben", "bet", D(2000)),
        Acted("dolmren", "call", D(2000)),
    )
    assert hand.events[-1] == Collected("dolmren", D(16200))


def test_a_razz_hand_exactly() -> None:
    hand = hands_of(RAZZ)[0]
    assert (hand.hand, hand.game, hand.table, hand.rake, hand.total_pot) == (
        "35874566077", "razz", "Gotha II", D("0.02"), D("0.41"),
    )  # fmt: skip
    assert hand.events[10:13] == (
        Posted("kobreli", "bring-in", D("0.02")),
        Acted("willy32948", "call", D("0.02")),
        Acted("meg100", "call", D("0.02")),
    )
    assert hand.events[-2:] == (Returned("SilkZone", D("0.08")), Collected("SilkZone", D("0.39")))


def test_a_completion_and_raises_as_the_stake_reached() -> None:
    hand = hands_of("fpdb-3/tour/Stars/Stud/Triple-Stud-USD-2.00-0.20-MTT-201301.txt")[0]
    assert hand.events[14:24] == (
        Posted("Player1", "bring-in", D(75)),
        Acted("Player2", "fold"),
        Acted("Player3", "call", D(75)),
        Acted("Player4", "fold"),
        Acted("Player5", "complete", D(250)),  # "raises 175 to 250"
        Acted("Hero", "raise", D(500)),  # "raises 250 to 500"
        Acted("Player0", "fold"),
        Acted("Player1", "fold"),
        Acted("Player3", "fold"),
        Acted("Player5", "call", D(72), all_in=True),
    )
    # the river card is garbled in the file ("[of]"): taken as unseen, with a warning
    assert hand.warnings == ("line 46: card 'of' unreadable, unseen",)


def test_a_winning_poker_network_hand_exactly() -> None:
    hand = hands_of(ACR)[0]
    assert (hand.site, hand.hand, hand.game, hand.currency, hand.table, hand.max_seats) == (
        "Winning Poker Network", "1903647457", "stud8", "USD", "Crainville", 8,
    )  # fmt: skip
    assert (hand.time, hand.time_zone, hand.ante, hand.bring_in, hand.small_bet) == (
        "2023-10-22T02:49:52", "UTC", D("0.02"), D("0.05"), D("0.10"),
    )  # fmt: skip
    # "Total pot $8.96 | Rake $0.08 | JP Fee $0.02": the pot stated is what was left
    assert (hand.rake, hand.total_pot) == (D("0.10"), D("9.06"))
    assert hand.events[16:18] == (
        Posted("cleaver52", "bring-in", D("0.05")),
        Acted("fuggins", "complete", D("0.10")),  # "raises $0.10 to $0.10"
    )
    assert Acted("MasterChief24", "call", D("0.05"), all_in=True) in hand.events
    assert hand.events[-4:] == (
        Collected("AzRic", D("4.18"), "main"),
        Collected("KickShorty", D("4.18"), "main"),
        Collected("AzRic", D("0.30"), "side-1"),
        Collected("KickShorty", D("0.30"), "side-1"),
    )


def test_a_winner_named_only_in_the_summary() -> None:
    [hand] = hands_of(GORHAM)
    assert (hand.rake, hand.total_pot) == (D("0.01"), D("0.37"))
    assert hand.events[-2:] == (Returned("Player2", D("0.08")), Collected("Player2", D("0.36")))


def test_hands_where_nobody_brings_in_take_the_file_s_bring_in() -> None:
    hands = [hand for hand in hands_of(MIXED) if hand.game == "stud8"]
    opened = [h for h in hands if not any(isinstance(e, Posted) and e.kind == "bring-in"
                                          for e in h.events)]  # fmt: skip
    assert len(opened) == 7 and {hand.bring_in for hand in opened} == {D(12)}
    assert Acted("Hero", "complete", D(40)) in opened[0].events  # "Hero: bets 40"


def test_only_the_players_dealt_in_are_seated() -> None:
    text = (ONLINE / STUD).read_text()
    text = text.replace(
        "Seat 5: trs2758 ($1.76 in chips)\n",
        "Seat 5: trs2758 ($1.76 in chips)\nSeat 6: Sleepy ($2 in chips) is sitting out\n",
        1,
    )
    hand = pokerstars.read_hands(text, "a.txt")[0]
    assert isinstance(hand, RoomHand)
    assert hand.names == ("Hero", "Nikolay Zem", "totof51", "trs2758", "MasterTrini1")
    # sitting out in the seat list, yet posting and dealt in: a player of the hand
    [pt2] = hands_of("fpdb-3/tour/Stars/Stud/7-StudHL-USD-10-1-200906.PT2.export.txt")
    assert pt2.seats[6] == RoomSeat(7, "Player6", D(2500))
    assert Acted("Player6", "fold") in pt2.events


def test_a_hand_cut_off_is_an_error_naming_its_last_line() -> None:
    lines = (ONLINE / STUD).read_text().split("\n")
    cut = "\n".join(lines[:180])  # the third hand (from line 149) stops on its 5th street
    results = pokerstars.read_hands(cut, "cut.txt")
    assert [type(result) for result in results] == [RoomHand, RoomHand, RoomHistoryError]
    error = results[2]
    assert isinstance(error, RoomHistoryError)
    assert (error.source, error.line) == ("cut.txt", 180)
    assert "hand 35874081088 ends before its summary's 'Total pot' line" in error.detail
    assert "(the file is cut off?)" in str(error)


def test_a_garbled_action_is_an_error_naming_its_line() -> None:
    lines = (ONLINE / STUD).read_text().split("\n")
    assert lines[170] == "MasterTrini1: raises $0.04 to $0.08"
    lines[170] = "MasterTrini1: raises $x to"
    results = pokerstars.read_hands("\n".join(lines), "bad.txt")
    errors = [result for result in results if isinstance(result, RoomHistoryError)]
    assert [str(error) for error in errors] == [
        "bad.txt:171: expected an action such as 'raises $x to $y', got "
        "'MasterTrini1: raises $x to'"
    ]
    assert sum(isinstance(result, RoomHand) for result in results) == 10


def test_another_currency_reads_the_same_amounts() -> None:
    text = (ONLINE / STUD).read_text().replace("$", "\u20ac")
    euros = [hand for hand in pokerstars.read_hands(text, "eur.txt") if isinstance(hand, RoomHand)]
    dollars = hands_of(STUD)
    assert {hand.currency for hand in euros} == {"EUR"}
    assert [hand.events for hand in euros] == [hand.events for hand in dollars]
    assert [(h.rake, h.total_pot, h.seats) for h in euros] == [
        (h.rake, h.total_pot, h.seats) for h in dollars
    ]


def test_damaged_files_give_hands_and_errors_only() -> None:
    data = (ONLINE / STUD).read_bytes()
    assert fuzz(pokerstars.read_hands, data, rounds=60, seed=7) > 0
    chance = random.Random(11)
    lines = decode((ONLINE / MIXED).read_bytes()).split("\n")[:1200]
    for _ in range(40):
        kept = [line for line in lines if chance.random() > 0.05]
        for result in pokerstars.read_hands("\n".join(kept), "lines.txt"):
            assert isinstance(result, RoomHand | RoomHistoryError)


def test_recognizes_only_the_family() -> None:
    assert pokerstars.recognizes("PokerStars Hand #1: Tournament #2, Razz Limit - Level I")
    assert pokerstars.recognizes("Hand #85198832 - 7Stud(Fixed Limit) - $0.04/$0.08 - 2019")
    assert not pokerstars.recognizes("Winamax Poker - CashGame - HandId: #1-2-3 - Razz")
    assert not pokerstars.recognizes("Full Tilt Poker Game #1: Table A - 1/2 - Limit Razz")
