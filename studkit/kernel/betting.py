"""Betting inside the kernel: the legal decisions and what each does (the rules of
:mod:`studkit.engine.legal`, :mod:`studkit.engine.betting` and :class:`Hand`'s verbs).

Options are rows ``(kind, lo, hi)`` of an int64 array: a call's ``lo`` is the chips it puts
in, an aggressive action's ``lo``..``hi`` the totals it may go to.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from studkit.kernel.jit import inlined
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
    RAISE,
)

__all__ = ["options", "act", "pot_total"]

Int64Array = npt.NDArray[np.int64]

_NO_LIMIT = 1 << 62


@inlined
def pot_total(p: Int64Array, sa: Int64Array) -> int:
    total = 0
    for s in range(p[N]):
        total += sa[A_CONTRIB, s]
    return total


@inlined
def _uncapped(p: Int64Array, h: Int64Array) -> bool:
    mode = p[UNCAP]
    if mode == 1:
        return bool(h[H_NIN] == 2 and not h[H_CAPPED_MULTI])
    if mode == 2:
        return bool(h[H_ROUND_PLAYERS] == 2)
    return False


@inlined
def _targets(p: Int64Array, h: Int64Array, sa: Int64Array, to_call: int,
             out: Int64Array) -> int:
    """The structure's ranges of totals (before the stack) into ``out``; how many."""
    structure = p[STRUCT]
    base = h[H_LAST_FULL]
    if structure == 0:
        big = p[BIG]
        size = h[H_SIZE]
        if h[H_BIG_MADE]:
            out[0, 0] = out[0, 1] = base + big
            return 1
        if h[H_OPEN_PAIR] and big != size:
            out[0, 0] = out[0, 1] = base + size
            out[1, 0] = out[1, 1] = base + big
            return 2
        out[0, 0] = out[0, 1] = base + size
        return 1
    cur = h[H_CUR]
    if structure == 1:
        inc = h[H_INC]
        step = inc if inc > p[ROUND_MIN] else p[ROUND_MIN]
        lo = base + step
        if lo <= cur:
            lo = cur + 1
        hi = base + h[H_ROUND_MAX]
        out[0, 0] = lo
        out[0, 1] = hi if hi > lo else lo
        return 1
    lo = cur + h[H_INC]
    if structure == 2:
        hi = cur + pot_total(p, sa) + to_call
        out[0, 0] = lo
        out[0, 1] = hi if hi > lo else lo
        return 1
    out[0, 0] = lo
    out[0, 1] = _NO_LIMIT
    return 1


@inlined
def options(p: Int64Array, h: Int64Array, sa: Int64Array, seat: int, opt: Int64Array,
            ranges: Int64Array) -> int:
    """The legal decisions of ``seat`` into ``opt`` (rows kind, lo, hi); how many."""
    stack = sa[A_STACK, seat]
    bet = sa[A_BET, seat]
    cur = h[H_CUR]
    forced = h[H_FORCED] == seat
    count = 0
    if forced:
        amount = p[BRING]
        if amount > stack:
            amount = stack
        opt[0, 0] = BRING_IN
        opt[0, 1] = opt[0, 2] = amount
        count = 1
    else:
        owed = cur - bet
        if owed > 0:
            if owed > stack:
                owed = stack
            opt[0, 0] = FOLD
            opt[0, 1] = opt[0, 2] = 0
            opt[1, 0] = CALL
            opt[1, 1] = opt[1, 2] = owed
            count = 2
        else:
            opt[0, 0] = CHECK
            opt[0, 1] = opt[0, 2] = 0
            count = 1
    # the aggressive action, if any (LegalActions._aggressive)
    if stack <= cur - bet or not sa[A_REOPEN, seat]:
        return count
    n = p[N]
    s = seat
    someone = False
    for _ in range(n - 1):
        s = s + 1 if s + 1 < n else 0
        if not sa[A_FOLDED, s] and sa[A_STACK, s] > 0 and sa[A_BET, s] + sa[A_STACK, s] > cur:
            someone = True
            break
    if not someone:
        return count
    if not forced:
        cap = p[MAX_RAISES]
        if cap >= 0 and h[H_AGGR] > cap and not _uncapped(p, h):
            return count
        if cur == 0:
            kind = BET
        elif h[H_LAST_FULL] == 0 and p[COMPLETES]:
            kind = COMPLETE
        else:
            kind = RAISE
        k = _targets(p, h, sa, cur - bet, ranges)
    else:
        if not p[MAY_COMPLETE]:
            return count
        bring = p[BRING]
        if bet + stack <= bring:
            return count
        if p[COMPLETES]:
            kind = COMPLETE
            k = _targets(p, h, sa, 0, ranges)
        else:
            kind = BET
            lo = 2 * bring
            hi = pot_total(p, sa) if p[STRUCT] == 2 else _NO_LIMIT
            ranges[0, 0] = lo
            ranges[0, 1] = hi if hi > lo else lo
            k = 1
        for i in range(k):
            if ranges[i, 0] <= bring:
                ranges[i, 0] = bring + 1
            if ranges[i, 1] <= bring:
                ranges[i, 1] = bring + 1
    top = bet + stack
    first = count  # the rows so far are not aggressive: only the ones added below can repeat
    for i in range(k):
        lo = ranges[i, 0]
        hi = ranges[i, 1]
        if lo >= top:
            lo = hi = top
        elif hi > top:
            hi = top
        dup = False
        for j in range(first, count):
            if opt[j, 0] == kind and opt[j, 1] == lo and opt[j, 2] == hi:
                dup = True
        if not dup:
            opt[count, 0] = kind
            opt[count, 1] = lo
            opt[count, 2] = hi
            count += 1
    return count


@inlined
def _next(p: Int64Array, h: Int64Array, sa: Int64Array, seat: int) -> None:
    n = p[N]
    s = seat
    for _ in range(n - 1):
        s += 1
        if s == n:
            s = 0
        if sa[A_NEED, s]:
            h[H_ACTOR] = s
            return
    h[H_ACTOR] = -1


@inlined
def _record(p: Int64Array, h: Int64Array, to: int) -> bool:
    """Whether an aggressive action to ``to`` is a full bet or raise (Structure.record)."""
    structure = p[STRUCT]
    base = h[H_LAST_FULL]
    if structure == 0:
        step = p[BIG] if h[H_BIG_MADE] else h[H_SIZE]
        if to - base >= step:
            if h[H_OPEN_PAIR] and to - base >= p[BIG]:
                h[H_BIG_MADE] = 1
            h[H_LAST_FULL] = to
            return True
        floor = h[H_FLOOR]
        measured = to - (floor if floor > base else base)
        if p[HALF_BET] and 2 * measured >= step:
            h[H_LAST_FULL] = to
            return True
        return False
    if structure == 1:
        inc = h[H_INC]
        step = inc if inc > p[ROUND_MIN] else p[ROUND_MIN]
        if to - base >= step:
            h[H_INC] = to - base
            h[H_LAST_FULL] = to
            return True
        return False
    if to - h[H_CUR] >= h[H_INC]:
        h[H_INC] = to - h[H_CUR]
        h[H_LAST_FULL] = to
        return True
    if to - base >= h[H_INC]:
        h[H_LAST_FULL] = to
        return True
    return False


@inlined
def act(p: Int64Array, h: Int64Array, sa: Int64Array, held: Int64Array, foldc: Int64Array,
        seat: int, kind: int, amount: int) -> None:
    """Take decision ``kind`` (``amount``: a call's chips, an aggressive total) for ``seat``;
    ``H_ACTOR`` becomes the next seat to act, or -1 when the round is over."""
    n = p[N]
    if kind == FOLD:
        sa[A_FOLDED, seat] = 1
        h[H_NIN] -= 1
        sa[A_NEED, seat] = 0
        for i in range(sa[A_NCARDS, seat]):
            foldc[h[H_NFOLDC]] = held[seat, i]
            h[H_NFOLDC] += 1
        if h[H_NIN] == 1:
            h[H_ACTOR] = -1
        else:
            _next(p, h, sa, seat)
        return
    if kind == CHECK:
        sa[A_NEED, seat] = 0
        sa[A_REOPEN, seat] = 0
        h[H_LAST_CHECKER] = seat
        _next(p, h, sa, seat)
        return
    if kind == CALL:
        sa[A_STACK, seat] -= amount
        sa[A_BET, seat] += amount
        sa[A_CONTRIB, seat] += amount
        sa[A_NEED, seat] = 0
        sa[A_REOPEN, seat] = 0
        _next(p, h, sa, seat)
        return
    if kind == BRING_IN:
        full = p[BRING]
        stack = sa[A_STACK, seat]
        add = full if full < stack else stack
        sa[A_STACK, seat] -= add
        sa[A_BET, seat] += add
        sa[A_CONTRIB, seat] += add
        h[H_FORCED] = -1
        h[H_CUR] = full
        h[H_FLOOR] = full
        if not p[COMPLETES]:
            h[H_LAST_FULL] = full
            h[H_INC] = full
        if p[COMPL_RAISE]:
            h[H_AGGR] = 1
        for s in range(n):
            if s != seat and not sa[A_FOLDED, s] and sa[A_STACK, s] > 0:
                sa[A_NEED, s] = 1
        sa[A_NEED, seat] = 0
        sa[A_REOPEN, seat] = 0
        h[H_LAST_AGGR] = seat
        _next(p, h, sa, seat)
        return
    to = amount
    add = to - sa[A_BET, seat]
    sa[A_STACK, seat] -= add
    sa[A_BET, seat] = to
    sa[A_CONTRIB, seat] += add
    h[H_FORCED] = -1
    if _record(p, h, to):
        h[H_AGGR] += 1
        cap = p[MAX_RAISES]
        if cap >= 0 and h[H_AGGR] > cap and h[H_NIN] > 2:
            h[H_CAPPED_MULTI] = 1
        for s in range(n):
            can = 1 if not sa[A_FOLDED, s] and sa[A_STACK, s] > 0 else 0
            sa[A_NEED, s] = can
            sa[A_REOPEN, s] = can
    else:
        for s in range(n):
            if (s != seat and not sa[A_FOLDED, s] and sa[A_STACK, s] > 0
                    and sa[A_BET, s] < to):
                sa[A_NEED, s] = 1
    if to > h[H_CUR]:
        h[H_CUR] = to
    sa[A_NEED, seat] = 0
    sa[A_REOPEN, seat] = 0
    h[H_LAST_AGGR] = seat
    _next(p, h, sa, seat)

