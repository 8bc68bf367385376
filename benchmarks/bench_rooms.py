"""Card rooms' own histories: ``studkit replay`` of the online folder against PokerKit reading
and replaying the PHH files ``studkit import`` writes from it.

Times, over repeats:

- the whole command ``studkit replay FOLDER`` (a new process: start-up, reading the rooms'
  files of twelve formats, converting and replaying every stud hand and checking it against
  the stacks its history gives; the other games of mixed-game files are skipped);
- in this process, ``replay_paths`` on the rooms' folder (reading, converting, replaying);
- on the PHH files ``studkit import`` wrote from the folder (a hand a file), studkit's
  ``replay_paths`` and PokerKit's ``HandHistory.load`` with its states iterated, each over
  every file (PokerKit cannot play some of them: those are timed up to the point it stops).

Prints medians and the ratios.

    python benchmarks/bench_rooms.py [--folder ../shared/data/hand-histories/online] [--repeats 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import tempfile
import time
import warnings
from collections.abc import Callable
from pathlib import Path

from _build import print_build, studkit_command

from studkit.history.replay import replay_paths
from studkit.history.rooms.phh_import import import_histories

FOLDER = Path(__file__).resolve().parents[2] / "shared" / "data" / "hand-histories" / "online"


def pokerkit_replay(paths: list[Path]) -> None:
    from pokerkit import HandHistory

    for path in paths:
        with path.open("rb") as file:
            history = HandHistory.load(file)
        try:
            for _ in history:
                pass
        except (ValueError, KeyError):  # a hand it cannot play (unknown up cards, ...)
            pass


def studkit_replay(paths: list[Path]) -> None:
    replay_paths(paths)


def seconds(run: Callable[[], object]) -> float:
    started = time.perf_counter()
    run()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", type=Path, default=FOLDER)
    parser.add_argument("--repeats", type=int, default=5)
    options = parser.parse_args()
    print_build()
    warnings.filterwarnings("ignore", module="pokerkit")
    folder = options.folder
    results = replay_paths([folder])
    stud = [r for r in results if not r.skipped]
    checked = sum(r.checked for r in stud)
    print(f"{folder}: {len(stud)} stud hands ({checked} checked), "
          f"{len(results) - len(stud)} of other games skipped")
    with tempfile.TemporaryDirectory() as out:
        imported = import_histories([folder], out)
        written = sorted(Path(out).glob("*.phh"))
        print(f"imported: {imported.hands} hands in {len(written)} PHH files")
        command = [*studkit_command(), "replay", str(folder)]
        runs: dict[str, list[float]] = {name: [] for name in (
            "command", "rooms", "studkit-phh", "pokerkit-phh")}
        for _ in range(options.repeats):  # interleaved: each sees the same load
            runs["command"].append(seconds(lambda: subprocess.run(
                command, capture_output=True, check=False)))
            runs["rooms"].append(seconds(lambda: replay_paths([folder])))
            runs["studkit-phh"].append(seconds(lambda: studkit_replay(written)))
            runs["pokerkit-phh"].append(seconds(lambda: pokerkit_replay(written)))
    median = {name: statistics.median(values) for name, values in runs.items()}
    print(f"medians of {options.repeats}, wall clock, load average {os.getloadavg()[0]:.1f}")
    print(f"  studkit replay FOLDER (the command)          {median['command']:7.2f} s")
    print(f"  replay_paths(FOLDER) in this process         {median['rooms']:7.2f} s")
    print(f"  the written PHH files: studkit               {median['studkit-phh']:7.2f} s")
    print(f"  the written PHH files: PokerKit              {median['pokerkit-phh']:7.2f} s")
    print(f"  PokerKit / studkit on the PHH files          "
          f"{median['pokerkit-phh'] / median['studkit-phh']:6.1f}x")


if __name__ == "__main__":
    main()
