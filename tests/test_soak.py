"""The soak (benchmarks/soak.py) finds nothing wrong in a few hundred hands over every shipped
variant at every table size, gives the same outcome for any number of workers, and does catch
and write out a hand that breaks a check."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from conftest import ROOT
from timeouts import LOADED_MACHINE_TIMEOUT

from studkit import Hand, builtin_variant_names, load_variant
from studkit.history import loads, replay

SCRIPT = ROOT / "benchmarks" / "soak.py"


def _soak_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("studkit_soak", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["studkit_soak"] = module
    spec.loader.exec_module(module)
    return module


soak = _soak_module()


def test_every_cell_is_played_without_a_violation() -> None:
    names = builtin_variant_names()
    cells = soak.cells(names)
    outcome = soak.soak(2 * len(cells), names=names, seed=7, block=100)
    assert outcome.violations == []
    assert set(outcome.by_variant) == set(names)
    assert all(counts["hands"] >= 2 for counts in outcome.by_variant.values())
    assert outcome.decisions > outcome.hands


def test_the_outcome_does_not_depend_on_the_workers() -> None:
    names = ["seven-card-stud", "razz", "baseball"]
    one = soak.soak(60, names=names, seed=3, block=20)
    two = soak.soak(60, names=names, seed=3, block=20, workers=2)
    assert (one.hands, one.decisions, one.by_variant) == (two.hands, two.decisions, two.by_variant)


def test_a_run_in_pieces_adds_up_to_the_run() -> None:
    names = ["razz", "five-card-stud"]
    whole = soak.soak(30, names=names, seed=5, block=7)
    first = soak.soak(12, names=names, seed=5)
    rest = soak.soak(18, names=names, seed=5, first=12)
    first.add(rest)
    assert (first.hands, first.decisions, first.by_variant) == (
        whole.hands, whole.decisions, whole.by_variant)


def test_a_clone_that_deals_other_cards_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def clone_with_another_deck(hand: Hand) -> Hand:
        twin = original(hand)
        twin._rng.seed(12345)  # the clone's remaining cards come out in another order
        return twin

    original = Hand.clone
    monkeypatch.setattr(Hand, "clone", clone_with_another_deck)
    outcome = soak.soak(40, names=["seven-card-stud"], seed=1)
    assert outcome.violations, "a clone with another future was not noticed"
    assert {v.check for v in outcome.violations} == {"clone"}


def test_a_history_that_loses_an_action_is_caught_and_written(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    real = soak.from_hand

    def lossy(hand: Hand) -> str:  # drops the hand's last decision other than a show or muck
        # (a missing muck of a losing hand changes nothing, and shows may go unrecorded)
        lines = real(hand).splitlines()
        last = max(i for i, line in enumerate(lines)
                   if line.startswith('  "p') and " sm" not in line)
        return "\n".join(lines[:last] + lines[last + 1 :]) + "\n"

    monkeypatch.setattr(soak, "from_hand", lossy)
    outcome = soak.soak(10, names=["razz"], seed=2)
    assert len(outcome.violations) == 10
    assert {v.check for v in outcome.violations} == {"history"}
    written = soak.write_violations(outcome, 2, tmp_path / "out")
    assert len(written) == 10
    text = written[0].read_text("utf-8")
    assert text.startswith("# soak violation: history: ")
    assert "--seed 2 --first " in text
    (history,) = loads(text)  # the file is a PHH hand that replays up to the lost action
    with pytest.raises(ValueError):
        replay(history)


def test_a_shown_hand_after_all_ins_with_plugin_decisions_left_replays() -> None:
    # Twist: all-ins close the betting on third street, hands are turned up, and a twist is
    # still offered on sixth street; its history shows the hands before the twist.
    outcome = soak.soak(1, names=["seven-card-stud-twist"], seed=0)
    assert outcome.violations == []
    found = False
    variant = load_variant("seven-card-stud-twist")
    for index in range(400):
        rng = soak.hand_rng(0, index)
        hand = Hand(variant, [300, 11], seed=rng.getrandbits(64))
        while not hand.is_over:
            legal = hand.legal_actions()
            call = next((a for a in legal if a.kind in ("call", "complete", "raise")), None)
            hand.apply(call if call is not None and not hand.exposed else rng.choice(legal))
        if any(e.kind == "twist" for e in hand.events) and hand.exposed:
            soak._check_history(hand)
            found = True
            break
    assert found, "no twist after all-ins was played"


def test_the_command_prints_json_and_exits_0() -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--hands", "30", "--json", "--variants",
         "razz,seven-card-stud-hi-lo"],
        capture_output=True, text=True, timeout=LOADED_MACHINE_TIMEOUT, check=False,
    )
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["hands"] == 30 and out["violations"] == 0
    assert set(out["by_variant"]) == {"razz", "seven-card-stud-hi-lo"}
    assert out["hands_per_second"] > 0


def test_an_unknown_variant_is_an_error_not_a_traceback() -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--hands", "3", "--variants", "razz,nonesuch"],
        capture_output=True, text=True, timeout=LOADED_MACHINE_TIMEOUT, check=False,
    )
    assert result.returncode == 2
    assert "unknown variant 'nonesuch'" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("path", sorted((ROOT / "tests" / "phh_soak").glob("*.phh")),
                         ids=lambda p: p.stem)
def test_the_hands_the_soak_found_replay_to_their_recorded_stacks(path: Path) -> None:
    # Each was a violation: a twisted-away card dealt again when the deck ran out (to another
    # player, or to the same one) was refused as a card dealt twice.
    from studkit.history import replay_file

    (result,) = replay_file(path)
    assert result.ok, result.error
    assert result.checked
