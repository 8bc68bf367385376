"""Absolute Poker's stud hand histories, read into :class:`RoomHand`.

An Absolute hand opens with its stage line (``Stage #1300000000: Seven Card Hi/Lo  Normal
$0.02/$0.04 - 2009-03-18 19:10:00 (ET)``), then the seats (``Seat 1 - PLAYER1 ($0.17 in
chips)``) and one line per thing that happened, the player's name first and a dash
(``PLAYER7 - Bring-In $0.01``). Each street lists every player's cards so far (``PLAYER1 -
Pocket [H H Js 10d]``, ``H`` for a card not shown): the reader keeps the new ones. Bets and
calls are written with the chips added. The summary gives the pot and the rake (``Total
Pot($0.43) | Rake ($0.04)``).

>>> text = '''Stage #1: Seven Card Hi/Lo  Normal $0.02/$0.04 - 2009-03-18 19:10:00 (ET)
... Seat 1 - Ann ($0.17 in chips)
... Seat 2 - Bob ($1 in chips)
... Ann - Ante $0.01
... Bob - Ante $0.01
... *** 3rd STREET ***
... Ann - Pocket [H H Js]
... Bob - Pocket [10c 5c 7s]
... Bob - Bring-In $0.01
... Ann - Folds
... Bob Collects $0.03 from main pot
... *** SUMMARY ***
... Total Pot($0.03) | Rake ($0)'''
>>> [hand] = read_hands(text, "absolute.txt")
>>> hand.game, hand.time, hand.time_zone, hand.bring_in, hand.total_pot
('stud8', '2009-03-18T19:10:00', 'ET', Decimal('0.01'), Decimal('0.03'))
>>> hand.events[3]
Dealt(name='Bob', street=3, down=(Tc, 5c), up=(7s,))
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal
from types import MappingProxyType

from studkit.errors import HistoryError
from studkit.history.rooms import action_phrases as phrase
from studkit.history.rooms.hand_lines import HandLines, opens_with, read_each, split_hands
from studkit.history.rooms.room_hand import (
    Collected,
    Game,
    OtherGameError,
    Posted,
    RoomEvent,
    RoomHand,
    RoomHistoryError,
    RoomSeat,
    Shown,
)
from studkit.history.rooms.room_reading import dealt_in, fill_bring_ins, finish_events
from studkit.history.rooms.room_text import amount, currency_of, room_cards
from studkit.history.rooms.street_stakes import StreetStakes
from studkit.history.rooms.stud_deals import dealt, fill_in

__all__ = ["SITE", "GAMES", "recognizes", "read_hands"]

SITE = "Absolute"

GAMES: Mapping[str, Game] = MappingProxyType(
    {"Seven Card": "stud", "Seven Card Stud": "stud", "Seven Card Hi/Lo": "stud8", "Razz": "razz"}
)
"""Absolute's names for the games read, as its stage line writes them."""

_START = re.compile(r"^Stage #\d+: ")
_HEADER = re.compile(
    r"^Stage #(?P<hand>\d+): (?P<game>.+?)\s+(?:Normal|Tournament.*?) "
    r"(?P<small>[^\s/]+)/(?P<big>\S+) - (?P<date>\d{4}-\d\d-\d\d) (?P<clock>\d\d:\d\d:\d\d)"
    r"(?: \((?P<zone>\w+)\))?$"
)
_SEAT = re.compile(r"^Seat (?P<number>\d+) - (?P<name>.+?) \((?P<stack>\S+) in chips\)$")
_STREET = re.compile(r"^\*\*\* (?:(?P<street>3rd|4th|5th|6th) STREET|RIVER) \*\*\*$", re.IGNORECASE)
_TOTAL = re.compile(r"^Total Pot\((?P<total>[^)]*)\) \| Rake \((?P<rake>[^)]*)\)$")
_STREET_NUMBER: Mapping[str | None, int] = MappingProxyType(
    {"3rd": 3, "4th": 4, "5th": 5, "6th": 6, None: 7}
)

_AMOUNT = r"(?P<amount>\S+)"

_ACTIONS: tuple[tuple[re.Pattern[str], phrase.Build], ...] = (
    (
        re.compile(rf"^Ante {_AMOUNT}$"),
        phrase.ante,
    ),
    (
        re.compile(rf"^Bring-In {_AMOUNT}$"),
        phrase.bring_in,
    ),
    (
        re.compile(rf"^(?:Bets|Raises|Completes) {_AMOUNT}$"),
        phrase.add,
    ),
    (
        re.compile(rf"^Calls {_AMOUNT}$"),
        phrase.call,
    ),
    (re.compile(r"^Checks$"), phrase.check),
    (re.compile(r"^Folds$"), phrase.fold),
    (
        re.compile(r"^Shows (?P<cards>\[[^\]]*\])"),
        phrase.shows,
    ),
    (re.compile(r"^Mucks"), phrase.mucks),
)
"""What a player's line says after ``name - ``, and the event it gives."""

_COLLECTS = re.compile(r"^Collects (?P<amount>\S+) from (?P<pot>main|side) pot")


def recognizes(text: str) -> bool:
    """Whether the text is an Absolute hand history (its first stage line)."""
    return opens_with(text, _START)


def read_hands(text: str, source: str) -> list[RoomHand | RoomHistoryError]:
    """Every hand of an Absolute history, in file order: a :class:`RoomHand`, or a
    :class:`RoomHistoryError` saying at which line and why the hand could not be read."""
    return fill_bring_ins(read_each(split_hands(text, _START), source, _Hand(source).read))


class _Hand:
    """Reads one hand at a time."""

    def __init__(self, source: str) -> None:
        self.source = source

    def read(self, hand: HandLines) -> RoomHand:
        lines = iter(hand)
        header = _HEADER.match(next(lines))
        if header is None:
            raise HistoryError(f"expected an Absolute stage line, got {hand.lines[0]!r}")
        game = GAMES.get(header["game"])
        if game is None:
            raise OtherGameError(header["game"])
        reading = _Reading()
        for line in lines:
            if line:
                reading.read(line)
        if reading.total is None or reading.rake is None:
            hand.last()
            raise HistoryError(
                f"hand {header['hand']} ends at {hand.lines[-1]!r}, before its summary line "
                "'Total Pot(...) | Rake (...)' (the file is cut off?)"
            )
        seats = dealt_in(reading.listed, reading.events)
        shown = {e.name: e.cards for e in reading.events if isinstance(e, Shown)}
        events = fill_in(finish_events(reading.events, seats, reading.streets, {}), shown)
        posted = [e for e in events if isinstance(e, Posted)]
        return RoomHand(
            site=SITE,
            source=self.source,
            line=hand.line,
            hand=header["hand"],
            game=game,
            currency=currency_of(header["small"]),
            ante=next((e.amount for e in posted if e.kind == "ante"), Decimal(0)),
            bring_in=min(
                (e for e in posted if e.kind == "bring-in"),
                key=lambda e: e.all_in,
                default=Posted("", "bring-in", Decimal(0)),
            ).amount,
            small_bet=amount(header["small"]),
            big_bet=amount(header["big"]),
            seats=seats,
            events=events,
            rake=reading.rake,
            total_pot=reading.total,
            time=f"{header['date']}T{header['clock']}",
            time_zone=header["zone"],
        )


class _Reading:
    """A hand's lines after its stage line, taken in one at a time."""

    def __init__(self) -> None:
        self.listed: list[RoomSeat] = []
        self.names: list[str] = []
        self.events: list[RoomEvent] = []
        self.stakes = StreetStakes({})
        self.streets: dict[int, int] = {}
        self.held: dict[str, int] = {}
        self.summary = False
        self.total: Decimal | None = None
        self.rake: Decimal | None = None

    def read(self, line: str) -> None:
        """Take in one line, or raise saying what was expected."""
        if self.summary:
            if (total := _TOTAL.match(line)) is not None:
                self.total, self.rake = amount(total["total"]), amount(total["rake"])
        elif not self.streets and (seat := _SEAT.match(line)) is not None:
            self.listed.append(RoomSeat(int(seat["number"]), seat["name"], amount(seat["stack"])))
            self.names = sorted((s.name for s in self.listed), key=len, reverse=True)
            self.stakes = StreetStakes({s.name: s.stack for s in self.listed})
        elif (street := _STREET.match(line)) is not None:
            number = _STREET_NUMBER[street["street"] and street["street"].lower()]
            self.stakes.new_street(number)
            self.streets[number] = len(self.events)
        elif line == "*** SHOW DOWN ***":
            return
        elif line == "*** SUMMARY ***":
            self.summary = True
        else:
            self._player_line(line)

    def _player_line(self, line: str) -> None:
        for name in self.names:
            if line.startswith(name + " "):
                rest = line[len(name) + 1 :]
                if (collects := _COLLECTS.match(rest)) is not None:
                    pot = "main" if collects["pot"] == "main" else "side-1"
                    self.events.append(Collected(name, amount(collects["amount"]), pot))
                    return
                if rest.startswith("- Pocket "):
                    self._pocket(name, rest.removeprefix("- Pocket "))
                    return
                for pattern, build in _ACTIONS:
                    found = pattern.match(rest.removeprefix("- "))
                    if found is not None:
                        self.events.append(build(name, found, self.stakes))
                        return
                raise HistoryError(f"expected an action of {name!r}, got {rest!r}")
        raise HistoryError(f"expected a seated player's action, got {line!r}")

    def _pocket(self, name: str, listed: str) -> None:
        """A player's cards so far (``H`` for each one not shown): the new ones are dealt."""
        if not self.streets:
            raise HistoryError("expected '*** 3rd STREET ***' before the first cards")
        tokens = listed.strip("[]").split()
        cards = room_cards(" ".join("xx" if token == "H" else token for token in tokens))
        held = self.held.get(name, 0)
        if len(cards) <= held:
            return  # a folded player's cards, listed again
        self.held[name] = len(cards)
        self.events.append(dealt(name, max(self.streets), cards[held:]))
