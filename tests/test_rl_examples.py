"""The ``studkit rl`` command, the tree export, and the two RL examples."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest
from timeouts import LOADED_MACHINE_TIMEOUT

from studkit.cli import main

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from studkit.errors import RLError  # noqa: E402
from studkit.rl.efg import to_efg  # noqa: E402
from studkit.rl.game import StudGame  # noqa: E402

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def load_example(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_rl_spaces_prints_ids_and_fields(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rl", "spaces", "roll-your-own", "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert "Discrete(57) actions" in out and "expose As" in out and "history" in out
    assert main(["rl", "spaces", "razz", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert [a["name"] for a in record["actions"]] == ["fold", "check/call", "bring-in",
                                                      "bet/raise"]
    fields = record["observation"]
    assert fields[-1]["offset"] + fields[-1]["length"] == record["observation_size"]


def test_rl_check_passes_and_reports(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rl", "check", "baseball", "--players", "3", "--hands", "1", "--json"]) == 0
    results = json.loads(capsys.readouterr().out)
    assert [r["check"] for r in results] == [
        "pettingzoo api_test", "gymnasium check_env", "openspiel random_sim_test"
    ]
    assert all(r["passed"] for r in results)


def test_rl_check_fails_with_exit_1_when_a_check_fails(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from studkit.rl.aec import StudAECEnv

    real = StudAECEnv.observe

    def wrong(self: StudAECEnv, agent: str) -> dict[str, object]:
        observed = real(self, agent)
        observed["observation"] = observed["observation"][:-1]  # not the declared shape
        return observed

    monkeypatch.setattr(StudAECEnv, "observe", wrong)
    assert main(["rl", "check", "razz", "--hands", "1"]) == 1
    out = capsys.readouterr().out
    assert "pettingzoo api_test" in out and "FAILED" in out
    assert "openspiel random_sim_test    passed" in out


def test_rl_bad_input_is_an_error_not_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rl", "check", "no-such-game"]) == 2
    assert "'no-such-game' is not a built-in variant" in capsys.readouterr().err
    assert main(["rl", "spaces", "razz", "--players", "12"]) == 2
    assert "players=12: razz seats 2 to 8 players" in capsys.readouterr().err
    assert main(["rl", "spaces", "razz", "--stakes", "big=0"]) == 2
    assert "big=0" in capsys.readouterr().err
    assert main(["rl", "check", "razz", "--hands", "0"]) == 2
    assert "hands=0: the checks need at least one hand" in capsys.readouterr().err


def test_a_tree_too_large_is_refused() -> None:
    with pytest.raises(RLError, match="more than 100 states"):
        to_efg(StudGame("seven-card-stud"), max_states=100)


@pytest.mark.slow
def test_cfr_on_tiny_stud_cuts_exploitability_threefold(
    capsys: pytest.CaptureFixture[str],
) -> None:
    example = load_example("cfr_tiny_stud")
    assert example.main(["--iterations", "60"]) == 0
    out = capsys.readouterr().out
    fell = float(out.rsplit("exploitability fell ", 1)[1].split("-fold")[0])
    assert fell >= 3.0, out


@pytest.mark.slow
def test_training_beats_the_random_bot(capsys: pytest.CaptureFixture[str]) -> None:
    example = load_example("train_vs_random")
    assert example.main(["--hands", "2000", "--eval-hands", "600"]) == 0
    out = capsys.readouterr().out
    before = float(out.split("untrained (uniformly random): ")[1].split(" ±")[0])
    after = float(out.split("big bets/hand over the same")[0].rsplit(": ", 1)[1].split(" ±")[0])
    assert abs(before) < 0.3 and after > before + 0.5, out


def test_the_pages_examples_run() -> None:
    """docs/rl.md's three examples (PettingZoo, Gymnasium, OpenSpiel) run as written."""
    import re
    import subprocess

    text = (EXAMPLES.parent / "docs" / "rl.md").read_text()
    examples = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(examples) == 3
    for code in examples:
        assert len(code.strip().splitlines()) <= 14
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              check=False, timeout=LOADED_MACHINE_TIMEOUT)
        assert done.returncode == 0, done.stderr[-2000:]
        assert done.stdout.strip()


def test_a_short_deck_needs_as_many_ranks_as_a_hand_holds_cards(tmp_path: Path) -> None:
    """Tiny stud's two ranks are enough for two-card hands; seven-card hands need five."""
    from studkit.variant.loader import load_variant
    from studkit.variant.yaml_source import VariantFileError

    tiny = load_variant(EXAMPLES / "tiny-stud.yaml")
    assert tiny.deck.size == 8 and tiny.max_cards_per_player == 2
    seven = tmp_path / "short-seven.yaml"
    seven.write_text(
        "studkit: 1\nname: short-seven\nextends: seven-card-stud\n"
        "players: {min: 2, max: 2}\n"
        "deck: {stripped_ranks: ['2', '3', '4', '5', '6', '7', '8', '9', T, J, Q]}\n"
    )
    with pytest.raises(VariantFileError, match="strips 11 ranks; at least 5 ranks must stay"):
        load_variant(seven)
