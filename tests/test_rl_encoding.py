"""The fixed action encoding, the observation layout and the OpenSpiel-shaped state."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

from studkit import IllegalActionError, builtin_variant_names, load_variant
from studkit.engine.actions import AGGRESSIVE_KINDS
from studkit.engine.hand import Hand
from studkit.errors import RLError, StakesError, VariantError
from studkit.rl.actions import BRING_IN_ID, CHECK_CALL_ID, FOLD_ID, RAISE_ID, ActionEncoding
from studkit.rl.game import StudGame
from studkit.rl.state import CHANCE_PLAYER_ID, TERMINAL_PLAYER_ID, StudGameState


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
            assert all(0 <= a < state.game.actions.size for a in legal)
            assert state.legal_actions((player + 1) % state.num_players()) == []
            mask = state.legal_actions_mask(player)
            assert [i for i, bit in enumerate(mask) if bit] == legal
            state.apply_action(rng.choice(legal))


@pytest.mark.parametrize("name", builtin_variant_names())
def test_every_shipped_variant_plays_through_the_fixed_ids(name: str) -> None:
    rng = random.Random(11)
    variant = load_variant(name)
    for players in sorted({variant.min_players, min(4, variant.max_players)}):
        game = StudGame(variant, players=players, stacks=rng.randint(20, 200))
        for _ in range(4):
            state = StudGameState(game)
            play_randomly(state, rng)
            assert state.current_player() == TERMINAL_PLAYER_ID
            assert abs(sum(state.returns())) < 1e-9
            assert state.clone().returns() == state.returns()
            again = pickle.loads(pickle.dumps(state))
            assert again.history() == state.history() and again.returns() == state.returns()
            assert again.information_state_string(0) == state.information_state_string(0)


def test_fixed_limit_has_one_aggressive_id_and_names_every_id() -> None:
    encoding = ActionEncoding(load_variant("seven-card-stud"))
    assert encoding.names == ("fold", "check/call", "bring-in", "bet/raise")
    state = StudGameState(StudGame("seven-card-stud", players=3))
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert state.legal_actions() == [BRING_IN_ID, RAISE_ID]
    assert state.action_to_string(state.current_player(), RAISE_ID) == "bet/raise"
    state.apply_action(BRING_IN_ID)
    assert state.legal_actions() == [FOLD_ID, CHECK_CALL_ID, RAISE_ID]
    with pytest.raises(IllegalActionError, match=r"action 2 \(bring-in\) is not legal now"):
        state.apply_action(BRING_IN_ID)
    with pytest.raises(IllegalActionError, match="out of range: ids are 0..3"):
        state.apply_action(99)
    with pytest.raises(IllegalActionError, match="not an action id"):
        state.apply_action("call")  # type: ignore[arg-type]


def test_no_limit_sizes_are_min_half_pot_pot_and_all_in() -> None:
    game = StudGame("no-limit-seven-card-stud", players=2, stacks=500)
    assert game.actions.names[3:7] == (
        "bet/raise min", "bet/raise 1/2 pot", "bet/raise pot", "bet/raise max"
    )
    hand = Hand(game.variant, game.stacks, seed=3)
    hand.apply(next(a for a in hand.legal_actions() if a.kind == "bring-in"))
    legal = {a.kind: a for a in hand.legal_actions()}
    raise_range = next(a for a in legal.values() if a.kind in AGGRESSIVE_KINDS)
    totals = [game.actions.decode(hand, i).amount for i in range(3, 7)]
    assert totals[0] == raise_range.min and totals[3] == raise_range.max
    assert totals == sorted(totals)
    owed = hand.to_call
    expected_pot = hand.bets[hand.actor or 0] + owed + (hand.pot + owed)
    assert totals[2] == min(max(expected_pot, raise_range.min or 0), raise_range.max or 0)


@pytest.mark.parametrize(
    ("name", "kinds"),
    [
        ("seven-card-stud-twist", ["twist", "stand"]),
        ("roll-your-own", ["expose", "keep"]),
        ("baseball", ["pay"]),
        ("high-low-declare", ["declare-high", "declare-low", "declare-swing"]),
        ("seven-card-stud", []),
    ],
)
def test_plugin_decision_kinds_get_fixed_ids(name: str, kinds: list[str]) -> None:
    encoding = ActionEncoding(load_variant(name))
    assert [k.kind for k in encoding.kinds] == kinds
    per_kind = {k.kind: (52 if k.options == "card" else 1) for k in encoding.kinds}
    assert encoding.size == encoding.betting_size + sum(per_kind.values())
    if "expose" in kinds:
        assert encoding.names[encoding.betting_size] == "expose 2c"


def test_decisions_of_plugins_are_taken_by_id() -> None:
    rng = random.Random(5)
    seen: set[str] = set()
    game = StudGame("seven-card-stud-twist", players=3)
    for _ in range(20):
        state = StudGameState(game)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            legal = state.legal_actions()
            for action_id in legal:  # every legal id decodes to one of the legal actions
                action = game.actions.decode(state.hand, action_id)
                assert any(a.kind == action.kind for a in state.hand.legal_actions())
            choice = rng.choice([a for a in legal if a != FOLD_ID] or legal)  # to the twists
            seen.add(game.actions.names[choice].split()[0])
            state.apply_action(choice)
    assert {"stand", "twist"} <= seen


def test_bad_settings_are_studkit_errors() -> None:
    with pytest.raises(VariantError, match="no-such-game"):
        StudGame("no-such-game")
    with pytest.raises(RLError, match="seats 2 to 8 players"):
        StudGame("razz", players=9)
    with pytest.raises(RLError, match="players='2'"):
        StudGame("razz", players="2")  # type: ignore[arg-type]
    with pytest.raises(RLError, match="positive"):
        StudGame("razz", stacks=[10, 0])
    with pytest.raises(RLError, match="gives 3 stacks for 2 players"):
        StudGame("razz", stacks=[10, 10, 10])
    with pytest.raises(StakesError):
        StudGame("razz", stakes="big=x")


def test_rewards_are_in_big_bets() -> None:
    game = StudGame("seven-card-stud", players=2, stakes="ante=1,bring-in=2,small=5,big=10")
    hand = game.new_hand(random.Random(1))
    hand.apply(next(a for a in hand.legal_actions() if a.kind == "bring-in"))
    hand.fold() if hand.can_fold() else None
    while not hand.is_over:
        hand.check_or_call()
    assert game.rewards(hand) == [p / 10 for p in hand.payoffs]
    assert game.stacks == (1000, 1000)


def test_observation_fields_tile_the_vector() -> None:
    game = StudGame("seven-card-stud-twist", players=3)
    offset = 0
    for name, (start, length) in game.observation.fields.items():
        assert start == offset, name
        offset += length
    assert offset == game.observation.size
    hand = game.new_hand(random.Random(2))
    vector = game.observation.encode(hand, 1)
    assert vector.dtype == np.float32 and vector.shape == (game.observation.size,)
    start, length = game.observation.fields["down"]
    assert vector[start:start + length].sum() == len(hand.down[1]) == 2
    start, length = game.observation.fields["up"]
    assert vector[start:start + 52].sum() == 1  # slot 0 is the observing seat's up card
    assert game.observation.render(hand, 1).count("??") == 4  # two seats' two down cards


def test_the_shown_plane_follows_the_seat_view() -> None:
    """Hands turned up (all in) are in the observation exactly when the view shows them."""
    game = StudGame("no-limit-seven-card-stud", players=3, stacks=[30, 30, 200])
    rng = random.Random(8)
    checked = 0

    def check(hand: Hand) -> int:
        found = 0
        for seat in range(3):
            view = hand.view(seat)
            vector = game.observation.encode(hand, seat)
            start, _ = game.observation.fields["shown"]
            for r in range(3):
                other = (seat + r) % 3
                plane = vector[start + r * 52:start + (r + 1) * 52]
                cards = view.shown_cards[other] or ()
                assert plane.sum() == len(cards)
                found += len(cards)
        return found

    for _ in range(40):
        hand = game.new_hand(rng)
        while not hand.is_over:
            checked += check(hand)
            legal = hand.legal_actions()
            shove = [a for a in legal if a.kind in AGGRESSIVE_KINDS]
            call = [a for a in legal if a.kind in ("call", "check", "bring-in")]
            hand.apply(shove[0].to(shove[0].max or 0) if shove and rng.random() < 0.5
                       else call[0] if call else legal[0])
        checked += check(hand)
    assert checked > 0


# -------------------------------------------------------------- no hidden card leaks


def _hidden_cards(state: StudGameState, seat: int) -> set[int]:
    hand = state.hand
    return {int(c) for s in range(hand.n) if s != seat for c in hand.down[s]}


def _public(state: StudGameState) -> tuple[object, ...]:
    hand = state.hand
    return (tuple(map(tuple, hand.up)), tuple(hand.community), hand.exposed, hand.is_over)


@pytest.mark.parametrize("name", builtin_variant_names())
def test_other_seats_down_cards_never_leak(name: str) -> None:
    """Play a hand, then replay it with the other seats' down cards swapped for cards that
    seat 0 never sees: seat 0's observation (tensor, text, information state) is the same
    at every step until those cards turn public."""
    rng = random.Random(21)
    game = StudGame(name, players=3)
    deck = game.actions.deck
    compared = 0
    for _ in range(6):
        state = StudGameState(game)
        play_randomly(state, rng)
        history = state.history()
        # Cards seat 0 never saw: other seats' final down cards, and cards never dealt.
        dealt = {int(c) for c in state.hand.cards_out()} | {int(c) for c in state.hand.burned}
        secret = _hidden_cards(state, 0) | {int(c) for c in deck if int(c) not in dealt}
        secret -= {int(c) for c in state.hand.folded_cards}  # twisted away: not swapped
        pool = sorted(secret)
        shuffled = pool[:]
        rng.shuffle(shuffled)
        swap = dict(zip(pool, shuffled, strict=True))
        position = game.actions.card_position
        actions = game.actions
        replay = StudGameState(game)
        original = StudGameState(game)
        for action in history:
            if original.is_chance_node():
                card = int(deck[action])
                mapped = position[swap.get(card, card)]
            elif actions.card_of(action) is not None:
                card = int(actions.card_of(action) or 0)
                mapped = actions.with_card(action, swap.get(card, card))
            else:
                mapped = action
            if original.current_player() >= 0 and _public(original) == _public(replay):
                if not original.hand.exposed and not original.hand.is_over:
                    assert np.array_equal(
                        original.observation_tensor(0), replay.observation_tensor(0)
                    )
                    assert original.observation_string(0) == replay.observation_string(0)
                    assert original.information_state_string(0) == \
                        replay.information_state_string(0)
                    compared += 1
            if not original.is_chance_node() and mapped not in replay.legal_actions():
                # another seat's choice that its hidden cards decide (Outhouse allows only
                # the splits whose five-card hand beats its two): the swapped deal allows
                # other choices, and the two hands part here
                assert original.current_player() != 0, name
                break
            original.apply_action(action)
            replay.apply_action(mapped)
    assert compared > 0


def test_a_hidden_declaration_is_in_its_own_information_state_only() -> None:
    """Simultaneous declarations: a seat remembers its own before they are shown; the
    other seat's information state (and observation) does not change with it."""
    rng = random.Random(2)
    game = StudGame("high-low-declare", players=2)
    declare_ids = [i for i, name in enumerate(game.actions.names) if name.startswith("declare")]
    for _ in range(40):
        state = StudGameState(game)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            legal = state.legal_actions()
            player = state.current_player()
            if set(legal) <= set(declare_ids):
                other = 1 - player
                start, length = game.observation.fields["decisions"]
                before = (state.information_state_string(other),
                          state.observation_tensor(other)[start:start + length])
                state.apply_action(legal[0])
                if state.is_terminal() or state.current_player() != other:
                    break  # the declarations are shown at once: nothing to compare
                assert "chose" in state.information_state_string(player)
                assert state.information_state_string(other) == before[0]
                # the actor changed; the declarations counted did not
                assert np.array_equal(state.observation_tensor(other)[start:start + length],
                                      before[1])
                return
            state.apply_action(rng.choice([a for a in legal if a != FOLD_ID] or legal))
    pytest.fail("no hand reached the declaration")
