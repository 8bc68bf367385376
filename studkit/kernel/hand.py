"""Whole hands inside the kernel: the round set-up, the hand's set-up and counters, and a
block of hands, each from the antes to the awards, counted into tally arrays.

:func:`play_block` is the kernel's entry point: hands ``start`` .. ``stop - 1`` of a run,
each a function of ``(seed, index)`` alone (its button, its shuffle, its bots' choices), so
blocks played anywhere merge into the same totals.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from studkit.kernel.betting import act, options
from studkit.kernel.bots import CALLING, STATE_SIZE, check_or_call, choose
from studkit.kernel.deal import (
    any_open_pair,
    best_board,
    choose_forced,
    deal_street,
    seed_state,
)
from studkit.kernel.jit import at, compiled, inlined
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
    HELD,
    MAIN,
    O_KIND,
    O_LO,
    OPT,
    OPT_ROW,
    ORDER,
    REC_ACTS,
    REC_CARDS,
    SEATS,
    STUB,
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
def _start_round(street: int, p: Int64Array, sp: Int64Array, w: Int64Array, fkey: Int64Array,
                 tkey: Int64Array, ix: Int64Array, byr: Int32Array, fl: Int32Array) -> bool:
    """Set up the betting round (Hand._start_round); False when fewer than two can bet."""
    n = p[N]
    can = 0
    for s in range(n):
        if not w[at(A_FOLDED + s)] and w[at(A_STACK + s)] > 0:
            can += 1
    if can < 2:
        for s in range(n):
            w[at(A_NEED + s)] = 0
        return False
    for s in range(n):
        flag = 1 if not w[at(A_FOLDED + s)] and w[at(A_STACK + s)] > 0 else 0
        w[at(A_NEED + s)] = flag
        w[at(A_REOPEN + s)] = flag
    w[H_CUR] = 0
    w[H_LAST_FULL] = 0
    w[H_FLOOR] = 0
    w[H_INC] = p[MIN_OPEN]
    w[H_SIZE] = sp[at(street), S_SIZE]
    w[H_OPEN_PAIR] = 1 if sp[at(street), S_OPEN_PAIR] and any_open_pair(p, w) else 0
    w[H_BIG_MADE] = 0
    w[H_ROUND_MAX] = sp[at(street), S_ROUND_MAX]
    w[H_AGGR] = 0
    w[H_CAPPED_MULTI] = 0
    w[H_ROUND_PLAYERS] = w[H_NIN]
    w[H_LAST_AGGR] = -1
    w[H_LAST_CHECKER] = -1
    w[H_RAISES] = 0
    if street == 0 and p[BRING]:
        forced = choose_forced(p, w, fkey)
        if forced >= 0:
            w[H_FORCED] = forced
            w[H_LEADER] = forced
            w[H_ACTOR] = forced
            return True
    previous = w[H_LEADER]
    if (previous >= 0 and not sp[at(street), S_FACES_UP] and not w[at(A_FOLDED + previous)]
            and street > 0 and w[H_NCOMM] == 0):
        leader = previous
    else:
        leader = best_board(p, w, tkey, ix, byr, fl)
    w[H_PREV_LEADER] = w[H_LEADER]
    w[H_LEADER] = leader
    s = leader
    for _ in range(n):
        if w[at(A_NEED + s)]:
            w[H_ACTOR] = s
            return True
        s = s + 1 if s + 1 < n else 0
    return False


@inlined
def _end_round(p: Int64Array, w: Int64Array) -> None:
    """Return what nobody called; clear the bets."""
    n = p[N]
    top = 0
    top_seat = -1
    ties = 0
    for s in range(n):
        bet = w[at(A_BET + s)]
        if bet > top:
            top = bet
            top_seat = s
            ties = 1
        elif bet == top:
            ties += 1
    if top and ties == 1:
        second = 0
        for s in range(n):
            if s != top_seat and w[at(A_BET + s)] > second:
                second = w[at(A_BET + s)]
        back = top - second
        w[at(A_STACK + top_seat)] += back
        w[at(A_CONTRIB + top_seat)] -= back
    for s in range(n):
        w[at(A_BET + s)] = 0


@inlined
def _active(p: Int64Array, w: Int64Array) -> int:
    count = 0
    for s in range(p[N]):
        if not w[at(A_FOLDED + s)] and w[at(A_STACK + s)] > 0:
            count += 1
    return count


@inlined
def _set_up(index: int, seed: int, p: Int64Array, deck: Int64Array, w: Int64Array,
            rng: UInt64Array) -> None:
    """Hand ``index``'s state before its first card: the button, the order, the stub, the
    antes and the random stream."""
    n = p[N]
    for k in range(H_SLOTS):
        w[k] = 0
    w[H_ACTOR] = -1
    w[H_FORCED] = -1
    w[H_LAST_AGGR] = -1
    w[H_LAST_CHECKER] = -1
    w[H_LEADER] = -1
    w[H_PREV_LEADER] = -1
    w[H_BUTTON] = index % n
    w[H_NIN] = n
    for k in range(n):
        w[at(ORDER + k)] = (w[H_BUTTON] + 1 + k) % n
    size = p[DECK_SIZE]
    for k in range(size):
        w[at(STUB + k)] = deck[at(k)]
    w[H_LEFT] = size
    for k in range(SEATS, HELD):
        w[at(k)] = 0
    ante = p[ANTE]
    for s in range(n):
        stack = p[STACK]
        amount = ante if ante < stack else stack
        w[at(A_STACK + s)] = stack - amount
        w[at(A_CONTRIB + s)] = amount
    seed_state(rng, seed, index)


@inlined
def _count_decision(street: int, kind: int, w: Int64Array, mix: Int64Array) -> None:
    """A decision in the hand's counters and ``mix[street, kind]``."""
    mix[at(street), at(kind)] += 1
    w[H_DECISIONS] += 1
    if kind == FOLD:
        w[H_FOLDS] += 1
    if kind >= COMPLETE:
        w[H_RAISES] += 1
    if street == 0:
        if kind == BRING_IN:
            w[H_FORCED_SEEN] = 1
        elif kind == COMPLETE:
            w[H_COMPLETED] = 1


@inlined
def _uncontested(p: Int64Array, w: Int64Array) -> int:
    """Pay the one seat left in the pot; returns its mask (0 for an empty pot)."""
    winner = 0
    total = 0
    for s in range(p[N]):
        total += w[at(A_CONTRIB + s)]
        if not w[at(A_FOLDED + s)]:
            winner = s
    w[at(A_STACK + winner)] += total
    for share in range(p[NSHARES]):
        w[at(MAIN + share)] = -1
    return 1 << winner if total > 0 else 0


@inlined
def _slot(svals: Int64Array, share: int, strength: int) -> int:
    """Where ``strength`` is in the share's sorted strengths (a binary search)."""
    lo = 0
    hi = svals.shape[1] - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if svals[at(share), at(mid)] < strength:
            lo = mid + 1
        else:
            hi = mid
    return lo


def scratch() -> tuple[npt.NDArray[Any], ...]:
    """The state array and the random stream's state :func:`play_block` takes after the
    records (the kernel allocates nothing itself)."""
    return np.zeros(STATE_SIZE, dtype=np.int64), np.zeros(1, dtype=np.uint64)


@compiled
def play_block(start: int, stop: int, seed: int, p: Int64Array, sp: Int64Array, deck: Int64Array,
               fkey: Int64Array, tkey: Int64Array, spos: Int64Array, sh: Int64Array,
               bots: Int64Array, bt: Float64Array, styles: Int64Array, ix: Int64Array,
               byr: Int32Array, fl: Int32Array, svals: Int64Array, tl: Int64Array,
               tpots: Int64Array, tended: Int64Array, tmix: Int64Array, tshare: Int64Array,
               tseat: Int64Array, tcat: Int64Array, rec_c: Int64Array, rec_a: Int64Array,
               rec_n: Int64Array, rec_pay: Int64Array, w: Int64Array, rng: UInt64Array) -> int:
    """Play hands ``start`` .. ``stop - 1`` into the tally arrays (see :mod:`studkit.kernel.
    run`); with record arrays of more than one row, each hand's cards, decisions and payoffs
    too; the arrays after those are the hand's state and scratch (:func:`scratch` makes
    them). Returns 0, or ``(index << 8) | error`` for the first hand the rules cannot
    finish.

    Each hand is played in the loop's body itself, street by street, decision by decision,
    then counted. It is written here rather than in a function of its own that numba would
    inline: numba inlines a function by copying its code, at a cost that grows with the
    square of its size, and a whole hand's code is by far the largest: copying it took 134 s
    of a 330 s first compilation. The small steps it calls are inlined."""
    n = p[N]
    nsh = p[NSHARES]
    record = rec_a.shape[0] > 1
    for index in range(start, stop):
        row = index - start if record else -1
        _set_up(index, seed, p, deck, w, rng)
        won = -1
        street = -1
        while True:
            street += 1
            if street == p[NSTREETS]:
                break
            w[H_STREET] = street
            deal_street(street, p, sp, w, rng, rec_c, row, ix)
            if w[H_ERROR]:
                return int((index << 8) | w[H_ERROR])
            started = sp[at(street), S_BETTING] and _start_round(street, p, sp, w, fkey, tkey,
                                                                 ix, byr, fl)
            if not started:
                if not w[H_EXPOSED] and w[H_NIN] >= 2 and _active(p, w) < 2:
                    w[H_EXPOSED] = 1
                continue
            while w[H_ACTOR] >= 0:
                seat = w[H_ACTOR]
                bot = bots[at(seat)]
                if bot == CALLING:
                    pick = check_or_call(p, w, seat)
                else:
                    count = options(p, w, seat)
                    pick = choose(bot, p, sp, w, deck, sh, ix, byr, fl, bt, styles, seat,
                                  street, count, rng)
                kind = w[at(OPT + pick * OPT_ROW + O_KIND)]
                amount = w[at(OPT + pick * OPT_ROW + O_LO)]
                _count_decision(street, kind, w, tmix)
                if record:
                    k = w[H_NREC_ACTS]
                    if k >= REC_ACTS:
                        return int((index << 8) | ERR_LONG)
                    rec_a[at(row), at(k)] = (kind << 56) | amount
                    w[H_NREC_ACTS] = k + 1
                act(p, w, seat, kind, amount)
            _end_round(p, w)
            if w[H_NIN] == 1:
                won = _uncontested(p, w)
                break
            if not w[H_EXPOSED] and _active(p, w) < 2:
                w[H_EXPOSED] = 1
        if won < 0:
            won = showdown(p, sh, w, spos, ix, byr, fl)
        pot = 0
        for s in range(n):
            pot += w[at(A_CONTRIB + s)]
            payoff = w[at(A_STACK + s)] - p[STACK]
            tseat[0, at(s)] += payoff
            tseat[1, at(s)] += payoff * payoff
            if payoff > 0:
                tseat[2, at(s)] += 1
            if record:
                rec_pay[at(row), at(s)] = payoff
        if record:
            rec_n[at(row), 0] = min(w[H_NREC_CARDS], REC_CARDS)
            rec_n[at(row), 1] = w[H_NREC_ACTS]
        decisions = w[H_DECISIONS]
        tl[T_HANDS] += 1
        tl[T_ACTIONS] += decisions
        tl[T_ACTIONS_SQ] += decisions * decisions
        tl[T_POT] += pot
        tl[T_POT_SQ] += pot * pot
        tpots[at(pot)] += 1
        tended[at(w[H_STREET])] += 1
        if w[H_NCOMM]:
            tl[T_COMMUNITY] += 1
        if w[H_FORCED_SEEN] or w[H_COMPLETED]:
            tl[T_BRING_IN] += 1
            tl[T_COMPLETED] += w[H_COMPLETED]
        live = n - w[H_FOLDS]
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
                strength = w[at(MAIN + share)]
                if strength < 0:
                    continue
                tshare[at(share)] += 1
                if strength > 0:
                    tcat[at(share), at(_slot(svals, share, strength))] += 1
    return 0
