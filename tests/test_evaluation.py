"""Evaluators: exact category counts, strengths, categories, descriptions, errors."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import numpy as np
import pytest

from studkit.cards import parse_cards
from studkit.errors import EvaluatorError
from studkit.evaluation import (
    EVALUATOR_NAMES,
    TABLE_EVALUATOR_NAMES,
    Evaluator,
    WildCards,
    get_evaluator,
    get_showing_evaluator,
)
from studkit.evaluation.odds import category_counts, combinations_array

FIVE_CARD_HIGH = {
    "straight-flush": 40,
    "four-of-a-kind": 624,
    "full-house": 3_744,
    "flush": 5_108,
    "straight": 10_200,
    "three-of-a-kind": 54_912,
    "two-pair": 123_552,
    "one-pair": 1_098_240,
    "high-card": 1_302_540,
}
SEVEN_CARD_HIGH = {
    "straight-flush": 41_584,
    "four-of-a-kind": 224_848,
    "full-house": 3_473_184,
    "flush": 4_047_644,
    "straight": 6_180_020,
    "three-of-a-kind": 6_461_620,
    "two-pair": 31_433_400,
    "one-pair": 58_627_800,
    "high-card": 23_294_460,
}
# Independent tables (combinatorial counts of unpaired lows by top card: 4**5 suits times
# the number of five distinct ranks with that top, flushes and straights included for A-5).
FIVE_CARD_A5 = {
    "5-low": 1_024,
    "6-low": 5_120,
    "7-low": 15_360,
    "8-low": 35_840,
    "9-low": 71_680,
    "T-low": 129_024,
    "J-low": 215_040,
    "Q-low": 337_920,
    "K-low": 506_880,
    "one-pair": 1_098_240,
    "two-pair": 123_552,
    "three-of-a-kind": 54_912,
    "full-house": 3_744,
    "four-of-a-kind": 624,
}


def reference_low_counts(cards: int) -> dict[str, int]:
    """A-5 low categories of every ``cards``-card hand, counted independently of studkit.

    A low depends only on the ranks, so each rank multiset (at most four of a rank) stands for
    the product over ranks of C(4, count) hands; its best five are found by trying them all.
    """
    shapes = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4, (4, 1): 5}
    names = ["", "one-pair", "two-pair", "three-of-a-kind", "full-house", "four-of-a-kind"]
    chars = "A23456789TJQK"
    out: Counter[str] = Counter()
    for multiset in itertools.combinations_with_replacement(range(13), cards):
        counts = Counter(multiset)
        if max(counts.values()) > 4:
            continue
        ways = 1
        for count in counts.values():
            ways *= math.comb(4, count)
        best = None
        for five in set(itertools.combinations(multiset, 5)):
            groups = sorted(Counter(five).items(), key=lambda item: (-item[1], -item[0]))
            shape = tuple(count for _, count in groups)
            key = (shapes[shape], [rank for rank, _ in groups])
            best = key if best is None or key < best else best
        assert best is not None
        name = f"{chars[best[1][0]]}-low" if best[0] == 0 else names[best[0]]
        out[name] += ways
    return dict(out)


def test_five_card_high_counts_are_the_published_ones() -> None:
    counts = category_counts(get_evaluator("high"), 5)
    assert counts.total == 2_598_960
    assert counts.categories == FIVE_CARD_HIGH


def test_five_card_a5_counts() -> None:
    counts = category_counts(get_evaluator("a5-low"), 5)
    assert counts.categories == FIVE_CARD_A5
    eight = category_counts(get_evaluator("eight-or-better"), 5).categories
    assert eight == {
        "5-low": 1_024, "6-low": 5_120, "7-low": 15_360, "8-low": 35_840,
        "no-low": 2_598_960 - 57_344,
    }


def test_five_card_lows_where_straights_and_flushes_count() -> None:
    deuce = category_counts(get_evaluator("2-7-low"), 5).categories
    # Four rank sets topped by a seven avoid the 7-6-5-4-3 straight, each in 4**5 - 4 unsuited
    # ways. The ace plays only high in 2-7 and only low in A-6, so there are nine straights
    # (not ten), and A-2-3-4-5 (2-7) or T-J-Q-K-A suited is a flush.
    assert deuce["7-low"] == 4 * 1_020
    assert deuce["straight"] == 9 * 1_020 and deuce["flush"] == 5_108 + 4
    assert deuce["straight-flush"] == 36
    london = category_counts(get_evaluator("a6-low"), 5).categories
    assert london["6-low"] == 4 * 1_020  # 6-4-3-2-A, 6-5-3-2-A, 6-5-4-2-A, 6-5-4-3-A
    assert london["straight"] == 9 * 1_020 and london["flush"] == 5_108 + 4
    assert london["straight-flush"] == 36
    assert sum(london.values()) == sum(deuce.values()) == 2_598_960


def test_five_card_a5_counts_match_the_independent_reference() -> None:
    reference = reference_low_counts(5)
    counts = category_counts(get_evaluator("a5-low"), 5).categories
    assert {k: v for k, v in counts.items() if v} == reference


@pytest.mark.slow
@pytest.mark.parametrize("name", ["high", "a5-low", "eight-or-better"])
def test_seven_card_counts(name: str) -> None:
    counts = category_counts(get_evaluator(name), 7)
    assert counts.total == 133_784_560
    if name == "high":
        assert counts.categories == SEVEN_CARD_HIGH
        return
    reference = reference_low_counts(7)
    if name == "eight-or-better":
        qualifying = ("5-low", "6-low", "7-low", "8-low")
        reference = {k: v for k, v in reference.items() if k in qualifying}
        reference["no-low"] = 133_784_560 - sum(reference.values())
    assert {k: v for k, v in counts.categories.items() if v} == reference


def test_seven_card_counts_agree_with_brute_force_on_a_small_deck() -> None:
    # All 7-card hands from the 16 cards of four ranks plus the whole of two more suits'
    # high cards: brute force over five-card subsets against the table path.
    deck = parse_cards("As Ad Ah Ks Kd Kh Qs Qd Js Jd Ts 9s 5s 4s 3s 2s 2d")
    hands = np.array(list(itertools.combinations(deck, 7)), dtype=np.intp)
    for name in TABLE_EVALUATOR_NAMES:
        ev = get_evaluator(name)
        batch = ev.evaluate_batch(hands)
        for row, strength in zip(hands[:: 97].tolist(), batch[:: 97].tolist(), strict=True):
            brute = max(ev.evaluate(five) for five in itertools.combinations(row, 5))
            assert strength == brute, (name, row)


def test_combinations_array_matches_itertools() -> None:
    got = combinations_array(9, 4)
    assert got.tolist() == [list(c) for c in itertools.combinations(range(9), 4)]


HANDS = [
    ("high", "Kc Kd Ks 5h 5c 2d 3d", "full-house", "Full house, kings full of fives"),
    ("high", "Ah Kh Qh Jh Th 9h 2c", "straight-flush", "Royal flush"),
    ("high", "5d 4d 3d 2d Ad Kc Qc", "straight-flush", "Straight flush, five high"),
    ("high", "9c 9d 9h 9s 2c", "four-of-a-kind", "Four of a kind, nines, kicker 2"),
    ("high", "As Js 9s 6s 3s 2d", "flush", "Flush, A-J-9-6-3"),
    ("high", "5c 4d 3h 2s As", "straight", "Straight, five high"),
    ("high", "7c 7d 7h Kc 2d", "three-of-a-kind", "Three of a kind, sevens, kickers K-2"),
    ("high", "Kc Kd 5h 5c 9d", "two-pair", "Two pair, kings and fives, kicker 9"),
    ("high", "Ac Ad Kh 9c 4d", "one-pair", "One pair, aces, kickers K-9-4"),
    ("high", "Ac Qd 9h 6c 4d 3s 2s", "high-card", "High card, A-Q-9-6-4"),
    ("a5-low", "8s 6d 5c 3h 2s Kd Kh", "8-low", "8-6-5-3-2"),
    ("a5-low", "5s 4s 3s 2s As", "5-low", "5-4-3-2-A"),
    ("a5-low", "Ac Ad 2h 3c 4d", "one-pair", "One pair, aces, kickers 4-3-2"),
    ("eight-or-better", "8s 7d 6c 5h 4s Kd Kh", "8-low", "8-7-6-5-4"),
    ("eight-or-better", "9s 7d 6c 5h 4s Kd Kh", "no-low", "no qualifying low"),
    ("2-7-low", "7h 5d 4c 3s 2h", "7-low", "7-5-4-3-2"),
    ("2-7-low", "As 5d 4c 3s 2h", "A-low", "A-5-4-3-2"),
    ("2-7-low", "6h 5d 4c 3s 2h", "straight", "Straight, six high"),
    ("a6-low", "6h 4d 3c 2s Ah", "6-low", "6-4-3-2-A"),
    ("a6-low", "5h 4d 3c 2s Ah", "straight", "Straight, five high"),
    ("a6-low", "6s 4s 3s 2s As 7d 8d", "7-low", "7-4-3-2-A"),
]


@pytest.mark.parametrize(("name", "text", "category", "description"), HANDS)
def test_categories_and_descriptions(name: str, text: str, category: str, description: str) -> None:
    ev = get_evaluator(name)
    strength = ev.evaluate(parse_cards(text))
    assert ev.category(strength) == category
    assert ev.describe(strength) == description
    assert category in ev.categories


def test_best_five_names_the_cards_played() -> None:
    high = get_evaluator("high")
    assert high.best_five(parse_cards("Kc Kd Ks 5h 5c 2d 3d")) == parse_cards("Ks Kd Kc 5h 5c")
    razz = get_evaluator("a5-low")
    assert razz.best_five(parse_cards("8s 6d 5c 3h 2s Kd Kh")) == parse_cards("8s 6d 5c 3h 2s")
    assert get_evaluator("eight-or-better").best_five(parse_cards("Kc Kd Ks 5h 5c")) == ()


def test_ordering_within_each_evaluator() -> None:
    def s(name: str, text: str) -> int:
        return get_evaluator(name).evaluate(parse_cards(text))

    assert s("high", "As Ad Kc Kd 2h") > s("high", "Ks Kh Qc Qd Ah")
    assert s("a5-low", "5s 4d 3c 2h Ac") > s("a5-low", "6s 4d 3c 2h Ac")
    assert s("a5-low", "Ks Qd Jc Th 9c") > s("a5-low", "As Ad 2c 3h 4c")  # any unpaired wins
    assert s("a5-low", "As Ad 2c 3h 4c") > s("a5-low", "2s 2d 3c 4h 5c")  # aces are the low pair
    assert s("2-7-low", "7s 5d 4c 3h 2c") > s("2-7-low", "7s 6d 4c 3h 2c")
    assert s("2-7-low", "As Kd Qc Jh 9c") > s("2-7-low", "2s 2d 3c 4h 5c")
    assert s("eight-or-better", "8s 7d 6c 5h 4c") > s("eight-or-better", "Ks Kd Kc 5h 4c") == 0
    assert s("a6-low", "7s 4d 3c 2h Ac") > s("a6-low", "6s 4s 3s 2s As")  # flush counts


def test_every_strength_is_positive_except_no_low() -> None:
    for name in TABLE_EVALUATOR_NAMES:
        ev = get_evaluator(name)
        hands = combinations_array(52, 5)[::997]
        strengths = ev.evaluate_batch(hands)
        floor = 0 if name == "eight-or-better" else 1
        assert strengths.min() >= floor


def test_qualifiers() -> None:
    eight = get_evaluator("eight-or-better")
    q = eight.qualifier("8-low")
    assert eight.evaluate(parse_cards("8s 7d 6c 5h 4c")) >= q
    assert eight.evaluate(parse_cards("8s 7d 6c 5h 5c")) < q
    razz = get_evaluator("a5-low")
    assert razz.evaluate(parse_cards("9s 7d 6c 5h 4c")) < razz.qualifier("8-low")
    assert razz.evaluate(parse_cards("7s 6d 4c 3h 2c")) >= razz.qualifier("8-low")
    high = get_evaluator("high")
    assert high.evaluate(parse_cards("As Ad Kc Qd 2h")) >= high.qualifier("one-pair")
    assert high.evaluate(parse_cards("As Jd Kc Qd 2h")) < high.qualifier("one-pair")
    assert get_evaluator("2-7-low").qualifier("t-low") == get_evaluator("2-7-low").qualifier(
        "10-low"
    )
    with pytest.raises(EvaluatorError, match="'9-high'"):
        high.qualifier("9-high")
    with pytest.raises(EvaluatorError, match="one-pair"):
        eight.qualifier("one-pair")


def test_category_lists() -> None:
    assert get_evaluator("high").categories == tuple(SEVEN_CARD_HIGH)
    assert get_evaluator("high", WildCards(frozenset({7}))).categories[0] == "five-of-a-kind"
    assert get_evaluator("eight-or-better").categories == (
        "5-low", "6-low", "7-low", "8-low", "no-low",
    )
    assert get_evaluator("2-7-low").categories[:2] == ("7-low", "8-low")
    assert "A-low" in get_evaluator("2-7-low").categories
    assert get_evaluator("a6-low").categories[0] == "6-low"


def test_unknown_evaluator_suggests_a_close_name() -> None:
    with pytest.raises(EvaluatorError, match=r"'a5low'.*did you mean 'a5-low'.*high, a5-low"):
        get_evaluator("a5low")
    with pytest.raises(EvaluatorError, match="eight-or-better"):
        get_showing_evaluator("eight-or-better")


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ([], "1 to 8 cards"),
        (list(range(9)), "1 to 8 cards"),
        ([0, 1, 60], "not a card index"),
        ([0, 1, -1], "not a card index"),
        ([0, 1, 52], "joker"),
        ([0, 0, 0, 0, 0], "more than once"),
    ],
)
def test_bad_hands_raise(cards: list[int], message: str) -> None:
    for name in TABLE_EVALUATOR_NAMES:
        with pytest.raises(EvaluatorError, match=message):
            get_evaluator(name).evaluate(cards)


def test_bad_strengths_raise() -> None:
    with pytest.raises(EvaluatorError, match="not a strength"):
        get_evaluator("high").category(0)
    with pytest.raises(EvaluatorError, match="not a strength"):
        get_evaluator("a5-low").describe(-5)


def test_evaluators_are_cached_and_named() -> None:
    assert get_evaluator("high") is get_evaluator("high")
    wild = WildCards(frozenset({7}), "bug")
    assert get_evaluator("high", wild) is get_evaluator("high", WildCards(frozenset({7}), "bug"))
    assert isinstance(get_evaluator("a6-low"), Evaluator)
    assert [get_evaluator(n).name for n in EVALUATOR_NAMES] == list(EVALUATOR_NAMES)


def test_showing_boards() -> None:
    show = get_showing_evaluator("high")

    def up(text: str) -> int:
        return show.evaluate(parse_cards(text))

    assert up("9c 9d 9h 9s") > up("Ac Ad Ah Kd") > up("Ac Ad Kh Kd") > up("2c 2d 5h 3d")
    assert up("2c 2d 5h 3d") > up("Ac Kd Qh Jd")
    assert up("Ac Kd Qh Jd") > up("Ac Kd Qh Td")
    assert up("5h 6h 7h 8h") < up("2c 2d")  # no straights or flushes on partial boards
    assert up("Kc Kd 7h") == up("Ks Kh 7c")  # suits never matter
    assert up("Kc Kd 7h 2d 3d") == get_evaluator("high").evaluate(parse_cards("Kc Kd 7h 2d 3d"))
    razz = get_showing_evaluator("a5-low")

    def low(text: str) -> int:
        return razz.evaluate(parse_cards(text))

    assert low("Ac 2d 3h") > low("Ac 2d 4h") > low("Kc Qd Jh") > low("Ac Ad 2h")
    assert low("7c") > low("8d") and low("Ac") > low("2c") and low("Kc") < low("Qc")
    assert low("4c 3d") == low("4s 3h")
    assert get_showing_evaluator("2-7-low").evaluate(parse_cards("Ac")) < get_showing_evaluator(
        "2-7-low"
    ).evaluate(parse_cards("Kc"))
    assert get_showing_evaluator("a6-low").evaluate(parse_cards("Ac 2d")) > get_showing_evaluator(
        "a6-low"
    ).evaluate(parse_cards("3c 2d"))
    counts = Counter(show.category(up(t)) for t in ("9c 9d 9h 9s", "Kc Kd 7h", "Kc Qd"))
    assert counts == {"four-of-a-kind": 1, "one-pair": 1, "high-card": 1}


@pytest.mark.parametrize(
    "module",
    ["studkit.evaluation", "studkit.evaluation.evaluator", "studkit.evaluation.wild",
     "studkit.evaluation.odds"],
)
def test_docstring_examples(module: str) -> None:
    from conftest import run_doctests

    failed, attempted = run_doctests(module)
    assert attempted > 0 and failed == 0


def test_batch_rows_with_a_repeated_card_are_refused_when_asked_or_impossible() -> None:
    import numpy as np

    from studkit.errors import EvaluatorError

    high = get_evaluator("high")
    fine = np.array([[0, 4, 8, 12, 16, 20, 24]])
    assert high.evaluate_batch(fine, check_distinct=True).tolist() == (
        high.evaluate_batch(fine).tolist())
    repeated = np.array([[0, 4, 8, 12, 16, 20, 24], [0, 0, 8, 12, 16, 20, 24]])
    with pytest.raises(EvaluatorError, match=r"row 1 of the batch holds a card twice"):
        high.evaluate_batch(repeated, check_distinct=True)
    five_aces = np.array([[48, 48, 48, 48, 48, 1, 2]])  # no such rank multiset in the tables
    with pytest.raises(EvaluatorError, match=r"row 0 holds a card twice"):
        high.evaluate_batch(five_aces)
