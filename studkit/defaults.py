"""The defaults of the commands that play many hands, in one light module: the command line,
the Python API and the web app read them from here, and importing it costs nothing."""

from __future__ import annotations

__all__ = ["DEFAULT_COMPARE_HANDS", "DEFAULT_TUNE_HANDS"]

DEFAULT_COMPARE_HANDS = 10_000
"""Hands per variant of a comparison when none are asked for (``studkit compare``, the web
app's Compare page)."""

DEFAULT_TUNE_HANDS = 10_000
"""Hands for a tuning candidate's final figures when none are asked for (``studkit tune``)."""
