"""Bovada's (formerly Bodog's) stud hand histories, cash and tournament.

Bovada hides its players' names: each player is the label the history gives its seat
(``Seat+3``, ``Dealer``, ``UTG+1``), with `` [ME]`` on the history's own player
(``Seat+3 [ME]``); the label is the player's name throughout a hand. Every player's cards
are listed as dealt (``Card dealt to a spot [7h 8c Jc]``: two down, one up), one line per
card after that; a history from before 2013 marks no streets, so a street starts with its
first card. The header states no stakes: the ante and the bring-in are what the players
post, the small and big bets what they bet (a completion or a fourth-street bet is a small
bet, a later bet or a fourth-street double bet a big bet), else what another hand of the
same table and ante shows, else (with a warning) twice and four times the bring-in; when
nobody brings in (the low card completes at once) the bring-in is another hand's, else
(with a warning) half the small bet. A summary that states no rake took what was not won.

Amounts: ``Calls``, ``All-in`` and ``Return uncalled portion of bet`` are chips added;
``Bets``, ``Raises`` and ``All-in(raise)`` give the player's stake on the street
(``Raises $7.50 to $10``: the stake is the amount after ``to``).

>>> text = '''Bovada Hand #7 TBL#9 7CARD Fixed Limit - 2012-09-19 13:11:08
... Seat+1: $1 in chips
... Seat+2 [ME]: $1 in chips
... Seat+1 : Ante chip $0.05
... Seat+2 [ME] : Ante chip $0.05
... *** 3RD STREET ***
... Seat+1 : Card dealt to a spot [6d Ad 2s]
... Seat+2 [ME] : Card dealt to a spot [4d Qd Ac]
... Seat+1 : Bets $0.25
... Seat+2 [ME] : Folds
... Seat+1 : Return uncalled portion of bet $0.25
... Seat+1 : Hand result $0.10
... *** SUMMARY ***
... Total Pot($0.10)'''
>>> recognizes(text)
True
>>> [hand] = read_hands(text, "bovada.txt")
>>> hand.names, hand.currency, hand.small_bet, hand.big_bet, hand.time
(('Seat+1', 'Seat+2 [ME]'), 'USD', Decimal('0.25'), Decimal('0.50'), '2012-09-19T13:11:08')
>>> hand.events[4]
Acted(name='Seat+1', verb='complete', to=Decimal('0.25'), all_in=False)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from types import MappingProxyType
from typing import Literal

from studkit.cards import Card
from studkit.errors import HistoryError
from studkit.history.rooms.hand_lines import HandLines, read_each, split_hands
from studkit.history.rooms.room_hand import (
    Acted,
    Collected,
    Game,
    Mucked,
    OtherGameError,
    RoomEvent,
    RoomHand,
    RoomHistoryError,
    RoomSeat,
    Shown,
)
from studkit.history.rooms.room_text import amount, currency_of, room_cards
from studkit.history.rooms.street_stakes import StreetStakes, assumed_bring_in
from studkit.history.rooms.stud_deals import dealt

__all__ = ["SITE", "GAMES", "recognizes", "read_hands"]

SITE = "Bovada"

GAMES: Mapping[str, Game] = MappingProxyType({"7CARD": "stud", "7CARD HiLo": "stud8"})
"""Bovada's names of the stud games, as its headers write them."""

_START = re.compile(r"^(?:Bodog|Bovada) Hand #\d+")
_HEADER = re.compile(
    r"^(?:Bodog|Bovada) Hand #(?P<hand>\d+):? (?P<middle>.*?) ?- "
    r"(?P<date>\d{4}-\d\d-\d\d) (?P<clock>\d\d:\d\d:\d\d)$"
)
_TABLE = re.compile(r"TBL#(?P<table>[^\s,]+),?")
_TOURNAMENT = re.compile(r"Tournament #(?P<tournament>\S+)")
_LEVEL = re.compile(r"Level (?P<level>\S+)(?: \([^)]*\))?")
_LIMIT = re.compile(r"\s*(?P<limit>Fixed Limit|No Limit|Pot Limit)\s*$")
_SEAT = re.compile(r"^(?P<name>.+?): (?P<stack>\S+) in chips$")
_SEAT_NUMBER = re.compile(r"^Seat\+(?P<seat>\d+)")
_ACTOR = re.compile(r"^(?P<name>.+?) : (?P<what>.+)$")
_TOTAL = re.compile(r"^Total Pot\((?P<pot>[^)]*)\)(?: \| Rake \((?P<rake>[^)]*)\))?$")
_SUMMARY_SEAT = re.compile(r"^Seat[+ ](?P<seat>\d+):(?P<rest>.*)$")
_WHOLE_HAND = re.compile(r"\[(?P<cards>[^\]\-]+)-")

_Kind = Literal[
    "ante",
    "bring-in",
    "deal",
    "call",
    "check",
    "fold",
    "to",
    "double",
    "to all-in",
    "add all-in",
    "return",
    "show",
    "muck",
    "won",
    "won side",
    "skip",
]

_TIMEOUT = r"(?:\(timeout\))?"
_PHRASE_PATTERNS: tuple[tuple[str, _Kind], ...] = (
    (r"Ante chip (?P<amount>\S+)", "ante"),
    (rf"(?:Bring_in chip|Big blind/Bring in{_TIMEOUT}) (?P<amount>\S+)", "bring-in"),
    (r"Card dealt to a spot (?P<cards>\[[^\]]*\])", "deal"),
    (rf"Calls?{_TIMEOUT} (?P<amount>\S+)", "call"),
    (rf"Checks{_TIMEOUT}", "check"),
    (rf"Folds{_TIMEOUT}", "fold"),
    (r"(?:D bets|Double bets) (?:\S+ to )?(?P<amount>\S+)", "double"),
    (r"(?:Bets|Raises) (?:\S+ to )?(?P<amount>\S+)", "to"),
    (r"All-in\(raise\) (?:\S+ to )?(?P<amount>\S+)", "to all-in"),
    (r"All-in (?P<amount>\S+)", "add all-in"),
    (r"Return uncalled portion of bet (?P<amount>\S+)", "return"),
    (r"Showdown (?P<cards>\[[^\]]*\]).*", "show"),
    (r"Mucks (?P<cards>\[[^\]]*\]).*", "muck"),
    (r"Hand [Rr]esult (?P<amount>\S+)", "won"),
    (r"Hand [Rr]esult-Side [Pp]ot (?P<amount>\S+)", "won side"),
    # Told elsewhere or of no consequence to the hand:
    (r"Does not show .*", "skip"),
    (r"Table (?:enter|leave) user", "skip"),
    (r"Table deposit .*", "skip"),
    (r"(?:Seat )?(?:sit out|Sit out|stand|Stand)", "skip"),
    (r"Re-join", "skip"),
    (r"Ranking \d+", "skip"),
)

PHRASES: tuple[tuple[re.Pattern[str], _Kind], ...] = tuple(
    (re.compile(pattern + "$"), kind) for pattern, kind in _PHRASE_PATTERNS
)
"""What Bovada writes after ``<player> : ``, and what each phrase is."""

_STREET_HEADERS = re.compile(r"^\*\*\* (?:HOLE CARDS|3RD STREET|[4-6]TH STREET|RIVER) \*\*\*$")


def recognizes(text: str) -> bool:
    """Whether ``text`` is a Bovada or Bodog hand history."""
    return any(_START.match(line.lstrip("\ufeff\x00")) for line in text[:2048].splitlines())


def read_hands(text: str, source: str) -> list[RoomHand | RoomHistoryError]:
    """The hands of a Bovada history file, in file order; a hand that cannot be read is a
    :class:`RoomHistoryError` naming its line."""
    read = read_each(
        split_hands(text, _START), source, lambda lines: _Reading(lines, source).hand()
    )
    shown_stakes: dict[tuple[str | None, ...], tuple[Decimal, Decimal, Decimal]] = {}
    for result in read:
        if isinstance(result, _Partial) and result.bets is not None:
            shown_stakes.setdefault(result.key, (*result.bets, result.hand.bring_in))
    return [
        result if isinstance(result, RoomHistoryError) else result.finish(shown_stakes)
        for result in read
    ]


@dataclass(frozen=True)
class _Partial:
    """A hand read but for the stakes it does not show itself."""

    hand: RoomHand
    key: tuple[str | None, ...]
    bets: tuple[Decimal, Decimal] | None
    brought_in: bool

    def finish(
        self, shown: dict[tuple[str | None, ...], tuple[Decimal, Decimal, Decimal]]
    ) -> RoomHand:
        hand, warnings = self.hand, list(self.hand.warnings)
        small, big, bring_in = shown.get(self.key, (Decimal(0), Decimal(0), Decimal(0)))
        if self.bets is not None:
            small, big = self.bets
        elif small == 0:
            small, big = hand.bring_in * 2, hand.bring_in * 4
            warnings.append(f"no bet shows the stakes: small bet {small} and big bet {big} assumed")
        if not self.brought_in:
            if bring_in == 0:
                bring_in = assumed_bring_in(small, cash=hand.currency is not None)
                warnings.append(f"nobody brings in: bring-in {bring_in} assumed")
            hand = replace(hand, bring_in=bring_in)
        return replace(hand, small_bet=small, big_bet=big, warnings=tuple(warnings))


class _Reading:
    """One hand being read, line by line."""

    def __init__(self, lines: HandLines, source: str) -> None:
        self.lines = lines
        self.source = source
        self.events: list[RoomEvent] = []
        self.warnings: list[str] = []
        self.seats: list[RoomSeat] = []
        self.cards: dict[str, int] = {}
        self.stakes = StreetStakes({})
        self.ante = Decimal(0)
        self.bring_in: Decimal | None = None
        self.small: Decimal | None = None
        self.big: Decimal | None = None
        self.in_hand: set[str] = set()

    def hand(self) -> _Partial:
        lines = iter(self.lines)
        header = _HEADER.match(next(lines))
        if header is None:
            raise HistoryError(f"expected a Bovada hand header, got {self.lines.lines[0]!r}")
        middle = header["middle"]
        table, tournament, level = (
            _search(pattern, middle, name)
            for pattern, name in ((_TABLE, "table"), (_TOURNAMENT, "tournament"), (_LEVEL, "level"))
        )
        game_text = _LEVEL.sub("", _TOURNAMENT.sub("", _TABLE.sub("", middle))).strip(" -,")
        limit = _LIMIT.search(game_text)
        game_name = game_text[: limit.start()].strip(" -,") if limit else game_text
        if game_name not in GAMES or limit is None or limit["limit"] != "Fixed Limit":
            raise OtherGameError(repr(game_text))
        currency: str | None = None
        summary: list[str] = []
        for line in lines:
            if summary:
                summary.append(line)
            elif line == "*** SUMMARY ***":
                summary.append(line)
            elif (seat := _SEAT.match(line)) is not None and not self.events:
                self._seat(seat["name"], seat["stack"])
                currency = currency or currency_of(seat["stack"])
            else:
                self._line(line)
        total, rake = self._summary(summary)
        seats = tuple(seat for seat in self.seats if seat.name in self.in_hand)
        hand = RoomHand(
            site=SITE,
            source=self.source,
            line=self.lines.line,
            hand=header["hand"],
            game=GAMES[game_name],
            currency=None if tournament else currency,
            ante=self.ante,
            bring_in=self.bring_in or Decimal(0),
            small_bet=Decimal(0),
            big_bet=Decimal(0),
            seats=seats,
            events=tuple(self.events),
            rake=rake,
            total_pot=total,
            table=table,
            time=f"{header['date']}T{header['clock']}",
            tournament=tournament,
            warnings=tuple(self.warnings),
        )
        bets = None
        if self.small is not None or self.big is not None:
            small = self.small if self.small is not None else (self.big or Decimal(0)) / 2
            bets = (small, self.big if self.big is not None else small * 2)
        key = (table, tournament, level, str(self.ante))
        return _Partial(hand, key, bets, self.bring_in is not None)

    def _seat(self, label: str, stack: str) -> None:
        number = _SEAT_NUMBER.match(label)
        seat = int(number["seat"]) if number else len(self.seats) + 1
        self.seats.append(RoomSeat(seat, label, amount(stack)))
        self.stakes = StreetStakes({seat.name: seat.stack for seat in self.seats})

    def _line(self, line: str) -> None:
        if not line or _STREET_HEADERS.match(line):
            return
        actor = _ACTOR.match(line)
        if actor is None:
            raise HistoryError(f"expected '<player> : <action>', got {line!r}")
        name, what = actor["name"], actor["what"]
        if not self.stakes.seated(name):
            raise HistoryError(f"{name!r} is not seated, in {line!r}")
        for pattern, kind in PHRASES:
            found = pattern.match(what)
            if found is not None:
                _HANDLERS[kind](self, name, found)
                return
        raise HistoryError(f"expected an action, got {line!r}")

    def _summary(self, lines: list[str]) -> tuple[Decimal | None, Decimal]:
        if not lines:
            self.lines.last()
            raise HistoryError("the hand ends before its summary ('*** SUMMARY ***')")
        total = _TOTAL.match(lines[1]) if len(lines) > 1 else None
        if total is None:
            self.lines.last()
            raise HistoryError("expected 'Total Pot(...)' after '*** SUMMARY ***'")
        names = {seat.number: seat.name for seat in self.seats}
        for line in lines[2:]:
            seat = _SUMMARY_SEAT.match(line)
            if seat is None:
                raise HistoryError(f"expected a summary seat line, got {line!r}")
            whole = _WHOLE_HAND.search(seat["rest"])
            name = names.get(int(seat["seat"]))
            if whole is not None and name is not None:
                self._whole_hand(name, _cards(room_cards(whole["cards"])))
        pot = amount(total["pot"])
        if total["rake"] is not None:
            return pot, amount(total["rake"])
        won = sum(
            (event.amount for event in self.events if isinstance(event, Collected)), Decimal(0)
        )
        return pot, pot - won

    def _whole_hand(self, name: str, cards: tuple[Card, ...]) -> None:
        """The summary lists a shown hand's every card: the show gets them all."""
        for index, event in enumerate(self.events):
            if isinstance(event, Shown) and event.name == name and set(event.cards) <= set(cards):
                self.events[index] = Shown(name, cards)

    # The phrases' handlers, by kind.

    def ante_(self, name: str, found: re.Match[str]) -> None:
        paid = amount(found["amount"])
        self.ante = max(self.ante, paid)
        self.in_hand.add(name)
        self.events.append(self.stakes.post(name, "ante", paid))

    def bring_in_(self, name: str, found: re.Match[str]) -> None:
        self.bring_in = amount(found["amount"])
        self.events.append(self.stakes.post(name, "bring-in", self.bring_in))

    def deal(self, name: str, found: re.Match[str]) -> None:
        cards = room_cards(found["cards"])
        street = self.cards.get(name, 0) + len(cards)
        self.cards[name] = street
        self.in_hand.add(name)
        if street > self.stakes.street:
            self.stakes.new_street(street)
        self.events.append(dealt(name, street, cards))

    def call(self, name: str, found: re.Match[str]) -> None:
        self.events.append(self.stakes.call(name, amount(found["amount"])))

    def check(self, name: str, found: re.Match[str]) -> None:
        self.events.append(Acted(name, "check"))

    def fold(self, name: str, found: re.Match[str]) -> None:
        self.events.append(Acted(name, "fold"))

    def to(self, name: str, found: re.Match[str], double: bool = False) -> None:
        acted = self.stakes.raise_to(name, amount(found["amount"]))
        self.events.append(acted)
        self._note_stakes(acted, double)

    def double(self, name: str, found: re.Match[str]) -> None:
        self.to(name, found, double=True)

    def to_all_in(self, name: str, found: re.Match[str]) -> None:
        self.events.append(self.stakes.raise_to(name, amount(found["amount"]), all_in=True))

    def add_all_in(self, name: str, found: re.Match[str]) -> None:
        self.events.append(self.stakes.add(name, amount(found["amount"]), all_in=True))

    def return_(self, name: str, found: re.Match[str]) -> None:
        self.events.append(self.stakes.returned(name, amount(found["amount"])))

    def show(self, name: str, found: re.Match[str]) -> None:
        self.events.append(Shown(name, _cards(room_cards(found["cards"]))))

    def muck(self, name: str, found: re.Match[str]) -> None:
        self.events.append(Mucked(name, _cards(room_cards(found["cards"]))))

    def won(self, name: str, found: re.Match[str]) -> None:
        self.events.append(Collected(name, amount(found["amount"])))

    def won_side(self, name: str, found: re.Match[str]) -> None:
        self.events.append(Collected(name, amount(found["amount"]), "side"))

    def skip(self, name: str, found: re.Match[str]) -> None:
        pass

    def _note_stakes(self, acted: Acted, double: bool) -> None:
        """What a bet tells of the stakes: a completion or plain fourth-street bet is the
        small bet, a double or later bet the big bet."""
        street = self.stakes.street
        if acted.to is None:
            return
        if acted.verb == "complete" or (acted.verb == "bet" and street == 4 and not double):
            self.small = self.small or acted.to
        elif acted.verb == "bet":
            self.big = self.big or acted.to


def _search(pattern: re.Pattern[str], text: str, group: str) -> str | None:
    found = pattern.search(text)
    return found[group] if found else None


def _cards(cards: tuple[Card | None, ...]) -> tuple[Card, ...]:
    """Each listed card once, in the order first listed (hi-lo lines list both hands)."""
    return tuple(dict.fromkeys(card for card in cards if card is not None))


_HANDLERS: Mapping[_Kind, Callable[[_Reading, str, re.Match[str]], None]] = MappingProxyType(
    {
        "ante": _Reading.ante_,
        "bring-in": _Reading.bring_in_,
        "deal": _Reading.deal,
        "call": _Reading.call,
        "check": _Reading.check,
        "fold": _Reading.fold,
        "to": _Reading.to,
        "double": _Reading.double,
        "to all-in": _Reading.to_all_in,
        "add all-in": _Reading.add_all_in,
        "return": _Reading.return_,
        "show": _Reading.show,
        "muck": _Reading.muck,
        "won": _Reading.won,
        "won side": _Reading.won_side,
        "skip": _Reading.skip,
    }
)
