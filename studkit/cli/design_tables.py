"""The design metrics as text tables: one simulation's (``simulate``), or several side by side
(``compare``), each figure with its 95% interval."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table as RichTable

from studkit.simulation import SimulationReport
from studkit.simulation.design import estimate_text

__all__ = ["render_design", "render_design_side_by_side"]


def _position(k: int, players: int, dealer: bool) -> str:
    if dealer:
        return f"{k + 1} (dealer)" if k == players - 1 else str(k + 1)
    return "1 (bring-in)" if k == 0 else str(k + 1)


def _headline(design: dict[str, Any], players: int) -> list[tuple[str, str]]:
    fairness = design["fairness"]
    fair = estimate_text(fairness, "plain")
    if fairness["best"] is not None:
        fair += (f"; best {_position(fairness['best'], players, True)}, worst "
                 f"{_position(fairness['worst'], players, True)}")
    bring_in = design["bring_in_ev_bb100"]
    skill = design["skill"]
    return [
        ("fairness (best less worst position), bb/100", fair),
        ("bring-in player, bb/100",
         estimate_text(bring_in["bring_in"]) if bring_in else "no bring-in"),
        ("the others on average, bb/100",
         estimate_text(bring_in["others"]) if bring_in else "-"),
        ("decisions per hand", estimate_text(design["decisions_per_hand"], "plain")),
        ("lead changes per hand (best board)",
         estimate_text(design["lead_changes"]["per_hand"], "plain")),
        ("skill: strongest bot less weakest, bb/100",
         f"{skill['stronger']} - {skill['weaker']}: "
         f"{estimate_text(skill['bb100'], 'unsigned')}"
         if skill else "one kind of bot"),
        ("hands until the strongest leads (95%)",
         f"{skill['hands_to_lead_95']:,}" if skill and skill["hands_to_lead_95"] else "-"),
    ]


def render_design(report: SimulationReport, console: Console) -> None:
    """One simulation's design metrics: the headline figures, each position's result and
    the streets."""
    design = report.design()
    players = report.players
    table = RichTable(title="design metrics (95% intervals)", title_justify="left")
    table.add_column("metric")
    table.add_column("value", justify="right")
    for name, value in _headline(design, players):
        table.add_row(name, value)
    console.print(table)
    seats = design["seat_ev_bb100"]
    positions = RichTable(title="bb/100 by position", title_justify="left")
    positions.add_column("position", justify="right")
    positions.add_column("from the dealer's left", justify="right")
    positions.add_column("from the bring-in", justify="right")
    for k in range(players):
        positions.add_row(
            str(k + 1), estimate_text(seats["from_button"][k]) +
            (" (dealer)" if k == players - 1 else ""),
            estimate_text(seats["from_bring_in"][k]) +
            (" (bring-in)" if k == 0 else "") if seats["from_bring_in"] else "-",
        )
    console.print(positions)
    streets = RichTable(title="by street", title_justify="left")
    for column in ("street", "hands reaching it", "pot after its betting (big bets)",
                   "bets and raises (of decisions)", "best board wins"):
        streets.add_column(column, justify="left" if column == "street" else "right")
    for name in report.street_names:
        streets.add_row(
            name, estimate_text(design["streets_reached"].get(name), "share"),
            estimate_text(design["pot_bb_by_street"].get(name), "plain"),
            estimate_text(design["raise_frequency"].get(name), "share"),
            estimate_text(design["decisiveness"].get(name), "share"),
        )
    console.print(streets)
    trace = design["skill_trace"]
    if trace:
        table = RichTable(title=f"skill trace: the equity bot against {trace[0]['opponent']} "
                          "(95% intervals)", title_justify="left")
        for column in ("completions a decision", "bb/100", "hands until it leads (95%)"):
            table.add_column(column, justify="right")
        for point in trace:
            lead = point["hands_to_lead_95"]
            table.add_row(f"{point['budget']:,}", estimate_text(point["bb100"]),
                          f"{lead:,}" if lead else "-")
        console.print(table)


def render_design_side_by_side(reports: Sequence[SimulationReport], console: Console) -> None:
    """The headline design metrics and the pots by street of each variant after the first
    beside the first's, a table per pair (as the statistics: each fits 80 columns)."""
    designs = [r.design() for r in reports]
    first = reports[0]
    for report, design in zip(reports[1:], designs[1:], strict=True):
        table = RichTable(title=f"design metrics, {first.variant} -> {report.variant} (95% "
                          "intervals)", title_justify="left", box=box.SIMPLE)
        table.add_column("metric")
        table.add_column(first.variant, justify="right")
        table.add_column(report.variant, justify="right")
        pair = (designs[0], design)
        rows = [
            ("fairness, bb/100", [estimate_text(d["fairness"], "plain") for d in pair]),
            ("bring-in player, bb/100", [_bring_in(d, "bring_in") for d in pair]),
            ("the others, bb/100", [_bring_in(d, "others") for d in pair]),
            ("decisions per hand",
             [estimate_text(d["decisions_per_hand"], "plain") for d in pair]),
            ("skill, bb/100", [estimate_text(d["skill"]["bb100"], "unsigned")
                               if d["skill"] else "-" for d in pair]),
            ("lead changes a hand",
             [estimate_text(d["lead_changes"]["per_hand"], "plain") for d in pair]),
        ]
        streets = list(dict.fromkeys([*first.street_names, *report.street_names]))
        rows += [(f"pot after {name}, bb",
                  [estimate_text(d["pot_bb_by_street"].get(name), "plain") for d in pair])
                 for name in streets]
        traces = [d["skill_trace"] or [] for d in pair]
        rows += [(f"skill, {point['bot']}, bb/100",
                  [estimate_text(t[k]["bb100"], "unsigned") if k < len(t) else "-"
                   for t in traces]) for k, point in enumerate(traces[0] or traces[1])]
        rows += [(f"best board wins, {name}",
                  [estimate_text(d["decisiveness"].get(name), "share") for d in pair])
                 for name in streets if any(name in d["decisiveness"] for d in pair)]
        for label, cells in rows:
            table.add_row(label, *cells)
        console.print(table)


def _bring_in(design: dict[str, Any], part: str) -> str:
    found = design["bring_in_ev_bb100"]
    return estimate_text(found[part]) if found else "no bring-in"
