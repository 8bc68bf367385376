"""Fuzzed command lines: random options and values for every ``studkit`` command (taken from
its own parser) either run or fail with a message and exit 2; never a traceback, an exception
out of ``main`` or a hang. Counts stay small, so a run that works is quick."""

from __future__ import annotations

import argparse
import io
from pathlib import Path

import pytest
from conftest import ROOT
from fuzzing import fuzz_settings, run_command
from hypothesis import given, strategies as st

from studkit.cli import build_parser

SKIP = {"serve"}
"""Commands that do not return by themselves (a server runs until it is stopped)."""
BASE = {
    "odds": ["--cards", "5"], "equity": ["--trials", "200"], "play": ["--hands", "1"],
    "simulate": ["--hands", "20", "--workers", "1"],
    "compare": ["--hands", "20", "--workers", "1", "--no-odds"],
}
"""Options each command line starts with, so that one that works is quick (the fuzzed
options come after them and win)."""
LEFT_OUT = {"--exact", "--cluster", "--cluster-file"}
"""Options whose work is large by design (an exact enumeration) or that start a cluster
(tests/test_cluster.py covers them)."""
COUNTS = {"hands", "trials", "samples", "iterations", "seconds", "cards", "rounds", "repeats"}
"""Options whose size is the work done: given only small or malformed values."""
VALUES = ("0", "-1", "1", "2", "3", "abc", "1.5", "1e99", "nan", "-inf", "", " ", "razz",
          "seven-card-stud", "baseball", "nonesuch", "high", "a5-low", "random", "tag,lag",
          "calling-station", "As Ks", "AsAs", "??", "json", "99999999999999999999", "-",
          "kernel", "general", "auto", "pokerkit")
SMALL = ("0", "-1", "1", "2", "3", "abc", "1.5", "1e99", "nan", "", "-5")


def files(root: Path) -> tuple[str, ...]:
    """Paths a command may be given: good and bad files, folders and nothing at all."""
    bad = root / "bad.yaml"
    bad.write_text("studkit: 1\nname: [oops\n", "utf-8")
    empty = root / "empty.phh"
    empty.write_text("", "utf-8")
    return (
        str(ROOT / "variants" / "razz.yaml"), str(bad), str(empty), str(root),
        str(root / "missing.yaml"), "/dev/null",
        str(ROOT / "examples" / "hands" / "wsop-2023-43-ppc" / "hand-05.phh"),
        str(ROOT / "examples" / "hands" / "bad.phh"), str(root / "out"),
    )


def commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    (sub,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {name: p for name, p in sub.choices.items() if name not in SKIP}


COMMANDS = commands()


def command_line(name: str, data: st.DataObject, paths: tuple[str, ...]) -> list[str]:
    """A random command line for ``name``: some of its options, each with a random value."""
    parser = COMMANDS[name]
    argv = [name]
    options = [a for a in parser._actions if a.option_strings and a.dest != "help"
               and not set(a.option_strings) & LEFT_OUT]
    positionals = [a for a in parser._actions if not a.option_strings]
    pool = st.sampled_from(VALUES + paths)
    for action in positionals:
        count = 1 if action.nargs in (None, 1) else data.draw(st.integers(0, 2), label="nargs")
        argv += data.draw(st.lists(pool, min_size=count, max_size=count), label=action.dest)
    chosen = data.draw(st.lists(st.sampled_from(options), max_size=4, unique_by=id),
                       label="options") if options else []
    for action in chosen:
        argv.append(data.draw(st.sampled_from(action.option_strings), label="flag"))
        if action.nargs != 0:
            values = st.sampled_from(SMALL) if action.dest in COUNTS else pool
            argv.append(data.draw(values, label=action.dest))
    if data.draw(st.booleans(), label="shuffle"):
        argv = [argv[0], *data.draw(st.permutations(argv[1:]), label="order")]
    return [argv[0], *BASE.get(name, []), *argv[1:]]


@pytest.mark.parametrize("name", sorted(COMMANDS))
@fuzz_settings(30)
@given(data=st.data())
def test_a_random_command_line_runs_or_exits_2_with_a_message(
    name: str, data: st.DataObject, tmp_path_factory: pytest.TempPathFactory,
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    root = tmp_path_factory.mktemp("cli")
    monkeypatch.chdir(root)
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n" * 20))
    argv = command_line(name, data, files(root))
    run_command(argv, capsys, "a random command line")
