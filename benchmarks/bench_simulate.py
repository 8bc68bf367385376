"""``studkit simulate`` hands per second with 1 and 2 workers, and PokerKit's random play.

The general engine (``engine="general"``: the kernel's blocks are measured by
``bench_kernel.py``). Default: seven-card stud, 6 players, the default bot mix, 2,000 hands
per run, the same seed
for every run (so both worker counts play exactly the same hands). Prints the median over
repeats of each, the speed-up of 2 workers over 1 (target at least 1.6x on 2 cores), and,
for scale, PokerKit 0.7.7 playing 6-handed fixed-limit stud with uniformly random legal
actions in the same run (no bots: it has none).

    python benchmarks/bench_simulate.py [--hands 2000] [--repeats 3] [--bots NAMES]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from _build import print_build
from bench_engine import pokerkit_runs

from studkit.simulation import simulate


def studkit_rate(variant: str, hands: int, workers: int, bots: str | None) -> float:
    """Hands per second of one ``simulate`` run (process start-up of workers included)."""
    started = time.perf_counter()
    simulate(variant, hands=hands, players=6, bots=bots, seed=2024, workers=workers,
             engine="general")
    return hands / (time.perf_counter() - started)


def _burn(n: int) -> int:
    total = 0
    for i in range(n):
        total += i * i
    return total


def machine_parallelism(n: int = 4_000_000) -> float:
    """Speed-up of a pure-Python loop in 2 processes over 1: what the machine allows now
    (about 2 on an idle 2-core machine; about 1 when other jobs hold the cores)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    started = time.perf_counter()
    _burn(n)
    _burn(n)
    serial = time.perf_counter() - started
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(2, mp_context=context) as pool:
        started = time.perf_counter()
        list(pool.map(_burn, [n, n]))
        parallel = time.perf_counter() - started
    return serial / parallel


def _timed_block(start: int, stop: int) -> tuple[int, float]:
    from studkit.simulation import runner

    began = time.process_time()
    runner._worker_block(start, stop)
    return os.getpid(), time.process_time() - began


def cpu_split(variant: str, hands: int, bots: str | None) -> tuple[float, float]:
    """CPU seconds of one worker playing every hand, and of the busiest of 2 workers
    sharing them the way ``simulate`` does: their ratio is the speed-up two free cores give,
    whatever else the machine is doing."""
    from collections import defaultdict

    from studkit import load_variant
    from studkit.bots import parse_bots
    from studkit.simulation import runner
    from studkit.simulation.blocks import split

    loaded = load_variant(variant)
    setup = runner.Setup(loaded, 6, parse_bots(bots, 6), loaded.stakes,
                         100 * loaded.stakes.big_bet, 2024)
    began = time.process_time()
    runner.play_block(setup, 0, hands)
    alone = time.process_time() - began
    per_worker: dict[int, float] = defaultdict(float)
    with runner._executor(setup, 2, False) as pool:
        for pid, seconds in pool.map(_timed_block, *zip(*split(hands, 2), strict=True)):
            per_worker[pid] += seconds
    return alone, max(per_worker.values())


def pokerkit_rate(hands: int) -> float:
    """PokerKit hands per second, 6-handed fixed-limit stud, uniformly random among the
    actions studkit lists (:func:`bench_engine.pokerkit_runs`)."""
    run = pokerkit_runs(6)["random"]
    started = time.perf_counter()
    run(hands, None)
    return hands / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="seven-card-stud")
    parser.add_argument("--hands", type=int, default=2_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--bots", default=None, help="--bots for both runs (default: the mix)")
    parser.add_argument("--peer-hands", type=int, default=100)
    options = parser.parse_args()
    print_build()

    simulate(options.variant, hands=50, players=6, seed=1, workers=1, engine="general")
    before = machine_parallelism()
    ones: list[float] = []
    twos: list[float] = []
    for _ in range(options.repeats):  # interleaved, so a change of load hits both alike
        ones.append(studkit_rate(options.variant, options.hands, 1, options.bots))
        twos.append(studkit_rate(options.variant, options.hands, 2, options.bots))
    one, two = statistics.median(ones), statistics.median(twos)
    alone, busiest = cpu_split(options.variant, options.hands, options.bots)
    like = statistics.median(
        studkit_rate(options.variant, options.hands, 1, "random") for _ in range(options.repeats)
    )
    peer = statistics.median(pokerkit_rate(options.peer_hands) for _ in range(options.repeats))
    bots = options.bots or "default mix"
    print(f"{options.variant}, 6 players, {options.hands:,} hands per run, medians of "
          f"{options.repeats}, wall clock, load average {os.getloadavg()[0]:.1f}")
    print(f"studkit {bots}, 1 worker  {one:>9,.0f} hands/s")
    print(f"studkit {bots}, 2 workers {two:>9,.0f} hands/s   speed-up {two / one:.2f}x")
    print(f"CPU time: 1 worker {alone:.2f} s, busiest of 2 workers {busiest:.2f} s: "
          f"{alone / busiest:.2f}x with two free cores")
    print(f"studkit random bots, 1 worker {like:>9,.0f} hands/s   vs PokerKit {like / peer:.0f}x")
    print(f"pokerkit random actions  {peer:>9,.0f} hands/s")
    print(f"machine check: a pure-Python loop ran {before:.2f}x (before) and "
          f"{machine_parallelism():.2f}x (after) faster in 2 processes than in 1 "
          "(2.0 on an idle 2-core machine)")


if __name__ == "__main__":
    main()
