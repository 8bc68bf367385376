"""``studkit equity``: each hand's share of the pot, exact or Monte Carlo."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table as RichTable

from studkit.cli.output import stdout_console

if TYPE_CHECKING:
    from studkit.equity import EquityResult

__all__ = ["register", "run"]


def register(subcommands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``equity`` command."""
    parser = subcommands.add_parser(
        "equity",
        help="each hand's equity (expected share of the pot), exact or Monte Carlo",
        description=(
            "Each hand's equity: its expected share of the pot in VARIANT. Give every "
            "player's cards dealt so far in deal order, '??' for a card unknown to you. "
            "The space of remaining deals is enumerated exactly when it is small, else "
            "sampled with a 95% confidence interval."
        ),
    )
    parser.add_argument("variant", metavar="VARIANT", help="a built-in variant name or a file")
    parser.add_argument(
        "--hand",
        action="append",
        required=True,
        metavar="CARDS",
        help="one player's cards in deal order, e.g. 'As Ad Kc 7h' or '?? ?? Qs Jh' (repeat)",
    )
    parser.add_argument(
        "--board", default="", metavar="CARDS",
        help="the board (community) cards dealt so far, in a game that deals them",
    )
    parser.add_argument(
        "--dead", default="", metavar="CARDS", help="cards known to be out, e.g. folded up cards"
    )
    method = parser.add_mutually_exclusive_group()
    method.add_argument(
        "--exact", action="store_true", help="enumerate every remaining deal (refused if huge)"
    )
    method.add_argument(
        "--trials", type=int, metavar="N", help="Monte Carlo with N random deals"
    )
    parser.add_argument("--seed", type=int, metavar="S", help="seed for Monte Carlo trials")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Compute and print the equities."""
    from studkit.equity import equity
    from studkit.variant.loader import load_variant

    result = equity(
        load_variant(args.variant, registry=args.registry),
        args.hand,
        dead=args.dead,
        board=args.board,
        exact=True if args.exact else None,
        trials=args.trials,
        seed=args.seed,
    )
    if args.json:
        print(json.dumps(result.to_json(), indent=2))
    else:
        render(result, stdout_console())
    return 0


def _method_line(result: EquityResult) -> str:
    if result.method == "exact":
        if result.deals == 1:
            return "exact: the hands are complete, one deal to evaluate"
        return f"exact: all {result.deals:,} remaining deals enumerated"
    seed = f", seed {result.seed}" if result.seed is not None else ""
    return (
        f"Monte Carlo: {result.deals:,} random deals of {result.space:,} possible{seed}; "
        "± is the 95% confidence interval"
    )


def render(result: EquityResult, console: Console) -> None:
    """Print a result as a table."""
    table = RichTable(title=f"{result.variant} equity", title_justify="left")
    table.add_column("hand")
    table.add_column("equity", justify="right")
    shares = result.share_names if len(result.share_names) > 1 else ()
    for name in shares:
        table.add_column(name, justify="right")
    table.add_column("scoop", justify="right")
    for hand in result.hands:
        cell = f"{hand.equity:.2%}"
        if hand.interval is not None:
            cell += f" ± {(hand.interval[1] - hand.interval[0]) / 2:.2%}"
        row = [hand.cards, cell]
        row.extend(f"{hand.shares[name]:.2%}" for name in shares)
        row.append(f"{hand.scoop:.2%}")
        table.add_row(*row)
    console.print(table)
    notes = [_method_line(result)]
    if result.dead:
        notes.append("dead: " + " ".join(str(c) for c in result.dead))
    if result.board or result.board_to_come:
        shown = " ".join(str(c) for c in result.board) or "none yet"
        notes.append(f"board: {shown}; {result.board_to_come} board card(s) to come")
    if result.community_cards:
        notes.append(
            f"the unseen cards cannot give everyone a card: {result.community_cards} "
            "community card(s) dealt"
        )
    if shares:
        notes.append(
            "share columns: fraction of the pot won through each share (they add up to the "
            "equity); scoop: the whole pot alone"
        )
    notes.extend(result.notes)
    notes.append(f"{result.seconds:.3f} s")
    for note in notes:
        console.print(note, highlight=False, soft_wrap=True)
