"""Properties of every evaluator (hypothesis), batch agreement, and PokerKit as an oracle."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from studkit.evaluation import TABLE_EVALUATOR_NAMES as EVALUATOR_NAMES, WildCards, get_evaluator

hands = st.lists(st.integers(0, 51), min_size=5, max_size=8, unique=True)
names = st.sampled_from(EVALUATOR_NAMES)
wilds = st.sampled_from([None, WildCards(frozenset({7})), WildCards(frozenset(), "bug")])


@settings(max_examples=100, deadline=None)
@given(name=names, wild=wilds, cards=hands, seed=st.integers(0, 1000))
def test_card_order_never_matters(
    name: str, wild: WildCards | None, cards: list[int], seed: int
) -> None:
    ev = get_evaluator(name, wild)
    shuffled = list(cards)
    random.Random(seed).shuffle(shuffled)
    assert ev.evaluate(cards) == ev.evaluate(shuffled) == ev.evaluate(tuple(cards))


@settings(max_examples=150, deadline=None)
@given(name=names, cards=hands, position=st.integers(0, 7), joker=st.booleans())
def test_a_wild_card_is_never_worse_than_the_card_it_replaces(
    name: str, cards: list[int], position: int, joker: bool
) -> None:
    wild = WildCards(frozenset({7}), "wild")  # nines wild
    ev = get_evaluator(name, wild)
    position %= len(cards)
    free_nines = [c for c in (28, 29, 30, 31) if c not in cards]
    if not joker and not free_nines:
        return  # every nine is already in the hand
    replaced = list(cards)
    replaced[position] = 52 if joker else free_nines[0]
    assert ev.evaluate(replaced) >= ev.evaluate(cards)


@settings(max_examples=150, deadline=None)
@given(name=names, cards=hands, position=st.integers(0, 7))
def test_the_bug_is_never_worse_than_an_ace(name: str, cards: list[int], position: int) -> None:
    # In high hands the bug is an ace or a straight or flush filler (so it may be worse than a
    # deuce it replaces in four deuces); in lows it is fully wild.
    ev = get_evaluator(name, WildCards(jokers="bug"))
    position %= len(cards)
    compared = list(cards)
    if name == "high":
        free_aces = [c for c in (48, 49, 50, 51) if c not in cards]
        if not free_aces:
            return
        compared[position] = free_aces[0]
    replaced = list(cards)
    replaced[position] = 53
    assert ev.evaluate(replaced) >= ev.evaluate(compared)


@settings(max_examples=200, deadline=None)
@given(cards=st.lists(st.integers(0, 51), min_size=6, max_size=8, unique=True))
def test_adding_a_card_never_makes_high_worse(cards: list[int]) -> None:
    high = get_evaluator("high")
    assert high.evaluate(cards) >= high.evaluate(cards[:-1])


@settings(max_examples=100, deadline=None)
@given(name=names, cards=hands)
def test_strength_round_trips_through_category_and_description(name: str, cards: list[int]) -> None:
    ev = get_evaluator(name)
    strength = ev.evaluate(cards)
    assert ev.category(strength) in ev.categories
    assert ev.describe(strength)
    five = ev.best_five(cards)
    if strength:
        assert len(five) == 5 and set(five) <= set(cards)
        assert ev.evaluate(five) == strength


@pytest.mark.parametrize("name", EVALUATOR_NAMES)
@pytest.mark.parametrize("k", [1, 3, 4, 5, 6, 7, 8])
def test_batch_agrees_with_per_call(name: str, k: int) -> None:
    rng = np.random.default_rng(k)
    hands = np.argsort(rng.random((1500, 52)), axis=1)[:, :k].astype(np.int8)
    ev = get_evaluator(name)
    expected = [ev.evaluate(row) for row in hands.tolist()]
    got = ev.evaluate_batch(hands)
    assert got.dtype == np.int64 and got.shape == (1500,)
    assert got.tolist() == expected


def test_batch_rejects_bad_arrays() -> None:
    from studkit.errors import EvaluatorError

    high = get_evaluator("high")
    with pytest.raises(EvaluatorError, match="2-D"):
        high.evaluate_batch(np.arange(7))
    with pytest.raises(EvaluatorError, match="1 to 8 cards"):
        high.evaluate_batch(np.zeros((3, 9), dtype=int))
    with pytest.raises(EvaluatorError, match="52"):
        high.evaluate_batch(np.array([[0, 1, 2, 3, 52]]))
    with pytest.raises(EvaluatorError, match="integers"):
        high.evaluate_batch(np.zeros((2, 5)))
    assert high.evaluate_batch(np.zeros((0, 7), dtype=int)).shape == (0,)


# ---------------------------------------------------------------------- PokerKit oracle

def _pk_text(cards: list[int]) -> str:
    from studkit.cards import format_cards

    return format_cards(cards).replace(" ", "")


ORACLES = {
    "high": "StandardHighHand",
    "a5-low": "RegularLowHand",
    "2-7-low": "StandardLowHand",
    "eight-or-better": "EightOrBetterLowHand",
}


@pytest.mark.parametrize("name", list(ORACLES))
def test_ordering_agrees_with_pokerkit(name: str) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    oracle = getattr(pokerkit, ORACLES[name])
    ev = get_evaluator(name)
    rng = random.Random(name)
    count = 1500 if name == "high" else 1000
    pairs = []
    for _ in range(count):
        cards = rng.sample(range(52), 7)
        try:
            theirs = oracle.from_game(_pk_text(cards))
        except ValueError:
            theirs = None  # no qualifying low
        pairs.append((ev.evaluate(cards), theirs))
    for (ours_a, theirs_a), (ours_b, theirs_b) in zip(pairs, pairs[1:], strict=False):
        if theirs_a is None or theirs_b is None:
            assert (ours_a == 0) == (theirs_a is None) and (ours_b == 0) == (theirs_b is None)
            continue
        assert (ours_a > ours_b) == (theirs_a > theirs_b)
        assert (ours_a == ours_b) == (theirs_a == theirs_b)


@pytest.mark.parametrize("name", EVALUATOR_NAMES)
def test_best_of_six_to_eight_is_the_best_five(name: str) -> None:
    from itertools import combinations

    ev = get_evaluator(name)
    rng = random.Random(name)
    for _ in range(150):
        # Suited-heavy hands so that flushes, full houses and quads meet in eight cards.
        suit = rng.randrange(4)
        pool = [c for c in range(52) if c & 3 == suit or rng.random() < 0.35]
        cards = rng.sample(pool, rng.choice((6, 7, 8)))
        assert ev.evaluate(cards) == max(ev.evaluate(five) for five in combinations(cards, 5))
