"""What a room's action line means, once its words are matched: the events the text readers'
tables of phrases build, so that each table lists only its room's words.

A table pairs a room's pattern with one of these builders. A builder reads the groups
``amount`` (the room's amount), ``all_in`` (present when the room marks the action all in)
and ``cards``, and records the action through the hand's :class:`StreetStakes`.

>>> from decimal import Decimal
>>> stakes = StreetStakes({"Ann": Decimal("1.46")})
>>> ante("Ann", re.match(r"antes (?P<amount>\\S+)", "antes $0.05"), stakes)
Posted(name='Ann', kind='ante', amount=Decimal('0.05'), all_in=False)
>>> calls = re.compile(r"calls (?P<amount>\\S+)(?P<all_in> all in)?")
>>> call("Ann", calls.match("calls $1.41 all in"), stakes)
Acted(name='Ann', verb='call', to=Decimal('1.41'), all_in=True)
>>> check("Ann", re.match("checks", "checks"), stakes)
Acted(name='Ann', verb='check', to=None, all_in=False)
"""

from __future__ import annotations

import re
from collections.abc import Callable

from studkit.history.rooms.room_hand import Acted, Mucked, RoomEvent, Shown
from studkit.history.rooms.room_reading import known_cards
from studkit.history.rooms.room_text import amount
from studkit.history.rooms.street_stakes import StreetStakes

__all__ = [
    "Build",
    "ante",
    "bring_in",
    "raise_to",
    "add",
    "call",
    "check",
    "fold",
    "shows",
    "mucks",
]

Build = Callable[[str, "re.Match[str]", StreetStakes], RoomEvent]
"""An action line's event, from the player's name, the matched words and the street's stakes."""


def _all_in(found: re.Match[str]) -> bool:
    return "all_in" in found.re.groupindex and bool(found["all_in"])


def ante(name: str, found: re.Match[str], stakes: StreetStakes) -> RoomEvent:
    """An ante of ``amount``."""
    return stakes.post(name, "ante", amount(found["amount"]))


def bring_in(name: str, found: re.Match[str], stakes: StreetStakes) -> RoomEvent:
    """A bring-in of ``amount``."""
    return stakes.post(name, "bring-in", amount(found["amount"]))


def raise_to(name: str, found: re.Match[str], stakes: StreetStakes) -> RoomEvent:
    """A completion, bet or raise to a street stake of ``amount``."""
    return stakes.raise_to(name, amount(found["amount"]), _all_in(found))


def add(name: str, found: re.Match[str], stakes: StreetStakes) -> RoomEvent:
    """``amount`` more chips put in: a call, or a completion, bet or raise to the new stake."""
    return stakes.add(name, amount(found["amount"]), _all_in(found))


def call(name: str, found: re.Match[str], stakes: StreetStakes) -> RoomEvent:
    """A call of ``amount``."""
    return stakes.call(name, amount(found["amount"]), _all_in(found))


def check(name: str, found: re.Match[str], stakes: StreetStakes) -> RoomEvent:
    """A check."""
    return Acted(name, "check")


def fold(name: str, found: re.Match[str], stakes: StreetStakes) -> RoomEvent:
    """A fold."""
    return Acted(name, "fold")


def shows(name: str, found: re.Match[str], stakes: StreetStakes) -> RoomEvent:
    """The cards ``cards`` (a bracketed list) shown."""
    return Shown(name, known_cards(found["cards"]))


def mucks(name: str, found: re.Match[str], stakes: StreetStakes) -> RoomEvent:
    """A muck, no cards shown."""
    return Mucked(name)
