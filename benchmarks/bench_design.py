"""A game designer's commands, as wall clock of whole processes (medians over repeats):

* ``studkit compare seven-card-stud razz``: the default comparison (10,000 hands a variant,
  the default bots, every statistic and design metric, the exact odds of the rankings, which
  are enumerated once and then read from the cache: one untimed run fills it first);
* ``studkit tune seven-card-stud --param forced_bets.ante=0..10 --target mean_pot_bb=2.0
  --players 4 --bots calling-station``: a search over one parameter (11 candidates);
* the same search with the default bot mix and a noisier target, where the candidates that
  stay close are played again with more hands.

Goals: the comparison under 5 s, a one-parameter search under 60 s. No peer has these
commands: the figures stand alone.

    python benchmarks/bench_design.py [--repeats 5] [--hands 10000]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import tempfile
import time

from _build import print_build, studkit_command


def commands(hands: int) -> dict[str, list[str]]:
    studkit = studkit_command()
    count = ["--hands", str(hands)]
    return {
        "compare seven-card-stud razz": [*studkit, "compare", "seven-card-stud", "razz",
                                         *count],
        "tune ante, calling stations": [
            *studkit, "tune", "seven-card-stud", "--param", "forced_bets.ante=0..10",
            "--target", "mean_pot_bb=2.0", "--players", "4", "--bots", "calling-station",
            *count],
        "tune ante, default bots": [
            *studkit, "tune", "seven-card-stud", "--param", "forced_bets.ante=0..10",
            "--target", "mean_pot_bb=8.0", *count],
    }


def wall(command: list[str], cwd: str) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, cwd=cwd)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--hands", type=int, default=10_000)
    args = parser.parse_args()
    print_build()
    runs = commands(args.hands)
    with tempfile.TemporaryDirectory() as folder:
        wall(runs["compare seven-card-stud razz"], folder)  # fills the odds cache
        times: dict[str, list[float]] = {name: [] for name in runs}
        for _ in range(args.repeats):
            for name, command in runs.items():  # interleaved: load falls on every command
                times[name].append(wall(command, folder))
    for name, seconds in times.items():
        print(f"{name:32} median {statistics.median(seconds):6.2f} s  "
              f"(min {min(seconds):.2f}, max {max(seconds):.2f}, {len(seconds)} runs)")


if __name__ == "__main__":
    main()
