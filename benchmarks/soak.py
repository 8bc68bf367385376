"""A soak: random-bot hands over every shipped variant at every table size, each checked.

    python benchmarks/soak.py [--hands N] [--workers W] [--seed S] [--json] [--out DIR]
                              [--variants NAME,NAME]

Hand ``i`` of a run plays the variant and table size ``i % cells`` (cells: every shipped
variant at every number of players from its minimum to its maximum), from random stacks (short
and deep, so all-ins and side pots come up), with uniformly random legal decisions (random
amounts within a range). Every hand is checked after it ends:

- chips are conserved: the stacks at the end add up to the stacks at the start;
- no card is dealt twice (burns included, unless the variant's deck-exhaustion policy reuses
  folded cards or reshuffles burns);
- a legal action existed at every decision until the hand ended;
- the payoffs sum to zero;
- the hand's PHH history, written and read back as text, replays to the same stacks;
- a clone taken at a uniformly random decision point (the hand is dealt again from its seed
  and played to that point) reaches the same events, stacks and payoffs under the same later
  actions.

Each hand's randomness comes from ``(seed, i)`` alone, so a run's result does not depend on
``--workers``. A violation is written to ``--out`` (default ``soak-violations/``) as a PHH file
that reproduces the hand (its cards and actions), with the check that failed, the seed, the
hand's number and, for a clone violation, the decision the clone was taken at as comments.
The exit status is 1 when any hand broke a check.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from studkit import Hand, Variant, builtin_variant_names, load_variant
from studkit.engine import Action
from studkit.engine.events import BurnEvent, CommunityEvent, DealEvent
from studkit.history import from_hand, loads, replay
from studkit.hooks.registry import registry_of

MAX_DECISIONS = 1_000
"""A hand that asks for more decisions than this is reported as not ending."""


@dataclass(frozen=True)
class Cell:
    """One variant at one table size."""

    variant: str
    players: int


@dataclass
class Violation:
    """A hand that broke a check."""

    hand: int
    variant: str
    players: int
    check: str
    detail: str
    history: str | None
    clone_at: int | None = None


@dataclass
class Outcome:
    """What a block of hands found."""

    hands: int = 0
    decisions: int = 0
    by_variant: dict[str, dict[str, int]] = field(default_factory=dict)
    violations: list[Violation] = field(default_factory=list)

    def add(self, other: Outcome) -> None:
        self.hands += other.hands
        self.decisions += other.decisions
        for name, counts in other.by_variant.items():
            mine = self.by_variant.setdefault(name, {"hands": 0, "violations": 0})
            mine["hands"] += counts["hands"]
            mine["violations"] += counts["violations"]
        self.violations.extend(other.violations)


class HandBroken(Exception):
    """A check failed: ``check`` names it, the message says how."""

    def __init__(self, check: str, detail: str) -> None:
        super().__init__(detail)
        self.check = check
        self.detail = detail


def cells(names: Sequence[str]) -> list[Cell]:
    """Every variant at every table size it allows, in a fixed order."""
    out: list[Cell] = []
    for name in names:
        variant = load_variant(name)
        out.extend(Cell(name, n) for n in range(variant.min_players, variant.max_players + 1))
    return out


def hand_rng(seed: int, index: int) -> random.Random:
    """The randomness of hand ``index`` of a run with ``seed``: independent of the workers."""
    return random.Random(f"studkit-soak:{seed}:{index}")


def random_action(hand: Hand, rng: random.Random) -> Action:
    """A uniformly random legal decision; a range's amount is its minimum, maximum or between."""
    legal = hand.legal_actions()
    if not legal:
        raise HandBroken("legal-action", f"no legal action for seat {hand.actor} to take")
    action = rng.choice(legal)
    if action.min is not None and action.max is not None and action.min != action.max:
        low, high = action.min, action.max
        action = action.to(rng.choice((low, high, rng.randint(low, high))))
    return action


def dealt_twice(hand: Hand) -> str | None:
    """A card the hand dealt twice, where its deck-exhaustion policy forbids it."""
    policy = hand.variant.deck_exhaustion
    if policy.reuse_folded:
        return None
    dealt = []
    for event in hand.events:
        if isinstance(event, (DealEvent, CommunityEvent)):
            dealt.append(event.card)
        elif isinstance(event, BurnEvent) and not policy.reshuffle_burns:
            dealt.append(event.card)
    seen: set[object] = set()
    for card in dealt:
        if card in seen:
            return f"{card} was dealt twice"
        seen.add(card)
    return None


def play(hand: Hand, rng: random.Random) -> list[Action]:
    """Play ``hand`` to its end; the actions taken."""
    actions: list[Action] = []
    while not hand.is_over:
        if hand.actor is None:
            raise HandBroken("legal-action", "the hand is not over but nobody is to act")
        if len(actions) >= MAX_DECISIONS:
            raise HandBroken("ends", f"no end after {MAX_DECISIONS} decisions")
        action = random_action(hand, rng)
        hand.apply(action)
        actions.append(action)
    return actions


def clone_after(
    variant: Variant, stacks: list[int], seed: int, button: int, actions: Sequence[Action], at: int
) -> Hand:
    """A clone of the same hand taken after its first ``at`` actions (the hand is dealt again
    from its seed and played to that point: one clone a hand, at a point drawn uniformly)."""
    again = Hand(variant, stacks, seed=seed, button=button)
    for action in actions[:at]:
        again.apply(action)
    return again.clone()


def check_hand(variant: Variant, players: int, seed: int, index: int) -> tuple[Hand, int]:
    """Play and check one hand; raises :class:`HandBroken` (with the hand attached) if it fails."""
    rng = hand_rng(seed, index)
    stacks = [rng.choice((rng.randint(1, 30), rng.randint(30, 400))) for _ in range(players)]
    hand_seed, button = rng.getrandbits(64), rng.randrange(players)
    hand = Hand(variant, stacks, seed=hand_seed, button=button)
    try:
        actions = play(hand, rng)
        _check_result(hand, stacks)
        _check_history(hand)
        if actions:
            at = rng.randrange(len(actions))
            clone = clone_after(variant, stacks, hand_seed, button, actions, at)
            _check_clone(hand, clone, actions[at:], at)
    except HandBroken as broken:
        broken.hand = hand  # type: ignore[attr-defined]
        raise
    return hand, len(actions)


def _check_result(hand: Hand, stacks: list[int]) -> None:
    if sum(hand.stacks) != sum(stacks):
        raise HandBroken("chips", f"stacks add up to {sum(hand.stacks)}, not {sum(stacks)}")
    if min(hand.stacks) < 0:
        raise HandBroken("chips", f"a stack is negative: {list(hand.stacks)}")
    if sum(hand.payoffs) != 0:
        raise HandBroken("payoffs", f"payoffs {list(hand.payoffs)} sum to {sum(hand.payoffs)}")
    twice = dealt_twice(hand)
    if twice is not None:
        raise HandBroken("cards", twice)


def _check_history(hand: Hand) -> None:
    text = from_hand(hand)
    registry = registry_of(hand.variant)  # the variant's own: its plugins are found once
    try:
        (history,) = loads(text, source="<soak>", registry=registry)
        replayed = replay(history, registry=registry)
    except ValueError as error:
        raise HandBroken("history", f"its PHH history does not replay: {error}") from None
    assert replayed.hand is not None
    # PHH numbers players from the dealer's left: its player 1 is seat button + 1.
    expected = [hand.stacks[(p + hand.button + 1) % hand.n] for p in range(hand.n)]
    if list(replayed.hand.stacks) != expected or not replayed.checked:
        raise HandBroken(
            "history",
            f"its PHH history replays to {list(replayed.hand.stacks)}, not {expected} "
            "(from the dealer's left)",
        )


def _check_clone(hand: Hand, clone: Hand, later: list[Action], at: int) -> None:
    try:
        for action in later:
            clone.apply(action)
    except ValueError as error:
        raise HandBroken("clone", f"a clone from decision {at} refused {error}") from None
    same = clone.events == hand.events and list(clone.payoffs) == list(hand.payoffs)
    if not clone.is_over or not same:
        raise HandBroken(
            "clone",
            f"a clone from decision {at} ends with payoffs {list(clone.payoffs)} "
            f"(the hand: {list(hand.payoffs)})",
        )


def _violation(index: int, cell: Cell, seed: int, broken: HandBroken) -> Violation:
    hand = getattr(broken, "hand", None)
    history = None
    if hand is not None:
        try:
            history = from_hand(hand)
        except ValueError:
            history = None
    return Violation(index, cell.variant, cell.players, broken.check, broken.detail, history)


def run_block(names: Sequence[str], seed: int, start: int, stop: int) -> Outcome:
    """Hands ``start`` to ``stop - 1`` of a run."""
    table = cells(names)
    variants = {name: load_variant(name) for name in names}
    outcome = Outcome()
    for index in range(start, stop):
        cell = table[index % len(table)]
        counts = outcome.by_variant.setdefault(cell.variant, {"hands": 0, "violations": 0})
        counts["hands"] += 1
        outcome.hands += 1
        try:
            _, decisions = check_hand(variants[cell.variant], cell.players, seed, index)
            outcome.decisions += decisions
        except HandBroken as broken:
            counts["violations"] += 1
            outcome.violations.append(_violation(index, cell, seed, broken))
        except Exception as error:  # noqa: BLE001 (an engine crash is a violation to report)
            counts["violations"] += 1
            outcome.violations.append(Violation(
                index, cell.variant, cell.players, "crash", f"{type(error).__name__}: {error}", None
            ))
    return outcome


def soak(
    hands: int,
    *,
    workers: int = 1,
    seed: int = 0,
    names: Sequence[str] | None = None,
    first: int = 0,
    block: int = 2_000,
    progress: Callable[[int], None] | None = None,
) -> Outcome:
    """Play and check hands ``first`` to ``first + hands - 1`` of the run with ``seed``; the
    outcome is the same for any number of workers (and a run in pieces adds up to the run)."""
    names = list(names or builtin_variant_names())
    end = first + hands
    bounds = [(start, min(start + block, end)) for start in range(first, end, block)]
    total = Outcome()
    if workers <= 1:
        for start, stop in bounds:
            total.add(run_block(names, seed, start, stop))
            if progress is not None:
                progress(total.hands)
        return total
    with ProcessPoolExecutor(workers) as pool:
        futures = [pool.submit(run_block, names, seed, start, stop) for start, stop in bounds]
        for future in futures:
            total.add(future.result())
            if progress is not None:
                progress(total.hands)
    return total


def write_violations(
    outcome: Outcome, seed: int, out: Path, variants: str | None = None
) -> list[Path]:
    """One PHH file per violation (a text file where the hand could not be written)."""
    chosen = f" --variants {variants}" if variants else ""
    written = []
    for violation in outcome.violations:
        out.mkdir(parents=True, exist_ok=True)
        head = (
            f"# soak violation: {violation.check}: {violation.detail}\n"
            f"# variant {violation.variant}, {violation.players} players, seed {seed}, "
            f"hand {violation.hand}\n"
            f"# reproduce: python benchmarks/soak.py --seed {seed} --first {violation.hand} "
            f"--hands 1{chosen}\n"
        )
        suffix = ".phh" if violation.history is not None else ".txt"
        path = out / f"{violation.variant}-{violation.hand:09d}-{violation.check}{suffix}"
        path.write_text(head + (violation.history or ""), "utf-8")
        written.append(path)
    return written


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10_000, help="hands to play (default 10,000)")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    parser.add_argument("--first", type=int, default=0,
                        help="the number of the first hand: to reproduce one hand of a run, "
                        "or to play a run in pieces")
    parser.add_argument("--variants", default=None,
                        help="comma-separated variant names (default: every shipped variant)")
    parser.add_argument("--out", type=Path, default=Path("soak-violations"),
                        help="where violations are written (default soak-violations/)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.hands < 1 or args.workers < 1 or args.first < 0:
        print("soak.py: --hands and --workers must be at least 1, --first at least 0",
              file=sys.stderr)
        return 2
    names = args.variants.split(",") if args.variants else builtin_variant_names()
    unknown = sorted(set(names) - set(builtin_variant_names()))
    if unknown:
        print(f"soak.py: unknown variant {', '.join(map(repr, unknown))}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    def progress(done: int) -> None:
        if not args.json and sys.stderr.isatty():
            print(f"\r{done:,} of {args.hands:,} hands", end="", file=sys.stderr)

    outcome = soak(args.hands, workers=args.workers, seed=args.seed, names=names,
                   first=args.first, progress=progress)
    seconds = time.perf_counter() - started
    written = write_violations(outcome, args.seed, args.out, args.variants)
    from studkit.compiled import build_description

    result: dict[str, Any] = {
        "build": build_description(),
        "hands": outcome.hands,
        "violations": len(outcome.violations),
        "hands_per_second": round(outcome.hands / seconds, 1) if seconds > 0 else None,
        "decisions": outcome.decisions,
        "seconds": round(seconds, 2),
        "seed": args.seed,
        "first": args.first,
        "workers": args.workers,
        "by_variant": outcome.by_variant,
        "violation_files": [os.fspath(path) for path in written],
    }
    if args.json:
        print(json.dumps(result, indent=2), flush=True)
    else:
        if sys.stderr.isatty():
            print(file=sys.stderr)
        print(f"studkit build: {result['build']}")
        print(f"{outcome.hands:,} hands over {len(outcome.by_variant)} variants, "
              f"{outcome.decisions:,} decisions, {seconds:.1f} s "
              f"({result['hands_per_second']:,} hands/s), {len(outcome.violations)} violations")
        for violation in outcome.violations[:20]:
            print(f"  hand {violation.hand} ({violation.variant}, {violation.players} players): "
                  f"{violation.check}: {violation.detail}")
        if written:
            print(f"violations written to {args.out}/")
    return 1 if outcome.violations else 0


if __name__ == "__main__":
    sys.exit(main())
