"""The batch kernel: hands per second on one core, ``simulate`` against PokerKit, and the
README's main jobs.

4-handed fixed-limit seven-card stud, ante 1, bring-in 2, bets 5/10, stacks of 100 big bets:

* the kernel alone on one core (CPU time of :func:`studkit.kernel.run.count_block`), every
  seat one of the shipped bots (``random`` and ``calling-station`` over ``--kernel-hands``,
  ``tag`` and ``lag`` over a tenth of them, ``equity``, whose every decision is a Monte Carlo
  of up to 100 deals, over a 500th);
* ``studkit.simulate`` with the default engine (``auto``: the kernel) and ``--workers`` (wall
  clock of the whole call, process start-up included) against PokerKit 0.7.7 in the same
  run, calling
  stations (check or call) and uniformly random legal actions;
* the same with ``--engine general``;
* the wall clock and CPU time of the commands ``studkit simulate seven-card-stud`` and
  ``studkit compare seven-card-stud tda-seven-card-stud`` with their defaults.

    python benchmarks/bench_kernel.py [--hands 2000000] [--general-hands 100000]
        [--repeats 3] [--peer-hands 300] [--workers 2] [--no-simulate] [--no-commands]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import time

from _build import print_build, studkit_command
from bench_engine import pokerkit_runs

from studkit import load_variant
from studkit.simulation import simulate

STAKES = "ante=1,bring-in=2,small-bet=5,big-bet=10"


def kernel_rate(bots: str, hands: int) -> float:
    """The kernel's hands per second of CPU time on one core."""
    from studkit.kernel.run import count_block, kernel_run

    variant = load_variant("seven-card-stud").with_stakes(
        ante=1, bring_in=2, small_bet=5, big_bet=10
    )
    run = kernel_run(variant, variant.stakes, 4, 1000, (bots,) * 4, 7)
    count_block(run, 0, 100)  # the lookup tables built
    began = time.process_time()
    count_block(run, 0, hands)
    return hands / (time.process_time() - began)


def simulate_rate(bots: str, hands: int, workers: int, engine: str) -> float:
    """``simulate``'s hands per second of wall clock."""
    started = time.perf_counter()
    report = simulate("seven-card-stud", hands=hands, players=4, bots=bots, stakes=STAKES,
                      seed=11, workers=workers, engine=engine)
    assert report.engine == ("kernel" if engine == "auto" else engine), report.engine_note
    return hands / (time.perf_counter() - started)


def pokerkit_rate(hands: int, calling: bool) -> float:
    """PokerKit's hands per second, 4-handed fixed-limit stud, same stakes: check/call (and
    the bring-in) always, or uniformly random among the actions studkit lists
    (:func:`bench_engine.pokerkit_runs`, whose workload check shows both engines doing the
    same work)."""
    run = pokerkit_runs(4)["check/call" if calling else "random"]
    started = time.perf_counter()
    run(hands, None)
    return hands / (time.perf_counter() - started)


def command_seconds(args: list[str]) -> tuple[float, float]:
    """Wall clock and CPU time (the process and its workers) of one ``studkit`` command in
    a fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([*studkit_command(), *args], check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2_000_000)
    parser.add_argument("--kernel-hands", type=int, default=1_000_000)
    parser.add_argument("--general-hands", type=int, default=100_000)
    parser.add_argument("--peer-hands", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--commands", action=argparse.BooleanOptionalAction, default=True,
                        help="also time the README's simulate and compare commands")
    parser.add_argument("--simulate", action=argparse.BooleanOptionalAction, default=True,
                        help="also time simulate and PokerKit (else the kernel alone)")
    options = parser.parse_args()
    print_build()
    reps = range(options.repeats)
    print(f"4-handed fixed-limit stud, {STAKES}; medians of {options.repeats}; load average "
          f"{os.getloadavg()[0]:.1f}")
    for bots, share in (("random", 1), ("calling-station", 1), ("tag", 10), ("lag", 10),
                        ("equity", 500)):
        hands = max(1000, options.kernel_hands // share)
        rate = statistics.median(kernel_rate(bots, hands) for _ in reps)
        print(f"kernel, one core (CPU time), {bots:<15} {rate:>12,.0f} hands/s")
    against_peer = (("calling-station", True), ("random", False)) if options.simulate else ()
    for bots, calling in against_peer:
        peer = statistics.median(pokerkit_rate(options.peer_hands, calling) for _ in reps)
        auto = statistics.median(
            simulate_rate(bots, options.hands, options.workers, "auto") for _ in reps
        )
        general = statistics.median(
            simulate_rate(bots, options.general_hands, options.workers, "general")
            for _ in reps
        )
        print(f"{bots}: PokerKit {peer:,.0f} hands/s")
        print(f"  simulate --hands {options.hands:,} --workers {options.workers} (auto: kernel) "
              f"{auto:>12,.0f} hands/s  {auto / peer:>8,.0f}x PokerKit")
        print(f"  simulate --engine general --hands {options.general_hands:,} "
              f"{general:>12,.0f} hands/s  {general / peer:>8,.0f}x PokerKit")
    if options.commands:
        jobs = {
            "studkit simulate seven-card-stud": ["simulate", "seven-card-stud", "--seed", "1"],
            "studkit compare seven-card-stud tda-seven-card-stud": [
                "compare", "seven-card-stud", "tda-seven-card-stud", "--seed", "1",
            ],
        }
        for label, args in jobs.items():
            runs = [command_seconds(args) for _ in reps]
            wall = statistics.median(run[0] for run in runs)
            cpu = statistics.median(run[1] for run in runs)
            print(f"{label}: {wall:.2f} s wall clock, {cpu:.2f} s CPU (workers included); "
                  f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
