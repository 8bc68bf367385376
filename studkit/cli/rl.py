"""The ``rl`` command: a variant's RL spaces, and the RL libraries' conformance checks.

``studkit rl spaces VARIANT`` prints the action ids and the observation fields;
``studkit rl check VARIANT`` runs PettingZoo's, Gymnasium's and OpenSpiel's checks on it
(needs the rl extra) and exits 1 if one fails.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from studkit.errors import RLError
from studkit.extras import require_extra
from studkit.variant.stakes import add_stakes_argument

__all__ = ["register", "run_spaces", "run_check"]


def register(subcommands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``rl`` command and its ``spaces`` and ``check`` subcommands."""
    parser = subcommands.add_parser(
        "rl",
        help="reinforcement learning: a variant's action and observation spaces, conformance",
        description="A variant as a PettingZoo, Gymnasium and OpenSpiel game (docs/rl.md).",
    )
    actions = parser.add_subparsers(dest="rl_command", metavar="SUBCOMMAND")
    actions.required = True
    for name, help_text, run in (
        ("spaces", "print the variant's action ids and observation fields", run_spaces),
        ("check", "run PettingZoo's api_test, Gymnasium's check_env and OpenSpiel's "
         "random_sim_test on the variant (needs the rl extra)", run_check),
    ):
        sub = actions.add_parser(name, help=help_text, description=help_text)
        sub.add_argument("variant", metavar="VARIANT", help="a variant name or file path")
        sub.add_argument("--players", type=int, default=2, help="seats (default 2)")
        add_stakes_argument(sub)
        sub.add_argument("--json", action="store_true", help="print JSON")
        if name == "check":
            sub.add_argument("--hands", type=int, default=3,
                             help="hands OpenSpiel simulates (default 3)")
        sub.set_defaults(run=run)


def spaces_record(args: argparse.Namespace) -> dict[str, Any]:
    """What ``studkit rl spaces --json`` prints."""
    from studkit.rl.game import StudGame
    from studkit.variant.loader import load_variant

    variant = load_variant(args.variant, registry=args.registry)
    game = StudGame(variant, players=args.players, stakes=args.stakes)
    return {
        "variant": game.variant.name,
        "players": game.players,
        "actions": [{"id": i, "name": name} for i, name in enumerate(game.actions.names)],
        "observation_size": game.observation.size,
        "observation": [
            {"field": field, "offset": start, "length": length}
            for field, (start, length) in game.observation.fields.items()
        ],
        "chip_unit": game.unit,
    }


def run_spaces(args: argparse.Namespace) -> int:
    """Print the action ids and observation layout."""
    record = spaces_record(args)
    if args.json:
        print(json.dumps(record, indent=2))
        return 0
    print(f"{record['variant']}, {record['players']} players: Discrete({len(record['actions'])})"
          f" actions, a {record['observation_size']}-float observation (chips in units of "
          f"{record['chip_unit']:g})")
    print("actions:")
    for action in record["actions"]:
        print(f"  {action['id']:>4}  {action['name']}")
    print("observation fields:")
    for field in record["observation"]:
        print(f"  {field['offset']:>5}  {field['length']:>4}  {field['field']}")
    return 0


def run_check(args: argparse.Namespace) -> int:
    """Run the three conformance checks; 1 if one fails."""
    require_extra("rl", "studkit rl check", RLError)
    from studkit.rl.check import conformance
    from studkit.variant.loader import load_variant

    variant = load_variant(args.variant, registry=args.registry)
    results = conformance(variant, players=args.players, stakes=args.stakes,
                          hands=args.hands)
    if args.json:
        print(json.dumps([
            {"check": r.check, "passed": r.passed, "seconds": round(r.seconds, 3),
             "detail": r.detail} for r in results
        ], indent=2))
    else:
        for r in results:
            mark = "passed" if r.passed else "FAILED"
            print(f"{r.check:<28} {mark}  ({r.seconds:.1f} s)")
            if r.detail:
                print(f"    {r.detail}")
    return 0 if all(r.passed for r in results) else 1

