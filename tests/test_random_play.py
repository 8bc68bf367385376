"""Random play over every shipped variant, at every table size: the engine's invariants.

Each hand is played with uniformly random legal decisions (random amounts within ranges) from
random stacks, and must: conserve chips exactly, never make a stack negative, always offer a
legal action until it is over, never hold one card twice, end with payoffs summing to zero,
and replay from its event log to the same events.
"""

from __future__ import annotations

import random

import pytest
from volume import hands_each

from studkit import builtin_variant_names, load_variant
from studkit.engine import Action, Hand
from studkit.engine.replay import replay
from studkit.variant.model import Variant

NAMES = builtin_variant_names()


def random_action(hand: Hand, rng: random.Random) -> Action:
    legal = hand.legal_actions()
    assert legal, f"no legal action while seat {hand.actor} is to act: {hand!r}"
    action = rng.choice(legal)
    if action.min is not None and action.max is not None and action.min != action.max:
        amount = rng.choice((action.min, action.max, rng.randint(action.min, action.max)))
        action = action.to(amount)
    return action


def check_hand(variant: Variant, players: int, seed: int) -> Hand:
    rng = random.Random(seed)
    stacks = [rng.choice((rng.randint(1, 30), rng.randint(30, 400))) for _ in range(players)]
    total = sum(stacks)
    hand = Hand(variant, stacks, seed=seed, button=rng.randrange(players))
    steps = 0
    while not hand.is_over:
        assert hand.actor is not None, "nobody to act in a running hand"
        hand.apply(random_action(hand, rng))
        assert min(hand.stacks) >= 0
        steps += 1
        assert steps < 500, "the hand does not end"
    assert sum(hand.stacks) == total, "chips were created or lost"
    assert sum(hand.payoffs) == 0
    assert min(hand.stacks) >= 0
    held = [c for s in range(players) if not hand.folded[s] for c in hand.cards[s]]
    held += hand.community
    assert len(held) == len(set(held)), "a card is held twice"
    policy = hand.variant.deck_exhaustion
    dealt = [e.card for e in hand.events if e.kind == "deal"]
    dealt += [e.card for e in hand.events if e.kind == "community"]
    if not policy.reuse_folded:  # folded cards may come back only if the policy says so
        assert len(dealt) == len(set(dealt)), "a card was dealt twice"
    if not policy.reuse_folded and not policy.reshuffle_burns:
        dealt += [e.card for e in hand.events if e.kind == "burn"]
        assert len(dealt) == len(set(dealt)), "a burned card was dealt"
    rebuilt = replay(variant, hand.starting_stacks, hand.events, button=hand.button)
    assert rebuilt.events == hand.events
    assert rebuilt.stacks == hand.stacks
    return hand


@pytest.mark.parametrize("name", NAMES)
def test_random_hands_keep_every_invariant(name: str) -> None:
    variant = load_variant(name)
    for players in range(variant.min_players, variant.max_players + 1):
        for k in range(6):
            check_hand(variant, players, seed=1000 * players + k)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_thousands_of_random_hands_keep_every_invariant(name: str) -> None:
    variant = load_variant(name)
    for players in range(variant.min_players, variant.max_players + 1):
        for k in range(hands_each(130 * 22, 30)):
            check_hand(variant, players, seed=100_000 + 1000 * players + k)
