"""Fuzzed variant files: every shipped variant file with one random mutation (a line deleted,
duplicated, swapped or moved, a key misspelled, a value replaced by an extreme or another type,
the text cut short) either loads and plays, or fails with a studkit error that names the file;
never another exception, never a hang."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from conftest import ROOT
from fuzzing import bounded, mutate
from hypothesis import HealthCheck, given, settings, strategies as st

from studkit import Hand, StudkitError, builtin_variant_names, load_variant
from studkit.cli import main

VARIANTS = ROOT / "variants"
NAMES = builtin_variant_names()
FUZZ = settings(max_examples=25, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


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
@settings(max_examples=8, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_validate_answers_a_mutated_file_with_an_exit_code_not_a_traceback(
    name: str, data: st.DataObject, tmp_path_factory: pytest.TempPathFactory,
    capsys: pytest.CaptureFixture[str],
) -> None:
    text, how = mutate((VARIANTS / f"{name}.yaml").read_text("utf-8"), data)
    path: Path = tmp_path_factory.mktemp("fuzz") / f"{name}.yaml"
    path.write_text(text, "utf-8")
    with bounded():
        code = main(["validate", str(path)])
    captured = capsys.readouterr()
    assert code in (0, 1, 2), how
    assert "Traceback" not in captured.out + captured.err, how
    if code:
        assert path.name in captured.out + captured.err, f"{how}: {captured.out}{captured.err}"
