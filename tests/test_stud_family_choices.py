"""The stud family's player choices, one scenario per mechanism and setting, each named after
the section of the stud-family rules reference it checks: buys (2.4), choose-before (2.5),
declare games (2.6), wild cards by follow rule and per player (2.11); and the bots' advice.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from scripted_hands import Decide, deal_order, passive, play

from studkit.bots.registry import make_bot
from studkit.cards import CARDS, Rank, parse_card, parse_cards, standard_deck
from studkit.engine import Action, Hand
from studkit.engine.replay import replay
from studkit.hooks import host as pluginhost
from studkit.kernel.plan import unsupported
from studkit.variant.loader import load_variant
from studkit.variant.model import PluginRef, Variant
from studkit.variant.rules_text import show_text


@pytest.fixture(autouse=True)
def autoload_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(pluginhost.AUTOLOAD_ENV, raising=False)


def fresh(name: str) -> Variant:
    """A new variant object (no cached rules or plugin host shared between tests)."""
    return replace(load_variant(name))


def with_options(name: str, plugin: str, options: dict[str, object]) -> Variant:
    variant = load_variant(name)
    others = tuple(ref for ref in variant.plugins if ref.name != plugin)
    return replace(variant, plugins=(*others, PluginRef(plugin, options)))


def sound(hand: Hand) -> None:
    """Chips conserved, payoffs sum to zero, the events replay to the same hand."""
    assert hand.is_over and sum(hand.payoffs) == 0
    assert sum(hand.stacks) == sum(hand.starting_stacks)
    rebuilt = replay(hand.variant, hand.starting_stacks, hand.events, button=hand.button)
    assert rebuilt.events == hand.events and rebuilt.stacks == hand.stacks


# ---------------------------------------------------------------- 2.4 buying a card


def until(hand: Hand, kind: str) -> None:
    while not any(a.kind == kind for a in hand.legal_actions()):
        hand.apply(passive(hand, hand.legal_actions()))


def test_2_4_english_stud_buys_after_seventh_for_the_big_bet_then_bets_again() -> None:
    variant = fresh("english-stud")
    hand = Hand(variant, [200] * 3, seed=11)
    until(hand, "twist")
    assert hand.street_name == "seventh" and all(len(cards) == 7 for cards in hand.cards)
    seat = hand.actor
    assert seat is not None
    up = hand.up[seat][0]
    stack, pot = hand.stacks[seat], hand.pot
    hand.apply(Action("twist", up))
    big = variant.stakes.big_bet
    assert hand.stacks[seat] == stack - big and hand.pot == pot + big  # dead money
    at = hand.events.index(("twist", seat, up, big, True))
    after = hand.events[at + 1]
    assert (after.kind, after.seat, after.up) == ("deal", seat, False)
    assert len(hand.down[seat]) == 4  # replacement_face: down, even for an up card
    while any(a.kind in ("twist", "stand") for a in hand.legal_actions()):
        hand.apply(Action("stand"))
    assert hand.street_name == "buy" and {a.kind for a in hand.legal_actions()} >= {"check"}
    kinds = [a.kind for a in hand.legal_actions()]
    assert "bet" in kinds and next(a for a in hand.legal_actions() if a.kind == "bet").min == big
    sound(play(hand))


def test_2_4_replacement_face_as_discarded_gives_an_up_card_back_up() -> None:
    variant = with_options("english-stud", "twist", {
        "after": ["seventh"], "cost": "big-bet", "replacement_face": "as-discarded"})
    hand = Hand(variant, [200] * 3, seed=11)
    until(hand, "twist")
    seat = hand.actor or 0
    up = hand.up[seat][0]
    hand.apply(Action("twist", up))
    at = hand.events.index(("twist", seat, up, variant.stakes.big_bet, True))
    assert hand.events[at + 1].up is True and len(hand.up[seat]) == 4
    sound(play(hand))


def test_2_4_a_street_with_no_cards_reads_as_a_betting_round() -> None:
    text = " ".join(show_text(fresh("english-stud")).split())
    assert "Buy street: no new card, then a betting round at the big bet (10)." in text
    assert "for the big bet (dead money: nobody matches it; a player short of it stands)" in text
    assert "(face down)" in text


def test_2_4_a_player_short_of_the_price_may_only_stand() -> None:
    variant = fresh("english-stud")
    hand = Hand(variant, [30, 200, 200], seed=11)
    while not hand.is_over and not any(a.kind == "stand" for a in hand.legal_actions()):
        hand.apply(passive(hand, hand.legal_actions()))
    asked = set()
    while not hand.is_over and any(a.kind == "stand" for a in hand.legal_actions()):
        seat = hand.actor or 0
        if hand.stacks[seat] < variant.stakes.big_bet:
            assert [a.kind for a in hand.legal_actions()] == ["stand"]
        asked.add(seat)
        hand.apply(Action("stand"))
    assert asked
    sound(play(hand))


# ---------------------------------------------------------------- 2.5 choose-before


MEXICAN = [
    "Kc 2d 7h 8h 9h",   # seat 0: hole Kc, up 2d
    "3c Ad 4h 5h 6h",   # seat 1: hole 3c, up Ad
    "Qs Jd Th 9d 8d",   # seat 2: hole Qs, up Jd
]


def choose(choices: dict[int, str]) -> Decide:
    """``expose`` (the hole card) or ``keep`` for each seat before every later card."""
    def decide(hand: Hand, actions: list[Action]) -> Action:
        kinds = {a.kind for a in actions}
        if "keep" in kinds:
            seat = hand.actor or 0
            if choices[seat] == "keep":
                return Action("keep")
            return next(a for a in actions if a.kind == "expose")
        return passive(hand, actions)

    return decide


def test_2_5_choose_before_a_shown_hole_card_gets_the_next_card_down() -> None:
    variant = fresh("mexican-stud")
    hand = Hand(variant, [200] * 3, cards=deal_order(variant, MEXICAN))
    decide = choose({0: "expose", 1: "keep", 2: "keep"})
    while hand.street == 0 or not any(e.kind == "deal" for e in hand.events[-3:]):
        hand.apply(decide(hand, hand.legal_actions()))
    assert hand.street_name == "third"
    assert hand.up[0] == [parse_card("2d"), parse_card("Kc")]  # shown ...
    assert hand.down[0] == [parse_card("7h")]                  # ... so the new card came down
    assert hand.down[1] == [parse_card("3c")] and hand.up[1][-1] == parse_card("4h")
    assert all(len(down) == 1 for down in hand.down)  # one hidden card each, always
    sound(play(hand, decide))


def test_2_5_choose_before_choices_are_simultaneous_by_default() -> None:
    variant = fresh("mexican-stud")
    hand = Hand(variant, [200] * 3, cards=deal_order(variant, MEXICAN))
    until(hand, "keep")
    first = hand.actor or 0
    hand.apply(Action("expose", hand.down[first][0]))
    assert len(hand.up[first]) == 1  # not shown before every player chose
    assert all(e.kind != "expose" for e in hand.view((first + 1) % 3).events)
    while any(a.kind == "keep" for a in hand.legal_actions()):
        hand.apply(Action("keep"))
    assert len(hand.up[first]) == 2 and hand.events.count(("expose", first, hand.up[first][1]))
    sound(play(hand))


def test_2_5_choose_before_in_turn_shows_each_choice_at_once() -> None:
    variant = with_options("mexican-stud", "roll-your-own", {"choose_before": "in-turn"})
    hand = Hand(variant, [200] * 3, cards=deal_order(variant, MEXICAN))
    until(hand, "keep")
    first = hand.actor or 0
    hand.apply(Action("expose", hand.down[first][0]))
    assert len(hand.up[first]) == 2 and not hand.down[first]
    sound(play(hand))


def test_2_5_up_unless_all_exposed_is_data_and_the_kernel_declines_it() -> None:
    variant = replace(fresh("mexican-stud"), plugins=())
    hand = play(Hand(variant, [200] * 3, cards=deal_order(variant, MEXICAN)))
    assert [len(up) for up in hand.up] == [4, 4, 4]  # nobody can show the hole card
    sound(hand)
    reason = unsupported(variant, ["tag"], 3, 200)
    assert reason is not None and "up-unless-all-exposed" in reason
    assert "⇡" in variant.streets[1].pattern


def test_2_5_choose_before_with_manual_dealing_asks_for_each_face() -> None:
    variant = replace(fresh("mexican-stud"), plugins=())
    hand = Hand(variant, [200] * 2, auto_deal=False)
    rng = random.Random(3)
    deck = list(standard_deck())
    rng.shuffle(deck)
    while not hand.is_over:
        if hand.actor is None:
            hand.deal(deck.pop())
        else:
            hand.apply(passive(hand, hand.legal_actions()))
    assert [len(up) for up in hand.up] == [4, 4]


# ---------------------------------------------------------------- 2.6 declare games


def declaring(choices: dict[int, str]) -> Decide:
    def decide(hand: Hand, actions: list[Action]) -> Action:
        if actions[0].kind.startswith("declare-"):
            return Action(f"declare-{choices[hand.actor or 0]}")
        return passive(hand, actions)

    return decide


FIVE_DECLARE = [
    "Kc Kd Ks 9h 9c",   # seat 0: kings full
    "Ac 2d 3h 4s 6c",   # seat 1: six-four low
    "Qc Jd 8h 7s 5c",   # seat 2: queen high, an eight low
]


@pytest.mark.parametrize("name", ["five-card-stud-hi-lo-declare", "satan", "beelzebub"])
def test_2_6_five_card_declare_games_split_among_the_declared(name: str) -> None:
    variant = fresh(name)
    hand = Hand(variant, [200] * 3, cards=deal_order(variant, FIVE_DECLARE))
    play(hand, declaring({0: "high", 1: "low", 2: "low"}))
    won = {(seat, share) for seat, _amount, _pot, share, _text in hand.awards}
    assert won == {(0, "high"), (1, "low")}
    sound(hand)


def test_2_6_satan_and_beelzebub_are_the_same_rules_under_their_own_names() -> None:
    base = load_variant("five-card-stud-hi-lo-declare")
    for name in ("satan", "beelzebub"):
        variant = load_variant(name)
        assert variant.title != base.title and name in variant.name
        assert variant.streets == base.streets and variant.pots == base.pots
        assert variant.plugins == base.plugins


def test_2_6_one_three_one_deals_two_up_then_a_down_card() -> None:
    variant = fresh("one-three-one")
    assert [street.pattern for street in variant.streets] == ["↓↑↑", "↓", "↑"]
    hand = play(Hand(variant, [200] * 4, seed=5), declaring({0: "high", 1: "low", 2: "swing",
                                                              3: "high"}))
    sound(hand)
    assert [e for e in hand.events if e.kind == "declare"]


# ---------------------------------------------------------------- 2.11 wild cards


FTK = [
    "9c 9d Kh 7c 5d 2s 9s",   # seat 0: king up on third street, then 7c, 5d, 2s; 9s down
    "Ac Qd 7h Kc 3h 4s Jd",   # seat 1: 7h up (follows seat 0's king), then Kc up
    "2c 3d 8h 6s 5h 6d Ts",   # seat 2: 8h, then 6s (follows seat 1's Kc), 5h, 6d
]


def test_2_11_follow_the_king_the_card_after_an_up_king_names_the_wild_rank() -> None:
    variant = fresh("follow-the-king")
    hand = play(Hand(variant, [200] * 3, cards=deal_order(variant, FTK)))
    wild = [tuple(Rank(r) for r in event.ranks) for event in hand.events if event.kind == "wild"]
    assert wild == [(Rank.SEVEN,), (), (Rank.SIX,)]  # 7h after Kh; Kc cancels; 6s follows
    assert Rank.KING not in {r for ranks in wild for r in ranks}
    sound(hand)


def test_2_11_follow_the_king_kings_are_not_wild_unless_set() -> None:
    text = " ".join(show_text(fresh("follow-the-king")).split())
    assert "Kings are not wild. When a king is dealt face up" in text
    wild = with_options("follow-the-king", "follow-the-queen",
                        {"trigger": "K", "trigger_is_wild": True})
    assert "Kings are wild." in " ".join(show_text(wild).split())


LOW_HOLE = [
    "4c 9d Ah Ad Ks Kd 4h",   # seat 0: hole 4c 9d 4h: fours wild: four aces
    "2c 2d Qh Qs Qd Jc 3c",   # seat 1: hole 2c 2d 3c: deuces wild: five queens
    "Tc Td Ts 8c 8d 7h 9c",   # seat 2: hole Tc Td 9c: nines wild: four tens
]


def test_2_11_low_hole_wild_each_player_has_their_own_wild_rank() -> None:
    variant = fresh("low-hole-wild")
    hand = play(Hand(variant, [200] * 3, cards=deal_order(variant, LOW_HOLE)))
    assert [(seat, text) for seat, _a, _p, _s, text in hand.awards] == [
        (1, "Five of a kind, queens")]
    natural = replace(variant, plugins=())  # without the plugin: queens full, nothing wild
    plain = play(Hand(natural, [200] * 3, cards=deal_order(natural, LOW_HOLE)))
    assert plain.awards[0][4].startswith("Full house")
    sound(hand)


def test_2_11_low_hole_wild_ace_low_option() -> None:
    from studkit.plugins.low_hole_wild import lowest_hole_rank

    hole = (parse_card("As"), parse_card("9d"))
    assert lowest_hole_rank(hole, ace_low=False) == Rank.NINE
    assert lowest_hole_rank(hole, ace_low=True) == Rank.ACE
    text = " ".join(show_text(with_options("low-hole-wild", "low-hole-wild",
                                           {"ace": "low"})).split())
    assert "(an ace counts low)" in text


# ---------------------------------------------------------------- the bots' advice


def bot_choice(name: str, variant: Variant, hand: Hand) -> Action:
    bot = make_bot(name, variant)
    seat = hand.actor or 0
    return bot.act(hand.view(seat), hand.legal_actions(), random.Random(1))


@pytest.mark.parametrize("bot", ["tag", "lag", "equity"])
def test_bots_declare_the_way_their_hand_plays(bot: str) -> None:
    variant = fresh("five-card-stud-hi-lo-declare")
    hand = Hand(variant, [200] * 3, cards=deal_order(variant, FIVE_DECLARE))
    until(hand, "declare-high")
    seen: dict[int, str] = {}
    while any(a.kind.startswith("declare-") for a in hand.legal_actions()):
        seat = hand.actor or 0
        action = bot_choice(bot, variant, hand)
        seen[seat] = action.kind
        hand.apply(action)
    assert seen[0] == "declare-high" and seen[1] == "declare-low"


@pytest.mark.parametrize("bot", ["tag", "equity"])
def test_bots_keep_a_strong_hole_card_down_and_show_a_weak_one(bot: str) -> None:
    variant = fresh("mexican-stud")
    hand = Hand(variant, [200] * 3, cards=deal_order(variant, MEXICAN))
    until(hand, "keep")
    chosen: dict[int, str] = {}
    while any(a.kind == "keep" for a in hand.legal_actions()):
        seat = hand.actor or 0
        action = bot_choice(bot, variant, hand)
        chosen[seat] = action.kind
        hand.apply(action)
    # seat 0: hole Kc over a 2d up: kept; seat 1: 3c under an Ad: shown; seat 2: Qs over Jd
    assert chosen == {0: "keep", 1: "expose", 2: "keep"}


def test_bots_stand_pat_with_a_made_hand_and_buy_with_a_broken_one() -> None:
    variant = fresh("english-stud")
    made = ["Ac Ad Ah As Kc Kd Ks", "2c 3d 5h 7s 9c Jd 4h", "Qc Qd 8h 8s 6c 6d Ts"]
    hand = Hand(variant, [200] * 3, cards=deal_order(variant, made))
    until(hand, "twist")
    while any(a.kind == "twist" for a in hand.legal_actions()):
        seat = hand.actor or 0
        for bot in ("tag", "calling-station", "equity"):
            choice = bot_choice(bot, variant, hand)
            if seat == 0:  # four aces, kings: nothing to gain
                assert choice == Action("stand")
            if seat == 1:  # jack high with 2 3 4 5: a new card may make the straight
                assert choice.kind == "twist"
        hand.apply(Action("stand"))


def test_the_random_bot_alone_picks_plugin_choices_at_random() -> None:
    variant = fresh("mexican-stud")
    hand = Hand(variant, [200] * 3, cards=deal_order(variant, MEXICAN))
    until(hand, "keep")
    bot = make_bot("random", variant)
    picks = {bot.act(None, hand.legal_actions(), random.Random(k)).kind for k in range(20)}
    assert picks == {"keep", "expose"}


# ---------------------------------------------------------------- equity


@pytest.mark.parametrize(("name", "says"), [
    ("satan", "equity is not defined for a declare game"),
    ("english-stud", "the buy round is not played"),
    ("low-hole-wild", "each player's own wild rank (the lowest hole card) is not applied"),
    ("follow-the-king", "the followed wild rank is not applied"),
])
def test_equity_says_why_a_plugin_rule_is_left_out(name: str, says: str) -> None:
    from studkit.equity.calculator import plugin_notes

    notes = plugin_notes(fresh(name))
    assert len(notes) == 1 and says in notes[0] and "is not applied" in notes[0]


def test_equity_of_choose_before_needs_no_note() -> None:
    from studkit.equity.calculator import plugin_notes

    assert plugin_notes(fresh("mexican-stud")) == ()


# ---------------------------------------------------------------- 2.7 separate hands


OUTHOUSE = [
    "Ac Ad Kh 9c 5d 2s Qs",   # seat 0: hole Ac Ad Qs, up Kh 9c 5d 2s
    "7c 7d Jh Jc 3d 4s 8h",   # seat 1: hole 7c 7d 8h, up Jh Jc 3d 4s
    "Tc 6d 6h Th 2c 3c 9h",   # seat 2: hole Tc 6d 9h, up 6h Th 2c 3c
]


def splitting(smalls: dict[int, str]) -> Decide:
    """Each seat puts the cards ``smalls[seat]`` in its small hand."""
    def decide(hand: Hand, actions: list[Action]) -> Action:
        if actions[0].kind == "arrange":
            wanted = parse_cards(smalls[hand.actor or 0])
            return next(a for a in actions if a.amount in wanted)
        return passive(hand, actions)

    return decide


def until_split(hand: Hand) -> None:
    until(hand, "arrange")
    assert hand.street_name == "seventh" and all(len(cards) == 7 for cards in hand.cards)


def test_2_7_outhouse_each_hand_wins_its_half_from_the_split() -> None:
    variant = fresh("outhouse")
    hand = Hand(variant, [200] * 3, cards=deal_order(variant, OUTHOUSE))
    # seat 0: aces and K-Q; seat 1: jacks and a pair of sevens; seat 2: tens and sixes, 9-2
    play(hand, splitting({0: "Qs Kh", 1: "7c 7d", 2: "9h 2c"}))
    won = {(seat, share) for seat, _amount, _pot, share, _text in hand.awards}
    assert won == {(2, "five"), (1, "two")}
    texts = {share: text for _seat, _a, _p, share, text in hand.awards}
    assert texts["two"] == "One pair, sevens"
    sound(hand)


def test_2_7_five_must_beat_two_and_each_hand_holds_a_down_card() -> None:
    variant = fresh("outhouse")
    hand = Hand(variant, [200] * 3, cards=deal_order(variant, OUTHOUSE))
    until_split(hand)
    seat = hand.actor or 0
    offered = {a.amount for a in hand.legal_actions()}
    assert offered <= set(hand.cards[seat])
    if seat == 1:
        hand.apply(Action("arrange", parse_card("Jh")))
        second = {a.amount for a in hand.legal_actions()}
        # Jh Jc would leave 7 7 8 3 4 (sevens) under a pair of jacks: not offered; Jh with
        # an up card would leave no down card in the small hand: not offered
        assert parse_card("Jc") not in second and parse_card("3d") not in second
        assert parse_card("7c") in second


def test_2_7_the_order_rule_can_be_dropped() -> None:
    from studkit.plugins.split_hands import allowed_splits

    down, up = parse_cards("Ac 2d 3h"), parse_cards("Kc Qs 9d 8h")
    with_order = allowed_splits(down, up, (5, 2), 1, True)
    without = allowed_splits(down, up, (5, 2), 1, False)
    ace_king = tuple(sorted(int(c) for c in parse_cards("Ac Kc")))  # leaves Q-9 high: lower
    assert ace_king in without and ace_king not in with_order
    assert set(with_order) < set(without)
    assert all(any(c in {int(d) for d in down} for c in small) for small in without)


def test_2_7_up_cards_placed_are_public_down_cards_wait_for_the_showdown() -> None:
    variant = fresh("outhouse")
    hand = Hand(variant, [200] * 3, cards=deal_order(variant, OUTHOUSE))
    until_split(hand)
    decide = splitting({0: "Qs Kh", 1: "7c 7d", 2: "9h 2c"})
    while hand.legal_actions()[0].kind == "arrange":
        hand.apply(decide(hand, hand.legal_actions()))
    assert hand.street_name == "split"
    other = hand.view(1).events
    seat0 = [e for e in other if e.kind == "arrange" and e.seat == 0]
    assert sorted(str(e.card) for e in seat0) == ["Kh", "None"]  # the up king seen, Qs hidden
    sound(play(hand))


def test_2_7_the_bots_split_to_win_both_halves() -> None:
    variant = fresh("outhouse")
    hand = Hand(variant, [200] * 3, cards=deal_order(variant, OUTHOUSE))
    until_split(hand)
    chosen: dict[int, list[str]] = {}
    while hand.legal_actions()[0].kind == "arrange":
        seat = hand.actor or 0
        action = bot_choice("tag", variant, hand)
        chosen.setdefault(seat, []).append(str(CARDS[action.amount or 0]))
        hand.apply(action)
    # seat 1 (two pair, jacks and sevens): the sevens go to the small hand
    assert sorted(chosen[1]) == ["7c", "7d"]
    sound(play(hand))


def test_2_7_a_split_needs_sizes_that_add_up_and_the_plugin_shares() -> None:
    from studkit.plugins.split_hands import check_variant

    data = {"streets": [{"name": "third", "cards": ["down", "down", "up"]},
                        {"name": "split", "cards": []}],
            "pots": [{"name": "high", "evaluator": "high"}]}
    problems = [message for _path, message in check_variant({}, data)]
    assert any("must add up" in message for message in problems)
    assert any("split-hands-big" in message for message in problems)
    text = " ".join(show_text(fresh("outhouse")).split())
    assert "every player sets their cards into a 5-card hand and a 2-card hand" in text
    assert "the big hand must rank above the small one" in text


# ---------------------------------------------------------------- 2.6 two-card declare


def test_2_6_two_card_declare_is_henway_renamed() -> None:
    variant = fresh("henway")
    assert variant.name == "two-card-hi-lo-declare" and "henway" in variant.aliases
    hand = Hand(variant, [200] * 3, cards=deal_order(variant, ["Ac Ad", "2c 3d", "Kc 9h"]))
    play(hand, declaring({0: "high", 1: "low", 2: "high"}))
    texts = {(seat, share): text for seat, _a, _p, share, text in hand.awards}
    assert set(texts) == {(0, "high"), (1, "low")}
    sound(hand)
