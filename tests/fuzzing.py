"""Shared pieces of the fuzz tests: text mutations, a bound on time, and the rule every
fuzzed input must keep (it loads, or it fails with a located studkit error)."""

from __future__ import annotations

import re
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

import pytest
from hypothesis import HealthCheck, settings, strategies as st
from timeouts import LOADED_MACHINE_TIMEOUT

from studkit.cli import main

SECONDS = LOADED_MACHINE_TIMEOUT
"""How long one fuzzed input may take before it counts as a hang (on a loaded machine too)."""

EXTREMES = (
    "0", "-1", "1", "2", "99999999999999999999", "-99999999999999999999", "1.5", "1e309",
    ".nan", ".inf", "-.inf", "null", "true", "false", "''", '""', "[]", "{}", "[1, 2]",
    "{a: 1}", "~", "x", "'0'", "seven-card-stud", "&a", "*a", "!!python/object:os.system",
    "'\\u0000'", "? x", "- x",
)
"""Values put in place of a scalar: extremes, other types, YAML oddities."""


def fuzz_settings(examples: int) -> settings:
    """Hypothesis settings for a fuzz test: ``examples`` inputs, drawn the same way on every
    run (a CI failure reproduces anywhere), no deadline (the bound is :func:`bounded`)."""
    return settings(max_examples=examples, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])


def run_command(argv: list[str], capsys: pytest.CaptureFixture[str], how: str) -> tuple[int, str]:
    """Run ``studkit ARGV`` within the time bound; it must exit 0, 1 or 2 without a
    traceback. Returns the exit code and what it printed (standard output, then error)."""
    with bounded():
        try:
            code = main(argv)
        except SystemExit as stop:  # argparse: --help (0) or a usage error (2)
            code = stop.code if isinstance(stop.code, int) else 2
    captured = capsys.readouterr()
    printed = captured.out + captured.err
    assert "Traceback" not in printed, f"{argv}: {how}"
    assert code in (0, 1, 2), (argv, how, code, captured.err[-500:])
    if code == 2:
        assert captured.err.strip(), f"{argv}: exit 2 without a message"
    return code, printed


class Hang(Exception):
    """The input took longer than :data:`SECONDS`."""


@contextmanager
def bounded(seconds: int = SECONDS) -> Iterator[None]:
    """Raise :class:`Hang` if the block runs longer than ``seconds`` (the main thread only)."""
    def expire(signum: int, frame: FrameType | None) -> None:
        raise Hang(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


_SCALAR = re.compile(r"(:\s+|-\s+|\[|,\s*)([^\s\[\]{},#][^\[\]{},#\n]*?)(\s*(?:#.*)?)$")


def mutate(text: str, data: st.DataObject) -> tuple[str, str]:
    """One random mutation of ``text``'s lines, and its description (for the failure message).

    Deletes, duplicates or swaps lines, moves a line's indentation, misspells a key, puts an
    extreme or another type in place of a value, or cuts the text short.
    """
    lines = text.splitlines()
    if not lines:
        return text, "empty"
    kind = data.draw(st.sampled_from(
        ("delete", "duplicate", "swap", "indent", "misspell", "value", "truncate", "tab")
    ), label="mutation")
    i = data.draw(st.integers(0, len(lines) - 1), label="line")
    line = lines[i]
    if kind == "delete":
        del lines[i]
    elif kind == "duplicate":
        lines.insert(i, line)
    elif kind == "swap":
        j = data.draw(st.integers(0, len(lines) - 1), label="other line")
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == "indent":
        shift = data.draw(st.sampled_from((-4, -2, -1, 1, 2, 4)), label="shift")
        lines[i] = " " * shift + line if shift > 0 else line[min(-shift, len(line)
                                                                 - len(line.lstrip())):]
    elif kind == "tab":
        lines[i] = "\t" + line
    elif kind == "misspell":
        key = re.match(r"(\s*-?\s*)([A-Za-z_][A-Za-z_0-9]*)(:.*)$", line)
        if key:
            word = key.group(2)
            at = data.draw(st.integers(0, len(word) - 1), label="letter")
            typo = data.draw(st.sampled_from(("drop", "double", "upper")), label="typo")
            word = {"drop": word[:at] + word[at + 1:], "double": word[:at] + word[at] * 2
                    + word[at + 1:], "upper": word.upper()}[typo] or "x"
            lines[i] = key.group(1) + word + key.group(3)
    elif kind == "value":
        found = _SCALAR.search(line)
        if found:
            value = data.draw(st.sampled_from(EXTREMES), label="value")
            lines[i] = line[: found.start(2)] + value + line[found.end(2):]
    elif kind == "truncate":
        lines = lines[:i]
    after = lines[i] if i < len(lines) else ""
    return "\n".join(lines) + "\n", f"{kind} at line {i + 1}: {line!r} -> {after!r}"
