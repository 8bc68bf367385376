"""The Winning Poker Network's older hand histories ("Game started at: ...").

Before it took up PokerStars' grammar (read by :mod:`studkit.history.rooms.pokerstars`), the
network's software wrote each hand as ``Game started at:``, ``Game ID: <n> <small>/<big>
(PRR) <table> (<game>)``, seat lines, one ``Player <name> ...`` line per card and action,
street markers named one street early (the first cards come unannounced, then ``*** Third
street ***`` opens the fourth street), and a summary with every player's bets and
collections. The rooms played in US dollars.

>>> text = '''Game started at: 2016/8/2 11:17:19
... Game ID: 693977667 1/2 (PRR) Leyak (Seven Cards Stud)
... Seat 1: Ann (10).
... Seat 5: Bob (50).
... Player Ann ante (0.15)
... Player Bob ante (0.15)
... Player Ann received card: [5d]
... Player Ann received card: [Ah]
... Player Bob received a card.
... Player Bob received a card.
... Player Ann received card: [Jh]
... Player Bob received card: [2d]
... Player Bob bring in (0.40)
... Player Ann raises (1)
... Player Bob folds
... Uncalled bet (0.60) returned to Ann
... ------ Summary ------
... Pot: 1.10. Rake 0
... *Player Ann mucks (does not show cards). Bets: 0.55. Collects: 1.10. Wins: 0.55.
... Player Bob does not show cards.Bets: 0.55. Collects: 0. Loses: 0.55.'''
>>> [hand] = read_hands(text, "w.txt")
>>> hand.site, hand.table, hand.small_bet, hand.bring_in, hand.time
('Winning Poker Network', 'Leyak', Decimal('1'), Decimal('0.40'), '2016-08-02T11:17:19')
>>> hand.events[3]
Dealt(name='Bob', street=3, down=(None, None), up=(2d,))
>>> hand.events[5]
Acted(name='Ann', verb='complete', to=Decimal('1'), all_in=False)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal
from types import MappingProxyType
from typing import Literal

from studkit.cards import Card
from studkit.errors import HistoryError
from studkit.history.rooms.hand_lines import HandLines, opens_with, read_each, split_hands
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
from studkit.history.rooms.room_reading import dealt_in, finish_events, known_cards
from studkit.history.rooms.room_text import amount, room_card
from studkit.history.rooms.street_stakes import StreetStakes
from studkit.history.rooms.stud_deals import dealt

__all__ = ["SITE", "recognizes", "read_hands"]

SITE = "Winning Poker Network"

_START = re.compile(r"^Game started at: (\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{1,2}):(\d{1,2})")
_GAME_ID = re.compile(r"^Game ID: (\d+) ([\d.]+)/([\d.]+) \(\w+\) (.+) \(([^()]+)\)$")
_SEAT = re.compile(r"^Seat (\d+): (.+) \(([\d.,]+)\)\.?$")
_SUMMARY_LINE = re.compile(
    r"^\*?Player (.+?) (?:shows: .*?\[([^]]*)\].*?|mucks \(does not show cards\)|"
    r"does not show cards)\. ?Bets: ([\d.]+)\. Collects: ([\d.]+)\."
)
_POT = re.compile(r"^Pot: ([\d.]+)\.((?: [^.]+ [\d.]+\.?)*)$")
_RETURNED = re.compile(r"^Uncalled bet \(([\d.]+)\) returned to (.+)$")

_GAMES: Mapping[str, Game] = MappingProxyType(
    {"seven cards stud": "stud", "seven cards stud hilow": "stud8", "razz": "razz"}
)
_STREETS: Mapping[str, int] = MappingProxyType(
    {"third street": 4, "fourth street": 5, "fifth street": 6, "sixth street": 7}
)
"""The markers, named one street early, and the street each opens."""

_ACTIONS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (verb, re.compile(pattern))
    for verb, pattern in (
        ("ante", r"^ante \(([\d.]+)\)$"),
        ("bring-in", r"^bring in \(([\d.]+)\)$"),
        ("bet", r"^bets \(([\d.]+)\)$"),
        ("raise", r"^raises \(([\d.]+)\)$"),
        ("call", r"^calls \(([\d.]+)\)$"),
        ("all-in", r"^allin \(([\d.]+)\)$"),
        ("check", r"^checks()$"),
        ("fold", r"^folds()$"),
        ("card", r"^received card: \[([^]]+)\]$"),
        ("card", r"^received a card\.()$"),
        ("muck", r"^mucks cards()$"),
    )
)
"""What a player can do, as written after ``Player <name>``; the amounts are chips added."""


def recognizes(text: str) -> bool:
    """Whether the text is one of the network's older histories."""
    return opens_with(text, _START)


def read_hands(text: str, source: str) -> list[RoomHand | RoomHistoryError]:
    """The hands of an older Winning Poker Network history, in file order; a hand that
    cannot be read gives a :class:`RoomHistoryError` naming the line."""
    return read_each(split_hands(text, _START), source, lambda hand: _read_hand(hand, source))


def _read_hand(lines: HandLines, source: str) -> RoomHand:
    """One hand, from its ``Game started at`` line to the next."""
    numbered = iter(lines)
    time = _START.match(next(numbered))
    assert time is not None
    year, month, day, hour, minute, second = (int(part) for part in time.groups())
    game_id = _GAME_ID.match(next((line for line in numbered if line), ""))
    if game_id is None:
        raise HistoryError("expected 'Game ID: <n> <small>/<big> (PRR) <table> (<game>)'")
    game = _GAMES.get(game_id.group(5).lower())
    if game is None:
        raise OtherGameError(game_id.group(5))
    hand = _Hand()
    for line in numbered:
        if line:
            hand.read(line)
    if hand.pot is None:
        lines.last()
        raise HistoryError(
            f"hand {game_id.group(1)} ends before its summary's 'Pot:' line, after "
            f"{lines.lines[-1]!r} (the file is cut off?)"
        )
    hand.deal_pending()
    seats = dealt_in(hand.seats, hand.events)
    won = [Collected(name, chips) for name, chips in hand.collects.items() if chips]
    return RoomHand(
        site=SITE,
        source=source,
        line=lines.line,
        hand=game_id.group(1),
        game=game,
        currency="USD",
        ante=hand.posted.get("ante", Decimal(0)),
        bring_in=hand.posted.get("bring-in", Decimal(0)),
        small_bet=Decimal(game_id.group(2)),
        big_bet=Decimal(game_id.group(3)),
        seats=seats,
        events=finish_events([*hand.events, *won], seats, {}, {}),
        rake=hand.rake,
        total_pot=hand.pot + hand.rake,
        table=game_id.group(4),
        time=f"{year}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}",
    )


class _Hand:
    """What one hand's lines said so far."""

    def __init__(self) -> None:
        self.seats: list[RoomSeat] = []
        self.events: list[RoomEvent] = []
        self.posted: dict[str, Decimal] = {}
        self.stakes: StreetStakes | None = None
        self.street = 3
        self.pending: dict[str, list[Card | None]] = {}
        self.pot: Decimal | None = None
        self.rake = Decimal(0)
        self.collects: dict[str, Decimal] = {}

    @property
    def ledger(self) -> StreetStakes:
        if self.stakes is None:
            self.stakes = StreetStakes({seat.name: seat.stack for seat in self.seats})
        return self.stakes

    def read(self, line: str) -> None:
        if not line.startswith("Player ") or " received " not in line:
            self.deal_pending()
        marker = re.fullmatch(r"\*\*\* (.+) \*\*\*", line)
        if marker is not None:
            if marker.group(1).lower() not in _STREETS:
                raise HistoryError(f"expected a street such as '*** Third street ***': {line!r}")
            self.street = _STREETS[marker.group(1).lower()]
            self.ledger.new_street(self.street)
        elif (seat := _SEAT.match(line)) is not None:
            self.seats.append(RoomSeat(int(seat.group(1)), seat.group(2), amount(seat.group(3))))
        elif (returned := _RETURNED.match(line)) is not None:
            self.events.append(self.ledger.returned(returned.group(2), amount(returned.group(1))))
        elif (pot := _POT.match(line)) is not None:
            self.pot = Decimal(pot.group(1))
            fees = re.findall(r"\d+(?:\.\d+)?", pot.group(2))  # the rake, the jackpot fee
            self.rake = sum((Decimal(fee) for fee in fees), start=Decimal(0))
        elif (summary := _SUMMARY_LINE.match(line)) is not None:
            name, shown, _, collects = summary.groups()
            if shown is not None:
                self.events.append(Shown(name, known_cards(shown)))
            self.collects[name] = Decimal(collects)
        elif line.startswith("Player "):
            self.read_action(line)
        elif not line.startswith(("Game ended at", "------")):
            raise HistoryError(f"expected a line of the hand, got {line!r}")

    def read_action(self, line: str) -> None:
        said = line.removeprefix("Player ")
        names = sorted((seat.name for seat in self.seats), key=len, reverse=True)
        name = next((name for name in names if said.startswith(name + " ")), None)
        if name is None:
            raise HistoryError(f"expected a seated player's action, got {line!r}")
        for verb, pattern in _ACTIONS:
            found = pattern.match(said[len(name) + 1 :])
            if found is not None:
                self.act(name, verb, found.group(1))
                return
        raise HistoryError(f"expected an action such as 'bets (1)', got {line!r}")

    def act(self, name: str, verb: str, said: str) -> None:
        ledger = self.ledger
        if verb in ("ante", "bring-in"):
            kind: Literal["ante", "bring-in"] = "ante" if verb == "ante" else "bring-in"
            self.posted.setdefault(kind, Decimal(said))
            self.events.append(ledger.post(name, kind, Decimal(said)))
        elif verb in ("bet", "raise", "all-in"):
            self.events.append(ledger.add(name, Decimal(said), verb == "all-in"))
        elif verb == "call":
            self.events.append(ledger.call(name, Decimal(said)))
        elif verb in ("check", "fold"):
            self.events.append(Acted(name, "check" if verb == "check" else "fold"))
        elif verb == "card":
            self.pending.setdefault(name, []).append(room_card(said) if said else None)
        else:
            self.events.append(Mucked(name))

    def deal_pending(self) -> None:
        """The cards each player was dealt on the street, one line a card, as deals."""
        self.events.extend(dealt(name, self.street, cards) for name, cards in self.pending.items())
        self.pending = {}
