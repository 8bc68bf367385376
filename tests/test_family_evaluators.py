"""The stud family's evaluators (rules reference, section 2.9): badugi ace low and ace high,
soko, the 41-card Mexican deck, razz high, action razz's face/butt classes and the two-card
hands; per call, in batches, and their exact odds tables against counts derived here
independently (combinatorics, or a brute force written separately from the evaluators)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from math import comb

import numpy as np
import pytest

from studkit.cards import parse_cards
from studkit.errors import EvaluatorError
from studkit.evaluation import SPECIAL_NAMES, WildCards, get_evaluator
from studkit.evaluation.odds import category_counts


def strength(name: str, cards: str) -> int:
    return get_evaluator(name).evaluate(parse_cards(cards))


def describe(name: str, cards: str) -> str:
    evaluator = get_evaluator(name)
    return evaluator.describe(evaluator.evaluate(parse_cards(cards)))


# ----------------------------------------------------------------- 2.9 badugi
def test_2_9_badugi_more_cards_beat_fewer_and_the_lowest_top_card_wins() -> None:
    assert strength("badugi", "Kd Qc Jh Ts") > strength("badugi", "As 2h 3d 3c")
    assert strength("badugi", "7d 4c 3h 2s") > strength("badugi", "8d 3c 2h As")
    assert strength("badugi", "7d 4c 3h As") > strength("badugi", "7d 5c 2h As")
    assert describe("badugi", "Kd 4c 3h 2s As 2d 7h") == "4-card badugi, 4-3-2-A"
    assert describe("badugi", "As Ah 2s 2h 3c") == "3-card badugi, 3-2-A"
    assert get_evaluator("badugi").category(strength("badugi", "As 2h 3d 4c")) == (
        "4-card-4-high"
    )


def test_2_9_ace_high_badugi_plays_the_ace_as_its_highest_card() -> None:
    assert describe("badugi-ace-high", "As 2h 3d 4c") == "4-card badugi, A-4-3-2"
    assert strength("badugi-ace-high", "5s 2h 3d 4c") > strength("badugi-ace-high", "As 2h 3d 4c")
    assert strength("badugi", "As 2h 3d 4c") > strength("badugi", "5s 2h 3d 4c")


def test_2_9_complete_badugi_qualifier_is_any_four_card_badugi() -> None:
    badugi = get_evaluator("badugi")
    four = badugi.qualifier("4-card")
    assert strength("badugi", "Kd Qc Jh Ts") >= four
    assert strength("badugi", "As 2h 3d 3c") < four
    with pytest.raises(EvaluatorError, match="unknown qualifier"):
        badugi.qualifier("5-card")


def _brute_badugi(cards: tuple[int, ...], ace_high: bool) -> tuple[int, tuple[int, ...]]:
    """Size and ranks (best first: largest size, then the lowest ranks top down)."""
    def order(card: int) -> int:
        rank = card >> 2
        return rank if ace_high else (0 if rank == 12 else rank + 1)

    for size in (4, 3, 2, 1):
        found = [
            tuple(sorted((order(c) for c in combo), reverse=True))
            for combo in itertools.combinations(cards, size)
            if len({c >> 2 for c in combo}) == size and len({c & 3 for c in combo}) == size
        ]
        if found:
            return size, min(found)
    raise AssertionError


@pytest.mark.parametrize("name", ["badugi", "badugi-ace-high"])
def test_2_9_badugi_agrees_with_brute_force_per_call_and_in_batches(name: str) -> None:
    rng = random.Random(name)
    evaluator = get_evaluator(name)
    hands = [tuple(rng.sample(range(52), rng.randint(1, 8))) for _ in range(400)]
    ace_high = name == "badugi-ace-high"

    def best_first(hand: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
        size, ranks = _brute_badugi(hand, ace_high)
        return -size, ranks

    keyed = sorted(hands, key=best_first)
    values = [evaluator.evaluate(h) for h in keyed]
    for better, worse, a, b in zip(values, values[1:], keyed, keyed[1:], strict=False):
        same = best_first(a) == best_first(b)
        assert better == worse if same else better > worse
    seven = np.array([rng.sample(range(52), 7) for _ in range(300)])
    assert evaluator.evaluate_batch(seven).tolist() == [evaluator.evaluate(h) for h in seven]


def test_2_9_badugi_four_card_odds_match_combinatorics() -> None:
    table = category_counts(get_evaluator("badugi"), 4)
    assert table.total == comb(52, 4)
    for top in range(3, 13):  # ace-low positions: the 4 (3) up to the king (12)
        name = f"4-card-{'A23456789TJQK'[top]}-high"
        assert table.categories[name] == comb(top, 3) * 24
    four_card = sum(v for k, v in table.categories.items() if k.startswith("4-card"))
    assert four_card == comb(13, 4) * 24
    high = category_counts(get_evaluator("badugi-ace-high"), 4)
    assert high.categories["4-card-5-high"] == 24
    assert high.categories["4-card-A-high"] == comb(12, 3) * 24


def test_2_9_badugi_odds_match_a_brute_force_on_a_small_deck() -> None:
    deck = [c for c in range(52) if c >> 2 in (12, 0, 1, 2, 3, 11)]  # A, 2-5, K
    table = category_counts(get_evaluator("badugi"), 5, deck=deck)
    brute: Counter[tuple[int, int]] = Counter()
    for hand in itertools.combinations(deck, 5):
        size, ranks = _brute_badugi(hand, False)
        brute[(size, ranks[0])] += 1
    chars = "A23456789TJQK"
    expected = {f"{size}-card-{chars[top]}-high": n for (size, top), n in brute.items()}
    assert {k: v for k, v in table.categories.items() if v} == expected


# ----------------------------------------------------------------- 2.9 soko
def test_2_9_soko_four_flush_over_four_straight_between_pair_and_two_pair() -> None:
    two_pair = strength("soko", "9c 9h 5d 5s 2c")
    four_flush = strength("soko", "Ah Kh 9h 2h 3c")
    four_straight = strength("soko", "9c Th Jd Qs 2c")
    pair = strength("soko", "Ac Ah Kd 9s 2c")
    assert two_pair > four_flush > four_straight > pair
    assert describe("soko", "Ah Kh 9h 2h 3c") == "Four flush, A-K-9-2, kicker 3"
    assert describe("soko", "9c Th Jd Qs 2c") == "Four straight, queen high, kicker 2"
    assert strength("soko", "Ah Kh 9h 3h 2c") > strength("soko", "Ah Kh 9h 2h 3c")
    assert strength("soko", "Ac 2d 3h 4s 9c") < strength("soko", "5c 2d 3h 4s 9c")


def _brute_soko(hand: tuple[int, ...]) -> str:
    ranks = sorted((c >> 2 for c in hand), reverse=True)
    counts = sorted(Counter(ranks).values(), reverse=True)
    suits = Counter(c & 3 for c in hand)
    distinct = set(ranks)
    runs = [set(range(t - 4, t + 1)) for t in range(4, 13)] + [{12, 0, 1, 2, 3}]
    straight = len(hand) == 5 and any(run <= distinct for run in runs)
    flush = max(suits.values()) == 5
    fours = [set(range(t - 3, t + 1)) for t in range(3, 13)] + [{12, 0, 1, 2}]
    if straight and flush:
        return "straight-flush"
    if counts[0] == 4:
        return "four-of-a-kind"
    if counts[:2] == [3, 2]:
        return "full-house"
    if flush:
        return "flush"
    if straight:
        return "straight"
    if counts[0] == 3:
        return "three-of-a-kind"
    if counts[:2] == [2, 2]:
        return "two-pair"
    if max(suits.values()) == 4:
        return "four-flush"
    if any(run <= distinct for run in fours):
        return "four-straight"
    return "one-pair" if counts[0] == 2 else "high-card"


def test_2_9_soko_five_card_odds_match_a_brute_force_and_the_full_deck_counts() -> None:
    deck = [c for c in range(52) if c >> 2 in (12, 0, 1, 2, 3, 4, 10, 11)]
    table = category_counts(get_evaluator("soko"), 5, deck=deck)
    brute = Counter(_brute_soko(hand) for hand in itertools.combinations(deck, 5))
    assert {k: v for k, v in table.categories.items() if v} == dict(brute)
    full = category_counts(get_evaluator("soko"), 5)
    assert full.categories["straight"] == 10200 and full.categories["flush"] == 5108
    # four-flush: four of a suit and an off-suit card, not pairing (pairing beats nothing
    # here: a pair with four suited cards is still a four-flush), minus the straights.
    assert full.total == comb(52, 5)


# ----------------------------------------------------------------- 2.9 41-card deck
def test_2_9_mexican_flush_beats_full_house_and_straights_cross_the_gap() -> None:
    assert strength("mexican-high", "2c 4c 6c Jc Kc") > strength("mexican-high", "Kc Kd Kh Jd Js")
    assert describe("mexican-high", "5c 6d 7h Jd Qs") == "Straight, queen high"
    assert describe("mexican-high", "7c Jd Qh Kd As") == "Straight, ace high"
    assert describe("mexican-high", "Ac 2d 3h 4d 5s") == "Straight, five high"


def test_2_9_mexican_odds_match_combinatorics_on_the_forty_natural_cards() -> None:
    deck = [c for c in range(52) if c >> 2 not in (6, 7, 8)]
    table = category_counts(get_evaluator("mexican-high"), 5, deck=deck)
    straights = 7  # A-5, 2-6, 3-7, 4-J, 5-Q, 6-K, 7-A
    assert table.categories["straight-flush"] == straights * 4
    assert table.categories["straight"] == straights * (4**5 - 4)
    assert table.categories["flush"] == comb(10, 5) * 4 - straights * 4
    assert table.categories["full-house"] == 10 * 4 * 9 * 6
    assert table.categories["four-of-a-kind"] == 10 * 36


def test_2_9_mexican_joker_wild_down_and_bug_up() -> None:
    wild = get_evaluator("mexican-high", WildCards(jokers="wild"))
    bug = get_evaluator("mexican-high", WildCards(jokers="bug"))
    four_aces = [*parse_cards("Ac Ad Ah As"), 52]
    assert wild.describe(wild.evaluate(four_aces)) == "Five of a kind, aces"
    kings = [*parse_cards("Kc Kd 5h 2s"), 52]
    assert wild.describe(wild.evaluate(kings)) == "Three of a kind, kings, kickers 5-2"
    assert bug.describe(bug.evaluate(kings)) == "One pair, kings, kickers A-5-2"
    gap = [*parse_cards("5c 6d 7h Jd"), 52]
    assert bug.describe(bug.evaluate(gap)) == "Straight, queen high"


# ----------------------------------------------------------------- 2.9 razz high
def test_2_9_razz_high_unpaired_beats_paired_and_the_higher_hand_wins() -> None:
    assert describe("razz-high", "Kc Qd Jh Td 9s 2c 2d") == "King high, K-Q-J-T-9"
    assert strength("razz-high", "Kc Qd Jh Td 9s") > strength("razz-high", "Qc Jd Th 9d 8s")
    assert strength("razz-high", "6c 5d 4h 3d 2s") > strength("razz-high", "Kc Kd Qh Jd 9s")
    assert strength("razz-high", "Kc Kd Qh Jd 9s") > strength("razz-high", "Qc Qd Kh Jd 9s")
    assert strength("razz-high", "Kc Qd Jh Td 9s") > strength("razz-high", "Ac Kd Qh Jd Ts")
    table = category_counts(get_evaluator("razz-high"), 5)
    for top in range(4, 13):
        name = f"{'A23456789TJQK'[top]}-high"
        assert table.categories[name] == comb(top, 4) * 4**5


# ----------------------------------------------------------------- 2.9 face / butt
def test_2_9_action_razz_face_hands_beat_butt_hands() -> None:
    face = strength("action-razz", "Kc Kd Kh Ks Qc Qd Qh")
    butt = strength("action-razz", "Ac 2d 3h 4s 5c 6d 7h")
    assert face > butt  # BARGE's example
    assert strength("action-razz", "Jc 2d 3h 4s 5c 6d 8h") > strength(
        "action-razz", "Jc 2d 3h 4s 6c 7d 8h")
    assert describe("action-razz", "Kc 2d 3h 4d 5s 6c 7d") == "6-5-4-3-2, with a face card"
    table = category_counts(get_evaluator("action-razz"), 5)
    butt_total = sum(v for k, v in table.categories.items() if k.startswith("butt-"))
    assert butt_total == comb(40, 5)
    assert get_evaluator("action-razz").qualifier("face") > butt


# ----------------------------------------------------------------- 2.9 two-card hands
def test_2_9_two_card_hands() -> None:
    assert strength("two-card-high", "2c 2d") > strength("two-card-high", "Ac Kd")
    assert strength("two-card-high", "Ac Qd") > strength("two-card-high", "Kc Qd")
    assert describe("two-card-high", "Ac Kd") == "High card, A-K"
    assert strength("two-card-a5", "Ac 2d") > strength("two-card-a5", "Ac 3d")
    assert strength("two-card-a5", "Kc Qd") > strength("two-card-a5", "Ac Ad")
    assert describe("two-card-a5", "3c 2d") == "3-2"
    high = category_counts(get_evaluator("two-card-high"), 2)
    assert high.categories == {"one-pair": 13 * 6, "high-card": comb(13, 2) * 16}
    low = category_counts(get_evaluator("two-card-a5"), 2)
    assert low.categories["2-low"] == 16 and low.categories["one-pair"] == 78


@pytest.mark.parametrize("name", SPECIAL_NAMES)
def test_special_batches_equal_per_call_and_bad_hands_are_refused(name: str) -> None:
    rng = random.Random(name)
    evaluator = get_evaluator(name)
    for k in (2, 5, 7):
        hands = np.array([rng.sample(range(52), k) for _ in range(150)])
        assert evaluator.evaluate_batch(hands).tolist() == [evaluator.evaluate(h) for h in hands]
        for row in hands[:20]:
            value = evaluator.evaluate(row)
            assert evaluator.describe(value)
            assert evaluator.category(value)
            played = evaluator.best_five(row)
            assert set(played) <= {int(c) for c in row}
    with pytest.raises(EvaluatorError):
        evaluator.evaluate([60])
    with pytest.raises(EvaluatorError):
        evaluator.evaluate([52, 1])


# ----------------------------------------------------------------- the bots' estimate
@pytest.mark.parametrize(("name", "strong", "weak"), [
    ("badugi", "As 2d 3h 4c 9c 9d Kc", "Ks Qs Js 9s 8s 7s 6s"),
    ("badugi-ace-high", "2s 3d 4h 5c 9c 9d Kc", "As Ad Ah 9s 8s 7s 6s"),
    ("soko", "Ah Kh 9h 2h 3c", "Ac Kd 9h 2h 3c"),
    ("mexican-high", "Ac Ad Ah 2s 2c", "Ac Kd 9h 4h 3c"),
    ("razz-high", "Kc Qd Jh Td 9s", "Ac 2d 3h 4d 6s"),
    ("action-razz", "Kc 2d 3h 4d 5s 6c 7d", "8c 2d 3h 4d 5s 6c 7d"),
    ("two-card-high", "Ac Ad", "7c 2d"),
    ("two-card-a5", "Ac 2d", "Kc Kd"),
])
def test_2_9_the_bots_score_the_special_shares_in_their_own_terms(
    name: str, strong: str, weak: str
) -> None:
    from studkit.bots.strength import strength_score

    def score(cards: str) -> float:
        return strength_score(parse_cards(cards), [parse_cards("7c 8d")], 0, [name])

    assert 0.0 <= score(weak) < score(strong) <= 1.0
    assert score(strong) != 0.5  # not the "no idea" score of an unknown share


@pytest.mark.parametrize("name", SPECIAL_NAMES)
def test_the_simulation_tally_reads_each_special_category_from_its_description(
    name: str,
) -> None:
    from studkit.simulation.tally import category_of

    rng = random.Random(f"tally-{name}")
    evaluator = get_evaluator(name)
    seen = set()
    for _ in range(400):
        hand = rng.sample(range(52), 7 if evaluator.name not in ("two-card-high",
                                                                 "two-card-a5") else 2)
        value = evaluator.evaluate(hand)
        assert category_of(evaluator.describe(value)) == evaluator.category(value), hand
        seen.add(evaluator.category(value))
    assert len(seen) >= 2


def test_studkit_odds_counts_a_special_evaluator_and_refuses_a_nine_card_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import json

    from studkit.cli import main

    assert main(["odds", "two-card-a5", "--json"]) == 0
    table = json.loads(capsys.readouterr().out)
    assert table["cards"] == 2 and table["total"] == comb(52, 2)
    assert table["categories"]["one-pair"] == 78
    assert main(["odds", "nine-card-stud"]) == 2
    assert "ends with 9 cards per player" in capsys.readouterr().err
    assert main(["odds", "badugi", "--cards", "9"]) == 2


def test_2_9_a_wild_card_in_action_razz_may_become_the_face_card() -> None:
    wild = get_evaluator("action-razz", WildCards(jokers="wild"))
    hand = [*parse_cards("2c 3d 4h 5s 8c 9d"), 52]
    assert wild.describe(wild.evaluate(hand)) == "8-5-4-3-2, with a face card"
    with_king = [*parse_cards("2c 3d 4h 5s Kc 9d"), 52]
    assert wild.describe(wild.evaluate(with_king)) == "5-4-3-2-A, with a face card"


@pytest.mark.parametrize("name", SPECIAL_NAMES)
def test_special_batches_with_wild_cards_equal_per_call(name: str) -> None:
    rng = random.Random(f"wild-{name}")
    size = 2 if name.startswith("two-card") else 5
    for wild in (WildCards(jokers="wild"), WildCards(jokers="bug"),
                 WildCards(ranks=frozenset({0}), jokers="bug")):
        evaluator = get_evaluator(name, wild)
        hands = np.array([rng.sample(range(54), size) for _ in range(120)])
        assert evaluator.evaluate_batch(hands).tolist() == [
            evaluator.evaluate(row) for row in hands.tolist()]
