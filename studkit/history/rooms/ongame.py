"""OnGame's stud hand histories (real-money tables; its tournaments' are not read).

OnGame prints the other players' down cards as ``-`` (``Dealing to kueto: [-, -, 4h]``)
and deals nobody but its own user a river card in the history; the summary lists the seven
cards of each player who showed at the showdown, in the order dealt, and those fill the
unseen deals in; a player still in whose cards the summary does not list mucked unseen.
``calls`` and ``bets`` are chips added; ``raises $1 to $1.37`` gives after ``to`` what the
player has put in over the hand's streets (antes apart), so the raise is to that less what
went in on earlier streets. ``small bring in`` is the bring-in; ``big bring in`` is the
low card completing to the small bet at once (the hand then states no bring-in: half the
small bet is assumed, with a warning).

>>> text = '''***** History for hand R5-1-2 *****
... Start hand: Mon Sep 13 22:31:30 GMT+0100 2010
... Table: Milwaukee [82086688] (LIMIT SEVEN_CARD_STUD $0.10/$0.20, ante: $0.02, Real money)
... Seat 1: the bAAr ($6.53)
... Seat 2: Hero ($2)
... the bAAr posts ante $0.02
... Hero posts ante $0.02
... ---
... Dealing pocket cards
... Dealing to the bAAr: [-, -, Kh]
... Dealing to Hero: [Jh, 9d, Ac]
... the bAAr small bring in $0.05
... Hero folds
... ---
... Summary:
... Main pot: $0.09 won by the bAAr ($0.09)
... Rake taken: $0
... Seat 1: the bAAr ($6.53), net: +$0.02
... Seat 2: Hero ($1.98), net: -$0.02
... ***** End of hand R5-1-2 *****'''
>>> recognizes(text)
True
>>> [hand] = read_hands(text, "ongame.txt")
>>> hand.names, hand.table, hand.small_bet, hand.time, hand.time_zone
(('the bAAr', 'Hero'), 'Milwaukee [82086688]', Decimal('0.10'), '2010-09-13T22:31:30', 'GMT+0100')
>>> hand.events[2]
Dealt(name='the bAAr', street=3, down=(None, None), up=(Kh,))
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from datetime import datetime
from decimal import Decimal
from types import MappingProxyType
from typing import Literal

from studkit.cards import Card
from studkit.errors import HistoryError
from studkit.history.rooms.hand_lines import (
    HandLines,
    opens_with,
    read_each,
    split_actor,
    split_hands,
)
from studkit.history.rooms.room_hand import (
    Acted,
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
from studkit.history.rooms.room_text import amount, currency_of, room_card
from studkit.history.rooms.street_stakes import StreetStakes, assumed_bring_in
from studkit.history.rooms.stud_deals import dealt, fill_in, unseen, unshown

__all__ = ["SITE", "GAMES", "recognizes", "read_hands"]

SITE = "OnGame"

GAMES: Mapping[str, Game] = MappingProxyType(
    {"SEVEN_CARD_STUD": "stud", "SEVEN_CARD_STUD_HI_LO": "stud8", "RAZZ": "razz"}
)
"""OnGame's names of the stud games, as its table lines write them."""

STREETS: Mapping[str, int] = MappingProxyType(
    {"pocket cards": 3, "4th street": 4, "5th street": 5, "6th street": 6, "river": 7}
)
"""OnGame's street lines (``Dealing 4th street``) and the streets' numbers."""

_START = re.compile(r"^\*{5} History for hand \S+ \*{5}$")
_TITLE = re.compile(r"^\*{5} History for hand (?P<hand>\S+) \*{5}$")
_END = re.compile(r"^\*{5} End of hand \S+ \*{5}$")
_WHEN = re.compile(
    r"^Start hand: \w+ (?P<month>\w+) (?P<day>\d+) (?P<clock>\d\d:\d\d:\d\d) (?P<zone>\S+) "
    r"(?P<year>\d{4})$"
)
_TABLE = re.compile(
    r"^Table: (?P<table>.+?) \((?P<limit>[A-Z_]+) (?P<game>[A-Z_]+) (?P<small>[^/ ]+)/"
    r"(?P<big>[^, ]+), ante: (?P<ante>[^,]+), (?P<money>[^)]+)\)$"
)
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^()]*)\)$")
_DEALING = re.compile(r"^Dealing (?P<street>pocket cards|\dth street|river)$")
_DEALT = re.compile(r"^Dealing to (?P<name>.+): \[(?P<cards>[^\]]*)\]$")
_POT = re.compile(r"^(?P<pot>Main pot|Side pot \d+): (?P<amount>\S+) won by (?P<winners>.+)$")
_WINNER = re.compile(r"(?P<name>.+?) \((?P<amount>[^()]+)\)(?:, |$)")
_RAKE = re.compile(r"^Rake taken: (?P<amount>\S+)$")
_SUMMARY_SEAT = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+?) \([^()]*\), net: [^,]+(?:, \[(?P<cards>[^\]]*)\].*)?$"
)
_IGNORED = re.compile(r"^(?:---|User: .*|Button: .*|Players in round: .*|Summary:)$")

_Kind = Literal["ante", "bring-in", "big bring-in", "call", "add", "to", "check", "fold"]
_ALL_IN = r"(?P<all_in> and is all-in)?"

_PHRASE_PATTERNS: tuple[tuple[str, _Kind], ...] = (
    (r"posts ante (?P<amount>\S+)", "ante"),
    (r"small bring in (?P<amount>\S+)", "bring-in"),
    (r"big bring in (?P<amount>\S+)", "big bring-in"),
    (r"calls (?P<amount>\S+)", "call"),
    (r"bets (?P<amount>\S+)", "add"),
    (r"raises \S+ to (?P<amount>\S+)", "to"),
    (r"checks", "check"),
    (r"folds", "fold"),
)

PHRASES: tuple[tuple[re.Pattern[str], _Kind], ...] = tuple(
    (re.compile(pattern + _ALL_IN + "$"), kind) for pattern, kind in _PHRASE_PATTERNS
)
"""What OnGame writes after a player's name, and what each phrase is."""


def recognizes(text: str) -> bool:
    """Whether ``text`` is an OnGame hand history."""
    return opens_with(text, _START)


def read_hands(text: str, source: str) -> list[RoomHand | RoomHistoryError]:
    """The hands of an OnGame history file, in file order; a hand that cannot be read is
    a :class:`RoomHistoryError` naming its line."""
    return read_each(
        split_hands(text, _START), source, lambda lines: _Reading(lines, source).hand()
    )


class _Reading:
    """One hand being read, line by line."""

    def __init__(self, lines: HandLines, source: str) -> None:
        self.lines = lines
        self.source = source
        self.events: list[RoomEvent] = []
        self.warnings: list[str] = []
        self.seats: list[RoomSeat] = []
        self.stakes = StreetStakes({})
        self.bring_in = Decimal(0)
        self.deals: dict[tuple[str, int], int] = {}
        self.live: list[str] = []
        self.shown: dict[str, tuple[Card | None, ...]] = {}
        self.won: list[Collected] = []
        self.rake: Decimal | None = None
        self.total = Decimal(0)
        self.ended = False

    def hand(self) -> RoomHand:
        lines = iter(self.lines)
        title = _expect(next(lines), _TITLE, "'***** History for hand <number> *****'")
        when = _expect(next(lines, ""), _WHEN, "'Start hand: <time>'")
        table = _expect(next(lines, ""), _TABLE, "'Table: <name> (<game> <stakes>, ante: ...)'")
        if table["game"] not in GAMES or table["limit"] != "LIMIT":
            raise OtherGameError(repr(table["limit"] + " " + table["game"]))
        if table["money"] != "Real money":
            raise HistoryError(f"expected a real-money table, got {table['money']!r}")
        for line in lines:
            if self.ended:
                raise HistoryError(f"expected the hand to end, got {line!r}")
            if (seat := _SEAT.match(line)) is not None and not self.events:
                self.seats.append(RoomSeat(int(seat["seat"]), seat["name"], amount(seat["stack"])))
                self.stakes = StreetStakes({seat.name: seat.stack for seat in self.seats})
            else:
                self._line(line)
        if not self.ended or self.rake is None:
            self.lines.last()
            raise HistoryError("the hand ends before its summary and '***** End of hand'")
        dealt_in = {name for name, _ in self.deals}
        small_bet = amount(table["small"])
        if self.bring_in == 0:
            self.bring_in = assumed_bring_in(small_bet, cash=True)
            self.warnings.append(f"nobody posts a bring-in: bring-in {self.bring_in} assumed")
        stamp = datetime.strptime(
            f"{when['year']} {when['month']} {when['day']} {when['clock']}", "%Y %b %d %H:%M:%S"
        )
        shows = tuple(
            Shown(name, tuple(card for card in cards if card is not None))
            for name, cards in self.shown.items()
        )
        return RoomHand(
            site=SITE,
            source=self.source,
            line=self.lines.line,
            hand=title["hand"],
            game=GAMES[table["game"]],
            currency=currency_of(table["small"]),
            ante=amount(table["ante"]),
            bring_in=self.bring_in,
            small_bet=small_bet,
            big_bet=amount(table["big"]),
            seats=tuple(seat for seat in self.seats if seat.name in dealt_in),
            events=fill_in(
                (*self.events, *shows, *unshown(self.live, (*shows, *self.won)), *self.won),
                self.shown,
            ),
            rake=self.rake,
            total_pot=self.total,
            table=table["table"],
            time=stamp.isoformat(),
            time_zone=when["zone"],
            warnings=tuple(self.warnings),
        )

    def _line(self, line: str) -> None:
        if not line or _IGNORED.match(line):
            return
        if _END.match(line):
            self.ended = True
            return
        for pattern, read in _LINES:
            found = pattern.match(line)
            if found is not None:
                read(self, found)
                return
        actor = split_actor(line, [seat.name for seat in self.seats])
        if actor is None:
            raise HistoryError(f"expected '<player> <action>', got {line!r}")
        name, what = actor
        for phrase, kind in PHRASES:
            found = phrase.match(what)
            if found is not None:
                _HANDLERS[kind](
                    self,
                    name,
                    amount(found["amount"]) if "amount" in found.groupdict() else Decimal(0),
                    bool(found["all_in"]),
                )
                return
        if what.startswith(": ") or line.split(":")[0] in {seat.name for seat in self.seats}:
            self.warnings.append(f"chat skipped: {line!r}")
            return
        raise HistoryError(f"expected an action, got {line!r}")

    # Lines that begin with no player's name.

    def street(self, found: re.Match[str]) -> None:
        street = STREETS[found["street"]]
        if street == 3:
            anted = {event.name for event in self.events if isinstance(event, Posted)}
            self.live = [seat.name for seat in self.seats if seat.name in anted or not anted]
        else:
            self.stakes.new_street(street)
        for name in self.live:
            self.deals[(name, street)] = len(self.events)
            self.events.append(unseen(name, street))

    def deal(self, found: re.Match[str]) -> None:
        name, street = found["name"], self.stakes.street
        index = self.deals.get((name, street))
        if index is None:
            raise HistoryError(f"a deal to {name!r}, who is not in the hand on street {street}")
        cards = tuple(
            room_card("xx" if token.strip() == "-" else token)
            for token in found["cards"].split(",")
        )
        self.events[index] = dealt(name, street, cards)

    def pot(self, found: re.Match[str]) -> None:
        self.total += amount(found["amount"])
        label = "main" if found["pot"] == "Main pot" else f"side-{found['pot'][9:]}"
        winners = found["winners"]
        position = 0
        while position < len(winners):
            winner = _WINNER.match(winners, position)
            if winner is None:
                raise HistoryError(f"expected '<player> (<amount>)' winners, got {winners!r}")
            self.won.append(Collected(winner["name"], amount(winner["amount"]), label))
            position = winner.end()

    def rake_(self, found: re.Match[str]) -> None:
        self.rake = amount(found["amount"])

    def summary_seat(self, found: re.Match[str]) -> None:
        if found["cards"]:
            self.shown[found["name"]] = tuple(
                room_card(token) for token in found["cards"].split(",")
            )

    # The phrases' handlers, by kind.

    def ante(self, name: str, chips: Decimal, all_in: bool) -> None:
        self.events.append(self.stakes.post(name, "ante", chips))

    def bring_in_(self, name: str, chips: Decimal, all_in: bool) -> None:
        self.bring_in = chips
        self.events.append(self.stakes.post(name, "bring-in", chips))

    def big_bring_in(self, name: str, chips: Decimal, all_in: bool) -> None:
        self.events.append(self.stakes.raise_to(name, chips, all_in))

    def call(self, name: str, chips: Decimal, all_in: bool) -> None:
        self.events.append(self.stakes.call(name, chips, all_in))

    def add(self, name: str, chips: Decimal, all_in: bool) -> None:
        self.events.append(self.stakes.add(name, chips, all_in))

    def to(self, name: str, hand_total: Decimal, all_in: bool) -> None:
        earlier = self.stakes.hand_total(name) - self.stakes.stake(name)
        self.events.append(self.stakes.raise_to(name, hand_total - earlier, all_in))

    def check(self, name: str, chips: Decimal, all_in: bool) -> None:
        self.events.append(Acted(name, "check"))

    def fold(self, name: str, chips: Decimal, all_in: bool) -> None:
        self.events.append(Acted(name, "fold"))
        if name in self.live:
            self.live.remove(name)


def _expect(line: str, pattern: re.Pattern[str], what: str) -> re.Match[str]:
    found = pattern.match(line)
    if found is None:
        raise HistoryError(f"expected {what}, got {line!r}")
    return found


_LINES: tuple[tuple[re.Pattern[str], Callable[[_Reading, re.Match[str]], None]], ...] = (
    (_DEALING, _Reading.street),
    (_DEALT, _Reading.deal),
    (_POT, _Reading.pot),
    (_RAKE, _Reading.rake_),
    (_SUMMARY_SEAT, _Reading.summary_seat),
)
"""The lines that begin with no player's name, and how each is read."""

_HANDLERS: Mapping[_Kind, Callable[[_Reading, str, Decimal, bool], None]] = MappingProxyType(
    {
        "ante": _Reading.ante,
        "bring-in": _Reading.bring_in_,
        "big bring-in": _Reading.big_bring_in,
        "call": _Reading.call,
        "add": _Reading.add,
        "to": _Reading.to,
        "check": _Reading.check,
        "fold": _Reading.fold,
    }
)
