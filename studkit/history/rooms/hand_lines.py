"""A room's history file as hands of numbered lines, each read on its own so that one hand
that cannot be read gives a :class:`~studkit.history.rooms.room_hand.RoomHistoryError`
naming its line and never stops the hands after it.

>>> text = "junk\\nHand 1\\nfold\\nHand 2\\nboom\\n"
>>> hands = split_hands(text, re.compile(r"^Hand "))
>>> [(hand.line, hand.lines) for hand in hands]
[(2, ('Hand 1', 'fold')), (4, ('Hand 2', 'boom'))]
>>> def read(hand: HandLines) -> str:
...     for line in hand:
...         if line == "boom":
...             raise HistoryError(f"expected an action, got {line!r}")
...     return hand.lines[0]
>>> [str(result) for result in read_each(hands, "a.txt", read)]
['Hand 1', "a.txt:5: expected an action, got 'boom'"]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

from studkit.errors import HistoryError, StudkitError
from studkit.history.rooms.room_hand import OtherGameError, RoomHistoryError

__all__ = ["HandLines", "split_hands", "read_each", "split_actor", "opens_with", "UNREADABLE"]

Read = TypeVar("Read")

UNREADABLE: tuple[type[Exception], ...] = (
    StudkitError,
    ValueError,
    ArithmeticError,
    LookupError,
)
"""What reading a damaged hand may raise: each becomes the hand's error, quoting the line."""


class HandLines:
    """One hand's lines and where it starts in its file; iterating gives the lines and keeps
    :attr:`number`, the file line being read, for error messages."""

    def __init__(self, line: int, lines: tuple[str, ...]) -> None:
        self.line = line
        self.lines = lines
        self.number = line

    def __iter__(self) -> Iterator[str]:
        for offset, text in enumerate(self.lines):
            self.number = self.line + offset
            yield text

    def last(self) -> None:
        """Point :attr:`number` at the hand's last line (to report a hand cut short)."""
        self.number = self.line + len(self.lines) - 1


def opens_with(text: str, start: re.Pattern[str]) -> bool:
    """Whether a line of the file's first 2 KiB (a byte-order mark left out) starts a hand by
    ``start``: how a reader recognizes its room's files."""
    return any(start.match(line) for line in text[:2048].lstrip("\ufeff").splitlines())


def split_hands(text: str, start: re.Pattern[str]) -> list[HandLines]:
    """The hands of a history file: each begins at a line ``start`` matches and runs to
    the next one; blank lines are kept out of the hands' ends, lines before the first hand
    are left out. Stray NUL bytes (some rooms pad files with them) are dropped."""
    hands: list[HandLines] = []
    current: list[str] = []
    first = 0
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.replace("\x00", "").strip().lstrip("\ufeff")
        if start.search(line):
            if current:
                hands.append(HandLines(first, _trimmed(current)))
            current, first = [line], number
        elif current:
            current.append(line)
    if current:
        hands.append(HandLines(first, _trimmed(current)))
    return hands


def read_each(
    hands: list[HandLines], source: str, read: Callable[[HandLines], Read]
) -> list[Read | RoomHistoryError]:
    """``read`` applied to each hand; a hand it cannot read becomes a
    :class:`RoomHistoryError` at the line it stopped on."""
    results: list[Read | RoomHistoryError] = []
    for hand in hands:
        try:
            results.append(read(hand))
        except RoomHistoryError as error:
            results.append(error)
        except UNREADABLE as error:
            line = hand.lines[hand.number - hand.line] if hand.lines else ""
            detail = (
                str(error) if isinstance(error, HistoryError) else f"cannot read {line!r}: {error}"
            )
            other_game = isinstance(error, OtherGameError)
            results.append(RoomHistoryError(source, hand.number, detail, other_game=other_game))
    return results


def split_actor(line: str, names: Iterable[str]) -> tuple[str, str] | None:
    """The seated player a line begins with and the rest of it (names may hold spaces: the
    longest name that fits wins), or ``None``.

    >>> split_actor("the bAAr calls $0.05", ["the", "the bAAr"])
    ('the bAAr', 'calls $0.05')
    """
    for name in sorted(names, key=len, reverse=True):
        if line.startswith(name + " "):
            return name, line[len(name) + 1 :]
    return None


def _trimmed(lines: list[str]) -> tuple[str, ...]:
    while lines and not lines[-1]:
        lines.pop()
    return tuple(lines)
