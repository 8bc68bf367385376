"""Hand strengths inside the kernel: the built-in evaluators over the tables of
:mod:`studkit.kernel.evaltables` (the same numbers :class:`~studkit.evaluation.Evaluator`
gives).

A hand is ``count`` cards of ``buf`` from ``off`` (entries ``off + 8`` to ``off + 12`` are
scratch for a best five); ``ix``, ``byr`` and ``fl`` are the card values and modes, the
rank tables (with the multiset index as their row ``BY_INDEX``) and the flush tables
(arrays passed one by one: a tuple of arrays unpacked in a hot loop costs reference counting
on every use).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from studkit.evaluation.tables import FLUSH_BITS, RANK_MASK, SUIT_SHIFT, SUIT_START
from studkit.kernel.jit import at, inlined
from studkit.kernel.state import BY_HI, BY_INDEX, BY_LO, IX_MODES, IX_VALUES

__all__ = ["evaluate", "rank_strength", "first_best_five"]

Int64Array = npt.NDArray[np.int64]
Int32Array = npt.NDArray[np.int32]

_LO_MASK = (1 << 17) - 1
SCRATCH = 8
"""Where, after a hand's first card, the evaluators build five-card hands."""
_FLUSH = np.int64(FLUSH_BITS)
_START = np.int64(SUIT_START)
_RANKS = np.int64(RANK_MASK)
_int: Any = np.int64
"""``int()`` for the hot lookups: numba compiles its ``int`` as a function of its own and calls
it, a numpy cast it writes in place (typed ``Any``, so that mypy reads the result as an
``int``)."""
"""``at``, for the indices numpy's stubs type as arrays or numpy integers (``row`` is the sum
of two table entries; ``rank`` an ``np.int64``)."""


@inlined
def _suited_mask(buf: Int64Array, off: int, count: int, total: int) -> int:
    """Ranks (13-bit mask) of the suit holding five or more of the cards."""
    suit = 0
    while suit < 4 and not (total >> (SUIT_SHIFT + 4 * suit)) & 8:
        suit += 1
    mask = 0
    for k in range(off, off + count):
        c = buf[at(k)]
        if c & 3 == suit:
            mask |= 1 << (c >> 2)
    return mask


@inlined
def _total(buf: Int64Array, off: int, count: int, ix: Int64Array) -> int:
    total = _START
    for k in range(off, off + count):
        total += ix[at(IX_VALUES + buf[at(k)])]
    return int(total)


@inlined
def _rank_strength(total: int, ev: int, byr: Int32Array) -> int:
    rank = total & _RANKS
    row = byr[BY_INDEX, at(BY_LO + (rank & _LO_MASK))] + byr[BY_INDEX, at(BY_HI + (rank >> 17))]  # type: ignore[arg-type, index, operator]
    strength: int = _int(byr[at(ev), at(row)])  # type: ignore[arg-type, index]
    return strength


@inlined
def rank_strength(values: int, count: int, ev: int, ix: Int64Array, byr: Int32Array) -> int:
    """What :func:`evaluate` gives ``count`` cards (none: 0) whose packed values sum to
    ``values``, or -1 when a suit holds five of them (then :func:`evaluate` must see the
    cards)."""
    if count == 0:
        return 0
    total = _START + values
    if total & _FLUSH and ix[at(IX_MODES + ev)]:
        return -1
    return _rank_strength(_int(total), ev, byr)


@inlined
def _five(buf: Int64Array, off: int, ev: int, ix: Int64Array, byr: Int32Array,
          fl: Int32Array) -> int:
    """A low-with-flushes evaluator on exactly five cards."""
    total = _total(buf, off, 5, ix)
    if total & _FLUSH:
        return int(fl[at(ev), at(_suited_mask(buf, off, 5, total))])
    return _rank_strength(total, ev, byr)


@inlined
def evaluate(buf: Int64Array, off: int, count: int, ev: int, ix: Int64Array,
             byr: Int32Array, fl: Int32Array) -> int:
    """The strength of ``count`` cards (1 to 8) for evaluator ``ev``."""
    total = _total(buf, off, count, ix)
    strength = _rank_strength(total, ev, byr)
    mode = ix[at(IX_MODES + ev)]
    if mode == 0 or not total & _FLUSH:
        return strength
    if mode == 1:
        flush = int(fl[at(ev), at(_suited_mask(buf, off, count, total))])
        return flush if flush > strength else strength
    if count == 5:
        return _five(buf, off, ev, ix, byr, fl)
    return _best_low_five(buf, off, count, ev, ix, byr, fl)


@inlined
def _best_low_five(buf: Int64Array, off: int, count: int, ev: int, ix: Int64Array,
                   byr: Int32Array, fl: Int32Array) -> int:
    """A low-with-flushes hand of six to eight cards: its best five."""
    best = 0
    five = off + SCRATCH
    for a in range(off, off + count):
        for b in range(a + 1, off + count):
            for c in range(b + 1, off + count):
                for d in range(c + 1, off + count):
                    for e in range(d + 1, off + count):
                        buf[five] = buf[a]
                        buf[five + 1] = buf[b]
                        buf[five + 2] = buf[c]
                        buf[five + 3] = buf[d]
                        buf[five + 4] = buf[e]
                        value = _five(buf, five, ev, ix, byr, fl)
                        if value > best:
                            best = value
    return best


@inlined
def first_best_five(buf: Int64Array, off: int, count: int, ev: int, ix: Int64Array,
                    byr: Int32Array, fl: Int32Array, out: Int64Array, out_off: int) -> int:
    """The cards the best hand plays, as :meth:`Evaluator.best_five` chooses them (the first
    five-card combination, in order, with the hand's strength), written to ``out`` from
    ``out_off``; returns how many (0 when the hand does not qualify)."""
    strength = evaluate(buf, off, count, ev, ix, byr, fl)
    if strength == 0:
        return 0
    if count <= 5:
        for k in range(count):
            out[out_off + k] = buf[off + k]
        return count
    five = off + SCRATCH
    for a in range(off, off + count):
        for b in range(a + 1, off + count):
            for c in range(b + 1, off + count):
                for d in range(c + 1, off + count):
                    for e in range(d + 1, off + count):
                        buf[five] = buf[a]
                        buf[five + 1] = buf[b]
                        buf[five + 2] = buf[c]
                        buf[five + 3] = buf[d]
                        buf[five + 4] = buf[e]
                        if evaluate(buf, five, 5, ev, ix, byr, fl) == strength:
                            for k in range(5):
                                out[out_off + k] = buf[five + k]
                            return 5
    return 0
