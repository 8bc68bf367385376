"""Simulations on real Dask clusters: a LocalCluster, and a `dask scheduler` with `dask worker`
processes started here. The same seed gives the same JSON as one process (apart from the
``cluster`` and ``workers`` fields); workers get the plugins and bots a run needs; a worker
that dies has its blocks played again; a scheduler that goes away is an error, never a
partial result.

Runs are small and timeouts generous: the tests must hold on a loaded two-core machine.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("distributed")

from timeouts import LOADED_MACHINE_TIMEOUT  # noqa: E402

from studkit.cli import main  # noqa: E402
from studkit.compare import compare  # noqa: E402
from studkit.errors import ClusterError  # noqa: E402
from studkit.hooks.registry import PluginRegistry  # noqa: E402
from studkit.simulation import simulate  # noqa: E402
from studkit.simulation.cluster import Cluster, connect  # noqa: E402
from studkit.simulation.report import RUN_FIELDS  # noqa: E402

BOTS = "tag,lag,random,calling-station"
"""Cheap bots (the equity bot's Monte Carlo would make every run slow)."""
START_SECONDS = LOADED_MACHINE_TIMEOUT
"""How long a scheduler or worker process may take to start on a loaded machine."""

HOUSE_PLUGIN = '''"""Seat 0 always brings in (a house rule acting in every game)."""
from studkit import hookimpl


@hookimpl
def studkit_bring_in(hand, seat):
    return 0
'''

MY_BOT = '''"""A user's bot in a file of its own."""


class MinRaiser:
    def __init__(self, variant):
        self.variant = variant

    def act(self, view, actions, rng):
        for action in actions:
            if action.kind in ("raise", "bet", "complete"):
                return action.to(action.min if action.min is not None else action.amount)
        for action in actions:
            if action.kind in ("check", "call", "bring-in"):
                return action
        return actions[0]
'''


def plain(data: dict[str, Any]) -> str:
    """A report's JSON without the fields that say where and how fast it ran."""
    data = dict(data)
    for name in RUN_FIELDS:
        data.pop(name, None)  # a comparison has no times of its own, its simulations do
    if "simulations" in data:
        data["simulations"] = [json.loads(plain(s)) for s in data["simulations"]]
    return json.dumps(data, indent=2)


@pytest.fixture(scope="module")
def local2() -> Iterator[Cluster]:
    """A LocalCluster of two single-threaded worker processes, shared by this module."""
    with connect("local:2") as cluster:
        cluster.client.wait_for_workers(2, timeout=START_SECONDS)
        yield cluster


def _python(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, *args], cwd=cwd, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, env=env,
    )


def _wait_for(path: Path) -> None:
    deadline = time.monotonic() + START_SECONDS
    while not (path.is_file() and path.stat().st_size > 0):
        if time.monotonic() > deadline:
            raise TimeoutError(f"{path} was not written in {START_SECONDS} s")
        time.sleep(0.1)


class Scheduler:
    """A `dask scheduler` process with workers, each a process of its own."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.file = folder / "scheduler.json"
        self.processes = [_python(
            "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0",
            "--no-dashboard", "--scheduler-file", str(self.file), cwd=folder,
        )]
        _wait_for(self.file)
        self.address: str = json.loads(self.file.read_text())["address"]

    def add_worker(self, *, without_studkit: bool = False) -> None:
        """Start a single-threaded worker (in a folder of its own: it finds no user files)."""
        folder = self.folder / f"worker-{len(self.processes)}"
        folder.mkdir()
        command = ["-m", "distributed.cli.dask_worker"]
        if without_studkit:
            command = ["-c", "import sys; sys.modules['studkit'] = None; "
                       "from distributed.cli.dask_worker import main; main()"]
        self.processes.append(_python(
            *command, self.address, "--nthreads", "1", "--no-dashboard", "--no-nanny",
            cwd=folder,
        ))

    def wait_for_workers(self, count: int) -> None:
        with connect(self.address) as cluster:
            cluster.client.wait_for_workers(count, timeout=START_SECONDS)

    def stop(self) -> None:
        for process in reversed(self.processes):
            process.kill()
            process.wait(timeout=LOADED_MACHINE_TIMEOUT)


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Scheduler]:
    """A running `dask scheduler` with one `dask worker`, shared by this module."""
    running = Scheduler(tmp_path_factory.mktemp("dask"))
    try:
        running.add_worker()
        running.wait_for_workers(1)
        yield running
    finally:
        running.stop()


def test_local_cluster_gives_the_report_of_one_process(local2: Cluster) -> None:
    kwargs: dict[str, Any] = dict(hands=400, bots=BOTS, seed=42)
    one = simulate("seven-card-stud", workers=1, **kwargs)
    pool = simulate("seven-card-stud", workers=2, **kwargs)
    done: list[int] = []
    cluster = simulate("seven-card-stud", cluster=local2, progress=done.append, **kwargs)
    assert (cluster.cluster, cluster.workers) == ("local:2", 2)
    # the progress bar follows the blocks as they finish: 16 blocks of 25 hands
    assert done == list(range(25, 401, 25))
    assert (one.to_json()["cluster"], one.to_json()["workers"]) == (None, 1)
    assert plain(cluster.to_json()) == plain(one.to_json()) == plain(pool.to_json())
    other = simulate("seven-card-stud", cluster=local2, **{**kwargs, "seed": 43})
    assert plain(other.to_json()) != plain(one.to_json())


@pytest.mark.parametrize("engine", ["kernel", "general"])
def test_both_engines_run_on_the_workers(local2: Cluster, engine: str) -> None:
    kwargs: dict[str, Any] = dict(hands=300, bots="calling-station", seed=6, engine=engine)
    here = simulate("seven-card-stud", **kwargs)
    there = simulate("seven-card-stud", cluster=local2, **kwargs)
    assert here.engine == there.engine == engine
    assert plain(there.to_json()) == plain(here.to_json())


def test_a_variant_file_and_its_parent_reach_the_workers(local2: Cluster, tmp_path: Path) -> None:
    from studkit import load_variant

    (tmp_path / "base.yaml").write_text(
        "studkit: 1\nextends: razz\nname: base-razz\nforced_bets:\n  ante: 2\n"
    )
    (tmp_path / "house.yaml").write_text(
        "studkit: 1\nextends: ./base.yaml\nname: house-razz\nplayers: {max: 6}\n"
    )
    variant = load_variant(str(tmp_path / "house.yaml"))
    for path in tmp_path.iterdir():  # the workers must not need the files
        path.unlink()
    one = simulate(variant, hands=150, bots=BOTS, seed=7, stakes="big=20")
    cluster = simulate(variant, hands=150, bots=BOTS, seed=7, stakes="big=20",
                       cluster=local2)
    assert cluster.stakes["ante"] == 2 and cluster.stakes["big_bet"] == 20
    assert plain(cluster.to_json()) == plain(one.to_json())


def test_plugins_dir_plugins_are_shipped_to_the_workers(local2: Cluster, tmp_path: Path) -> None:
    from studkit import load_variant

    without = simulate("razz", hands=100, bots=BOTS, seed=3)
    (tmp_path / "double_ante.py").write_text(HOUSE_PLUGIN)
    house = load_variant("razz", registry=PluginRegistry([tmp_path]))
    here = simulate(house, hands=100, bots=BOTS, seed=3)
    there = simulate(house, hands=100, bots=BOTS, seed=3, cluster=local2)
    assert plain(here.to_json()) != plain(without.to_json())  # the plugin acts
    assert plain(there.to_json()) == plain(here.to_json())
    # and a later run on the same workers, of a variant loaded without it, plays without it
    after = simulate("razz", hands=100, bots=BOTS, seed=3, cluster=local2)
    assert plain(after.to_json()) == plain(without.to_json())


def test_history_from_a_cluster_is_the_local_one(local2: Cluster, tmp_path: Path) -> None:
    pytest.importorskip("studkit.history.record")
    simulate("seven-card-stud-hi-lo", hands=60, bots=BOTS, seed=5, history=tmp_path / "a.phhs")
    simulate("seven-card-stud-hi-lo", hands=60, bots=BOTS, seed=5, history=tmp_path / "b.phhs",
             cluster=local2)
    assert (tmp_path / "a.phhs").read_text() == (tmp_path / "b.phhs").read_text()


def test_compare_on_a_cluster(local2: Cluster) -> None:
    kwargs: dict[str, Any] = dict(hands=150, players=4, bots=BOTS, seed=8, odds=False)
    local = compare(["seven-card-stud", "seven-card-stud-hi-lo"], **kwargs).to_json()
    remote = compare(["seven-card-stud", "seven-card-stud-hi-lo"], cluster=local2,
                     **kwargs).to_json()
    assert remote["cluster"] == "local:2" and remote["simulations"][1]["cluster"] == "local:2"
    assert plain(remote) == plain(local)


def test_ctrl_c_cancels_the_cluster_tasks(local2: Cluster) -> None:
    def interrupt(done: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate("razz", hands=3000, bots=BOTS, seed=1, cluster=local2, progress=interrupt)
    client = local2.client
    deadline = time.monotonic() + START_SECONDS
    while client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)):
        assert time.monotonic() < deadline, "the run's tasks were left on the cluster"
        time.sleep(0.2)


def _default_ctrl_c() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _scheduler_tasks(address: str) -> int:
    with connect(address) as cluster:
        count: int = cluster.client.run_on_scheduler(
            lambda dask_scheduler: len(dask_scheduler.tasks)
        )
        return count


def test_ctrl_c_in_the_cli_stops_the_run_and_its_tasks(scheduler: Scheduler) -> None:
    # the general engine and many hands: a run the signal cannot miss (the kernel plays
    # 200,000 hands on the cluster before the test sees its tasks)
    command = [sys.executable, "-m", "studkit", "simulate", "razz", "--hands", "2000000",
               "--bots", BOTS, "--seed", "1", "--engine", "general",
               "--cluster", scheduler.address]
    # started as a shell starts it, with Ctrl-C at its default (a child inherits an ignored
    # SIGINT, and this test process may be inside a run that leaves Ctrl-C to its parent)
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               preexec_fn=_default_ctrl_c)
    try:
        deadline = time.monotonic() + START_SECONDS
        while not _scheduler_tasks(scheduler.address):
            assert process.poll() is None and time.monotonic() < deadline
            time.sleep(0.2)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=START_SECONDS)
    finally:
        process.kill()
    assert process.returncode == 130 and out == b""
    assert err.decode().strip() == "interrupted"
    while _scheduler_tasks(scheduler.address):
        assert time.monotonic() < deadline + START_SECONDS, "tasks left on the cluster"
        time.sleep(0.2)


def test_a_worker_with_another_studkit_is_refused(
    local2: Cluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    from studkit.simulation import cluster_worker

    played: list[int] = []
    monkeypatch.setattr(cluster_worker, "installed_version", lambda: "9.9.9")
    with pytest.raises(ClusterError, match=r"has studkit 0\.1\.0, this machine 9\.9\.9"):
        simulate("razz", hands=100, bots=BOTS, seed=1, cluster=local2, progress=played.append)
    assert played == []


def test_a_worker_that_dies_has_its_blocks_played_again() -> None:
    expected = simulate("razz", hands=900, bots=BOTS, seed=11)
    killed: list[int] = []
    with connect("local:2") as cluster:
        cluster.client.wait_for_workers(2, timeout=START_SECONDS)
        pids = cluster.client.run(os.getpid)

        def kill_one(done: int) -> None:
            if not killed:
                os.kill(next(iter(pids.values())), signal.SIGKILL)
                killed.append(done)

        report = simulate("razz", hands=900, bots=BOTS, seed=11, cluster=cluster,
                          progress=kill_one)
        # the blocks the dead worker held were sent to a worker a second time
        twice = cluster.client.run_on_scheduler(lambda dask_scheduler: sorted(
            key for key, count in Counter(
                str(entry[0]) for entry in dask_scheduler.transition_log
                if entry[2] == "processing"
            ).items() if count > 1
        ))
    assert killed and killed[0] < 900
    assert twice and all("-block-" in key for key in twice)
    assert plain(report.to_json()) == plain(expected.to_json())


def test_cli_on_a_tcp_scheduler_and_a_scheduler_file(
    scheduler: Scheduler, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "razz", "--hands", "120", "--bots", BOTS, "--seed", "4", "--json"]
    assert main([*argv, "--workers", "1"]) == 0
    local = json.loads(capsys.readouterr().out)
    assert main([*argv, "--cluster", scheduler.address]) == 0
    remote = json.loads(capsys.readouterr().out)
    assert (remote["cluster"], remote["workers"]) == (scheduler.address, 1)
    assert plain(remote) == plain(local)
    assert main([*argv, "--cluster-file", str(scheduler.file)]) == 0
    assert plain(json.loads(capsys.readouterr().out)) == plain(local)
    compare_argv = ["compare", "razz", "seven-card-stud", "--hands", "60", "--bots", BOTS,
                    "--seed", "4", "--json", "--no-odds"]
    assert main([*compare_argv, "--workers", "1"]) == 0
    local = json.loads(capsys.readouterr().out)
    assert main([*compare_argv, "--cluster", scheduler.address]) == 0
    assert plain(json.loads(capsys.readouterr().out)) == plain(local)


def test_a_bot_module_of_the_users_is_shipped(
    scheduler: Scheduler, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # the worker runs in a folder of its own: it can only play the bot if the run ships it
    (tmp_path / "shipped_bots.py").write_text(MY_BOT)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    argv = ["simulate", "razz", "--hands", "60", "--bots", "shipped_bots:MinRaiser,tag,random",
            "--seed", "2", "--json"]
    assert main([*argv, "--workers", "1"]) == 0
    local = json.loads(capsys.readouterr().out)
    assert main([*argv, "--cluster", scheduler.address]) == 0
    assert plain(json.loads(capsys.readouterr().out)) == plain(local)


def test_a_worker_without_studkit_is_refused_before_any_hand(tmp_path: Path) -> None:
    lone = Scheduler(tmp_path)
    try:
        lone.add_worker(without_studkit=True)
        lone.wait_for_workers(1)
        played: list[int] = []
        with pytest.raises(ClusterError, match="has no studkit installed"):
            simulate("razz", hands=100, bots=BOTS, seed=1, cluster=lone.address,
                     progress=played.append)
        assert played == []
    finally:
        lone.stop()


def test_a_scheduler_that_goes_away_is_an_error_not_a_result(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from contextlib import contextmanager

    from studkit.cli import simulate as command

    lone = Scheduler(tmp_path)
    try:
        lone.add_worker()
        lone.wait_for_workers(1)
        done: list[int] = []

        @contextmanager
        def stop_the_scheduler(total: int, label: str) -> Iterator[Any]:
            def update(hands: int) -> None:
                if not done:
                    lone.processes[0].kill()
                done.append(hands)

            yield update

        monkeypatch.setattr(command, "progress_bar", stop_the_scheduler)
        code = main(["simulate", "razz", "--hands", "3000", "--bots", BOTS, "--seed", "1",
                     "--cluster", lone.address, "--json"])
        captured = capsys.readouterr()
        assert code == 2 and captured.out == ""
        assert f"the Dask scheduler at {lone.address} went away" in captured.err
        assert "the run did not finish and there is no result" in captured.err
        assert "Traceback" not in captured.err
    finally:
        lone.stop()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--cluster", "bogus"], "--cluster 'bogus': expected local, local:N or tcp://HOST:PORT"),
        (["--cluster", "local:0"], "local:N needs a number of workers of at least 1"),
        (["--cluster-file", "/nonexistent/scheduler.json"], "--cluster-file "
         "'/nonexistent/scheduler.json': cannot read it"),
        (["--cluster", "local:2", "--cluster-file", "x.json"], "give one of them"),
    ],
)
def test_bad_cluster_options_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "razz", "--hands", "10", *argv]) == 2
    assert message in capsys.readouterr().err


def test_no_scheduler_at_the_address(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from conftest import free_port

    from studkit.simulation import cluster

    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 2)
    port = free_port()
    assert main(["simulate", "razz", "--hands", "10", "--cluster", f"tcp://127.0.0.1:{port}"]) == 2
    err = capsys.readouterr().err
    assert f"no Dask scheduler answered at tcp://127.0.0.1:{port} within 2 s" in err
    assert "Traceback" not in err


def test_without_dask_the_error_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    assert main(["simulate", "razz", "--hands", "10", "--cluster", "local:2"]) == 2
    err = capsys.readouterr().err
    assert "--cluster needs the dask extra: pip install 'studkit[dask]'" in err
    assert "pip install '.[dask]'" in err


def test_dask_is_imported_only_for_a_cluster(tmp_path: Path) -> None:
    code = (
        "import sys, studkit\n"
        "from studkit.cli import main\n"
        "assert main(['simulate', 'razz', '--hands', '5', '--json']) == 0\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))\n"
    )
    # run outside the checkout: "python -c" puts the working directory first on sys.path,
    # and the checkout's own sources would compile the kernel again for minutes
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=LOADED_MACHINE_TIMEOUT, cwd=tmp_path).stdout
    assert out.strip().splitlines()[-1] == "[]"


def test_the_python_example_of_the_docs_runs(tmp_path: Path) -> None:
    from conftest import ROOT

    text = (ROOT / "docs" / "simulation.md").read_text()
    (code,) = [block for block in text.split("```python\n")[1:] if "connect(" in block]
    code = code.split("```")[0].replace("hands=200_000", "hands=40").replace("local:4", "local:2")
    (tmp_path / "example.py").write_text(code)
    done = subprocess.run([sys.executable, "example.py"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert [line.split()[0] for line in lines] == ["tag", "lag", "calling-station"]
    assert all(line.split()[-1] in ("1", "2") for line in lines)


def test_a_script_without_the_main_guard_is_told_what_to_do(tmp_path: Path) -> None:
    (tmp_path / "unguarded.py").write_text(
        "from studkit.simulation import simulate\n"
        "simulate('razz', hands=10, bots='tag', cluster='local:1')\n"
    )
    done = subprocess.run([sys.executable, "unguarded.py"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=600, check=False)
    assert done.returncode != 0
    assert "must do so under `if __name__ == \"__main__\":`" in done.stderr
