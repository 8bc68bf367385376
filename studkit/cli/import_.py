"""``studkit import PATH... --out DIR [--per hand|file]``: write card rooms' hand histories
(and PHH files) as PHH."""

from __future__ import annotations

import argparse
import sys

from studkit.history.rooms.formats import known_formats
from studkit.history.rooms.phh_import import PER_CHOICES, import_histories

__all__ = ["register", "run_import"]


def register(subcommands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``import`` command."""
    parser = subcommands.add_parser(
        "import",
        help="write card rooms' hand histories as PHH files",
        description="Read every hand of each PATH (a card room's history file, a PHH file, or "
        "a folder: its .txt, .xml, .phh and .phhs files, sorted) and write it as PHH into "
        "DIR: a .phh file per hand (DIR/<source name>-<hand>.phh) or, with --per file, a "
        ".phhs file per source (DIR/<source name>.phhs). Nothing is lost: the room, table, "
        "hand number, time, players, seats, stacks, every card shown, every action, each "
        "player's winnings, finishing stacks and the rake. A hand that cannot be read is "
        "reported with the file and line; the others are still written. Exit 0 if every hand "
        "was written, 1 if any was not. Formats: " + known_formats() + ".",
    )
    parser.add_argument(
        "paths", nargs="+", metavar="PATH", help="room history files, PHH files or folders"
    )
    parser.add_argument(
        "--out", required=True, metavar="DIR", help="the folder to write into (made if missing)"
    )
    parser.add_argument(
        "--per",
        choices=PER_CHOICES,
        default="hand",
        help="a .phh file per hand (the default) or a .phhs file per source file",
    )
    parser.set_defaults(run=run_import)


def run_import(args: argparse.Namespace) -> int:
    """Import the hands; report what was written; 1 if any hand was not."""
    result = import_histories(args.paths, args.out, per=args.per, registry=args.registry)
    for problem in result.errors:
        print(f"studkit import: error: {problem}", file=sys.stderr)
    files = len(result.written)
    summary = (
        f"wrote {result.hands} hand{'s' * (result.hands != 1)} to {files} "
        f"file{'s' * (files != 1)} in {args.out}"
    )
    if result.errors:
        summary += f"; {len(result.errors)} not written"
    if result.skipped:
        count = len(result.skipped)
        summary += f"; {count} hand{'s' * (count != 1)} of other games skipped"
    print(summary, file=sys.stderr)
    return 1 if result.errors else 0
