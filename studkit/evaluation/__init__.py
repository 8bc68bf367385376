"""Hand evaluators: high, razz and the other lows, with wild cards, per call and in batches.

>>> from studkit.cards import parse_cards
>>> razz = get_evaluator("a5-low")
>>> razz.describe(razz.evaluate(parse_cards("8s 6d 5c 3h 2s Kd Kh")))
'8-6-5-3-2'
>>> razz.evaluate(parse_cards("5c 4d 3h 2s As")) > razz.evaluate(parse_cards("6c 4d 3h 2s As"))
True

Every evaluator gives ints where **higher is better**; see :class:`Evaluator`.
"""

from __future__ import annotations

import difflib
from functools import cache

from studkit.errors import EvaluatorError
from studkit.evaluation.evaluator import Evaluator
from studkit.evaluation.rankings import RANKINGS
from studkit.evaluation.wild import WildCards

__all__ = [
    "Evaluator",
    "WildCards",
    "EVALUATOR_NAMES",
    "SHOWING_EVALUATOR_NAMES",
    "get_evaluator",
    "get_showing_evaluator",
]

EVALUATOR_NAMES: tuple[str, ...] = tuple(RANKINGS)
"""The built-in evaluators: ``high``, ``a5-low``, ``eight-or-better``, ``2-7-low``, ``a6-low``."""

SHOWING_EVALUATOR_NAMES: tuple[str, ...] = ("high", "a5-low", "2-7-low", "a6-low")
"""Evaluators that rank showing boards (eight-or-better games use the ``high`` board)."""


def _unknown(name: str, known: tuple[str, ...], what: str) -> EvaluatorError:
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.5)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return EvaluatorError(f"unknown {what} {name!r}{hint}: expected one of {', '.join(known)}")


def get_evaluator(name: str, wild: WildCards | None = None) -> Evaluator:
    """The evaluator called ``name``, with optional wild cards (cached: cheap to call often).

    Unknown names raise :class:`~studkit.errors.EvaluatorError` listing the known ones.
    """
    if name not in RANKINGS:
        raise _unknown(str(name), EVALUATOR_NAMES, "evaluator")
    return _cached(name, wild)


@cache
def _cached(name: str, wild: WildCards | None) -> Evaluator:
    return Evaluator(RANKINGS[name], wild)


def get_showing_evaluator(name: str, wild: WildCards | None = None) -> Evaluator:
    """The evaluator of showing (up) cards that decides who acts first.

    From 1 to 4 cards it ranks what is showing without straights or flushes (high: four of a
    kind > three of a kind > two pair > one pair > high cards; lows: pairs are bad, the lowest
    board scores highest); from 5 cards it is the full evaluator. Higher acts first; equal
    boards score equal whatever their suits.
    """
    if name not in SHOWING_EVALUATOR_NAMES:
        raise _unknown(str(name), SHOWING_EVALUATOR_NAMES, "showing evaluator")
    return get_evaluator(name, wild)
