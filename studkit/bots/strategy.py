"""The shipped bots' decisions, defined once for both engines.

A decision is reduced to numbers: the kinds of action on offer (a bit mask, bit ``k`` for
kind ``k`` of :data:`KINDS`), the seat's score or equity, the raises so far on the street,
the price of a call and the pot. The functions here turn those into the kind of action to
take and, for a bet or raise in pot or no limit, its total. They are plain Python written so
that numba can compile them too: the general engine's bots (:mod:`studkit.bots.players`)
call them as they are and the batch kernel (:mod:`studkit.kernel.bots`) compiles the same
functions, so a ``tag`` seat, say, plays by the same rule on either engine.

>>> mask = 1 << FOLD | 1 << CALL | 1 << RAISE
>>> KINDS[style_choice(0.45, 0.5, 0.68, 0.02, 3, 0.9, 0, True, 5, 20, mask, 1.0)]
'raise'
"""

from __future__ import annotations

import math
from typing import Any, Final

__all__ = [
    "KINDS", "FOLD", "CHECK", "CALL", "BRING_IN", "COMPLETE", "BET", "RAISE", "FIRST",
    "crowded", "aggressive_kind", "style_rolls", "style_choice", "equity_choice",
    "sized_total", "equity_settled", "EQUITY_STEP", "EQUITY_CLEAR", "DECIDED",
]

KINDS: Final = ("fold", "check", "call", "bring-in", "complete", "bet", "raise")
"""Decision kinds by code (the order of :data:`studkit.simulation.tally.ACTION_KINDS`)."""
FOLD: Final = 0
CHECK: Final = 1
CALL: Final = 2
BRING_IN: Final = 3
COMPLETE: Final = 4
BET: Final = 5
RAISE: Final = 6
FIRST: Final = -1
"""The choice "the first legal action" (nothing else fits)."""

NEAR_NUTS: Final = 0.9
"""A style's score above which it raises again past its ``max_raises``."""
EQUITY_RAISES: Final = 3
EQUITY_NEAR_NUTS: Final = 0.85
"""The equity bot's raise limit on a street, and the equity that raises past it."""
EQUITY_STEP: Final = 25
"""The equity bot deals its completions in groups of this many, and after each group asks
:func:`equity_settled` whether the rest can change its decision."""
EQUITY_CLEAR: Final = 2.5
"""How many standard errors an estimate must be from a threshold of the equity bot's
decision before the side it falls on counts as settled."""


def crowded(raw: float, opponents: int) -> float:
    """A style's score: the raw strength less 0.02 per opponent beyond the first."""
    return raw - 0.02 * max(0, opponents - 1)


def aggressive_kind(avail: int) -> int:
    """The aggressive kind on offer (raise, else bet, else complete), or -1."""
    if avail >> RAISE & 1:
        return RAISE
    if avail >> BET & 1:
        return BET
    if avail >> COMPLETE & 1:
        return COMPLETE
    return -1


def _passive(avail: int, call_ok: bool) -> int:
    """Check, else bring in, else call when ``call_ok``, else fold, else call, else the
    first action."""
    if avail >> CHECK & 1:
        return CHECK
    if avail >> BRING_IN & 1:
        return BRING_IN
    if call_ok and avail >> CALL & 1:
        return CALL
    if avail >> FOLD & 1:
        return FOLD
    if avail >> CALL & 1:
        return CALL
    return FIRST


def _style_raise(avail: int, raises: int, max_raises: int, score: float) -> int:
    kind = aggressive_kind(avail)
    if kind >= 0 and raises >= max_raises and score < NEAR_NUTS:
        return -1
    return kind


def style_rolls(avail: int, raises: int, max_raises: int, score: float, bet: float) -> bool:
    """Whether a style's decision draws its bluff number: a raise is allowed but the score
    is below the style's ``bet`` threshold."""
    return _style_raise(avail, raises, max_raises, score) >= 0 and not score >= bet


def style_choice(enter: float, stay: float, bet: float, bluff: float, max_raises: int,
                 score: float, raises: int, first_street: bool, to_call: int, pot: int,
                 avail: int, u: float) -> int:
    """A style's decision (:class:`~studkit.bots.players.Style` fields, the score, the
    street's raises, whether it is the first street, the call's price and the pot): bet or
    raise with a score of at least ``bet``, or bluff when the drawn ``u`` (1.0 when
    :func:`style_rolls` says no draw) is below ``bluff``; else check, bring in, call when
    the score clears the entry (first street) or stay threshold less a little for a cheap
    call, else fold."""
    kind = _style_raise(avail, raises, max_raises, score)
    if kind >= 0 and (score >= bet or u < bluff):
        return kind
    threshold = enter if first_street else stay
    # cheap calls (a big pot relative to the price) lower the bar a little
    price = to_call / max(pot + to_call, 1)
    return _passive(avail, score >= threshold - (0.25 - price) * 0.4)


def equity_choice(value: float, margin: float, players: int, raises: int, to_call: int,
                  pot: int, avail: int) -> int:
    """The equity bot's decision: bet or raise with an equity of at least ``margin`` times
    the fair share ``1 / players`` (and above 0.3), at most three times a street unless
    near-certain; else check, bring in, call when the equity beats the price of the call,
    else fold."""
    fair = 1.0 / players
    kind = aggressive_kind(avail)
    if kind >= 0 and raises >= EQUITY_RAISES and value < EQUITY_NEAR_NUTS:
        kind = -1
    if kind >= 0 and value >= fair * margin and value > 0.3:
        return kind
    price = to_call / max(pot + to_call, 1)
    return _passive(avail, value >= price)


def _clear(value: float, deals: int, threshold: float) -> bool:
    """Whether ``value``, the mean of ``deals`` shares, lies more than
    :data:`EQUITY_CLEAR` standard errors from ``threshold`` (the error of a true equity of
    exactly ``threshold``)."""
    spread = EQUITY_CLEAR * math.sqrt(threshold * (1.0 - threshold) / deals)
    return abs(value - threshold) > spread


def equity_settled(won: float, deals: int, margin: float, players: int, raises: int,
                   to_call: int, pot: int, avail: int) -> bool:
    """Whether :func:`equity_choice` (same arguments) is settled by an estimate of ``won``
    pots from ``deals`` completions: the estimate is clear of the equity that bets or raises
    (when an aggressive action is on offer) and, unless it clearly bets or raises, of the
    price of a call (when calling or folding is the question). A decision with neither
    question is settled at once.

    >>> mask = 1 << CHECK | 1 << BET  # bet when the equity is at least 1.35 / 3 = 0.45
    >>> [equity_settled(won, 25, 1.35, 3, 0, 0, 20, mask) for won in (1.0, 11.0, 20.0)]
    [True, False, True]
    """
    value = won / deals
    if aggressive_kind(avail) >= 0:
        threshold = max(margin / players, 0.3)
        if raises >= EQUITY_RAISES:
            threshold = max(threshold, EQUITY_NEAR_NUTS)
        if not _clear(value, deals, threshold):
            return False
        if value > threshold:
            return True  # it bets or raises whatever a call would cost
    asks_price = not (avail >> CHECK & 1 or avail >> BRING_IN & 1)
    if asks_price and avail >> CALL & 1 and avail >> FOLD & 1:
        return _clear(value, deals, to_call / max(pot + to_call, 1))
    return True


def sized_total(low: int, high: int, my_bet: int, to_call: int, pot: int,
                fraction: float) -> int:
    """A bet or raise total that calls and then adds ``fraction`` of the pot, kept within
    ``low``..``high`` (fixed limit: the one amount)."""
    target = my_bet + to_call + round(fraction * (pot + to_call))
    return min(max(target, low), high)


DECIDED: tuple[Any, ...] = (crowded, aggressive_kind, _passive, _style_raise, style_rolls,
                            style_choice, equity_choice, _clear, equity_settled, sized_total)
"""Every function of the decisions, for the kernel to compile (callees first)."""
