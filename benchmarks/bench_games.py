"""The home games on the fast path: ``simulate`` of the family's wild-card, plugin, discard
and badugi games against PokerKit's seven-card stud, in the same run.

For each game (default: baseball, follow-the-queen, deuces-and-jacks, chicago,
high-low-declare, razzdugi, super-stud, roll-your-own, outhouse, mexican-poker),
``studkit.simulate(G, players=4, hands=--hands, bots=B, workers=--workers)`` with the default
engine (``auto``: the kernel where the game allows it), calling stations and uniformly random
legal decisions, wall clock of the whole call (workers' start-up included). PokerKit 0.7.7
plays 4-handed fixed-limit seven-card stud the same two ways
(:func:`bench_engine.pokerkit_runs`); it has none of these games, so its stud is the scale.
Prints, per game and bots, the engine ``auto`` took (and why not the kernel), hands/s and the
ratio to PokerKit (goals: 1000x calling stations, 500x random).

    python benchmarks/bench_games.py [--hands 200000] [--peer-hands 300] [--repeats 1]
        [--workers 2] [--games G,G,...]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from _build import print_build
from bench_engine import pokerkit_runs

from studkit.simulation import simulate

GAMES = ("baseball", "follow-the-queen", "deuces-and-jacks", "chicago", "high-low-declare",
         "razzdugi", "super-stud", "roll-your-own", "outhouse", "mexican-poker")
"""The games the fast-path issue names."""
GOALS = {"calling-station": 1000, "random": 500}
"""The ratios to PokerKit each way of playing should reach."""


def pokerkit_rate(hands: int, calling: bool) -> float:
    """PokerKit's 4-handed seven-card stud hands per second."""
    run = pokerkit_runs(4)["check/call" if calling else "random"]
    started = time.perf_counter()
    run(hands, None)
    return hands / (time.perf_counter() - started)


def game_rate(game: str, bots: str, hands: int, workers: int) -> tuple[float, str, str]:
    """``simulate``'s hands per second of wall clock, the engine it ran and its note."""
    started = time.perf_counter()
    report = simulate(game, hands=hands, players=4, bots=bots, seed=3, workers=workers)
    rate = hands / (time.perf_counter() - started)
    return rate, report.engine, report.engine_note or ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--peer-hands", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", default=",".join(GAMES),
                        help="comma-separated variant names (default: the issue's ten)")
    options = parser.parse_args()
    print_build()
    games = [name.strip() for name in options.games.split(",") if name.strip()]
    reps = range(options.repeats)
    print(f"4 players, {options.hands:,} hands a run, {options.workers} workers, medians of "
          f"{options.repeats}; load average {os.getloadavg()[0]:.1f}")
    peers = {bots: statistics.median(pokerkit_rate(options.peer_hands, bots == "calling-station")
                                     for _ in reps)
             for bots in GOALS}
    for bots, rate in peers.items():
        print(f"PokerKit seven-card stud, {bots}: {rate:,.0f} hands/s")
    print(f"{'game':<20} {'bots':<16} {'engine':<8} {'hands/s':>12} {'vs PokerKit':>12}  goal")
    for game in games:
        for bots, goal in GOALS.items():
            runs = [game_rate(game, bots, options.hands, options.workers) for _ in reps]
            rate = statistics.median(run[0] for run in runs)
            engine, note = runs[0][1], runs[0][2]
            ratio = rate / peers[bots]
            mark = "met" if ratio >= goal else "not met"
            print(f"{game:<20} {bots:<16} {engine:<8} {rate:>12,.0f} {ratio:>11,.0f}x  "
                  f"{goal}x {mark}")
            if engine != "kernel" and note:
                print(f"  ({note})")


if __name__ == "__main__":
    main()
