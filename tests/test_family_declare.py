"""Declare's settings, each named after the stud-family rules reference's section 2.6: one
declaration for every pot or one per pot (``declare_per_pot``), declaring after the last bet
or bet-declare-bet (``timing``), and a pot where every declarer fails as a swing.

The side-pot hands play the betting of tests/test_plugins_declare.py: stacks 21, 200, 200,
seat 1 bets every street, so seat 0 is all in for the main pot of 63 and seats 1 and 2 share
a side pot of 40.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from scenario import deal
from test_plugins_declare import (
    MAIN,
    SIDE,
    STACKS,
    assert_conserved,
    by_pot,
    declare_game,
    play_declaring,
)

from studkit.cli import main
from studkit.engine import Action, Hand
from studkit.engine.replay import replay
from studkit.errors import VariantError
from studkit.history import from_hand, loads, replay as history_replay
from studkit.plugins.declare import DeclareEvent, rules_sentence
from studkit.variant.loader import load_variant
from studkit.variant.model import Street, Variant

# Seat 0 (all in) has four kings; seat 1 ace high with a 6-4 low; seat 2 an 8-7 low.
KINGS_AND_TWO_LOWS = (
    "Kc Kd Kh Ks 9c 8d 7c",
    "As 2s 3d 4h 6c Qs Jd",
    "8h 7h 5c 3c 2c Td 9d",
)


def declare_events(hand: Hand) -> list[tuple[int, str]]:
    return [(e.seat, e.choice) for e in hand.events if isinstance(e, DeclareEvent)]


def sound(hand: Hand) -> None:
    assert_conserved(hand)
    rebuilt = replay(hand.variant, hand.starting_stacks, hand.events, button=hand.button)
    assert rebuilt.events == hand.events and rebuilt.payoffs == hand.payoffs


# ---------------------------------------------------------------- per pot


def test_2_6_per_pot_each_player_declares_once_for_each_pot_it_is_in() -> None:
    """``declare_per_pot: true``: the all-in seat 0 declares once (it is in the main pot
    only), seats 1 and 2 twice, main pot first. Seat 1 plays low in the main pot, where the
    kings take high, and swings in the side pot, where only seat 2's worse low opposes it."""
    variant = declare_game(declare_per_pot=True)
    hand = play_declaring(deal(variant, STACKS, *KINGS_AND_TWO_LOWS),
                          {0: ["high"], 1: ["low", "swing"], 2: ["low", "low"]})
    assert [(p.amount, p.eligible) for p in hand.pots] == [(MAIN, (0, 1, 2)), (SIDE, (1, 2))]
    mine = [e for e in hand.events if isinstance(e, DeclareEvent)]
    assert [e.seat for e in mine].count(0) == 1
    assert [e.choice for e in mine if e.seat == 1] == ["low", "swing"]
    main_pot, side_pot = by_pot(hand)
    assert main_pot == {(0, "high"): 32, (1, "low"): 31}
    assert side_pot == {(1, "high"): 20, (1, "low"): 20}
    sound(hand)


def test_2_6_one_declaration_covers_every_pot_by_default() -> None:
    """Default (``declare_per_pot: false``): every seat declares once. Seat 1's one swing
    fails in the main pot (beaten high by the kings) and sweeps the side pot."""
    hand = play_declaring(deal(declare_game(), STACKS, *KINGS_AND_TWO_LOWS),
                          {0: ["high"], 1: ["swing"], 2: ["low"]})
    assert sorted(declare_events(hand)) == [(0, "high"), (1, "swing"), (2, "low")]
    main_pot, side_pot = by_pot(hand)
    assert main_pot == {(0, "high"): 32, (2, "low"): 31}
    assert side_pot == {(1, "high"): 20, (1, "low"): 20}


def per_pot_file(tmp_path: Path) -> Variant:
    path = tmp_path / "per-pot-declare.yaml"
    path.write_text("studkit: 1\nextends: high-low-declare\nname: per-pot-declare\n"
                    "plugins:\n  - name: declare\n    options: {declare_per_pot: true}\n")
    return load_variant(str(path))


def test_2_6_per_pot_with_one_pot_asks_one_declaration(tmp_path: Path) -> None:
    hand = play_declaring(deal(per_pot_file(tmp_path), (200, 200, 200), *KINGS_AND_TWO_LOWS),
                          {0: ["high"], 1: ["swing"], 2: ["low"]})
    assert len(hand.pots) == 1 and len(declare_events(hand)) == 3
    assert sum(" declare " in line for line in from_hand(hand).splitlines()) == 3


def test_2_6_per_pot_declarations_are_phh_lines_in_pot_order_and_replay(
    tmp_path: Path
) -> None:
    """The PHH form is one ``pN declare WORD`` line per declaration, main pot first; the
    history replays to the same payoffs."""
    hand = play_declaring(deal(per_pot_file(tmp_path), STACKS, *KINGS_AND_TWO_LOWS),
                          {0: ["high"], 1: ["low", "swing"], 2: ["low"]})
    text = from_hand(hand)
    lines = [line for line in text.splitlines() if "p2 declare" in line]
    assert [line.split('"')[1] for line in lines] == ["p2 declare low", "p2 declare swing"]
    (history,) = loads(text)
    replayed = history_replay(history)
    assert replayed.hand is not None and list(replayed.hand.payoffs) == list(hand.payoffs)


# ---------------------------------------------------------------- timing


def bet_declare_bet() -> Variant:
    base = declare_game(timing="bet-declare-bet")
    extra = Street(name="declare-bet", cards=(), burn=False, bet_size="big")
    return replace(base, streets=(*base.streets, extra))


def test_2_6_bet_declare_bet_gives_one_more_betting_round_after_the_declaration() -> None:
    """``timing: bet-declare-bet``: the declaration comes after seventh street's betting and
    a betting round on the last street (no cards) follows it, so a player may fold after
    hearing how the others declared."""
    variant = bet_declare_bet()
    hand = deal(variant, (200, 200, 200), *KINGS_AND_TWO_LOWS)
    while not hand.legal_actions()[0].kind.startswith("declare-"):
        hand.apply(next(a for a in hand.legal_actions() if a.kind in ("bring-in", "check",
                                                                       "call")))
    assert hand.street_name == "seventh"
    for choice in ("high", "swing", "low"):
        seat = hand.actor
        assert seat is not None
        hand.apply(Action(f"declare-{choice}"))
    assert hand.street_name == "declare-bet" and not hand.is_over
    assert {a.kind for a in hand.legal_actions()} >= {"check", "bet"}
    first = hand.actor
    hand.apply(Action("bet"))
    while not hand.is_over:
        actions = {a.kind: a for a in hand.legal_actions()}
        hand.apply(actions["fold"] if hand.actor != first and len(actions) > 1 else
                   next(iter(actions.values())))
    assert sum(hand.payoffs) == 0
    assert len(declare_events(hand)) == 3
    sound_events = replay(hand.variant, hand.starting_stacks, hand.events, button=hand.button)
    assert sound_events.payoffs == hand.payoffs


def test_2_6_after_the_last_bet_is_the_default_timing() -> None:
    hand = deal(declare_game(), (200, 200, 200), *KINGS_AND_TWO_LOWS)
    while not hand.legal_actions()[0].kind.startswith("declare-"):
        hand.apply(next(a for a in hand.legal_actions() if a.kind in ("bring-in", "check",
                                                                       "call")))
    assert hand.street_name == "seventh" and hand.street == len(hand.variant.streets) - 1


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text(text)
    return path


def test_2_6_bet_declare_bet_needs_a_last_street_without_cards(tmp_path: Path) -> None:
    path = write(tmp_path, "studkit: 1\nextends: high-low-declare\nname: house\n"
                           "plugins:\n  - name: declare\n"
                           "    options: {timing: bet-declare-bet}\n")
    with pytest.raises(VariantError, match="must deal no cards and bet: end the streets with"):
        load_variant(str(path))
    good = write(tmp_path, "studkit: 1\nextends: high-low-declare\nname: house\n"
                           "streets:\n  - {name: declare-bet, cards: [], burn: false, "
                           "bet_size: big}\n"
                           "plugins:\n  - name: declare\n"
                           "    options: {timing: bet-declare-bet}\n")
    assert load_variant(str(good)).streets[-1].name == "declare-bet"
    assert main(["validate", str(good)]) == 0


@pytest.mark.parametrize(("options", "message"), [
    ("{declare_per_pot: true, failed_swing_forfeits: all-pots}", "each pot has its own"),
    ("{declare_per_pot: true, timing: bet-declare-bet}", "needs the pots settled"),
])
def test_2_6_settings_that_do_not_fit_together_are_refused(
    tmp_path: Path, options: str, message: str
) -> None:
    path = write(tmp_path, "studkit: 1\nextends: high-low-declare\nname: house\n"
                           "streets:\n  - {name: declare-bet, cards: [], burn: false, "
                           "bet_size: big}\n"
                           f"plugins:\n  - name: declare\n    options: {options}\n")
    with pytest.raises(VariantError, match=message):
        load_variant(str(path))


def test_2_6_the_settings_are_in_the_rules_sentence() -> None:
    assert "Before the showdown" in rules_sentence({})
    assert "once for every pot" in rules_sentence({})
    words = rules_sentence({"timing": "bet-declare-bet", "declare_per_pot": True})
    assert words.startswith("After the next-to-last betting round")
    assert "One more betting round follows the declaration." in words
    assert "separately for each pot they are in, main pot first" in words


# ---------------------------------------------------------------- every declarer fails


def test_2_6_a_pot_where_every_declarer_is_a_failed_swing_is_split_among_them() -> None:
    """Both players swing; trip kings win high and the 7-5 low wins low, so each fails one
    way and the pot is split between them (nobody else declared)."""
    seats = ("Kc Kd 7s Kh 9c 8d Qc", "7c 5h 4c 3c 2d Td 9d")
    hand = play_declaring(deal(declare_game(), (200, 200), *seats),
                          {0: ["swing"], 1: ["swing"]}, bettor=0)
    assert hand.payoffs == [0, 0]
    assert sorted(seat for seat, *_ in hand.awards) == [0, 1]
    assert "split among them" in rules_sentence({})
