"""The first run of the batch kernel says, before it starts, that it is compiling.

numba compiles the kernel on its first run on a machine (minutes); without a word the command
looks hung. ``simulate`` and ``compare`` pass one sentence to their ``notice`` callback when
the kernel is about to compile, and the command line prints it on standard error, never on
standard output (``--json`` stays one JSON document).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from studkit.cli import main
from studkit.compare import compare
from studkit.kernel.hand import play_block
from studkit.kernel.jit import is_ready
from studkit.simulation import runner, simulate
from studkit.simulation.engines import COMPILE_NOTICE, kernel_compile_pending


@pytest.fixture
def compile_pending(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernel counts as not compiled yet (it is compiled once per test session)."""
    monkeypatch.setattr(runner, "kernel_compile_pending", lambda: True)


@pytest.mark.usefixtures("compile_pending")
def test_simulate_says_the_kernel_compiles() -> None:
    heard: list[str] = []
    report = simulate("seven-card-stud", hands=20, players=3, bots="random", engine="kernel",
                      notice=heard.append)
    assert report.engine == "kernel"
    assert heard == [COMPILE_NOTICE]


@pytest.mark.usefixtures("compile_pending")
def test_the_general_engine_never_says_so() -> None:
    heard: list[str] = []
    simulate("seven-card-stud", hands=5, players=3, bots="random", engine="general",
             notice=heard.append)
    assert heard == []


def test_nothing_is_said_once_the_kernel_is_compiled() -> None:
    simulate("seven-card-stud", hands=5, players=3, bots="random", engine="kernel")
    assert is_ready(play_block) and not kernel_compile_pending()
    heard: list[str] = []
    simulate("seven-card-stud", hands=5, players=3, bots="random", engine="kernel",
             notice=heard.append)
    assert heard == []


@pytest.mark.usefixtures("compile_pending")
def test_compare_passes_the_notice_on() -> None:
    heard: list[str] = []
    compare(["seven-card-stud", "razz"], hands=20, players=3, bots="random", seed=1,
            odds=False, engine="kernel", notice=heard.append)
    assert heard == [COMPILE_NOTICE, COMPILE_NOTICE]


@pytest.mark.usefixtures("compile_pending")
def test_the_command_prints_it_on_standard_error(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "seven-card-stud", "--hands", "20", "--players", "3",
                 "--bots", "random", "--engine", "kernel", "--json"])
    out, err = capsys.readouterr()
    assert code == 0
    assert json.loads(out)["engine"] == "kernel"
    assert f"studkit: {COMPILE_NOTICE}" in err


def test_an_empty_cache_means_a_compilation_is_pending(tmp_path: Path) -> None:
    """In a fresh process with an empty numba cache the kernel is not ready; the check
    itself compiles nothing."""
    script = (
        "from studkit.simulation.engines import kernel_compile_pending as p\n"
        "from studkit.kernel.hand import play_block\n"
        "print(p(), len(play_block.signatures))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True,
        env={"NUMBA_CACHE_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"}, timeout=120,
    )
    assert done.stdout.split() == ["True", "0"]
