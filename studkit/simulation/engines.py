"""The two engines a simulation can run on, and how ``auto`` chooses between them.

* ``general``: :class:`~studkit.engine.hand.Hand` and the Python bots, every variant, every
  plugin, every bot (yours too), hand histories;
* ``kernel``: :mod:`studkit.kernel`, whole hands in a compiled loop on the rules core (C,
  built at install), for variants without Python plugin hooks or wild cards, played by the
  bots it has a compiled form of.

``auto`` (the default) takes the kernel where the setup allows, else the general path, and
says why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from studkit.errors import StudkitError

if TYPE_CHECKING:
    from studkit.kernel.run import KernelCounts, KernelRun
    from studkit.simulation.setup import Setup
    from studkit.simulation.tally import Tally

__all__ = [
    "ENGINES", "KERNEL_LARGEST", "EngineError", "choose_engine", "kernel_block", "kernel_play",
    "canonical_order", "counted", "kernel_tally",
]

ENGINES: Final = ("auto", "kernel", "general")
"""The values of ``--engine``."""
KERNEL_LARGEST: Final = 250_000
"""Hands in the largest block the kernel plays at once (its hands cost microseconds)."""


class EngineError(StudkitError):
    """An engine that cannot run the setup as asked (``--engine kernel`` on a variant with
    plugins, say)."""


def choose_engine(setup: Setup, engine: str, history: bool) -> tuple[str, str]:
    """The engine to run ``setup`` on and, when ``auto`` fell back to the general path, why.

    ``engine`` is one of :data:`ENGINES`; ``--engine kernel`` on a setup the kernel does not
    cover raises :class:`EngineError` naming what it does not cover."""
    if engine not in ENGINES:
        raise EngineError(f"--engine {engine!r}: expected one of {', '.join(ENGINES)}")
    if engine == "general":
        return "general", ""
    reason = _kernel_gap(setup, history)
    if reason is None:
        return "kernel", ""
    if engine == "kernel":
        raise EngineError(f"--engine kernel cannot run this: {reason}; use --engine general")
    return "general", reason


def _kernel_gap(setup: Setup, history: bool) -> str | None:
    if history:
        return "--history writes hand histories, which only the general engine keeps"
    from studkit.kernel.plan import unsupported

    return unsupported(setup.variant, setup.bots, setup.players, setup.stack)


def kernel_block(setup: Setup, start: int, stop: int) -> Tally:
    """Hands ``start`` .. ``stop - 1`` of the run on the kernel, counted: the same hands
    whichever process (or machine) plays them, so blocks merge into the same totals."""
    from studkit.kernel.run import kernel_run

    run = kernel_run(
        setup.variant, setup.stakes, setup.players, setup.stack, setup.bots, setup.seed
    )
    return counted(run, start, stop)


def counted(run: KernelRun, start: int, stop: int) -> Tally:
    """Hands ``start`` .. ``stop - 1`` of a kernel run, as a tally."""
    from studkit.kernel.run import count_block

    return kernel_tally(run, count_block(run, start, stop))


def kernel_tally(run: KernelRun, counts: KernelCounts) -> Tally:
    """The :class:`~studkit.simulation.tally.Tally` of a block the kernel counted."""
    import numpy as np

    from studkit.engine.rules import compile_rules
    from studkit.evaluation import get_evaluator
    from studkit.game.evaluators import SPECIALS
    from studkit.hooks.handed_rules import share_rankings
    from studkit.simulation.tally import ACTION_KINDS, Tally, category_of

    tl, tpots, tended, tmix = counts.totals, counts.pots, counts.ended, counts.mix
    tshare, tseat, tcat = counts.share_awards, counts.seats, counts.categories
    players = run.players
    values = [int(v) for v in tl]
    tally = Tally(
        players,
        hands=values[0], showdowns=values[1], splits=values[2], scoops=values[3],
        community_card_hands=values[4], bring_in_hands=values[5],
        completed_bring_ins=values[6], actions=values[7], actions_sq=values[8],
        pot_total=values[9], pot_sq=values[10], players_at_showdown=values[11],
        players_at_showdown_sq=values[12], capped_hands=values[13],
        open_pair_hands=values[14], open_pair_taken=values[15],
    )
    for pot in np.flatnonzero(tpots).tolist():
        tally.pots[pot] = int(tpots[pot])
    street_names = [street.name for street in run.variant.streets]
    for street, name in enumerate(street_names):
        if tended[street]:
            tally.ended_on[name] += int(tended[street])
        for kind, kind_name in enumerate(ACTION_KINDS):
            if tmix[street, kind]:
                tally.action_mix[(name, kind_name)] += int(tmix[street, kind])
    evaluators = compile_rules(run.variant, run.stakes).shares
    share_names = [share.name for share in run.variant.pots]
    rankings = share_rankings(run.variant)
    for share, name in enumerate(share_names):
        if tshare[share]:
            tally.share_awards[name] += int(tshare[share])
        evaluator = evaluators[share].evaluator
        if rankings[share] != run.variant.pots[share].evaluator:  # a hand of a plugin's split
            evaluator = get_evaluator(rankings[share])
        # a special ranking's row holds each category's least strength (not a real hand)
        special = rankings[share] in SPECIALS
        for slot in np.flatnonzero(tcat[share]).tolist():
            strength = int(run.strengths[share, slot])
            category = (evaluator.category(strength) if special
                        else category_of(evaluator.describe(strength)))
            if category is not None:
                tally.categories[(name, category)] += int(tcat[share, slot])
    tally.net = [int(v) for v in tseat[0]]
    tally.net_sq = [int(v) for v in tseat[1]]
    tally.won = [int(v) for v in tseat[2]]
    design = [int(v) for v in counts.design]
    n, count = players, len(street_names)
    tally.position_net, tally.position_sq = design[:n], design[n:2 * n]
    tally.forced_hands = design[2 * n]
    tally.forced_net, tally.forced_sq = design[2 * n + 1:3 * n + 1], design[3 * n + 1:4 * n + 1]
    by_street = design[4 * n + 1:4 * n + 1 + 3 * count]
    products = 4 * n + 1 + 3 * count
    tally.seat_products = design[products:products + n * n]
    leads = design[products + n * n:]
    tally.lead_changes, tally.lead_changes_sq = leads[2 * count], leads[2 * count + 1]
    for street, name in enumerate(street_names):
        if by_street[2 * count + street]:
            tally.street_pot[name] += by_street[street]
            tally.street_pot_sq[name] += by_street[count + street]
            tally.street_rounds[name] += by_street[2 * count + street]
        if leads[street]:
            tally.led[name] += leads[street]
            tally.led_won[name] += leads[count + street]
    return tally



def kernel_play(
    setup: Setup, start: int, stop: int, record: bool = False
) -> tuple[Tally, list[tuple[int, str]]]:
    """:func:`kernel_block` in the shape of the general path's ``play_block`` (the kernel
    writes no histories: ``auto`` never takes it with ``--history``)."""
    return kernel_block(setup, start, stop), []


def canonical_order(setup: Setup, tally: Tally) -> None:
    """Put the tally's per-street counters in street order (then decision order), so that a
    kernel run's report does not depend on which block first met a street."""
    from collections import Counter

    from studkit.simulation.tally import ACTION_KINDS

    streets = {street.name: i for i, street in enumerate(setup.variant.streets)}
    kinds = {kind: i for i, kind in enumerate(ACTION_KINDS)}
    ended = sorted(tally.ended_on.items(), key=lambda item: streets.get(item[0], -1))
    tally.ended_on = Counter(dict(ended))
    mix = sorted(
        tally.action_mix.items(),
        key=lambda item: (streets.get(item[0][0], -1), kinds.get(item[0][1], -1)),
    )
    tally.action_mix = Counter(dict(mix))
