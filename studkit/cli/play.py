"""``studkit play VARIANT``: play hand after hand of any variant at the terminal against bots."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rich.console import Console
from rich.text import Text

from studkit.errors import StudkitError

__all__ = ["register", "run", "DEFAULT_PLAYERS", "DEFAULT_STACK_BIG_BETS"]

DEFAULT_PLAYERS = 6
"""Seats at the table when ``--players`` is not given (fewer if the variant seats fewer)."""

DEFAULT_STACK_BIG_BETS = 100
"""Starting chips per player, in big bets, when ``--stack`` is not given."""


class PlayError(StudkitError):
    """A ``studkit play`` option that does not fit the game."""


def register(subcommands: Any) -> None:
    """Add the ``play`` command."""
    from studkit.variant.stakes import add_stakes_argument, stack_argument

    parser = subcommands.add_parser(
        "play",
        help="play a variant at the terminal against bots",
        description=(
            "Play hand after hand of VARIANT at one table against bots: the button moves, "
            "stacks carry over. Type c (check, call or bring in), f (fold), k (check), "
            "b 10 (bet), r 20 (raise to), complete, allin, pot or half (pot and no limit), "
            "? (help) or q (quit)."
        ),
    )
    parser.add_argument("variant", metavar="VARIANT", help="a built-in variant name or a file")
    parser.add_argument(
        "--players", type=int, metavar="P", default=None,
        help=f"players at the table, you included (default {DEFAULT_PLAYERS}, "
        "or the variant's maximum if lower)",
    )
    parser.add_argument(
        "--seat", type=int, metavar="K", default=1,
        help="your seat, 1 to P (default 1: first to be dealt in the first hand)",
    )
    parser.add_argument(
        "--bots", metavar="NAMES", default=None,
        help="the bots: one name for every opponent, or one per opponent in seat order "
        "(P-1 names; or P names with anything at your seat); built-in: random, "
        "calling-station, tag, lag, equity; or module:Class (default: a mix)",
    )
    add_stakes_argument(parser)
    parser.add_argument(
        "--stack", type=stack_argument, metavar="CHIPS", default=None,
        help=f"starting chips per player, as the stakes write amounts (500, 49.75; default "
        f"{DEFAULT_STACK_BIG_BETS} big bets)",
    )
    parser.add_argument(
        "--seed", type=int, metavar="S", default=None,
        help="seed the deck and the bots: the same seed and commands replay the same game",
    )
    parser.add_argument(
        "--hands", type=int, metavar="N", default=None,
        help="stop after N hands (default: play until you quit or the game cannot go on)",
    )
    parser.add_argument(
        "--history", metavar="PATH", default=None,
        help="write the hands played to PATH as PHH (a directory: one file per hand), "
        "with every player's name",
    )
    parser.add_argument(
        "--name", metavar="NAME", default="you",
        help="your name in the hand histories (default: you); the bots are named with "
        "their kind, e.g. 'Ben (tag)'",
    )
    parser.add_argument(
        "--plain", action="store_true",
        help="letters and no colours even on a terminal (always so when output is not one)",
    )
    parser.set_defaults(run=run)


def _opponent_names(text: str | None, players: int, seat: int) -> tuple[str, ...]:
    """Bot names for the opponents' seats, in seat order, from ``--bots``."""
    from studkit.bots.registry import parse_bots

    opponents = players - 1
    if text is not None:
        names = [name.strip() for name in text.split(",")]
        if len(names) == players and players > 1:
            del names[seat]
            return parse_bots(",".join(names), opponents)
        return parse_bots(text, opponents)
    mixed = parse_bots(None, players)
    return mixed[:seat] + mixed[seat + 1 :] if len(mixed) == players else mixed[:opponents]


def run(args: argparse.Namespace) -> int:
    """Play until the player leaves; exit 0 with a summary."""
    from studkit import load_variant
    from studkit.bots.registry import make_bot
    from studkit.play.game import Opponent, TableGame, bot_names, check_player_name
    from studkit.play.render import FANCY, PLAIN
    from studkit.variant.stakes import apply_stakes, big_bet_unit, stack_units

    variant = apply_stakes(load_variant(args.variant, registry=args.registry), args.stakes)
    players = args.players
    if players is None:
        players = max(variant.min_players, min(DEFAULT_PLAYERS, variant.max_players))
    if not variant.min_players <= players <= variant.max_players:
        raise PlayError(
            f"--players {players}: {variant.name} seats {variant.min_players} to "
            f"{variant.max_players} players"
        )
    if not 1 <= args.seat <= players:
        raise PlayError(f"--seat {args.seat}: seats are numbered 1 to {players}")
    seat = args.seat - 1
    stack = (stack_units(args.stack, variant.stakes) if args.stack is not None
             else DEFAULT_STACK_BIG_BETS * big_bet_unit(variant))  # in the table's units
    if stack <= 0:
        raise PlayError(f"--stack {args.stack}: every player needs at least one chip")
    if args.hands is not None and args.hands < 1:
        raise PlayError(f"--hands {args.hands}: play at least one hand")
    try:
        name = check_player_name(args.name)
    except StudkitError as error:
        raise PlayError(f"--name: {error}") from None
    styles = _opponent_names(args.bots, players, seat)
    opponents = [
        Opponent(bot_name, style, make_bot(style, variant))
        for bot_name, style in zip(bot_names(len(styles), name), styles, strict=True)
    ]
    console = Console(highlight=False, soft_wrap=True)
    terminal = console.is_terminal and not args.plain
    interactive = sys.stdin.isatty() and console.is_terminal
    if interactive:
        try:
            import readline  # noqa: F401  (line editing and history for input())
        except ImportError:  # pragma: no cover - platforms without readline
            pass
    game = TableGame(
        variant,
        seat=seat,
        opponents=opponents,
        stack=stack,
        console=console,
        reader=sys.stdin,
        style=FANCY if terminal else PLAIN,
        seed=args.seed,
        echo=not sys.stdin.isatty(),
        pause=interactive,
        line_editing=interactive,
        max_hands=args.hands,
        player_name=name,
    )
    game.run()
    if args.history is not None:
        from studkit.history import write_history

        count = write_history(game.histories(), args.history)
        plural = "s" if count != 1 else ""
        console.print(Text(f"Wrote {count} hand{plural} to {args.history}"))
    return 0
