"""The showdown, rule by rule (studkit.engine.showdown): who shows first, who may muck unshown
when the pot has more than one share, and who gets an odd chip.

Each case is the smallest hand that tells the rule apart from a near miss: dealt cards, not
a shuffle, and the fewest actions that reach the showdown.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from scenario import BLIND_PETE, act, awards, check_down, deal, variant

from studkit import Variant
from studkit.engine import Hand
from studkit.engine.descriptions import describe as _describe
from studkit.hooks.registry import PluginRegistry
from studkit.variant.loader import load_variant_text


def shows_and_mucks(hand: Hand) -> list[tuple[str, int]]:
    return [(e.kind, int(e.seat)) for e in hand.events if e.kind in ("show", "muck")]


HI_LO_HOLES = (
    "Ah Ad Kc Ks 9h 9d Qc",  # seat 0: aces and kings, no low
    "2h 2d Kh Qs Jd Td 3c",  # seat 1: a pair of deuces, no low
    "3h 4h 5s 6c 8d Jc Qh",  # seat 2: queen high, an 8-6-5-4-3 low
)


def play_hi_lo(v: Variant) -> Hand:
    """The three hands above to the showdown, seat 0 betting seventh street: pot 39."""
    hand = deal(v, [100] * 3, *HI_LO_HOLES)
    while hand.street_name != "seventh":
        hand.check_or_call()
    act(hand, "0 bet 10", "1 call", "2 call")
    return hand


def test_a_hi_lo_hand_mucks_only_when_it_can_win_neither_half() -> None:
    """Mucking with two shares: a hand may go unshown only when it cannot win or tie the high
    half nor the low half against the hands already shown. The first hand shows aces up and
    no low; the second has no low either and a worse high (mucked, even though nobody shown
    has a low to beat); the third has a worse high but the only low (shown, it wins half)."""
    hand = play_hi_lo(variant("seven-card-stud-hi-lo"))  # seat 0 bet last: it shows first
    assert shows_and_mucks(hand) == [("show", 0), ("muck", 1), ("show", 2)]
    assert awards(hand) == [(0, 20, 0, "high"), (2, 19, 0, "low")]


def test_the_odd_chip_by_high_card_goes_by_rank_before_suit() -> None:
    """``odd_chips.method: high-card-by-suit``: the odd chip goes to the tied hand holding the
    highest card, ranks first and suits only between equal ranks: a king of clubs (the
    lowest suit) beats a queen of spades (the highest)."""
    stud = variant("seven-card-stud")
    by_suit = dataclasses.replace(
        stud, odd_chips=dataclasses.replace(stud.odd_chips, method="high-card-by-suit")
    )
    hand = deal(
        by_suit, [100] * 3,
        "2s 3h 4d 5c 6s Kc 9c",  # seat 0: six-high straight, the king of clubs
        "2h 3s 4c 5d 6h Qs Jd",  # seat 1: the same straight, the queen of spades
        "Ac Ad Ks Kh 9h 9d 8h",  # seat 2: folds to the bring-in
    )
    act(hand, "1 bring-in", "2 fold", "0 call")  # pot 7: 3 antes, two bring-ins
    check_down(hand)
    assert sorted((seat, amount) for seat, amount, _, _ in awards(hand)) == [(0, 4), (1, 3)]


def test_hands_all_in_before_any_action_are_turned_up_from_the_dealers_left() -> None:
    """With nobody able to act (every player all in for the ante), no one bet, raised or
    checked: the hands are turned up clockwise from the dealer's left (the seat after the
    button), and awarded at the end without a second show."""
    holes = ("2h 3d 2c 4s 5s 6s 7s", "Kh Qd Ah Ks Kd 9c 8c", "Jh Jd 3c Js Jc 9d 8d")
    for button, first in ((2, 0), (0, 1), (1, 2)):
        hand = deal("seven-card-stud", [1, 1, 1], *holes, button=button)
        assert hand.is_over
        order = [first, (first + 1) % 3, (first + 2) % 3]
        assert shows_and_mucks(hand) == [("show", s) for s in order], button
        assert hand.payoffs == [-1, -1, 2]  # seat 2's four jacks


def test_each_award_records_its_pot_its_share_and_the_winning_hand() -> None:
    """An award names the pot (0 the main pot), the share and the hand that won it, as the
    share's evaluator describes it: for the one winner of a pot as for split pots."""
    hand = play_hi_lo(variant("seven-card-stud-hi-lo"))
    assert hand.awards == [
        (0, 20, 0, "high", "Two pair, aces and kings, kicker Q"),
        (2, 19, 0, "low", "8-6-5-4-3"),
    ]
    hand = deal("seven-card-stud", [100] * 3, "Ah Kh 2c 3d 4s 7h 9c", "As Ad 9d Jc Qd 8h 7d",
                "Kd Ks Tc Th 6d 6h 2d")
    act(hand, "0 bring-in", "1 call", "2 call")
    check_down(hand)
    assert hand.awards == [(2, 9, 0, "high", "Two pair, kings and tens, kicker 6")]


def test_a_side_pot_award_names_the_side_pot() -> None:
    """Main and side pots are numbered in the awards as in ``hand.pots``: seat 0, all in for
    the ante, wins the main pot (0) with kings; seat 1's aces take the side pot (1)."""
    hand = deal(
        "seven-card-stud", [1, 100, 100],
        "Kh Kc 2c Kd 7s 5d 6d", "As Qs Ad 9h 8c 4h 3s", "Qd Jd Tc 9c 2d 4c 3h",
    )
    act(hand, "1 bring-in", "2 call")
    check_down(hand)
    assert hand.awards == [
        (0, 3, 0, "high", "Three of a kind, kings, kickers 7-6"),
        (1, 4, 1, "high", "One pair, aces, kickers Q-9-8"),
    ]


def test_the_odd_chip_between_high_and_low_goes_to_the_side_the_variant_names() -> None:
    """``odd_chips.hi_lo_side``: a pot that does not halve evenly gives its odd chip to the
    high half (the default) or, set to ``low``, to the low half."""
    hilo = variant("seven-card-stud-hi-lo")
    assert [a[:4] for a in play_hi_lo(hilo).awards] == [(0, 20, 0, "high"), (2, 19, 0, "low")]
    low_side = dataclasses.replace(
        hilo, odd_chips=dataclasses.replace(hilo.odd_chips, hi_lo_side="low")
    )
    assert [a[:4] for a in play_hi_lo(low_side).awards] == [(0, 19, 0, "high"), (2, 20, 0, "low")]


def test_hands_turned_up_at_an_all_in_keep_that_order_for_the_odd_chip() -> None:
    """Hands turned up when an all-in closed the betting are shown once, in the showdown
    order of that moment (the all-in raiser first); a split pot's odd chip (``first-shown``)
    goes by that order, not by the boards of the last street (seat 1's king shows best)."""
    hand = deal(
        "seven-card-stud", [6, 100, 100],
        "2s 3h 4d 5c 6s Qs Jd",  # seat 0: six-high straight, all in on third street
        "2h 3s 4c 5d 6h Kc 9c",  # seat 1: the same straight
        "Ac Ad Ks Kh 9h 9d 8h",  # seat 2: folds
    )
    act(hand, "1 bring-in", "2 fold", "0 complete", "1 call")  # pot 13
    assert hand.is_over
    assert shows_and_mucks(hand) == [("show", 0), ("show", 1)]
    assert hand.shown == [0, 1]
    assert [a[:2] for a in hand.awards] == [(0, 7), (1, 6)]


def test_the_last_bettor_shows_first_from_any_seat_wherever_the_button_is() -> None:
    """The last bettor shows first even from the seat the dealer's left would start from
    after it: seat 0 bets seventh street with the button on seat 0 (dealer's left: seat 1)."""
    hand = deal("seven-card-stud", [100] * 3, "Ah Kh 2c 3d 4s 7h 9c", "As Ad 9d Jc Qd 8h 7d",
                "Kd Ks Tc Th 6d 6h 2d", button=0)
    while hand.street_name != "seventh":
        hand.check_or_call()
    while hand.actor != 0:
        hand.check()
    act(hand, "0 bet 10")
    while not hand.is_over:
        hand.call()
    assert shows_and_mucks(hand)[0] == ("show", 0)


def test_a_pot_chopped_because_nobody_qualifies_describes_no_hand() -> None:
    """``if_nobody_qualifies: chop-all``: a pot no hand qualifies for is split equally, and
    its awards describe no hand (empty text), since none won it by its ranking."""
    hand = deal("seven-card-stud-double-qualifier", [100, 100],
                "Kc Qd Jh 9s 7c 4d 2h", "Ac Kd Th 9d 6s 5h 3c")  # no two pair, no low
    check_down(hand)
    assert hand.awards == [(0, 3, 0, "high", ""), (1, 3, 0, "high", "")]


def test_a_hand_is_mucked_against_the_best_shown_in_each_half_not_the_last_shown() -> None:
    """Each half keeps the best hand shown so far: seat 2's kings beat the queen high shown
    last (seat 1, the low), but not seat 0's aces shown before it, so they go unshown."""
    hand = deal(
        "seven-card-stud-hi-lo", [100] * 4,
        "Ah Ad Kc Ks 9h 9d Qc",  # seat 0: aces and kings, no low
        "3h 4h 5s 6c 8d Jc Qh",  # seat 1: queen high, an 8-6-5-4-3 low
        "Kh Kd 2s 7s Ts Jh 4c",  # seat 2: a pair of kings, no low
        "2h 2d Qs Jd Td 3c 9c",  # seat 3: a pair of deuces, no low
    )
    while hand.street_name != "seventh":
        hand.check_or_call()
    act(hand, "0 bet 10", "1 call", "2 call", "3 call")
    assert shows_and_mucks(hand) == [("show", 0), ("show", 1), ("muck", 2), ("muck", 3)]
    assert [a[:4] for a in hand.awards] == [(0, 26, 0, "high"), (1, 26, 0, "low")]


class _UnhashableEvaluator:
    """A plugin evaluator that defines ``__eq__`` and so, in Python, cannot be hashed."""

    def __eq__(self, other: object) -> bool:
        return other is self

    __hash__ = None  # type: ignore[assignment]

    def describe(self, strength: int) -> str:
        return f"strength {strength}"


def test_a_plugin_evaluator_that_cannot_be_hashed_still_describes_the_winning_hand() -> None:
    """Descriptions are remembered per evaluator; an evaluator that cannot be a dictionary key
    is asked every time, with the strength being described."""
    evaluator = _UnhashableEvaluator()
    assert _describe(evaluator, 7) == "strength 7"
    assert _describe(evaluator, 9) == "strength 9"


@pytest.mark.parametrize("no_bet_order", ["last-checker", "first-actor"])
def test_with_no_bet_raise_or_check_on_the_last_round_hands_show_from_its_first_actor(
    no_bet_order: str,
) -> None:
    """A15: with no bet on the last round the player who would act first shows first. Both
    blinds are all in as posted and the dealer (seat 2, first to act after the big blind)
    only calls: nobody bet, raised or checked, the betting is over, and the hands are turned
    up from seat 2, the side-pot contenders (seats 2 and 1) before the small blind, all in
    for the main pot only; with ``last-checker`` as with ``first-actor``."""
    game = load_variant_text(BLIND_PETE)
    game = dataclasses.replace(
        game, showdown=dataclasses.replace(game.showdown, no_bet_order=no_bet_order)
    )
    hand = deal(game, [2, 5, 100], "2c", "3c", "4c")
    act(hand, "2 call")
    assert hand.is_over
    assert [(pot.amount, pot.eligible) for pot in hand.pots] == [(6, (0, 1, 2)), (6, (1, 2))]
    assert shows_and_mucks(hand) == [("show", 2), ("show", 1), ("show", 0)]



SWAPPED_HEADS_UP = """from studkit.hooks.specs import hookimpl


@hookimpl
def studkit_adjust_strengths(strengths, eligible):
    if len(eligible) != 2:
        return None
    a, b = eligible
    out = {}
    for name, values in strengths.items():
        values = list(values)
        values[a], values[b] = values[b], values[a]
        out[name] = values
    return out
"""


def test_a_hand_beaten_in_the_main_pot_is_shown_for_a_side_pot_its_own_answer_gives_it(
    tmp_path: Path,
) -> None:
    """Mucking with one share and a plugin that judges each pot on its own (here: in a pot
    between two players each plays the other's hand, so the weaker hand wins it): seat 0,
    all in for the ante, takes the main pot with two pair; seat 1's king high loses the
    main pot to seat 2's aces, shown before it, but wins the side pot by that pot's answer,
    so it is shown, not mucked."""
    directory = tmp_path / "plugins"
    directory.mkdir()
    (directory / "swapped.py").write_text(SWAPPED_HEADS_UP)
    game = load_variant_text(
        "studkit: 1\nextends: seven-card-stud\nname: swapped-heads-up\n"
        "plugins:\n  - name: swapped\n",
        registry=PluginRegistry([directory]),
    )
    hand = deal(
        game, [1, 100, 100],
        "Kh Kc 2c Qd Qs 9d 8d",  # seat 0: kings and queens, all in for the ante
        "Kd Js Tc 9c 6d 4c 3h",  # seat 1: king high
        "Ac Ad Jc 9h 7s 5d 4h",  # seat 2: a pair of aces
    )
    check_down(hand)
    assert [(pot.amount, pot.eligible) for pot in hand.pots] == [(3, (0, 1, 2)), (4, (1, 2))]
    assert shows_and_mucks(hand) == [("show", 2), ("show", 1), ("show", 0)]
    assert awards(hand) == [(0, 3, 0, "high"), (1, 4, 1, "high")]
