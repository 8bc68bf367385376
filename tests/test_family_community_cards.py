"""Stud family reference, section 2.8 (community cards in stud) and the Omaha rule of 2.9:
board cards dealt on a street, the shares' `cards` setting (all, own, omaha) per call and in
the numpy batch, board cards in the showing hands (2.2, `board_includes_community`), the
checks on board games, and the shipped board games (Oxford stud, Razzaho) end to end."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from scenario import act, check_down, deal, street_events, variant

from studkit import load_variant, parse_cards
from studkit.cli import main
from studkit.engine import Hand
from studkit.errors import VariantError
from studkit.evaluation import get_evaluator
from studkit.evaluation.board_hands import best_cards, evaluate_cards, evaluate_cards_batch
from studkit.variant.rules_text import streets_pattern

HIGH = get_evaluator("high")
LOW = get_evaluator("a5-low")


def test_2_8_omaha_uses_exactly_two_own_cards_and_three_board_cards() -> None:
    own, board = parse_cards("Ah Ad Ac 2s"), parse_cards("Kh Kd 7c 3s 4d")
    # all cards: aces full; the Omaha rule plays two aces only, with the board's kings
    assert HIGH.describe(evaluate_cards(HIGH, "all", own, board)) == (
        "Full house, aces full of kings")
    assert HIGH.describe(evaluate_cards(HIGH, "omaha", own, board)) == (
        "Two pair, aces and kings, kicker 7")
    played = best_cards(HIGH, "omaha", own, board)
    assert len(played) == 5 and sum(1 for c in played if c in own) == 2


def test_2_8_omaha_four_board_hearts_and_one_own_heart_make_no_flush() -> None:
    own, board = parse_cards("Jh 5s 6d 9c"), parse_cards("Ah Kh Qh 2h 3c")
    assert HIGH.category(evaluate_cards(HIGH, "all", own, board)) == "flush"
    assert HIGH.category(evaluate_cards(HIGH, "omaha", own, board)) == "high-card"
    # own cards only: the four own cards
    assert HIGH.describe(evaluate_cards(HIGH, "own", own, board)) == HIGH.describe(
        HIGH.evaluate(own))


def test_2_8_omaha_low_needs_two_own_low_cards() -> None:
    board = parse_cards("As 2d 3c Kd Qs")
    assert evaluate_cards(LOW, "omaha", parse_cards("4h 5h Kc Ks"), board) == LOW.evaluate(
        parse_cards("As 2d 3c 4h 5h"))
    one_low = evaluate_cards(LOW, "omaha", parse_cards("4h Jh Kc Ks"), board)
    assert LOW.describe(one_low) == "J-4-3-2-A"


def test_2_8_omaha_without_enough_cards_makes_no_hand() -> None:
    assert evaluate_cards(HIGH, "omaha", parse_cards("As"), parse_cards("Kd Qd Jd")) == 0
    assert evaluate_cards(HIGH, "omaha", parse_cards("As Ks"), parse_cards("Kd Qd")) == 0


@pytest.mark.parametrize("mode", ["all", "own", "omaha"])
def test_2_8_the_batch_equals_the_per_call_evaluation(mode: str) -> None:
    rng = random.Random(8)
    own_rows, board_rows = [], []
    for _ in range(300):
        cards = rng.sample(range(52), 9)
        own_rows.append(cards[:4])
        board_rows.append(cards[4:])
    for evaluator in (HIGH, LOW):
        batch = evaluate_cards_batch(evaluator, mode, own_rows, board_rows)
        single = [evaluate_cards(evaluator, mode, o, b) for o, b in zip(own_rows, board_rows,
                                                                         strict=True)]
        assert batch.tolist() == single
        assert batch.dtype == np.int64


def test_2_8_the_batch_checks_its_shapes() -> None:
    with pytest.raises(ValueError, match="same n"):
        evaluate_cards_batch(HIGH, "omaha", [[0, 1]], [[2, 3, 4], [5, 6, 7]])


def test_2_8_oxford_deals_two_board_cards_on_fourth_and_one_on_sixth() -> None:
    oxford = variant("oxford-stud")
    assert streets_pattern(oxford) == "↓↓↑ B↑↑ ↑ B↑"
    hand = deal(oxford, [100, 100], "2c 3c 4c", "5d 6d 7d", community="Ks Qs Js")
    check_down(hand)
    assert hand.community == list(parse_cards("Ks Qs Js"))
    fourth = [e for e in street_events(hand, "fourth") if e.kind in ("community", "deal")]
    assert [e.kind for e in fourth] == ["community", "community"]
    sixth = [e for e in street_events(hand, "sixth") if e.kind == "community"]
    assert len(sixth) == 1
    assert all(len(c) == 4 for c in hand.cards)


def _board_leader(include: bool) -> int:
    oxford = variant("oxford-stud")
    if not include:
        order = replace(oxford.action_order, board_includes_community=False)
        oxford = replace(oxford, action_order=order)
    # seat 0 shows 2c (brings in), seat 1 the Kd; the board pairs seat 0's deuce
    hand = deal(oxford, [100, 100], "9h 8h 2c", "9s 8s Kd", community="2d 7s Ah")
    act(hand, "0 bring-in", "1 call")
    return int(hand.actor or 0)


def test_2_2_board_cards_count_in_the_showing_hands_by_default() -> None:
    assert _board_leader(include=True) == 0  # a pair of deuces with the board


def test_2_2_board_includes_community_false_ranks_own_up_cards_only() -> None:
    assert _board_leader(include=False) == 1  # the king


def test_2_8_razzaho_splits_razz_of_own_cards_with_omaha_high() -> None:
    razzaho = variant("razzaho")
    assert streets_pattern(razzaho) == "↓↓↑ ↑ B↑↑↑ ↑ B↑ ↑ B↑ ↓"
    # seat 0: a wheel of its own cards; seat 1: quads with the board (two kings in hand)
    hand = deal(razzaho, [200, 200], "As 2s 3s 4d 5d 9c Tc", "Kh Kd Qc Jd Th 9h 8h",
                community="Kc Ks 7d 6c 2c")
    check_down(hand)
    won = {(e.seat, e.share) for e in hand.events if e.kind == "award"}
    assert won == {(0, "low"), (1, "omaha")}
    omaha = [e for e in hand.events if e.kind == "award" and e.share == "omaha"][0]
    assert omaha.description == "Four of a kind, kings, kicker 7"


def _problems(tmp_path: Path, text: str) -> str:
    path = tmp_path / "game.yaml"
    path.write_text("studkit: 1\nextends: seven-card-stud\nname: game\n" + text)
    with pytest.raises(VariantError) as caught:
        load_variant(str(path))
    return str(caught.value)


def test_2_8_omaha_without_board_cards_is_an_error(tmp_path: Path) -> None:
    message = _problems(tmp_path, "pots:\n  - {name: high, evaluator: high, cards: omaha}\n")
    assert "uses cards: omaha, but no street deals board cards" in message


def test_2_8_omaha_with_two_board_cards_is_an_error(tmp_path: Path) -> None:
    message = _problems(tmp_path, (
        "streets:\n  - {name: fourth, board: 2}\n"
        "pots:\n  - {name: high, evaluator: high, cards: omaha}\n"))
    assert "players get 7 own and 2 board cards" in message


def test_2_12_a_board_game_must_fit_the_deck(tmp_path: Path) -> None:
    message = _problems(tmp_path, "streets:\n  - {name: fourth, board: 3}\n")
    assert "board games must fit the deck" in message  # 8 x 7 + 3 + 4 burns = 63


def test_2_1_a_hand_of_too_many_cards_with_the_board_is_an_error(tmp_path: Path) -> None:
    message = _problems(tmp_path, (
        "players: {max: 5}\nstreets:\n  - {name: fourth, board: 3}\n"))
    assert "ranks the best hand of 7 own and 3 board cards (10)" in message


def test_2_1_a_street_that_deals_nothing_is_an_error(tmp_path: Path) -> None:
    # a later street with no cards may still be a betting round (after a buy or a split);
    # one that neither deals nor bets does nothing
    message = _problems(tmp_path, "streets:\n  - {name: fourth, cards: [], betting: false}\n")
    assert "deals no card to the players and none to the board" in message


def test_2_8_show_says_where_board_cards_come_and_how_shares_use_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["show", "razzaho"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "one card up to each player, then three board cards face up for every player" in text
    assert "best ace-to-five low (from the player's own cards only)" in text
    assert "exactly two of the player's own cards with exactly three board cards" in text
    assert "Board cards count in every showing hand." in text


@pytest.mark.parametrize("name", ["oxford-stud", "razzaho"])
def test_2_8_board_games_replay_their_own_histories(name: str, tmp_path: Path) -> None:
    history = tmp_path / "hands.phhs"
    assert main(["simulate", name, "--hands", "12", "--players", "4", "--seed", "5",
                 "--history", str(history), "--json"]) == 0
    text = history.read_text()
    assert '"d db ' in text  # board cards in the PHH community form
    assert main(["replay", str(history)]) == 0


def test_2_8_random_board_hands_keep_every_card_once_and_chips_even() -> None:
    for name, players in (("oxford-stud", 9), ("razzaho", 6)):
        v = variant(name)
        for seed in range(40):
            hand = Hand(v, [300] * players, seed=seed)
            rng = random.Random(seed)
            while not hand.is_over:
                legal = hand.legal_actions()
                hand.apply(rng.choice(legal))
            out = [c for cards in hand.cards for c in cards] + hand.community + hand.burned
            assert len(out) == len(set(out))
            assert sum(hand.payoffs) == 0
            if hand.n_in > 1:  # played to the showdown: the whole board is out
                assert len(hand.community) == v.board_cards
