"""The three RL interfaces pass their libraries' conformance tests for every shipped variant.

Each variant's check is kept short (a few hands); the runs with more hands and players are
marked slow (CI runs them).
"""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import pytest

from studkit import IllegalActionError, builtin_variant_names, load_variant
from studkit.bots.protocol import BotError
from studkit.errors import RLError, VariantError

pettingzoo_test = pytest.importorskip("pettingzoo.test")
env_checker = pytest.importorskip("gymnasium.utils.env_checker")
pyspiel = pytest.importorskip("pyspiel")

from volume import hands_each  # noqa: E402

import studkit.rl as rl  # noqa: E402
from studkit.rl import openspiel  # noqa: E402

VARIANTS = builtin_variant_names()
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _quiet() -> None:
    # The libraries' checkers warn about unbounded Box spaces and dict observations; those
    # are the documented layout, not faults.
    warnings.simplefilter("ignore", UserWarning)


@pytest.mark.parametrize("name", VARIANTS)
def test_pettingzoo_api_test(name: str) -> None:
    pettingzoo_test.api_test(rl.env(name, players=3), num_cycles=60, verbose_progress=False)


@pytest.mark.parametrize("name", VARIANTS)
def test_gymnasium_check_env(name: str) -> None:
    env_checker.check_env(rl.SingleAgentEnv(name, players=2), skip_render_check=True)


@pytest.mark.parametrize("name", VARIANTS)
def test_openspiel_random_sim_test(name: str) -> None:
    openspiel.register()
    game = pyspiel.load_game("python_studkit", {"variant": name, "players": 3})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("name", VARIANTS)
def test_conformance_at_more_seats_and_hands(name: str) -> None:
    openspiel.register()
    players = min(6 if name != "mississippi-stud" else 4, load_variant(name).max_players)
    pettingzoo_test.api_test(rl.env(name, players=players), num_cycles=hands_each(100 * 22, 40),
                             verbose_progress=False)
    game = pyspiel.load_game("python_studkit", {"variant": name, "players": players})
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_a_variant_file_path_is_a_game(tmp_path: Path) -> None:
    path = ROOT / "examples" / "tiny-stud.yaml"
    env = rl.env(str(path), players=2)
    env.reset(seed=1)
    assert env.unwrapped.game.variant.name == "tiny-stud"
    openspiel.register()
    game = pyspiel.load_game("python_studkit", {"variant": str(path)})
    assert game.num_distinct_actions() == 4 and game.max_chance_outcomes() == 8


def test_seeding_makes_hands_repeat() -> None:
    def trace(seed: int) -> list[object]:
        env = rl.env("razz", players=3)
        env.reset(seed=seed)
        out: list[object] = []
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            out.append((agent, observation["observation"].tobytes(), reward))
            mask = observation["action_mask"]
            env.step(None if terminated or truncated else int(np.flatnonzero(mask)[-1]))
        return out

    assert trace(5) == trace(5)
    assert trace(5) != trace(6)


def test_rewards_come_at_the_end_in_big_bets() -> None:
    env = rl.raw_env("seven-card-stud", players=2)
    env.reset(seed=3)
    total = {agent: 0.0 for agent in env.possible_agents}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        total[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert reward == 0.0
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    payoffs = env.hand.payoffs
    assert [total[a] for a in env.possible_agents] == [p / 10 for p in payoffs]


def test_render_modes() -> None:
    env = rl.env("razz", players=2, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert "razz" in text and "legal:" in text and "??" in text
    with pytest.raises(RLError, match="render_mode='svg'"):
        rl.env("razz", render_mode="svg")


def test_illegal_ids_and_bad_input_are_clear_errors() -> None:
    env = rl.env("seven-card-stud", players=2)
    env.reset(seed=1)
    with pytest.raises(IllegalActionError, match=r"legal are 2 \(bring-in\), 3 \(bet/raise\)"):
        env.step(0)
    with pytest.raises(IllegalActionError, match="out of range"):
        env.step(17)
    with pytest.raises(VariantError, match="no-such-game"):
        rl.env("no-such-game")
    with pytest.raises(RLError, match="seat=5"):
        rl.SingleAgentEnv("razz", seat=5)
    with pytest.raises(RLError, match="2 opponents for 1 other seats"):
        rl.SingleAgentEnv("razz", opponents=["random", "tag"])
    with pytest.raises(BotError, match="unknown bot 'nobody'"):
        rl.SingleAgentEnv("razz", opponents="nobody")


def test_single_agent_env_ends_on_an_illegal_id_or_raises() -> None:
    env = rl.SingleAgentEnv("seven-card-stud", seat=0)
    _, info = env.reset(seed=4)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated and reward == -1.0 and "not legal now" in info["illegal_action"]
    with pytest.raises(RLError, match="call reset"):
        env.step(0)
    strict = rl.SingleAgentEnv("seven-card-stud", illegal="raise")
    _, info = strict.reset(seed=4)
    with pytest.raises(IllegalActionError, match="legal are"):
        strict.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))


def test_opponents_may_be_bots_names_or_policies() -> None:
    calls: list[int] = []

    def always_first(observation: np.ndarray, mask: np.ndarray) -> int:
        calls.append(int(mask.sum()))
        return int(np.flatnonzero(mask)[0])

    env = rl.SingleAgentEnv("razz", opponents=["tag", always_first], players=3, seat=1)
    for seed in range(5):
        _, info = env.reset(seed=seed)
        terminated = False
        while not terminated:
            action = int(np.flatnonzero(info["action_mask"])[0])
            _, _, terminated, _, info = env.step(action)
    assert calls and all(c > 0 for c in calls)
    assert env.action_masks().sum() == 0  # the hand is over


def test_openspiel_state_clones_and_serialises() -> None:
    openspiel.register()
    openspiel.register()  # twice is harmless
    game = pyspiel.load_game("python_studkit", {"variant": "seven-card-stud-twist",
                                                "players": 3, "stakes": "ante:2;big:20"})
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            player = state.current_player()
            assert len(state.information_state_tensor(player)) == \
                game.information_state_tensor_size()
            assert len(state.observation_tensor(player)) == game.observation_tensor_size()
            twin = state.clone()
            action = int(rng.choice(state.legal_actions()))
            state.apply_action(action)
            twin.apply_action(action)
            assert str(twin) == str(state)
    text = pyspiel.serialize_game_and_state(game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert again.history() == state.history() and again.returns() == state.returns()
    assert abs(sum(state.returns())) < 1e-9
    assert game.get_parameters()["stakes"] == "ante:2;big:20"
    assert game.studkit.variant.stakes.big_bet == 20


def test_missing_extra_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real = builtins.__import__

    def no_pettingzoo(name: str, *args: object, **kwargs: object) -> object:
        if name.split(".")[0] == "pettingzoo":
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return real(name, *args, **kwargs)  # type: ignore[arg-type]

    import sys

    monkeypatch.delitem(sys.modules, "studkit.rl.aec", raising=False)
    monkeypatch.setattr(builtins, "__import__", no_pettingzoo)
    needs = r"studkit.rl needs the rl extra: pip install 'studkit\[rl\]'"
    with pytest.raises(RLError, match=needs):
        rl.require_extra("studkit.rl.aec")


def test_a_newly_registered_decision_kind_gets_ids_in_all_three(tmp_path: Path) -> None:
    """tests/discard_kind registers a 'toss' kind (a card argument): it gets one id per
    card, and the variant passes the three libraries' checks like a shipped one."""
    from studkit.hooks.registry import PluginRegistry
    from studkit.rl.check import conformance

    plugin_dir = ROOT / "tests" / "discard_kind"
    variant = load_variant(plugin_dir / "discard-stud.yaml", registry=PluginRegistry([plugin_dir]))
    game = rl.StudGame(variant, players=3)
    start = game.actions.betting_size
    assert game.actions.names[start:start + 2] == ("toss 2c", "toss 2d")
    assert game.actions.size == start + 52
    results = conformance(variant, players=3, hands=1)  # OpenSpiel's game gets the directory
    assert [r.passed for r in results] == [True, True, True], results
