"""The showdown inside the kernel: who shows and who mucks, the main and side pots, the
split by pot shares with odd chips (the rules of :mod:`studkit.engine.showdown` and
:mod:`studkit.engine.pots`), and what the tally counts of it.

Scratch lives in the state array ``w`` (offsets ``W_*``, planes ``M_*``); seat sets are bit
masks.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from studkit.kernel.evaluate import evaluate, first_best_five, rank_strength
from studkit.kernel.jit import at, compiled, inlined
from studkit.kernel.plan import (
    LAST_CHECKER,
    MUCK,
    NSHARES,
    ODD_HAND,
    ODD_METHOD,
    ODD_SHARE,
    SH_EVALUATOR,
    SH_QUALIFIER,
    SH_WEIGHT,
    N,
)
from studkit.kernel.state import (
    A_CONTRIB,
    A_FOLDED,
    A_NCARDS,
    A_STACK,
    A_VALUES,
    COMM,
    H_BUTTON,
    H_EXPOSED,
    H_LAST_AGGR,
    H_LAST_CHECKER,
    H_LEADER,
    H_NCOMM,
    HELD,
    M_BEST,
    M_ODD_ORDER,
    M_STRENGTH,
    MAIN,
    MAX_CARDS,
    MAX_SEATS,
    W_AMOUNTS,
    W_CARDS,
    W_FIVE,
    W_HOLD,
    W_KEYS,
    W_MASKS,
    W_ORDER,
    W_PAY,
    W_PORTIONS,
    W_WHICH,
    W_WINNERS,
)

__all__ = ["showdown", "SPLIT_BIT"]

Int64Array = npt.NDArray[np.int64]
Int32Array = npt.NDArray[np.int32]

SPLIT_BIT = 62
"""The bit of :func:`showdown`'s result set when a pot was split among two or more seats."""


@inlined
def _build_pots(n: int, w: Int64Array) -> int:
    """The main pot and side pots (build_pots): amounts and eligible-seat masks into
    ``w``; how many."""
    total = 0
    top = -1
    low = -1
    live = 0
    for s in range(n):
        chips = w[at(A_CONTRIB + s)]
        total += chips
        if not w[at(A_FOLDED + s)]:
            live |= 1 << s
            if chips > top:
                top = chips
            if low < 0 or chips < low:
                low = chips
    if total == 0:
        return 0
    if low == top:
        w[W_AMOUNTS] = total
        w[W_MASKS] = live
        return 1
    count = 0
    previous = 0
    while True:
        level = -1
        for s in range(n):  # the next live contribution above the previous level
            chips = w[A_CONTRIB + s]
            if live >> s & 1 and chips > previous and (level < 0 or chips < level):
                level = chips
        if level < 0:
            break
        last = level == top
        amount = 0
        eligible = 0
        for s in range(n):
            chips = w[A_CONTRIB + s]
            if chips > previous:
                amount += (chips if last or chips < level else level) - previous
            if live >> s & 1 and chips >= level:
                eligible |= 1 << s
        previous = level
        if amount == 0:
            continue
        if count and w[W_MASKS + count - 1] == eligible:
            w[W_AMOUNTS + count - 1] += amount
        else:
            w[W_AMOUNTS + count] = amount
            w[W_MASKS + count] = eligible
            count += 1
    return count


@inlined
def _card_key(c: int, low: bool, spos: Int64Array) -> int:
    rank = c >> 2
    if low and rank == 12:
        rank = -1
    return int((rank + 1) * 4 + spos[c & 3])


@inlined
def _odd_chip_orders(p: Int64Array, sh: Int64Array, w: Int64Array, spos: Int64Array,
                     ix: Int64Array, byr: Int32Array, fl: Int32Array, shown: int) -> None:
    """Per share, the seats in odd-chip priority (odd_chip_order) into ``w[M_ODD_ORDER]``."""
    method = p[ODD_METHOD]
    low = method == 2
    for share in range(p[NSHARES]):
        odd_order = M_ODD_ORDER + share * MAX_SEATS
        for k in range(shown):
            w[odd_order + k] = w[W_ORDER + k]
        if method == 0:
            continue
        for k in range(shown):
            s = w[W_ORDER + k]
            count = w[A_NCARDS + s]
            off = W_CARDS
            for i in range(count):
                w[W_CARDS + i] = w[HELD + s * MAX_CARDS + i]
            if p[ODD_HAND]:
                for i in range(w[H_NCOMM]):
                    w[W_CARDS + count + i] = w[COMM + i]
                count = first_best_five(w, W_CARDS, count + w[H_NCOMM],
                                        sh[share, SH_EVALUATOR], ix, byr, fl, w, W_FIVE)
                off = W_FIVE
            best = 0
            found = False
            for i in range(count):
                c = w[off + i]
                if c >= 52:
                    continue
                key = _card_key(c, low, spos)
                if not found or (key < best if low else key > best):
                    best = key
                    found = True
            if not found:
                best = -1
            w[W_KEYS + k] = best if low else -best
        for k in range(1, shown):  # a stable insertion sort by key
            s = w[odd_order + k]
            key = w[W_KEYS + k]
            j = k - 1
            while j >= 0 and w[W_KEYS + j] > key:
                w[W_KEYS + j + 1] = w[W_KEYS + j]
                w[odd_order + j + 1] = w[odd_order + j]
                j -= 1
            w[W_KEYS + j + 1] = key
            w[M_ODD_ORDER + share * MAX_SEATS + j + 1] = s


@inlined
def _split(amount: int, winners: int, share: int, shown: int, w: Int64Array, n: int) -> int:
    """Pay ``amount`` equally to the seats of mask ``winners`` (into ``w[W_PAY]``), odd
    chips in the share's order; returns the mask of seats that got chips."""
    count = 0
    for s in range(n):
        count += winners >> s & 1
    paid = 0
    if count == 1:
        for s in range(n):
            if winners >> s & 1:
                w[W_PAY + s] += amount
                if amount > 0:
                    paid |= 1 << s
        return paid
    each = amount // count
    odd = amount - each * count
    rank = 0
    done = 0
    for k in range(shown + n):
        # the seats in the share's odd-chip order, then the rest by seat
        s = w[M_ODD_ORDER + share * MAX_SEATS + k] if k < shown else k - shown
        if winners >> s & 1 and not done >> s & 1:
            chips = each + 1 if rank < odd else each
            w[W_PAY + s] += chips
            if chips > 0:
                paid |= 1 << s
            done |= 1 << s
            rank += 1
    return paid


@inlined
def _sole_winner(n: int, w: Int64Array) -> int:
    """The seat of the one strongest hand of the first share, or -1 (none qualifies, or a
    tie)."""
    strongest = 0
    winner = -1
    ties = 0
    for s in range(n):
        value = w[at(M_STRENGTH + s)]
        if value > strongest:
            strongest = value
            winner = s
            ties = 1
        elif value == strongest and value > 0:
            ties += 1
    return winner if ties == 1 else -1


@inlined
def _last_pot(s: int, w: Int64Array, npots: int) -> int:
    last = -1
    for pot in range(npots):
        if w[W_MASKS + pot] >> s & 1:
            last = pot
    return last


@inlined
def _can_win(s: int, nsh: int, npots: int, w: Int64Array, seen_pot: int) -> bool:
    for pot in range(npots):
        if not w[W_MASKS + pot] >> s & 1:
            continue
        if not seen_pot >> pot & 1:
            return True
        qualified = False  # whether a hand shown qualifies for a share of this pot
        for share in range(nsh):
            mine = w[M_STRENGTH + share * MAX_SEATS + s]
            if mine > 0 and mine >= w[M_BEST + pot * MAX_SEATS + share]:
                return True
            if w[M_BEST + pot * MAX_SEATS + share] > 0:
                qualified = True
        if not qualified:  # the pot may yet be chopped among every hand: show for it
            return True
    return False


@inlined
def _strength_of(w: Int64Array, share: int, mask: int, n: int) -> int:
    for s in range(n):
        if mask >> s & 1:
            return int(w[M_STRENGTH + share * MAX_SEATS + s])
    return 0


@compiled
def showdown(p: Int64Array, sh: Int64Array, w: Int64Array, spos: Int64Array, ix: Int64Array,
             byr: Int32Array, fl: Int32Array) -> int:
    """Show or muck, split every pot; stacks take the payouts. ``w[MAIN + share]`` gets the
    strength that won the share of the main pot (0 for none, -1 when the share took no
    chips of it). Returns the mask of seats that won chips, with :data:`SPLIT_BIT` set when
    a pot was split among two or more of them.

    Called, not inlined: numba's inlining copies a function's code at a cost that grows with
    the square of its size, and this is the kernel's largest step. As a call it costs about
    200 instructions a showdown; inlined, the first compilation took 60% more time and
    three times the memory."""
    n = p[N]
    nsh = p[NSHARES]
    ncomm = w[H_NCOMM]
    for share in range(nsh):
        ev = sh[share, SH_EVALUATOR]
        qualifier = sh[share, SH_QUALIFIER]
        for s in range(n):
            slot = at(M_STRENGTH + share * MAX_SEATS + s)
            if w[at(A_FOLDED + s)]:
                w[slot] = 0
                continue
            count = w[at(A_NCARDS + s)]
            value = -1 if ncomm else rank_strength(w[at(A_VALUES + s)], count, ev, ix, byr)
            if value < 0:  # community cards, or a suit may hold five: the whole evaluator
                for i in range(count):
                    w[at(W_CARDS + i)] = w[at(HELD + s * MAX_CARDS + i)]
                for i in range(ncomm):
                    w[at(W_CARDS + count + i)] = w[at(COMM + i)]
                value = evaluate(w, W_CARDS, count + ncomm, ev, ix, byr, fl)
            w[slot] = value if value >= qualifier else 0
    npots = _build_pots(n, w)
    if npots == 1 and nsh == 1:
        # one pot and one share with a single strongest hand: it takes the pot whoever shows
        # or mucks (only weaker hands muck), so the show order and the odd chips are moot
        winner = _sole_winner(n, w)
        if winner >= 0:
            w[at(A_STACK + winner)] += w[W_AMOUNTS]
            w[MAIN] = w[at(M_STRENGTH + winner)]
            return 1 << winner
    # the show order (show_order)
    start = w[H_LAST_AGGR]
    if start < 0 or w[at(A_FOLDED + start)]:
        start = w[H_LAST_CHECKER] if p[LAST_CHECKER] else w[H_LEADER]
    if start < 0 or w[at(A_FOLDED + start)]:
        start = w[H_LEADER]
    if start < 0 or w[at(A_FOLDED + start)]:
        start = w[H_BUTTON] + 1  # the button's left (the button is a seat, below n)
        if start == n:
            start = 0
    live = 0
    s = start  # every seat from start, round the table: (start + i) % n
    for _ in range(n):
        if not w[at(A_FOLDED + s)]:
            w[at(W_ORDER + live)] = s
            live += 1
        s += 1
        if s == n:
            s = 0
    if npots > 1:  # side-pot contenders first: a stable sort by the last pot each may win
        for k in range(1, live):
            s = w[W_ORDER + k]
            j = k - 1
            while j >= 0 and _last_pot(w[W_ORDER + j], w, npots) < _last_pot(s, w, npots):
                w[W_ORDER + j + 1] = w[W_ORDER + j]
                j -= 1
            w[W_ORDER + j + 1] = s
    may_muck = p[MUCK] and not w[H_EXPOSED]
    shown = 0
    mucked = 0  # mucked seats follow the shown ones in the odd-chip order
    if npots == 1 and nsh == 1:
        best_shown = -1
        for k in range(live):
            s = w[at(W_ORDER + k)]
            value = w[at(M_STRENGTH + s)]
            if may_muck and shown and value < best_shown:
                w[at(M_STRENGTH + s)] = 0
                w[at(W_HOLD + mucked)] = s
                mucked += 1
                continue
            w[at(W_ORDER + shown)] = s
            shown += 1
            if value > best_shown:
                best_shown = value
    else:
        seen_pot = 0
        for k in range(live):
            s = w[W_ORDER + k]
            if may_muck and shown and not _can_win(s, nsh, npots, w, seen_pot):
                for share in range(nsh):
                    w[M_STRENGTH + share * MAX_SEATS + s] = 0
                w[W_HOLD + mucked] = s
                mucked += 1
                continue
            w[W_ORDER + shown] = s
            shown += 1
            for pot in range(npots):
                if w[W_MASKS + pot] >> s & 1:
                    for share in range(nsh):
                        mine = w[M_STRENGTH + share * MAX_SEATS + s]
                        if not seen_pot >> pot & 1 or mine > w[M_BEST + pot * MAX_SEATS + share]:
                            w[M_BEST + pot * MAX_SEATS + share] = mine
                    seen_pot |= 1 << pot
    for k in range(mucked):
        w[W_ORDER + shown + k] = w[W_HOLD + k]
    return _award(p, sh, w, npots, shown + mucked, spos, ix, byr, fl)


@inlined
def _award(p: Int64Array, sh: Int64Array, w: Int64Array, npots: int, shown: int, spos: Int64Array,
           ix: Int64Array, byr: Int32Array, fl: Int32Array) -> int:
    n = p[N]
    nsh = p[NSHARES]
    for share in range(nsh):
        w[MAIN + share] = -1
    if npots == 0:
        return 0
    # (one pot and one share with a single strongest hand was paid by showdown)
    _odd_chip_orders(p, sh, w, spos, ix, byr, fl, shown)
    for s in range(n):
        w[W_PAY + s] = 0
    won = 0
    split = False
    odd_share = p[ODD_SHARE]
    for pot in range(npots):
        amount = w[W_AMOUNTS + pot]
        if amount == 0:
            continue
        eligible = w[W_MASKS + pot]
        count = 0
        for share in range(nsh):
            best = 0
            mask = 0
            for s in range(n):
                if not eligible >> s & 1:
                    continue
                value = w[M_STRENGTH + share * MAX_SEATS + s]
                if value > best:
                    best = value
                    mask = 1 << s
                elif value == best and best > 0:
                    mask |= 1 << s
            if mask:
                w[W_WHICH + count] = share
                w[W_WINNERS + count] = mask
                count += 1
        paid = 0
        if count == 0:
            paid = _split(amount, eligible, odd_share, shown, w, n)
            if pot == 0:
                w[MAIN + odd_share] = 0
        elif count == 1:
            share = w[W_WHICH]
            paid = _split(amount, w[W_WINNERS], share, shown, w, n)
            if pot == 0:
                w[MAIN + share] = _strength_of(w, share, w[W_WINNERS], n)
        else:
            total_weight = 0
            for k in range(count):
                total_weight += sh[w[W_WHICH + k], SH_WEIGHT]
            given = 0
            first = -1
            for k in range(count):
                portion = amount * sh[w[W_WHICH + k], SH_WEIGHT] // total_weight
                w[W_PORTIONS + k] = portion
                given += portion
                if w[W_WHICH + k] == odd_share and first < 0:
                    first = k
            odd = amount - given
            k = first if first >= 0 else 0
            while odd:
                w[W_PORTIONS + k] += 1
                odd -= 1
                k = (k + 1) % count
            for k in range(count):
                portion = w[W_PORTIONS + k]
                if portion:
                    share = w[W_WHICH + k]
                    paid |= _split(portion, w[W_WINNERS + k], share, shown, w, n)
                    if pot == 0:
                        w[MAIN + share] = _strength_of(w, share, w[W_WINNERS + k], n)
        won |= paid
        many = 0
        for s in range(n):
            many += paid >> s & 1
        if many > 1:
            split = True
    for s in range(n):
        w[A_STACK + s] += w[W_PAY + s]
    return won | (1 << SPLIT_BIT if split else 0)
