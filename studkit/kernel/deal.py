"""Dealing inside the kernel: the random draw, a street's cards, the deck running short,
who brings in and who acts first (the rules of :mod:`studkit.engine.streets`,
:mod:`studkit.engine.exhaustion` and :mod:`studkit.engine.first_actor`)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from studkit.kernel.evaluate import evaluate, rank_strength
from studkit.kernel.jit import at, inlined
from studkit.kernel.plan import (
    BRING,
    COMMUNITY_CARD,
    COMMUNITY_PREV,
    PARTIAL,
    RESHUFFLE_BURNS,
    REUSE_FOLDED,
    S_BURN,
    S_FACE0,
    S_ROUNDS,
    SHOWING,
    SUIT_TIE,
    N,
)
from studkit.kernel.state import (
    A_FOLDED,
    A_NCARDS,
    A_NUP,
    A_STACK,
    A_UP_VALUES,
    A_VALUES,
    BURN_TARGET,
    BURNED,
    COMM,
    COMMUNITY_TARGET,
    ERR_EXHAUSTED,
    FOLDC,
    H_ERROR,
    H_LEADER,
    H_LEFT,
    H_NBURNED,
    H_NCOMM,
    H_NFOLDC,
    H_NREC_CARDS,
    HELD,
    IX_VALUES,
    MAX_CARDS,
    ORDER,
    REC_CARDS,
    STUB,
    UPS,
    W_CARDS,
)

__all__ = ["next_u64", "below", "uniform", "seed_state", "deal_street", "choose_forced",
           "best_board", "any_open_pair"]

Int64Array = npt.NDArray[np.int64]
Int32Array = npt.NDArray[np.int32]
UInt64Array = npt.NDArray[np.uint64]

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S11 = np.uint64(11)
_SCALE = 1.0 / 9007199254740992.0


@inlined
def next_u64(rng: UInt64Array) -> np.uint64:
    """The next number of a splitmix64 stream (the state is ``rng[0]``)."""
    rng[0] += _GOLDEN
    z = rng[0]
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return np.uint64(z ^ (z >> _S31))


@inlined
def uniform(rng: UInt64Array) -> float:
    """A float uniform in [0, 1)."""
    return float(next_u64(rng) >> _S11) * _SCALE


@inlined
def below(rng: UInt64Array, k: int) -> int:
    """An int uniform in 0 .. k-1."""
    return int(uniform(rng) * k)


@inlined
def seed_state(rng: UInt64Array, seed: int, index: int) -> None:
    """Start hand ``index``'s stream of a run seeded ``seed``: a function of the two alone."""
    rng[0] = np.uint64(seed & 0x7FFFFFFFFFFFFFFF)
    mixed = next_u64(rng)
    rng[0] = mixed ^ np.uint64(index)
    rng[0] = next_u64(rng)


@inlined
def _draw(w: Int64Array, rng: UInt64Array, target: int, rec: Int64Array, row: int) -> int:
    left = w[H_LEFT]
    i = below(rng, left)
    card = w[at(STUB + i)]
    w[at(STUB + i)] = w[at(STUB + left - 1)]
    w[H_LEFT] = left - 1
    if row >= 0:
        k = w[H_NREC_CARDS]
        if k < REC_CARDS:
            rec[at(row), at(k)] = ((target + 2) << 8) | card
        w[H_NREC_CARDS] = k + 1
    return int(card)


@inlined
def deal_street(street: int, p: Int64Array, sp: Int64Array, w: Int64Array, rng: UInt64Array,
                rec: Int64Array, row: int, ix: Int64Array) -> None:
    """Deal ``street``: the burn, each round to every live seat from the dealer's left, or,
    with the stub short, what the deck-exhaustion rules say (sets ``H_ERROR`` when they
    cannot finish the deal). With ``row >= 0`` each card is recorded in ``rec[row]``."""
    n = p[N]
    live = 0
    for k in range(n):
        if not w[at(A_FOLDED + w[at(ORDER + k)])]:
            live += 1
    rounds = sp[at(street), S_ROUNDS]
    burn = sp[at(street), S_BURN]
    needed = rounds * live + burn
    community = 0
    if w[H_LEFT] < needed:
        if w[H_LEFT] < needed and p[RESHUFFLE_BURNS] and w[H_NBURNED] > 0:
            for k in range(w[H_NBURNED]):
                w[at(STUB + w[H_LEFT])] = w[at(BURNED + k)]
                w[H_LEFT] += 1
            w[H_NBURNED] = 0
        if w[H_LEFT] < needed and p[REUSE_FOLDED] and w[H_NFOLDC] > 0:
            for k in range(w[H_NFOLDC]):
                w[at(STUB + w[H_LEFT])] = w[at(FOLDC + k)]
                w[H_LEFT] += 1
            w[H_NFOLDC] = 0
        left = w[H_LEFT]
        if left < needed:
            usable = left - burn
            full = 0
            if usable > 0:
                full = min(rounds, usable // live)
                if full < 0:
                    full = 0
            short = rounds - full
            if not p[COMMUNITY_CARD]:
                w[H_ERROR] = ERR_EXHAUSTED
                return
            spare = usable - full * live
            if spare < short:
                if left - full * live >= short:
                    burn = 0
                else:
                    w[H_ERROR] = ERR_EXHAUSTED
                    return
            rounds = full
            community = short
    if burn:
        w[at(BURNED + w[H_NBURNED])] = _draw(w, rng, BURN_TARGET, rec, row)
        w[H_NBURNED] += 1
    for r in range(rounds):
        up = sp[at(street), at(S_FACE0 + r)]
        for k in range(n):
            s = w[at(ORDER + k)]
            if w[at(A_FOLDED + s)]:
                continue
            card = _draw(w, rng, s, rec, row)
            w[at(HELD + s * MAX_CARDS + w[at(A_NCARDS + s)])] = card
            w[at(A_NCARDS + s)] += 1
            value = ix[at(IX_VALUES + card)]
            w[at(A_VALUES + s)] += value
            if up:
                w[at(UPS + s * MAX_CARDS + w[at(A_NUP + s)])] = card
                w[at(A_NUP + s)] += 1
                w[at(A_UP_VALUES + s)] += value
    for _ in range(community):
        w[at(COMM + w[H_NCOMM])] = _draw(w, rng, COMMUNITY_TARGET, rec, row)
        w[H_NCOMM] += 1


@inlined
def any_open_pair(p: Int64Array, w: Int64Array) -> bool:
    """Whether a live seat's up cards hold a pair (the open-pair option)."""
    for s in range(p[N]):
        if w[at(A_FOLDED + s)]:
            continue
        count = w[at(A_NUP + s)]
        for i in range(count):
            a = w[at(UPS + s * MAX_CARDS + i)]
            if a >= 52:
                continue
            for j in range(i + 1, count):
                b = w[at(UPS + s * MAX_CARDS + j)]
                if b < 52 and a >> 2 == b >> 2:
                    return True
    return False


@inlined
def choose_forced(p: Int64Array, w: Int64Array, fkey: Int64Array) -> int:
    """The seat forced to bring in, after the short-stack policy; -1 for none."""
    n = p[N]
    best = -1
    forced = -1
    for k in range(n):
        s = w[at(ORDER + k)]
        if w[at(A_FOLDED + s)]:
            continue
        for i in range(w[at(A_NUP + s)]):
            key = fkey[at(w[at(UPS + s * MAX_CARDS + i)])]
            if key > best:
                best = key
                forced = s
    if forced < 0:
        return -1
    amount = p[BRING]
    partial = p[PARTIAL]
    stack = w[at(A_STACK + forced)]
    if stack >= amount or (partial and stack > 0):
        return forced
    s = forced
    for _ in range(n - 1):
        s = s + 1 if s + 1 < n else 0
        stack = w[at(A_STACK + s)]
        if not w[at(A_FOLDED + s)] and (stack >= amount or (partial and stack > 0)):
            return s
    s = forced
    for _ in range(n - 1):
        s = s + 1 if s + 1 < n else 0
        if not w[at(A_FOLDED + s)] and w[at(A_STACK + s)] > 0:
            return s
    return -1


@inlined
def _board_key(s: int, w: Int64Array, ncomm: int, tkey: Int64Array) -> int:
    best = -1
    for i in range(w[at(A_NUP + s)]):
        k = tkey[at(w[at(UPS + s * MAX_CARDS + i)])]
        if k > best:
            best = k
    for i in range(ncomm):
        k = tkey[at(w[at(COMM + i)])]
        if k > best:
            best = k
    return best


@inlined
def best_board(p: Int64Array, w: Int64Array, tkey: Int64Array, ix: Int64Array, byr: Int32Array,
               fl: Int32Array) -> int:
    """The seat whose showing hand acts first (ties by position or by suit)."""
    ncomm = w[H_NCOMM]
    leader = w[H_LEADER]
    if ncomm and p[COMMUNITY_PREV] and leader >= 0 and not w[at(A_FOLDED + leader)]:
        return int(leader)
    ev = p[SHOWING]
    best = -1
    leader = -1
    for k in range(p[N]):
        s = w[at(ORDER + k)]
        if w[at(A_FOLDED + s)]:
            continue
        count = w[at(A_NUP + s)]
        value = rank_strength(w[at(A_UP_VALUES + s)], count, ev, ix, byr) if not ncomm else -1
        if value < 0:  # a suit may show five cards: the whole evaluator
            for i in range(count):
                w[at(W_CARDS + i)] = w[at(UPS + s * MAX_CARDS + i)]
            for i in range(ncomm):
                w[at(W_CARDS + count + i)] = w[at(COMM + i)]
            count += ncomm
            value = evaluate(w, W_CARDS, count, ev, ix, byr, fl) if count else 0
        if value > best:
            best = value
            leader = s
        elif value == best and p[SUIT_TIE]:
            if _board_key(s, w, ncomm, tkey) > _board_key(leader, w, ncomm, tkey):
                leader = s
    return int(leader)
