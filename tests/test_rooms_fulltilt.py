"""Full Tilt Poker's real stud, stud hi-lo and razz histories read into RoomHand records."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal as D
from pathlib import Path

import pytest
from rooms_xml_checks import ONLINE, assert_chips_add_up, fuzz

from studkit.cards import Card, parse_card
from studkit.history.replay import replay_file
from studkit.history.rooms import fulltilt
from studkit.history.rooms.formats import read_room_file
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

FILES = {
    "fpdb-3/cash/FTP/Mix/10Game-6max-USD-2.50-5.201104.Sample.txt": {
        ("razz", "cash"): 10,
        ("stud", "cash"): 10,
        ("stud8", "cash"): 10,
    },
    "fpdb-3/cash/FTP/Stud/7-Stud-USD-3-6-20106.Steal.from.Button.Failure.txt": {
        ("stud", "cash"): 1
    },
    "fpdb-3/cash/FTP/Stud/7-Stud-USD-3-6-20106.Steal.from.CO.Success.txt": {("stud", "cash"): 1},
    "fpdb-3/cash/FTP/Stud/7-Stud-USD-3-6-20106.Steal.from.HJ.Failure-3bet.by.button.txt": {
        ("stud", "cash"): 1
    },
    "fpdb-3/cash/FTP/Stud/7-Stud-USD-3-6-20106.Steal.from.HJ.Failure.txt": {("stud", "cash"): 1},
    "fpdb-3/cash/FTP/Stud/7-Stud-USD-3-6-20106.Steal.from.HJ.Success.txt": {("stud", "cash"): 1},
    "fpdb-3/cash/FTP/Stud/7-StudHL-USD-2-4-201006.Steal.examples.txt": {("stud", "cash"): 12},
    "fpdb-3/cash/FTP/Stud/7-StudHL-USD-2-4-201103.Underscore.in.tablename.txt": {
        ("stud8", "cash"): 1
    },
    "fpdb-3/cash/FTP/Stud/Razz-USD-0.10-0.20-201012.CCT.and.ET.timeformat.txt": {
        ("razz", "cash"): 1
    },
    "fpdb-3/cash/FTP/Stud/Razz-USD-0.10-0.20-201012.Player6.listed.but.doesnt.act.txt": {
        ("razz", "cash"): 1
    },
    "fpdb-3/tour/FTP/Stud/Razz-USD-HUSNG-2-201102.Villain.allin.on.bringing.txt": {
        ("razz", "tour"): 1
    },
    "fpdb-3/tour/FTP/Stud/Razz-USD-HUSNG-200-201211.all.in.ante.txt": {("razz", "tour"): 1},
}
"""Each Full Tilt file and its hands by game, cash or tournament, as SOURCES.md counts them."""

MIX = "fpdb-3/cash/FTP/Mix/10Game-6max-USD-2.50-5.201104.Sample.txt"
REFUSED_IN_MIX = {
    "Limit Hold'em": 10,
    "No Limit Hold'em": 3,
    "Pot Limit Omaha Hi": 10,
    "Limit Omaha H/L": 1,
    "Limit Badugi": 10,
    "Limit 2-7 Triple Draw": 10,
    "No Limit 2-7 Single Draw": 10,
}


def text_of(relative: str) -> str:
    return decode((ONLINE / relative).read_bytes())


def read(relative: str) -> list[RoomHand | RoomHistoryError]:
    return fulltilt.read_hands(text_of(relative), relative)


def hands_of(relative: str) -> list[RoomHand]:
    return [hand for hand in read(relative) if isinstance(hand, RoomHand)]


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(card) for card in text.split())


@pytest.mark.parametrize("relative", sorted(FILES))
def test_every_hand_reads_and_its_chips_add_up(relative: str) -> None:
    assert fulltilt.recognizes(text_of(relative))
    results = read(relative)
    hands = [hand for hand in results if isinstance(hand, RoomHand)]
    errors = [error for error in results if isinstance(error, RoomHistoryError)]
    counted = Counter((hand.game, "tour" if hand.tournament else "cash") for hand in hands)
    assert dict(counted) == FILES[relative]
    if relative != MIX:
        assert errors == []
    for hand in hands:
        assert hand.site == "Full Tilt"
        assert_chips_add_up(hand)
        won = sum((e.amount for e in hand.events if isinstance(e, Collected)), D(0))
        assert hand.total_pot == won + hand.rake, hand.hand


def test_the_mixed_games_file_refuses_each_other_game_by_name() -> None:
    errors = [error for error in read(MIX) if isinstance(error, RoomHistoryError)]
    refused = Counter(error.detail for error in errors)
    assert refused == {
        f"not a stud, stud hi-lo or razz hand: {game}": count
        for game, count in REFUSED_IN_MIX.items()
    }
    first = errors[0]
    assert str(first) == f"{MIX}:1: not a stud, stud hi-lo or razz hand: Limit Omaha H/L"


def test_a_stud_hand_exactly() -> None:
    relative = "fpdb-3/cash/FTP/Stud/7-Stud-USD-3-6-20106.Steal.from.CO.Success.txt"
    [hand] = hands_of(relative)
    names = ("bllodshot", "kwuiyhw", "chasrigg", "goulartarm", "Hero", "thebear666", "FILL A RACK")
    up = {"bllodshot": "9c", "kwuiyhw": "Kc", "chasrigg": "2s", "goulartarm": "2c"}
    up |= {"thebear666": "3h", "FILL A RACK": "6c"}
    antes = "kwuiyhw chasrigg bllodshot Hero".split() + ["FILL A RACK", "thebear666", "goulartarm"]
    assert hand == RoomHand(
        site="Full Tilt",
        source=relative,
        line=1,
        hand="21536266313",
        game="stud",
        currency="USD",
        ante=D("0.50"),
        bring_in=D(1),
        small_bet=D(3),
        big_bet=D(6),
        seats=tuple(
            RoomSeat(number, name, D(stack))
            for number, name, stack in zip(
                (1, 2, 3, 4, 5, 7, 8),
                names,
                ("52.50", "48.50", "284", "80", "223.50", "87.50", "138"),
                strict=True,
            )
        ),
        events=(
            *(Posted(name, "ante", D("0.50")) for name in antes),
            *(
                Dealt("Hero", 3, cards("5h 3c"), cards("Td"))
                if name == "Hero"
                else Dealt(name, 3, (None, None), cards(up[name]))
                for name in names
            ),
            Posted("goulartarm", "bring-in", D(1)),
            *(Acted(name, "fold") for name in ("Hero", "thebear666", "FILL A RACK", "bllodshot")),
            Acted("kwuiyhw", "complete", D(3)),
            Acted("chasrigg", "fold"),
            Acted("goulartarm", "fold"),
            Returned("kwuiyhw", D(2)),
            Collected("kwuiyhw", D("5.50")),
        ),
        rake=D(0),
        total_pot=D("5.50"),
        table="Hagan",
        time="2010-06-11T12:06:20",
        time_zone="ET",
    )


def test_a_stud_hi_lo_hand_leaves_out_the_player_sitting_out() -> None:
    relative = "fpdb-3/cash/FTP/Stud/7-StudHL-USD-2-4-201103.Underscore.in.tablename.txt"
    [hand] = hands_of(relative)
    assert (hand.game, hand.table, hand.ante, hand.bring_in, hand.small_bet, hand.big_bet) == (
        "stud8",
        "XGod_Of_WarX",
        D("0.40"),
        D("0.50"),
        D(2),
        D(4),
    )
    assert hand.names == ("Player1", "Hero", "Player3", "Player5", "Player7", "Player8")
    assert hand.events[-8:] == (
        Acted("Hero", "bet", D(2)),
        Acted("Player5", "call", D(2)),
        Dealt("Hero", 5, (), cards("5c")),
        Dealt("Player5", 5, (), cards("Tc")),
        Acted("Hero", "bet", D(4)),
        Acted("Player5", "fold"),
        Returned("Hero", D(4)),
        Collected("Hero", D("10.90")),
    )


def test_a_showdown_keeps_the_new_cards_the_shows_and_the_mucked_cards() -> None:
    relative = "fpdb-3/cash/FTP/Stud/7-Stud-USD-3-6-20106.Steal.from.HJ.Failure-3bet.by.button.txt"
    [hand] = hands_of(relative)
    assert hand.names[0] == "kwuiyhw"  # bllodshot sat out: not dealt in
    river = [event for event in hand.events if isinstance(event, Dealt) and event.street == 7]
    assert river == [
        Dealt("Hero", 7, cards("2s")),
        Dealt("thebear666", 7, (None,)),
    ]
    assert Acted("thebear666", "raise", D(6)) in hand.events
    assert Acted("shasatipu", "call", D(5)) in hand.events
    assert Acted("Hero", "raise", D(6)) in hand.events  # raises to $6 on fourth street
    assert hand.events[-3:] == (
        Shown("Hero", cards("Jd Td As Jc Js 7h 2s")),
        Mucked("thebear666", cards("Kd 7c Kc 2h 3s 4d 5h")),
        Collected("Hero", D("72.50")),
    )
    assert (hand.total_pot, hand.rake) == (D("75.50"), D(3))


def test_a_razz_hand_takes_eastern_time_from_the_cct_and_et_line() -> None:
    relative = "fpdb-3/cash/FTP/Stud/Razz-USD-0.10-0.20-201012.CCT.and.ET.timeformat.txt"
    [hand] = hands_of(relative)
    assert (hand.game, hand.hand, hand.table, hand.time, hand.time_zone) == (
        "razz",
        "26190453000",
        "Mart",
        "2010-12-07T04:10:10",
        "ET",
    )
    assert (hand.ante, hand.bring_in, hand.small_bet, hand.big_bet) == (
        D("0.02"),
        D("0.03"),
        D("0.10"),
        D("0.20"),
    )
    # the winner of an uncontested pot "mucks": he concedes nothing
    assert not any(isinstance(event, Mucked) for event in hand.events)
    assert hand.events[-2:] == (Returned("Player8", D("0.20")), Collected("Player8", D("1.12")))


def test_a_player_listed_but_not_dealt_in_is_no_seat_of_the_hand() -> None:
    relative = "fpdb-3/cash/FTP/Stud/Razz-USD-0.10-0.20-201012.Player6.listed.but.doesnt.act.txt"
    [hand] = hands_of(relative)
    assert "Player6" not in hand.names
    assert [seat.number for seat in hand.seats] == [1, 2, 3, 4, 5, 7, 8]


def test_a_tournament_hand_with_an_all_in_bring_in() -> None:
    relative = "fpdb-3/tour/FTP/Stud/Razz-USD-HUSNG-2-201102.Villain.allin.on.bringing.txt"
    [hand] = hands_of(relative)
    assert (hand.tournament, hand.table, hand.currency, hand.rake) == (
        "220338000",
        "1",
        None,
        D(0),
    )
    assert hand.seats == (RoomSeat(1, "Villain", D(24)), RoomSeat(2, "Hero", D(976)))
    assert Posted("Villain", "bring-in", D(9), all_in=True) in hand.events
    assert hand.warnings == (
        "hand 28333847000 states no full bring-in: it is taken as the amount brought in all in",
    )
    shows = [event for event in hand.events if isinstance(event, Shown)]
    assert shows[0] == Shown("Villain", cards("As 7c Kc"))


def test_an_all_in_ante_gives_back_the_uncalled_part() -> None:
    relative = "fpdb-3/tour/FTP/Stud/Razz-USD-HUSNG-200-201211.all.in.ante.txt"
    [hand] = hands_of(relative)
    assert hand.events[:3] == (
        Posted("Hero", "ante", D(7)),
        Posted("Player0", "ante", D(6), all_in=True),
        Returned("Hero", D(1)),
    )
    assert hand.bring_in == D(7)  # no bring-in at all: the ante stands in for it


def test_a_hand_whose_bring_in_player_completes_takes_the_files_bring_in() -> None:
    hand = next(h for h in hands_of(MIX) if h.hand == "29704991505")
    assert hand.bring_in == D("0.75")
    assert not any(isinstance(e, Posted) and e.kind == "bring-in" for e in hand.events)


def test_an_other_currency_variant(tmp_path: Path) -> None:
    relative = "fpdb-3/cash/FTP/Stud/7-Stud-USD-3-6-20106.Steal.from.HJ.Failure.txt"
    euros = text_of(relative).replace("$", "\u20ac")
    path = tmp_path / "euros.txt"
    path.write_bytes(euros.encode("cp1252"))
    [hand] = fulltilt.read_hands(decode(path.read_bytes()), str(path))
    [dollars] = hands_of(relative)
    assert isinstance(hand, RoomHand)
    assert hand.currency == "EUR"
    assert (hand.events, hand.seats, hand.rake) == (dollars.events, dollars.seats, dollars.rake)


def test_a_truncated_file_reads_the_hands_before_the_cut() -> None:
    relative = "fpdb-3/cash/FTP/Stud/7-StudHL-USD-2-4-201006.Steal.examples.txt"
    lines = text_of(relative).split("\n")
    starts = [i for i, line in enumerate(lines) if line.startswith("Full Tilt Poker Game")]
    cut = lines[: starts[4] + 20]
    results = fulltilt.read_hands("\n".join(cut), "cut.txt")
    assert [type(result) for result in results] == [RoomHand] * 4 + [RoomHistoryError]
    error = results[4]
    assert isinstance(error, RoomHistoryError)
    assert error.line == starts[4] + 20
    assert "before its summary line" in error.detail
    assert repr(cut[-1].strip()) in error.detail


def test_a_corrupted_line_is_named() -> None:
    relative = "fpdb-3/cash/FTP/Stud/7-Stud-USD-3-6-20106.Steal.from.HJ.Failure-3bet.by.button.txt"
    text = text_of(relative).replace("thebear666 raises to $6", "thebear666 raisez to $6")
    [error] = fulltilt.read_hands(text, "bad.txt")
    assert isinstance(error, RoomHistoryError)
    assert str(error) == "bad.txt:33: expected an action of 'thebear666', got 'raisez to $6'"


def test_damaged_copies_give_errors_never_exceptions() -> None:
    relative = "fpdb-3/cash/FTP/Stud/7-StudHL-USD-2-4-201006.Steal.examples.txt"
    assert fuzz(fulltilt.read_hands, (ONLINE / relative).read_bytes(), 150, seed=7) > 0


def test_a_utf16_file_that_ends_in_half_a_character_reads() -> None:
    relative = "fpdb-3/cash/FTP/Stud/Razz-USD-0.10-0.20-201012.CCT.and.ET.timeformat.txt"
    [hand] = read_room_file(ONLINE / relative)
    assert isinstance(hand, RoomHand), str(hand)


def test_a_hi_lo_hand_names_each_pot_and_share() -> None:
    hand = next(h for h in hands_of(MIX) if h.hand == "29705138396")
    assert [e for e in hand.events if isinstance(e, Collected)] == [
        Collected("Kilij", D(5), "side-1-high"),
        Collected("allie3911", D(5), "side-1-low"),
        Collected("Kilij", D("41.05"), "main-high"),
        Collected("1Incubator1", D("41.05"), "main-low"),
    ]
    assert (hand.total_pot, hand.rake) == (D("95.10"), D(3))


RULES_TO_COME = {
    "29705138396": "Full Tilt takes the rake from the main pot only",
}
"""Hands that replay to other finishing stacks until studkit follows the room's rule named."""


@pytest.mark.parametrize("relative", sorted(FILES))
def test_every_hand_replays_to_the_finishing_stacks(relative: str) -> None:
    replays = [r for r in replay_file(ONLINE / relative) if "not a stud" not in (r.error or "")]
    assert len(replays) == sum(FILES[relative].values())
    failed = {r.key: r.error for r in replays if not (r.ok and r.checked)}
    assert set(failed) <= set(RULES_TO_COME), failed
