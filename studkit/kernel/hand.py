"""Whole hands inside the kernel: the round set-up, the bots, one hand from the antes to
the awards, and a block of hands counted into tally arrays.

:func:`play_block` is the kernel's entry point: hands ``start`` .. ``stop - 1`` of a run,
each a function of ``(seed, index)`` alone (its button, its shuffle, its bots' choices), so
blocks played anywhere merge into the same totals.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from studkit.kernel.betting import act, options
from studkit.kernel.bots import BOT_SCRATCH, choose
from studkit.kernel.deal import (
    any_open_pair,
    best_board,
    choose_forced,
    deal_street,
    seed_state,
)
from studkit.kernel.jit import compiled, inlined
from studkit.kernel.plan import (
    ANTE,
    BRING,
    DECK_SIZE,
    MIN_OPEN,
    NSHARES,
    NSTREETS,
    S_BETTING,
    S_FACES_UP,
    S_OPEN_PAIR,
    S_ROUND_MAX,
    S_SIZE,
    STACK,
    N,
)
from studkit.kernel.showdown import SPLIT_BIT, showdown
from studkit.kernel.state import (
    A_BET,
    A_CONTRIB,
    A_FOLDED,
    A_NEED,
    A_REOPEN,
    A_STACK,
    BRING_IN,
    COMPLETE,
    ERR_LONG,
    FOLD,
    H_ACTOR,
    H_AGGR,
    H_BIG_MADE,
    H_BUTTON,
    H_CAPPED_MULTI,
    H_COMPLETED,
    H_CUR,
    H_DECISIONS,
    H_ERROR,
    H_EXPOSED,
    H_FLOOR,
    H_FOLDS,
    H_FORCED,
    H_FORCED_SEEN,
    H_INC,
    H_LAST_AGGR,
    H_LAST_CHECKER,
    H_LAST_FULL,
    H_LEADER,
    H_LEFT,
    H_NCOMM,
    H_NIN,
    H_NREC_ACTS,
    H_NREC_CARDS,
    H_OPEN_PAIR,
    H_PREV_LEADER,
    H_RAISES,
    H_ROUND_MAX,
    H_ROUND_PLAYERS,
    H_SIZE,
    H_SLOTS,
    H_STREET,
    M_PLANES,
    MAX_CARDS,
    MAX_COMMUNITY,
    MAX_SEATS,
    REC_ACTS,
    REC_CARDS,
    SEAT_ROWS,
    W_SIZE,
)

__all__ = ["play_block", "scratch", "TALLY_SLOTS"]

Int64Array = npt.NDArray[np.int64]
Int32Array = npt.NDArray[np.int32]
UInt64Array = npt.NDArray[np.uint64]
Float64Array = npt.NDArray[np.float64]

# Slots of the scalar tally array.
T_HANDS = 0
T_SHOWDOWNS = 1
T_SPLITS = 2
T_SCOOPS = 3
T_COMMUNITY = 4
T_BRING_IN = 5
T_COMPLETED = 6
T_ACTIONS = 7
T_ACTIONS_SQ = 8
T_POT = 9
T_POT_SQ = 10
T_AT_SHOWDOWN = 11
T_AT_SHOWDOWN_SQ = 12
TALLY_SLOTS = 13


@inlined
def _start_round(street: int, p: Int64Array, sp: Int64Array, h: Int64Array, sa: Int64Array,
                 ups: Int64Array, comm: Int64Array, order: Int64Array, fkey: Int64Array,
                 tkey: Int64Array, ix: Int64Array, byr: Int32Array, fl: Int32Array,
                 wk: Int64Array) -> bool:
    """Set up the betting round (Hand._start_round); False when fewer than two can bet."""
    n = p[N]
    can = 0
    for s in range(n):
        if not sa[A_FOLDED, s] and sa[A_STACK, s] > 0:
            can += 1
    if can < 2:
        for s in range(n):
            sa[A_NEED, s] = 0
        return False
    for s in range(n):
        flag = 1 if not sa[A_FOLDED, s] and sa[A_STACK, s] > 0 else 0
        sa[A_NEED, s] = flag
        sa[A_REOPEN, s] = flag
    h[H_CUR] = 0
    h[H_LAST_FULL] = 0
    h[H_FLOOR] = 0
    h[H_INC] = p[MIN_OPEN]
    h[H_SIZE] = sp[street, S_SIZE]
    h[H_OPEN_PAIR] = 1 if sp[street, S_OPEN_PAIR] and any_open_pair(p, sa, ups) else 0
    h[H_BIG_MADE] = 0
    h[H_ROUND_MAX] = sp[street, S_ROUND_MAX]
    h[H_AGGR] = 0
    h[H_CAPPED_MULTI] = 0
    h[H_ROUND_PLAYERS] = h[H_NIN]
    h[H_LAST_AGGR] = -1
    h[H_LAST_CHECKER] = -1
    h[H_RAISES] = 0
    if street == 0 and p[BRING]:
        forced = choose_forced(p, sa, ups, order, fkey)
        if forced >= 0:
            h[H_FORCED] = forced
            h[H_LEADER] = forced
            h[H_ACTOR] = forced
            return True
    previous = h[H_LEADER]
    if (previous >= 0 and not sp[street, S_FACES_UP] and not sa[A_FOLDED, previous]
            and street > 0 and h[H_NCOMM] == 0):
        leader = previous
    else:
        leader = best_board(p, h, sa, ups, comm, order, tkey, ix, byr, fl, wk)
    h[H_PREV_LEADER] = h[H_LEADER]
    h[H_LEADER] = leader
    s = leader
    for _ in range(n):
        if sa[A_NEED, s]:
            h[H_ACTOR] = s
            return True
        s = s + 1 if s + 1 < n else 0
    return False


@inlined
def _end_round(p: Int64Array, sa: Int64Array) -> None:
    """Return what nobody called; clear the bets."""
    n = p[N]
    top = 0
    top_seat = -1
    ties = 0
    for s in range(n):
        bet = sa[A_BET, s]
        if bet > top:
            top = bet
            top_seat = s
            ties = 1
        elif bet == top:
            ties += 1
    if top and ties == 1:
        second = 0
        for s in range(n):
            if s != top_seat and sa[A_BET, s] > second:
                second = sa[A_BET, s]
        back = top - second
        sa[A_STACK, top_seat] += back
        sa[A_CONTRIB, top_seat] -= back
    for s in range(n):
        sa[A_BET, s] = 0


@inlined
def _active(p: Int64Array, sa: Int64Array) -> int:
    count = 0
    for s in range(p[N]):
        if not sa[A_FOLDED, s] and sa[A_STACK, s] > 0:
            count += 1
    return count


@compiled
def play_hand(
    index: int, seed: int, p: Int64Array, sp: Int64Array, deck: Int64Array,
    fkey: Int64Array, tkey: Int64Array, spos: Int64Array, sh: Int64Array, bots: Int64Array,
    bt: Float64Array, styles: Int64Array, ix: Int64Array, byr: Int32Array, fl: Int32Array,
    h: Int64Array, sa: Int64Array, held: Int64Array, ups: Int64Array, comm: Int64Array,
    burned: Int64Array, foldc: Int64Array, stub: Int64Array, order: Int64Array,
    rng: UInt64Array, opt: Int64Array, ranges: Int64Array, wk: Int64Array, wm: Int64Array,
    main: Int64Array, bk: Int64Array, mix: Int64Array, rec_c: Int64Array, rec_a: Int64Array,
    row: int,
) -> int:
    """Play hand ``index``; returns the mask of :func:`showdown` (the winning seats), or
    the winner alone for a hand won uncontested. ``mix[street, kind]`` counts decisions;
    with ``row >= 0`` the cards and decisions are recorded in ``rec_c[row]`` and
    ``rec_a[row]``."""
    n = p[N]
    h[:] = 0
    h[H_ACTOR] = -1
    h[H_FORCED] = -1
    h[H_LAST_AGGR] = -1
    h[H_LAST_CHECKER] = -1
    h[H_LEADER] = -1
    h[H_PREV_LEADER] = -1
    h[H_BUTTON] = index % n
    h[H_NIN] = n
    for k in range(n):
        order[k] = (h[H_BUTTON] + 1 + k) % n
    size = p[DECK_SIZE]
    for k in range(size):
        stub[k] = deck[k]
    h[H_LEFT] = size
    sa[:] = 0
    ante = p[ANTE]
    for s in range(n):
        stack = p[STACK]
        amount = ante if ante < stack else stack
        sa[A_STACK, s] = stack - amount
        sa[A_CONTRIB, s] = amount
    seed_state(rng, seed, index)
    street = -1
    while True:
        street += 1
        if street == p[NSTREETS]:
            break
        h[H_STREET] = street
        deal_street(street, p, sp, h, sa, held, ups, comm, burned, foldc, stub, order, rng,
                    rec_c, row, ix)
        if h[H_ERROR]:
            return 0
        started = sp[street, S_BETTING] and _start_round(
            street, p, sp, h, sa, ups, comm, order, fkey, tkey, ix, byr, fl, wk)
        if not started:
            if not h[H_EXPOSED] and h[H_NIN] >= 2 and _active(p, sa) < 2:
                h[H_EXPOSED] = 1
            continue
        while h[H_ACTOR] >= 0:
            seat = h[H_ACTOR]
            count = options(p, h, sa, seat, opt, ranges)
            pick = choose(bots[seat], p, sp, h, sa, held, ups, comm, deck, sh, ix, byr, fl, bt,
                          styles, bk, wk, seat, street, opt, count, rng)
            kind = opt[pick, 0]
            amount = opt[pick, 1]
            mix[street, kind] += 1
            h[H_DECISIONS] += 1
            if kind == FOLD:
                h[H_FOLDS] += 1
            if kind >= COMPLETE:
                h[H_RAISES] += 1
            if street == 0:
                if kind == BRING_IN:
                    h[H_FORCED_SEEN] = 1
                elif kind == COMPLETE:
                    h[H_COMPLETED] = 1
            if row >= 0:
                k = h[H_NREC_ACTS]
                if k >= REC_ACTS:
                    h[H_ERROR] = ERR_LONG
                    return 0
                rec_a[row, k] = (kind << 56) | amount
                h[H_NREC_ACTS] = k + 1
            act(p, h, sa, held, foldc, seat, kind, amount)
        _end_round(p, sa)
        if h[H_NIN] == 1:
            winner = 0
            total = 0
            for s in range(n):
                total += sa[A_CONTRIB, s]
                if not sa[A_FOLDED, s]:
                    winner = s
            sa[A_STACK, winner] += total
            for share in range(p[NSHARES]):
                main[share] = -1
            return 1 << winner if total > 0 else 0
        if not h[H_EXPOSED] and _active(p, sa) < 2:
            h[H_EXPOSED] = 1
    return showdown(p, sh, h, sa, held, comm, spos, ix, byr, fl, wk, wm, main)


@inlined
def _slot(svals: Int64Array, share: int, strength: int) -> int:
    """Where ``strength`` is in the share's sorted strengths (a binary search)."""
    lo = 0
    hi = svals.shape[1] - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if svals[share, mid] < strength:
            lo = mid + 1
        else:
            hi = mid
    return lo


def scratch(players: int, shares: int) -> tuple[npt.NDArray[Any], ...]:
    """The state and scratch arrays :func:`play_block` takes after the records (the kernel
    allocates nothing itself)."""
    zeros = np.zeros
    return (
        zeros(H_SLOTS, dtype=np.int64), zeros((SEAT_ROWS, players), dtype=np.int64),
        zeros((players, MAX_CARDS), dtype=np.int64), zeros((players, MAX_CARDS), dtype=np.int64),
        zeros(MAX_COMMUNITY, dtype=np.int64), zeros(64, dtype=np.int64),
        zeros(128, dtype=np.int64), zeros(192, dtype=np.int64), zeros(players, dtype=np.int64),
        zeros(1, dtype=np.uint64), zeros((4, 3), dtype=np.int64), zeros((2, 2), dtype=np.int64),
        zeros(W_SIZE, dtype=np.int64), zeros((M_PLANES, MAX_SEATS, MAX_SEATS), dtype=np.int64),
        zeros(shares, dtype=np.int64), zeros(BOT_SCRATCH, dtype=np.int64),
    )


@compiled
def play_block(
    start: int, stop: int, seed: int, p: Int64Array, sp: Int64Array, deck: Int64Array,
    fkey: Int64Array, tkey: Int64Array, spos: Int64Array, sh: Int64Array, bots: Int64Array,
    bt: Float64Array, styles: Int64Array, ix: Int64Array, byr: Int32Array, fl: Int32Array,
    svals: Int64Array, tl: Int64Array,
    tpots: Int64Array, tended: Int64Array, tmix: Int64Array, tshare: Int64Array,
    tseat: Int64Array, tcat: Int64Array, rec_c: Int64Array, rec_a: Int64Array,
    rec_n: Int64Array, rec_pay: Int64Array, h: Int64Array, sa: Int64Array,
    held: Int64Array, ups: Int64Array, comm: Int64Array, burned: Int64Array,
    foldc: Int64Array, stub: Int64Array, order: Int64Array, rng: UInt64Array,
    opt: Int64Array, ranges: Int64Array, wk: Int64Array, wm: Int64Array, main: Int64Array,
    bk: Int64Array,
) -> int:
    """Play hands ``start`` .. ``stop - 1`` into the tally arrays (see :mod:`studkit.kernel.
    run`); with record arrays of more than one row, each hand's cards, decisions and payoffs
    too; the arrays after those are the hand's state and scratch (:func:`scratch` makes
    them). Returns 0, or ``(index << 8) | error`` for the first hand the rules cannot
    finish."""
    n = p[N]
    nsh = p[NSHARES]
    record = rec_a.shape[0] > 1
    for index in range(start, stop):
        row = index - start if record else -1
        won = play_hand(index, seed, p, sp, deck, fkey, tkey, spos, sh, bots, bt, styles, ix,
                        byr, fl, h, sa, held, ups, comm, burned, foldc, stub, order, rng, opt,
                        ranges, wk, wm, main, bk, tmix, rec_c, rec_a, row)
        if h[H_ERROR]:
            return int((index << 8) | h[H_ERROR])
        pot = 0
        for s in range(n):
            pot += sa[A_CONTRIB, s]
            payoff = sa[A_STACK, s] - p[STACK]
            tseat[0, s] += payoff
            tseat[1, s] += payoff * payoff
            if payoff > 0:
                tseat[2, s] += 1
            if record:
                rec_pay[row, s] = payoff
        if record:
            rec_n[row, 0] = min(h[H_NREC_CARDS], REC_CARDS)
            rec_n[row, 1] = h[H_NREC_ACTS]
        decisions = h[H_DECISIONS]
        tl[T_HANDS] += 1
        tl[T_ACTIONS] += decisions
        tl[T_ACTIONS_SQ] += decisions * decisions
        tl[T_POT] += pot
        tl[T_POT_SQ] += pot * pot
        tpots[pot] += 1
        tended[h[H_STREET]] += 1
        if h[H_NCOMM]:
            tl[T_COMMUNITY] += 1
        if h[H_FORCED_SEEN] or h[H_COMPLETED]:
            tl[T_BRING_IN] += 1
            tl[T_COMPLETED] += h[H_COMPLETED]
        live = n - h[H_FOLDS]
        if live >= 2:
            tl[T_SHOWDOWNS] += 1
            tl[T_AT_SHOWDOWN] += live
            tl[T_AT_SHOWDOWN_SQ] += live * live
            if won >> SPLIT_BIT & 1:
                tl[T_SPLITS] += 1
            winners = 0
            for s in range(n):
                winners += won >> s & 1
            if winners == 1:
                tl[T_SCOOPS] += 1
            for share in range(nsh):
                strength = main[share]
                if strength < 0:
                    continue
                tshare[share] += 1
                if strength > 0:
                    tcat[share, _slot(svals, share, strength)] += 1
    return 0
