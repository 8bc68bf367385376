"""The skill trace: how much a stronger bot beats a weaker one as its thinking budget doubles
(the equity bot with 25, 50, 100, 200 and 400 completions a decision), each at the same
table, with the same seed. A game in which more thinking keeps paying rewards skill; one in
which the line flattens early is decided more by the cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from studkit.bots.registry import equity_budget
from studkit.simulation.design import bot_difference
from studkit.simulation.report import SimulationReport
from studkit.simulation.runner import simulate
from studkit.variant.model import Variant

__all__ = ["skill_trace", "traced", "trace_opponent", "TRACE_BUDGETS", "TRACE_OPPONENT"]

TRACE_BUDGETS: tuple[int, ...] = (25, 50, 100, 200, 400)
"""The equity bot's budgets along the trace, doubling."""
TRACE_OPPONENT = "calling-station"
"""The weaker bot the trace plays against when none is named."""


def trace_opponent(report: SimulationReport) -> str:
    """The bot the trace plays the equity bot against: the weakest kind at the report's table,
    or :data:`TRACE_OPPONENT` when that is an equity bot or there is one kind only."""
    skill = report.design()["skill"]
    opponent = skill["weaker"] if skill else TRACE_OPPONENT
    if opponent == "equity" or equity_budget(opponent) is not None:
        return TRACE_OPPONENT
    return str(opponent)


def traced(report: SimulationReport, variant: Variant, *, hands: int, seed: int,
           stakes: str | dict[str, int] | None = None, stack: int | None = None,
           workers: int = 1, engine: str = "auto") -> SimulationReport:
    """``report`` with its skill trace played (against :func:`trace_opponent`, at its table's
    size)."""
    from dataclasses import replace

    trace = skill_trace(variant, opponent=trace_opponent(report), players=report.players,
                        hands=hands, seed=seed, stakes=stakes, stack=stack, workers=workers,
                        engine=engine)
    return replace(report, skill_trace=tuple(trace))


def skill_trace(
    variant: Variant | str,
    *,
    opponent: str = TRACE_OPPONENT,
    budgets: Sequence[int] = TRACE_BUDGETS,
    players: int = 2,
    hands: int = 10_000,
    seed: int = 0,
    stakes: str | dict[str, int] | None = None,
    stack: int | None = None,
    workers: int = 1,
    engine: str = "auto",
) -> list[dict[str, Any]]:
    """Per budget: ``budget``, ``bot`` (``equity-N``), ``opponent``, ``bb100`` (the equity
    bot's seats' result less the opponent's, with its 95% interval) and
    ``hands_to_lead_95``; the equity bot takes the even seats counted from 0 (seats 1, 3,
    5, ... as the tables number them), the opponent the others."""
    trace: list[dict[str, Any]] = []
    for budget in budgets:
        strong = f"equity-{budget}"
        bots = [strong if seat % 2 == 0 else opponent for seat in range(players)]
        report = simulate(variant, hands=hands, players=players, bots=bots, seed=seed,
                          stakes=stakes, stack=stack, workers=workers, engine=engine)
        first = [s for s in range(players) if s % 2 == 0]
        second = [s for s in range(players) if s % 2 == 1]
        trace.append({"budget": budget, "bot": strong, "opponent": opponent,
                      **bot_difference(report.tally, first, second, report.big_bet)})
    return trace
