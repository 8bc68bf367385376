"""Snapshots, clones, deep copies and pickles of a hand, over every shipped variant.

At random decision points of random hands, ``hand.clone()``, ``copy.deepcopy(hand)`` and a
pickle round trip must each give a hand whose future, for the same later decisions, is the
original's: the same events and payoffs. ``snapshot()``/``restore()`` must put a hand back
exactly. In the compiled build these run against the compiled engine (``Hand`` and its
state objects are C extension classes there).
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable

import pytest

from studkit import load_variant
from studkit.engine import Hand
from studkit.engine.actions import Action
from studkit.engine.events import Event
from studkit.engine.hand import CACHE_FIELDS, FIXED_FIELDS, STATE_FIELDS
from studkit.variant.loader import builtin_variant_names
from studkit.variant.model import Variant

VARIANTS = builtin_variant_names()


def _choose(hand: Hand, rng: random.Random) -> Action:
    legal = hand.legal_actions()
    action = legal[rng.randrange(len(legal))]
    if action.min is not None and action.max is not None and action.min != action.max:
        action = action.to(rng.randint(action.min, min(action.max, action.min + 50)))
    return action


def _future(hand: Hand, seed: int) -> tuple[list[Event], list[int]]:
    rng = random.Random(seed)
    while not hand.is_over:
        hand.apply(_choose(hand, rng))
    return list(hand.events), hand.payoffs


def _hand_at_a_decision(variant: Variant, seed: int) -> Hand:
    rng = random.Random(seed)
    players = rng.randint(variant.min_players, min(variant.max_players, 5))
    stacks = [rng.choice((4, 12, 40, 300)) for _ in range(players)]
    hand = Hand(variant, stacks, seed=seed)
    for _ in range(rng.randrange(14)):
        if hand.is_over:
            break
        hand.apply(_choose(hand, rng))
    return hand


COPIERS: dict[str, Callable[[Hand], Hand]] = {
    "clone": Hand.clone,
    "deepcopy": copy.deepcopy,
    "copy": copy.copy,
    "pickle": lambda hand: pickle.loads(pickle.dumps(hand)),  # type: ignore[no-any-return]
}


@pytest.mark.parametrize("name", VARIANTS)
def test_copies_have_the_same_future_as_the_hand(name: str) -> None:
    variant = load_variant(name)
    for seed in range(8):
        hand = _hand_at_a_decision(variant, seed)
        copies = {how: copier(hand) for how, copier in COPIERS.items()}
        for how, twin in copies.items():
            assert twin.events == hand.events, (name, seed, how)
            assert twin.legal_actions() == hand.legal_actions(), (name, seed, how)
        expected = _future(hand, seed + 1000)
        for how, twin in copies.items():
            assert _future(twin, seed + 1000) == expected, (name, seed, how)


@pytest.mark.parametrize("name", VARIANTS)
def test_restore_puts_the_hand_back_and_a_snapshot_can_be_restored_twice(name: str) -> None:
    variant = load_variant(name)
    for seed in range(6):
        hand = _hand_at_a_decision(variant, seed)
        saved = hand.snapshot()
        before = repr(hand), list(hand.events), hand.legal_actions()
        first = _future(hand, seed)
        hand.restore(saved)
        assert (repr(hand), list(hand.events), hand.legal_actions()) == before
        assert _future(hand, seed) == first
        hand.restore(saved)
        assert _future(hand, seed) == first


def test_a_clone_is_independent_of_the_hand() -> None:
    hand = Hand(load_variant("seven-card-stud"), [100, 100, 100], seed=5)
    twin = hand.clone()
    twin.check_or_call()
    assert len(twin.events) == len(hand.events) + 1
    assert hand.actor != twin.actor
    assert twin.variant is hand.variant and twin.rules is hand.rules


def test_a_manually_dealt_hand_clones_at_a_chance_node() -> None:
    variant = load_variant("seven-card-stud")
    hand = Hand(variant, [100, 100], seed=1, auto_deal=False)
    assert hand.needs_card is not None
    for card in (0, 1, 2):
        hand.deal(card)
    twin = pickle.loads(pickle.dumps(hand))
    assert twin.needs_card == hand.needs_card
    for h in (hand, twin):
        for card in (3, 4, 5):
            h.deal(card)
    assert twin.events == hand.events and twin.actor == hand.actor


def test_every_variant_pickles() -> None:
    for name in VARIANTS:
        variant = load_variant(name)
        assert pickle.loads(pickle.dumps(variant)) == variant
        assert copy.deepcopy(variant) == variant


def test_every_field_of_a_hand_is_state_fixed_or_a_cache() -> None:
    """A field missing here would be silently left out of snapshots and copies."""
    fields = getattr(Hand, "__slots__", ()) or getattr(Hand, "__mypyc_attrs__", ())
    named = set(STATE_FIELDS) | set(FIXED_FIELDS) | set(CACHE_FIELDS)
    assert set(fields) - {"__dict__", "__weakref__"} == named
    assert len(named) == len(STATE_FIELDS) + len(FIXED_FIELDS) + len(CACHE_FIELDS)


def test_an_openspiel_state_clone_plays_on_like_the_state() -> None:
    from studkit.rl.game import StudGame
    from studkit.rl.state import StudGameState

    rng = random.Random(4)
    state = StudGameState(StudGame(load_variant("seven-card-stud"), players=3, stacks=50))
    for _ in range(40):
        if state.is_terminal():
            break
        twin = state.clone()
        assert twin.history() == state.history()
        assert twin.legal_actions() == state.legal_actions()
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        twin.apply_action(action)
        assert twin.hand.events == state.hand.events
    assert state.clone().returns() == state.returns()


def _dealt(hand: Hand) -> list[Event]:
    return [event for event in hand.events if event.kind == "deal"]


@pytest.mark.parametrize("copier", ["clone", "snapshot"])
def test_a_generator_given_to_the_hand_goes_on_as_if_no_copy_had_been_made(copier: str) -> None:
    """A hand dealt from a generator someone else also draws from (``rng=``, a Table's) must
    leave it where it would be without the copy: a copy gets a generator of its own, and the
    hand keeps drawing from the one it was given (so a table's next hand is the same)."""
    stud = load_variant("seven-card-stud")

    def play(copy_at: int | None) -> tuple[list[Event], float]:
        rng = random.Random(11)
        hand = Hand(stud, [100, 100, 100], rng=rng)
        copies = []
        for step in range(1000):
            if hand.is_over:
                break
            if step == copy_at:
                copies.append(hand.clone() if copier == "clone" else hand.snapshot())
            hand.check_or_call()
        return _dealt(hand), rng.random()

    plain = play(None)
    assert play(0) == plain
    assert play(3) == plain


def test_a_table_deals_the_same_hands_whatever_copies_a_hand_makes() -> None:
    """A table's hands draw from its generator: copies of a hand (clones at every decision,
    and Baseball's own snapshots at each pay-or-fold decision) must not change the hands it
    deals next."""
    from studkit.engine import Table

    def session(name: str, clone: bool) -> list[list[Event]]:
        table = Table(load_variant(name), [500, 500, 500], seed=3)
        hands = []
        for _ in range(3):
            hand = table.new_hand()
            while not hand.is_over:
                if clone:
                    hand.clone()
                pay = [a for a in hand.legal_actions() if a.kind == "pay"]
                if pay:
                    hand.apply(pay[0])
                else:
                    hand.check_or_call()
            hands.append(_dealt(hand))
        return hands

    stud = session("seven-card-stud", False)
    assert session("seven-card-stud", True) == stud
    baseball = session("baseball", False)
    assert session("baseball", True) == baseball
