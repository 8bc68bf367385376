"""Fuzzed hand histories: each of the 30 real hands with one random mutation (a line or an
action dropped, duplicated or swapped, a card, amount, player or verb corrupted, a field
retyped, the text cut short) either replays, or fails with an error naming the file; never an
exception out of ``replay_file``, a traceback from ``studkit replay``, or a hang."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import ROOT
from fuzzing import EXTREMES, bounded, fuzz_settings, mutate, run_command
from hypothesis import given, strategies as st

from studkit.history import replay_file

FOLDER = ROOT / "examples" / "hands" / "wsop-2023-43-ppc"
HANDS = sorted(FOLDER.glob("*.phh"))
EXPECTED = json.loads((FOLDER / "expected.json").read_text("utf-8"))
FUZZ = fuzz_settings(20)
TOKENS = ("Zz", "??", "AsAs", "Jk", "-5", "0", "1e99", "abc", "p0", "p9", "p99", "cbr", "cc",
          "f", "sm", "dh", "db", "pay", "twist", "", "#", '"', "\\")
"""Tokens put in place of one word of an action."""


def with_result(path: Path) -> str:
    """The hand's text with its known finishing stacks, so that a replay that goes wrong
    cannot pass unnoticed: it must match them or fail."""
    stacks = EXPECTED[path.name]["finishing_stacks"]
    return f"finishing_stacks = {stacks}\n" + path.read_text("utf-8")


def corrupt_action(text: str, data: st.DataObject) -> tuple[str, str]:
    """Replace one word of one action string with a stray token or an extreme."""
    actions = list(re.finditer(r'^(\s*")([^"\n]*)(",?)$', text, re.M))
    if not actions:
        return text, "no action"
    found = data.draw(st.sampled_from(actions), label="action")
    words = found.group(2).split(" ")
    at = data.draw(st.integers(0, len(words) - 1), label="word")
    words[at] = data.draw(st.sampled_from(TOKENS + EXTREMES), label="token")
    new = found.group(1) + " ".join(words) + found.group(3)
    return text[: found.start()] + new + text[found.end():], f"{found.group(2)!r} -> {new!r}"


@pytest.mark.parametrize("path", HANDS[::3], ids=lambda p: p.stem)
@FUZZ
@given(data=st.data())
def test_a_mutated_real_hand_replays_or_names_the_file(
    path: Path, data: st.DataObject, tmp_path_factory: pytest.TempPathFactory
) -> None:
    text = with_result(path)
    if data.draw(st.booleans(), label="action or line"):
        text, how = corrupt_action(text, data)
    else:
        text, how = mutate(text, data)
    fuzzed = tmp_path_factory.mktemp("fuzz") / path.name
    fuzzed.write_text(text, "utf-8")
    with bounded():
        replays = replay_file(fuzzed)
    assert replays, how
    for result in replays:
        if not result.ok:
            assert result.error and path.name in result.error, f"{how}: {result.error}"
        elif "finishing_stacks = " in text:  # a replay that passes matched the real result
            assert result.checked, how


@pytest.mark.parametrize("path", HANDS[1::10], ids=lambda p: p.stem)
@fuzz_settings(8)
@given(data=st.data())
def test_replay_answers_a_mutated_hand_with_an_exit_code_not_a_traceback(
    path: Path, data: st.DataObject, tmp_path_factory: pytest.TempPathFactory,
    capsys: pytest.CaptureFixture[str],
) -> None:
    text, how = corrupt_action(with_result(path), data)
    fuzzed = tmp_path_factory.mktemp("fuzz") / path.name
    fuzzed.write_text(text, "utf-8")
    run_command(["replay", str(fuzzed)], capsys, how)
