"""``studkit replay FILE_OR_DIR... [--json] [--show] [--compat pokerkit]``: replay hand
histories, PHH or card rooms' own."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from typing import Any

from studkit.engine.decisions import decision_kinds
from studkit.history.compat import COMPAT_MODES
from studkit.history.expected import EXPECTED_NAME
from studkit.history.narrate import format_chips, narrate
from studkit.history.replay import Replay, replay_paths

__all__ = ["register", "run_replay"]


def register(subcommands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``replay`` command."""
    parser = subcommands.add_parser(
        "replay",
        help="replay hand histories (PHH, or card rooms' own) through the engine",
        description="Replay every hand of each FILE_OR_DIR (PHH .phh and .phhs files, card "
        "rooms' own history files, recognized by their content; a directory is searched for "
        ".phh, .phhs, .txt and .xml files) through the engine with exactly the recorded "
        "cards, checking "
        "every action and the stacks it ends on: the file's finishing_stacks, or, when it "
        "has none, those an expected.json in its folder gives. A hand that cannot be "
        "replayed is reported with the file, the action's index and text, and why; the "
        "other hands still replay. A card room's hand of another game (hold'em in a mixed-game "
        "file) is skipped and counted apart. Exit 0 if every hand replayed, 1 if any failed.",
    )
    parser.add_argument(
        "paths",
        nargs="+",
        metavar="FILE_OR_DIR",
        help="PHH files, card rooms' history files or directories",
    )
    parser.add_argument(
        "--json", action="store_true", help="print one JSON array, an object per hand"
    )
    parser.add_argument(
        "--show",
        action="store_true",
        help="print a street-by-street account of each hand (with --json: an 'account' field)",
    )
    parser.add_argument(
        "--compat",
        choices=COMPAT_MODES,
        help="read the betting of plain PHH hands as that program does: with 'pokerkit' any "
        "all-in completion, bet or raise is a full one, a partial bring-in may be called as "
        "posted and ante_trimming_status = false is read as PokerKit writes it (pots are "
        "still split by the rule books; see docs/hand-histories.md)",
    )
    parser.set_defaults(run=run_replay)


def _names(result: Replay) -> list[str]:
    history = result.history
    assert history is not None
    names = list(history.players or ())
    return [
        f"p{i + 1} {name}".rstrip() if names else f"p{i + 1}"
        for i, name in enumerate(names or [""] * history.player_count)
    ]


def account(result: Replay) -> str:
    """The ``--show`` text of one replayed hand (up to the failing action, if it failed)."""
    hand, variant, history = result.hand, result.variant, result.history
    assert hand is not None and variant is not None and history is not None
    stakes = hand.rules.stakes

    def chips(amount: int) -> str:
        return format_chips(amount, result.scale)

    parts = [f"ante {chips(stakes.ante)}"] if variant.forced_bets.ante else []
    if variant.forced_bets.bring_in is not None:
        parts.append(f"bring-in {chips(stakes.bring_in)}")
    structure = variant.betting.structure
    if structure == "fixed-limit":
        parts.append(f"bets {chips(stakes.small_bet)}/{chips(stakes.big_bet)}")
    elif structure == "spread-limit" and stakes.spread_min is not None:
        top = stakes.spread_max if stakes.spread_max is not None else stakes.big_bet
        parts.append(f"bets {chips(stakes.spread_min)} to {chips(top)}")
    else:
        parts.append(structure)
    title = (
        f"{history.label}: {history.variant}, {variant.title or variant.name}, "
        f"{hand.n} players, " + ", ".join(parts)
    )
    text = narrate(
        hand.events,
        kinds=decision_kinds(variant),
        names=_names(result),
        starting_stacks=hand.starting_stacks,
        finishing_stacks=hand.stacks if result.ok else None,
        title=title,
        scale=result.scale,
        hidden=result.unknown_cards,
    )
    if not result.ok:
        text += f"\nReplay failed: {result.error}"
    return text


def _line(result: Replay) -> str:
    where = result.file + (f"[{result.key}]" if result.key is not None else "")
    stacks = " ".join(str(s) for s in result.finishing_stacks or ())
    players = result.history.players if result.history is not None else None
    if players and result.finishing_stacks:  # the file names its players: pair them up
        stacks = ", ".join(
            f"{name} {chips}" for name, chips in zip(players, result.finishing_stacks, strict=True)
        )
    notes = []
    if result.checked:
        notes.append(f"matches {result.checked_against}")
    if result.hand is not None and not result.hand.is_over:
        notes.append("hand not over: the history stops early")
    suffix = f"  ({'; '.join(notes)})" if notes else ""
    return f"{where}  {result.code}  {stacks}{suffix}"


def _checked_words(results: list[Replay]) -> str:
    """How many replayed hands were checked, against what: ``30 checked against
    expected.json``; ``none checked: no finishing_stacks and no expected.json`` (when every
    hand replayed: a failed one has its own message)."""
    counts = Counter(r.checked_against for r in results if r.ok and r.checked)
    if not counts:
        every = all(r.ok for r in results)
        return "none checked" + (": no finishing_stacks and no expected.json" if every else "")
    return ", ".join(
        f"{counts[source]} checked against {source}"
        for source in ("finishing_stacks", EXPECTED_NAME)
        if counts[source]
    )


def run_replay(args: argparse.Namespace) -> int:
    """Replay the hands; print stacks (or JSON, or accounts); 1 if any hand failed."""
    results = replay_paths(args.paths, compat=args.compat, registry=args.registry)
    skipped = [r for r in results if r.skipped]
    failed = [r for r in results if not r.ok and not r.skipped]
    if args.json:
        out: list[dict[str, Any]] = []
        for r in results:
            item = r.as_json()
            if args.show:
                item["account"] = account(r) if r.hand is not None else None
            out.append(item)
        # one hand a line: easy to read, grep and diff for hundreds of hands
        sys.stdout.write("[\n" + ",\n".join(json.dumps(item) for item in out) + "\n]\n")
        return 1 if failed else 0
    for r in results:
        for warning in r.warnings:
            print(f"studkit replay: warning: {warning}", file=sys.stderr)
        if r.skipped:
            continue  # counted in the summary; --json lists each with its game
        if not r.ok:
            if args.show and r.hand is not None:
                print(account(r))
                print()
            print(f"studkit replay: error: {r.error}", file=sys.stderr)
            continue
        if args.show:
            print(account(r))
            print()
        else:
            print(_line(r))
    tried = len(results) - len(skipped)
    summary = f"{tried - len(failed)} of {tried} hands replayed ({_checked_words(results)})"
    if failed:
        summary += f", {len(failed)} failed"
    if skipped:
        summary += (
            f"; {len(skipped)} hand{'s' if len(skipped) != 1 else ''} of other games skipped "
            "(--json lists them)"
        )
    print(summary, file=sys.stderr)
    return 1 if failed else 0
