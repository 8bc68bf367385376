"""Jokers and wild up cards in the stud family, one scenario per mechanism and setting, each
named after the section of the stud-family rules reference it checks: Mexican poker's joker
(2.11: wild face down, the bug face up; a turned-up down joker), a face-up joker for the
bring-in (2.2), wild up cards for the bring-in and the first actor (2.11), the 41-card deck's
exact odds with the joker (2.9), and equity, bots, text and checks for them."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import pytest
from scenario import deal

from studkit.bots.seen import seen
from studkit.cards import CARDS, parse_card, parse_cards, standard_deck
from studkit.engine import Action, Hand
from studkit.engine.events import DealEvent
from studkit.engine.jokers import bugs_as_aces
from studkit.engine.replay import replay
from studkit.equity.calculator import equity
from studkit.errors import VariantError
from studkit.evaluation import WildCards, get_evaluator
from studkit.evaluation.odds import category_counts
from studkit.kernel.plan import unsupported
from studkit.variant.loader import load_variant, load_variant_text
from studkit.variant.model import Variant
from studkit.variant.rules_text import show_text

STACKS = [200, 200]


def fresh(name: str, **changes: object) -> Variant:
    """A new variant object, with deck, bring-in or action-order fields changed."""
    variant = load_variant(name)
    deck = {k: v for k, v in changes.items() if hasattr(variant.deck, k)}
    order = {k: v for k, v in changes.items() if hasattr(variant.action_order, k)}
    bring = {k: v for k, v in changes.items() if k == "joker_as"}
    bring_in = variant.forced_bets.bring_in
    assert bring_in is not None
    return replace(
        variant,
        deck=replace(variant.deck, **deck),  # type: ignore[arg-type]
        action_order=replace(variant.action_order, **order),  # type: ignore[arg-type]
        forced_bets=replace(variant.forced_bets, bring_in=replace(bring_in, **bring)),  # type: ignore[arg-type]
    )


def decide_with(exposing: dict[int, int]) -> object:
    """Hold every hole card down, except that seat ``s`` turns it up before street
    ``exposing[s]`` (1 = the second street); otherwise check or call."""
    def decide(hand: Hand, actions: list[Action]) -> Action:
        kinds = {a.kind for a in actions}
        if "keep" in kinds:
            seat = hand.actor if hand.actor is not None else 0
            if exposing.get(seat) == hand.street + 1:
                return next(a for a in actions if a.kind == "expose")
            return Action("keep")
        for kind in ("bring-in", "check", "call"):
            for action in actions:
                if action.kind == kind:
                    return action
        return actions[0]

    return decide


def play_out(hand: Hand, exposing: dict[int, int] | None = None) -> Hand:
    decide = decide_with(exposing or {})
    while not hand.is_over:
        hand.apply(decide(hand, hand.legal_actions()))  # type: ignore[operator]
    assert sum(hand.payoffs) == 0 and sum(hand.stacks) == sum(hand.starting_stacks)
    rebuilt = replay(hand.variant, hand.starting_stacks, hand.events, button=hand.button)
    assert rebuilt.events == hand.events and rebuilt.stacks == hand.stacks
    return hand


def winner(hand: Hand) -> int:
    return max(range(hand.n), key=lambda s: hand.payoffs[s])


# ------------------------------------------------- 2.11 joker: wild face down, bug face up


def test_2_11_joker_wild_down_bug_up_a_hole_joker_is_wild_at_the_showdown() -> None:
    # seat 0: the joker in the hole (down) with two kings: wild, three kings
    hand = play_out(deal("mexican-poker", STACKS, "Jk Kh Kd 7c 2h", "Qc Qd 4h 4c 2d"))
    assert CARDS[52] in hand.down[0]
    assert winner(hand) == 0  # three kings beat queens and fours


def test_2_11_joker_wild_down_bug_up_an_up_joker_is_the_bug_an_ace() -> None:
    # the same cards with the joker dealt face up: the bug, so only kings and an ace
    hand = play_out(deal("mexican-poker", STACKS, "Kh Jk Kd 7c 2h", "Qc Qd 4h 4c 2d"))
    assert CARDS[52] in hand.up[0]
    assert winner(hand) == 1  # two pair beat a pair of kings


def test_2_11_joker_wild_down_bug_up_the_bug_completes_a_flush_over_a_full_house() -> None:
    hand = play_out(deal("mexican-poker", STACKS, "Kh Jk Qh 4h 2h", "Qc Qd Qs 4c 4d"))
    assert winner(hand) == 0  # a heart flush (the bug fills it) beats queens full


def test_2_11_joker_wild_down_bug_up_with_one_joker_mode_every_joker_is_wild() -> None:
    variant = fresh("mexican-poker", up_joker_mode=None)
    hand = play_out(deal(variant, STACKS, "Kh Jk Kd 7c 2h", "Qc Qd 4h 4c 2d"))
    assert winner(hand) == 0  # the up joker is wild too: three kings


def test_2_11_a_down_joker_turned_up_stays_wild_as_barge_reads_it() -> None:
    # seat 0 turns its hole joker up before third street; the new card comes down
    hand = play_out(deal("mexican-poker", STACKS, "Jk Kh Kd 7c 2h", "Qc Qd 4h 4c 2d"),
                    {0: 1})
    assert CARDS[52] in hand.up[0] and hand.events.count(("expose", 0, CARDS[52]))
    assert winner(hand) == 0  # still wild: three kings


def test_2_11_a_down_joker_turned_up_is_the_bug_with_turned_up_joker_as_up() -> None:
    variant = fresh("mexican-poker", turned_up_joker="as-up")
    hand = play_out(deal(variant, STACKS, "Jk Kh Kd 7c 2h", "Qc Qd 4h 4c 2d"), {0: 1})
    assert CARDS[52] in hand.up[0]
    assert winner(hand) == 1  # the JSON's reading: now the bug, a pair of kings


# ------------------------------------------------- 2.2 a face-up joker and the bring-in


def test_2_2_a_face_up_joker_brings_in_as_an_ace_above_the_natural_aces() -> None:
    hand = deal("mexican-poker", [200] * 3, "2c As", "3c Jk", "4c Kd")
    assert hand.actor == 1  # the highest up card brings in: the joker, above A♠
    assert [a.kind for a in hand.legal_actions()][:1] == ["bring-in"]


def test_2_2_joker_as_lowest_ranks_a_face_up_joker_below_every_card() -> None:
    variant = fresh("mexican-poker", joker_as="lowest")
    hand = deal(variant, [200] * 3, "2c As", "3c Jk", "4c Kd")
    assert hand.actor == 0  # A♠ is now the highest up card


def test_2_2_a_face_up_joker_opens_later_streets_as_an_ace() -> None:
    hand = deal("mexican-poker", [200] * 2, "2c Jk 3d", "4c Kd Qs")
    hand.apply(Action("bring-in"))  # seat 0 (the joker) brings in
    hand.apply(Action("call"))
    while any(a.kind == "keep" for a in hand.legal_actions()):
        hand.apply(Action("keep"))
    # third street: seat 0 shows the joker and a 3 (ace high), seat 1 K-Q
    assert hand.street == 1 and hand.up[0] == list(parse_cards("Jk 3d"))
    assert hand.actor == 0


# ------------------------------------------------- 2.11 wild up cards and the first actor


def test_2_11_wild_up_cards_count_at_their_natural_rank_for_the_bring_in() -> None:
    hand = deal("deuces-and-jacks", [200] * 3, "5c 6c 2c", "5d 6d 3d", "5h 6h Kh")
    assert hand.actor == 0  # the deuce (wild) is still the lowest card


def test_2_11_wild_up_cards_as_wild_count_as_an_ace_for_the_bring_in() -> None:
    variant = fresh("deuces-and-jacks", wild_up_cards="wild")
    hand = deal(variant, [200] * 3, "5c 6c 2c", "5d 6d 3d", "5h 6h Kh")
    assert hand.actor == 1  # the deuce counts as an ace: the three brings in


def _fourth_street_actor(variant: Variant) -> int | None:
    """Who acts first on fourth street: boards 2d 5d (seat 0) against Kc Qh (seat 1)."""
    hand = deal(variant, [200] * 2, "7c 8c 2d 5d", "7d 8d Kc Qh")
    while hand.street == 0:
        kinds = {a.kind for a in hand.legal_actions()}
        hand.apply(Action("bring-in" if "bring-in" in kinds else "call"))
    return hand.actor


def test_2_11_wild_up_cards_natural_boards_rank_a_wild_card_at_its_rank() -> None:
    assert _fourth_street_actor(fresh("deuces-and-jacks")) == 1  # K-Q high beats 5-2 high


def test_2_11_wild_up_cards_as_wild_boards_play_the_wild_card() -> None:
    variant = fresh("deuces-and-jacks", wild_up_cards="wild")
    assert _fourth_street_actor(variant) == 0  # the wild deuce pairs the five


# ------------------------------------------------- 2.9 exact odds of the 41-card deck


_LINE = (12, 0, 1, 2, 3, 4, 5, 9, 10, 11, 12)  # A 2 3 4 5 6 7 J Q K A
_RANKS = (0, 1, 2, 3, 4, 5, 9, 10, 11, 12)     # the ten ranks of the Mexican deck


def _windows() -> list[frozenset[int]]:
    return [frozenset(_LINE[i:i + 5]) for i in range(len(_LINE) - 4)]


def _fits(ranks: frozenset[int]) -> bool:
    """Four distinct ranks one card short of a straight (some window holds them)."""
    return any(ranks <= window for window in _windows())


def _natural_counts() -> dict[str, int]:
    """The 658,008 hands of five natural cards (ten ranks of four suits), by formula."""
    straights = len(_windows())  # 7 rank sequences, gap straights included
    flushes = 4 * 252 - 4 * straights
    return {
        "straight-flush": 4 * straights, "four-of-a-kind": 10 * 36, "flush": flushes,
        "full-house": 10 * 4 * 9 * 6, "straight": straights * (4**5 - 4),
        "three-of-a-kind": 10 * 4 * 36 * 16, "two-pair": 45 * 36 * 32,
        "one-pair": 10 * 6 * 84 * 64, "high-card": (252 - straights) * (4**5 - 4),
    }


def _joker_counts(bug: bool) -> dict[str, int]:
    """The 91,390 hands of four natural cards and the joker, counted by the kind of the four
    naturals (quads, trips, two pair, a pair, four distinct ranks), wild or the bug."""
    out = dict.fromkeys(["five-of-a-kind", *_natural_counts()], 0)
    fit = [frozenset(s) for s in combinations(_RANKS, 4) if _fits(frozenset(s))]
    ace = 12

    def add(name: str, count: int) -> None:
        out[name] += count

    # four of a kind + joker: five of a kind (wild); the bug: five aces, else an ace kicker
    add("five-of-a-kind", 1 if bug else 10)
    add("four-of-a-kind", 9 if bug else 0)
    # trips + kicker (4 ways x 9 ranks x 4 suits for each trip rank)
    if bug:
        add("four-of-a-kind", 4 * 36)                  # trip aces + the bug
        add("full-house", 9 * 4 * 4)                   # trips + an ace kicker
        add("three-of-a-kind", 9 * 4 * 8 * 4)
    else:
        add("four-of-a-kind", 10 * 4 * 36)
    # two pair
    if bug:
        add("full-house", 9 * 36)                      # aces and another pair
        add("two-pair", 36 * 36)
    else:
        add("full-house", 45 * 36)
    # one pair + two kickers of other ranks
    if bug:
        add("three-of-a-kind", 6 * 36 * 16)            # a pair of aces + the bug
        add("two-pair", 9 * 6 * 8 * 16)                # another pair, an ace kicker
        add("one-pair", 9 * 6 * 28 * 16)
    else:
        add("three-of-a-kind", 10 * 6 * 36 * 16)
    # four distinct ranks: one suit, four suits mixed
    for ranks in map(frozenset, combinations(_RANKS, 4)):
        if ranks in fit:
            add("straight-flush", 4)
            add("straight", 4**4 - 4)
            continue
        add("flush", 4)
        if bug:
            add("one-pair" if ace in ranks else "high-card", 4**4 - 4)
        else:
            add("one-pair", 4**4 - 4)
    return out


@pytest.mark.parametrize("rule", ["wild", "bug"])
def test_2_9_the_41_card_deck_with_its_joker_counts_as_derived(rule: str) -> None:
    expected = _joker_counts(rule == "bug")
    for name, count in _natural_counts().items():
        expected[name] += count
    assert sum(expected.values()) == 749_398  # C(41, 5)
    deck = [c for c in standard_deck(stripped_ranks=(6, 7, 8), jokers=1)]
    evaluator = get_evaluator("mexican-high", WildCards(jokers=rule))  # type: ignore[arg-type]
    table = category_counts(evaluator, 5, deck=deck)
    assert table.total == 749_398
    assert {k: v for k, v in table.categories.items() if v} == {
        k: v for k, v in expected.items() if v}


# ------------------------------------------------- equity, bots, kernel, text, checks


def test_2_11_equity_plays_a_joker_by_its_place_in_the_deal() -> None:
    down = equity("mexican-poker", ["Jk Kh Kd 7c 2h", "Qc Qd 4h 4c 2d"])
    up = equity("mexican-poker", ["Kh Jk Kd 7c 2h", "Qc Qd 4h 4c 2d"])
    assert down.equities[0] == 1.0 and up.equities[1] == 1.0
    assert any("face up" in note for note in down.notes)


def test_2_11_bots_score_an_up_joker_as_the_bug_an_ace() -> None:
    variant = load_variant("mexican-poker")
    events = [DealEvent("deal", 0, CARDS[52], True)]
    assert bugs_as_aces([CARDS[52]], variant.deck, events) == (CARDS[48],)
    down = [DealEvent("deal", 0, CARDS[52], False)]
    assert bugs_as_aces([CARDS[52]], variant.deck, down) == (CARDS[52],)  # turned up: wild
    hand = deal("mexican-poker", STACKS, "2c Jk", "3c Kd")
    assert seen(hand.view(1), variant).opponents_up == ((CARDS[48],),)


def test_2_11_the_kernel_plays_mexican_poker() -> None:
    assert unsupported(load_variant("mexican-poker"), ["tag", "equity"], 6, 1000) is None


def test_2_11_show_says_how_the_joker_plays_and_counts() -> None:
    text = " ".join(show_text(load_variant("mexican-poker")).split())
    assert "one joker, wild when dealt face down and the bug when dealt face up" in text
    assert "a joker dealt face down and turned up later stays wild" in text
    assert "a face-up joker counts as an ace, above the natural aces" in text
    assert "On the boards, a face-up joker counts as an ace." in text
    assert "A flush beats a full house" in text or "a flush beats a full house" in text
    other = " ".join(show_text(fresh("mexican-poker", turned_up_joker="as-up")).split())
    assert "turned up later becomes the bug" in other
    wild = " ".join(show_text(load_variant("deuces-and-jacks")).split())
    assert "a wild up card counts at its own rank" in wild


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        ("{jokers: 2, joker_mode: wild, up_joker_mode: bug}", "needs a deck of one joker"),
        ("{jokers: 0, up_joker_mode: bug}", "needs a joker in the deck"),
    ],
)
def test_2_11_a_face_dependent_joker_needs_one_joker(deck: str, message: str) -> None:
    text = f"studkit: 1\nextends: five-card-stud\nname: joker-house\ndeck: {deck}\n"
    with pytest.raises(VariantError, match=message):
        load_variant_text(text, "joker-house.yaml")


def test_2_11_the_cards_of_a_scripted_hand_are_the_mexican_deck() -> None:
    hand = deal("mexican-poker", STACKS, "Jk As", "Kd Kc")
    assert len(hand.rules.deck) == 41 and parse_card("Jk") in hand.rules.deck
    assert not set(parse_cards("8s 9s Ts")) & set(hand.rules.deck)


def test_2_11_play_tells_the_player_how_the_joker_plays() -> None:
    from studkit.play.game import game_notes

    assert game_notes(load_variant("mexican-poker")) == (
        "Jokers in the deck: 1 (wild dealt face down, the bug dealt face up)",)


# ------------------------------------------------- 2.12 seats


@pytest.mark.parametrize("name", ["mexican-stud", "two-card-hi-lo-declare"])
def test_2_12_nine_seats_where_the_reference_allows_them(name: str) -> None:
    variant = load_variant(name)
    assert variant.max_players == 9 and variant.cards_needed <= variant.deck.size
    hand = Hand(variant, [200] * 9, seed=4)
    play_out(hand)
    assert all(len(cards) == variant.max_cards_per_player for s, cards in
               enumerate(hand.cards) if not hand.folded[s])


def test_2_12_mexican_poker_keeps_eight_seats_and_the_community_card() -> None:
    variant = load_variant("mexican-poker")
    assert variant.max_players == 8 and variant.deck.size == 41
    assert variant.cards_needed == 43 and variant.deck_exhaustion.community_card
    hand = play_out(Hand(variant, [200] * 8, seed=2))
    assert len(hand.community) == 1  # 8 players, 3 burns: the fifth card is shared


def test_2_11_diff_and_odds_name_the_joker_rule(capsys: pytest.CaptureFixture[str]) -> None:
    from studkit.cli.odds import resolve_target
    from studkit.variant.rule_differences import rule_differences

    rows = {row[0]: row[2] for row in rule_differences(load_variant("mexican-stud"),
                                                       load_variant("mexican-poker"))}
    assert rows["wild cards"] == "one joker(s) (wild face down, bug face up, turned up as-dealt)"
    assert rows["bring-in joker"] == "face-up joker as ace"
    request = resolve_target("mexican-poker")
    assert request.jokers == 1 and request.joker_rule == "wild"
    assert "--wild bug counts it face up" in capsys.readouterr().err


@pytest.mark.parametrize("bot", ["tag", "lag", "equity"])
def test_2_11_bots_keep_a_wild_hole_joker_down(bot: str) -> None:
    import random

    from studkit.bots.registry import make_bot

    variant = load_variant("mexican-poker")
    hand = deal(variant, [200] * 3, "Jk 2d", "3c Ad", "Qs Jd")
    while not any(a.kind == "keep" for a in hand.legal_actions()):
        kinds = {a.kind for a in hand.legal_actions()}
        hand.apply(Action("bring-in" if "bring-in" in kinds else "call"))
    chosen: dict[int, str] = {}
    while any(a.kind == "keep" for a in hand.legal_actions()):
        seat = hand.actor if hand.actor is not None else 0
        action = make_bot(bot, variant).act(hand.view(seat), hand.legal_actions(),
                                            random.Random(1))
        chosen[seat] = action.kind
        hand.apply(action)
    assert chosen[0] == "keep"  # a hidden joker stays wild and tells nobody
