"""Short-stack forced bets as PHH data records them, and what the engine still does otherwise.

PHH histories come from PokerKit's rules, where a player short of the bring-in posts what they
have (``short_stack: partial`` in studkit, which :func:`phh_rules` sets).
"""

from __future__ import annotations

from studkit.cards import parse_cards
from studkit.engine.hand import Hand
from studkit.history import loads, replay
from studkit.history.rules import load_variant_named, phh_rules

STAKES = {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10}


def test_phh_rules_let_a_short_forced_player_post_a_partial_bring_in() -> None:
    # Razz: the highest up card (p3's 9s) brings in with 1 chip left after the ante.
    text = """variant = "FR"
antes = [1, 1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [3, 10, 2]
actions = ["d dh p1 Kd6h5s", "d dh p2 3dAh3s", "d dh p3 TdTh9s", "p3 pb", "p1 cbr 2", "p2 cc"]
"""
    result = replay(loads(text)[0])
    assert result.hand is not None
    assert ("bring-in", 2, 1, 1) in result.hand.events  # p3 all in for 1
    # PokerKit records p1's all-in for 2 as a raise over the partial bring-in; studkit, where
    # the others come in for the full bring-in (stud-rules.md A.14), counts it as a call of
    # the same 2 chips
    assert ("call", 0, 2, 2) in result.hand.events


def test_partial_bring_in_from_the_player_left_of_an_all_in_forced_player() -> None:
    variant = phh_rules(load_variant_named("seven-card-stud")).with_stakes(**STAKES)
    assert variant.forced_bets.bring_in is not None
    assert variant.forced_bets.bring_in.short_stack == "partial"
    # seat 0 is all in for the ante and shows the lowest card (2c); seat 1 has 1 chip left
    hand = Hand(
        variant,
        [1, 2, 10],
        cards=parse_cards("3c 4c 5c 3d 4d 5d 2c Kd Ah 9s 9h 9d 9c 8s 8h 8d 8c 7s 7h 7d"),
    )
    assert hand.forced_seat == 1
