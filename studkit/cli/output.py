"""The console the commands print their tables to: a terminal's width on a terminal; when
standard output is a pipe or a file, wide enough that no table is wrapped (rich would
otherwise wrap at 80 columns, folding ``seat 2 (calling-station) bb/100`` over two lines)."""

from __future__ import annotations

import sys

from rich.console import Console

__all__ = ["stdout_console", "PIPED_WIDTH"]

PIPED_WIDTH = 1_000
"""Columns of piped output: tables take the width their cells need, up to this."""


def stdout_console() -> Console:
    """A console on standard output (each call a new one: commands share no state)."""
    if sys.stdout.isatty():
        return Console()
    return Console(width=PIPED_WIDTH)

