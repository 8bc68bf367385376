"""What the player to act may do (studkit.engine.legal), rule by rule.

No betting verb is legal when nobody is to act (the hand is over, cards are being dealt, a
plugin decision is due); nobody may bet or raise when no one left could put in more than the
bet already made; the stack limits every range; pot limit counts the call in the pot; the
bring-in player of a big-bet game opens with a bet; an illegal action's error names the
seat, the street, the action and the legal ones; and the actions shared across hands always
name their own kind and amount.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from scenario import act, deal

from studkit.engine import Hand
from studkit.errors import IllegalActionError, StakesError
from studkit.variant.loader import load_variant
from studkit.variant.model import Stakes, Variant

VERBS = ("fold", "check", "call", "bring_in", "complete", "bet", "raise_to")


def listed(hand: Hand) -> list[str]:
    return [str(a) for a in hand.legal_actions()]


def assert_no_betting_verb(hand: Hand, reason: str) -> None:
    for verb in VERBS:
        assert not getattr(hand, f"can_{verb}")(), verb
        with pytest.raises(IllegalActionError, match=reason):
            getattr(hand, f"verify_{verb}")()


def test_no_betting_verb_is_legal_once_the_hand_is_over() -> None:
    # Ended by folds after a raise: the last seat folded with more chips than the bet.
    hand = deal("seven-card-stud", [200, 40, 30], "Kd Kc 9h", "Ah Ad Th", "Qs Qh 2c")
    act(hand, "2 bring-in", "0 complete", "1 raise", "2 fold", "0 fold")
    assert hand.is_over and listed(hand) == []
    assert_no_betting_verb(hand, "the hand is over$")
    with pytest.raises(IllegalActionError, match="^cannot raise: the hand is over$"):
        hand.verify_raise_to()
    with pytest.raises(IllegalActionError, match="^cannot bring-in: the hand is over$"):
        hand.verify_bring_in()


def test_no_betting_verb_is_legal_while_cards_are_being_dealt() -> None:
    hand = Hand(load_variant("seven-card-stud"), [100, 100], seed=1, auto_deal=False)
    assert hand.actor is None and listed(hand) == []
    assert_no_betting_verb(hand, "cards are being dealt, nobody is to act$")
    with pytest.raises(IllegalActionError,
                       match="^cannot fold: cards are being dealt, nobody is to act$"):
        hand.verify_fold()


def paid_wilds(tmp_path: Path, betting: str = "") -> Variant:
    """Woolworth stud whose wild cards dealt face up must be paid for (dead money)."""
    path = tmp_path / "house-woolworth.yaml"
    path.write_text("studkit: 1\nextends: woolworth-stud\nname: house-woolworth\n"
                    f"{betting}plugins:\n  - name: paid-wilds\n"
                    "    options: {price: card-value}\n")
    return load_variant(str(path))


# Seat 0's door card, the 5h, is wild and must be paid for before the bring-in.
PAYING = ("2c 3d 5h 9s", "Tc 4d Kd Qs", "Ac Ad 9h 4s")


def test_only_the_listed_verb_is_legal_while_a_plugin_decision_is_due(tmp_path: Path) -> None:
    """The decision's list is the check: its ``fold`` is legal through ``can_fold()``,
    ``verify_fold()`` and ``fold()``; no other betting verb is."""
    hand = deal(paid_wilds(tmp_path), (200, 200, 200), *PAYING)
    assert hand.actor == 0 and listed(hand) == ["pay 5", "fold"]
    for verb in VERBS:
        if verb == "fold":
            assert hand.can_fold()
            hand.verify_fold()
            continue
        assert not getattr(hand, f"can_{verb}")(), verb
        with pytest.raises(IllegalActionError):
            getattr(hand, f"verify_{verb}")()
    hand.fold()
    assert hand.folded[0]


def test_a_pot_limit_bet_counts_the_dead_money_in_the_pot(tmp_path: Path) -> None:
    # Three antes and the 5 paid for the wild five: the bring-in player may bet up to 8.
    betting = "betting: {structure: pot-limit, max_raises: null, open_pair_street: null}\n"
    hand = deal(paid_wilds(tmp_path, betting), (200, 200, 200), *PAYING)
    hand.apply(hand.legal_actions()[0])  # pay 5
    assert hand.dead == 5 and hand.pot == 8
    assert listed(hand) == ["bring-in 2", "bet to 4..8"]


def test_the_last_seat_may_not_raise_when_everyone_else_is_all_in() -> None:
    # Seat 0 brings in with 3 chips left, seat 1 completes all in for 3: seat 2, the last
    # seat, may call or fold, but nobody could call a raise (seat 0's last chip only calls).
    hand = deal("seven-card-stud", [4, 4, 100], "Kd Kc 2c", "Ah Ad 9h", "Qs Qh Ts")
    act(hand, "0 bring-in", "1 complete 3")
    assert hand.actor == 2 and listed(hand) == ["fold", "call 3"]


def test_nobody_may_complete_when_the_others_can_only_match_the_bring_in() -> None:
    # Seat 0 brings in all in for its last 2 chips, seat 2 has exactly 2 behind: seat 1 may
    # call or fold, not complete, since nobody could put in more than the bring-in.
    hand = deal("seven-card-stud", [3, 100, 3], "Kd Kc 2c", "Ah Ad 9h", "Qs Qh Ts")
    assert listed(hand) == ["bring-in 2"]  # exactly the bring-in: no completion either
    act(hand, "0 bring-in")
    assert hand.actor == 1 and listed(hand) == ["fold", "call 2"]


def test_a_player_may_bet_into_an_opponent_with_a_single_chip_left() -> None:
    hand = deal("seven-card-stud", [4, 100], "Kd Kc 2c 3d", "Qs Qh Ah Ks")
    act(hand, "0 bring-in", "1 call")
    assert hand.stacks[0] == 1 and hand.actor == 1
    assert listed(hand) == ["check", "bet to 5"]


def test_a_short_stack_with_an_open_pair_may_bet_small_or_all_in() -> None:
    # Fourth street, seat 0 shows a pair of nines with 7 chips: bet 5, or all in for 7, but
    # not the big bet of 10 it cannot cover.
    hand = deal("seven-card-stud", [10, 100], "Kd Kc 9h 9d", "Ah Ad 2c 3d")
    act(hand, "1 bring-in", "0 call")
    assert hand.actor == 0 and listed(hand) == ["check", "bet to 5", "bet to 7"]
    assert [hand.can_bet(t) for t in (5, 6, 7, 10)] == [True, False, True, False]


def test_a_pot_limit_raise_counts_the_call_in_the_pot() -> None:
    # Seat 0 brought in 2 and faces a raise to 12: calling 10 makes the pot 33, so the
    # largest raise is to 12 + 33 = 45.
    hand = deal("pot-limit-seven-card-stud", [100, 100, 100], "Kd Kc 2c", "Ah Ad 9h", "Qs Qh Ts")
    act(hand, "0 bring-in", "1 raise 6", "2 raise 12")
    assert hand.pot == 23 and listed(hand) == ["fold", "call 10", "raise to 18..45"]


def test_the_bring_in_player_of_a_big_bet_game_opens_with_a_bet() -> None:
    hand = deal("no-limit-seven-card-stud", [100, 100], "Kd Kc 2c", "Ah Ad 9h")
    assert listed(hand) == ["bring-in 2", "bet to 4..99"]
    assert hand.can_bet(4) and not hand.can_complete()
    with pytest.raises(
        IllegalActionError,
        match=r"^seat 0 cannot bet without an amount on third street: "
              r"legal actions are bring-in 2, bet to 4\.\.99$",
    ):
        hand.verify_bet()


def test_an_illegal_action_names_the_seat_the_street_the_action_and_the_legal_ones() -> None:
    hand = deal("seven-card-stud", [6, 8, 100], "Qd Qc As Kd", "Jh Jd Ks Qh", "3s 4h 2c 5d")
    act(hand, "2 bring-in", "0 call", "1 call")
    legal = "legal actions are check, bet to 3"
    for verb, text in [("fold", "fold"), ("call", "call"), ("bring_in", "bring-in"),
                       ("complete", "complete"), ("raise_to", "raise")]:
        with pytest.raises(IllegalActionError,
                           match=f"^seat 0 cannot {text} on fourth street: {legal}$"):
            getattr(hand, f"verify_{verb}")()
    with pytest.raises(IllegalActionError,
                       match=f"^seat 0 cannot bet to 4 on fourth street: {legal}$"):
        hand.verify_bet(4)
    hand.bet(3)  # all in, a full bet by the half-bet rule
    with pytest.raises(IllegalActionError, match="^seat 1 cannot check on fourth street: "
                       "legal actions are fold, call 3, raise to 5$"):
        hand.verify_check()
    assert hand.can_raise_to(5) and not hand.can_raise_to(6)


def test_shared_actions_name_their_own_kind_and_total() -> None:
    # A completion to 5 on third street and an all-in raise to 5 on fourth (after an all-in
    # bet of 3, full by the half-bet rule): the same total, different kinds.
    for _ in range(2):
        hand = deal("seven-card-stud", [6, 8, 100], "Qd Qc As Kd", "Jh Jd Ks Qh", "3s 4h 2c 5d")
        act(hand, "2 bring-in")
        assert listed(hand) == ["fold", "call 2", "complete to 5"]
        act(hand, "0 call", "1 call", "0 bet 3")
        assert listed(hand) == ["fold", "call 3", "raise to 5"]


def test_shared_calls_name_their_own_amount() -> None:
    # A call of 1 (a short stack) and of 70 in turn, twice over.
    for _ in range(2):
        short = deal("no-limit-seven-card-stud", [100, 2], "Kd Kc 2c", "Ah Ad 9h")
        act(short, "0 bring-in")
        assert listed(short) == ["fold", "call 1"]
        deep = deal("no-limit-seven-card-stud", [100, 100], "Kd Kc 2c", "Ah Ad 9h")
        act(deep, "0 bring-in", "1 raise 72")
        assert listed(deep) == ["fold", "call 70", "raise to 99"]  # all in: 142 is out of reach


def test_shared_fixed_limit_bets_name_their_own_total() -> None:
    # With a big bet of 320, fifth street's bet to 320 follows fourth street's bet to 5.
    stakes = Stakes(ante=1, bring_in=2, small_bet=5, big_bet=320)
    for _ in range(2):
        hand = deal("seven-card-stud", [1000, 1000], "Kd Qc 9h 8d 7s", "Ah Ad 2c 3d 4s",
                    stakes=stakes)
        act(hand, "1 bring-in", "0 call")
        assert listed(hand) == ["check", "bet to 5"]
        act(hand, "0 check", "1 check")
        assert listed(hand) == ["check", "bet to 320"]


def test_shared_bring_ins_name_their_own_amount() -> None:
    # Nobody can post a bring-in of 2 (or 80) in full: the first seat posts its last chip.
    big = Stakes(ante=1, bring_in=80, small_bet=160, big_bet=320)
    for stakes, full in [(None, "bring-in 2"), (big, "bring-in 80")]:
        for _ in range(2):
            hand = deal("seven-card-stud", [500, 500], "Kd Kc 2c", "Ah Ad 9h", stakes=stakes)
            assert listed(hand)[0] == full
            short = deal("seven-card-stud", [2, 2], "Kd Kc 2c", "Ah Ad 9h", stakes=stakes)
            assert listed(short) == ["bring-in 1"]


@pytest.mark.parametrize(
    ("name", "completion"),
    [("seven-card-stud", "complete to 6"), ("spread-limit-home-stud", "complete to 6..10")],
)
def test_a_completion_is_always_to_more_than_the_bring_in(name: str, completion: str) -> None:
    # A variant made in code whose bring-in is the whole small bet (a file, --stakes and
    # Hand(stakes=) refuse it): completing "to the small bet" would be no raise at all, so
    # the completion starts one chip above.
    stakes = Stakes(ante=1, bring_in=5, small_bet=5, big_bet=10)
    variant = replace(load_variant(name), stakes=stakes)
    hand = deal(variant, [500, 500], "Kd Kc 2c", "Ah Ad 9h")
    assert listed(hand) == ["bring-in 5", completion]


def test_stakes_given_to_a_hand_must_fit_the_game_as_a_file_s_amounts_must() -> None:
    # A bring-in must be less than the small bet: the check of a variant file's amounts and
    # of --stakes applies to Hand(stakes=...) too, naming the amounts and the reason.
    stakes = Stakes(ante=1, bring_in=5, small_bet=5, big_bet=10)
    with pytest.raises(StakesError, match=r"Stakes\(ante=1, bring_in=5, small_bet=5, "
                       r"big_bet=10\) do not fit seven-card-stud: bring-in 5 must be less "
                       r"than the small bet 5"):
        Hand(load_variant("seven-card-stud"), [500, 500], stakes=stakes)
    with pytest.raises(StakesError, match="small bet 20 is more than the big bet 10"):
        Hand(load_variant("razz"), [500, 500],
             stakes=Stakes(ante=1, bring_in=2, small_bet=20, big_bet=10))
    Hand(load_variant("razz"), [500, 500], stakes=Stakes(ante=0, bring_in=3, small_bet=4,
                                                         big_bet=8))
