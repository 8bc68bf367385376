"""The shipped bots' decisions, defined once for both engines.

A decision is reduced to numbers: the kinds of action on offer (a bit mask, bit ``k`` for
kind ``k`` of :data:`KINDS`, the verbs' one code of :data:`studkit.core.VERBS`), the seat's
score or equity, the raises so far on the street, the price of a call and the pot. The
functions here turn those into the kind of action to take and, for a bet or raise in pot or
no limit, its total. They are written once, in C (``studkit/bots/strategy.c``): the general
engine's bots (:mod:`studkit.bots.players`) call them through these wrappers and the batch
kernel calls the C functions themselves, so a ``tag`` seat, say, plays by the same rule on
either engine.

>>> mask = 1 << FOLD | 1 << CALL | 1 << RAISE
>>> KINDS[style_choice(0.45, 0.5, 0.68, 0.02, 3, 0.9, 0, True, 5, 20, mask, 1.0)]
'raise'
"""

from __future__ import annotations

from typing import Final

from studkit.bots import _decide
from studkit.core import BET, BRING_IN, CALL, CHECK, COMPLETE, FOLD, RAISE, VERBS

__all__ = [
    "KINDS", "FOLD", "CHECK", "CALL", "BRING_IN", "COMPLETE", "BET", "RAISE", "FIRST",
    "crowded", "aggressive_kind", "style_rolls", "style_choice", "equity_choice",
    "sized_total", "equity_settled", "EQUITY_STEP",
]

KINDS: Final = VERBS
"""Decision kinds by code (the betting verbs' one code, :data:`studkit.core.VERBS`)."""
_ = (FOLD, CHECK, CALL, BRING_IN, COMPLETE, BET, RAISE)  # re-exported: the verbs' codes
FIRST: Final[int] = _decide.FIRST
"""The choice "the first legal action" (nothing else fits)."""
EQUITY_STEP: Final[int] = _decide.EQUITY_STEP
"""The equity bot deals its completions in groups of this many, and after each group asks
:func:`equity_settled` whether the rest can change its decision."""


def crowded(raw: float, opponents: int) -> float:
    """A style's score: the raw strength less 0.02 per opponent beyond the first."""
    return float(_decide.crowded(raw, opponents))


def aggressive_kind(avail: int) -> int:
    """The aggressive kind on offer (raise, else bet, else complete), or -1."""
    return int(_decide.aggressive_kind(avail))


def style_rolls(avail: int, raises: int, max_raises: int, score: float, bet: float) -> bool:
    """Whether a style's decision draws its bluff number: a raise is allowed (under the
    style's ``max_raises``, or past it with a score of 0.9 and up) but the score is below
    the style's ``bet`` threshold."""
    return bool(_decide.style_rolls(avail, raises, max_raises, score, bet))


def style_choice(enter: float, stay: float, bet: float, bluff: float, max_raises: int,
                 score: float, raises: int, first_street: bool, to_call: int, pot: int,
                 avail: int, u: float) -> int:
    """A style's decision (:class:`~studkit.bots.players.Style` fields, the score, the
    street's raises, whether it is the first street, the call's price and the pot): bet or
    raise with a score of at least ``bet``, or bluff when the drawn ``u`` (1.0 when
    :func:`style_rolls` says no draw) is below ``bluff``; else check, bring in, call when
    the score clears the entry (first street) or stay threshold less a little for a cheap
    call, else fold."""
    return int(_decide.style_choice(enter, stay, bet, bluff, max_raises, score, raises,
                                    first_street, to_call, pot, avail, u))


def equity_choice(value: float, margin: float, players: int, raises: int, to_call: int,
                  pot: int, avail: int) -> int:
    """The equity bot's decision: bet or raise with an equity of at least ``margin`` times
    the fair share ``1 / players`` (and above 0.3), at most three times a street unless
    near-certain (0.85); else check, bring in, call when the equity beats the price of the
    call, else fold."""
    return int(_decide.equity_choice(value, margin, players, raises, to_call, pot, avail))


def equity_settled(won: float, deals: int, margin: float, players: int, raises: int,
                   to_call: int, pot: int, avail: int) -> bool:
    """Whether :func:`equity_choice` (same arguments) is settled by an estimate of ``won``
    pots from ``deals`` completions: the estimate is more than 2.5 standard errors clear of
    the equity that bets or raises (when an aggressive action is on offer) and, unless it
    clearly bets or raises, of the price of a call (when calling or folding is the
    question). A decision with neither question is settled at once.

    >>> mask = 1 << CHECK | 1 << BET  # bet when the equity is at least 1.35 / 3 = 0.45
    >>> [equity_settled(won, 25, 1.35, 3, 0, 0, 20, mask) for won in (1.0, 11.0, 20.0)]
    [True, False, True]
    """
    return bool(_decide.equity_settled(won, deals, margin, players, raises, to_call, pot,
                                       avail))


def sized_total(low: int, high: int, my_bet: int, to_call: int, pot: int,
                fraction: float) -> int:
    """A bet or raise total that calls and then adds ``fraction`` of the pot (rounded half
    to even), kept within ``low``..``high`` (fixed limit: the one amount)."""
    return int(_decide.sized_total(low, high, my_bet, to_call, pot, fraction))
