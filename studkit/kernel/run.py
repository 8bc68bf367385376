"""Running the kernel from Python: a setup's arrays, blocks of hands to a :class:`Tally`,
and hands recorded for replay by the general engine.

:func:`kernel_block` is a function of ``(setup, start, stop)`` returning a mergeable
:class:`~studkit.simulation.tally.Tally`, like the general path's blocks, so a run is the
same for any number of workers (or machines).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from studkit.engine.rules import compile_rules
from studkit.errors import StudkitError
from studkit.kernel.evaltables import EvalTables, eval_tables
from studkit.kernel.hand import TALLY_SLOTS, play_block, scratch
from studkit.kernel.plan import KernelPlan, kernel_plan
from studkit.kernel.state import (
    BURN_TARGET,
    COMMUNITY_TARGET,
    ERR_EXHAUSTED,
    REC_ACTS,
    REC_CARDS,
)
from studkit.simulation.tally import ACTION_KINDS, Tally, category_of
from studkit.variant.model import Stakes, Variant

__all__ = ["KernelRun", "kernel_run", "kernel_block", "RecordedHand", "record_block"]

Int64Array = npt.NDArray[np.int64]


class KernelError(StudkitError):
    """A hand the kernel cannot finish under the variant's rules."""


@dataclass(frozen=True)
class KernelRun:
    """A setup prepared for the kernel: its plan, the evaluator tables and the sorted
    strengths each share can score (the winning-category counts index them)."""

    variant: Variant
    stakes: Stakes
    seed: int
    plan: KernelPlan
    tables: EvalTables
    strengths: Int64Array


@lru_cache(maxsize=16)
def kernel_run(
    variant: Variant, stakes: Stakes, players: int, stack: int, bots: tuple[str, ...],
    seed: int,
) -> KernelRun:
    """The prepared setup (cached: a run's blocks share it)."""
    plan = kernel_plan(variant, stakes, players, stack, bots)
    names = [variant.action_order.evaluator, *plan.share_evaluators]
    et = eval_tables(names)
    rows = []
    for share in range(len(plan.share_names)):
        ev = int(plan.shares[share, 0])
        rows.append(np.unique(np.concatenate((et.by_row[ev], et.flush[ev]))))
    width = max(len(r) for r in rows)
    strengths = np.full((len(rows), width), np.iinfo(np.int64).max, dtype=np.int64)
    for share, row in enumerate(rows):
        strengths[share, : len(row)] = row
    return KernelRun(variant, stakes, seed, plan, et, strengths)


def _run(
    run: KernelRun, start: int, stop: int, record: bool
) -> tuple[Tally, tuple[Int64Array, Int64Array, Int64Array, Int64Array]]:
    plan = run.plan
    players = int(plan.params[0])
    nstreets = len(plan.street_names)
    nshares = len(plan.share_names)
    stack = int(plan.params[27])
    tl = np.zeros(TALLY_SLOTS, dtype=np.int64)
    tpots = np.zeros(players * stack + 1, dtype=np.int64)
    tended = np.zeros(nstreets, dtype=np.int64)
    tmix = np.zeros((nstreets, len(ACTION_KINDS)), dtype=np.int64)
    tshare = np.zeros(nshares, dtype=np.int64)
    tseat = np.zeros((3, players), dtype=np.int64)
    tcat = np.zeros(run.strengths.shape, dtype=np.int64)
    rows = stop - start if record else 1
    rec_c = np.zeros((rows, REC_CARDS if record else 1), dtype=np.int64)
    rec_a = np.zeros((rows, REC_ACTS if record else 1), dtype=np.int64)
    rec_n = np.zeros((rows, 2), dtype=np.int64)
    rec_pay = np.zeros((rows, players), dtype=np.int64)
    error = play_block(
        start, stop, run.seed, plan.params, plan.streets, plan.deck, plan.force_key,
        plan.tie_key, plan.suit_pos, plan.shares, plan.bots, plan.bot_table, plan.styles,
        run.tables.index,
        run.tables.by_row, run.tables.flush, run.strengths,
        tl, tpots, tended, tmix, tshare, tseat, tcat, rec_c, rec_a, rec_n, rec_pay,
        *scratch(),
    )
    if error:
        index, code = error >> 8, error & 0xFF
        what = (
            "the deck ran out and the variant's deck_exhaustion settings cannot finish the "
            "deal" if code == ERR_EXHAUSTED else f"more than {REC_ACTS} decisions to record"
        )
        raise KernelError(f"{run.variant.name}, hand {index + 1}: {what}")
    tally = _tally(run, tl, tpots, tended, tmix, tshare, tseat, tcat)
    return tally, (rec_c, rec_a, rec_n, rec_pay)


def kernel_block(run: KernelRun, start: int, stop: int) -> Tally:
    """Hands ``start`` .. ``stop - 1`` of the run, counted."""
    return _run(run, start, stop, False)[0]


def _tally(
    run: KernelRun, tl: Int64Array, tpots: Int64Array, tended: Int64Array, tmix: Int64Array,
    tshare: Int64Array, tseat: Int64Array, tcat: Int64Array,
) -> Tally:
    plan = run.plan
    players = int(plan.params[0])
    values = [int(v) for v in tl]
    tally = Tally(
        players,
        hands=values[0], showdowns=values[1], splits=values[2], scoops=values[3],
        community_card_hands=values[4], bring_in_hands=values[5],
        completed_bring_ins=values[6], actions=values[7], actions_sq=values[8],
        pot_total=values[9], pot_sq=values[10], players_at_showdown=values[11],
        players_at_showdown_sq=values[12],
    )
    for pot in np.flatnonzero(tpots).tolist():
        tally.pots[pot] = int(tpots[pot])
    for street, name in enumerate(plan.street_names):
        if tended[street]:
            tally.ended_on[name] += int(tended[street])
        for kind, kind_name in enumerate(ACTION_KINDS):
            if tmix[street, kind]:
                tally.action_mix[(name, kind_name)] += int(tmix[street, kind])
    evaluators = compile_rules(run.variant, run.stakes).shares
    for share, name in enumerate(plan.share_names):
        if tshare[share]:
            tally.share_awards[name] += int(tshare[share])
        describe = evaluators[share].evaluator.describe
        for slot in np.flatnonzero(tcat[share]).tolist():
            category = category_of(describe(int(run.strengths[share, slot])))
            if category is not None:
                tally.categories[(name, category)] += int(tcat[share, slot])
    tally.net = [int(v) for v in tseat[0]]
    tally.net_sq = [int(v) for v in tseat[1]]
    tally.won = [int(v) for v in tseat[2]]
    return tally


@dataclass(frozen=True)
class RecordedHand:
    """One kernel hand as the general engine can replay it."""

    index: int
    hole: tuple[tuple[int, ...], ...]
    """Each seat's cards in the order dealt."""
    community: tuple[int, ...]
    burns: tuple[int, ...]
    actions: tuple[tuple[str, int], ...]
    """Each decision's kind and amount (a call's chips, a total for an aggressive one)."""
    payoffs: tuple[int, ...]


def record_block(run: KernelRun, start: int, stop: int) -> list[RecordedHand]:
    """Hands ``start`` .. ``stop - 1`` with their cards, decisions and payoffs."""
    _, (rec_c, rec_a, rec_n, rec_pay) = _run(run, start, stop, True)
    players = int(run.plan.params[0])
    out = []
    for row in range(stop - start):
        hole: list[list[int]] = [[] for _ in range(players)]
        community: list[int] = []
        burns: list[int] = []
        for code in rec_c[row, : rec_n[row, 0]].tolist():
            target, card = (code >> 8) - 2, code & 0xFF
            if target == BURN_TARGET:
                burns.append(card)
            elif target == COMMUNITY_TARGET:
                community.append(card)
            else:
                hole[target].append(card)
        actions = tuple(
            (ACTION_KINDS[code >> 56], code & ((1 << 56) - 1))
            for code in rec_a[row, : rec_n[row, 1]].tolist()
        )
        out.append(RecordedHand(
            index=start + row,
            hole=tuple(tuple(cards) for cards in hole),
            community=tuple(community),
            burns=tuple(burns),
            actions=actions,
            payoffs=tuple(int(v) for v in rec_pay[row]),
        ))
    return out
