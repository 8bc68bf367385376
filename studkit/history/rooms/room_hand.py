"""One model of a hand as an online card room's history tells it, whatever the room.

Each room family's reader (``studkit.history.rooms.pokerstars``, ``.fulltilt``, ``.ipoker``,
...) turns the room's text into :class:`RoomHand` records, and nothing more: what the room
wrote, in the room's amounts and order. One converter turns a :class:`RoomHand` into a PHH
:class:`~studkit.history.hand_history.HandHistory`, and the room's rules into the variant's
settings, so that no reader restates how a stud hand is dealt, bet or awarded.

The events are in the order the room gives them; a deal lists the cards the room showed for
that street (a down card nobody saw is ``None``). Amounts are :class:`~decimal.Decimal` in
the room's own units (dollars, euros, tournament chips), never converted.

>>> from decimal import Decimal
>>> hand = RoomHand(
...     site="PokerStars", source="x.txt", line=1, hand="35874487284", game="stud8",
...     currency="USD", ante=Decimal("0.01"), bring_in=Decimal("0.02"),
...     small_bet=Decimal("0.04"), big_bet=Decimal("0.08"),
...     seats=(RoomSeat(3, "gashpor", Decimal("1.46")), RoomSeat(5, "Hero", Decimal("1.60"))),
...     events=(Posted("gashpor", "ante", Decimal("0.01")),), rake=Decimal(0))
>>> hand.names
('gashpor', 'Hero')
>>> hand.seat_of("Hero")
1
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Literal

from studkit.cards import Card
from studkit.errors import HistoryError

__all__ = [
    "Game",
    "RoomSeat",
    "Dealt",
    "Board",
    "Posted",
    "Acted",
    "Returned",
    "Shown",
    "Mucked",
    "Collected",
    "RoomEvent",
    "RoomHand",
    "RoomHistoryError",
    "OtherGameError",
    "GAMES",
    "STREETS",
]

Game = Literal["stud", "stud8", "razz"]
"""The stud games online rooms write histories of: seven-card stud, stud hi-lo (eight or
better) and razz."""

GAMES: tuple[Game, ...] = ("stud", "stud8", "razz")

STREETS: tuple[int, ...] = (3, 4, 5, 6, 7)
"""Streets by their number of cards, third to seventh (the rooms' "3rd street" ... "river")."""


@dataclass(frozen=True, slots=True)
class RoomSeat:
    """A player dealt into the hand: the room's seat number, name and stack at the start
    (before the antes)."""

    number: int
    name: str
    stack: Decimal


@dataclass(frozen=True, slots=True)
class Dealt:
    """Cards dealt to a player on a street: the new down cards and the new up cards, as the
    room listed them for that street (``None`` for a card the history does not show: a down
    card, or an up card of a room that prints only its own player's cards)."""

    name: str
    street: int
    down: tuple[Card | None, ...] = ()
    up: tuple[Card | None, ...] = ()


@dataclass(frozen=True, slots=True)
class Board:
    """A community card: dealt face up for everyone when the deck runs out before the last
    street (PokerStars writes it on the river line, ``*** RIVER *** [6h]``)."""

    card: Card


@dataclass(frozen=True, slots=True)
class Posted:
    """A forced bet: ``ante`` or ``bring-in``; ``all_in`` when it was all the player had."""

    name: str
    kind: Literal["ante", "bring-in"]
    amount: Decimal
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class Acted:
    """A betting decision. For ``complete``, ``bet`` and ``raise``, ``to`` is the player's
    whole stake on this street after the action (the PHH ``cbr`` amount), worked out by the
    reader from what the room wrote ("raises $0.08 to $0.16", or the chips added); for
    ``call`` it is the chips added, as the room wrote them (a check and the converter do not
    need it); ``None`` for ``check`` and ``fold``."""

    name: str
    verb: Literal["complete", "bet", "raise", "call", "check", "fold"]
    to: Decimal | None = None
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class Returned:
    """An uncalled bet given back to the player who made it."""

    name: str
    amount: Decimal


@dataclass(frozen=True, slots=True)
class Shown:
    """A player shows cards (at the showdown, or turning them up when all in): the cards
    the room listed, every card the player holds where it lists them all."""

    name: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Mucked:
    """A player gives up the hand without showing at the showdown: ``cards`` when the room
    printed them anyway (some rooms reveal mucked hands in the summary), else ``None``."""

    name: str
    cards: tuple[Card, ...] | None = None


@dataclass(frozen=True, slots=True)
class Collected:
    """Chips the room says a player won: ``pot`` names which pot or share when the room
    does (``main``, ``side-1``, ``high``, ``low``), else ``None``."""

    name: str
    amount: Decimal
    pot: str | None = None


RoomEvent = Dealt | Board | Posted | Acted | Returned | Shown | Mucked | Collected
"""What happened in a hand, one record per thing the room wrote."""


@dataclass(frozen=True, slots=True)
class RoomHand:
    """One hand as a room's history tells it.

    ``site`` is the room (``PokerStars``, ``Full Tilt``, ``iPoker``, ...); ``source`` and
    ``line`` where the hand starts in its file; ``hand`` the room's hand number, as text.
    ``currency`` is ``USD``, ``EUR``, ... for cash, ``None`` for tournament chips (then
    ``tournament`` is the room's tournament number or name, and ``level`` its level as the
    room writes it, when given). ``time`` is the start time as
    ISO 8601 text (``2009-11-26T10:22:32``) and ``time_zone`` the room's abbreviation
    (``ET``), when given. ``seats`` are the players dealt in, in the table's seat order.
    ``rake`` is what the room took from the pot; ``total_pot`` the pot the summary states,
    when it states one; ``collected`` sums are in the events.
    """

    site: str
    source: str
    line: int
    hand: str
    game: Game
    currency: str | None
    ante: Decimal
    bring_in: Decimal
    small_bet: Decimal
    big_bet: Decimal
    seats: tuple[RoomSeat, ...]
    events: tuple[RoomEvent, ...]
    rake: Decimal = Decimal(0)
    total_pot: Decimal | None = None
    table: str | None = None
    time: str | None = None
    time_zone: str | None = None
    tournament: str | None = None
    level: str | None = None
    max_seats: int | None = None
    warnings: tuple[str, ...] = field(default=())
    """What the reader noticed but tolerated (an unknown line it skipped, ...)."""

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, in seat order."""
        return tuple(seat.name for seat in self.seats)

    def seat_of(self, name: str) -> int:
        """The player's index in :attr:`seats` (0 for the first seat dealt in)."""
        for index, seat in enumerate(self.seats):
            if seat.name == name:
                return index
        raise RoomHistoryError(
            self.source, self.line, f"{name!r} acts but is not seated in hand {self.hand}"
        )


class RoomHistoryError(HistoryError):
    """A room's history that cannot be read: the file, the line and what was expected.
    ``other_game`` marks a hand of a game studkit does not replay from rooms' histories (a
    hold'em hand of a mixed-game file): it is skipped, not a fault of the file.

    >>> str(RoomHistoryError("a.txt", 12, "expected a seat line, got 'Seat three'"))
    "a.txt:12: expected a seat line, got 'Seat three'"
    """

    def __init__(self, source: str, line: int, message: str, *, other_game: bool = False) -> None:
        super().__init__(f"{source}:{line}: {message}")
        self.source = source
        self.line = line
        self.detail = message
        self.other_game = other_game


class OtherGameError(HistoryError):
    """A hand of another game than the limit stud games rooms' histories are read for,
    raised by a reader with the game as the room wrote it.

    >>> str(OtherGameError("Hold'em Limit"))
    "not a stud, stud hi-lo or razz hand: Hold'em Limit"
    >>> str(OtherGameError("7 Card Stud No Limit", limit=False))
    'not a limit stud, stud hi-lo or razz hand: 7 Card Stud No Limit'
    """

    def __init__(self, game: str, *, limit: bool = True) -> None:
        kind = "stud" if limit else "limit stud"
        super().__init__(f"not a {kind}, stud hi-lo or razz hand: {game}")
