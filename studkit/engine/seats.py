"""Seats: a table's seats are numbered 0 to n - 1 clockwise; the button is one of them."""

from __future__ import annotations

from studkit.errors import StudkitError

__all__ = ["button_seat"]


def button_seat(button: int, n: int) -> int:
    """``button`` checked as one of ``n`` seats (0 to n-1): a seat that does not exist is an
    error, never wrapped around to another seat."""
    if isinstance(button, bool) or not 0 <= button < n:
        raise StudkitError(f"button {button!r}: expected a seat number 0 to {n - 1}")
    return button
