"""Per table size tables that every hand shares: seat orders, blank rows, rotations.

Built once when the module is imported, for every table size a variant file allows (2 to
:data:`~studkit.engine.events.TABLE_SEATS`), and never changed: a new hand starts from lists
and tuples that already exist instead of building them again (hands copy from the lists,
never change them). A larger table, which only a variant built in code can have, gets its
rows made for it.
"""

from __future__ import annotations

from typing import Any, Final

from studkit.engine.events import TABLE_SEATS
from studkit.errors import StudkitError

__all__ = [
    "ORDERS", "BLANKS", "EVERYONE", "ROTATIONS",
    "seat_order", "blanks", "everyone", "rotation", "button_seat", "set_all",
]


def _order(n: int, button: int) -> list[int]:
    return [(button + 1 + i) % n for i in range(n)]


def _rotation(n: int, start: int) -> tuple[int, ...]:
    return tuple((start + i) % n for i in range(n))


_SIZES: Final = range(TABLE_SEATS + 1)

ORDERS: Final[tuple[tuple[list[int], ...], ...]] = tuple(
    tuple(_order(n, button) for button in range(n)) for n in _SIZES
)
"""``ORDERS[n][button]``: the seats clockwise from the dealer's left."""

BLANKS: Final[tuple[tuple[list[int], list[bool]], ...]] = tuple(
    ([0] * n, [False] * n) for n in _SIZES
)
"""``BLANKS[n]``: no bets, and no seat to act."""

EVERYONE: Final[tuple[list[bool], ...]] = tuple([True] * n for n in _SIZES)
"""``EVERYONE[n]``: every seat may bet."""

ROTATIONS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(_rotation(n, start) for start in range(n)) for n in _SIZES
)
"""``ROTATIONS[n][start]``: every seat clockwise from ``start``."""


def seat_order(n: int, button: int) -> list[int]:
    """Seats clockwise from the dealer's left (shared, never mutated)."""
    return ORDERS[n][button] if n <= TABLE_SEATS else _order(n, button)


def blanks(n: int) -> tuple[list[int], list[bool]]:
    """No bets and no seat to act for ``n`` seats (shared, never mutated)."""
    return BLANKS[n] if n <= TABLE_SEATS else ([0] * n, [False] * n)


def everyone(n: int) -> list[bool]:
    """Every one of ``n`` seats may bet (shared, never mutated)."""
    return EVERYONE[n] if n <= TABLE_SEATS else [True] * n


def rotation(n: int, start: int) -> tuple[int, ...]:
    """Every one of ``n`` seats clockwise from ``start``."""
    return ROTATIONS[n][start] if n <= TABLE_SEATS else _rotation(n, start)


def button_seat(button: int, n: int) -> int:
    """``button`` checked as one of ``n`` seats (0 to n-1): a seat that does not exist is an
    error, never wrapped around to another seat."""
    if isinstance(button, bool) or not 0 <= button < n:
        raise StudkitError(f"button {button!r}: expected a seat number 0 to {n - 1}")
    return button


def set_all(target: list[Any], source: list[Any]) -> None:
    """Every seat's entry of ``target`` set from ``source`` (the same length): what
    ``target[:] = source`` does, as direct list writes when compiled (a slice assignment
    is a generic call there)."""
    for s in range(len(target)):
        target[s] = source[s]
