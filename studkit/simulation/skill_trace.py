"""The skill trace: how much a stronger bot beats a weaker one as its thinking budget doubles
(the equity bot with 25, 50, 100, 200 and 400 completions a decision), each at the same
table, with the same seed. A game in which more thinking keeps paying rewards skill; one in
which the line flattens early is decided more by the cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from studkit.simulation.design import bot_difference
from studkit.simulation.runner import simulate
from studkit.variant.model import Variant

__all__ = ["skill_trace", "TRACE_BUDGETS", "TRACE_OPPONENT"]

TRACE_BUDGETS: tuple[int, ...] = (25, 50, 100, 200, 400)
"""The equity bot's budgets along the trace, doubling."""
TRACE_OPPONENT = "calling-station"
"""The weaker bot the trace plays against when none is named."""


def skill_trace(
    variant: Variant | str,
    *,
    opponent: str = TRACE_OPPONENT,
    budgets: Sequence[int] = TRACE_BUDGETS,
    players: int = 2,
    hands: int = 10_000,
    seed: int = 0,
    stack: int | None = None,
    workers: int = 1,
    engine: str = "auto",
) -> list[dict[str, Any]]:
    """Per budget: ``budget``, ``bot`` (``equity-N``), ``opponent``, ``bb100`` (the equity
    bot's seats' result less the opponent's, with its 95% interval) and
    ``hands_to_lead_95``; the equity bot takes the even seats (from 0), the opponent the
    odd ones."""
    trace: list[dict[str, Any]] = []
    for budget in budgets:
        strong = f"equity-{budget}"
        bots = [strong if seat % 2 == 0 else opponent for seat in range(players)]
        report = simulate(variant, hands=hands, players=players, bots=bots, seed=seed,
                          stack=stack, workers=workers, engine=engine)
        first = [s for s in range(players) if s % 2 == 0]
        second = [s for s in range(players) if s % 2 == 1]
        trace.append({"budget": budget, "bot": strong, "opponent": opponent,
                      **bot_difference(report.tally, first, second, report.big_bet)})
    return trace
