"""Slots of the kernel's per-hand state arrays (plain ints, read by the compiled code).

A hand's scalars live in one int64 array ``h`` (slots ``H_*``), its per-seat numbers in an
int64 array ``sa`` of shape ``(SEAT_ROWS, players)`` (rows ``A_*``). Decision kinds are
numbered in the order of :data:`studkit.simulation.tally.ACTION_KINDS`.
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

# Per-seat rows.
A_STACK: Final = 0
A_BET: Final = 1
A_CONTRIB: Final = 2
A_FOLDED: Final = 3
A_NEED: Final = 4
A_REOPEN: Final = 5
A_NCARDS: Final = 6
A_NUP: Final = 7
A_UP_VALUES: Final = 8
"""The sum of the seat's up cards' packed values (kept as they are dealt, so that the
showing hands are ranked without adding them up on every street)."""
A_VALUES: Final = 9
"""The sum of the packed values of all the seat's cards (kept as they are dealt, so that
the showdown ranks a hand without community cards from it)."""
SEAT_ROWS: Final = 10

MAX_CARDS: Final = 10
"""Card slots per seat (the kernel deals at most eight; community cards join at showdown)."""
MAX_COMMUNITY: Final = 8

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

# Offsets in the 1-D scratch array ``wk`` (16 entries each unless noted).
W_AMOUNTS: Final = 0
W_MASKS: Final = 16
W_ORDER: Final = 32
W_HOLD: Final = 48
W_KEYS: Final = 64
W_PAY: Final = 80
W_WINNERS: Final = 96
W_WHICH: Final = 112
W_PORTIONS: Final = 128
W_FIVE: Final = 144
W_CARDS: Final = 160
"""32 entries: a hand's cards being evaluated."""
W_SIZE: Final = 192
# Planes of the 3-D scratch array ``wm`` (16 x 16 each).
M_STRENGTH: Final = 0
"""[share, seat]: the showdown strengths."""
M_ODD_ORDER: Final = 1
"""[share, k]: seats in odd-chip order."""
M_BEST: Final = 2
"""[pot, share]: the best strength shown so far."""
M_PLANES: Final = 3
MAX_SEATS: Final = 16
