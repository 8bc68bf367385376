"""Equity of stud hands: each hand's expected share of the pot.

>>> from studkit.equity import equity
>>> result = equity("razz", ["A2345", "KKQQJ"])  # doctest: +SKIP

See :func:`equity`; the command line is ``studkit equity``.
"""

from __future__ import annotations

from studkit.equity.calculator import (
    DEFAULT_TRIALS,
    EXACT_LIMIT,
    EXACT_MAX,
    EquityError,
    EquityResult,
    HandEquity,
    equity,
)
from studkit.equity.spot import UNKNOWN, Spot, parse_hand, parse_spot

__all__ = [
    "equity",
    "EquityResult",
    "HandEquity",
    "EquityError",
    "Spot",
    "parse_hand",
    "parse_spot",
    "UNKNOWN",
    "EXACT_LIMIT",
    "EXACT_MAX",
    "DEFAULT_TRIALS",
]
