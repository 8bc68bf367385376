"""Wild cards: published joker tables, brute-force substitution, batch agreement, parsing."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from studkit.cards import parse_cards
from studkit.errors import EvaluatorError
from studkit.evaluation import TABLE_EVALUATOR_NAMES as EVALUATOR_NAMES, WildCards, get_evaluator
from studkit.evaluation.odds import category_counts

# Five-card draw with one joker (53 cards), fully wild and as the bug: the published tables.
JOKER_WILD = {
    "five-of-a-kind": 13, "straight-flush": 204, "four-of-a-kind": 3_120,
    "full-house": 6_552, "flush": 7_804, "straight": 20_532, "three-of-a-kind": 137_280,
    "two-pair": 123_552, "one-pair": 1_268_088, "high-card": 1_302_540,
}
JOKER_BUG = {
    "five-of-a-kind": 1, "straight-flush": 204, "four-of-a-kind": 828, "full-house": 4_368,
    "flush": 7_804, "straight": 20_532, "three-of-a-kind": 63_360, "two-pair": 138_600,
    "one-pair": 1_215_024, "high-card": 1_418_964,
}
DECK_53 = list(range(53))


@pytest.mark.parametrize(("rule", "expected"), [("wild", JOKER_WILD), ("bug", JOKER_BUG)])
def test_five_card_joker_tables(rule: str, expected: dict[str, int]) -> None:
    ev = get_evaluator("high", WildCards(frozenset(), "bug" if rule == "bug" else "wild"))
    table = category_counts(ev, 5, deck=DECK_53)
    assert table.total == 2_869_685
    assert table.categories == expected


def reference(name: str, wild: WildCards, cards: list[int]) -> int:
    """Best strength over every way to turn the wild cards into distinct real cards."""
    plain = get_evaluator(name)
    high = name == "high"
    naturals = [c for c in cards if c < 52 and c >> 2 not in wild.ranks]
    wilds = [c for c in cards if c >= 52 or c >> 2 in wild.ranks]
    bug = [c >= 52 and wild.jokers == "bug" and high for c in wilds]
    free = [c for c in range(52) if c not in naturals]
    best = 0
    for chosen in itertools.permutations(free, len(wilds)):
        if any(b and c >> 2 != 12 for b, c in zip(bug, chosen, strict=True)):
            strength = plain.evaluate(naturals + list(chosen))
            if plain.category(strength) not in ("straight", "flush", "straight-flush"):
                continue
        best = max(best, plain.evaluate(naturals + list(chosen)))
    if high and wild.five_of_a_kind:
        for rank in range(12, -1, -1):
            held = sum(1 for c in naturals if c >> 2 == rank)
            usable = sum(1 for b in bug if not b or rank == 12)
            if held + usable >= 5:
                return get_evaluator("high", wild).qualifier("five-of-a-kind") | (rank + 1) << 16
    return best


SETTINGS = [
    WildCards(frozenset({7}), "wild", True),
    WildCards(frozenset({7}), "wild", False),
    WildCards(frozenset(), "bug", True),
    WildCards(frozenset({1}), "bug", False),
]


@pytest.mark.parametrize("wild", SETTINGS, ids=str)
@pytest.mark.parametrize("name", EVALUATOR_NAMES)
def test_wild_hands_against_brute_force_substitution(name: str, wild: WildCards) -> None:
    rng = random.Random(f"{name}{wild}")
    ev = get_evaluator(name, wild)
    deck = list(range(54))
    checked = 0
    while checked < 10:
        cards = rng.sample(deck, rng.choice((5, 6)))
        wilds = sum(1 for c in cards if c >= 52 or c >> 2 in wild.ranks)
        if not 1 <= wilds <= 2:
            continue
        assert ev.evaluate(cards) == reference(name, wild, cards), cards
        checked += 1


@pytest.mark.parametrize("wild", SETTINGS, ids=str)
def test_batch_agrees_with_per_call_with_wild_cards(wild: WildCards) -> None:
    rng = np.random.default_rng(7)
    for k in (2, 5, 7, 8):
        hands = np.argsort(rng.random((400, 54)), axis=1)[:, :k]
        for name in EVALUATOR_NAMES:
            ev = get_evaluator(name, wild)
            per_call = [ev.evaluate(row) for row in hands.tolist()]
            assert ev.evaluate_batch(hands).tolist() == per_call, (name, k)


def test_wild_examples() -> None:
    nines = WildCards(frozenset({7}))
    high = get_evaluator("high", nines)
    s = high.evaluate(parse_cards("Kc Kd Ks Kh 9c 2d 3d"))
    assert high.describe(s) == "Five of a kind, kings"
    no_five = get_evaluator("high", WildCards(frozenset({7}), five_of_a_kind=False))
    s = no_five.evaluate(parse_cards("Kc Kd Ks Kh 9c 2d 3d"))
    assert no_five.describe(s) == "Four of a kind, kings, kicker A"
    bug = get_evaluator("high", WildCards(jokers="bug"))
    pair = bug.evaluate(parse_cards("Kc Kd Jk 5h 2c"))
    assert bug.describe(pair) == "One pair, kings, kickers A-5-2"
    assert bug.describe(bug.evaluate(parse_cards("Ac Ad Jk 5h 2c"))) == (
        "Three of a kind, aces, kickers 5-2"
    )
    assert bug.category(bug.evaluate(parse_cards("Kh Qh Jk 5h 2h"))) == "flush"
    razz = get_evaluator("a5-low", WildCards(jokers="bug"))
    assert razz.describe(razz.evaluate(parse_cards("Ac 2d Jk 5h 8c"))) == "8-5-3-2-A"
    hand = parse_cards("Kc Kd 9s 5h 2c 3d 4d")
    assert high.describe(high.evaluate(hand)) == "Straight, six high"  # not three kings
    assert high.best_five(hand) == parse_cards("5h 4d 3d 2c 9s")


def test_wild_parsing() -> None:
    assert WildCards.parse("9,3") == WildCards(frozenset({7, 1}))
    assert WildCards.parse("9 bug").jokers == "bug"
    assert WildCards.parse("joker").ranks == frozenset()
    assert str(WildCards.parse("3,9,joker")) == "9,3"
    for text in ("9,3", "bug", "9,bug", "joker"):
        assert str(WildCards.parse(text)) == text
        assert WildCards.parse(str(WildCards.parse(text))) == WildCards.parse(text)
    with pytest.raises(EvaluatorError, match="'x'"):
        WildCards.parse("9,x")
    with pytest.raises(EvaluatorError, match="not both"):
        WildCards.parse("joker,bug")
    with pytest.raises(EvaluatorError, match="joker rule"):
        WildCards(jokers="sometimes")  # type: ignore[arg-type]
    with pytest.raises(EvaluatorError, match="wild ranks"):
        WildCards(frozenset({13}))
