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
from studkit.evaluation.special import SPECIAL_NAMES, SpecialEvaluator, special_evaluator
from studkit.evaluation.wild import WildCards

__all__ = [
    "Evaluator",
    "SpecialEvaluator",
    "AnyEvaluator",
    "WildCards",
    "EVALUATOR_NAMES",
    "SHOWING_EVALUATOR_NAMES",
    "get_evaluator",
    "get_showing_evaluator",
    "get_table_evaluator",
    "TABLE_EVALUATOR_NAMES",
    "SPECIAL_NAMES",
    "group_qualifier",
]

AnyEvaluator = Evaluator | SpecialEvaluator
"""An evaluator of a table ranking or of a special one: the same methods."""

TABLE_EVALUATOR_NAMES: tuple[str, ...] = tuple(RANKINGS)
"""The evaluators of table rankings: ``high``, ``a5-low``, ``eight-or-better``, ``2-7-low``,
``a6-low``."""

EVALUATOR_NAMES: tuple[str, ...] = TABLE_EVALUATOR_NAMES + SPECIAL_NAMES
"""The built-in evaluators: the table rankings, then the special ones (``badugi``,
``badugi-ace-high``, ``soko``, ``mexican-high``, ``razz-high``, ``action-razz``,
``two-card-high``, ``two-card-a5``)."""

SHOWING_EVALUATOR_NAMES: tuple[str, ...] = (
    "high", "a5-low", "2-7-low", "a6-low", "razz-high", "soko", "mexican-high", "badugi",
    "badugi-ace-high", "two-card-high", "two-card-a5",
)
"""Evaluators that rank showing boards (eight-or-better games use the ``high`` board)."""



def _unknown(name: str, known: tuple[str, ...], what: str) -> EvaluatorError:
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.5)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return EvaluatorError(f"unknown {what} {name!r}{hint}: expected one of {', '.join(known)}")


def get_evaluator(name: str, wild: WildCards | None = None) -> AnyEvaluator:
    """The evaluator called ``name``, with optional wild cards (cached: cheap to call often).

    Unknown names raise :class:`~studkit.errors.EvaluatorError` listing the known ones.
    """
    if name not in EVALUATOR_NAMES:
        raise _unknown(str(name), EVALUATOR_NAMES, "evaluator")
    return _cached(name, wild)


@cache
def _cached(name: str, wild: WildCards | None) -> AnyEvaluator:
    if name in SPECIAL_NAMES:
        return special_evaluator(name, wild)
    return Evaluator(RANKINGS[name], wild)


def group_qualifier(name: str, text: str) -> bool:
    """Whether ``text`` is a qualifier word of special evaluator ``name`` naming a group of
    its categories (``4-card``: any four-card badugi; ``face``: any action-razz face hand)."""
    if name not in SPECIAL_NAMES:
        return False
    try:
        get_evaluator(name).qualifier(text)
    except EvaluatorError:
        return False
    return True


def get_table_evaluator(name: str, wild: WildCards | None = None) -> Evaluator:
    """The evaluator of a table ranking (``high``, ``a5-low``, ...: not a special one), for
    code that reads its tables."""
    evaluator = get_evaluator(name, wild)
    if not isinstance(evaluator, Evaluator):
        raise EvaluatorError(
            f"evaluator {name!r} has no rank tables (one of {', '.join(SPECIAL_NAMES)})"
        )
    return evaluator


def get_showing_evaluator(name: str, wild: WildCards | None = None) -> AnyEvaluator:
    """The evaluator of showing (up) cards that decides who acts first.

    From 1 to 4 cards it ranks what is showing without straights or flushes (high: four of a
    kind > three of a kind > two pair > one pair > high cards; lows: pairs are bad, the lowest
    board scores highest); from 5 cards it is the full evaluator. Higher acts first; equal
    boards score equal whatever their suits.
    """
    if name not in SHOWING_EVALUATOR_NAMES:
        raise _unknown(str(name), SHOWING_EVALUATOR_NAMES, "showing evaluator")
    return get_evaluator(name, wild)
