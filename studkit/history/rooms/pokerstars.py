"""PokerStars' hand histories and the rooms that write the same text.

PokerStars' stud histories (cash, tournament, home game, mixed games) have a header line, a
table line, seat lines, then one line per thing that happened under ``*** 3rd STREET ***``
... ``*** RIVER ***`` markers, and a ``*** SUMMARY ***``. The Winning Poker Network's
current software (Americas Cardroom and its sister rooms) and Winamax write the same grammar
with small differences: the header, no colon after a player's name, the euro after the
amount, the pot stated after the rake. Those differences are a row of :data:`DIALECTS` (and
Winamax's row, in :mod:`studkit.history.rooms.winamax`), not branches of the reader.

>>> text = '''PokerStars Game #1:  Razz Limit ($0.04/$0.08 USD) - 2009/11/26 10:22:32 ET
... Table 'Ara II' 8-max
... Seat 1: Ann ($1 in chips)
... Seat 2: Bob ($1 in chips)
... Ann: posts the ante $0.01
... Bob: posts the ante $0.01
... *** 3rd STREET ***
... Dealt to Ann [Ah 2c 3d]
... Dealt to Bob [Kd]
... Bob: brings in for $0.02
... Ann: completes it to $0.04
... Bob: folds
... Uncalled bet ($0.02) returned to Ann
... Ann collected $0.06 from pot
... *** SUMMARY ***
... Total pot $0.06 | Rake $0'''
>>> [hand] = read_hands(text, "a.txt")
>>> hand.site, hand.game, hand.currency, hand.bring_in, hand.small_bet, hand.time
('PokerStars', 'razz', 'USD', Decimal('0.02'), Decimal('0.04'), '2009-11-26T10:22:32')
>>> hand.events[2]
Dealt(name='Ann', street=3, down=(Ah, 2c), up=(3d,))
>>> hand.events[5]
Acted(name='Ann', verb='complete', to=Decimal('0.04'), all_in=False)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from types import MappingProxyType
from typing import Literal

from studkit.cards import Card
from studkit.errors import HistoryError
from studkit.history.rooms.hand_lines import HandLines, read_each, split_hands
from studkit.history.rooms.room_hand import (
    Acted,
    Board,
    Collected,
    Dealt,
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
from studkit.history.rooms.room_reading import fill_bring_ins, finish_events, known_cards
from studkit.history.rooms.room_text import amount, currency_of, room_card
from studkit.history.rooms.street_stakes import StreetStakes
from studkit.history.rooms.stud_deals import dealt

__all__ = ["SITE", "Dialect", "DIALECTS", "recognizes", "read_hands", "read_dialect_hands"]

SITE = "PokerStars"
"""The family's best-known room; each hand's :attr:`RoomHand.site` says which room wrote it."""


@dataclass(frozen=True, slots=True)
class Dialect:
    """What one room of the family writes differently: ``header`` matches the first line of
    a hand (groups ``hand`` and ``rest``); ``pot_after_rake`` when the summary's total pot
    is what was left after the rake (the pot put in is then the stated pot plus the rake)."""

    site: str
    header: re.Pattern[str]
    pot_after_rake: bool = False


DIALECTS: tuple[Dialect, ...] = (
    Dialect(
        "PokerStars",
        re.compile(r"^PokerStars (?:Home Game )?(?:Game|Hand) #(?P<hand>\d+): +(?P<rest>.*)$"),
    ),
    Dialect(
        "Winning Poker Network",
        re.compile(r"^Hand #(?P<hand>\d+) - (?P<rest>.*\(Fixed Limit\).*)$"),
        pot_after_rake=True,
    ),
)
"""PokerStars, and the Winning Poker Network's current text (Americas Cardroom's too: the
text does not say which of the network's rooms dealt the hand)."""

_GAMES: tuple[tuple[re.Pattern[str], Game | None], ...] = (
    (re.compile(r"2-7 razz|5[ -]card stud", re.I), None),
    (re.compile(r"7[ -]?card stud hi/?lo|7[ -]?stud ?h/?l", re.I), "stud8"),
    (re.compile(r"7[ -]?card stud|7[ -]?stud", re.I), "stud"),
    (re.compile(r"razz", re.I), "razz"),
)
"""How the rooms name the games, most specific first; ``None`` for a game refused by name."""

_TIME = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})(?: ([A-Z]{2,5})\b)?")
_STAKES = re.compile(
    r"(?<![\w/])((?:[$\u20ac\u00a3]?\d[\d.,]*[\u20ac\u00a3]?/){1,2}[$\u20ac\u00a3]?\d[\d.,]*"
    r"[\u20ac\u00a3]?)(?: ([A-Z]{3}))?"
)
_TOURNAMENT = re.compile(r"tournament #?(\d+)", re.I)
_GAME_AS_WRITTEN = re.compile(r"\(([^()]*[A-Za-z][^()]*)\)|^([^-(]+?)(?: -|\(|$)")
_TABLE = re.compile(r"^(?:Table:? )?'?(?P<table>.+?)'? (?P<max>\d+)-max\b")
_SEAT = re.compile(r"^Seat (\d+): (.+?) \(([^()]*\d[^()]*?)(?: in chips)?(?:,[^()]*)?\)(.*)$")
_STREET = re.compile(r"^\*\*\* ?([^*]+?) ?\*\*\*(?: \[([^]]*)\])?$")
_SUMMARY_CARDS = re.compile(r"^Seat \d+: (.+?) (?:\([^)]*\) )*(mucked|showed) \[([^]]*)\]")
_SUMMARY_WON = re.compile(
    r"^Seat \d+: (.+?) (?:\([^)]*\) )*(?:showed \[[^]]*\] and |did not show and )?"
    r"(?:won|collected) \(?([$\u20ac\u00a3]?\d[\d.,]*[\u20ac\u00a3]?)\)?"
)
_TOTAL = re.compile(r"^Total pot ([^|]+?)(?: Main pot.*?)?((?: \| [^|]+)*)\s*$")
_AMOUNT = r"([$\u20ac\u00a3]?-?\d[\d.,]*[\u20ac\u00a3]?)"
_ALL_IN = r"( and is all-in)?(?: and has reached the [$\u20ac\u00a3\d.,]+ cap)?"

STREET_NAMES: Mapping[str, int | None] = MappingProxyType(
    {
        "3rd street": 3, "third": 3, "4th street": 4, "fourth": 4, "5th street": 5,
        "fifth": 5, "6th street": 6, "sixth": 6, "river": 7, "7th street": 7, "seventh": 7,
        "ante/blinds": None, "show down": None, "summary": None,
    }
)  # fmt: skip
"""The section markers, with the street each opens (``None`` for the others)."""

_VERBS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (verb, re.compile(pattern + r"\s*$"))
    for verb, pattern in (
        ("ante", rf"posts (?:the )?ante {_AMOUNT}{_ALL_IN}"),
        ("bring-in", rf"(?:brings in(?: for)?|bring-in) {_AMOUNT}{_ALL_IN}"),
        ("complete", rf"completes it to {_AMOUNT}{_ALL_IN}"),
        ("raise", rf"raises {_AMOUNT} to {_AMOUNT}{_ALL_IN}"),
        ("bet", rf"bets {_AMOUNT}{_ALL_IN}"),
        ("call", rf"calls {_AMOUNT}{_ALL_IN}"),
        ("check", r"checks()"),
        ("fold", r"folds()(?: \[[^]]*\])?"),
        ("show", r"shows \[([^]]*)\](?: \(.*\))?"),
        ("muck", r"mucks(?: hand| cards)?(?: \[([^]]*)\])?"),
        ("no-show", r"(?:doesn't show hand|does not show)()"),
        ("collect", rf"collected {_AMOUNT} from ((?:main |side )?pot(?:-\d+|\(\w+\))?)"),
    )
)
"""What a player can do, as the family writes it after the player's name."""

_ACTION_WORDS = re.compile(
    r"^(?:posts|brings|bring-in|completes|raises|bets|calls|checks|folds|shows|mucks|collected)\b"
)
_POTS: Mapping[str, str | None] = MappingProxyType(
    {"pot": None, "main pot": "main", "side pot": "side-1", "pot(HI)": "high", "pot(LO)": "low"}
)
_SKIPPED = re.compile(
    r"^(?:Main pot|Side pot|Board \[|Betting is capped|Pair on board|No low hand|Dealt to \S+ "
    r"\[\]|Hand was run)"
)
"""Lines that say nothing a replay needs (the pot so far, notices), skipped silently."""
_SKIPPED_ANYONE = re.compile(
    r"^.+?(?::? said, |: ?(?:is |has |was )| (?:joins|leaves) the table|"
    r" (?:is|has|was) (?:sitting out|connected|disconnected|removed|timed out|returned|back)| "
    r"(?:finished|wins) the tournament| sits out| will be allowed)"
)
"""What anyone at the table does that is no part of the hand (chat, connection, seating)."""


def recognizes(text: str) -> bool:
    """Whether the text is a PokerStars (or Winning Poker Network) history."""
    return _sniff(text, DIALECTS)


def read_hands(text: str, source: str) -> list[RoomHand | RoomHistoryError]:
    """The hands of a PokerStars or Winning Poker Network history, in file order; a hand
    that cannot be read gives a :class:`RoomHistoryError` naming the line."""
    return read_dialect_hands(text, source, DIALECTS)


def _sniff(text: str, dialects: tuple[Dialect, ...]) -> bool:
    lines = text[:2048].lstrip("\ufeff").splitlines()
    return any(dialect.header.match(line) for line in lines for dialect in dialects)


def read_dialect_hands(
    text: str, source: str, dialects: tuple[Dialect, ...]
) -> list[RoomHand | RoomHistoryError]:
    """The hands of a history written in one of ``dialects``, in file order."""
    start = re.compile("|".join(re.sub(r"\(\?P<\w+>", "(?:", d.header.pattern) for d in dialects))
    hands = split_hands(text, start)
    return fill_bring_ins(
        read_each(hands, source, lambda hand: _HandReader(source, dialects, hand).read())
    )


class _HandReader:
    """Reads one hand's lines: one method per kind of line, state kept per hand."""

    def __init__(self, source: str, dialects: tuple[Dialect, ...], hand: HandLines) -> None:
        self.source, self.hand = source, hand
        found = ((d, d.header.match(hand.lines[0])) for d in dialects)
        self.dialect, header = next((d, h) for d, h in found if h is not None)
        self.number, self.rest = header.group("hand"), header.group("rest")
        self.seats: list[RoomSeat] = []
        self.events: list[RoomEvent] = []
        self.warnings: list[str] = []
        self.streets: dict[int, int] = {}
        self.posted: dict[str, Decimal] = {}
        self.mucked: dict[str, tuple[Card, ...]] = {}
        self.won: list[Collected] = []
        self.stakes: StreetStakes | None = None
        self.summary = False
        self.rake: Decimal | None = None
        self.total_pot: Decimal | None = None
        self.table: str | None = None
        self.max_seats: int | None = None

    def read(self) -> RoomHand:
        fields = self.read_header(self.rest)
        lines = iter(self.hand)
        next(lines)
        for line in lines:
            if line:
                self.read_line(line)
        if self.rake is None:
            self.hand.last()
            raise HistoryError(
                f"hand {self.number} ends before its summary's 'Total pot' line, after "
                f"{self.hand.lines[-1]!r} (the file is cut off?)"
            )
        if not any(isinstance(event, Collected) for event in self.events):
            self.events.extend(self.won)  # some rooms say who won in the summary only
        names = {e.name for e in self.events if isinstance(e, Posted | Dealt | Acted)}
        seats = tuple(seat for seat in self.seats if seat.name in names)
        return RoomHand(
            site=self.dialect.site,
            source=self.source,
            line=self.hand.line,
            hand=self.number,
            game=fields.game,
            currency=fields.currency,
            ante=self.posted.get("ante", fields.ante),
            bring_in=self.posted.get("bring-in", Decimal(0)),
            small_bet=fields.small_bet,
            big_bet=fields.big_bet,
            seats=seats,
            events=finish_events(self.events, seats, self.streets, self.mucked),
            rake=self.rake,
            total_pot=self.total_pot,
            table=self.table,
            time=fields.time,
            time_zone=fields.time_zone,
            tournament=fields.tournament,
            max_seats=self.max_seats,
            warnings=tuple(self.warnings),
        )

    def read_header(self, rest: str) -> _Header:
        game = next((game for pattern, game in _GAMES if pattern.search(rest)), None)
        if game is None:
            written = _GAME_AS_WRITTEN.search(rest)
            name = next((g for g in written.groups() if g), rest) if written else rest
            raise OtherGameError(name.strip())
        stakes = _STAKES.search(_TIME.sub("", rest))
        if stakes is None:
            raise HistoryError(f"expected the stakes (such as '$0.04/$0.08') in {rest!r}")
        values = [amount(value) for value in stakes.group(1).split("/")]
        tournament = _TOURNAMENT.search(rest)
        time = _TIME.search(rest)
        iso, zone = None, None
        if time is not None:
            year, month, day, hour, minute, second, zone = time.groups()
            iso = f"{year}-{int(month):02}-{int(day):02}T{int(hour):02}:{minute}:{second}"
        return _Header(
            game=game,
            currency=None if tournament else currency_of(stakes.group(0)),
            ante=values[0] if len(values) == 3 else Decimal(0),
            small_bet=values[-2],
            big_bet=values[-1],
            tournament=tournament.group(1) if tournament else None,
            time=iso,
            time_zone=zone,
        )

    def read_line(self, line: str) -> None:
        if not self.seats and self.table is None:
            table = _TABLE.match(line)
            if table is not None:
                self.table, self.max_seats = table.group("table"), int(table.group("max"))
                return
        for kind, reader in self.readers.items():
            if line.startswith(kind):
                reader(self, line)
                return
        self.read_action(line)

    def read_seat(self, line: str) -> None:
        if self.summary:
            self.read_summary_seat(line)
            return
        seat = _SEAT.match(line)
        if seat is None:
            raise HistoryError(f"expected a seat such as 'Seat 1: Ann ($1 in chips)': {line!r}")
        self.seats.append(RoomSeat(int(seat.group(1)), seat.group(2), amount(seat.group(3))))

    def read_summary_seat(self, line: str) -> None:
        won = _SUMMARY_WON.match(line)
        if won is not None:
            self.won.append(Collected(won.group(1), amount(won.group(2))))
        cards = _SUMMARY_CARDS.match(line)
        if cards is None:
            return
        name, verb, listed = cards.groups()
        if verb == "mucked":
            self.mucked[name] = known_cards(listed)
        elif not any(isinstance(e, Shown) and e.name == name for e in self.events):
            self.events.append(Shown(name, known_cards(listed)))

    def read_marker(self, line: str) -> None:
        marker = _STREET.match(line)
        name = marker.group(1).lower() if marker else ""
        if name not in STREET_NAMES:
            raise HistoryError(f"expected a street such as '*** 3rd STREET ***', got {line!r}")
        self.summary = name == "summary"
        street = STREET_NAMES[name]
        if street is not None:
            self.streets[street] = len(self.events)
            self.ledger.new_street(street)
        if marker and marker.group(2):  # the deck ran out: one card for everyone
            self.events.extend(Board(card) for card in known_cards(marker.group(2)))
            self.streets.pop(street or 0, None)  # no one is dealt a card of his own

    @property
    def street(self) -> int | None:
        return max(self.streets, default=None)

    def read_deal(self, line: str) -> None:
        said = line.removeprefix("Dealt to ")
        name = next((n for n in self.longest_names if said.startswith(n + " [")), None)
        if self.street is None or name is None:
            raise HistoryError(f"expected a deal to a seated player on a street: {line!r}")
        listed = said[len(name) :].rsplit("[", 1)[-1].replace("]", " ").split()
        cards = [self.deal_card(token) for token in listed]
        if self.street == 3 and len(cards) == 1:
            cards = [None, None, *cards]  # a player's down cards are not listed
        self.events.append(dealt(name, self.street, cards))

    def deal_card(self, token: str) -> Card | None:
        """A dealt card; one the room garbled is taken as unseen, with a warning."""
        try:
            return room_card(token)
        except HistoryError:
            self.warnings.append(f"line {self.hand.number}: card {token!r} unreadable, unseen")
            return None

    def read_returned(self, line: str) -> None:
        returned = re.match(rf"^Uncalled bet \({_AMOUNT}\) returned to (.+)$", line)
        if returned is None or returned.group(2) not in self.names:
            raise HistoryError(f"expected 'Uncalled bet ($x) returned to <player>': {line!r}")
        self.events.append(self.ledger.returned(returned.group(2), amount(returned.group(1))))

    def read_total(self, line: str) -> None:
        total = _TOTAL.match(line)
        if total is None:
            raise HistoryError(f"expected 'Total pot $x | Rake $y': {line!r}")
        fees = [part for part in total.group(2).split(" | ")[1:] if re.search(r"\d", part)]
        self.rake = sum((amount(fee) for fee in fees), start=Decimal(0))
        stated = amount(total.group(1))
        self.total_pot = stated + self.rake if self.dialect.pot_after_rake else stated

    readers: Mapping[str, Callable[[_HandReader, str], None]] = MappingProxyType(
        {
            "Seat ": read_seat,
            "***": read_marker,
            "Dealt to ": read_deal,
            "Uncalled bet": read_returned,
            "Total pot": read_total,
        }
    )

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    @property
    def longest_names(self) -> list[str]:
        """The seated players' names, longest first (so that 'Ann B' is not read as 'Ann')."""
        return sorted(self.names, key=len, reverse=True)

    @property
    def ledger(self) -> StreetStakes:
        if self.stakes is None:
            self.stakes = StreetStakes({seat.name: seat.stack for seat in self.seats})
        return self.stakes

    def read_action(self, line: str) -> None:
        if _SKIPPED.match(line) or _SKIPPED_ANYONE.match(line):
            return
        name = next(
            (n for n in self.longest_names if line.startswith(n) and line[len(n) :][:1] in ": "),
            None,
        )
        if name is None:
            self.warnings.append(f"line {self.hand.number}: skipped {line!r}")
            return
        said = line[len(name) :].lstrip(":").strip()
        for verb, pattern in _VERBS:
            found = pattern.match(said)
            if found is not None:
                self.act(name, verb, [group or "" for group in found.groups()])
                return
        if _ACTION_WORDS.match(said):
            raise HistoryError(f"expected an action such as 'raises $x to $y', got {line!r}")
        self.warnings.append(f"line {self.hand.number}: skipped {line!r}")

    def act(self, name: str, verb: str, said: list[str]) -> None:
        all_in = bool(said[-1])
        ledger = self.ledger
        if verb in ("ante", "bring-in"):
            kind: Literal["ante", "bring-in"] = "ante" if verb == "ante" else "bring-in"
            self.posted.setdefault(kind, amount(said[0]))
            posted = ledger.post(name, kind, amount(said[0]))
            self.events.append(Posted(name, kind, posted.amount, posted.all_in or all_in))
        elif verb in ("complete", "bet"):
            to = amount(said[0]) + (ledger.stake(name) if verb == "bet" else 0)
            self.events.append(ledger.raise_to(name, to, all_in))
        elif verb == "raise":
            to = amount(said[1])
            if to <= ledger.high:
                to += ledger.stake(name)  # the room wrote the chips added, not the total
            self.events.append(ledger.raise_to(name, to, all_in))
        elif verb == "call":
            self.events.append(ledger.call(name, amount(said[0]), all_in))
        elif verb in ("check", "fold"):
            self.events.append(Acted(name, "check" if verb == "check" else "fold"))
        elif verb == "show":
            self.events.append(Shown(name, known_cards(said[0])))
        elif verb == "muck":
            self.events.append(Mucked(name, known_cards(said[0]) if said[0] else None))
        elif verb == "collect":
            side = re.fullmatch(r"side pot-(\d+)", said[1])
            pot = f"side-{side.group(1)}" if side else _POTS.get(said[1])
            self.events.append(Collected(name, amount(said[0]), pot))


@dataclass(frozen=True, slots=True)
class _Header:
    """What a hand's first line says."""

    game: Game
    currency: str | None
    ante: Decimal
    small_bet: Decimal
    big_bet: Decimal
    tournament: str | None
    time: str | None
    time_zone: str | None
