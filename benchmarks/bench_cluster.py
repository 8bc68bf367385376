"""``studkit simulate --cluster local:2`` against one worker, and the cost of a cluster task.

Default: seven-card stud, 6 players, the default bot mix on the general engine
(``--engine``), 30,000 hands per run (about a minute for one worker), the same seed for
every run (so every run plays exactly the same hands and the reports are identical). Each
repeat runs, interleaved so that a change of load hits all alike:

* one worker: ``simulate(..., workers=1)``, in this process;
* ``local:1`` and ``local:2``: the same run on a Dask LocalCluster of 1 and 2 single-threaded
  worker processes, started once before the runs (its start-up is timed apart).

It prints the medians of hands per second of wall clock and the ratios (the target: local:2
at least 1.8x one worker on this 2-core machine); the CPU time of one worker playing every
hand against the CPU time of the busiest local:2 worker (the speed-up two free cores give);
the cost of a task on the cluster (an empty task's round trip, a block's result in bytes, the
time one hand takes); and from those, for 10^8 hands on 100 workers, how the scheduler's work
compares with the workers' (docs/simulation.md shows the arithmetic).

    python benchmarks/bench_cluster.py [--hands 30000] [--repeats 3] [--bots NAMES]
        [--engine general|kernel|auto]
"""

from __future__ import annotations

import argparse
import os
import pickle
import statistics
import time
from contextlib import ExitStack

from _build import print_build
from bench_simulate import machine_parallelism

from studkit.simulation import simulate
from studkit.simulation.blocks import LARGEST_CLUSTER
from studkit.simulation.cluster import Cluster, connect

SEED = 2024


def rate(variant: str, hands: int, bots: str | None, where: Cluster | None,
         engine: str) -> float:
    """Hands per second of wall clock of one run, in this process or on ``where``."""
    started = time.perf_counter()
    simulate(variant, hands=hands, players=6, bots=bots, seed=SEED, workers=1, cluster=where,
             engine=engine)
    return hands / (time.perf_counter() - started)


def cpu_times(
    variant: str, hands: int, bots: str | None, where: Cluster, engine: str
) -> tuple[float, float]:
    """CPU seconds of this process playing every hand, and of the busiest worker of
    ``where`` playing the same run."""
    began = time.process_time()
    simulate(variant, hands=hands, players=6, bots=bots, seed=SEED, workers=1, engine=engine)
    alone = time.process_time() - began
    before = where.client.run(time.process_time)
    simulate(variant, hands=hands, players=6, bots=bots, seed=SEED, cluster=where,
             engine=engine)
    after = where.client.run(time.process_time)
    return alone, max(after[w] - before.get(w, 0.0) for w in after)


def _nothing(index: int) -> int:
    return index


def task_costs(where: Cluster, tasks: int) -> float:
    """Seconds per task of ``tasks`` empty tasks submitted at once and gathered (the
    scheduler's and the transport's share of a block, without the block's work)."""
    client = where.client
    client.gather(client.map(_nothing, range(50), pure=False))  # warm up
    started = time.perf_counter()
    client.gather(client.map(_nothing, range(tasks), pure=False))
    return (time.perf_counter() - started) / tasks


def block_bytes(variant: str, bots: str | None) -> int:
    """The pickled size of a block's result (its tally), what a worker sends back."""
    from studkit import load_variant
    from studkit.bots import parse_bots
    from studkit.simulation import runner

    loaded = load_variant(variant)
    setup = runner.Setup(loaded, 6, parse_bots(bots, 6), loaded.stakes,
                         100 * loaded.stakes.big_bet, SEED)
    tally, _ = runner.play_block(setup, 0, 500)
    return len(pickle.dumps(tally))


def started(stack: ExitStack, address: str) -> tuple[Cluster, float]:
    """A cluster open until ``stack`` closes, and the seconds it took to start."""
    began = time.perf_counter()
    cluster = stack.enter_context(connect(address))
    return cluster, time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="seven-card-stud")
    parser.add_argument("--hands", type=int, default=30_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--bots", default=None, help="--bots for every run (default: the mix)")
    parser.add_argument("--tasks", type=int, default=2_000, help="empty tasks timed")
    parser.add_argument("--engine", default="general", choices=("auto", "kernel", "general"),
                        help="the engine of every run (default: the general engine, whose "
                        "hands cost milliseconds; the kernel's are microseconds)")
    options = parser.parse_args()
    print_build()
    variant, hands, bots, engine = options.variant, options.hands, options.bots, options.engine

    before = machine_parallelism()
    with ExitStack() as stack:
        one, one_start = started(stack, "local:1")
        two, two_start = started(stack, "local:2")
        for where in (None, one, two):  # warm up: imports, lookup tables, the workers' caches
            simulate(variant, hands=60, players=6, bots=bots, seed=1, workers=1, cluster=where,
                     engine=engine)
        alone: list[float] = []
        local1: list[float] = []
        local2: list[float] = []
        for repeat in range(options.repeats):
            alone.append(rate(variant, hands, bots, None, engine))
            local1.append(rate(variant, hands, bots, one, engine))
            local2.append(rate(variant, hands, bots, two, engine))
            print(f"repeat {repeat + 1}: one worker {alone[-1]:,.0f}, local:1 {local1[-1]:,.0f}, "
                  f"local:2 {local2[-1]:,.0f} hands/s (load average {os.getloadavg()[0]:.1f})",
                  flush=True)
        cpu_alone, cpu_busiest = cpu_times(variant, max(hands // 5, 100), bots, two, engine)
        per_task = task_costs(two, options.tasks)
    after = machine_parallelism()
    size = block_bytes(variant, bots)

    a, l1, l2 = (statistics.median(x) for x in (alone, local1, local2))
    print(f"{variant}, 6 players, {bots or 'default mix'}, {hands:,} hands per run, medians "
          f"of {options.repeats}, wall clock, load average {os.getloadavg()[0]:.1f}")
    print(f"one worker (this process)  {a:>9,.0f} hands/s")
    print(f"--cluster local:1          {l1:>9,.0f} hands/s   {l1 / a:.2f}x one worker")
    print(f"--cluster local:2          {l2:>9,.0f} hands/s   {l2 / a:.2f}x one worker, "
          f"{l2 / l1:.2f}x local:1")
    print(f"cluster start-up: local:1 {one_start:.1f} s, local:2 {two_start:.1f} s")
    print(f"CPU time, {max(hands // 5, 100):,} hands: one worker {cpu_alone:.2f} s, busiest "
          f"local:2 worker {cpu_busiest:.2f} s: {cpu_alone / cpu_busiest:.2f}x with two free "
          "cores")
    per_hand = 1 / a
    block = LARGEST_CLUSTER * per_hand
    print(f"an empty task: {per_task * 1000:.2f} ms of round trip ({options.tasks:,} at once); "
          f"a block's result: {size:,} bytes; one hand: {per_hand * 1000:.2f} ms")
    total, workers = 10**8, 100
    tasks = total // LARGEST_CLUSTER
    run = tasks * block / workers
    print(f"10^8 hands on {workers} workers: {tasks:,} blocks of {LARGEST_CLUSTER:,} hands, "
          f"each {block:.1f} s of a worker; the run about {run / 3600:.1f} h; the scheduler's "
          f"share {tasks * per_task:.0f} s of task round trips ({tasks / run:.1f} tasks/s "
          f"asked of it against {1 / per_task:,.0f} tasks/s measured), "
          f"{tasks * size / 1e6:.0f} MB of results")
    print(f"machine check: a pure-Python loop ran {before:.2f}x (before) and {after:.2f}x "
          "(after) faster in 2 processes than in 1 (2.0 on an idle 2-core machine)")


if __name__ == "__main__":
    main()
