"""``studkit simulate``: play many hands of a variant with bots and report what happened."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table as RichTable

from studkit.cli.output import stdout_console
from studkit.simulation.cores import usable_cores

if TYPE_CHECKING:
    from studkit.simulation import SimulationReport
    from studkit.simulation.cluster import Cluster

__all__ = [
    "register", "run", "render", "add_run_arguments", "progress_bar", "PROGRESS_MIN",
    "DEFAULT_WORKERS", "open_cluster", "speed_line",
]

PROGRESS_MIN = 2_000
"""Runs of at least this many hands show a progress bar (when standard error, where it is
drawn, is a terminal)."""

DEFAULT_HANDS = 10_000
DEFAULT_PLAYERS = 6
BOT_NAMES = ("random", "calling-station", "tag", "lag", "equity")
"""The built-in bots (``studkit.bots.BUILT_IN_BOTS``; named here so that building the
parser does not import the engine)."""

ENGINE_NAMES = ("auto", "kernel", "general")
"""``--engine`` values (``studkit.simulation.engines.ENGINES``)."""

DEFAULT_WORKERS = min(8, usable_cores())
"""Worker processes unless ``--workers`` says otherwise (results do not depend on it)."""


def add_run_arguments(
    parser: argparse.ArgumentParser, *, hands_default: int, hands_help: str = "hands to play"
) -> None:
    """The options ``simulate`` and ``compare`` share."""
    from studkit.variant.stakes import add_stakes_argument, stack_argument

    parser.add_argument(
        "--hands", type=int, default=hands_default, metavar="N",
        help=f"{hands_help} (default {hands_default:,})",
    )
    parser.add_argument(
        "--players", type=int, default=None, metavar="P",
        help="players at the table (default: one per name of a per-seat --bots list, else "
        f"{DEFAULT_PLAYERS} or fewer if a variant seats fewer)",
    )
    parser.add_argument(
        "--bots", default=None, metavar="NAMES",
        help="one bot for every seat or one per seat, comma-separated: "
        f"{', '.join(BOT_NAMES)}, or module:Class for your own (default: a mix)",
    )
    add_stakes_argument(parser)
    parser.add_argument(
        "--stack", type=stack_argument, default=None, metavar="CHIPS",
        help="every seat's chips at the start of each hand, as the stakes write amounts "
        "(500, 49.75; default 100 big bets)",
    )
    parser.add_argument(
        "--seed", type=int, default=None, metavar="S",
        help="seed of the whole run (default: a random one, printed); the same seed gives "
        "the same results whatever --workers",
    )
    parser.add_argument(
        "--workers", type=int, default=DEFAULT_WORKERS, metavar="W",
        help=f"processes sharing the hands (default {DEFAULT_WORKERS}: one per core, at most 8)",
    )
    parser.add_argument(
        "--engine", choices=ENGINE_NAMES, default="auto",
        help="auto (default): the compiled kernel where the variant and bots allow, else the "
        "general engine; kernel: the kernel or an error naming what it does not cover; "
        "general: the Python engine (every variant, plugin and bot)",
    )
    parser.add_argument(
        "--cluster", default=None, metavar="ADDRESS",
        help="play the hands on a Dask cluster instead of --workers processes: local (one "
        "worker per core), local:N (N workers on this machine) or tcp://HOST:PORT (a running "
        "`dask scheduler`); the same seed gives the same results (needs studkit[dask])",
    )
    parser.add_argument(
        "--cluster-file", default=None, metavar="PATH",
        help="like --cluster, with the scheduler file `dask scheduler --scheduler-file` writes",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


@contextmanager
def open_cluster(args: argparse.Namespace, command: str) -> Iterator[Cluster | None]:
    """The Dask cluster ``--cluster`` or ``--cluster-file`` names, open for ``command`` (Dask's
    own log lines silenced: failures are reported as errors), else ``None``. A local cluster
    of more workers than cores is started all the same, with a warning on standard error."""
    if args.cluster is None and args.cluster_file is None:
        yield None
        return
    from studkit.simulation.cluster import connect, local_size
    from studkit.simulation.cores import oversized_local_cluster

    workers = local_size(args.cluster) if args.cluster is not None else None
    warning = oversized_local_cluster(workers, usable_cores()) if workers is not None else None
    if warning is not None:
        print(f"studkit {command}: warning: {warning}", file=sys.stderr)
    with connect(args.cluster, args.cluster_file, quiet=True) as cluster:
        yield cluster


def register(subcommands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``simulate`` command."""
    parser = subcommands.add_parser(
        "simulate",
        help="play many hands with bots and report pots, showdowns, winners",
        description=(
            "Play N hands of VARIANT at one table of bots (the button moving each hand, "
            "every stack reset to the starting stack) and report showdown, split and scoop "
            "rates, pot sizes, winning hand categories, each seat's result in big bets per "
            "100 hands with a 95% confidence interval, bring-in completions, community "
            "cards and actions per hand."
        ),
    )
    parser.add_argument("variant", metavar="VARIANT", help="a built-in variant name or a file")
    add_run_arguments(parser, hands_default=DEFAULT_HANDS)
    parser.add_argument(
        "--history", default=None, metavar="PATH",
        help="also write every hand played as PHH (a directory: one file per hand)",
    )
    parser.add_argument(
        "--skill-trace", action="store_true",
        help="also play the skill trace: the equity bot with 25, 50, 100, 200 and 400 "
        "completions a decision against the table's weakest bot (a calling station if that "
        "is an equity bot), the same hands, players and seed (five more simulations)",
    )
    parser.set_defaults(run=run)


def _on_terminal() -> bool:
    """Whether standard error, where the bar is drawn, is a terminal (standard output may be
    redirected to a file: the bar never goes there)."""
    return sys.stderr.isatty()


@contextmanager
def progress_bar(total: int, label: str) -> Iterator[Callable[[int], None] | None]:
    """A rich progress bar on standard error for long runs when standard error is a
    terminal, else nothing."""
    if total < PROGRESS_MIN or not _on_terminal():
        yield None
        return
    columns = (
        "[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=total)

        def update(done: int) -> None:
            bar.update(task, completed=done)

        yield update


def run(args: argparse.Namespace) -> int:
    """Run the simulation and print the report."""
    from studkit.simulation import simulate
    from studkit.variant.loader import load_variant

    begun = time.perf_counter()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    variant = load_variant(args.variant, registry=args.registry)
    with (
        open_cluster(args, "simulate") as cluster,
        progress_bar(args.hands, f"{args.variant}") as update,
    ):
        before = time.perf_counter() - begun  # the variant loaded, the cluster started
        report = simulate(
            variant,
            hands=args.hands,
            players=args.players,
            bots=args.bots,
            stakes=args.stakes,
            stack=args.stack,
            seed=seed,
            workers=args.workers,
            progress=update,
            history=args.history,
            engine=args.engine,
            cluster=cluster,
        )
    report = replace(report, setup_seconds=before + report.setup_seconds)
    if args.skill_trace:
        from studkit.simulation.skill_trace import traced

        report = traced(report, variant, hands=args.hands, seed=seed, stakes=args.stakes,
                        stack=args.stack, workers=args.workers, engine=args.engine)
    if args.json:
        print(json.dumps(report.to_json(), indent=2))
    else:
        render(report, stdout_console())
        if args.history:
            print(f"wrote {report.hands:,} hands to {args.history}")
    return 0


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.2%}"


def _big_bets(big_bets: float | None, chips: float | None) -> str:
    """A chip figure in big bets, the chips beside it."""
    if big_bets is None or chips is None:
        return "n/a"
    return f"{big_bets:,.2f} bb ({chips:,.2f} chips)"


def render(report: SimulationReport, console: Console) -> None:
    """Print a report as tables (chips in the player's amounts, ``report.scale``)."""
    from studkit.variant.amounts import grouped_amount
    stats = report.statistics()
    console.print(
        f"[bold]{report.variant}[/bold]: {report.hands:,} hands, {report.players} players, "
        f"seed {report.seed}, stakes {_stakes(report)} "
        f"(1 bb = {report.amount_text(report.big_bet)} chips)",
        highlight=False,
        soft_wrap=True,
    )
    table = RichTable(title="table statistics", title_justify="left")
    table.add_column("statistic")
    table.add_column("value", justify="right")
    # with one pot share a split can only be a tie and the scoop rate is nearly its
    # complement: say "tied pots" and leave the scoop rate to the JSON
    several_shares = len(report.share_names) > 1
    rows = [
        ("showdown rate", _pct(stats["showdown_rate"])),
        (
            "split rate (of showdowns)" if several_shares else "tied pots (of showdowns)",
            _pct(stats["split_rate"]),
        ),
        *([("scoop rate (of showdowns)", _pct(stats["scoop_rate"]))] if several_shares else []),
        ("mean pot", _big_bets(stats["mean_pot_bb"], stats["mean_pot"])),
        ("median pot", _big_bets(stats["median_pot_bb"], stats["median_pot"])),
        ("bring-in completion rate", _pct(stats["bring_in_completion_rate"])),
        ("community card rate", _pct(stats["community_card_rate"])),
        ("mean actions per hand", f"{stats['mean_actions']:.2f}"),
        ("mean players at showdown", _optional(stats["mean_players_at_showdown"])),
    ]
    for name, value in rows:
        table.add_row(name, value)
    console.print(table)
    seats = RichTable(title="seats (bb/100: big bets won per 100 hands)", title_justify="left")
    for column in ("seat", "bot", "net big bets", "net chips", "bb/100", "95% interval"):
        seats.add_column(column, justify="left" if column == "bot" else "right")
    for s in report.seats:
        seats.add_row(
            str(s.seat_number), s.bot, f"{s.net_bb:+,.1f}",
            grouped_amount(s.net, report.scale, signed=True), f"{s.bb_per_100:+.1f}",
            f"{s.ci95[0]:+.1f} .. {s.ci95[1]:+.1f}" if s.ci95 is not None else "n/a (1 hand)",
        )
    console.print(seats)
    from studkit.cli.design_tables import render_design

    _render_categories(report, console)
    render_design(report, console)
    where = f" on {report.cluster}" if report.cluster is not None else ""
    console.print(
        f"{speed_line(report)}, {report.workers} worker(s){where}, "
        f"{engine_line(report)}",
        highlight=False, soft_wrap=True,
    )


def speed_line(report: SimulationReport) -> str:
    """The hands, their own time and rate, and the set-up apart: ``10,000 hands in 0.9 s
    (11,111 hands/s; set-up 0.3 s)``."""
    return (
        f"{report.hands:,} hands in {report.seconds:.1f} s ({report.hands_per_second:,.0f} "
        f"hands/s; set-up {report.setup_seconds:.1f} s)"
    )


def engine_line(report: SimulationReport) -> str:
    """Which engine played the hands, and why ``auto`` did not take the kernel."""
    if report.engine_note:
        return f"{report.engine} engine (not the kernel: {report.engine_note})"
    return f"{report.engine} engine"


def _render_categories(report: SimulationReport, console: Console) -> None:
    """Per pot share, the winning categories best first, as fractions of all showdowns; the
    showdowns where nobody qualified for the share (a low in eight-or-better, a declaration
    nobody made) or where its winner's hand has no category (a plugin's ranking) are rows of
    their own, so the column adds up to 100%."""
    from studkit.simulation.tally import category_order

    showdowns = report.tally.showdowns
    for share, counts in report.winning_categories().items():
        if not showdowns:
            continue
        if not counts:
            awarded = report.tally.share_awards.get(share, 0)
            console.print(
                f"{share} share: awarded at {awarded:,} of {showdowns:,} showdowns "
                f"({awarded / showdowns:.2%}); a plugin ranks it, so it has no hand categories",
                highlight=False, soft_wrap=True,
            )
            continue
        cats = RichTable(title=f"winning {share} hands at showdown", title_justify="left")
        cats.add_column("category")
        cats.add_column("showdowns", justify="right")
        cats.add_column("of showdowns", justify="right")
        rows = [(name, counts[name]) for name in category_order(list(counts))]
        awarded = report.tally.share_awards.get(share, 0)
        if awarded > sum(counts.values()):
            rows.append(("(won, category unknown)", awarded - sum(counts.values())))
        if showdowns > awarded:
            rows.append((f"(not awarded: no {share} hand qualified)", showdowns - awarded))
        for name, count in rows:
            cats.add_row(name, f"{count:,}", _pct(count / showdowns))
        console.print(cats)


def _optional(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.2f}"


def _stakes(report: SimulationReport) -> str:
    """The stakes in play as the player writes them: ``ante=0.25, bring-in=0.50, ...``."""
    from studkit.variant.stakes_words import amount_words

    return ", ".join(
        f"{key.replace('_', '-')}={amount_words(report.scale, value)}"
        for key, value in report.stakes.items() if value is not None
    )
