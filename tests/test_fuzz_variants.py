"""Fuzzed variant files: every shipped variant file with one random mutation (a line deleted,
duplicated, swapped or moved, a key misspelled, a value replaced by an extreme or another type,
the text cut short) either loads and plays, or fails with a studkit error that names the file;
never another exception, never a hang."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from conftest import ROOT
from fuzzing import bounded, fuzz_settings, mutate, run_command
from hypothesis import given, strategies as st

from studkit import Hand, StudkitError, builtin_variant_names, load_variant

VARIANTS = ROOT / "variants"
NAMES = builtin_variant_names()
FUZZ = fuzz_settings(25)


def play_one(hand: Hand, rng: random.Random) -> None:
    total = sum(hand.stacks) + sum(hand.contrib)
    for _ in range(1_000):
        if hand.is_over:
            break
        legal = hand.legal_actions()
        assert legal, "no legal action in a running hand"
        hand.apply(rng.choice(legal))
    assert hand.is_over, "the hand does not end"
    assert sum(hand.stacks) == total and sum(hand.payoffs) == 0


@pytest.mark.parametrize("name", NAMES)
@FUZZ
@given(data=st.data())
def test_a_mutated_variant_file_loads_and_plays_or_names_the_file(
    name: str, data: st.DataObject, tmp_path_factory: pytest.TempPathFactory
) -> None:
    text, how = mutate((VARIANTS / f"{name}.yaml").read_text("utf-8"), data)
    path = tmp_path_factory.mktemp("fuzz") / f"{name}.yaml"
    path.write_text(text, "utf-8")
    with bounded():
        try:
            variant = load_variant(str(path))
        except StudkitError as error:
            assert path.name in str(error), f"{how}: the error does not name the file: {error}"
            return
        players = variant.min_players
        rng = random.Random(1)
        for seed in range(2):
            play_one(Hand(variant, [200] * players, seed=seed), rng)


@pytest.mark.parametrize("name", NAMES[::4])
@fuzz_settings(8)
@given(data=st.data())
def test_validate_answers_a_mutated_file_with_an_exit_code_not_a_traceback(
    name: str, data: st.DataObject, tmp_path_factory: pytest.TempPathFactory,
    capsys: pytest.CaptureFixture[str],
) -> None:
    text, how = mutate((VARIANTS / f"{name}.yaml").read_text("utf-8"), data)
    path: Path = tmp_path_factory.mktemp("fuzz") / f"{name}.yaml"
    path.write_text(text, "utf-8")
    code, printed = run_command(["validate", str(path)], capsys, how)
    if code:
        assert path.name in printed, f"{how}: {printed}"
