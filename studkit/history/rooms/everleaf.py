"""Everleaf Gaming's seven-card stud hand histories, read into :class:`RoomHand`.

An Everleaf hand opens with ``Everleaf Gaming Game #285997460``, a line repeating the number,
the stakes and game with the date and time (``$0.05/$0.10 7 Card Stud - 2011/07/08 -
00:08:53``; no time zone), the table and the seats (``Seat 1: Player1 (  $ 0.54 USD )``).
The antes and the bring-in follow, then the streets (``** Dealing down cards **``, ``****
dealing 4th street ****``, ``** Dealing River **``). A bet, a raise and a call are written
with the chips added (``Player2 raises [$ 0.20 USD]``), a completion with its total
(``completes to $0.05.``). The files of 2011 show no cards but those shown at the end; later
ones deal the viewer's and the up cards (``Dealt to EricBlade [ 5d, Qs, 7s ].``).

Everleaf writes neither the uncalled bet given back nor the rake nor the pot: the reader
works out the bet nobody called (given back before the pot is won) and takes the rake as what
the players put in, less that, less what they won.

>>> text = '''Everleaf Gaming Game #1
... ***** Hand history for game #1 *****
... $0.05/$0.10 7 Card Stud - 2011/07/08 - 00:08:53
... Table Clarkdale 20
... Total number of players: 2
... Seat 1: Ann (  $ 0.54 USD )
... Seat 2: Bob (  $ 1.29 USD )
... Ann: posts ante [$ 0.01 USD]
... Bob: posts ante [$ 0.01 USD]
... ** Dealing down cards **
... Bob posts bring-in $0.02.
... Ann completes to $0.05.
... Bob folds
... Ann does not show cards
... Ann wins $ 0.06 USD from main pot'''
>>> [hand] = read_hands(text, "everleaf.txt")
>>> hand.game, hand.currency, hand.bring_in, hand.time, hand.rake
('stud', 'USD', Decimal('0.02'), '2011-07-08T00:08:53', Decimal('0.00'))
>>> hand.events[-2]
Returned(name='Ann', amount=Decimal('0.03'))
>>> hand.events[-1]
Collected(name='Ann', amount=Decimal('0.06'), pot='main')
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
    Dealt,
    Game,
    Mucked,
    OtherGameError,
    Posted,
    Returned,
    RoomEvent,
    RoomHand,
    RoomHistoryError,
    RoomSeat,
    Shown,
)
from studkit.history.rooms.room_reading import dealt_in, fill_bring_ins, finish_events, known_cards
from studkit.history.rooms.room_text import amount, currency_of, room_cards
from studkit.history.rooms.street_stakes import StreetStakes
from studkit.history.rooms.stud_deals import dealt, fill_in

__all__ = ["SITE", "GAMES", "recognizes", "read_hands"]

SITE = "Everleaf"

GAMES: Mapping[str, Game] = MappingProxyType(
    {"7 Card Stud": "stud", "7 Card Stud Hi/Lo": "stud8", "Razz": "razz"}
)
"""Everleaf's names for the games read, as its stakes line writes them."""

_START = re.compile(r"^Everleaf Gaming Game #\d+$")
_HAND = re.compile(r"^\*+ Hand history for game #(?P<hand>\d+) \*+$")
_STAKES = re.compile(
    r"^(?P<small>\S+)/(?P<big>\S+) (?P<game>.+?) - "
    r"(?P<date>\d{4}/\d\d/\d\d) - (?P<clock>\d\d:\d\d:\d\d)$"
)
_TABLE = re.compile(r"^Table (?P<table>.+)$")
_SEAT = re.compile(r"^Seat (?P<number>\d+): (?P<name>.+?) \(\s*(?P<stack>.*?)\s*\)$")
_STREET = re.compile(r"^\*+ [Dd]ealing (?P<street>down cards|\dth [Ss]treet|[Rr]iver) \*+$")
_DEALT = re.compile(r"^Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]\.?$")
_STREET_NUMBER: Mapping[str, int] = MappingProxyType(
    {"down cards": 3, "4th street": 4, "5th street": 5, "6th street": 6, "river": 7}
)

_AMOUNT = r"\[?(?P<amount>[^\]]+?)\]?\.?"


def _cards(listed: str) -> str:
    return listed.replace(",", " ")


_ACTIONS: tuple[tuple[re.Pattern[str], phrase.Build], ...] = (
    (
        re.compile(rf"^posts ante {_AMOUNT}$"),
        phrase.ante,
    ),
    (
        re.compile(rf"^posts bring-in {_AMOUNT}$"),
        phrase.bring_in,
    ),
    (
        re.compile(rf"^completes to {_AMOUNT}$"),
        phrase.raise_to,
    ),
    (
        re.compile(rf"^(?:bets|raises) {_AMOUNT}$"),
        phrase.add,
    ),
    (
        re.compile(rf"^calls {_AMOUNT}$"),
        phrase.call,
    ),
    (re.compile(r"^checks$"), phrase.check),
    (re.compile(r"^folds$"), phrase.fold),
    (
        re.compile(r"^shows \[(?P<cards>[^\]]*)\]"),
        lambda name, m, stakes: Shown(name, known_cards(_cards(m["cards"]))),
    ),
    (re.compile(r"^does not show cards$"), phrase.mucks),
    (
        re.compile(r"^wins (?P<amount>.+?) from (?P<pot>main|side) pot(?: #?(?P<number>\d+))?"),
        lambda name, m, stakes: Collected(
            name,
            amount(m["amount"]),
            "main" if m["pot"] == "main" else f"side-{m['number'] or 1}",
        ),
    ),
)
"""What a player's line says after the name (and a colon, on some lines), and the event it
gives: the ledger of street stakes turns the chips a bet or raise adds into the street total
(a bet on third street with no bring-in before it is the completion)."""


def recognizes(text: str) -> bool:
    """Whether the text is an Everleaf hand history (its first game line)."""
    return opens_with(text, _START)


def read_hands(text: str, source: str) -> list[RoomHand | RoomHistoryError]:
    """Every hand of an Everleaf history, in file order: a :class:`RoomHand`, or a
    :class:`RoomHistoryError` saying at which line and why the hand could not be read."""
    return fill_bring_ins(read_each(split_hands(text, _START), source, _Hand(source).read))


class _Hand:
    """Reads one hand at a time."""

    def __init__(self, source: str) -> None:
        self.source = source

    def read(self, hand: HandLines) -> RoomHand:
        lines = iter(hand)
        next(lines)
        number = _expect(_HAND, next(lines, ""), "'***** Hand history for game #...'")
        stakes_line = _expect(_STAKES, next(lines, ""), "the stakes, game, date and time")
        game = GAMES.get(stakes_line["game"])
        if game is None:
            raise OtherGameError(stakes_line["game"])
        reading = _Reading()
        for line in lines:
            if line:
                reading.read(line, hand.number)
        collected = [event for event in reading.events if isinstance(event, Collected)]
        if not collected:
            hand.last()
            raise HistoryError(
                f"hand {number['hand']} ends at {hand.lines[-1]!r}, before anybody wins "
                "(the file is cut off?)"
            )
        seats = dealt_in(reading.listed, reading.events)
        events = _with_uncalled_bet(reading.events, reading.stakes, [s.name for s in seats])
        put_in = sum((seat.stack - reading.stakes.left(seat.name) for seat in seats), Decimal(0))
        rake = put_in - sum((event.amount for event in collected), Decimal(0))
        shown = {e.name: e.cards for e in events if isinstance(e, Shown)}
        finished = fill_in(finish_events(events, seats, reading.streets, {}), shown)
        posted = [e for e in events if isinstance(e, Posted)]
        return RoomHand(
            site=SITE,
            source=self.source,
            line=hand.line,
            hand=number["hand"],
            game=game,
            currency=currency_of(stakes_line["small"]),
            ante=next((e.amount for e in posted if e.kind == "ante"), Decimal(0)),
            bring_in=min(
                (e for e in posted if e.kind == "bring-in"),
                key=lambda e: e.all_in,
                default=Posted("", "bring-in", Decimal(0)),
            ).amount,
            small_bet=amount(stakes_line["small"]),
            big_bet=amount(stakes_line["big"]),
            seats=seats,
            events=finished,
            rake=rake,
            table=reading.table,
            time=f"{stakes_line['date'].replace('/', '-')}T{stakes_line['clock']}",
            warnings=tuple(reading.warnings),
        )


def _expect(pattern: re.Pattern[str], line: str, what: str) -> re.Match[str]:
    found = pattern.match(line)
    if found is None:
        raise HistoryError(f"expected {what}, got {line!r}")
    return found


def _with_uncalled_bet(
    events: list[RoomEvent], stakes: StreetStakes, names: list[str]
) -> list[RoomEvent]:
    """The events with the bet nobody called given back before the showdown (Everleaf
    does not write it): the top stake of the last street, over the next one."""
    stake = sorted(stakes.stake(name) for name in names)
    if len(stake) < 2 or stake[-1] == stake[-2]:
        return events
    name = next(name for name in names if stakes.stake(name) == stake[-1])
    at = next(i for i, e in enumerate(events) if isinstance(e, Collected | Shown | Mucked))
    returned: Returned = stakes.returned(name, stake[-1] - stake[-2])
    return [*events[:at], returned, *events[at:]]


class _Reading:
    """A hand's lines after its stakes line, taken in one at a time."""

    def __init__(self) -> None:
        self.listed: list[RoomSeat] = []
        self.names: list[str] = []
        self.events: list[RoomEvent] = []
        self.stakes = StreetStakes({})
        self.streets: dict[int, int] = {}
        self.table: str | None = None
        self.warnings: list[str] = []

    def read(self, line: str, number: int) -> None:
        """Take in one line (``number`` in the file), or raise saying what was expected."""
        if not self.streets and (seat := _SEAT.match(line)) is not None:
            self.listed.append(RoomSeat(int(seat["number"]), seat["name"], amount(seat["stack"])))
            self.names = sorted((s.name for s in self.listed), key=len, reverse=True)
            self.stakes = StreetStakes({s.name: s.stack for s in self.listed})
        elif self.table is None and (table := _TABLE.match(line)) is not None:
            self.table = table["table"]
        elif (street := _STREET.match(line)) is not None:
            number_of = _STREET_NUMBER[street["street"].lower()]
            self.stakes.new_street(number_of)
            self.streets[number_of] = len(self.events)
        elif (deal := _DEALT.match(line)) is not None:
            self.events.append(self._dealt(deal))
        elif line.startswith("Total number of players:"):
            return
        else:
            self.events.append(self._player_event(line))

    def _dealt(self, deal: re.Match[str]) -> Dealt:
        if not self.streets:
            raise HistoryError("expected '** Dealing down cards **' before the first deal")
        street = max(self.streets)
        cards = room_cards(_cards(deal["cards"]))
        if street == 3 and len(cards) == 1:
            cards = (None, None, *cards)
        return dealt(deal["name"], street, cards)

    def _player_event(self, line: str) -> RoomEvent:
        for name in self.names:
            if line.startswith(name) and line[len(name) : len(name) + 1] in (" ", ":"):
                rest = line[len(name) :].lstrip(":").lstrip(" ")
                for pattern, build in _ACTIONS:
                    found = pattern.match(rest)
                    if found is not None:
                        return build(name, found, self.stakes)
                raise HistoryError(f"expected an action of {name!r}, got {rest!r}")
        raise HistoryError(f"expected a seated player's action, got {line!r}")
