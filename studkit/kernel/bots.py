"""The bots inside the kernel: each decision of ``random``, ``calling-station``, ``tag``,
``lag`` and ``equity``.

``tag`` and ``lag`` score the hand with :func:`studkit.bots.strength.score_cards` and decide
with :func:`studkit.bots.strategy.style_choice`, ``equity`` with
:func:`~studkit.bots.strategy.equity_choice`: the general engine's bots call the same
functions, compiled here from their one definition (:func:`~studkit.kernel.jit.shared`).
What the kernel does itself is gather the facts a seat may see from its arrays (the same
ones :func:`studkit.bots.seen.seen` reads from a view) and, for ``equity``, estimate the
equity by Monte Carlo over the unseen cards exactly as :func:`studkit.bots.estimate.
estimate_equity` poses it: the opponents' down cards unknown, folded players' up cards
dead, each share won by its best qualifying hand, ties split.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from studkit.bots import strategy, strength
from studkit.bots.strategy import (
    EQUITY_STEP,
    FIRST,
    crowded,
    equity_choice,
    equity_settled,
    sized_total,
    style_choice,
    style_rolls,
)
from studkit.bots.strength import score_cards
from studkit.kernel.betting import passive, pot_total
from studkit.kernel.deal import below, uniform
from studkit.kernel.evaluate import evaluate
from studkit.kernel.jit import at, compiled, inlined, shared
from studkit.kernel.plan import CARDS, COMMUNITY_CARD, DECK_SIZE, NSHARES, NSTREETS, S_ROUNDS, N
from studkit.kernel.state import (
    A_BET,
    A_FOLDED,
    A_NCARDS,
    A_NUP,
    BK,
    CALL,
    COMM,
    COMPLETE,
    H_NCOMM,
    H_RAISES,
    HELD,
    MAX_CARDS,
    O_HI,
    O_KIND,
    O_LO,
    OPT,
    OPT_ROW,
    UPS,
    W_CARDS,
)

__all__ = ["choose", "check_or_call", "CALLING", "STATE_SIZE", "B_ENTER", "B_STAY", "B_BET",
           "B_BLUFF", "B_SIZE", "B_MAX_RAISES", "B_MARGIN", "B_TRIALS", "BOT_PARAMS"]

Int64Array = npt.NDArray[np.int64]
Int32Array = npt.NDArray[np.int32]
Float64Array = npt.NDArray[np.float64]
UInt64Array = npt.NDArray[np.uint64]

shared(strength.SCORED)
shared(strategy.DECIDED)

RANDOM: Final = 0
CALLING: Final = 1
EQUITY: Final = 4
"""Kernel bot ids (:data:`studkit.kernel.plan.KERNEL_BOTS`); 2 and 3 are styles."""

# Columns of the bot table (float64, one row per bot id).
B_ENTER: Final = 0
B_STAY: Final = 1
B_BET: Final = 2
B_BLUFF: Final = 3
B_SIZE: Final = 4
B_MAX_RAISES: Final = 5
B_MARGIN: Final = 6
B_TRIALS: Final = 7
BOT_PARAMS: Final = 8

# The bots' scratch in the state array, after the showdown's (state.BK).
_OWN: Final = BK
_OPP_N: Final = _OWN + 16
_OPP: Final = _OWN + 32
_WIDTH: Final = MAX_CARDS
_STUB: Final = _OPP + 16 * _WIDTH
_BEST: Final = _STUB + 64
_WINNERS: Final = _BEST + 8
_MINE: Final = _WINNERS + 8
_SEATS: Final = _MINE + 8
STATE_SIZE: Final = _SEATS + 16
"""The length of the hand's state array (the bots' scratch comes last)."""


@inlined
def _random(w: Int64Array, count: int, rng: UInt64Array) -> int:
    i = below(rng, count)
    o = OPT + i * OPT_ROW
    if w[at(o + O_KIND)] >= COMPLETE:
        lo = w[at(o + O_LO)]
        w[at(o + O_LO)] = lo + below(rng, w[at(o + O_HI)] - lo + 1)
    return i


@inlined
def _pick(w: Int64Array, k: int, nstub: int, rng: UInt64Array) -> int:
    """Step ``k`` of a partial shuffle of the unseen cards: the card it puts in place."""
    j = k + below(rng, nstub - k)
    card = w[_STUB + j]
    w[_STUB + j] = w[_STUB + k]
    w[_STUB + k] = card
    return int(card)


@inlined
def _take(code: int, w: Int64Array, count: int, my_bet: int, to_call: int, pot: int,
          fraction: float) -> int:
    """The row of the first option of kind ``code``, an aggressive one's total sized."""
    if code == FIRST:
        return 0
    for i in range(count):
        at = OPT + i * OPT_ROW
        if w[at + O_KIND] == code:
            if code >= COMPLETE:
                w[at + O_LO] = sized_total(w[at + O_LO], w[at + O_HI], my_bet, to_call, pot,
                                           fraction)
            return i
    return 0


@inlined
def _equity(p: Int64Array, sp: Int64Array, w: Int64Array, deck: Int64Array, sh: Int64Array,
            ix: Int64Array, byr: Int32Array, fl: Int32Array, seat: int, nopp: int, trials: int,
            margin: float, raises: int, to_call: int, pot: int, avail: int,
            rng: UInt64Array) -> float:
    """The seat's equity from up to ``trials`` random completions, dealt in groups of
    :data:`~studkit.bots.strategy.EQUITY_STEP` until
    :func:`~studkit.bots.strategy.equity_settled` says the decision (``margin`` to
    ``avail``: the rest of :func:`~studkit.bots.strategy.equity_choice`'s arguments) is
    settled; -1.0 when the spot cannot be posed (uneven hands, or unseen cards that cannot
    finish the deal)."""
    n = p[N]
    ncards = w[A_NCARDS + seat]
    nup = w[A_NUP + seat]
    ndown = ncards - nup
    known = 0
    for i in range(ncards):
        known |= 1 << w[HELD + seat * MAX_CARDS + i]
    for s in range(n):
        if s == seat:
            continue
        if not w[A_FOLDED + s] and w[A_NUP + s] != nup:
            return -1.0
        for i in range(w[A_NUP + s]):
            known |= 1 << w[UPS + s * MAX_CARDS + i]
    nstub = 0
    for k in range(p[DECK_SIZE]):
        c = deck[k]
        if not known >> c & 1:
            w[_STUB + nstub] = c
            nstub += 1
    players = nopp + 1
    left = nstub - nopp * ndown
    community = 0
    dealt = 0
    for street in range(p[NSTREETS]):
        rounds = sp[street, S_ROUNDS]
        dealt += rounds
        if dealt <= ncards:
            continue
        need = rounds * players
        if need <= left:
            left -= need
        elif p[COMMUNITY_CARD] and rounds == 1 and left >= 1:
            left -= 1
            community += 1
        else:
            return -1.0
    own_more = p[CARDS] - ncards - community
    nsh = p[NSHARES]
    total = 0.0
    deals = 0
    while deals < trials:
        # a partial shuffle of the unseen cards, drawn as they are dealt: the community
        # cards, the seat's, then each opponent's, stopping once the seat has lost
        for k in range(community):
            _pick(w, k, nstub, rng)
        drawn = community
        for share in range(nsh):
            w[_BEST + share] = 0
            w[_WINNERS + share] = 0
        for k in range(players):
            count = 0
            if k == 0:
                for i in range(ncards):
                    w[W_CARDS + count] = w[HELD + seat * MAX_CARDS + i]
                    count += 1
            else:
                s = w[_SEATS + k - 1]
                for i in range(w[A_NUP + s]):
                    w[W_CARDS + count] = w[UPS + s * MAX_CARDS + i]
                    count += 1
                for _i in range(ndown):
                    w[W_CARDS + count] = _pick(w, drawn, nstub, rng)
                    drawn += 1
                    count += 1
            for _i in range(own_more):
                w[W_CARDS + count] = _pick(w, drawn, nstub, rng)
                drawn += 1
                count += 1
            for i in range(community):
                w[W_CARDS + count] = w[_STUB + i]
                count += 1
            for share in range(nsh):
                value = evaluate(w, W_CARDS, count, sh[share, 0], ix, byr, fl)
                if value < sh[share, 2]:
                    value = 0
                if k == 0:
                    w[_MINE + share] = value
                if value > w[_BEST + share]:
                    w[_BEST + share] = value
                    w[_WINNERS + share] = 1
                elif value == w[_BEST + share] and value > 0:
                    w[_WINNERS + share] += 1
            if nsh == 1 and w[_BEST] > w[_MINE]:
                break  # one share, already beaten: the seat wins nothing this time
        weight = 0
        for share in range(nsh):
            if w[_BEST + share] > 0:
                weight += sh[share, 1]
        if weight == 0:
            return -1.0
        won = 0.0
        for share in range(nsh):
            best = w[_BEST + share]
            if best > 0 and w[_MINE + share] == best:
                won += (1.0 / w[_WINNERS + share]) * (sh[share, 1] / weight)
        total += won
        deals += 1
        if deals % EQUITY_STEP == 0 and deals < trials and equity_settled(
            total, deals, margin, players, raises, to_call, pot, avail
        ):
            break
    return total / max(deals, 1)


@inlined
def check_or_call(p: Int64Array, w: Int64Array, seat: int) -> int:
    """The ``calling-station``'s decision: check, else call, else bring in. Those are the
    :func:`~studkit.kernel.betting.passive` rows, and the one it takes is always the last
    of them (bring in; fold, call; check), so the aggressive rows are never worked out."""
    return passive(p, w, seat) - 1


@inlined
def choose(bot: int, p: Int64Array, sp: Int64Array, w: Int64Array, deck: Int64Array, sh: Int64Array,
           ix: Int64Array, byr: Int32Array, fl: Int32Array, bt: Float64Array, styles: Int64Array,
           seat: int, street: int, count: int, rng: UInt64Array) -> int:
    """The row of ``w[OPT]`` bot ``bot`` takes for ``seat``; an aggressive row's total goes to
    ``w[OPT + row * OPT_ROW + O_LO]``.

    random: a uniformly random legal decision, a uniformly random total within a range; the
    others as the module says (in a function of their own, called rather than inlined, so
    that the hot loop of the simple bots stays small). ``calling-station`` is not asked
    here: the hand takes :func:`check_or_call` for it, without the aggressive rows."""
    if bot == RANDOM:
        return _random(w, count, rng)
    return _thinking(bot, p, sp, w, deck, sh, ix, byr, fl, bt, styles, seat, street, count, rng)


@compiled
def _thinking(bot: int, p: Int64Array, sp: Int64Array, w: Int64Array, deck: Int64Array,
              sh: Int64Array, ix: Int64Array, byr: Int32Array, fl: Int32Array, bt: Float64Array,
              styles: Int64Array, seat: int, street: int, count: int, rng: UInt64Array) -> int:
    """A ``tag``, ``lag`` or ``equity`` decision."""
    avail = 0
    to_call = 0
    for i in range(count):
        kind = w[OPT + i * OPT_ROW + O_KIND]
        avail |= 1 << kind
        if kind == CALL:
            to_call = w[OPT + i * OPT_ROW + O_LO]
    pot = pot_total(p, w)
    my_bet = w[A_BET + seat]
    raises = w[H_RAISES]
    n = p[N]
    nopp = 0
    for s in range(n):
        if s != seat and not w[A_FOLDED + s]:
            w[_SEATS + nopp] = s
            nup = w[A_NUP + s]
            w[_OPP_N + nopp] = nup
            for i in range(nup):
                w[_OPP + nopp * _WIDTH + i] = w[UPS + s * MAX_CARDS + i]
            nopp += 1
    if bot == EQUITY:
        value = _equity(p, sp, w, deck, sh, ix, byr, fl, seat, nopp, int(bt[bot, B_TRIALS]),
                        bt[bot, B_MARGIN], raises, to_call, pot, avail, rng)
        if value >= 0.0:
            code = equity_choice(value, bt[bot, B_MARGIN], nopp + 1, raises, to_call, pot,
                                 avail)
            return _take(code, w, count, my_bet, to_call, pot, min(1.0, value))
    ncards = w[A_NCARDS + seat]
    ncomm = w[H_NCOMM]
    for i in range(ncards):
        w[_OWN + i] = w[HELD + seat * MAX_CARDS + i]
    for i in range(ncomm):
        w[_OWN + ncards + i] = w[COMM + i]
    to_come = p[CARDS] - ncards - ncomm
    if to_come < 0:
        to_come = 0
    raw = score_cards(w[_OWN:_OPP_N], ncards + ncomm, w[_OPP:_STUB], _WIDTH,
                      w[_OPP_N:_OPP], nopp, to_come, styles, styles.shape[0] // 3)
    score = crowded(raw, nopp)
    max_raises = int(bt[bot, B_MAX_RAISES])
    u = 1.0
    if style_rolls(avail, raises, max_raises, score, bt[bot, B_BET]):
        u = uniform(rng)
    code = style_choice(bt[bot, B_ENTER], bt[bot, B_STAY], bt[bot, B_BET], bt[bot, B_BLUFF],
                        max_raises, score, raises, street == 0, to_call, pot, avail, u)
    return _take(code, w, count, my_bet, to_call, pot, bt[bot, B_SIZE])
