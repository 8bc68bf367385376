"""Equity trials per second: studkit against PokerKit 0.7.7's ``calculate_equities``.

The spot (seven-card stud, fourth street): hero As Ad Kc 7h against ?? ?? Qs Jh, dead cards
2c 9d Td. Both tools run Monte Carlo in the same process; the script prints the median
trials per second over repeats and the ratio, then times the whole command line answering
the same fourth-street question (process start included) and an exact sixth-street spot.

    python benchmarks/bench_equity.py [--repeats 5] [--trials 1000000] [--peer-trials 2000]
                                      [--cpu-time]

``--cpu-time`` times both tools with this process's CPU time instead of the wall clock, for a
busy machine (the command-line timings stay wall clock).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import time

from _build import print_build, studkit_command

CLOCK = time.perf_counter

HERO = "As Ad Kc 7h"
VILLAIN = "?? ?? Qs Jh"
DEAD = "2c 9d Td"


def pokerkit_rate(trials: int) -> tuple[float, list[float]]:
    """PokerKit trials per second on the spot, and its equities."""
    from pokerkit import Card, Deck, StandardHighHand, calculate_equities

    dead = set(Card.parse(DEAD.replace(" ", "")))
    deck = [c for c in Deck.STANDARD if c not in dead]
    hero = list(Card.parse(HERO.replace(" ", "")))
    villain = list(Card.parse("QsJh"))
    started = CLOCK()
    equities = calculate_equities(
        ([hero], [villain]), [], 7, 0, deck, (StandardHighHand,), sample_count=trials
    )
    return trials / (CLOCK() - started), list(equities)


def studkit_rate(trials: int, seed: int) -> tuple[float, list[float]]:
    """studkit trials per second on the spot, and its equities."""
    from studkit.equity import equity

    started = CLOCK()
    result = equity("seven-card-stud", [HERO, VILLAIN], dead=DEAD, trials=trials, seed=seed)
    return trials / (CLOCK() - started), result.equities


def command_seconds(args: list[str]) -> tuple[float, float]:
    """Wall time and CPU time of one ``studkit`` command, process start included."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([*studkit_command(), *args], check=True, capture_output=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--trials", type=int, default=1_000_000)
    parser.add_argument("--peer-trials", type=int, default=2_000)
    parser.add_argument("--cpu-time", action="store_true", help="time with process CPU time")
    options = parser.parse_args()
    print_build()
    global CLOCK
    if options.cpu_time:
        CLOCK = time.process_time

    studkit_rate(10_000, 0)  # warm up: evaluator tables, numpy
    ours = [studkit_rate(options.trials, seed) for seed in range(options.repeats)]
    peer = [pokerkit_rate(options.peer_trials) for _ in range(options.repeats)]
    ours_rate = statistics.median(rate for rate, _ in ours)
    peer_rate = statistics.median(rate for rate, _ in peer)
    clock = "CPU time" if options.cpu_time else "wall clock"
    load = os.getloadavg()[0]
    print(f"spot: {HERO} vs {VILLAIN}, dead {DEAD} (seven-card stud, fourth street)")
    print(f"medians of {options.repeats}, {clock}, load average {load:.1f}")
    print(f"studkit  {ours_rate:>14,.0f} trials/s  equities {[round(e, 4) for e in ours[0][1]]}")
    print(f"pokerkit {peer_rate:>14,.0f} trials/s  equities {[round(e, 4) for e in peer[0][1]]}")
    print(f"ratio    {ours_rate / peer_rate:>14,.0f}x")

    fourth = ["equity", "seven-card-stud", "--hand", HERO, "--hand", VILLAIN, "--dead", DEAD]
    sixth = ["equity", "seven-card-stud", "--hand", "As Ad Kc 7h 2s 3s", "--hand",
             "?? ?? Qs Jh Qd 8h", "--dead", DEAD]
    for label, args in (("fourth street (Monte Carlo)", fourth), ("sixth street (exact)", sixth)):
        runs = [command_seconds(args) for _ in range(options.repeats)]
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        print(f"`studkit {' '.join(args[:2])} ...` {label}: {wall:.2f} s wall, {cpu:.2f} s CPU")


if __name__ == "__main__":
    main()
