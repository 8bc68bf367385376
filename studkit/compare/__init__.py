"""Comparing rule sets: ``studkit compare A B [...]``.

:func:`compare` simulates every variant the same way and returns a :class:`Comparison`: the
rules diff, every statistic side by side with the difference from the first variant and a
significance test, and the exact odds of the hand evaluators where the variants differ.
:func:`write_report` renders it as an HTML page with its charts drawn inline as SVG (PNG
copies too when matplotlib, the ``plot`` extra, is installed).
"""

from __future__ import annotations

from studkit.compare.comparison import (
    ALPHA,
    CHI_SQUARE,
    PROPORTION,
    WELCH,
    CompareError,
    Comparison,
    StatRow,
    compare,
)
from studkit.compare.odds_tables import EvaluatorOdds, odds_where_different
from studkit.compare.report import PlotError, write_report

__all__ = [
    "compare",
    "Comparison",
    "StatRow",
    "CompareError",
    "EvaluatorOdds",
    "odds_where_different",
    "write_report",
    "PlotError",
    "ALPHA",
    "PROPORTION",
    "WELCH",
    "CHI_SQUARE",
]
