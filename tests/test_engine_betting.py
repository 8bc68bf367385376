"""Betting rules of the engine: caps and uncapping, completion, open pair, half-bet rule,
pot limit, no limit, spread limit and games without a bring-in."""

from __future__ import annotations

import dataclasses

import pytest

from studkit import load_variant, parse_cards
from studkit.engine import Hand, ScriptedSource
from studkit.engine.rules import compile_rules
from studkit.variant.model import ForcedBets, Stakes, Variant

STUD = load_variant("seven-card-stud")
# seat 1 (2c) brings in; seats 0 and 2 hold higher cards
HOLES = ("As Ks 9h", "Ad Kd 2c", "Ah Kh Tc", "Qs Qd Jh")


def deal(variant: Variant, stacks: list[int], *hole: str, stakes: Stakes | None = None) -> Hand:
    deck = compile_rules(variant, stakes).deck
    source = ScriptedSource([parse_cards(h) for h in hole], deck=deck)
    return Hand(variant, stacks, source=source, stakes=stakes)


def betting(variant: Variant, **changes: object) -> Variant:
    return dataclasses.replace(variant, betting=dataclasses.replace(variant.betting, **changes))


def kinds(hand: Hand) -> list[str]:
    return [str(a) for a in hand.legal_actions()]


def test_cap_is_bet_plus_three_raises_and_completion_is_not_a_raise() -> None:
    hand = deal(STUD, [500] * 3, *HOLES[:3])
    hand.bring_in()
    hand.complete()  # seat 2: the opening bet, 5
    hand.raise_to(10)  # seat 0
    hand.raise_to(15)  # seat 1
    hand.raise_to(20)  # seat 2: third raise, the cap
    assert kinds(hand) == ["fold", "call 10"]


def test_completion_counts_as_a_raise_when_set() -> None:
    hand = deal(betting(STUD, completion_is_raise=True), [500] * 3, *HOLES[:3])
    hand.bring_in()
    hand.complete()
    hand.raise_to(10)
    hand.raise_to(15)  # bring-in is the bet; completion + two raises reach the cap
    assert kinds(hand) == ["fold", "call 10"]


@pytest.mark.parametrize(
    ("mode", "uncapped"),
    [("if-heads-up-before-cap", True), ("if-round-began-heads-up", True), ("never", False)],
)
def test_heads_up_uncapping_when_the_round_begins_heads_up(mode: str, uncapped: bool) -> None:
    hand = deal(betting(STUD, heads_up_uncapped=mode), [500] * 2, *HOLES[1:3])
    hand.bring_in()  # seat 0 (2c)
    hand.complete()
    for to in (10, 15, 20):
        hand.raise_to(to)
    assert any(a.kind == "raise" for a in hand.legal_actions()) is uncapped


def test_heads_up_before_the_cap_uncaps_only_that_mode() -> None:
    for mode, uncapped in (("if-heads-up-before-cap", True), ("if-round-began-heads-up", False)):
        hand = deal(betting(STUD, heads_up_uncapped=mode), [500] * 3, *HOLES[:3])
        hand.bring_in()
        hand.complete()  # seat 2
        hand.fold()  # seat 0: heads-up before the cap
        for to in (10, 15, 20):
            hand.raise_to(to)
        assert any(a.kind == "raise" for a in hand.legal_actions()) is uncapped, mode


def test_open_pair_on_fourth_allows_the_big_bet_then_big_steps_only() -> None:
    hand = deal(STUD, [500] * 3, "As Ks 9h 9d", "Ad Kd 2c 3c", "Ah Kh Tc 4d")
    hand.bring_in()
    hand.call()
    hand.call()
    assert hand.street_name == "fourth" and hand.actor == 0  # the open nines
    assert kinds(hand) == ["check", "bet to 5", "bet to 10"]
    hand.bet(5)
    assert kinds(hand) == ["fold", "call 5", "raise to 10", "raise to 15"]
    hand.raise_to(15)  # a big raise: the rest of the street goes in big steps
    assert kinds(hand) == ["fold", "call 15", "raise to 25"]


def test_no_open_pair_option_when_switched_off() -> None:
    hand = deal(betting(STUD, open_pair_street=None), [500] * 3, "As Ks 9h 9d", "Ad Kd 2c 3c",
                "Ah Kh Tc 4d")
    hand.bring_in()
    hand.call()
    hand.call()
    assert kinds(hand) == ["check", "bet to 5"]


def test_half_bet_rule_short_all_in_reopens_only_from_half_a_bet() -> None:
    # Fifth street, big bet 10. Seat 0 bets 10; seat 1 is all in for 14 (+4, under half):
    # seat 2 may complete the raise to 20; seat 0, who acted, may only call.
    def to_fifth(stack1: int) -> Hand:
        hand = deal(STUD, [500, stack1, 500], "As Ks 9h 9d 8c", "Ad Kd 2c 3c 4c",
                    "Ah Kh Tc 4d 5d")
        hand.bring_in()
        hand.call()
        hand.call()
        hand.check()
        hand.check()
        hand.check()
        assert hand.street_name == "fifth" and hand.actor == 0
        return hand

    hand = to_fifth(17)  # 17 - ante 1 - bring-in 2 = 14 left
    hand.bet(10)
    assert kinds(hand) == ["fold", "call 10", "raise to 14"]
    hand.raise_to(14)
    assert kinds(hand) == ["fold", "call 14", "raise to 20"]
    hand.call()
    assert kinds(hand) == ["fold", "call 4"]  # not reopened for seat 0

    hand = to_fifth(18)  # all in for 15: +5 is half a bet, a full raise
    hand.bet(10)
    hand.raise_to(15)
    hand.call()
    assert kinds(hand) == ["fold", "call 5", "raise to 25"]


def test_no_limit_minimum_raise_and_short_all_in_does_not_reopen() -> None:
    nl = load_variant("no-limit-seven-card-stud")
    bring_in = nl.stakes.bring_in
    hand = deal(nl, [500, 500, 500], *HOLES[:3])
    hand.bring_in()
    raise_action = hand.legal_actions()[-1]
    assert (raise_action.kind, raise_action.min, raise_action.max) == (
        "raise", 2 * bring_in, 500 - nl.stakes.ante
    )
    hand.raise_to(30)  # raise of 30 - bring_in
    step = 30 - bring_in
    assert hand.legal_actions()[-1].min == 30 + step


def test_pot_limit_barge_example() -> None:
    pl = load_variant("pot-limit-seven-card-stud")
    stakes = Stakes(ante=100, bring_in=150, small_bet=300, big_bet=600)
    holes = ["Ah Kh 2c", "As Ks 9d", "Ad Kd Tc", "Qs Qd Jh", "Qh Qc Jc", "Js Jd 9h", "Th 7h 8c",
             "Ts 9c 8d"]
    hand = deal(pl, [5000] * 8, *holes, stakes=stakes)
    hand.bring_in()
    top = hand.legal_actions()[-1]
    assert (top.kind, top.min, top.max) == ("raise", 300, 1250)


def test_spread_limit_ranges() -> None:
    spread = load_variant("spread-limit-home-stud")
    stakes = spread.stakes
    hand = deal(spread, [500] * 3, *HOLES[:3])
    complete = hand.legal_actions()[-1]
    assert complete.kind == "complete"
    assert complete.min is not None and complete.min > stakes.bring_in
    assert complete.max == (stakes.spread_max or stakes.big_bet)


def test_without_a_bring_in_the_best_board_opens_and_may_check() -> None:
    home = dataclasses.replace(STUD, forced_bets=ForcedBets(ante=True, bring_in=None))
    hand = deal(home, [100] * 3, *HOLES[:3])
    assert hand.actor == 2  # boards 9h, 2c, Tc: the ten opens
    assert kinds(hand) == ["check", "bet to 5"]
    hand.check()
    assert hand.actor == 0


def test_no_raise_when_nobody_could_call_more() -> None:
    hand = deal(STUD, [500, 3, 500], *HOLES[:3])
    hand.bring_in()  # seat 1 all in for 2 (1 ante + 2 = its 3 chips)
    assert hand.all_in[1]
    hand.fold()  # seat 2
    assert hand.actor == 0
    assert kinds(hand) == ["fold", "call 2"]  # a completion nobody could call is not offered


def test_bring_in_player_all_in_for_the_ante_is_passed_to_the_next_seat() -> None:
    # spec-002: seat 1 (2c) has only its ante; seat 2, next clockwise, brings in.
    hand = deal(STUD, [500, 1, 500], *HOLES[:3])
    assert hand.all_in[1]
    assert hand.actor == 2 and hand.can_bring_in()


def test_short_stack_policies_for_a_partial_bring_in() -> None:
    # Seat 1 has 1 chip after the ante: with next-player the next seat brings in; with
    # partial seat 1 posts its chip and the others still call the full bring-in.
    hand = deal(STUD, [500, 2, 500], *HOLES[:3])
    assert hand.actor == 2
    bring = dataclasses.replace(STUD.forced_bets.bring_in, short_stack="partial")  # type: ignore[arg-type]
    partial = dataclasses.replace(STUD, forced_bets=ForcedBets(ante=True, bring_in=bring))
    hand = deal(partial, [500, 2, 500], *HOLES[:3])
    assert hand.actor == 1
    assert kinds(hand) == ["bring-in 1"]  # no completion below the bring-in
    hand.bring_in()
    assert kinds(hand) == ["fold", "call 2", "complete to 5"]


def test_all_in_closes_the_betting_turns_hands_up_and_deals_the_rest() -> None:
    hand = deal(STUD, [500, 8, 500], *HOLES[:3])
    hand.bring_in()  # seat 1: 2 of its 7
    hand.fold()
    hand.complete()  # seat 0
    hand.raise_to(7)  # seat 1 all in (short): seat 0 may only call
    assert kinds(hand) == ["fold", "call 2"]
    hand.call()
    assert hand.is_over and hand.exposed
    shows = [e.seat for e in hand.events if e.kind == "show"]
    assert shows == [1, 0]  # once each, the all-in raiser first (showdown order, A15)
    assert sum(hand.payoffs) == 0
