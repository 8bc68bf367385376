"""Every benchmark script runs to the end (tiny sizes, nothing timed or compared): a script
that an API change broke is found here, not when someone next measures."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT

ONLINE = ROOT.parent / "shared" / "data" / "hand-histories" / "online"
"""The card rooms' histories (beside the checkout, never copied into it)."""

RUNS = {
    "bench_rooms.py": ["--repeats", "1", "--folder", str(ONLINE / "fpdb-3" / "cash" / "Winamax")],
    "bench_engine.py": ["--repeats", "1", "--hands", "20", "--peer-hands", "2"],
    "bench_clone.py": ["--repeats", "1", "--states", "5", "--copies", "2", "--peer-states", "2"],
    "bench_plugins.py": ["--repeats", "1", "--hands", "5", "--peer-hands", "2"],
    "bench_replay.py": ["--repeats", "1", "--hands", "4"],
    "bench_equity.py": ["--repeats", "1", "--trials", "2000", "--peer-trials", "20"],
    "bench_simulate.py": ["--repeats", "1", "--hands", "30", "--peer-hands", "2"],
    "bench_games.py": ["--hands", "40", "--peer-hands", "2", "--workers", "1",
                       "--games", "deuces-and-jacks,baseball"],
    "bench_overhead.py": [
        "--repeats", "1", "--hands", "30", "--engine-hands", "20", "--peer-hands", "2",
    ],
    "bench_startup.py": ["--repeats", "1"],
    "bench_design.py": ["--repeats", "1", "--hands", "200"],
    "bench_kernel.py": [
        "--repeats", "1", "--hands", "2000", "--kernel-hands", "2000", "--general-hands", "20",
        "--peer-hands", "2", "--workers", "1", "--no-commands",
    ],
    "bench_web.py": ["--clients", "2", "--seconds", "1"],
    "bench_cluster.py": ["--repeats", "1", "--hands", "30", "--tasks", "20"],
    "bench_rl.py": ["--repeats", "1", "--steps", "200", "--peer-steps", "5"],
    "bench_evaluators.py": [
        "--repeats", "1", "--hands", "300", "--batch-hands", "300", "--peer-hands", "20",
    ],
}
"""Each script in benchmarks/ with arguments small enough for a test."""

NEEDS = {"bench_evaluators.py": ("eval7", "phevaluator")}
"""Peers a script measures beyond PokerKit (not test dependencies: skipped when absent)."""

DATA = {"bench_rooms.py": ONLINE}
"""Data a script reads from beside the checkout (skipped when absent)."""


def test_every_benchmark_script_is_listed() -> None:
    assert {p.name for p in (ROOT / "benchmarks").glob("bench_*.py")} == set(RUNS)


@pytest.mark.slow
@pytest.mark.parametrize("script", sorted(RUNS))
def test_the_benchmark_runs(script: str, tmp_path: Path) -> None:
    for module in NEEDS.get(script, ()):
        pytest.importorskip(module)
    if script in DATA and not DATA[script].is_dir():
        pytest.skip(f"{DATA[script]} is absent")
    # run as a user runs it, from outside the checkout, with the script's own folder first on
    # the path (the scripts share benchmarks/_build.py), which PYTHONSAFEPATH would drop
    env = {k: v for k, v in os.environ.items() if k != "PYTHONSAFEPATH"}
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), *RUNS[script]],
        capture_output=True, text=True, timeout=600, check=False, cwd=tmp_path, env=env,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.startswith("studkit build: "), result.stdout[:500]
