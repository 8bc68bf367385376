"""Full Tilt Poker's stud, stud hi-lo and razz hand histories, read into :class:`RoomHand`.

Full Tilt wrote one hand after another, each opening with its game line (``Full Tilt Poker
Game #21536527525: Table Hagan - $3/$6 Ante $0.50 - Limit Stud Hi - 12:22:17 ET - 2010/06/11``;
later files give the local time first and Eastern time in brackets: ``17:10:10 CCT -
2010/12/07 [04:10:10 ET - 2010/12/07]``, and tournaments name the event before the table:
``$2 + $0.10 Heads Up Sit & Go (220338000), Table 1 - 80/160 Ante 15``. Then come the seats,
the antes, the streets (``*** 3RD STREET ***``), the showdown and a summary (``Total pot $75.50
| Rake $3``). A raise is written with its street total (``raises to $6``), a bet and a call
with the chips added. A ``Dealt to`` line lists the player's earlier cards in a first bracket
from fourth street on; only the new ones are kept. Mixed-game files hold hold'em, Omaha and
draw hands too: each of those gives a :class:`RoomHistoryError` naming its game.

>>> game = "Full Tilt Poker Game #1: Table T - $3/$6 Ante $0.50 - Limit Stud Hi - 12:22:17 ET"
>>> text = game + ''' - 2010/06/11
... Seat 1: Ann ($31)
... Seat 2: Bob ($67)
... Ann antes $0.50
... Bob antes $0.50
... *** 3RD STREET ***
... Dealt to Ann [Td Jd] [As]
... Dealt to Bob [3c]
... Bob is low with [3c]
... Bob brings in for $1
... Ann completes it to $3
... Bob folds
... Uncalled bet of $2 returned to Ann
... Ann mucks
... Ann wins the pot ($3)
... *** SUMMARY ***
... Total pot $3 | Rake $0
... Seat 1: Ann collected ($3), mucked
... Seat 2: Bob folded on 3rd St.'''
>>> [hand] = read_hands(text, "ftp.txt")
>>> hand.game, hand.currency, hand.bring_in, hand.big_bet, hand.names
('stud', 'USD', Decimal('1'), Decimal('6'), ('Ann', 'Bob'))
>>> hand.events[5]
Acted(name='Ann', verb='complete', to=Decimal('3'), all_in=False)
>>> hand.events[-1]
Collected(name='Ann', amount=Decimal('3'), pot=None)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal
from types import MappingProxyType

from studkit.cards import Card
from studkit.errors import HistoryError
from studkit.history.rooms import action_phrases as phrase
from studkit.history.rooms.hand_lines import HandLines, opens_with, read_each, split_hands
from studkit.history.rooms.room_hand import (
    Collected,
    Dealt,
    Game,
    OtherGameError,
    Posted,
    RoomEvent,
    RoomHand,
    RoomHistoryError,
    RoomSeat,
)
from studkit.history.rooms.room_reading import dealt_in, fill_bring_ins, finish_events, known_cards
from studkit.history.rooms.room_text import amount, currency_of, room_cards
from studkit.history.rooms.street_stakes import StreetStakes
from studkit.history.rooms.stud_deals import unseen

__all__ = ["SITE", "GAMES", "recognizes", "read_hands"]

SITE = "Full Tilt"

GAMES: Mapping[str, Game] = MappingProxyType(
    {"Limit Stud Hi": "stud", "Limit Stud H/L": "stud8", "Limit Razz": "razz"}
)
"""Full Tilt's names for the games read, as its game line writes them."""

_START = re.compile(r"^Full Tilt Poker Game #\d+: ")
_HEADER = re.compile(
    r"^Full Tilt Poker Game #(?P<hand>\d+): "
    r"(?:(?P<event>.+?) \((?P<tournament>\d+)\), )?"
    r"Table (?P<table>.+?)(?: \((?P<max>\d+) max\))?(?: \(\w+\))? - "
    r"(?P<small>[^\s/]+)/(?P<big>\S+)(?: Ante (?P<ante>\S+))? - "
    r"(?P<game>.+?) - (?P<clock>\d\d:\d\d:\d\d) (?P<zone>\w+) - (?P<date>\d{4}/\d\d/\d\d)"
    r"(?: \[(?P<et_clock>\d\d:\d\d:\d\d) (?P<et_zone>\w+) - (?P<et_date>\d{4}/\d\d/\d\d)\])?$"
)
_SEAT = re.compile(
    r"^Seat (?P<number>\d+): (?P<name>.+?) \((?P<stack>[^)]*)\)(?:, is sitting out)?$"
)
_STREET = re.compile(r"^\*\*\* (?P<street>3RD|4TH|5TH|6TH|7TH) STREET \*\*\*(?: \(.*\))?$")
_DEALT = re.compile(r"^Dealt to (?P<name>.+?) (?P<first>\[[^\]]*\])(?: (?P<second>\[[^\]]*\]))?$")
_RETURNED = re.compile(r"^Uncalled bet of (?P<amount>\S+) returned to (?P<name>.+)$")
_TOTAL = re.compile(r"^Total pot (?P<total>\S+)(?: Main pot .*)? \| Rake (?P<rake>\S+)$")
_SUMMARY_MUCKED = re.compile(r"^Seat \d+: (?P<name>.+?) mucked (?P<cards>\[[^\]]*\])")
_STREET_NUMBER: Mapping[str, int] = MappingProxyType(
    {"3RD": 3, "4TH": 4, "5TH": 5, "6TH": 6, "7TH": 7}
)
_OTHER_NOISE = re.compile(
    r"^(?:\*\*\* SHOW DOWN \*\*\*|No low hand qualified|\d+ seconds left to act|Board: .*"
    r"|.+ (?:sits down|stands up|adds \S+|is sitting out|has returned))$"
)
"""Lines that do not change the hand, of no player or of one who is not in it (a player
taking a seat and buying chips while the hand is played)."""

_AMOUNT = r"(?P<amount>\S+?)"
_ALL_IN = r"(?P<all_in>, and is all in)?"


def _wins(name: str, found: re.Match[str], stakes: StreetStakes) -> RoomEvent:
    pot = found["pot"]
    if pot == "side":
        pot = f"side-{found['number'] or 1}"
    named = "-".join(part for part in (pot, found["share"]) if part)
    return Collected(name, amount(found["amount"]), named or None)


_ACTIONS: tuple[tuple[re.Pattern[str], phrase.Build], ...] = (
    (
        re.compile(rf"^antes {_AMOUNT}{_ALL_IN}$"),
        phrase.ante,
    ),
    (
        re.compile(rf"^brings in for {_AMOUNT}{_ALL_IN}$"),
        phrase.bring_in,
    ),
    (
        re.compile(rf"^(?:completes it|raises) to {_AMOUNT}{_ALL_IN}$"),
        phrase.raise_to,
    ),
    (
        re.compile(rf"^bets {_AMOUNT}{_ALL_IN}$"),
        phrase.add,
    ),
    (
        re.compile(rf"^calls {_AMOUNT}{_ALL_IN}$"),
        phrase.call,
    ),
    (re.compile(r"^checks$"), phrase.check),
    (re.compile(r"^folds$"), phrase.fold),
    (
        re.compile(r"^shows (?P<cards>\[[^\]]*\])"),
        phrase.shows,
    ),
    (re.compile(r"^mucks$"), phrase.mucks),
    (
        re.compile(
            r"^wins the (?:(?P<share>high|low) )?(?:(?P<pot>main|side) )?pot"
            rf"(?: #?(?P<number>\d+))? \({_AMOUNT}\)"
        ),
        _wins,
    ),
)
"""What a player's line says after the name, and the event it gives: the ledger of street
stakes turns "bets $3" (chips added) and "raises to $6" (a street total) alike into the
street total and marks a player left with nothing all in."""

_NOISE: tuple[re.Pattern[str], ...] = (
    re.compile(r"^(?:is (?:high|low) with \[.*\]|is sitting out|has returned|sits down)$"),
    re.compile(r"^(?:stands up|is feeling \w+|adds \S+)$"),
    re.compile(r"^has (?:\d+ seconds left to act|been disconnected|reconnected|timed out)$"),
    re.compile(r"^:"),
)
"""What a player's line may say that does not change the hand (time bank, seat changes, chips
added for the next hand, moods, chat)."""


def recognizes(text: str) -> bool:
    """Whether the text is a Full Tilt hand history (its first game line)."""
    return opens_with(text, _START)


def read_hands(text: str, source: str) -> list[RoomHand | RoomHistoryError]:
    """Every hand of a Full Tilt history, in file order: a :class:`RoomHand`, or a
    :class:`RoomHistoryError` saying at which line and why the hand could not be read."""
    return fill_bring_ins(read_each(split_hands(text, _START), source, _Hand(source).read))


class _Hand:
    """Reads one hand at a time: the game line, then the rest line by line."""

    def __init__(self, source: str) -> None:
        self.source = source

    def read(self, hand: HandLines) -> RoomHand:
        lines = iter(hand)
        header = _HEADER.match(next(lines))
        if header is None:
            raise HistoryError(f"expected a Full Tilt game line, got {hand.lines[0]!r}")
        game = GAMES.get(header["game"])
        if game is None:
            raise OtherGameError(header["game"])
        reading = _Reading()
        for line in lines:
            if line:
                reading.read(line, hand.number)
        if reading.total is None or reading.rake is None:
            hand.last()
            raise HistoryError(
                f"hand {header['hand']} ends at {hand.lines[-1]!r}, before its summary line "
                "'Total pot ... | Rake ...' (the file is cut off?)"
            )
        seats = dealt_in(reading.listed, reading.events)
        events = finish_events(reading.events, seats, reading.streets, reading.mucked)
        clock, zone, date = header["clock"], header["zone"], header["date"]
        if header["et_clock"]:
            clock, zone, date = header["et_clock"], header["et_zone"], header["et_date"]
        return RoomHand(
            site=SITE,
            source=self.source,
            line=hand.line,
            hand=header["hand"],
            game=game,
            currency=currency_of(header["small"]),
            ante=amount(header["ante"]) if header["ante"] else Decimal(0),
            bring_in=reading.bring_in(),
            small_bet=amount(header["small"]),
            big_bet=amount(header["big"]),
            seats=seats,
            events=events,
            rake=reading.rake,
            total_pot=reading.total,
            table=header["table"],
            time=f"{date.replace('/', '-')}T{clock}",
            time_zone=zone,
            tournament=header["tournament"],
            max_seats=int(header["max"]) if header["max"] else None,
            warnings=tuple(reading.warnings),
        )


class _Reading:
    """A hand's lines after its game line, taken in one at a time."""

    def __init__(self) -> None:
        self.listed: list[RoomSeat] = []
        self.names: list[str] = []
        self.events: list[RoomEvent] = []
        self.street = 0
        self.stakes = StreetStakes({})
        self.streets: dict[int, int] = {}
        self.summary = False
        self.total: Decimal | None = None
        self.rake: Decimal | None = None
        self.mucked: dict[str, tuple[Card, ...]] = {}
        self.warnings: list[str] = []

    def read(self, line: str, number: int) -> None:
        """Take in one line (``number`` in the file), or raise saying what was expected."""
        if self.summary:
            self._read_summary(line)
        elif self.street == 0 and (seat := _SEAT.match(line)) is not None:
            self.listed.append(RoomSeat(int(seat["number"]), seat["name"], amount(seat["stack"])))
            self.names = sorted((s.name for s in self.listed), key=len, reverse=True)
            self.stakes = StreetStakes({s.name: s.stack for s in self.listed})
        elif (street := _STREET.match(line)) is not None:
            self.street = _STREET_NUMBER[street["street"]]
            self.stakes.new_street(self.street)
            self.streets[self.street] = len(self.events)
        elif line == "*** SUMMARY ***":
            self.summary = True
        elif (dealt := _DEALT.match(line)) is not None:
            self.events.append(_dealt(dealt, self.street))
        elif (returned := _RETURNED.match(line)) is not None:
            self.events.append(self.stakes.returned(returned["name"], amount(returned["amount"])))
        elif _OTHER_NOISE.match(line) is None:
            event = _player_event(line, self.names, self.stakes)
            if event is None:
                self.warnings.append(f"line {number}: skipped {line!r}")
            elif not isinstance(event, str):
                self.events.append(event)

    def _read_summary(self, line: str) -> None:
        if (total := _TOTAL.match(line)) is not None:
            self.total, self.rake = amount(total["total"]), amount(total["rake"])
        elif (mucked := _SUMMARY_MUCKED.match(line)) is not None:
            self.mucked[mucked["name"]] = known_cards(mucked["cards"])

    def bring_in(self) -> Decimal:
        """The bring-in posted (an all-in one when nobody posted a full one), else 0."""
        posted = [e for e in self.events if isinstance(e, Posted) and e.kind == "bring-in"]
        return min(posted, key=lambda e: e.all_in).amount if posted else Decimal(0)


def _player_event(line: str, names: list[str], stakes: StreetStakes) -> RoomEvent | str | None:
    """The event of a line that starts with a seated player's name, ``"noise"`` for such a
    line that does not change the hand, ``None`` for a line of no seated player."""
    for name in names:
        if line.startswith(name) and line[len(name) : len(name) + 1] in (" ", ":"):
            rest = line[len(name) :].lstrip(" ")
            if any(pattern.match(rest) for pattern in _NOISE):
                return "noise"
            for pattern, build in _ACTIONS:
                found = pattern.match(rest)
                if found is not None:
                    return build(name, found, stakes)
            raise HistoryError(f"expected an action of {name!r}, got {rest!r}")
    return None


def _dealt(found: re.Match[str], street: int) -> Dealt:
    """The new cards of a ``Dealt to`` line (from fourth street the first bracket repeats
    the cards dealt before): on third street two down cards (``None`` unless the viewer's)
    and an up card, then an up card, and on seventh a down card."""
    if street == 0:
        raise HistoryError("expected '*** 3RD STREET ***' before the first card is dealt")
    new = found["second"] or found["first"]
    if street == 3:
        down = room_cards(found["first"]) if found["second"] else unseen(found["name"], 3).down
        return Dealt(found["name"], 3, down=down, up=known_cards(new))
    if street == 7:
        return Dealt(found["name"], 7, down=room_cards(new))
    return Dealt(found["name"], street, up=known_cards(new))
