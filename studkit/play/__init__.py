"""Play a stud variant at the terminal against bots: commands, the table as text, the game loop.

:mod:`studkit.play.commands` reads the short commands a player types, :mod:`studkit.play.render`
draws the table and showdowns; the loop that deals hand after hand lives beside them.
"""

from __future__ import annotations

from studkit.play.commands import Choice, Command, CommandError, help_text, parse_command
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
]
