"""Offsets in the kernel's per-hand state array (plain ints, read by the compiled code).

A hand's whole state and scratch live in one flat int64 array ``w``, each part at a fixed
offset: the hand's scalars (slots ``H_*``), a row of :data:`MAX_SEATS` entries per seat
number (``w[A_STACK + seat]``, rows ``A_*``), each seat's cards (``w[HELD + seat *
MAX_CARDS + i]``), the stub, the options, the showdown's scratch (``W_*``, planes ``M_*``)
and the bots' (from :data:`BK`). One array keeps the compiled hand to a few live pointers
and constant offsets (a dozen arrays' pointers and strides did not fit in registers and
were reloaded at every access). Decision kinds are numbered in the order of
:data:`studkit.simulation.tally.ACTION_KINDS`.
"""

from __future__ import annotations

from typing import Final

# Decision kinds: the codes the bots' strategies use (the order of ACTION_KINDS).
from studkit.bots.strategy import (
    BET as BET,
    BRING_IN as BRING_IN,
    CALL as CALL,
    CHECK as CHECK,
    COMPLETE as COMPLETE,
    FOLD as FOLD,
    RAISE as RAISE,
)

# Hand scalars.
H_STREET: Final = 0
H_ACTOR: Final = 1
H_NIN: Final = 2
H_CUR: Final = 3
H_LAST_FULL: Final = 4
H_INC: Final = 5
H_FLOOR: Final = 6
H_SIZE: Final = 7
H_OPEN_PAIR: Final = 8
H_BIG_MADE: Final = 9
H_ROUND_MAX: Final = 10
H_AGGR: Final = 11
H_CAPPED_MULTI: Final = 12
H_ROUND_PLAYERS: Final = 13
H_FORCED: Final = 14
H_LAST_AGGR: Final = 15
H_LAST_CHECKER: Final = 16
H_LEADER: Final = 17
H_PREV_LEADER: Final = 18
H_EXPOSED: Final = 19
H_BUTTON: Final = 20
H_LEFT: Final = 21
H_NCOMM: Final = 22
H_NBURNED: Final = 23
H_NFOLDC: Final = 24
H_DECISIONS: Final = 25
H_FOLDS: Final = 26
H_FORCED_SEEN: Final = 27
H_COMPLETED: Final = 28
H_NREC_CARDS: Final = 29
H_NREC_ACTS: Final = 30
H_ERROR: Final = 31
"""0, or a code for a hand the rules cannot finish (ERR_*)."""
H_RAISES: Final = 32
"""Completions, bets and raises so far on this street (what the bots count)."""
H_SLOTS: Final = 33

MAX_SEATS: Final = 16
"""Entries of a per-seat row (the most seats the kernel plays)."""
SEATS: Final = 64
"""Where the per-seat rows start (after the hand scalars)."""

# Per-seat rows: w[A_* + seat].
A_STACK: Final = SEATS + 0 * MAX_SEATS
A_BET: Final = SEATS + 1 * MAX_SEATS
A_CONTRIB: Final = SEATS + 2 * MAX_SEATS
A_FOLDED: Final = SEATS + 3 * MAX_SEATS
A_NEED: Final = SEATS + 4 * MAX_SEATS
A_REOPEN: Final = SEATS + 5 * MAX_SEATS
A_NCARDS: Final = SEATS + 6 * MAX_SEATS
A_NUP: Final = SEATS + 7 * MAX_SEATS
A_UP_VALUES: Final = SEATS + 8 * MAX_SEATS
"""The sum of the seat's up cards' packed values (kept as they are dealt, so that the
showing hands are ranked without adding them up on every street)."""
A_VALUES: Final = SEATS + 9 * MAX_SEATS
"""The sum of the packed values of all the seat's cards (kept as they are dealt, so that
the showdown ranks a hand without community cards from it)."""
SEAT_ROWS: Final = 10

MAX_CARDS: Final = 10
"""Card slots per seat (the kernel deals at most eight; community cards join at showdown)."""
MAX_COMMUNITY: Final = 8

# The hand's cards and the decisions on offer.
HELD: Final = SEATS + SEAT_ROWS * MAX_SEATS
"""Each seat's cards in the order dealt: ``w[HELD + seat * MAX_CARDS + i]``."""
UPS: Final = HELD + MAX_SEATS * MAX_CARDS
"""Each seat's up cards: ``w[UPS + seat * MAX_CARDS + i]``."""
COMM: Final = UPS + MAX_SEATS * MAX_CARDS
"""The community cards."""
BURNED: Final = COMM + MAX_COMMUNITY
"""The burned cards (64 entries)."""
FOLDC: Final = BURNED + 64
"""Folded players' cards (128 entries)."""
STUB: Final = FOLDC + 128
"""The cards not yet dealt (192 entries)."""
ORDER: Final = STUB + 192
"""The seats from the dealer's left (MAX_SEATS entries)."""
OPT: Final = ORDER + MAX_SEATS
"""The legal decisions, rows of OPT_ROW: ``w[OPT + i * OPT_ROW + O_KIND]`` (4 rows)."""
OPT_ROW: Final = 3
O_KIND: Final = 0
O_LO: Final = 1
"""A call's chips, or the least total of an aggressive decision (the total chosen)."""
O_HI: Final = 2
"""The largest total of an aggressive decision."""
RANGES: Final = OPT + 4 * OPT_ROW
"""The structure's ranges of totals, rows of RANGE_ROW (2 rows)."""
RANGE_ROW: Final = 2
R_LO: Final = 0
R_HI: Final = 1
MAIN: Final = RANGES + 2 * RANGE_ROW
"""Per share, the strength that won the share of the main pot (MAX_SEATS entries)."""
WK: Final = MAIN + MAX_SEATS
"""Where the showdown's scratch (offsets ``W_*``) starts."""

# Error codes.
ERR_EXHAUSTED: Final = 1
"""The deck ran out and the deck-exhaustion rules cannot finish the deal."""
ERR_LONG: Final = 2
"""More decisions in one hand than a record holds."""

# Card targets in a record.
BURN_TARGET: Final = -1
COMMUNITY_TARGET: Final = -2
REC_CARDS: Final = 160
REC_ACTS: Final = 400

# Offsets in the evaluator array ``ix`` (see evaltables.EvalTables.index).
IX_VALUES: Final = 0
IX_MODES: Final = 56
IX_SIZE: Final = 64
# The multiset index in the rank tables ``byr`` (see evaltables.EvalTables.by_row): its row,
# the offsets of the low ranks' part (indexed by the low ranks' key) and of the high ranks'.
BY_INDEX: Final = 5
"""The row after the evaluators' rows (one per studkit.kernel.plan.EVALUATOR_IDS id)."""
BY_LO: Final = 0
BY_HI: Final = 5**7

# The showdown's scratch (16 entries each unless noted).
W_AMOUNTS: Final = WK + 0
W_MASKS: Final = WK + 16
W_ORDER: Final = WK + 32
W_HOLD: Final = WK + 48
W_KEYS: Final = WK + 64
W_PAY: Final = WK + 80
W_WINNERS: Final = WK + 96
W_WHICH: Final = WK + 112
W_PORTIONS: Final = WK + 128
W_FIVE: Final = WK + 144
W_CARDS: Final = WK + 160
"""32 entries: a hand's cards being evaluated."""
WM: Final = WK + 192
# Planes of MAX_SEATS x MAX_SEATS entries: w[M_* + a * MAX_SEATS + b].
M_STRENGTH: Final = WM
"""[share, seat]: the showdown strengths."""
M_ODD_ORDER: Final = WM + MAX_SEATS * MAX_SEATS
"""[share, k]: seats in odd-chip order."""
M_BEST: Final = WM + 2 * MAX_SEATS * MAX_SEATS
"""[pot, share]: the best strength shown so far."""
BK: Final = WM + 3 * MAX_SEATS * MAX_SEATS
"""Where the bots' scratch starts (its size is up to :data:`studkit.kernel.bots.STATE_SIZE`)."""
