"""``studkit.equity``: exact enumeration against an independent oracle, known results,
Monte Carlo intervals, hi-lo shares and precise errors."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings, strategies as st

from studkit import load_variant
from studkit.cards import CARDS, parse_cards
from studkit.cli import main
from studkit.equity import EXACT_MAX, EquityError, equity, parse_spot
from studkit.errors import CardError, StudkitError

pokerkit = pytest.importorskip("pokerkit")


def _pk_cards(cards: list[int]) -> str:
    return "".join(str(CARDS[c]) for c in cards)


def _oracle(hero: str, villain_known: str, evaluators: list[str]) -> tuple[float, float]:
    """Seventh street, villain missing one card: PokerKit ranks every deal, we split pots."""
    types = {"high": pokerkit.StandardHighHand, "low": pokerkit.EightOrBetterLowHand}
    seen = set(parse_cards(hero)) | set(parse_cards(villain_known))
    stub = [c for c in CARDS[:52] if c not in seen]
    totals = [0.0, 0.0]
    for card in stub:
        hands = [_pk_cards(list(parse_cards(hero))), _pk_cards([*parse_cards(villain_known), card])]
        shares: list[list[float]] = []
        for name in evaluators:
            ranked = [types[name].from_game_or_none(h) for h in hands]
            if all(r is None for r in ranked):
                continue
            best = max(r for r in ranked if r is not None)
            winners = [r is not None and r == best for r in ranked]
            shares.append([w / sum(winners) for w in winners])
        for p in range(2):
            totals[p] += sum(s[p] for s in shares) / len(shares)
    return totals[0] / len(stub), totals[1] / len(stub)


def test_seventh_street_high_matches_pokerkit_enumeration() -> None:
    hero, villain = "As Ad Kc 7h 2s 3s 4d", "Ks Kd Qc 7d 8s 9s"
    result = equity("seven-card-stud", [hero, villain + " ??"])
    assert result.method == "exact" and result.deals == 39
    assert result.equities == pytest.approx(_oracle(hero, villain, ["high"]), abs=1e-12)


def test_seventh_street_hi_lo_matches_pokerkit_enumeration() -> None:
    hero, villain = "As 2d Kc 7h 5s 3s Kd", "4c 6d 8h Qs Qd 9c"
    result = equity("seven-card-stud-hi-lo", [hero, villain + " ??"])
    expected = _oracle(hero, villain, ["high", "low"])
    assert result.equities == pytest.approx(expected, abs=1e-12)
    for hand in result.hands:
        assert sum(hand.shares.values()) == pytest.approx(hand.equity)
        assert hand.scoop <= hand.equity + 1e-12


def test_made_hand_against_a_straight_flush_draw_is_exactly_95_percent() -> None:
    # kings full against four to a straight flush: only the 8s or the Ks beats it, 2 of 40
    result = equity("seven-card-stud", ["Kc Kd Kh 2c 2d 5h", "9s Ts Js Qs 3c 4d"])
    assert result.method == "exact"
    assert result.deals == 40 * 39
    assert result.equities == pytest.approx([0.95, 0.05], abs=1e-12)
    assert result.hands[0].interval is None


def test_sixth_street_exact_by_brute_force_over_our_per_call_evaluator() -> None:
    from studkit.evaluation import get_evaluator

    high = get_evaluator("high")
    hero, villain = parse_cards("Ah Kh 9h 4h 7c 7d"), parse_cards("Qs Qc Jd Td 2s")
    dead = parse_cards("3c 3d 3h 3s 5c 5d 5h 5s 6c 6d 6h 6s 8c 8d 8h 8s 9c 9d 9s")
    stub = [c for c in CARDS[:52] if c not in set(hero) | set(villain) | set(dead)]
    # villain holds one unknown down card and one more to come: two of the stub each deal
    result = equity(
        "seven-card-stud", [" ".join(map(str, hero)), "?? " + " ".join(map(str, villain))],
        dead=" ".join(map(str, dead)),
    )
    assert result.method == "exact"
    brute = 0.0
    count = 0
    for mine in stub:
        rest = [c for c in stub if c != mine]
        a = high.evaluate([*hero, mine])
        for pair in itertools.combinations(rest, 2):
            b = high.evaluate([*villain, *pair])
            brute += 1.0 if a > b else 0.5 if a == b else 0.0
            count += 1
    assert result.deals == count
    assert result.equities[0] == pytest.approx(brute / count, abs=1e-12)


def test_monte_carlo_interval_covers_the_exact_value() -> None:
    hands = ["As Ad Kc 7h 2s 3s", "Ks Kd Qc 7d ?? ??"]
    exact = equity("seven-card-stud", hands, exact=True)
    sampled = equity("seven-card-stud", hands, trials=50_000, seed=3)
    assert sampled.method == "monte-carlo" and sampled.deals == 50_000
    low, high = sampled.hands[0].interval or (0.0, 0.0)
    assert low <= exact.equities[0] <= high
    assert high - low < 0.02
    again = equity("seven-card-stud", hands, trials=50_000, seed=3)
    assert again.equities == sampled.equities


def test_fourth_street_agrees_with_pokerkit_monte_carlo() -> None:
    from pokerkit import Card, Deck, StandardHighHand, calculate_equities

    dead = set(Card.parse("2c9dTd"))
    deck = [c for c in Deck.STANDARD if c not in dead]
    theirs = calculate_equities(
        ([list(Card.parse("AsAdKc7h"))], [list(Card.parse("QsJh"))]),
        [], 7, 0, deck, (StandardHighHand,), sample_count=1500,
    )
    ours = equity(
        "seven-card-stud", ["As Ad Kc 7h", "?? ?? Qs Jh"], dead="2c 9d Td", seed=11
    )
    assert ours.method == "monte-carlo"
    assert ours.equities[0] == pytest.approx(theirs[0], abs=0.05)
    assert 0.74 < ours.equities[0] < 0.78


def test_razz_three_card_low_beats_a_queen_up() -> None:
    result = equity("razz", ["As 2d 3c", "?? ?? Qs"], trials=20_000, seed=1)
    assert 0.78 < result.equities[0] < 0.86
    assert list(result.hands[0].shares) == ["low"]


def test_hi_lo_split_shares_and_scoops() -> None:
    # both hands made: a wheel for hero (high: a straight, low: 5-4-3-2-A) against trips
    result = equity("seven-card-stud-hi-lo", ["As 2d 3c 4h 5s Kd", "Qc Qd Qh 9c 9d ??"])
    hero, villain = result.hands
    assert hero.shares["low"] == pytest.approx(0.5)
    assert villain.shares["low"] == 0.0
    assert sum(result.equities) == pytest.approx(1.0)


def test_community_card_when_the_unseen_cards_run_short() -> None:
    suits = "cdhs"
    hands = []
    ranks = "23456789TJQKA"
    cards = [r + s for r in ranks for s in suits]
    for p in range(8):
        hands.append(" ".join(cards[p * 6 : p * 6 + 6]))
    result = equity("seven-card-stud", hands, dead=cards[48])
    assert result.community_cards == 1
    assert result.method == "exact"
    assert sum(result.equities) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("hands", "dead", "message"),
    [
        (["As Ad Kc", "As Qd Jc"], "", "card As appears in hand 1 'As Ad Kc' and in hand 2"),
        (["As As Kc", "Qd Jc 2c"], "", "card As appears twice in hand 1"),
        (["As Ad Kc", "Qd Jc 2c"], "Kc", "card Kc appears in hand 1 'As Ad Kc' and in --dead"),
        (["As Ad Kc 2c 3c 4c 5c 6c", "Qd Jc"], "", "has 8 cards, too many for seven-card-stud"),
        (["As Ad", "Qd Jc"], "", "has 2 cards, which ends no street of seven-card-stud"),
        (["As Ad Kc 7h", "?? ?? Qs"], "", "hand 2 '?? ?? Qs' has 3 cards but hand 1"),
        (["As Ad Xx", "Qd Jc 2c"], "", "bad card 'Xx'"),
        (["As Ad Kc"], "", "at least two hands"),
        (["As Ad Kc", "Qd Jc 2c"], "??", "--dead lists known cards only"),
    ],
)
def test_bad_spots_get_precise_errors(hands: list[str], dead: str, message: str) -> None:
    with pytest.raises(CardError) as error:
        equity("seven-card-stud", hands, dead=dead)
    assert message in str(error.value)


def test_card_not_in_the_variant_deck() -> None:
    from dataclasses import replace

    from studkit.cards import Rank
    from studkit.variant.model import DeckSpec

    short = replace(load_variant("seven-card-stud"), deck=DeckSpec(stripped_ranks=(Rank.TWO,)))
    with pytest.raises(CardError, match="card 2c in hand 1 '2c Ad Kc' is not in the deck"):
        parse_spot(short, ["2c Ad Kc", "Qd Jc 3c"])


def test_exact_refused_when_huge_and_trials_checked() -> None:
    with pytest.raises(EquityError, match=f"limit is {EXACT_MAX:,}"):
        equity("seven-card-stud", ["As Ad Kc", "?? ?? Qs", "?? ?? 2c"], exact=True)
    with pytest.raises(EquityError, match="at least 1"):
        equity("seven-card-stud", ["As Ad Kc", "?? ?? Qs"], trials=0)
    with pytest.raises(EquityError, match="--seed must be 0 or more, not -1"):
        equity("seven-card-stud", ["As Ad Kc 7h", "?? ?? Qs Jh"], seed=-1)


def test_cli_negative_seed_is_an_error_not_a_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["equity", "seven-card-stud", "--hand", "As Ad Kc 7h", "--hand", "?? ?? Qs Jh",
                 "--seed", "-1"])
    assert code == 2
    assert "--seed must be 0 or more, not -1" in capsys.readouterr().err


def test_cli_complete_hands_say_one_deal(capsys: pytest.CaptureFixture[str]) -> None:
    main(["equity", "seven-card-stud", "--hand", "As 2d 3c 4h 5h 9s Kd", "--hand",
          "7c 6c 8d 4s 3h 2h Ks"])
    out = capsys.readouterr().out
    assert "exact: the hands are complete, one deal to evaluate" in out
    assert "1 remaining deals" not in out


def test_cli_json_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["equity", "seven-card-stud", "--hand", "Kc Kd Kh 2c 2d 5h", "--hand",
         "9s Ts Js Qs 3c 4d", "--json"]
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["equities"] == pytest.approx([0.95, 0.05])
    assert data["method"] == "exact"
    assert data["hands"][1]["cards"] == "9s Ts Js Qs 3c 4d"
    code = main(["equity", "seven-card-stud", "--hand", "As Ad Kc", "--hand", "As Qd Jc"])
    assert code == 2
    assert "card As appears" in capsys.readouterr().err


def test_cli_table_says_how_it_was_computed(capsys: pytest.CaptureFixture[str]) -> None:
    main(["equity", "seven-card-stud-hi-lo", "--hand", "As 2d 3c 4h", "--hand", "?? ?? Qs Jh",
          "--trials", "5000", "--seed", "2"])
    out = capsys.readouterr().out
    assert "Monte Carlo: 5,000 random deals" in out and "95% confidence" in out
    assert "low" in out and "scoop" in out
    main(["equity", "seven-card-stud", "--hand", "Kc Kd Kh 2c 2d 5h", "--hand",
          "9s Ts Js Qs 3c 4d"])
    assert "exact: all 1,560 remaining deals enumerated" in capsys.readouterr().out


def test_studkit_error_hierarchy() -> None:
    assert issubclass(EquityError, StudkitError)


def test_plugin_rules_equity_does_not_model_are_noted() -> None:
    result = equity("follow-the-queen", ["Qs 4d 5c", "?? ?? 9h"], trials=2_000, seed=1)
    assert result.notes and "'follow-the-queen' is not applied" in result.notes[0]
    assert equity("seven-card-stud", ["Qs 4d 5c", "?? ?? 9h"], trials=100, seed=1).notes == ()


def test_chicago_hole_spade_share_is_ranked_by_its_plugin() -> None:
    # hero's hole spade is the 5s (down cards: 1st, 2nd and 7th); the villain's pair of
    # eights takes the high half, and the hole-spade half when its unknown hole card is a
    # spade above the five: 9 of the 39 unseen cards
    result = equity("chicago", ["5s 2d Ah Kd Qc Jd 9c", "?? 7c 8h 8d 2c 4h 3h"])
    assert result.method == "exact" and result.notes == ()
    assert result.hands[0].shares == pytest.approx({"high": 0.0, "hole-spade": 0.5 * 30 / 39})
    assert result.hands[1].shares["high"] == pytest.approx(0.5)
    # up spades do not count: the same cards with the spade dealt face up
    up = equity("chicago", ["2d 9c 5s Ah Kd Qc Jd", "?? 7c 8h 8d 2c 4h 3h"])
    assert up.hands[0].shares["hole-spade"] == 0.0
    sampled = equity("chicago", ["5s 2d Ah Kd", "?? ?? 8h 8d"], seed=1)
    assert sampled.method == "monte-carlo" and sampled.deals == 20_000


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 4),
    street=st.sampled_from([3, 4, 5, 6, 7]),
    variant=st.sampled_from(["seven-card-stud", "seven-card-stud-hi-lo", "razz"]),
)
def test_equities_and_shares_add_up(seed: int, players: int, street: int, variant: str) -> None:
    import random

    deck = list(CARDS[:52])
    random.Random(seed).shuffle(deck)
    hands = []
    for p in range(players):
        cards = [str(c) for c in deck[p * street : (p + 1) * street]]
        if p > 0:
            cards[:2] = ["??", "??"]  # opponents' first two down cards unknown
        hands.append(" ".join(cards))
    result = equity(variant, hands, trials=2_000, seed=seed)
    assert sum(result.equities) == pytest.approx(1.0)
    for hand in result.hands:
        assert sum(hand.shares.values()) == pytest.approx(hand.equity)
        assert 0.0 <= hand.scoop <= hand.equity + 1e-12
