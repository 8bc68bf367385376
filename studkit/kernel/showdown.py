"""The showdown inside the kernel: who shows and who mucks, the main and side pots, the
split by pot shares with odd chips (the rules of :mod:`studkit.engine.showdown` and
:mod:`studkit.engine.pots`), and what the tally counts of it.

Scratch lives in ``wk`` (offsets ``W_*``) and ``wm`` (planes ``M_*``); seat sets are bit
masks.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from studkit.kernel.evaluate import evaluate, first_best_five, rank_strength
from studkit.kernel.jit import inlined
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
    H_BUTTON,
    H_EXPOSED,
    H_LAST_AGGR,
    H_LAST_CHECKER,
    H_LEADER,
    H_NCOMM,
    M_BEST,
    M_ODD_ORDER,
    M_STRENGTH,
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
def _build_pots(n: int, sa: Int64Array, wk: Int64Array) -> int:
    """The main pot and side pots (build_pots): amounts and eligible-seat masks into
    ``wk``; how many."""
    total = 0
    top = -1
    low = -1
    live = 0
    for s in range(n):
        chips = sa[A_CONTRIB, s]
        total += chips
        if not sa[A_FOLDED, s]:
            live |= 1 << s
            if chips > top:
                top = chips
            if low < 0 or chips < low:
                low = chips
    if total == 0:
        return 0
    if low == top:
        wk[W_AMOUNTS] = total
        wk[W_MASKS] = live
        return 1
    count = 0
    previous = 0
    while True:
        level = -1
        for s in range(n):  # the next live contribution above the previous level
            chips = sa[A_CONTRIB, s]
            if live >> s & 1 and chips > previous and (level < 0 or chips < level):
                level = chips
        if level < 0:
            break
        last = level == top
        amount = 0
        eligible = 0
        for s in range(n):
            chips = sa[A_CONTRIB, s]
            if chips > previous:
                amount += (chips if last or chips < level else level) - previous
            if live >> s & 1 and chips >= level:
                eligible |= 1 << s
        previous = level
        if amount == 0:
            continue
        if count and wk[W_MASKS + count - 1] == eligible:
            wk[W_AMOUNTS + count - 1] += amount
        else:
            wk[W_AMOUNTS + count] = amount
            wk[W_MASKS + count] = eligible
            count += 1
    return count


@inlined
def _card_key(c: int, low: bool, spos: Int64Array) -> int:
    rank = c >> 2
    if low and rank == 12:
        rank = -1
    return int((rank + 1) * 4 + spos[c & 3])


@inlined
def _odd_chip_orders(p: Int64Array, sh: Int64Array, h: Int64Array, sa: Int64Array,
                     held: Int64Array, comm: Int64Array, spos: Int64Array, ix: Int64Array,
                     byr: Int32Array, fl: Int32Array, wk: Int64Array, wm: Int64Array,
                     shown: int) -> None:
    """Per share, the seats in odd-chip priority (odd_chip_order) into ``wm[M_ODD_ORDER]``."""
    method = p[ODD_METHOD]
    low = method == 2
    for share in range(p[NSHARES]):
        for k in range(shown):
            wm[M_ODD_ORDER, share, k] = wk[W_ORDER + k]
        if method == 0:
            continue
        for k in range(shown):
            s = wk[W_ORDER + k]
            count = sa[A_NCARDS, s]
            off = W_CARDS
            for i in range(count):
                wk[W_CARDS + i] = held[s, i]
            if p[ODD_HAND]:
                for i in range(h[H_NCOMM]):
                    wk[W_CARDS + count + i] = comm[i]
                count = first_best_five(wk, W_CARDS, count + h[H_NCOMM],
                                        sh[share, SH_EVALUATOR], ix, byr, fl, wk, W_FIVE)
                off = W_FIVE
            best = 0
            found = False
            for i in range(count):
                c = wk[off + i]
                if c >= 52:
                    continue
                key = _card_key(c, low, spos)
                if not found or (key < best if low else key > best):
                    best = key
                    found = True
            if not found:
                best = -1
            wk[W_KEYS + k] = best if low else -best
        for k in range(1, shown):  # a stable insertion sort by key
            s = wm[M_ODD_ORDER, share, k]
            key = wk[W_KEYS + k]
            j = k - 1
            while j >= 0 and wk[W_KEYS + j] > key:
                wk[W_KEYS + j + 1] = wk[W_KEYS + j]
                wm[M_ODD_ORDER, share, j + 1] = wm[M_ODD_ORDER, share, j]
                j -= 1
            wk[W_KEYS + j + 1] = key
            wm[M_ODD_ORDER, share, j + 1] = s


@inlined
def _split(amount: int, winners: int, share: int, shown: int, wk: Int64Array,
           wm: Int64Array, n: int) -> int:
    """Pay ``amount`` equally to the seats of mask ``winners`` (into ``wk[W_PAY]``), odd
    chips in the share's order; returns the mask of seats that got chips."""
    count = 0
    for s in range(n):
        count += winners >> s & 1
    paid = 0
    if count == 1:
        for s in range(n):
            if winners >> s & 1:
                wk[W_PAY + s] += amount
                if amount > 0:
                    paid |= 1 << s
        return paid
    each = amount // count
    odd = amount - each * count
    rank = 0
    done = 0
    for k in range(shown + n):
        s = wm[M_ODD_ORDER, share, k] if k < shown else k - shown  # then the rest by seat
        if winners >> s & 1 and not done >> s & 1:
            chips = each + 1 if rank < odd else each
            wk[W_PAY + s] += chips
            if chips > 0:
                paid |= 1 << s
            done |= 1 << s
            rank += 1
    return paid


@inlined
def _last_pot(s: int, wk: Int64Array, npots: int) -> int:
    last = -1
    for pot in range(npots):
        if wk[W_MASKS + pot] >> s & 1:
            last = pot
    return last


@inlined
def _can_win(s: int, nsh: int, npots: int, wk: Int64Array, seen_pot: int,
             wm: Int64Array) -> bool:
    for pot in range(npots):
        if not wk[W_MASKS + pot] >> s & 1:
            continue
        if not seen_pot >> pot & 1:
            return True
        qualified = False  # whether a hand shown qualifies for a share of this pot
        for share in range(nsh):
            mine = wm[M_STRENGTH, share, s]
            if mine > 0 and mine >= wm[M_BEST, pot, share]:
                return True
            if wm[M_BEST, pot, share] > 0:
                qualified = True
        if not qualified:  # the pot may yet be chopped among every hand: show for it
            return True
    return False


@inlined
def _strength_of(wm: Int64Array, share: int, mask: int, n: int) -> int:
    for s in range(n):
        if mask >> s & 1:
            return int(wm[M_STRENGTH, share, s])
    return 0


@inlined
def showdown(p: Int64Array, sh: Int64Array, h: Int64Array, sa: Int64Array, held: Int64Array,
             comm: Int64Array, spos: Int64Array, ix: Int64Array, byr: Int32Array,
             fl: Int32Array, wk: Int64Array, wm: Int64Array, main: Int64Array) -> int:
    """Show or muck, split every pot; stacks take the payouts. ``main[share]`` gets the
    strength that won the share of the main pot (0 for none, -1 when the share took no
    chips of it). Returns the mask of seats that won chips, with :data:`SPLIT_BIT` set when
    a pot was split among two or more of them."""
    n = p[N]
    nsh = p[NSHARES]
    ncomm = h[H_NCOMM]
    for share in range(nsh):
        ev = sh[share, SH_EVALUATOR]
        qualifier = sh[share, SH_QUALIFIER]
        for s in range(n):
            wm[M_STRENGTH, share, s] = 0
            if sa[A_FOLDED, s]:
                continue
            count = sa[A_NCARDS, s]
            value = -1 if ncomm else rank_strength(sa[A_VALUES, s], count, ev, ix, byr)
            if value < 0:  # community cards, or a suit may hold five: the whole evaluator
                for i in range(count):
                    wk[W_CARDS + i] = held[s, i]
                for i in range(ncomm):
                    wk[W_CARDS + count + i] = comm[i]
                value = evaluate(wk, W_CARDS, count + ncomm, ev, ix, byr, fl)
            wm[M_STRENGTH, share, s] = value if value >= qualifier else 0
    npots = _build_pots(n, sa, wk)
    # the show order (show_order)
    start = h[H_LAST_AGGR]
    if start < 0 or sa[A_FOLDED, start]:
        start = h[H_LAST_CHECKER] if p[LAST_CHECKER] else h[H_LEADER]
    if start < 0 or sa[A_FOLDED, start]:
        start = h[H_LEADER]
    if start < 0 or sa[A_FOLDED, start]:
        start = (h[H_BUTTON] + 1) % n
    live = 0
    for i in range(n):
        s = (start + i) % n
        if not sa[A_FOLDED, s]:
            wk[W_ORDER + live] = s
            live += 1
    if npots > 1:  # side-pot contenders first: a stable sort by the last pot each may win
        for k in range(1, live):
            s = wk[W_ORDER + k]
            j = k - 1
            while j >= 0 and _last_pot(wk[W_ORDER + j], wk, npots) < _last_pot(s, wk, npots):
                wk[W_ORDER + j + 1] = wk[W_ORDER + j]
                j -= 1
            wk[W_ORDER + j + 1] = s
    may_muck = p[MUCK] and not h[H_EXPOSED]
    shown = 0
    mucked = 0  # mucked seats follow the shown ones in the odd-chip order
    if npots == 1 and nsh == 1:
        best_shown = -1
        for k in range(live):
            s = wk[W_ORDER + k]
            if may_muck and shown and wm[M_STRENGTH, 0, s] < best_shown:
                wm[M_STRENGTH, 0, s] = 0
                wk[W_HOLD + mucked] = s
                mucked += 1
                continue
            wk[W_ORDER + shown] = s
            shown += 1
            if wm[M_STRENGTH, 0, s] > best_shown:
                best_shown = wm[M_STRENGTH, 0, s]
    else:
        seen_pot = 0
        for k in range(live):
            s = wk[W_ORDER + k]
            if may_muck and shown and not _can_win(s, nsh, npots, wk, seen_pot, wm):
                for share in range(nsh):
                    wm[M_STRENGTH, share, s] = 0
                wk[W_HOLD + mucked] = s
                mucked += 1
                continue
            wk[W_ORDER + shown] = s
            shown += 1
            for pot in range(npots):
                if wk[W_MASKS + pot] >> s & 1:
                    for share in range(nsh):
                        mine = wm[M_STRENGTH, share, s]
                        if not seen_pot >> pot & 1 or mine > wm[M_BEST, pot, share]:
                            wm[M_BEST, pot, share] = mine
                    seen_pot |= 1 << pot
    for k in range(mucked):
        wk[W_ORDER + shown + k] = wk[W_HOLD + k]
    return _award(p, sh, sa, npots, shown + mucked, main, h, held, comm, spos, ix, byr, fl,
                  wk, wm)


@inlined
def _award(p: Int64Array, sh: Int64Array, sa: Int64Array, npots: int, shown: int,
           main: Int64Array, h: Int64Array, held: Int64Array, comm: Int64Array,
           spos: Int64Array, ix: Int64Array, byr: Int32Array, fl: Int32Array,
           wk: Int64Array, wm: Int64Array) -> int:
    n = p[N]
    nsh = p[NSHARES]
    for share in range(nsh):
        main[share] = -1
    if npots == 0:
        return 0
    if npots == 1 and nsh == 1:
        strongest = 0
        winner = -1
        ties = 0
        for s in range(n):
            value = wm[M_STRENGTH, 0, s]
            if value > strongest:
                strongest = value
                winner = s
                ties = 1
            elif value == strongest and value > 0:
                ties += 1
        if strongest > 0 and ties == 1:
            sa[A_STACK, winner] += wk[W_AMOUNTS]
            main[0] = strongest
            return 1 << winner
    _odd_chip_orders(p, sh, h, sa, held, comm, spos, ix, byr, fl, wk, wm, shown)
    for s in range(n):
        wk[W_PAY + s] = 0
    won = 0
    split = False
    odd_share = p[ODD_SHARE]
    for pot in range(npots):
        amount = wk[W_AMOUNTS + pot]
        if amount == 0:
            continue
        eligible = wk[W_MASKS + pot]
        count = 0
        for share in range(nsh):
            best = 0
            mask = 0
            for s in range(n):
                if not eligible >> s & 1:
                    continue
                value = wm[M_STRENGTH, share, s]
                if value > best:
                    best = value
                    mask = 1 << s
                elif value == best and best > 0:
                    mask |= 1 << s
            if mask:
                wk[W_WHICH + count] = share
                wk[W_WINNERS + count] = mask
                count += 1
        paid = 0
        if count == 0:
            paid = _split(amount, eligible, odd_share, shown, wk, wm, n)
            if pot == 0:
                main[odd_share] = 0
        elif count == 1:
            share = wk[W_WHICH]
            paid = _split(amount, wk[W_WINNERS], share, shown, wk, wm, n)
            if pot == 0:
                main[share] = _strength_of(wm, share, wk[W_WINNERS], n)
        else:
            total_weight = 0
            for k in range(count):
                total_weight += sh[wk[W_WHICH + k], SH_WEIGHT]
            given = 0
            first = -1
            for k in range(count):
                portion = amount * sh[wk[W_WHICH + k], SH_WEIGHT] // total_weight
                wk[W_PORTIONS + k] = portion
                given += portion
                if wk[W_WHICH + k] == odd_share and first < 0:
                    first = k
            odd = amount - given
            k = first if first >= 0 else 0
            while odd:
                wk[W_PORTIONS + k] += 1
                odd -= 1
                k = (k + 1) % count
            for k in range(count):
                portion = wk[W_PORTIONS + k]
                if portion:
                    share = wk[W_WHICH + k]
                    paid |= _split(portion, wk[W_WINNERS + k], share, shown, wk, wm, n)
                    if pot == 0:
                        main[share] = _strength_of(wm, share, wk[W_WINNERS + k], n)
        won |= paid
        many = 0
        for s in range(n):
            many += paid >> s & 1
        if many > 1:
            split = True
    for s in range(n):
        sa[A_STACK, s] += wk[W_PAY + s]
    return won | (1 << SPLIT_BIT if split else 0)
