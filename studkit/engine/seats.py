"""Per table size tables that every hand shares: seat orders, blank rows, the ante events.

Each is made on first use and never mutated afterwards (hands copy from them), so a new
hand starts from lists and tuples that already exist instead of building them again.
"""

from __future__ import annotations

from typing import Final

from studkit.engine.events import ANTE, AnteEvent, Event
from studkit.errors import StudkitError

__all__ = [
    "ORDERS", "ANTES", "BLANKS", "EVERYONE",
    "seat_order", "ante_events", "blanks", "everyone", "button_seat",
]

ORDERS: Final[dict[tuple[int, int], list[int]]] = {}
"""Per table size and button: the seats clockwise from the dealer's left."""
ANTES: Final[dict[tuple[int, int, int], tuple[Event, ...]]] = {}
"""Per table size, button and ante: the ante events when everyone antes in full."""


def ante_events(key: tuple[int, int, int], order: list[int]) -> tuple[Event, ...]:
    """The ante events for ``key`` (table size, button, ante), made and remembered."""
    events = ANTES[key] = tuple(AnteEvent(ANTE, seat, key[2]) for seat in order)
    return events


BLANKS: Final[dict[int, tuple[list[int], list[bool]]]] = {}
"""Per table size: no bets, and no seat to act (copied from, never mutated)."""


def blanks(n: int) -> tuple[list[int], list[bool]]:
    """No bets and no seat to act for ``n`` seats, made and remembered."""
    blanks = BLANKS[n] = ([0] * n, [False] * n)
    return blanks


EVERYONE: Final[dict[int, list[bool]]] = {}
"""Per table size: every seat may bet (copied from, never mutated)."""


def everyone(n: int) -> list[bool]:
    """Every one of ``n`` seats may bet, made and remembered."""
    everyone = EVERYONE[n] = [True] * n
    return everyone


def seat_order(n: int, button: int) -> list[int]:
    """Seats clockwise from the dealer's left (shared, never mutated)."""
    order = ORDERS[(n, button)] = [(button + 1 + i) % n for i in range(n)]
    return order


def button_seat(button: int, n: int) -> int:
    """``button`` checked as one of ``n`` seats (0 to n-1): a seat that does not exist is an
    error, never wrapped around to another seat."""
    if isinstance(button, bool) or not 0 <= button < n:
        raise StudkitError(f"button {button!r}: expected a seat number 0 to {n - 1}")
    return button
