"""What plugins cost: hands per second of each shipped plugin variant, against plain
seven-card stud in studkit and in PokerKit 0.7.7, in the same run.

Four-handed, stacks 1,000, every decision (plugin decisions included) uniformly random among
the legal ones. Repeats are interleaved so that every game sees the same load on a shared
machine. PokerKit has none of these games; its plain seven-card stud is the outside bar.

    python benchmarks/bench_plugins.py [--repeats 5] [--hands 2000] [--peer-hands 200]
        [--cpu-time]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path

from _build import print_build

PLAYERS = 4
STACKS = (1000,) * PLAYERS
VARIANTS = (
    "seven-card-stud", "chicago", "low-chicago", "baseball", "follow-the-queen",
    "roll-your-own", "high-low-declare", "seven-card-stud-twist", "south-dakota-seven-card-stud",
)
CLOCK = time.perf_counter


def studkit_run(name: str) -> Callable[[int], None]:
    from studkit import load_variant
    from studkit.engine import Hand

    variant = load_variant(name)
    rng = random.Random(2026)

    def run(hands: int) -> None:
        for _ in range(hands):
            hand = Hand(variant, STACKS, rng=rng)
            while not hand.is_over:
                hand.apply(rng.choice(hand.legal_actions()))

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--hands", type=int, default=2000, help="studkit hands per repeat")
    parser.add_argument("--peer-hands", type=int, default=200, help="PokerKit hands per repeat")
    parser.add_argument("--cpu-time", action="store_true", help="time with the CPU clock")
    args = parser.parse_args()
    print_build()
    warnings.simplefilter("ignore")
    if args.cpu_time:
        global CLOCK
        CLOCK = time.process_time
    sys.path.insert(0, str(Path(__file__).parent))
    from bench_engine import pokerkit_runs

    peer_random = pokerkit_runs()["random"]
    runs: dict[str, tuple[Callable[[int], None], int]] = {
        name: (studkit_run(name), args.hands) for name in VARIANTS
    }
    runs["PokerKit seven-card stud"] = (lambda hands: peer_random(hands, None), args.peer_hands)
    rates: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(args.repeats):
        for name, (run, hands) in runs.items():
            started = CLOCK()
            run(hands)
            rates[name].append(hands / (CLOCK() - started))
    medians = {name: statistics.median(values) for name, values in rates.items()}
    plain = medians["seven-card-stud"]
    peer = medians["PokerKit seven-card stud"]
    print(f"4-handed, random decisions, median of {args.repeats} repeats")
    print(f"{'game':32s} {'hands/s':>10s} {'vs studkit stud':>16s} {'vs PokerKit stud':>17s}")
    for name, rate in medians.items():
        print(f"{name:32s} {rate:10,.0f} {rate / plain:15.2f}x {rate / peer:16.1f}x")


if __name__ == "__main__":
    main()
