"""Betting inside the kernel: the legal decisions and what each does (the rules of
:mod:`studkit.engine.legal`, :mod:`studkit.engine.betting` and :class:`Hand`'s verbs).

Options are rows ``(kind, lo, hi)`` of the state array (from ``OPT``, columns ``O_*``): a
call's ``lo`` is the chips it puts in, an aggressive action's ``lo``..``hi`` the totals it
may go to.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from studkit.kernel.jit import at, inlined
from studkit.kernel.plan import (
    BIG,
    BRING,
    COMPL_RAISE,
    COMPLETES,
    HALF_BET,
    MAX_RAISES,
    MAY_COMPLETE,
    ROUND_MIN,
    STRUCT,
    UNCAP,
    N,
)
from studkit.kernel.state import (
    A_BET,
    A_CONTRIB,
    A_FOLDED,
    A_NCARDS,
    A_NEED,
    A_REOPEN,
    A_STACK,
    BET,
    BRING_IN,
    CALL,
    CHECK,
    COMPLETE,
    FOLD,
    FOLDC,
    H_ACTOR,
    H_AGGR,
    H_BIG_MADE,
    H_CAPPED_MULTI,
    H_CUR,
    H_FLOOR,
    H_FORCED,
    H_INC,
    H_LAST_AGGR,
    H_LAST_CHECKER,
    H_LAST_FULL,
    H_NFOLDC,
    H_NIN,
    H_OPEN_PAIR,
    H_ROUND_MAX,
    H_ROUND_PLAYERS,
    H_SIZE,
    HELD,
    MAX_CARDS,
    O_HI,
    O_KIND,
    O_LO,
    OPT,
    OPT_ROW,
    R_HI,
    R_LO,
    RAISE,
    RANGE_ROW,
    RANGES,
)

__all__ = ["passive", "options", "act", "pot_total"]

Int64Array = npt.NDArray[np.int64]

_NO_LIMIT = 1 << 62


@inlined
def pot_total(p: Int64Array, w: Int64Array) -> int:
    total = 0
    for s in range(p[N]):
        total += w[at(A_CONTRIB + s)]
    return total


@inlined
def _uncapped(p: Int64Array, w: Int64Array) -> bool:
    mode = p[UNCAP]
    if mode == 1:
        return bool(w[H_NIN] == 2 and not w[H_CAPPED_MULTI])
    if mode == 2:
        return bool(w[H_ROUND_PLAYERS] == 2)
    return False


@inlined
def _targets(p: Int64Array, w: Int64Array, to_call: int) -> int:
    """The structure's ranges of totals (before the stack) into ``w[RANGES]``; how many."""
    structure = p[STRUCT]
    base = w[H_LAST_FULL]
    if structure == 0:
        big = p[BIG]
        size = w[H_SIZE]
        if w[H_BIG_MADE]:
            w[RANGES + R_LO] = w[RANGES + R_HI] = base + big
            return 1
        if w[H_OPEN_PAIR] and big != size:
            w[RANGES + R_LO] = w[RANGES + R_HI] = base + size
            w[RANGES + RANGE_ROW + R_LO] = w[RANGES + RANGE_ROW + R_HI] = base + big
            return 2
        w[RANGES + R_LO] = w[RANGES + R_HI] = base + size
        return 1
    cur = w[H_CUR]
    if structure == 1:
        inc = w[H_INC]
        step = inc if inc > p[ROUND_MIN] else p[ROUND_MIN]
        lo = base + step
        if lo <= cur:
            lo = cur + 1
        hi = base + w[H_ROUND_MAX]
        w[RANGES + R_LO] = lo
        w[RANGES + R_HI] = hi if hi > lo else lo
        return 1
    lo = cur + w[H_INC]
    if structure == 2:
        hi = cur + pot_total(p, w) + to_call
        w[RANGES + R_LO] = lo
        w[RANGES + R_HI] = hi if hi > lo else lo
        return 1
    w[RANGES + R_LO] = lo
    w[RANGES + R_HI] = _NO_LIMIT
    return 1


@inlined
def passive(p: Int64Array, w: Int64Array, seat: int) -> int:
    """The first rows of :func:`options`, the decisions that are not aggressive: bring in
    (for the forced seat), fold and call (with chips owed), or check; how many."""
    stack = w[at(A_STACK + seat)]
    bet = w[at(A_BET + seat)]
    cur = w[H_CUR]
    if w[H_FORCED] == seat:
        amount = p[BRING]
        if amount > stack:
            amount = stack
        w[OPT + O_KIND] = BRING_IN
        w[OPT + O_LO] = w[OPT + O_HI] = amount
        count = 1
    else:
        owed = cur - bet
        if owed > 0:
            if owed > stack:
                owed = stack
            w[OPT + O_KIND] = FOLD
            w[OPT + O_LO] = w[OPT + O_HI] = 0
            w[OPT + OPT_ROW + O_KIND] = CALL
            w[OPT + OPT_ROW + O_LO] = w[OPT + OPT_ROW + O_HI] = owed
            count = 2
        else:
            w[OPT + O_KIND] = CHECK
            w[OPT + O_LO] = w[OPT + O_HI] = 0
            count = 1
    return count


@inlined
def options(p: Int64Array, w: Int64Array, seat: int) -> int:
    """The legal decisions of ``seat`` into ``w[OPT]`` (rows kind, lo, hi); how many: the
    :func:`passive` rows, then the aggressive ones."""
    stack = w[at(A_STACK + seat)]
    bet = w[at(A_BET + seat)]
    cur = w[H_CUR]
    forced = w[H_FORCED] == seat
    count = passive(p, w, seat)
    # the aggressive action, if any (LegalActions._aggressive)
    if stack <= cur - bet or not w[at(A_REOPEN + seat)]:
        return count
    n = p[N]
    s = seat
    someone = False
    for _ in range(n - 1):
        s = s + 1 if s + 1 < n else 0
        if (not w[at(A_FOLDED + s)] and w[at(A_STACK + s)] > 0
                and w[at(A_BET + s)] + w[at(A_STACK + s)] > cur):
            someone = True
            break
    if not someone:
        return count
    if not forced:
        cap = p[MAX_RAISES]
        if cap >= 0 and w[H_AGGR] > cap and not _uncapped(p, w):
            return count
        if cur == 0:
            kind = BET
        elif w[H_LAST_FULL] == 0 and p[COMPLETES]:
            kind = COMPLETE
        else:
            kind = RAISE
        k = _targets(p, w, cur - bet)
    else:
        if not p[MAY_COMPLETE]:
            return count
        bring = p[BRING]
        if bet + stack <= bring:
            return count
        if p[COMPLETES]:
            kind = COMPLETE
            k = _targets(p, w, 0)
        else:
            kind = BET
            lo = 2 * bring
            hi = pot_total(p, w) if p[STRUCT] == 2 else _NO_LIMIT
            w[RANGES + R_LO] = lo
            w[RANGES + R_HI] = hi if hi > lo else lo
            k = 1
        for i in range(k):
            if w[at(RANGES + i * RANGE_ROW + R_LO)] <= bring:
                w[at(RANGES + i * RANGE_ROW + R_LO)] = bring + 1
            if w[at(RANGES + i * RANGE_ROW + R_HI)] <= bring:
                w[at(RANGES + i * RANGE_ROW + R_HI)] = bring + 1
    top = bet + stack
    first = count  # the rows so far are not aggressive: only the ones added below can repeat
    for i in range(k):
        lo = w[at(RANGES + i * RANGE_ROW + R_LO)]
        hi = w[at(RANGES + i * RANGE_ROW + R_HI)]
        if lo >= top:
            lo = hi = top
        elif hi > top:
            hi = top
        dup = False
        for j in range(first, count):
            o = OPT + j * OPT_ROW
            if w[at(o + O_KIND)] == kind and w[at(o + O_LO)] == lo and w[at(o + O_HI)] == hi:
                dup = True
        if not dup:
            o = OPT + count * OPT_ROW
            w[at(o + O_KIND)] = kind
            w[at(o + O_LO)] = lo
            w[at(o + O_HI)] = hi
            count += 1
    return count


@inlined
def _next(p: Int64Array, w: Int64Array, seat: int) -> None:
    n = p[N]
    s = seat
    for _ in range(n - 1):
        s += 1
        if s == n:
            s = 0
        if w[at(A_NEED + s)]:
            w[H_ACTOR] = s
            return
    w[H_ACTOR] = -1


@inlined
def _record(p: Int64Array, w: Int64Array, to: int) -> bool:
    """Whether an aggressive action to ``to`` is a full bet or raise (Structure.record)."""
    structure = p[STRUCT]
    base = w[H_LAST_FULL]
    if structure == 0:
        step = p[BIG] if w[H_BIG_MADE] else w[H_SIZE]
        if to - base >= step:
            if w[H_OPEN_PAIR] and to - base >= p[BIG]:
                w[H_BIG_MADE] = 1
            w[H_LAST_FULL] = to
            return True
        floor = w[H_FLOOR]
        measured = to - (floor if floor > base else base)
        if p[HALF_BET] and 2 * measured >= step:
            w[H_LAST_FULL] = to
            return True
        return False
    if structure == 1:
        inc = w[H_INC]
        step = inc if inc > p[ROUND_MIN] else p[ROUND_MIN]
        if to - base >= step:
            w[H_INC] = to - base
            w[H_LAST_FULL] = to
            return True
        return False
    if to - w[H_CUR] >= w[H_INC]:
        w[H_INC] = to - w[H_CUR]
        w[H_LAST_FULL] = to
        return True
    if to - base >= w[H_INC]:
        w[H_LAST_FULL] = to
        return True
    return False


@inlined
def act(p: Int64Array, w: Int64Array, seat: int, kind: int, amount: int) -> None:
    """Take decision ``kind`` (``amount``: a call's chips, an aggressive total) for ``seat``;
    ``H_ACTOR`` becomes the next seat to act, or -1 when the round is over."""
    n = p[N]
    if kind == FOLD:
        w[at(A_FOLDED + seat)] = 1
        w[H_NIN] -= 1
        w[at(A_NEED + seat)] = 0
        for i in range(w[at(A_NCARDS + seat)]):
            w[at(FOLDC + w[H_NFOLDC])] = w[at(HELD + seat * MAX_CARDS + i)]
            w[H_NFOLDC] += 1
        if w[H_NIN] == 1:
            w[H_ACTOR] = -1
        else:
            _next(p, w, seat)
        return
    if kind == CHECK:
        w[at(A_NEED + seat)] = 0
        w[at(A_REOPEN + seat)] = 0
        w[H_LAST_CHECKER] = seat
        _next(p, w, seat)
        return
    if kind == CALL:
        w[at(A_STACK + seat)] -= amount
        w[at(A_BET + seat)] += amount
        w[at(A_CONTRIB + seat)] += amount
        w[at(A_NEED + seat)] = 0
        w[at(A_REOPEN + seat)] = 0
        _next(p, w, seat)
        return
    if kind == BRING_IN:
        full = p[BRING]
        stack = w[at(A_STACK + seat)]
        add = full if full < stack else stack
        w[at(A_STACK + seat)] -= add
        w[at(A_BET + seat)] += add
        w[at(A_CONTRIB + seat)] += add
        w[H_FORCED] = -1
        w[H_CUR] = full
        w[H_FLOOR] = full
        if not p[COMPLETES]:
            w[H_LAST_FULL] = full
            w[H_INC] = full
        if p[COMPL_RAISE]:
            w[H_AGGR] = 1
        for s in range(n):
            if s != seat and not w[at(A_FOLDED + s)] and w[at(A_STACK + s)] > 0:
                w[at(A_NEED + s)] = 1
        w[at(A_NEED + seat)] = 0
        w[at(A_REOPEN + seat)] = 0
        w[H_LAST_AGGR] = seat
        _next(p, w, seat)
        return
    to = amount
    add = to - w[at(A_BET + seat)]
    w[at(A_STACK + seat)] -= add
    w[at(A_BET + seat)] = to
    w[at(A_CONTRIB + seat)] += add
    w[H_FORCED] = -1
    if _record(p, w, to):
        w[H_AGGR] += 1
        cap = p[MAX_RAISES]
        if cap >= 0 and w[H_AGGR] > cap and w[H_NIN] > 2:
            w[H_CAPPED_MULTI] = 1
        for s in range(n):
            can = 1 if not w[at(A_FOLDED + s)] and w[at(A_STACK + s)] > 0 else 0
            w[at(A_NEED + s)] = can
            w[at(A_REOPEN + s)] = can
    else:
        for s in range(n):
            if (s != seat and not w[at(A_FOLDED + s)] and w[at(A_STACK + s)] > 0
                    and w[at(A_BET + s)] < to):
                w[at(A_NEED + s)] = 1
    if to > w[H_CUR]:
        w[H_CUR] = to
    w[at(A_NEED + seat)] = 0
    w[at(A_REOPEN + seat)] = 0
    w[H_LAST_AGGR] = seat
    _next(p, w, seat)

