"""PartyPoker's stud hand histories, cash and tournament.

PartyPoker prints only its own user's cards as dealt (``Dealt to Hero [  3h 8c 7c ]``);
the other players' deals are unseen (:func:`~studkit.history.rooms.stud_deals.unseen`)
until they show their seven cards at the end, in the order dealt, which then fill them in.
Every amount is chips added (``Player0 raises [$17 USD]`` after a bring-in of 3 is a raise
to 20). The history states neither the pot nor the rake, nor an uncalled bet given back:
the winner's ``wins`` includes it, and the rake is what was put in and not won.

>>> text = '''#Game No : 9
... ***** Hand History for Game 9 *****
... $0.50/$1 USD 7 Card Stud - Monday, August 30, 20:20:17 EEST 2010
... Table Table  136403 (Real Money)
... Seat 0 is the button
... Total number of players : 2/8
... Seat 3: Hero ( $24.95 USD )
... Seat 5: Ann ( $31.02 USD )
... Hero posts ante [$0.05 USD]
... Ann posts ante [$0.05 USD]
... ** Dealing **
... Dealt to Hero [  Td 5s 3c ]
... Hero opens
... Hero bring-ins [$0.25 USD]
... Ann folds
... Hero wins $0.35 USD'''
>>> recognizes(text)
True
>>> [hand] = read_hands(text, "party.txt")
>>> hand.names, hand.table, hand.max_seats, hand.time, hand.time_zone
(('Hero', 'Ann'), 'Table 136403', 8, '2010-08-30T20:20:17', 'EEST')
>>> hand.events[2]
Dealt(name='Hero', street=3, down=(Td, 5s), up=(3c,))
>>> hand.events[3]
Dealt(name='Ann', street=3, down=(None, None), up=())
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
from studkit.history.rooms.hand_lines import HandLines, read_each, split_actor, split_hands
from studkit.history.rooms.room_hand import (
    Acted,
    Collected,
    Game,
    Mucked,
    OtherGameError,
    Posted,
    RoomEvent,
    RoomHand,
    RoomHistoryError,
    RoomSeat,
    Shown,
)
from studkit.history.rooms.room_text import amount, currency_of, room_cards
from studkit.history.rooms.street_stakes import StreetStakes
from studkit.history.rooms.stud_deals import dealt, fill_in, unseen, unshown

__all__ = ["SITE", "GAMES", "recognizes", "read_hands"]

SITE = "PartyPoker"

GAMES: Mapping[str, Game] = MappingProxyType(
    {"7 Card Stud": "stud", "7 Card Stud Hi-Lo": "stud8", "Razz": "razz"}
)
"""PartyPoker's names of the stud games, as its headers write them."""

STREETS: Mapping[str, int] = MappingProxyType(
    {"": 3, "Fourth street": 4, "Fifth street": 5, "Sixth street": 6, "River": 7}
)
"""PartyPoker's street headers (``** Dealing Fourth street **``) and the streets' numbers."""

_START = re.compile(r"^#Game No : ")
_NUMBER = re.compile(r"^#Game No : (?P<hand>\S+)$")
_TITLE = re.compile(r"^\*{5} Hand History for Game (?P<hand>\S+) \*{5}$")
_WHEN = re.compile(
    r"^(?P<head>.*?) - \w+, (?P<month>\w+) (?P<day>\d+), (?P<clock>\d\d:\d\d:\d\d) "
    r"(?P<zone>\S+) (?P<year>\d{4})$"
)
_CASH = re.compile(
    r"^(?P<small>\S+)/(?P<big>\S+) (?P<currency>[A-Z]{3}) (?P<limit>FL |NL |PL )?(?P<game>.+)$"
)
_TOURNAMENT = re.compile(
    r"^(?P<limit>FL |NL |PL )?(?P<game>.+?) (?P<buy_in>\S+ [A-Z]{3}) Buy-in "
    r"Trny:\s*(?P<tournament>\S+) Level:\s*(?P<level>\S+)\s+"
    r"Stakes-Antes\((?P<small>[\d,.]+)/(?P<big>[\d,.]+)-(?P<ante>[\d,.]+)\)$"
)
_TABLE = re.compile(r"^Table (?P<table>.+?) \((?:Real|Play) Money\)$")
_MAX_SEATS = re.compile(r"^Total number of players : \d+/(?P<max>\d+)$")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+) \( (?P<stack>[^)]*) \)$")
_DEALING = re.compile(r"^\*\* Dealing ?(?P<street>[^*]*?) \*\*$")
_DEALT = re.compile(r"^Dealt to (?P<rest>.+?) \[(?P<cards>[^\]]*)\]$")
_IGNORED = re.compile(
    r"^(?:Game #\S+ starts\.|Seat \d+ is the button|Trny:.*|Stakes-Antes\(.*\)"
    r"|There was no qualifying low hand)$"
)

_Kind = Literal[
    "ante", "bring-in", "call", "add", "check", "fold", "all-in", "show", "muck", "won", "skip"
]

_PHRASE_PATTERNS: tuple[tuple[str, _Kind], ...] = (
    (r"posts ante \[(?P<amount>[^\]]*)\]", "ante"),
    (r"bring-ins \[(?P<amount>[^\]]*)\]", "bring-in"),
    (r"calls \[(?P<amount>[^\]]*)\]", "call"),
    (r"(?:completes|bets|double bets|raises) \[(?P<amount>[^\]]*)\]", "add"),
    (r"(?:is )?all-In \[(?P<amount>[^\]]*)\]", "all-in"),
    (r"checks", "check"),
    (r"folds", "fold"),
    (r"shows \[(?P<cards>[^\]]*)\].*", "show"),
    (r"doesn't show \[(?P<cards>[^\]]*)\].*", "muck"),
    (
        r"wins (?P<low>Lo \()?(?P<amount>[^)]*?(?:USD|EUR|GBP|chips)?)\)?"
        r"(?: from the (?P<pot>main pot|side pot[- ]?\d*))?(?: with .*)?",
        "won",
    ),
    # Told elsewhere or of no consequence to the hand:
    (r"opens", "skip"),
    (r"shows.* for low\.", "skip"),
    (r"does not show cards\.", "skip"),
    (r"(?:has joined|has left) the table\.", "skip"),
    (r"is sitting out", "skip"),
    (r"has (?:been )?(?:disconnected|reconnected).*", "skip"),
    (r"will be using (?:his|her) time bank.*", "skip"),
    (r"(?:is|has been) (?:connected|disconnected).*", "skip"),
)

PHRASES: tuple[tuple[re.Pattern[str], _Kind], ...] = tuple(
    (re.compile(pattern + "$"), kind) for pattern, kind in _PHRASE_PATTERNS
)
"""What PartyPoker writes after a player's name, and what each phrase is."""


def recognizes(text: str) -> bool:
    """Whether ``text`` is a PartyPoker hand history."""
    return "***** Hand History for Game" in text[:2048] and "#Game No :" in text[:2048]


def read_hands(text: str, source: str) -> list[RoomHand | RoomHistoryError]:
    """The hands of a PartyPoker history file, in file order; a hand that cannot be read
    is a :class:`RoomHistoryError` naming its line."""
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
        self.ante = Decimal(0)
        self.bring_in = Decimal(0)
        self.deals: dict[tuple[str, int], int] = {}
        self.live: list[str] = []
        self.shown: dict[str, tuple[Card | None, ...]] = {}
        self.won = False

    def hand(self) -> RoomHand:
        lines = iter(self.lines)
        number = _NUMBER.match(next(lines))
        if number is None:  # pragma: no cover - split_hands starts hands at this line
            raise HistoryError(f"expected '#Game No : <number>', got {self.lines.lines[0]!r}")
        title = _expect(next(lines, ""), _TITLE, "'***** Hand History for Game <number> *****'")
        when = _expect(next(lines, ""), _WHEN, "the game, stakes and time")
        head = _CASH.match(when["head"]) or _TOURNAMENT.match(when["head"])
        if head is None or head["game"] not in GAMES or (head["limit"] or "FL ") != "FL ":
            raise OtherGameError(repr(when['head']))
        tournament = head["tournament"] if "tournament" in head.groupdict() else None
        table: str | None = None
        max_seats: int | None = None
        for line in lines:
            if (seat := _SEAT.match(line)) is not None and not self.events:
                self.seats.append(RoomSeat(int(seat["seat"]), seat["name"], amount(seat["stack"])))
                self.stakes = StreetStakes({seat.name: seat.stack for seat in self.seats})
            elif (found := _TABLE.match(line)) is not None and table is None:
                table = " ".join(found["table"].split())
            elif (found := _MAX_SEATS.match(line)) is not None:
                max_seats = int(found["max"])
            else:
                self._line(line)
        if not self.won:
            self.lines.last()
            raise HistoryError("the hand ends before anyone wins ('<player> wins ...')")
        self.seats.sort(key=lambda seat: seat.number)
        dealt_in = {name for name, _ in self.deals}
        collected = sum(
            (event.amount for event in self.events if isinstance(event, Collected)), Decimal(0)
        )
        rake = self.stakes.put_in - collected
        if rake < 0:
            raise HistoryError(
                f"the winners get {collected}, more than the {self.stakes.put_in} put in"
            )
        stamp = datetime.strptime(
            f"{when['year']} {when['month']} {when['day']} {when['clock']}", "%Y %B %d %H:%M:%S"
        )
        return RoomHand(
            site=SITE,
            source=self.source,
            line=self.lines.line,
            hand=title["hand"],
            game=GAMES[head["game"]],
            currency=None if tournament else currency_of(head["currency"]),
            ante=amount(head["ante"]) if tournament else self.ante,
            bring_in=self.bring_in,
            small_bet=amount(head["small"]),
            big_bet=amount(head["big"]),
            seats=tuple(seat for seat in self.seats if seat.name in dealt_in),
            events=fill_in(self._with_unshown(), self.shown),
            rake=rake,
            table=table,
            time=stamp.isoformat(),
            time_zone=when["zone"],
            tournament=tournament,
            max_seats=max_seats,
            warnings=tuple(self.warnings),
        )

    def _with_unshown(self) -> list[RoomEvent]:
        """The events, with the players still in who never showed mucking before the pot
        is won."""
        first_won = next(
            (i for i, event in enumerate(self.events) if isinstance(event, Collected)),
            len(self.events),
        )
        mucks = unshown(self.live, self.events)
        return [*self.events[:first_won], *mucks, *self.events[first_won:]]

    def _line(self, line: str) -> None:
        if not line or _IGNORED.match(line):
            return
        if (street := _DEALING.match(line)) is not None:
            self._street(street["street"], line)
            return
        if (cards := _DEALT.match(line)) is not None:
            self._dealt(cards["rest"], room_cards(cards["cards"].replace(",", " ")), line)
            return
        actor = split_actor(line, [seat.name for seat in self.seats])
        if actor is None:
            raise HistoryError(f"expected '<player> <action>', got {line!r}")
        name, what = actor
        if what.startswith(": "):
            self.warnings.append(f"chat skipped: {line!r}")
            return
        for pattern, kind in PHRASES:
            found = pattern.match(what)
            if found is not None:
                _HANDLERS[kind](self, name, found)
                return
        raise HistoryError(f"expected an action, got {line!r}")

    def _street(self, header: str, line: str) -> None:
        street = STREETS.get(header)
        if street is None:
            raise HistoryError(f"expected a street such as 'Fourth street', got {line!r}")
        if street == 3:
            anted = {event.name for event in self.events if isinstance(event, Posted)}
            self.live = [
                seat.name
                for seat in sorted(self.seats, key=lambda seat: seat.number)
                if seat.name in anted or not anted
            ]
        else:
            self.stakes.new_street(street)
        for name in self.live:
            self.deals[(name, street)] = len(self.events)
            self.events.append(unseen(name, street))

    def _dealt(self, name: str, cards: tuple[Card | None, ...], line: str) -> None:
        street = self.stakes.street
        index = self.deals.get((name, street))
        if index is None:
            raise HistoryError(f"a deal to a player not in the hand, in {line!r}")
        self.events[index] = dealt(name, street, cards)

    # The phrases' handlers, by kind.

    def ante_(self, name: str, found: re.Match[str]) -> None:
        paid = amount(found["amount"])
        self.ante = max(self.ante, paid)
        self.events.append(self.stakes.post(name, "ante", paid))

    def bring_in_(self, name: str, found: re.Match[str]) -> None:
        self.bring_in = amount(found["amount"])
        self.events.append(self.stakes.post(name, "bring-in", self.bring_in))

    def call(self, name: str, found: re.Match[str]) -> None:
        self.events.append(self.stakes.call(name, amount(found["amount"])))

    def add(self, name: str, found: re.Match[str]) -> None:
        self.events.append(self.stakes.add(name, amount(found["amount"])))

    def all_in(self, name: str, found: re.Match[str]) -> None:
        self.events.append(self.stakes.add(name, amount(found["amount"]), all_in=True))

    def check(self, name: str, found: re.Match[str]) -> None:
        self.events.append(Acted(name, "check"))

    def fold(self, name: str, found: re.Match[str]) -> None:
        self.events.append(Acted(name, "fold"))
        if name in self.live:
            self.live.remove(name)

    def show(self, name: str, found: re.Match[str]) -> None:
        cards = room_cards(found["cards"].replace(",", " "))
        self.shown[name] = cards
        self.events.append(Shown(name, tuple(card for card in cards if card is not None)))

    def muck(self, name: str, found: re.Match[str]) -> None:
        cards = room_cards(found["cards"].replace(",", " "))
        self.shown[name] = cards
        self.events.append(Mucked(name, tuple(card for card in cards if card is not None)))

    def won_(self, name: str, found: re.Match[str]) -> None:
        self.won = True
        pot = found["pot"]
        label = (
            None if pot is None else "main" if pot == "main pot" else f"side-{pot[9:]}".rstrip("-")
        )
        if found["low"]:
            label = "low" if label in (None, "main") else f"{label} low"
        self.events.append(Collected(name, amount(found["amount"]), label))

    def skip(self, name: str, found: re.Match[str]) -> None:
        pass


def _expect(line: str, pattern: re.Pattern[str], what: str) -> re.Match[str]:
    found = pattern.match(line)
    if found is None:
        raise HistoryError(f"expected {what}, got {line!r}")
    return found


_HANDLERS: Mapping[_Kind, Callable[[_Reading, str, re.Match[str]], None]] = MappingProxyType(
    {
        "ante": _Reading.ante_,
        "bring-in": _Reading.bring_in_,
        "call": _Reading.call,
        "add": _Reading.add,
        "all-in": _Reading.all_in,
        "check": _Reading.check,
        "fold": _Reading.fold,
        "show": _Reading.show,
        "muck": _Reading.muck,
        "won": _Reading.won_,
        "skip": _Reading.skip,
    }
)
