"""What a first run of ``studkit simulate`` shows: seats numbered as the tables number them,
the hands' own rate apart from the set-up, the progress bar wherever standard error is a
terminal, and a warning for a local cluster with more workers than cores."""

from __future__ import annotations

import io
import json
import os
import sys
import types
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import pytest
from conftest import run_doctests

from studkit.cli import main, simulate as command
from studkit.compare import compare
from studkit.errors import ClusterError
from studkit.simulation import cluster, cores, simulate, timing
from studkit.simulation.cores import oversized_local_cluster, usable_cores
from studkit.simulation.report import RUN_FIELDS

# --- seats: "seat" from 0, "seat_number" from 1 as the tables show them ---------------------


def test_simulate_json_gives_each_seat_its_index_and_its_number(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "razz", "--hands", "5", "--bots", "tag,lag,random", "--seed", "1"]
    assert main([*argv, "--json"]) == 0
    seats = json.loads(capsys.readouterr().out)["seats"]
    assert [(s["seat"], s["seat_number"], s["bot"]) for s in seats] == [
        (0, 1, "tag"),
        (1, 2, "lag"),
        (2, 3, "random"),
    ]
    assert list(seats[0])[:3] == ["seat", "seat_number", "bot"]  # side by side
    assert main(argv) == 0
    out = capsys.readouterr().out
    table = out[out.index("seats (bb/100") : out.index("winning low hands")]
    rows = [line.split("│")[1:3] for line in table.splitlines() if line.startswith("│")]
    assert [(seat.strip(), bot.strip()) for seat, bot in rows] == [
        ("1", "tag"),
        ("2", "lag"),
        ("3", "random"),
    ]


def test_compare_json_seat_rows_give_the_seat_and_its_number() -> None:
    data = compare(
        ["razz", "seven-card-stud"],
        hands=20,
        players=2,
        bots="tag,calling-station",
        seed=1,
        odds=False,
    ).to_json()
    seat_rows = [row for row in data["statistics"] if "seat" in row]
    assert [(r["name"], r["seat"], r["seat_number"], r["label"]) for r in seat_rows] == [
        ("seat_0_bb_per_100", 0, 1, "seat 1 (tag) bb/100"),
        ("seat_1_bb_per_100", 1, 2, "seat 2 (calling-station) bb/100"),
    ]
    assert all("seat_number" not in row for row in data["statistics"] if "seat" not in row)
    for simulation in data["simulations"]:
        assert [(s["seat"], s["seat_number"]) for s in simulation["seats"]] == [(0, 1), (1, 2)]


# --- time: the hands' own rate, the set-up apart ----------------------------------------------


def test_the_last_line_gives_the_hands_rate_and_the_set_up_apart() -> None:
    report = simulate("razz", hands=20, players=2, bots="calling-station", seed=1, workers=1)
    timed = replace(report, seconds=0.5, setup_seconds=1.3)
    assert command.speed_line(timed) == "20 hands in 0.5 s (40 hands/s; set-up 1.3 s)"
    data = timed.to_json()
    assert (data["setup_seconds"], data["hands_seconds"], data["hands_per_second"]) == (
        1.3,
        0.5,
        40.0,
    )
    assert set(RUN_FIELDS) <= set(data)


def test_the_set_up_counts_loading_the_variant_and_the_rate_does_not(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A clock that moves only while the command loads the variant: the hundred seconds are
    all set-up, none of them the hands'."""
    from studkit.variant import loader

    now = [0.0]
    clock = types.SimpleNamespace(perf_counter=lambda: now[0])
    monkeypatch.setattr(command, "time", clock)
    monkeypatch.setattr(timing, "time", clock)
    real_load = loader.load_variant

    def slow_load(*args: Any, **kwargs: Any) -> Any:
        now[0] += 100.0
        return real_load(*args, **kwargs)

    monkeypatch.setattr(loader, "load_variant", slow_load)
    argv = ["simulate", "razz", "--hands", "30", "--players", "3", "--seed", "2", "--workers", "1"]
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["setup_seconds"], data["hands_seconds"], data["hands_per_second"]) == (
        100.0,
        0.0,
        0.0,
    )
    assert main(argv) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith("30 hands in 0.0 s (0 hands/s; set-up 100.0 s), 1 worker(s), ")


# --- the progress bar: drawn on standard error, so standard error decides -----------------------


class _Stream(io.StringIO):
    def __init__(self, terminal: bool) -> None:
        super().__init__()
        self.terminal = terminal

    def isatty(self) -> bool:
        return self.terminal


@pytest.mark.parametrize("stdout_tty", [True, False])
@pytest.mark.parametrize("stderr_tty", [True, False])
def test_the_progress_bar_shows_when_standard_error_is_a_terminal(
    stdout_tty: bool, stderr_tty: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    stdout = _Stream(stdout_tty)
    monkeypatch.setattr(sys, "stdout", stdout)
    monkeypatch.setattr(sys, "stderr", _Stream(stderr_tty))
    with command.progress_bar(command.PROGRESS_MIN, "razz") as update:
        shown = update is not None
        if update is not None:
            update(10)
    assert shown is stderr_tty
    assert stdout.getvalue() == ""  # the bar never goes to standard output


# --- a local cluster of more workers than cores -------------------------------------------------


def test_the_warning_for_more_workers_than_cores() -> None:
    assert oversized_local_cluster(4, 2) == (
        "a local cluster of 4 workers on 2 cores runs slower than without a cluster; "
        "use local:2 or fewer"
    )
    assert oversized_local_cluster(3, 1) == (
        "a local cluster of 3 workers on 1 core runs slower than without a cluster; use local:1"
    )
    assert oversized_local_cluster(2, 2) is None
    assert oversized_local_cluster(1, 8) is None
    assert run_doctests("studkit.simulation.cores") == (0, 2)


def test_usable_cores_are_the_affinity_set_where_there_is_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: 16)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 3}, raising=False)
    assert usable_cores() == 2
    monkeypatch.delattr(os, "sched_getaffinity", raising=False)
    assert usable_cores() == 16
    monkeypatch.setattr(os, "cpu_count", lambda: None)
    assert usable_cores() == 1


def test_local_means_one_worker_per_usable_core(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster, "usable_cores", lambda: 3)
    assert cluster.local_size("local") == 3
    assert cluster.local_size("local:5") == 5


@contextmanager
def _refused(*args: Any, **kwargs: Any) -> Iterator[Any]:
    raise ClusterError("no cluster in this test")
    yield  # pragma: no cover


@pytest.mark.parametrize(
    ("argv", "warning"),
    [
        (
            ["simulate", "razz", "--cluster", "local:4"],
            "studkit simulate: warning: a local cluster of 4 workers on 2 cores runs slower "
            "than without a cluster; use local:2 or fewer\n",
        ),
        (
            ["compare", "razz", "seven-card-stud", "--cluster", "local:3"],
            "studkit compare: warning: a local cluster of 3 workers on 2 cores runs slower "
            "than without a cluster; use local:2 or fewer\n",
        ),
        (["simulate", "razz", "--cluster", "local:2"], ""),
        (["simulate", "razz", "--cluster", "local"], ""),
        (["simulate", "razz", "--cluster", "tcp://127.0.0.1:1"], ""),
    ],
)
def test_the_command_warns_once_before_starting_the_cluster(
    argv: list[str],
    warning: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Two cores (the count monkeypatched); the cluster itself is refused, so that the test
    starts none: the warning comes first, once, then the error."""
    monkeypatch.setattr(command, "usable_cores", lambda: 2)
    monkeypatch.setattr(cluster, "usable_cores", lambda: 2)
    monkeypatch.setattr(cluster, "connect", _refused)
    assert main([*argv, "--hands", "10"]) == 2
    err = capsys.readouterr().err
    assert err == f"{warning}studkit {argv[0]}: error: no cluster in this test\n"


def test_the_core_count_comes_from_one_place() -> None:
    assert cores.usable_cores() == usable_cores()
    assert command.DEFAULT_WORKERS == min(8, usable_cores())
