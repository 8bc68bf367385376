"""``simulate`` (the general path) against the bare engine and PokerKit 0.7.7, same run.

Four-handed fixed-limit seven-card stud, ante 1, bring-in 2, bets 5/10, stacks 1,000, two
ways: four calling stations and four random bots. Three loops play it, their repeats
interleaved so that all see the same load:

* ``simulate(..., workers=1)``: the whole general path in this process (seeding each hand,
  asking the bots through the protocol, checking their choice, tallying the statistics);
* the bare engine: ``studkit.Hand`` played by the loops of ``bench_engine.py`` (the forced
  player brings in, everyone checks or calls; or a uniformly random legal action), nothing
  else;
* PokerKit playing the same game the same two ways (``bench_engine.py``'s loops).

Prints medians of hands per second (CPU time of this process by default: ``simulate`` with
one worker runs here, so this is per core; ``--wall`` for the wall clock), simulate's share
of the bare engine's rate (the goal: at least 80%) and its ratio to PokerKit (goals at
100,000 hands: 100x with calling stations, 50x with random bots). Run it with the Python of
the compiled build (``pip install .``): its first line names the build it measures.

    python benchmarks/bench_overhead.py [--hands 100000] [--engine-hands 20000]
        [--peer-hands 200] [--repeats 3] [--wall]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
import warnings
from collections.abc import Callable

from _build import print_build
from bench_engine import pokerkit_runs, studkit_runs

STAKES = "ante=1,bring-in=2,small=5,big=10"
BOTS = {"check/call": "calling-station", "random": "random"}


def simulate_run(bots: str) -> Callable[[int], None]:
    """Play ``hands`` hands through ``studkit.simulate`` with one worker."""
    from studkit.simulation import simulate

    def run(hands: int) -> None:
        simulate("seven-card-stud", hands=hands, players=4, bots=bots, stakes=STAKES,
                 stack=1000, seed=2026, workers=1)

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000, help="simulate's hands per run")
    parser.add_argument("--engine-hands", type=int, default=20_000,
                        help="bare engine hands per run")
    parser.add_argument("--peer-hands", type=int, default=200, help="PokerKit hands per run")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--wall", action="store_true", help="time the wall clock, not CPU")
    options = parser.parse_args()
    warnings.simplefilter("ignore")  # PokerKit warns about pointless folds it allows
    clock = time.perf_counter if options.wall else time.process_time
    print_build()
    engine = studkit_runs()
    peer = pokerkit_runs()
    print(f"4-handed fixed-limit seven-card stud, ante 1, bring-in 2, bets 5/10, stacks "
          f"1,000; {'wall clock' if options.wall else 'CPU time'}, medians of "
          f"{options.repeats}; simulate {options.hands:,} hands, engine "
          f"{options.engine_hands:,}, PokerKit {options.peer_hands:,} per run")
    print(f"{'play':<12}{'simulate/s':>12}{'engine/s':>11}{'PokerKit/s':>12}"
          f"{'sim/engine':>12}{'sim/PokerKit':>14}")
    for play, bots in BOTS.items():
        run = simulate_run(bots)
        run(200)  # warm up: variant loaded, rules compiled, evaluator tables built
        engine[play](50, None)
        peer[play](2, None)
        rates: dict[str, list[float]] = {"simulate": [], "engine": [], "peer": []}
        for _ in range(options.repeats):
            started = clock()
            run(options.hands)
            rates["simulate"].append(options.hands / (clock() - started))
            started = clock()
            engine[play](options.engine_hands, None)
            rates["engine"].append(options.engine_hands / (clock() - started))
            started = clock()
            peer[play](options.peer_hands, None)
            rates["peer"].append(options.peer_hands / (clock() - started))
        ours, bare, theirs = (statistics.median(rates[k]) for k in ("simulate", "engine", "peer"))
        print(f"{play:<12}{ours:>12,.0f}{bare:>11,.0f}{theirs:>12,.1f}"
              f"{ours / bare:>11.0%}{ours / theirs:>13.0f}x")
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
