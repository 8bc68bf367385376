"""``studkit tune VARIANT --param KEY=LO..HI --target METRIC=V``: the house rules that meet a
designer's targets, written as a file that extends the variant."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from studkit.cli.output import stdout_console
from studkit.defaults import DEFAULT_TUNE_HANDS
from studkit.errors import StudkitError

if TYPE_CHECKING:
    from studkit.tune import TuneResult

__all__ = ["register", "run", "DEFAULT_TUNE_HANDS"]


class TuneFileError(StudkitError):
    """An --out file that cannot be written."""


def register(subcommands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``tune`` command."""
    from studkit.variant.stakes import stack_argument

    parser = subcommands.add_parser(
        "tune",
        help="search rule values (ante, bring-in, bets, raise cap...) for targets such as a "
        "mean pot of 2 big bets; write the house rules found",
        description=(
            "Simulate the variant with every combination of the --param values (the same "
            "seed for each, few hands first, more hands only where candidates are close), "
            "pick the one whose metrics meet the --target figures or come closest, and "
            "write it as a variant file that extends VARIANT (--out)."
        ),
    )
    parser.add_argument("variant", metavar="VARIANT", help="a built-in variant name or a file")
    parser.add_argument(
        "--param", action="append", default=[], metavar="KEY=LO..HI", required=True,
        help="a numeric rule value to search, by its path in the variant file, and its "
        "range, e.g. forced_bets.ante=0..10 or betting.max_raises=2..6; amounts as the "
        "stakes write them, by the table's smallest amount or a step, e.g. "
        "forced_bets.ante=0.1..0.5:0.05 (repeatable: every combination is tried)",
    )
    parser.add_argument(
        "--target", action="append", default=[], metavar="METRIC=V", required=True,
        help="what a metric should be: METRIC=V, METRIC<=V or METRIC>=V, e.g. "
        "mean_pot_bb=2.0, fairness<=10, showdown_rate>=0.3 (repeatable; every statistic "
        "of simulate --json and the design metrics, e.g. pot_bb_by_street.fifth)",
    )
    parser.add_argument("--players", type=int, default=None, metavar="P",
                        help="players at the table (default as for simulate)")
    parser.add_argument("--bots", default=None, metavar="NAMES",
                        help="one bot for every seat or one per seat (default: a mix)")
    parser.add_argument("--hands", type=int, default=DEFAULT_TUNE_HANDS, metavar="N",
                        help=f"hands for the final figures of a candidate (default "
                        f"{DEFAULT_TUNE_HANDS:,}; the first round plays fewer)")
    parser.add_argument("--seed", type=int, default=1, metavar="S",
                        help="seed of every simulation (default 1: the same search gives the "
                        "same answer)")
    parser.add_argument("--stack", type=stack_argument, default=None, metavar="CHIPS",
                        help="every seat's chips at the start of each hand, as the stakes "
                        "write amounts (default 100 big bets)")
    parser.add_argument("--workers", type=int, default=1, metavar="W",
                        help="processes sharing each simulation's hands (default 1)")
    parser.add_argument("--engine", choices=("auto", "kernel", "general"), default="auto",
                        help="as for simulate")
    parser.add_argument("--out", default=None, metavar="FILE",
                        help="write the house rules found as a variant file that extends "
                        "VARIANT")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run the search, print it, and write the house rules."""
    from studkit.simulation.design import estimate_text
    from studkit.tune import parse_param, parse_target, tune
    from studkit.tune.search import extends_reference, house_rules_text
    from studkit.variant.loader import load_variant

    params = [parse_param(text) for text in args.param]
    targets = [parse_target(text) for text in args.target]
    out = Path(args.out) if args.out is not None else None
    if out is not None and (out.is_dir() or not out.parent.is_dir()):
        raise TuneFileError(f"--out {args.out!r}: not a file in an existing folder")
    variant = load_variant(args.variant, registry=args.registry)
    result = tune(variant, params, targets, players=args.players, bots=args.bots,
                  hands=args.hands, seed=args.seed, stack=args.stack, workers=args.workers,
                  engine=args.engine)
    if out is not None:
        measured = ", ".join(
            f"{t.metric} {estimate_text(result.best.metrics[t.metric].to_json(), 'plain')} "
            f"(target {t.op} {t.value:g})" for t in targets)
        comment = (f"House rules found by studkit tune for {variant.name}: {measured}, over "
                   f"{result.hands:,} hands, seed {result.seed}, {result.players} players "
                   f"({', '.join(result.bots)}).")
        text = house_rules_text(variant, result.best.values,
                                extends=extends_reference(variant, out.parent),
                                name=f"{variant.name}-tuned", comment=_wrapped(comment))
        try:
            out.write_text(text)
        except OSError as error:
            raise TuneFileError(f"--out {args.out!r}: cannot write it: {error}") from None
        result.file = str(out)
    if args.json:
        print(json.dumps(result.to_json(), indent=2))
        return 0
    _render(result)
    return 0


def _wrapped(text: str, width: int = 88) -> str:
    import textwrap

    return "\n".join(textwrap.wrap(text, width))


def _render(result: TuneResult) -> None:
    from rich.table import Table as RichTable

    from studkit.simulation.design import estimate_text

    console = stdout_console()
    console.print(
        f"[bold]{result.variant.name}[/bold]: {len(result.candidates)} candidate(s), "
        f"{result.players} players ({', '.join(result.bots)}), seed {result.seed}; rounds: "
        + ", ".join(f"{n} at {h:,} hands" for h, n in result.rounds),
        highlight=False, soft_wrap=True,
    )
    table = RichTable(title="candidates, as last measured (miss: 0 when every target is met)",
                      title_justify="left")
    for p in result.params:
        table.add_column(p.key, justify="right")
    for t in result.targets:
        table.add_column(f"{t.metric} ({t.op}{t.value:g})", justify="right")
    table.add_column("hands", justify="right")
    table.add_column("miss", justify="right")
    for candidate in result.candidates:
        mark = "best" if candidate is result.best else ""
        table.add_row(
            *(str(candidate.values[p.key]) for p in result.params),
            *(estimate_text(candidate.metrics[t.metric].to_json(), "plain")
              for t in result.targets),
            f"{candidate.hands:,}",
            f"{candidate.miss:.4f} {mark}".strip(),
        )
    console.print(table)
    for skipped in result.skipped:
        console.print(f"skipped (not a valid variant): {skipped}", highlight=False,
                      soft_wrap=True)
    best = ", ".join(f"{k}={v}" for k, v in result.best.values.items())
    verdict = "meets every target" if result.met else "comes closest to the targets"
    console.print(f"[bold]best: {best}[/bold] ({verdict})", highlight=False, soft_wrap=True)
    if result.file is not None:
        print(f"wrote {result.file}", file=sys.stdout)
