"""The OpenSpiel-shaped view: random games over the int API stay consistent."""

from __future__ import annotations

import random

import pytest

from studkit import IllegalActionError, builtin_variant_names, load_variant
from studkit.engine.openspiel import (
    AMOUNT_BASE,
    BRING_IN_ACTION,
    CHANCE_PLAYER_ID,
    CHECK_CALL_ACTION,
    TERMINAL_PLAYER_ID,
    StudGameState,
)


def play_randomly(state: StudGameState, rng: random.Random) -> None:
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE_PLAYER_ID:
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            assert [c for c, _ in outcomes] == state.legal_actions()
            state.apply_action(rng.choice(outcomes)[0])
        else:
            legal = state.legal_actions()
            assert legal and legal == sorted(set(legal))
            assert state.legal_actions((player + 1) % state.num_players()) == []
            state.apply_action(rng.choice(legal))


@pytest.mark.parametrize(
    "name", ["seven-card-stud", "razz", "seven-card-stud-hi-lo", "no-limit-seven-card-stud"]
)
def test_random_games_are_zero_sum_and_terminal(name: str) -> None:
    variant = load_variant(name)
    rng = random.Random(7)
    for _ in range(25):
        players = rng.randint(2, variant.max_players)
        state = StudGameState(variant, [rng.randint(5, 300) for _ in range(players)])
        play_randomly(state, rng)
        assert state.current_player() == TERMINAL_PLAYER_ID
        assert state.legal_actions() == []
        assert abs(sum(state.returns())) < 1e-9
        assert state.clone().returns() == state.returns()


@pytest.mark.parametrize("name", builtin_variant_names())
def test_every_shipped_variant_plays_through_the_int_api(name: str) -> None:
    """Plugin decisions (pay, expose, declare, twist) are ints from PLUGIN_BASE up."""
    variant = load_variant(name)
    rng = random.Random(11)
    for _ in range(6):
        players = rng.randint(variant.min_players, variant.max_players)
        state = StudGameState(variant, [rng.randint(5, 200) for _ in range(players)])
        play_randomly(state, rng)
        assert abs(sum(state.returns())) < 1e-9


def test_first_decisions_are_bring_in_or_complete() -> None:
    state = StudGameState(load_variant("seven-card-stud"), [100, 100, 100])
    deals = 0
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[deals % 7])
        deals += 1
    assert deals == 9
    assert state.legal_actions() == [BRING_IN_ACTION, AMOUNT_BASE + 5]
    player = state.current_player()
    assert state.action_to_string(player, AMOUNT_BASE + 5) == "complete to 5"
    assert state.returns() == [0.0, 0.0, 0.0]
    state.apply_action(BRING_IN_ACTION)
    assert CHECK_CALL_ACTION in state.legal_actions()
    with pytest.raises(IllegalActionError):
        state.apply_action(AMOUNT_BASE + 7)
    info = state.information_state_string(state.current_player())
    assert "bring-in" in info


def test_a_dealt_card_cannot_be_dealt_again() -> None:
    state = StudGameState(load_variant("razz"), [50, 50])
    state.apply_action(12)
    assert 12 not in state.legal_actions()
    with pytest.raises(Exception, match="already been dealt"):
        state.apply_action(12)
