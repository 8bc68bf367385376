"""``studkit compare A B [...]``: rules diff, statistics side by side, significance, plots."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from rich import box
from rich.console import Console
from rich.table import Table as RichTable

from studkit.cli.output import stdout_console
from studkit.cli.simulate import add_run_arguments, engine_line, open_cluster, progress_bar
from studkit.defaults import DEFAULT_COMPARE_HANDS

if TYPE_CHECKING:
    from studkit.compare import Comparison

__all__ = ["register", "run", "render", "DEFAULT_COMPARE_HANDS"]



def register(subcommands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``compare`` command."""
    parser = subcommands.add_parser(
        "compare",
        help="compare rule sets: rules diff, statistics, significance tests, plots",
        description=(
            "Simulate each VARIANT with the same seed, players, bots and hands, then show "
            "the rules that differ, every statistic side by side with its difference from "
            "the first variant and a significance test (Holm-corrected), and the exact "
            "odds of the hand rankings where they differ."
        ),
    )
    parser.add_argument("variants", nargs="+", metavar="VARIANT",
                        help="two or more built-in variant names or files")
    add_run_arguments(
        parser, hands_default=DEFAULT_COMPARE_HANDS, hands_help="hands per variant"
    )
    parser.add_argument(
        "--report", default=None, metavar="DIR",
        help="write an HTML page of the comparison, charts included, to DIR/index.html "
        "(with PNG copies of the charts when matplotlib is installed)",
    )
    parser.add_argument(
        "--skill-trace", action="store_true",
        help="also play each variant's skill trace, as simulate --skill-trace does (five "
        "more simulations a variant)",
    )
    parser.add_argument(
        "--no-odds", action="store_true",
        help="skip the exact odds of the hand rankings (seconds per seven-card table, "
        "cached after the first run)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run the comparison and print it (and write the report)."""
    from studkit.compare import CompareError, compare, write_report
    from studkit.compare.report import prepare_report_folder
    from studkit.variant.loader import load_variant

    if len(args.variants) < 2:
        raise CompareError(f"compare needs at least two variants, got {args.variants}")
    if args.report is not None:
        prepare_report_folder(args.report)  # fail before minutes of simulation, not after
    total = args.hands * len(args.variants)
    with open_cluster(args, "compare") as cluster, progress_bar(total, "compare") as update:
        progress: Callable[[int, int], None] | None = None
        if update is not None:
            done = [0] * len(args.variants)

            def progress(index: int, hands: int) -> None:
                done[index] = hands
                update(sum(done))

        comparison = compare(
            [load_variant(name, registry=args.registry) for name in args.variants],
            hands=args.hands,
            players=args.players,
            bots=args.bots,
            stakes=args.stakes,
            stack=args.stack,
            seed=args.seed,
            workers=args.workers,
            engine=args.engine,
            cluster=cluster,
            odds=not args.no_odds,
            progress=progress,
            skill_trace=args.skill_trace,
        )
    files = write_report(comparison, args.report) if args.report is not None else []
    for warning in comparison.warnings:
        print(f"studkit compare: warning: {warning}", file=sys.stderr)
    if args.json:
        data = comparison.to_json()
        if files:
            data["report"] = [os.fspath(f) for f in files]
        print(json.dumps(data, indent=2))
    else:
        render(comparison, stdout_console())
        if files:
            print(f"report: {files[0]}")
    return 0


_SHOWN_VERDICTS = {
    "significant": "[bold red]yes[/]",
    "no significant difference": "no",
    "no difference": "same",
    "not tested": "not tested",
}
"""How the table's ``significant?`` column shows each verdict (the JSON keeps the words)."""

_TEST_KINDS = (
    ("two-proportion z-test", "rates"),
    ("Welch's t-test", "means and bb/100"),
    ("chi-square test of homogeneity", "distributions"),
)


def _p_value(row_verdict: str, p: float | None) -> str:
    if p is None or row_verdict == "not tested":
        return ""
    return "< 0.0001" if p < 1e-4 else f"{p:.4f}"


def render(comparison: Comparison, console: Console) -> None:
    """Print a comparison as text and tables."""
    from studkit.compare.comparison import format_difference, format_value

    names = comparison.names
    first = comparison.reports[0]
    console.print(
        f"[bold]{' vs '.join(names)}[/bold]: {first.hands:,} hands each, {first.players} "
        f"players ({', '.join(first.bots)}), seed {first.seed} (the same deals for every "
        "variant)",
        highlight=False,
        soft_wrap=True,
    )
    for other, lines in zip(names[1:], comparison.rules, strict=True):
        console.print(f"\n[bold]rules, {names[0]} -> {other}[/bold]", highlight=False)
        for line in lines or ["no rule differs"]:
            console.print(f"  {line}", highlight=False, soft_wrap=True)
    for i, other in enumerate(names[1:]):
        # one table per pair: several variants side by side do not fit a terminal
        table = RichTable(
            title=f"\nstatistics, {names[0]} -> {other}", title_justify="left",
            box=box.SIMPLE_HEAD, pad_edge=False,
        )
        table.add_column("statistic", ratio=1, min_width=12, overflow="fold")
        # a long variant name folds in the header; the figures under it are short
        table.add_column(names[0], justify="right", overflow="fold", min_width=8)
        table.add_column(other, justify="right", overflow="fold", min_width=8)
        table.add_column("difference", justify="right", no_wrap=True)
        table.add_column("p (Holm)", justify="right", no_wrap=True)
        table.add_column("significant?", no_wrap=True)
        for row in comparison.rows:
            table.add_row(
                row.label,
                format_value(row.values[0], row.name),
                format_value(row.values[i + 1], row.name),
                format_difference(row.differences[i], row.name),
                _p_value(row.verdicts[i], row.adjusted[i]),
                _SHOWN_VERDICTS.get(row.verdicts[i], row.verdicts[i]),
            )
        console.print(table)
    used = [
        f"{kind}: {test}" for test, kind in _TEST_KINDS
        if any(row.test == test for row in comparison.rows)
    ]
    console.print(
        f"tests: {'; '.join(used)}. p-values are Holm-corrected over every test; significant: "
        f"below {comparison.alpha:.0%}; same: the counts are equal.",
        highlight=False,
        soft_wrap=True,
    )
    console.print(f"[bold]{comparison.summary()}[/bold]", highlight=False, soft_wrap=True)
    engines = "; ".join(
        f"{name}: {engine_line(report)}" for name, report in zip(
            names, comparison.reports, strict=True
        )
    )
    console.print(f"played on: {engines}", highlight=False, soft_wrap=True)
    _render_categories(comparison, console)
    from studkit.cli.design_tables import render_design_side_by_side

    console.print()
    render_design_side_by_side(comparison.reports, console)
    _render_odds(comparison, console)


def _render_categories(comparison: Comparison, console: Console) -> None:
    from studkit.compare.report import category_order

    shares: list[str] = []
    for report in comparison.reports:
        shares.extend(s for s in report.share_names if s not in shares)
    for share in shares:
        table = RichTable(title=f"\nwinning {share} hands (share of showdowns)",
                          title_justify="left")
        table.add_column("category")
        having = [r for r in comparison.reports if share in r.share_names]
        for report in having:
            table.add_column(report.variant, justify="right")
        names: list[str] = []
        for report in having:
            names.extend(n for n in report.winning_categories().get(share, {}) if n not in names)
        for category in category_order(names):
            cells = [category]
            for report in having:
                count = report.winning_categories().get(share, {}).get(category, 0)
                showdowns = report.tally.showdowns
                cells.append(f"{count / showdowns:.2%}" if showdowns else "-")
            table.add_row(*cells)
        console.print(table)


def _render_odds(comparison: Comparison, console: Console) -> None:
    if comparison.odds_skipped:
        console.print("\nexact odds of the hand rankings: not computed (--no-odds)",
                      highlight=False)
        return
    if not comparison.odds:
        console.print("\nhand rankings: the same in every variant", highlight=False)
        return
    for i, odds in enumerate(comparison.odds, start=1):
        console.print(
            f"exact odds [{i}]: {odds.key} ({', '.join(odds.variants)}): "
            f"{odds.total:,} hands enumerated",
            highlight=False,
            soft_wrap=True,
        )
    # one table per ranking, its settings side by side (high with and without wild cards)
    evaluators = list(dict.fromkeys(odds.evaluator for odds in comparison.odds))
    for evaluator in evaluators:
        group = [(i, o) for i, o in enumerate(comparison.odds, start=1) if o.evaluator == evaluator]
        console.print(
            f"\nexact probability of each {evaluator} category", highlight=False, soft_wrap=True
        )
        table = RichTable()
        table.add_column("category")
        for i, _ in group:
            table.add_column(f"[{i}]", justify="right")
        names: list[str] = []
        # the longest list sets the order (best category first); others' extras follow
        for _, odds in sorted(group, key=lambda item: -len(item[1].categories)):
            names.extend(n for n in odds.categories if n not in names)
        for name in names:
            cells = [name]
            for _, odds in group:
                count = odds.categories.get(name)
                cells.append("-" if count is None else f"{count / odds.total:.4%}")
            table.add_row(*cells)
        console.print(table)
