"""Start-up: the wall clock of short studkit processes, against bare Python and PokerKit.

Times, as fresh processes of this Python (medians over repeats, interleaved): ``python -c
pass``; ``import studkit``; ``studkit --version``; loading a variant
(``load_variant("seven-card-stud")``); ``studkit list``; and ``import pokerkit`` for
scale. Then lists which heavy modules (numpy, jsonschema, rich, matplotlib) ``import
studkit`` and ``studkit --version`` loaded, and where ``import studkit``'s time goes
(``-X importtime``, the largest cumulative entries). Goal: ``studkit --version`` under 60 ms.
``hyperfine`` gives the same figures with more statistics, e.g.
``hyperfine -N --warmup 3 'studkit --version'``.

    python benchmarks/bench_startup.py [--repeats 21]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

from _build import print_build, studkit_command

HEAVY = ("numpy", "jsonschema", "rich", "matplotlib")


def commands() -> dict[str, list[str]]:
    py = sys.executable
    studkit = studkit_command()
    return {
        "python -c pass": [py, "-c", "pass"],
        "import studkit": [py, "-c", "import studkit"],
        "studkit --version": [*studkit, "--version"],
        "load_variant(seven-card-stud)": [
            py, "-c", "import studkit; studkit.load_variant('seven-card-stud')"],
        "studkit list": [*studkit, "list"],
        "import pokerkit": [py, "-c", "import pokerkit"],
    }


def wall(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def loaded_heavy(code: str) -> list[str]:
    """The heavy modules a fresh process has imported after running ``code``."""
    probe = f"{code}\nimport sys\nprint(' '.join(m for m in {HEAVY!r} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True,
                         text=True).stdout
    return out.splitlines()[-1].split() if out.strip() else []


def import_profile(top: int = 8) -> list[tuple[int, str]]:
    """The largest cumulative ``-X importtime`` entries of ``import studkit`` (microseconds)."""
    err = subprocess.run([sys.executable, "-X", "importtime", "-c", "import studkit"],
                         check=True, capture_output=True, text=True).stderr
    rows = []
    for line in err.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[1].strip().isdigit():
            rows.append((int(parts[1]), parts[2].rstrip()))
    return sorted(rows, reverse=True)[:top]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=21)
    options = parser.parse_args()
    print_build()
    runs = commands()
    available = {}
    for name, command in runs.items():
        try:
            wall(command)  # warm the file cache
        except (subprocess.CalledProcessError, OSError):
            print(f"(skipped {name}: it failed)")
            continue
        available[name] = command
    times: dict[str, list[float]] = {name: [] for name in available}
    for _ in range(options.repeats):
        for name, command in available.items():
            times[name].append(wall(command))
    print(f"wall clock of a fresh process, medians of {options.repeats}, load average "
          f"{os.getloadavg()[0]:.1f}")
    base = statistics.median(times["python -c pass"])
    for name, samples in times.items():
        median = statistics.median(samples)
        print(f"  {name:<32}{median * 1000:>8.1f} ms   (+{(median - base) * 1000:.1f} ms over "
              "python -c pass)")
    print("heavy modules loaded by:")
    print(f"  import studkit:        {', '.join(loaded_heavy('import studkit')) or 'none'}")
    version = "import contextlib, studkit.cli\nwith contextlib.suppress(SystemExit):\n" \
              "    studkit.cli.main(['--version'])"
    print(f"  studkit --version:     {', '.join(loaded_heavy(version)) or 'none'}")
    load = "import studkit\nstudkit.load_variant('seven-card-stud')"
    print(f"  load_variant:          {', '.join(loaded_heavy(load)) or 'none'}")
    print("import studkit, largest cumulative import times (-X importtime):")
    for micros, name in import_profile():
        print(f"  {micros / 1000:>7.1f} ms  {name.strip()}")


if __name__ == "__main__":
    main()
