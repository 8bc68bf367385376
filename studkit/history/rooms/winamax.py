"""Winamax's hand histories: PokerStars' grammar with Winamax's header.

Winamax writes its stud hands as PokerStars does (the same street markers, deals, actions
and summary), with its own header line (``Winamax Poker - CashGame - HandId: #... - Razz
fixed limit (5\u20ac/25\u20ac/50\u20ac) - ...``, the ante first in the stakes), no colon
after a player's name, the euro after the amount, and the summary's total pot stated after
the rake. So this module is Winamax's row of
:data:`studkit.history.rooms.pokerstars.DIALECTS`' kind, read by the same reader.

>>> header = "Winamax Poker - CashGame - HandId: #9250793-444-1478990340 - "
>>> text = header + '''Razz fixed limit (5€/25€/50€) - 2016/11/12 22:39:00 UTC
... Table: 'Pampelune' 6-max (real money)
... Seat 1: Ann (100€)
... Seat 4: Bob (100€)
... *** ANTE/BLINDS ***
... Ann posts ante 5€
... Bob posts ante 5€
... *** 3rd STREET ***
... Dealt to Ann [4s Ad Td]
... Dealt to Bob [X X 8h]
... Ann brings in 10€
... Bob folds
... Ann collected 20€ from pot
... *** SUMMARY ***
... Total pot 20€ | No rake'''
>>> [hand] = read_hands(text, "w.txt")
>>> hand.site, hand.currency, hand.ante, hand.small_bet, hand.big_bet, hand.table
('Winamax', 'EUR', Decimal('5'), Decimal('25'), Decimal('50'), 'Pampelune')
>>> hand.events[3]
Dealt(name='Bob', street=3, down=(None, None), up=(8h,))
"""

from __future__ import annotations

import re

from studkit.history.rooms.pokerstars import Dialect, read_dialect_hands
from studkit.history.rooms.room_hand import RoomHand, RoomHistoryError

__all__ = ["SITE", "WINAMAX", "recognizes", "read_hands"]

SITE = "Winamax"

WINAMAX = Dialect(
    SITE,
    re.compile(r"^Winamax Poker - [^#]*? - HandId: #(?P<hand>[\d-]+) - (?P<rest>.*)$"),
    pot_after_rake=True,
)
"""How Winamax differs from PokerStars: its header, and the pot stated after the rake."""


def recognizes(text: str) -> bool:
    """Whether the text is a Winamax history."""
    return any(WINAMAX.header.match(line) for line in text[:2048].lstrip("\ufeff").splitlines())


def read_hands(text: str, source: str) -> list[RoomHand | RoomHistoryError]:
    """The hands of a Winamax history, in file order; a hand that cannot be read gives a
    :class:`RoomHistoryError` naming the line."""
    return read_dialect_hands(text, source, (WINAMAX,))
