"""Odd chips by card, rule by rule (studkit.engine.showdown.odd_chip_order): the chip a split
pot cannot divide goes to the tied hand with the highest (or lowest) card by suit, counting
all the player's cards or only the five played (rules reference A18: Robert's Rules count
all cards, TDA and WSOP the five played).

Each case is the smallest hand that tells the rule apart from a near miss: dealt cards, not a
shuffle, and a pot of an odd number of chips split between two hands.
"""

from __future__ import annotations

import dataclasses

import pytest
from scenario import act, check_down, deal, variant

from studkit import Variant
from studkit.engine import Hand
from studkit.variant.loader import load_variant_text


def shows_and_mucks(hand: Hand) -> list[tuple[str, int]]:
    return [(e.kind, int(e.seat)) for e in hand.events if e.kind in ("show", "muck")]


def by_card(name: str, method: str = "high-card-by-suit", cards: str = "all") -> Variant:
    v = variant(name)
    odd = dataclasses.replace(v.odd_chips, method=method, cards=cards)
    return dataclasses.replace(v, odd_chips=odd)


@pytest.mark.parametrize("name", ["seven-card-stud", "seven-card-stud-hi-lo"])
def test_a_hand_mucked_at_the_showdown_leaves_the_odd_chip_to_the_tied_hands(name: str) -> None:
    """``high-card-by-suit`` with a third hand mucked at the showdown: the two tied
    king-high straights split the 39 chips and the odd chip goes to the king of hearts
    over the king of diamonds (shown first); the mucked hand takes no part. In hi-lo
    nobody has a low, so the high half is the whole pot."""
    hand = deal(
        by_card(name), [100] * 3,
        "9s Th Jd Qc Kd 3c 3s",  # seat 0: king-high straight, the king of diamonds
        "9h Ts Jc Qd Kh 4c 4d",  # seat 1: the same straight, the king of hearts
        "Ah Ad 7c 7s Jh Js 2h",  # seat 2: aces up, no low
    )
    while hand.street_name != "seventh":
        hand.check_or_call()
    act(hand, "2 check", "0 bet 10", "1 call", "2 call")
    assert shows_and_mucks(hand) == [("show", 0), ("show", 1), ("muck", 2)]
    assert [a[:2] for a in hand.awards] == [(1, 20), (0, 19)]


@pytest.mark.parametrize(("cards", "odd_chip_to"), [("all", 1), ("hand", 0)])
def test_with_odd_chips_by_the_hand_only_the_five_cards_played_count(
    cards: str, odd_chip_to: int
) -> None:
    """``odd_chips.cards``: two nine-high straights tie. Counting all the cards (``all``)
    seat 1's king of diamonds, which it does not play, is the highest card; counting the
    five played (``hand``) the nine of diamonds of seat 0 beats the nine of clubs. Seat 1
    bets last and shows first, so the first-shown order would give it the chip either
    way."""
    hand = deal(
        by_card("seven-card-stud", cards=cards), [100] * 3,
        "5s 6h 7d 8c 9d 2c 3c",  # seat 0: nine-high straight, the nine of diamonds
        "5h 6s 7c 8d 9c Kd 2d",  # seat 1: the same straight, the nine of clubs, a king
        "Ac Ad Ks Kh 9h Qd 8h",  # seat 2: folds to the bring-in
    )
    act(hand, "1 bring-in", "2 fold", "0 call")  # pot 7
    while hand.street_name != "seventh":
        hand.check_or_call()
    act(hand, "1 bet 10", "0 call")
    assert shows_and_mucks(hand) == [("show", 1), ("show", 0)]
    assert [a[:2] for a in hand.awards] == [(odd_chip_to, 14), (1 - odd_chip_to, 13)]


OMAHA_STUD = """studkit: 1
extends: razzaho
name: omaha-stud
pots:
  - {{name: omaha, evaluator: high, cards: omaha}}
odd_chips: {{method: high-card-by-suit, cards: {cards}, hi_lo_side: null}}
"""


@pytest.mark.parametrize(("cards", "odd_chip_to"), [("all", 1), ("hand", 0)])
def test_an_omaha_share_s_odd_chip_by_the_hand_counts_the_two_own_and_three_board_cards(
    cards: str, odd_chip_to: int
) -> None:
    """An Omaha share plays exactly two own cards and three board cards; with ``cards:
    hand`` the odd chip goes by those five: seat 0's king of spades beats seat 1's king of
    hearts in the tied king-high straights (K-Q with J-T-9). Counting all the player's
    own cards, seat 1's ace of spades (no part of its Omaha hand; with the board it would
    make an ace-high straight) is the highest."""
    hand = deal(
        load_variant_text(OMAHA_STUD.format(cards=cards)), [100] * 3,
        "Ks Qd 2c 3c 4h 5h 7c",  # seat 0: K-Q of its own, the king of spades
        "Kh Qc As 8d 6s 4d 5c",  # seat 1: K-Q of its own, the king of hearts; an ace
        "Ah Ad Ac 9h 9d 9c 8h",  # seat 2: folds to the bring-in
        community="Jc Td 9s 3s 2d",
    )
    act(hand, "0 bring-in", "1 call", "2 fold")  # pot 7
    check_down(hand)
    assert [a[:2] for a in hand.awards] == [(odd_chip_to, 4), (1 - odd_chip_to, 3)]
    assert {a[4] for a in hand.awards} == {"Straight, king high"}


JOKER_RAZZ = """studkit: 1
extends: razz
name: joker-razz
deck: {jokers: 1, joker_mode: wild}
odd_chips: {method: low-card-by-suit}
"""


def test_a_joker_has_no_rank_or_suit_for_the_odd_chip_by_low_card() -> None:
    """``low-card-by-suit`` with a wild joker: seat 0's joker plays as the ace of a wheel
    that ties seat 1's natural wheel, but for the odd chip it is no card at all: seat 0's
    lowest card is the deuce of diamonds, and seat 1's ace of clubs (ace low) is lower, so
    seat 1 takes the odd chip of the 9."""
    hand = deal(
        load_variant_text(JOKER_RAZZ), [100] * 3,
        "Jk 2d 3c 4h 5s Kd Qd",  # seat 0: the joker and 2-3-4-5: a wheel
        "Ac 2c 3d 4s 5h Kc Qc",  # seat 1: a natural wheel
        "9h 9d 9c Th Td Tc Jh",  # seat 2: brings in with the highest up card
    )
    act(hand, "2 bring-in", "0 call", "1 call")
    check_down(hand)
    assert hand.awards == [(1, 5, 0, "low", "5-4-3-2-A"), (0, 4, 0, "low", "5-4-3-2-A")]
