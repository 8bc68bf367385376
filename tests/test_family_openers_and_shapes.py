"""Stud family reference, sections 2.1 (street shapes), 2.2 (first to act: rounds opened by
seat when no card is up, `first_round` and `later_rounds`) and 2.12 (seats and the card
budget), on the shipped games that use them and on settings changed in place."""

from __future__ import annotations

from dataclasses import replace

import pytest
from kernel_replay import check_kernel_replays
from scenario import act, check_down, deal, street_events, variant

from studkit import Variant
from studkit.cli import main
from studkit.engine import Hand
from studkit.kernel.plan import unsupported
from studkit.variant.rules_text import streets_pattern


def _with_order(v: Variant, **changes: str) -> Variant:
    return replace(v, action_order=replace(v.action_order, **changes))


def test_2_2_a_first_round_with_no_up_card_opens_on_the_dealer_s_left() -> None:
    # Pistol Pete: one hole card, no bring-in; the button is seat 2, so seat 0 opens
    hand = deal("pistol-pete", [100, 100, 100], "2c", "3c", "4c")
    assert hand.street_name == "first" and hand.actor == 0
    act(hand, "0 check", "1 check", "2 check")
    assert hand.street_name == "second"


def test_2_2_the_first_round_opener_moves_with_the_button() -> None:
    hand = deal("four-forty-four", [100, 100, 100], "2c 3c 5c 6c", "2d 3d 5d 6d",
                "2h 3h 5h 6h", button=0)
    assert hand.actor == 1


def test_2_2_later_rounds_start_with_the_best_board_by_default() -> None:
    # second street: seat 2's king is the best board
    hand = deal("pistol-pete", [100, 100, 100], "2c 7c", "3c 8d", "4c Kd")
    act(hand, "0 check", "1 check", "2 check")
    assert hand.street_name == "second" and hand.actor == 2


def test_2_2_later_rounds_position_opens_every_round_from_the_dealer_s_left() -> None:
    pete = _with_order(variant("pistol-pete"), later_rounds="position")
    hand = deal(pete, [100, 100, 100], "2c 7c", "3c 8d", "4c Kd")
    act(hand, "0 check", "1 check", "2 check")
    assert hand.street_name == "second" and hand.actor == 0
    act(hand, "0 check", "1 bet 5", "2 call", "0 fold")
    assert hand.street_name == "third" and hand.actor == 1  # the first live seat


def test_2_2_first_round_position_opens_by_seat_even_with_cards_up() -> None:
    stud = replace(variant("five-card-stud"),
                   forced_bets=replace(variant("five-card-stud").forced_bets, bring_in=None))
    by_board = deal(stud, [100, 100, 100], "2c 7c", "3c 8d", "4c Kd")
    assert by_board.actor == 2  # the king shows best
    by_seat = deal(_with_order(stud, first_round="position"), [100, 100, 100],
                   "2c 7c", "3c 8d", "4c Kd")
    assert by_seat.actor == 0


def test_2_2_show_says_who_opens_rounds_by_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "pistol-pete"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert ("first street deals no up card, so the first player on the dealer's left opens "
            "and may check") in text
    assert "On later streets the best showing high hand acts first" in text


def test_2_2_first_round_position_with_a_bring_in_is_an_error(tmp_path: object) -> None:
    from pathlib import Path

    from studkit import load_variant
    from studkit.errors import VariantError

    path = Path(str(tmp_path)) / "g.yaml"
    path.write_text("studkit: 1\nname: g\naction_order: {first_round: position}\n")
    with pytest.raises(VariantError, match="set forced_bets.bring_in: null"):
        load_variant(str(path))


@pytest.mark.parametrize(("name", "pattern", "cards", "rounds"), [
    ("pistol-pete", "↓ ↑ ↑ ↑ ↑", 5, 5),
    ("three-thirty-three", "↓↓↓ ↑ ↑ ↑", 6, 4),
    ("four-forty-four", "↓↓↓↓ ↑ ↑ ↑ ↓", 8, 5),
    ("three-forty-five", "↓↓↓ ↑ ↑ ↑ ↑ ↓", 8, 6),
    ("eighty-eight", "↓↓ ↑ ↑ ↑ ↑ ↓ ↓", 8, 7),
    ("ninety-nine", "↓↓ ↑ ↑ ↑ ↑ ↓ ↓ ↓", 9, 8),
    ("mississippi-razz", "↓↓↑ ↑↑ ↑ ↑", 7, 4),
])
def test_2_1_street_shapes_deal_as_drawn(name: str, pattern: str, cards: int,
                                         rounds: int) -> None:
    v = variant(name)
    assert streets_pattern(v) == pattern
    hand = Hand(v, [500, 500], seed=3)
    check_down(hand)
    assert [len(c) for c in hand.cards] == [cards, cards]
    streets = [e for e in hand.events if e.kind == "street"]
    assert len(streets) == rounds


def test_2_1_nine_card_hands_rank_the_best_five_of_nine() -> None:
    # seat 0's nine cards hold a royal flush among them; nines are wild in ninety-nine
    hand = deal("ninety-nine", [500, 500], "As Ks Qs Js Ts 2c 3d 4h 6c",
                "2d 3h 4c 6d 7h 8c 2h 3s 4d")
    check_down(hand)
    award = [e for e in hand.events if e.kind == "award"][0]
    assert award.seat == 0 and award.description == "Royal flush"


def test_2_1_two_up_cards_in_one_street_land_in_one_street() -> None:
    hand = deal("mississippi-razz", [200, 200], "Kc Qc Jc 2c 3c", "Kd Qd Td 4d 5d")
    act(hand, "0 bring-in", "1 call")
    fifth = street_events(hand, "fifth")
    assert sum(e.kind == "deal" for e in fifth) == 4  # two up cards to each of two players
    assert [len(up) for up in hand.up] == [3, 3]


@pytest.mark.parametrize(("name", "players", "needed"), [
    ("ninety-nine", 5, 52), ("four-forty-four", 6, 52), ("oxford-stud", 9, 42),
    ("razzaho", 6, 51),
])
def test_2_12_the_card_budget_at_full_seats(name: str, players: int, needed: int) -> None:
    v = variant(name)
    assert v.max_players == players and v.cards_needed == needed


@pytest.mark.parametrize("name", ["eighty-eight", "three-forty-five"])
def test_2_12_games_short_at_full_seats_finish_with_a_community_card(name: str) -> None:
    v = variant(name)
    assert v.cards_needed > v.deck.size and v.deck_exhaustion.community_card
    hand = Hand(v, [1000] * v.max_players, seed=11)
    check_down(hand)
    assert hand.community and sum(hand.payoffs) == 0


def test_2_10_mississippi_studugi_pays_the_badugi_half_to_a_four_card_badugi_only() -> None:
    # seat 0: a four-card badugi (A-2-3-4 of four suits); seat 1: a club flush, no badugi
    split = deal("mississippi-studugi", [300, 300], "Ac 2d 3h 4s 9c 9d Tc",
                 "Kc Kd Qc Jc 8c 7c 5c")
    check_down(split)
    assert {(e.seat, e.share) for e in split.events if e.kind == "award"} == {
        (0, "badugi"), (1, "high")}
    # neither has four suits and ranks apart: the high hand scoops
    scoop = deal("mississippi-studugi", [300, 300], "Ac 2c 3h 4h 9c 9d Tc",
                 "Kc Kd Qc Jc 8c 7c 5c")
    check_down(scoop)
    assert {(e.seat, e.share) for e in scoop.events if e.kind == "award"} == {(1, "high")}


def test_2_2_the_kernel_opens_rounds_by_seat_as_the_general_engine_does() -> None:
    pete = _with_order(variant("pistol-pete"), later_rounds="position")
    assert unsupported(pete, ("random",), 2, 100) is None
    check_kernel_replays(pete, 4, 200, ("random",) * 4, 200, seed=3)
    assert unsupported(variant("pistol-pete"), ("random",), 2, 100) is None
