"""Player actions: the records :meth:`Hand.legal_actions` returns and :meth:`Hand.apply` takes.

An :class:`Action` is a small immutable record: a ``kind`` (an open set of strings, so plugin
decisions fit later) and, for the kinds that move chips, an amount or a range.

Amounts follow one convention everywhere:

* ``complete``, ``bet`` and ``raise``: ``amount`` is the player's *total* bet on the street
  after the action ("raise to 20"); ``min``/``max`` bound it (equal in fixed limit);
* ``call`` and ``bring-in``: ``amount`` is the chips the action puts in;
* ``fold`` and ``check``: no amount.

>>> Action("raise", 20, 20, 20)
Action(kind='raise', amount=20, min=20, max=20)
>>> str(Action("raise", 20, 20, 80))
'raise to 20..80'
>>> str(Action("raise", 20, 20, 80).to(50))
'raise to 50'
"""

from __future__ import annotations

from typing import Final, NamedTuple

__all__ = [
    "Action",
    "FOLD",
    "CHECK",
    "CALL",
    "BRING_IN",
    "COMPLETE",
    "BET",
    "RAISE",
    "AGGRESSIVE_KINDS",
    "ACTION_KINDS",
]

FOLD: Final = "fold"
CHECK: Final = "check"
CALL: Final = "call"
BRING_IN: Final = "bring-in"
COMPLETE: Final = "complete"
BET: Final = "bet"
RAISE: Final = "raise"

AGGRESSIVE_KINDS: Final[frozenset[str]] = frozenset((COMPLETE, BET, RAISE))
"""Kinds whose amount is a total bet ("to") chosen within ``min``..``max``."""

ACTION_KINDS: Final[tuple[str, ...]] = (FOLD, CHECK, CALL, BRING_IN, COMPLETE, BET, RAISE)
"""The betting decisions the engine itself knows; plugins may add others."""


class Action(NamedTuple):
    """One decision a player may take, or took.

    ``amount`` is the chips the action moves (``call``, ``bring-in``) or the total bet it
    makes (``complete``, ``bet``, ``raise``); for a legal range ``amount`` is the minimum and
    ``min``/``max`` give the range.
    """

    kind: str
    amount: int | None = None
    min: int | None = None
    max: int | None = None

    def __str__(self) -> str:
        if self.kind in AGGRESSIVE_KINDS:
            if self.min is not None and self.max is not None and self.min != self.max:
                return f"{self.kind} to {self.min}..{self.max}"
            return f"{self.kind} to {self.amount}"
        if self.amount is not None:
            return f"{self.kind} {self.amount}"
        return self.kind

    def to(self, amount: int) -> Action:
        """This (range) action with a chosen total ``amount``: the action of that one amount
        (``min`` and ``max`` are ``amount`` too, so it prints ``raise to 50``)."""
        return Action(self.kind, amount, amount, amount)

    def allows(self, other: Action) -> bool:
        """Whether ``other`` (same kind) is an instance of this legal action."""
        if other.kind != self.kind:
            return False
        if self.kind in AGGRESSIVE_KINDS:
            lo = self.min if self.min is not None else self.amount
            hi = self.max if self.max is not None else self.amount
            return (
                other.amount is not None and lo is not None and hi is not None
                and lo <= other.amount <= hi
            )
        return other.amount is None or other.amount == self.amount
