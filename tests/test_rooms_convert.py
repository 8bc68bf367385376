"""Card rooms' hands as PHH: the converter (exact PHH out of hands built by hand), the
formats registry, ``studkit replay`` reading a room's file directly, ``studkit import`` and
the round trip of what it writes."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from studkit.cards import parse_card
from studkit.cli import main
from studkit.history import dumps, loads
from studkit.history.rooms.formats import (
    READERS,
    history_paths,
    read_history_file,
    read_room_file,
)
from studkit.history.rooms.room_hand import (
    Acted,
    Board,
    Collected,
    Dealt,
    Mucked,
    Posted,
    Returned,
    RoomEvent,
    RoomHand,
    RoomHistoryError,
    RoomSeat,
    Shown,
)
from studkit.history.rooms.to_phh import room_to_history

D = Decimal


def c(text: str) -> tuple[object, ...]:
    return tuple(parse_card(t) for t in text.split())


def razz_hand(events: tuple[RoomEvent, ...], **changes: object) -> RoomHand:
    fields: dict[str, object] = dict(
        site="PokerStars",
        source="t.txt",
        line=3,
        hand="1001",
        game="razz",
        currency="USD",
        ante=D("0.01"),
        bring_in=D("0.02"),
        small_bet=D("0.04"),
        big_bet=D("0.08"),
        seats=(
            RoomSeat(1, "Ann", D("1")),
            RoomSeat(4, "Bob", D("2.50")),
            RoomSeat(6, "Cy", D("0.80")),
        ),
        events=events,
        rake=D("0.02"),
        total_pot=D("0.37"),
        table="Ara II",
        time="2009-11-26T10:22:32",
        time_zone="ET",
        max_seats=8,
    )
    fields.update(changes)
    return RoomHand(**fields)  # type: ignore[arg-type]


ANTES = tuple(Posted(name, "ante", D("0.01")) for name in ("Ann", "Bob", "Cy"))
SHOWDOWN_EVENTS: tuple[RoomEvent, ...] = (
    *ANTES,
    Dealt("Ann", 3, c("Ah 2c"), c("3d")),  # type: ignore[arg-type]
    Dealt("Bob", 3, (None, None), c("Kd")),  # type: ignore[arg-type]
    Dealt("Cy", 3, up=c("5s")),  # type: ignore[arg-type]
    Posted("Bob", "bring-in", D("0.02")),
    Acted("Cy", "call", D("0.02")),
    Acted("Ann", "complete", D("0.04")),
    Acted("Bob", "fold"),
    Acted("Cy", "call", D("0.02")),
    Dealt("Ann", 4, up=c("4h")),  # type: ignore[arg-type]
    Dealt("Cy", 4, up=c("9c")),  # type: ignore[arg-type]
    Acted("Ann", "bet", D("0.04")),
    Acted("Cy", "call", D("0.04")),
    Dealt("Ann", 5, up=c("Kc")),  # type: ignore[arg-type]
    Dealt("Cy", 5, up=c("6d")),  # type: ignore[arg-type]
    Acted("Cy", "check"),
    Acted("Ann", "check"),
    Dealt("Ann", 6, up=c("Qs")),  # type: ignore[arg-type]
    Dealt("Cy", 6, up=c("Jh")),  # type: ignore[arg-type]
    Acted("Cy", "bet", D("0.08")),
    Acted("Ann", "call", D("0.08")),
    Dealt("Ann", 7, c("8s")),  # type: ignore[arg-type]
    Acted("Cy", "check"),
    Acted("Ann", "check"),
    Shown("Ann", c("Ah 2c 3d 4h Kc Qs 8s")),  # type: ignore[arg-type]
    Shown("Cy", c("7c 8d 5s 9c 6d Jh Ts")),  # type: ignore[arg-type]
    Collected("Ann", D("0.35")),
)

SHOWDOWN_PHH = """\
variant = "FR"
antes = [0.01, 0.01, 0.01]
bring_in = 0.02
small_bet = 0.04
big_bet = 0.08
starting_stacks = [1, 2.50, 0.80]
actions = [
  "d dh p1 Ah2c3d",
  "d dh p2 ????Kd",
  "d dh p3 ????5s",
  "p2 pb",
  "p3 cc",
  "p1 cbr 0.04",
  "p2 f",
  "p3 cc",
  "d dh p1 4h",
  "d dh p3 9c",
  "p1 cbr 0.04",
  "p3 cc",
  "d dh p1 Kc",
  "d dh p3 6d",
  "p3 cc",
  "p1 cc",
  "d dh p1 Qs",
  "d dh p3 Jh",
  "p3 cbr 0.08",
  "p1 cc",
  "d dh p1 8s",
  "d dh p3 ??",
  "p3 cc",
  "p1 cc",
  "p1 sm Ah2c3d4hKcQs8s",
  "p3 sm 7c8d5s9c6dJhTs",
]
players = ["Ann", "Bob", "Cy"]
seats = [1, 4, 6]
seat_count = 8
hand = "1001"
table = "Ara II"
day = 26
month = 11
year = 2009
time = 10:22:32
time_zone_abbreviation = "ET"
currency = "USD"
finishing_stacks = [1.18, 2.47, 0.63]
winnings = [0.35, 0, 0]
_site = "PokerStars"
_studkit_room = "PokerStars"
_rake = 0.02
_total_pot = 0.37
"""


def test_a_showdown_hand_is_written_exactly() -> None:
    history = room_to_history(razz_hand(SHOWDOWN_EVENTS))
    assert dumps(history) == SHOWDOWN_PHH
    assert history.key == "1001" and history.source == "t.txt"
    assert history.label == "t.txt[1001]"


def test_the_written_hand_reads_back_to_the_same_text() -> None:
    text = dumps(room_to_history(razz_hand(SHOWDOWN_EVENTS)))
    (again,) = loads(text)
    assert dumps(again) == text


def test_cards_mucked_but_printed_are_dealt_and_the_muck_is_written() -> None:
    events = (
        *SHOWDOWN_EVENTS[:-3],
        Shown("Ann", c("Ah 2c 3d 4h Kc Qs 8s")),  # type: ignore[arg-type]
        Mucked("Cy", c("7c 8d 5s 9c 6d Jh Ts")),  # type: ignore[arg-type]
        Collected("Ann", D("0.35")),
    )
    actions = [str(a) for a in room_to_history(razz_hand(events)).actions]
    assert actions[2] == "d dh p3 7c8d5s"
    assert actions[21] == "d dh p3 Ts"
    assert actions[-1] == "p3 sm"


def test_a_muck_without_cards_is_a_muck() -> None:
    events = (*SHOWDOWN_EVENTS[:-2], Mucked("Cy"), Collected("Ann", D("0.35")))
    actions = [str(a) for a in room_to_history(razz_hand(events)).actions]
    assert actions[-2:] == ["p1 sm Ah2c3d4hKcQs8s", "p3 sm"]
    assert actions[2] == "d dh p3 ????5s"


def test_a_hand_won_without_a_showdown_with_whole_chips() -> None:
    events: tuple[RoomEvent, ...] = (
        Posted("Ann", "ante", D(10)),
        Posted("Bob", "ante", D(10)),
        Dealt("Ann", 3, (None, None), c("3d")),  # type: ignore[arg-type]
        Dealt("Bob", 3, c("Ah Ac"), c("Kd")),  # type: ignore[arg-type]
        Posted("Bob", "bring-in", D(25)),
        Acted("Ann", "raise", D(100)),
        Acted("Bob", "fold"),
        Returned("Ann", D(75)),
        Collected("Ann", D(70)),
    )
    hand = RoomHand(
        site="Full Tilt",
        source="sng.txt",
        line=1,
        hand="28333847000",
        game="razz",
        currency=None,
        ante=D(10),
        bring_in=D(25),
        small_bet=D(100),
        big_bet=D(200),
        seats=(RoomSeat(1, "Ann", D(1500)), RoomSeat(2, "Bob", D(1500))),
        events=events,
        tournament="220338000",
        max_seats=2,
        table="1",
        time="2011-02-19T05:46:00",
    )
    history = room_to_history(hand)
    assert [str(a) for a in history.actions] == [
        "d dh p1 ????3d",
        "d dh p2 AhAcKd",
        "p2 pb",
        "p1 cbr 100",
        "p2 f",
    ]
    assert history.starting_stacks == (1500, 1500) and history.antes == (10, 10)
    assert history.finishing_stacks == (1535, 1465)
    assert dict(history.fields)["winnings"] == [70, 0]
    assert dict(history.fields)["_tournament"] == "220338000"
    assert "currency" not in history.fields and "_total_pot" not in history.fields


def test_a_history_whose_pot_does_not_add_up_is_an_error() -> None:
    events = (*SHOWDOWN_EVENTS[:-1], Collected("Ann", D("0.36")))
    with pytest.raises(RoomHistoryError) as caught:
        room_to_history(razz_hand(events))
    assert str(caught.value) == (
        "t.txt:3: hand 1001: the players put 0.37 in the pot (less what was returned) but "
        "collected 0.36 with a rake of 0.02: the history does not add up"
    )


def test_a_stated_total_pot_that_differs_is_an_error() -> None:
    with pytest.raises(
        RoomHistoryError,
        match=r"hand 1001: the history states a total pot "
        r"of 0.40 but the players put 0.37 in it",
    ):
        room_to_history(razz_hand(SHOWDOWN_EVENTS, total_pot=D("0.40")))


def test_shown_cards_that_were_not_dealt_are_an_error() -> None:
    events = (
        *SHOWDOWN_EVENTS[:-3],
        Shown("Ann", c("Ah 2c 3d 4h Kc Qs 8s 9s")),  # type: ignore[arg-type]
        Collected("Ann", D("0.35")),
    )
    with pytest.raises(
        RoomHistoryError,
        match=r"Ann shows Ah 2c 3d 4h Kc Qs 8s 9s but was "
        r"dealt Ah 2c 3d 4h Kc Qs 8s",
    ):
        room_to_history(razz_hand(events))


# --------------------------------------------------------------------------------------------
# The formats registry

STARS = """\
PokerStars Game #1001:  Razz Limit ($0.04/$0.08 USD) - 2009/11/26 10:22:32 ET
Table 'Ara II' 8-max
Seat 1: Ann ($1 in chips)
Seat 4: Bob ($2.50 in chips)
Seat 6: Cy ($0.80 in chips)
Ann: posts the ante $0.01
Bob: posts the ante $0.01
Cy: posts the ante $0.01
*** 3rd STREET ***
Dealt to Ann [Ah 2c 3d]
Dealt to Bob [Kd]
Dealt to Cy [5s]
Bob: brings in for $0.02
Cy: calls $0.02
Ann: completes it to $0.04
Bob: folds
Cy: calls $0.02
*** 4th STREET ***
Dealt to Ann [Ah 2c 3d] [4h]
Dealt to Cy [5s] [9c]
Ann: bets $0.04
Cy: calls $0.04
*** 5th STREET ***
Dealt to Ann [Ah 2c 3d 4h] [Kc]
Dealt to Cy [5s 9c] [6d]
Cy: checks
Ann: checks
*** 6th STREET ***
Dealt to Ann [Ah 2c 3d 4h Kc] [Qs]
Dealt to Cy [5s 9c 6d] [Jh]
Cy: bets $0.08
Ann: calls $0.08
*** RIVER ***
Dealt to Ann [Ah 2c 3d 4h Kc Qs] [8s]
Cy: checks
Ann: checks
*** SHOW DOWN ***
Ann: shows [Ah 2c 3d 4h Kc Qs 8s] (Lo: 8,4,3,2,A)
Cy: shows [7c 8d 5s 9c 6d Jh Ts] (Lo: 9,8,7,6,5)
Ann collected $0.35 from pot
*** SUMMARY ***
Total pot $0.37 | Rake $0.02
Seat 1: Ann showed [Ah 2c 3d 4h Kc Qs 8s] and won ($0.35) with Lo: 8,4,3,2,A
Seat 4: Bob folded on the 3rd Street
Seat 6: Cy showed [7c 8d 5s 9c 6d Jh Ts] and lost with Lo: 9,8,7,6,5



"""


def test_every_reader_offers_the_contract() -> None:
    sites = [reader.SITE for reader in READERS]
    assert "PokerStars" in sites and len(sites) == len(set(sites))
    for reader in READERS:
        assert callable(reader.recognizes) and callable(reader.read_hands)
        assert reader.recognizes("variant = 'FR'\n") is False


def test_a_room_file_is_read_by_its_reader(tmp_path: Path) -> None:
    path = tmp_path / "stars.txt"
    path.write_text(STARS)
    (hand,) = read_room_file(path)
    assert isinstance(hand, RoomHand) and hand.site == "PokerStars" and hand.hand == "1001"
    ((key, history),) = read_history_file(path)
    assert key == "1001" and not isinstance(history, Exception)
    assert history.finishing_stacks == (D("1.18"), D("2.47"), D("0.63"))


def test_a_file_no_reader_knows_names_the_file_and_the_formats(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("\nSome notes about the game\n")
    with pytest.raises(RoomHistoryError) as caught:
        read_room_file(path)
    message = str(caught.value)
    assert message.startswith(
        f"{path}:2: not a hand history studkit recognizes (it begins 'Some notes about the "
        "game'); expected one of: PHH (.phh, .phhs), PokerStars, "
    )


def test_a_folder_gives_its_history_files_sorted(tmp_path: Path) -> None:
    for name in ("b.txt", "a.phh", "c.xml", "d.md", "sub/e.phhs"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("")
    assert [Path(p).relative_to(tmp_path).as_posix() for p in history_paths([tmp_path])] == [
        "a.phh",
        "b.txt",
        "c.xml",
        "sub/e.phhs",
    ]


# --------------------------------------------------------------------------------------------
# The commands


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_replay_reads_a_room_file_and_checks_the_stacks_after_the_rake(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "stars.txt"
    path.write_text(STARS)
    code, out, err = _run(["replay", str(path), "--json"], capsys)
    assert code == 0, err
    (entry,) = json.loads(out)
    assert {
        k: entry[k]
        for k in (
            "file",
            "hand",
            "site",
            "variant",
            "players",
            "starting_stacks",
            "finishing_stacks",
            "rake",
            "ok",
            "complete",
            "checked",
            "error",
            "warnings",
        )
    } == {
        "file": str(path),
        "hand": "1001",
        "site": "PokerStars",
        "variant": "FR",
        "players": ["Ann", "Bob", "Cy"],
        "starting_stacks": [1, 2.5, 0.8],
        "finishing_stacks": [1.18, 2.47, 0.63],
        "rake": 0.02,
        "ok": True,
        "complete": True,
        "checked": True,
        "error": None,
        "warnings": [],
    }


def test_one_bad_hand_does_not_stop_the_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = STARS.replace("Game #1001", "Game #1002").replace(
        "Ann collected $0.35", "Ann collected $0.36"
    )
    (tmp_path / "two.txt").write_text(bad + STARS)
    code, out, _ = _run(["replay", str(tmp_path / "two.txt"), "--json"], capsys)
    assert code == 1
    first, second = json.loads(out)
    assert first["ok"] is False and first["hand"] == "1002"
    assert first["error"] == (
        f"{tmp_path / 'two.txt'}:1: hand 1002: the players put 0.37 in the pot (less what "
        "was returned) but collected 0.36 with a rake of 0.02: the history does not add up"
    )
    assert second["ok"] is True and second["checked"] is True


def test_an_unknown_file_is_reported_and_exits_non_zero(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes.txt").write_text("hello\n")
    code, _, err = _run(["replay", str(tmp_path / "notes.txt")], capsys)
    assert code == 1
    assert f"{tmp_path / 'notes.txt'}:1: not a hand history studkit recognizes" in err


@pytest.mark.parametrize("per", ["hand", "file"])
def test_import_writes_phh_that_replays_to_the_same_stacks(
    per: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "in" / "stars.txt"
    source.parent.mkdir()
    source.write_text(STARS.replace("#1001", "#1002") + STARS)
    out_dir = tmp_path / "out"
    code, _, err = _run(["import", str(source), "--out", str(out_dir), "--per", per], capsys)
    assert code == 0, err
    written = sorted(p.name for p in out_dir.iterdir())
    if per == "hand":
        assert written == ["stars-1001.phh", "stars-1002.phh"]
        assert err == f"wrote 2 hands to 2 files in {out_dir}\n"
    else:
        assert written == ["stars.phhs"]
        assert (out_dir / "stars.phhs").read_text().startswith('[1002]\nvariant = "FR"\n')
    _, direct, _ = _run(["replay", str(source), "--json"], capsys)
    code, again, _ = _run(["replay", str(out_dir), "--json"], capsys)
    assert code == 0
    assert sorted(
        (d["hand"], d["finishing_stacks"], d["checked"]) for d in json.loads(again)
    ) == sorted((d["hand"], d["finishing_stacks"], d["checked"]) for d in json.loads(direct))


def test_an_imported_hand_read_back_and_written_again_is_the_same_bytes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "stars.txt").write_text(STARS)
    assert _run(["import", str(tmp_path / "stars.txt"), "--out", str(tmp_path)], capsys)[0] == 0
    text = (tmp_path / "stars-1001.phh").read_text()
    (history,) = loads(text)
    assert dumps(history) == text


def test_import_reports_a_bad_hand_and_writes_the_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = STARS.replace("Game #1001", "Game #1002").replace("Total pot $0.37", "Total pot $0.38")
    (tmp_path / "two.txt").write_text(bad + STARS)
    code, _, err = _run(["import", str(tmp_path / "two.txt"), "--out", str(tmp_path / "o")], capsys)
    assert code == 1
    assert "hand 1002: the history states a total pot of 0.38" in err
    assert err.endswith("wrote 1 hand to 1 file in " + str(tmp_path / "o") + "; 1 not written\n")
    assert [p.name for p in (tmp_path / "o").iterdir()] == ["two-1001.phh"]


def test_a_community_card_is_dealt_to_the_board() -> None:
    events = (
        *SHOWDOWN_EVENTS[:23],
        Board(parse_card("8s")),
        Acted("Cy", "bet", D("0.08")),
        Acted("Ann", "fold"),
        Returned("Cy", D("0.08")),
        Collected("Cy", D("0.35")),
    )
    history = room_to_history(razz_hand(events))
    assert [str(a) for a in history.actions][-3:] == ["d db 8s", "p3 cbr 0.08", "p1 f"]
    assert history.finishing_stacks == (D("0.83"), D("2.47"), D("0.98"))
