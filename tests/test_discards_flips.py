"""Discards without replacement (stud-family 2.3) and flips (2.5), as a variant's street
fields: one scenario per mechanism and per setting, named after the reference's section."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from studkit import Hand, load_variant
from studkit.bots.registry import make_bot
from studkit.cards import parse_card, parse_cards
from studkit.engine.actions import Action
from studkit.engine.decisions import decision_kinds
from studkit.engine.replay import replay as replay_events
from studkit.equity.calculator import equity
from studkit.errors import CardError, IllegalActionError
from studkit.history import from_hand, loads, replay
from studkit.history.actions import format_action, parse_action
from studkit.play.narration import Narrator
from studkit.play.render import PLAIN
from studkit.variant.loader import load_variant_text
from studkit.variant.rules_text import show_text
from studkit.variant.yaml_source import VariantFileError

GAMES = ("super-stud", "super-stud-hi-lo", "super-stud-hi-lo-no-qualifier", "super-razz",
         "pineapple-stud", "low-todd", "seven-card-reverse", "australian-stud",
         "super-razzdugi", "super-razzbadeucey", "caveman-super", "studaha")


def _kinds_of(hand: Hand, kind: str) -> list[Any]:
    return [e for e in hand.events if e.kind == kind]


def _call_down(hand: Hand) -> None:
    """Every betting decision passive until a plugin decision is due or the hand ends."""
    while not hand.is_over and hand.legal_actions()[0].kind in (
            "bring-in", "check", "call", "fold", "complete", "bet", "raise"):
        kinds = {a.kind for a in hand.legal_actions()}
        hand.apply(next(a for a in hand.legal_actions()
                        if a.kind == ("check" if "check" in kinds else
                                      "call" if "call" in kinds else "bring-in")))


def _variant(text: str) -> Any:
    return load_variant_text("studkit: 1\n" + text)


# ---------------------------------------------------------------------- 2.3 discards


def test_2_3_super_stud_discards_two_down_cards_after_the_first_round_all_at_once() -> None:
    stud = load_variant("super-stud")
    hand = Hand(stud, [100, 100, 100], seed=4, deal={
        0: ["Kh Kd 2c 7s 9h"], 1: ["As Ad 3c 4s 8h"], 2: ["Qh Qd 5c 6s Th"]})
    _call_down(hand)
    assert hand.street == 0 and not hand.is_over
    assert {a.kind for a in hand.legal_actions()} == {"discard"}
    seat = hand.actor
    assert seat == 0  # the discards are asked from the dealer's left
    assert [a.amount for a in hand.legal_actions()] == list(parse_cards("Kh Kd 2c 7s"))
    hand.apply(Action("discard", parse_card("2c")))
    assert hand.actor == 0  # its second card
    assert parse_card("2c") not in [a.amount for a in hand.legal_actions()]
    hand.apply(Action("discard", parse_card("7s")))
    assert _kinds_of(hand, "discard") == []  # simultaneous: nothing shown before all chose
    assert len(hand.cards[0]) == 5
    for card in ("3c", "4s", "5c", "6s"):
        hand.apply(Action("discard", parse_card(card)))
    assert [(e.seat, str(e.card)) for e in _kinds_of(hand, "discard")] == [
        (0, "2c"), (0, "7s"), (1, "3c"), (1, "4s"), (2, "5c"), (2, "6s")]
    assert hand.street == 1 and [len(c) for c in hand.cards] == [4, 4, 4]  # fourth dealt
    assert hand.down[0] == list(parse_cards("Kh Kd"))  # the door card stayed
    while not hand.is_over:
        _call_down(hand)
    assert all(len(hand.cards[s]) == 7 for s in range(3))
    assert sum(hand.payoffs) == 0


def test_2_3_a_thrown_down_card_is_seen_by_nobody_else_and_the_count_is_public() -> None:
    stud = load_variant("super-stud")
    hand = Hand(stud, [100, 100], seed=2)
    _call_down(hand)
    while hand.legal_actions()[0].kind == "discard":
        hand.apply(hand.legal_actions()[0])
    thrown = _kinds_of(hand, "discard")
    assert len(thrown) == 4
    other = [e for e in hand.view(1).events if e.kind == "discard"]
    assert [e.card for e in other if e.seat == 0] == [None, None]
    assert [e.card for e in other if e.seat == 1] == [e.card for e in thrown if e.seat == 1]
    told = [line.plain for line in Narrator(["A", "You"], viewer=1, style=PLAIN,
                                            kinds=decision_kinds(stud)).lines(hand.events)
            if "discard" in line.plain]
    assert told == ["A discards a down card"] * 2 + [f"You discard {e.card}" for e in thrown[2:]]


def test_2_3_an_all_in_player_still_discards_and_a_folded_one_does_not() -> None:
    stud = load_variant("super-stud")
    hand = Hand(stud, [3, 100, 100], seed=9)  # seat 0 is all in from the ante and bring-in
    folded = False
    while hand.legal_actions()[0].kind != "discard":
        legal = hand.legal_actions()
        if hand.actor == 2 and not folded and any(a.kind == "fold" for a in legal):
            hand.apply(Action("fold"))
            folded = True
        else:
            hand.apply(next(a for a in legal if a.kind in ("bring-in", "call", "check")))
    asked = set()
    while not hand.is_over and hand.legal_actions()[0].kind == "discard":
        asked.add(hand.actor)
        hand.apply(hand.legal_actions()[0])
    assert asked == ({0, 1} if folded else {0, 1, 2})
    assert 2 not in {e.seat for e in _kinds_of(hand, "discard")} or not folded


def test_2_3_discards_come_from_the_down_cards_unless_the_setting_says_any() -> None:
    stud = load_variant("super-stud")
    hand = Hand(stud, [100, 100], seed=5)
    _call_down(hand)
    up = hand.up[hand.actor or 0][0]
    with pytest.raises(IllegalActionError, match="cannot discard"):
        hand.apply(Action("discard", up))
    any_card = _variant("extends: super-stud\nname: s\nstreets:\n  - name: fourth\n"
                        "    discard: {count: 2, when: before-deal, from: any}\n")
    hand = Hand(any_card, [100, 100], seed=5)
    _call_down(hand)
    seat = hand.actor or 0
    up = hand.up[seat][0]
    assert up in [a.amount for a in hand.legal_actions()]
    hand.apply(Action("discard", up))
    hand.apply(hand.legal_actions()[0])
    while hand.legal_actions()[0].kind == "discard":
        hand.apply(hand.legal_actions()[0])
    event = next(e for e in _kinds_of(hand, "discard") if e.card == up)
    assert event.up and up not in hand.up[seat]
    other = [e for e in hand.view(1 - seat).events if e.kind == "discard" and e.seat == seat]
    assert up in [e.card for e in other]  # an up card thrown is seen by all


def test_2_3_discards_in_turn_show_each_at_once() -> None:
    in_turn = _variant("extends: super-stud\nname: s\nstreets:\n  - name: fourth\n"
                       "    discard: {count: 1, when: before-deal, simultaneous: false}\n")
    hand = Hand(in_turn, [100, 100], seed=3)
    _call_down(hand)
    hand.apply(hand.legal_actions()[0])
    assert len(_kinds_of(hand, "discard")) == 1
    assert "in turn" in show_text(in_turn)


def test_2_3_australian_stud_discards_before_any_bet() -> None:
    """A discard after the deal and before the first betting round (Australian stud: three
    down and the door card, throw one down card, then the bring-in)."""
    game = load_variant("australian-stud")
    hand = Hand(game, [100, 100, 100], seed=1)
    assert hand.legal_actions()[0].kind == "discard" and hand.forced_seat is None
    for _ in range(3):
        hand.apply(hand.legal_actions()[0])
    assert hand.legal_actions()[0].kind == "bring-in"
    assert all(len(hand.down[s]) == 2 for s in range(3))
    while not hand.is_over:
        _call_down(hand)
    assert all(len(hand.cards[s]) == 5 for s in range(3)) and sum(hand.payoffs) == 0


def test_2_3_seven_card_reverse_discards_after_the_last_round_then_declares() -> None:
    game = load_variant("seven-card-reverse")
    hand = Hand(game, [100, 100, 100], seed=8)
    flips = 0
    while not hand.is_over:
        legal = hand.legal_actions()
        kind = legal[0].kind
        if kind == "flip":
            flips += 1
        if kind == "discard":
            assert hand.street == len(game.streets) - 1
            assert len(hand.up[hand.actor or 0]) == 5  # any of the seven may go
            assert any(a.amount in hand.up[hand.actor or 0] for a in legal)
        if kind.startswith("declare"):
            assert len(_kinds_of(hand, "discard")) == 6  # every discard shown first
        hand.apply(next((a for a in legal if a.kind in ("check", "call")), legal[0]))
    assert flips == 15
    assert all(len(hand.cards[s]) == 5 for s in range(3) if not hand.folded[s])
    assert sum(hand.payoffs) == 0


# ---------------------------------------------------------------------- 2.5 flips


def test_2_5_the_flipped_cards_decide_the_bring_in() -> None:
    todd = load_variant("low-todd")
    hand = Hand(todd, [100, 100, 100], seed=1,
                deal={0: ["Kh 2c"], 1: ["As 9d"], 2: ["Qh 5s"]})
    assert {a.kind for a in hand.legal_actions()} == {"flip"}
    for card in ("Kh", "9d", "5s"):
        hand.apply(Action("flip", parse_card(card)))
    assert [list(map(str, hand.up[s])) for s in range(3)] == [["Kh"], ["9d"], ["5s"]]
    assert hand.actor == 2 and hand.legal_actions()[0].kind == "bring-in"  # the 5 is lowest


def test_2_5_simultaneous_flips_are_hidden_until_every_player_chose() -> None:
    todd = load_variant("low-todd")
    hand = Hand(todd, [100, 100, 100], seed=2)
    hand.apply(hand.legal_actions()[0])
    assert _kinds_of(hand, "flip") == [] and all(not up for up in hand.up)
    assert all(e.kind != "flip" for e in hand.view(1).events)
    hand.apply(hand.legal_actions()[0])
    hand.apply(hand.legal_actions()[0])
    assert len(_kinds_of(hand, "flip")) == 3 and all(len(up) == 1 for up in hand.up)


def test_2_5_flips_in_turn_are_seen_at_once() -> None:
    game = _variant("extends: low-todd\nname: t\nstreets:\n  - name: second\n"
                    "    flip: {simultaneous: false}\n")
    hand = Hand(game, [100, 100, 100], seed=2)
    hand.apply(hand.legal_actions()[0])
    assert len(_kinds_of(hand, "flip")) == 1 and hand.up[0]
    assert [e.kind for e in hand.view(1).events].count("flip") == 1


def test_2_5_an_optional_flip_may_keep_every_card_down() -> None:
    game = _variant("extends: low-todd\nname: t\nforced_bets: {bring_in: null}\n"
                    "streets:\n  - name: second\n    flip: {optional: true}\n")
    hand = Hand(game, [100, 100], seed=2)
    legal = hand.legal_actions()
    assert legal[0] == Action("keep") and {a.kind for a in legal[1:]} == {"flip"}
    hand.apply(Action("keep"))
    hand.apply(hand.legal_actions()[1])
    assert [e.kind for e in hand.events if e.kind in ("keep", "flip")] == ["keep", "flip"]
    assert not hand.up[0] and len(hand.up[1]) == 1
    assert "or keeps them all down" in show_text(game)


def test_2_5_studaha_flips_a_door_card_before_the_board_comes() -> None:
    game = load_variant("studaha")
    hand = Hand(game, [100, 100, 100], seed=3,
                deal={0: ["Kh 2c 9d"], 1: ["As 4d 8h"], 2: ["Qh 7s Jc"]})
    for card in ("9d", "4d", "Jc"):
        hand.apply(Action("flip", parse_card(card)))
    assert hand.actor == 1 and hand.legal_actions()[0].kind == "bring-in"  # the 4 is lowest
    while hand.street == 0:
        legal = hand.legal_actions()
        hand.apply(next(a for a in legal if a.kind in ("bring-in", "call", "check")))
    assert len(hand.community) == 3 and all(len(hand.up[s]) == 3 for s in range(3))


def test_2_5_pineapple_flips_then_discards_after_seeing_every_door_card() -> None:
    game = load_variant("pineapple-stud")
    hand = Hand(game, [100, 100, 100], seed=6)
    order = []
    while hand.legal_actions()[0].kind in ("flip", "discard"):
        kind = hand.legal_actions()[0].kind
        if kind == "discard" and "discard" not in order:
            assert all(len(hand.up[s]) == 1 for s in range(3))  # every door card is up
        order.append(kind)
        hand.apply(hand.legal_actions()[0])
    assert order == ["flip"] * 3 + ["discard"] * 3
    assert hand.legal_actions()[0].kind == "bring-in"
    assert all(len(hand.down[s]) == 2 and len(hand.up[s]) == 1 for s in range(3))


# ---------------------------------------------------------------------- records and players


@pytest.mark.parametrize("name", GAMES)
def test_every_game_writes_and_replays_its_own_histories(name: str) -> None:
    variant = load_variant(name)
    rng = random.Random(name)
    for seed in range(3):
        hand = Hand(variant, [60] * 3, seed=seed)
        while not hand.is_over:
            legal = hand.legal_actions()
            action = rng.choice(legal)
            hand.apply(action.to(action.min) if action.min is not None else action)
        again = replay_events(variant, hand.starting_stacks, hand.events, button=hand.button)
        assert again.events == hand.events and again.payoffs == hand.payoffs
        (history,) = loads(from_hand(hand))
        result = replay(history)
        assert result.ok, result.as_json()
        assert result.hand.payoffs == hand.payoffs
        for kind in ("discard", "flip", "keep"):
            assert _kinds_of(result.hand, kind) == _kinds_of(hand, kind)


def test_the_phh_forms_parse_and_format() -> None:
    load_variant("pineapple-stud")  # the shipped kinds are known to histories
    for text, verb in (("p2 discard Kd", "discard"), ("p1 flip 7c", "flip"),
                       ("p3 keep", "keep")):
        action = parse_action(text)
        assert action.verb == verb and format_action(action) == text
    with pytest.raises(ValueError, match="discard"):
        parse_action("p2 discard")


def test_bots_keep_the_cards_that_make_the_best_hand_and_show_the_least() -> None:
    stud = load_variant("super-stud")
    for bot_name in ("calling-station", "tag", "lag", "equity"):
        hand = Hand(stud, [100, 100], seed=1,
                    deal={0: ["Kh Kd 2c 7s 9h"], 1: ["As Ad Ac 4s 8h"]})
        bot = make_bot(bot_name, stud)
        rng = random.Random(1)
        _call_down(hand)  # the betting passive: the bot's part is the discards
        while not hand.is_over and hand.legal_actions()[0].kind == "discard":
            hand.apply(bot.act(hand.view(hand.actor or 0), hand.legal_actions(), rng))
        thrown = sorted((e.seat, str(e.card)) for e in _kinds_of(hand, "discard"))
        assert thrown[:2] == [(0, "2c"), (0, "7s")], (bot_name, thrown)  # the kings stay
        assert (1, "4s") in thrown and thrown[3][1][0] == "A", (bot_name, thrown)  # two aces
    todd = load_variant("low-todd")
    hand = Hand(todd, [100, 100], seed=1, deal={0: ["Kh 2c"], 1: ["5s 5d"]})
    bot = make_bot("tag", todd)
    hand.apply(bot.act(hand.view(0), hand.legal_actions(), random.Random(1)))
    hand.apply(bot.act(hand.view(1), hand.legal_actions(), random.Random(1)))
    assert [str(e.card) for e in _kinds_of(hand, "flip")] == ["2c", "5s"]


def test_equity_is_defined_only_once_every_discard_is_made() -> None:
    with pytest.raises(CardError, match="defined only once every discard is made"):
        equity("seven-card-reverse", ["As Ad Ah Kc 7h 2c 3c", "Qs Qd 8c 9h 3d 4d 5d"])
    result = equity("super-stud", ["As Ad 7h 2c", "Qs Qd 9h 3d"], trials=300, seed=1)
    assert any("taken as kept after every discard" in note for note in result.notes)


@pytest.mark.parametrize(("text", "key", "message"), [
    ("  - name: third\n    discard: {count: 1, when: before-deal}\n",
     "streets[0] (third).discard.when",
     "no cards to throw"),
    ("  - name: third\n    flip: {count: 2, optional: true}\n",
     "streets[0] (third).flip.count",
     "optional flip turns up one card"),
    ("  - name: third\n    discard: {count: 1, when: after-betting}\n",
     "streets[0] (third).discard.when", "before-deal"),
    ("  - name: fourth\n    discard: {count: 4, when: before-deal}\n",
     "streets[1] (fourth).discard.count", "too few"),
])
def test_bad_discards_and_flips_name_the_file_line_and_key(
    text: str, key: str, message: str
) -> None:
    with pytest.raises(VariantFileError) as caught:
        load_variant_text("studkit: 1\nextends: seven-card-stud\nname: bad\nstreets:\n" + text,
                          name="bad.yaml")
    found = str(caught.value)
    assert re.search(rf"bad\.yaml:\d+:\d+: {re.escape(key)}", found), found
    assert message in found


def test_show_tells_when_each_discard_and_flip_happens() -> None:
    stud = show_text(load_variant("super-stud"))
    assert ("Fourth street: first each player still in the hand throws away two down cards, "
            "all at once (nothing replaces them; the others see only how many); then a burn"
            ) in " ".join(stud.split())
    reverse = " ".join(show_text(load_variant("seven-card-reverse")).split())
    assert "Second street: no new card, then each player turns one down card of their choice " \
        "face up, all at once" in reverse
    assert "after the betting each player still in the hand throws away two cards (up or " \
        "down)" in reverse
