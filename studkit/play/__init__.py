"""Play a stud variant at the terminal against bots: commands, the table as text, the game loop.

* :mod:`studkit.play.commands` reads the short commands a player types against the legal
  decisions (:func:`parse_command`);
* :mod:`studkit.play.render` draws tables and showdowns from plain records;
* :mod:`studkit.play.narration` tells a hand's events to one seat;
* :mod:`studkit.play.table_view` reads those records from a live hand;
* :mod:`studkit.play.game` runs hand after hand at one table (:class:`TableGame`), which is
  what ``studkit play`` does.
"""

from __future__ import annotations

from studkit.play.commands import Choice, Command, CommandError, help_text, parse_command
from studkit.play.game import GameSummary, Opponent, TableGame
from studkit.play.narration import Narrator
from studkit.play.render import FANCY, PLAIN, CardStyle, Showdown, TableState, table_text

__all__ = [
    "Choice",
    "Command",
    "CommandError",
    "help_text",
    "parse_command",
    "CardStyle",
    "FANCY",
    "PLAIN",
    "Showdown",
    "TableState",
    "table_text",
    "Narrator",
    "TableGame",
    "Opponent",
    "GameSummary",
]
