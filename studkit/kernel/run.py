"""Running the kernel from Python: a setup's arrays, blocks of hands counted
(:func:`count_block`, which :mod:`studkit.simulation.engines` turns into a mergeable
:class:`~studkit.simulation.tally.Tally`), and hands recorded for a replay by the general
engine (:func:`record_block`).

A block is a function of ``(setup, start, stop)`` alone, like the general path's blocks, so
a run is the same for any number of workers (or machines).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from studkit.core import VERBS
from studkit.errors import StudkitError
from studkit.evaluation.lookup_tables import EvalTables
from studkit.game.evaluators import game_tables
from studkit.game.share_strengths import share_strengths
from studkit.hooks.handed_rules import plugin_rules
from studkit.hooks.kernel_rules import (
    ChoiceExposure,
    DeclarationRule,
    SplitRule,
    TradeRule,
    UpCardRule,
)
from studkit.kernel import _kernel
from studkit.kernel.plan import kernel_setup
from studkit.variant.model import Stakes, Variant

__all__ = ["KernelRun", "kernel_run", "count_block", "KernelCounts", "RecordedHand",
           "record_block", "KernelError"]

Int64Array = npt.NDArray[np.int64]

DECISIONS: dict[int, str] = {
    **dict(enumerate(VERBS)), _kernel.RECORD_FLIP: "flip", _kernel.RECORD_DISCARD: "discard",
}
"""A recorded decision's code: the betting verbs (:data:`studkit.core.VERBS`), then the card
decisions the streets' ``flip`` and ``discard`` ask for (kernel.h's SK_RECORD_*), by the name
of the general engine's action. A declaration's (``RECORD_DECLARATION``) is the action its
plugin's :class:`~studkit.hooks.specs.DeclarationRule` names for the choice."""
DECLINED = -1
"""The recorded amount of an optional flip or exposure declined (every card kept down)."""

BURN_TARGET = -1
COMMUNITY_TARGET = -2


class KernelError(StudkitError):
    """A hand the kernel cannot finish under the variant's rules."""


@dataclass(frozen=True)
class KernelRun:
    """A setup prepared for the kernel: the C setup, the evaluator tables and the sorted
    strengths each share can score, which the winning-category counts index
    (:func:`studkit.game.share_strengths.share_strengths`)."""

    variant: Variant
    stakes: Stakes
    seed: int
    players: int
    stack: int
    setup: Any
    """The :class:`studkit.kernel._kernel.Setup`."""
    tables: EvalTables
    strengths: Int64Array


@lru_cache(maxsize=16)
def kernel_run(
    variant: Variant, stakes: Stakes, players: int, stack: int, bots: tuple[str, ...],
    seed: int,
) -> KernelRun:
    """The prepared setup (cached: a run's blocks share it)."""
    tables = game_tables(variant)
    strengths = share_strengths(variant, tables)
    setup = kernel_setup(variant, stakes, players, stack, bots, tables)
    return KernelRun(variant, stakes, seed, players, stack, setup, tables, strengths)


@dataclass(frozen=True)
class KernelCounts:
    """A block's counts, as the kernel keeps them (:mod:`studkit.simulation.engines` turns
    them into a :class:`~studkit.simulation.tally.Tally`)."""

    totals: Int64Array
    """The scalar counts, in the order of ``kernel.h``'s T_HANDS ... T_OPEN_PAIR_TAKEN."""
    pots: Int64Array
    """Hands by pot size."""
    ended: Int64Array
    """Hands by the street they ended on."""
    mix: Int64Array
    """Decisions by street and verb (:data:`studkit.core.VERBS`)."""
    share_awards: Int64Array
    """Main pots that paid each share."""
    seats: Int64Array
    """Per seat: net chips, their squares, hands won."""
    categories: Int64Array
    """Per share: the winning strengths by their slot in :attr:`KernelRun.strengths`."""
    design: Int64Array
    """The design counts, laid out as ``kernel.h``'s SK_DESIGN_SIZE says: by position from
    the dealer's left the net chips and their squares; the hands with a bring-in; by
    position from the bring-in seat the net chips and their squares; by street the pots as
    its betting ended, their squares and the hands that played it; by pair of seats ``i < j``
    the products of their net chips, at ``i * players + j``; by street the hands with one
    winner and a best board shown, and those the board's leader won; the lead changes and
    their squares."""


def _run(
    run: KernelRun, start: int, stop: int, record: bool
) -> tuple[KernelCounts, tuple[Int64Array, Int64Array, Int64Array, Int64Array]]:
    players = run.players
    nstreets = len(run.variant.streets)
    nshares = len(run.variant.pots)
    totals = np.zeros(_kernel.TALLY_SLOTS, dtype=np.int64)
    pots = np.zeros(players * run.stack + 1, dtype=np.int64)
    ended = np.zeros(nstreets, dtype=np.int64)
    mix = np.zeros((nstreets, len(VERBS)), dtype=np.int64)
    share_awards = np.zeros(nshares, dtype=np.int64)
    seats = np.zeros((3, players), dtype=np.int64)
    categories = np.zeros(run.strengths.shape, dtype=np.int64)
    design = np.zeros(4 * players + 1 + 5 * nstreets + players * players + 2, dtype=np.int64)
    rows = stop - start if record else 1
    rec_c = np.zeros((rows, _kernel.RECORD_CARDS if record else 1), dtype=np.int64)
    rec_a = np.zeros((rows, _kernel.RECORD_DECISIONS if record else 1), dtype=np.int64)
    rec_n = np.zeros((rows, 2), dtype=np.int64)
    rec_pay = np.zeros((rows, players), dtype=np.int64)
    error = _kernel.play_block(
        run.setup, start, stop, run.seed, totals, pots, ended, mix, share_awards, seats,
        categories, run.strengths, rec_c, rec_a, rec_n, rec_pay, design,
    )
    if error:
        index, code = error >> 8, error & 0xFF
        what = {
            _kernel.EXHAUSTED: "the deck ran out and the variant's deck_exhaustion settings "
            "cannot finish the deal",
            _kernel.LONG: f"more than {_kernel.RECORD_DECISIONS} decisions to record",
            _kernel.CARDS: "odd chips by the five cards played, from more than eight; "
            "use --engine general",
        }.get(code, "out of memory")
        raise KernelError(f"{run.variant.name}, hand {index + 1}: {what}")
    counts = KernelCounts(totals, pots, ended, mix, share_awards, seats, categories, design)
    return counts, (rec_c, rec_a, rec_n, rec_pay)


def count_block(run: KernelRun, start: int, stop: int) -> KernelCounts:
    """Hands ``start`` .. ``stop - 1`` of the run, counted."""
    return _run(run, start, stop, False)[0]


@dataclass(frozen=True)
class RecordedHand:
    """One kernel hand as the general engine can replay it."""

    index: int
    hole: tuple[tuple[int, ...], ...]
    """Each seat's cards in the order dealt."""
    community: tuple[int, ...]
    burns: tuple[int, ...]
    actions: tuple[tuple[str, int], ...]
    """Each decision's kind and amount (a call's chips, a total for an aggressive one, the
    card a flip or a discard chooses; :data:`DECLINED` for an optional flip declined (the kind
    ``flip``) or exposure declined (its plugin's kind of declining); 0 for a
    declaration, whose kind says the choice)."""
    payoffs: tuple[int, ...]


def _decision(
    code: int, amount: int, names: dict[int, str], declared: tuple[str, ...], decline: str
) -> tuple[str, int]:
    """A recorded decision as the general engine's action kind and amount (``names``: the
    kinds by code, plugins' included; ``declared``: a declaration's choices; ``decline``: the
    kind of declining an optional exposure)."""
    if code == _kernel.RECORD_DECLARATION:
        return declared[amount], 0
    if code == _kernel.RECORD_FLIP and amount == _kernel.KEEP_CARD:  # an optional flip
        return names[code], DECLINED
    if code == _kernel.RECORD_EXPOSE and amount == _kernel.KEEP_CARD:  # or exposure declined
        return decline, DECLINED
    return names[code], amount


def record_block(run: KernelRun, start: int, stop: int) -> list[RecordedHand]:
    """Hands ``start`` .. ``stop - 1`` with their cards, decisions and payoffs."""
    _, (rec_c, rec_a, rec_n, rec_pay) = _run(run, start, stop, True)
    players = run.players
    given = [r for rules in plugin_rules(run.variant).values() for r in rules or ()]
    names = dict(DECISIONS)
    for rule in given:
        if isinstance(rule, ChoiceExposure):
            names[_kernel.RECORD_EXPOSE] = rule.action
        if isinstance(rule, UpCardRule) and rule.price is not None:
            names[_kernel.RECORD_PAY] = rule.action
        if isinstance(rule, TradeRule):
            names[_kernel.RECORD_TRADE] = rule.action
            names[_kernel.RECORD_KEEP_HAND] = rule.decline
        if isinstance(rule, SplitRule):
            names[_kernel.RECORD_ARRANGE] = rule.action
    declared = next((r.actions for r in given if isinstance(r, DeclarationRule)), ())
    decline = next((r.decline for r in given if isinstance(r, ChoiceExposure)), "")
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
            _decision(code >> 56, code & ((1 << 56) - 1), names, declared, decline)
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
