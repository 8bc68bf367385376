"""The symbols and abbreviations of ``studkit list``'s table, and the legend that explains them.

One table, :data:`MARKS`, says what each means; ``studkit list --help`` prints all of it and
``studkit list`` the part its own rows use.

>>> print("\\n".join(legend_lines(used_marks([{"STREETS": "↓↓↑ ↑ ↑ ↑ ↓", "POTS": "high"}]))))
STREETS (a space between streets):
  ↓            a card dealt face down
  ↑            a card dealt face up
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

__all__ = ["Mark", "MARKS", "COLUMN_NOTES", "used_marks", "legend_lines"]


class Mark(NamedTuple):
    """A symbol or abbreviation one column of the table may show."""

    column: str
    """The column's header: ``STREETS``, ``POTS`` or ``BETTING``."""
    symbol: str
    """The symbol as the legend shows it (``N`` standing for a number)."""
    meaning: str
    """What it means, in a few words."""
    shown: re.Pattern[str]
    """Matches a cell of the column that uses it."""


MARKS: tuple[Mark, ...] = (
    Mark("STREETS", "↓", "a card dealt face down", re.compile("↓")),
    Mark("STREETS", "↑", "a card dealt face up", re.compile(r"(?:^|\s)[↓↕⇡]*↑")),
    Mark(
        "STREETS",
        "↕",
        "a card dealt down; the player then turns one of their down cards face up (roll your own)",
        re.compile("↕"),
    ),
    Mark(
        "STREETS",
        "⇡",
        "a card dealt face up, but face down to a player with no down card",
        re.compile("⇡"),
    ),
    Mark(
        "STREETS",
        "B↑",
        "board cards, face up and shared by every player, after the "
        "street's own cards (B↑↑↑: three)",
        re.compile("B↑"),
    ),
    Mark(
        "STREETS",
        "·",
        "a street that deals no cards (only its betting, flip or discard)",
        re.compile("·"),
    ),
    Mark(
        "STREETS",
        "flip",
        "each player turns a down card of their choice face up "
        "(flip?: or keeps them all down; flip N: N cards)",
        re.compile(r"\bflip"),
    ),
    Mark("STREETS", "discard N", "each player throws away N cards", re.compile(r"\bdiscard ")),
    Mark(
        "POTS",
        "A / B",
        "a split pot: one share to the best hand by each evaluator (studkit "
        "show GAME says them in words)",
        re.compile(" / "),
    ),
    Mark("POTS", "Nx", "a share N times the size of a plain share", re.compile(r"\b\d+x ")),
    Mark(
        "POTS",
        "EVALUATOR Q",
        "a share only a hand of category Q or better wins "
        "(high two-pair: two pair or better; badugi 4-card: a four-card badugi)",
        re.compile(r"(?:^|/ )(?:\d+x )?[^\s/]+ [^\s/]"),
    ),
    Mark(
        "BETTING",
        "S/B",
        "fixed limit: bets and raises of the small bet S on the early "
        "streets, of the big bet B on the later ones",
        re.compile(r"\d/\d"),
    ),
    Mark(
        "BETTING",
        "A-B (L last)",
        "spread limit: a bet or raise of A to B, up to L on the last round",
        re.compile(r"\d-\d"),
    ),
)
"""Every symbol and abbreviation of the STREETS, POTS and BETTING columns, in legend order."""

COLUMN_NOTES: Mapping[str, str] = {"STREETS": " (a space between streets)"}
"""What the legend says after a column's name."""

_SYMBOL_WIDTH = max(len(mark.symbol) for mark in MARKS)
_WIDTH = 88


def used_marks(rows: Iterable[Mapping[str, str]]) -> list[Mark]:
    """The marks some cell of ``rows`` (each a mapping of column header to cell) shows."""
    rows = list(rows)
    return [
        mark for mark in MARKS if any(mark.shown.search(row.get(mark.column, "")) for row in rows)
    ]


def legend_lines(marks: Sequence[Mark]) -> list[str]:
    """The legend of ``marks``: each column's name, then each symbol and its meaning (wrapped
    at 88 columns)."""
    lines: list[str] = []
    column = ""
    for mark in marks:
        if mark.column != column:
            column = mark.column
            lines.append(f"{column}{COLUMN_NOTES.get(column, '')}:")
        lines.extend(
            textwrap.wrap(
                f"  {mark.symbol:<{_SYMBOL_WIDTH}} {mark.meaning}",
                _WIDTH,
                subsequent_indent=" " * (_SYMBOL_WIDTH + 3),
                break_on_hyphens=False,
            )
        )
    return lines
