"""The shipped plugins in play: scripted hands for each plugin's rules, random play for each
variant that names one, and a plugin failure leaving the hand as it was."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from scripted_hands import Decide, deal_order, passive, play

from studkit.cards import Card, Rank, parse_card, parse_cards, standard_deck
from studkit.engine import Action, Hand
from studkit.errors import IllegalActionError, PluginError
from studkit.hooks import host as pluginhost
from studkit.hooks.registry import PluginRegistry
from studkit.variant.loader import load_variant
from studkit.variant.model import PluginRef, Variant


@pytest.fixture(autouse=True)
def autoload_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(pluginhost.AUTOLOAD_ENV, raising=False)


def fresh(name: str, registry: PluginRegistry | None = None, **changes: object) -> Variant:
    """A new variant object (so no cached rules or plugin host is shared between tests)."""
    return replace(load_variant(name, registry=registry), **changes)  # type: ignore[arg-type]


def with_plugin(name: str, plugin: str, options: dict[str, object]) -> Variant:
    variant = load_variant(name)
    others = tuple(ref for ref in variant.plugins if ref.name != plugin)
    return replace(variant, plugins=(*others, PluginRef(plugin, options)))


def won(hand: Hand, share: str) -> dict[int, int]:
    """Chips each seat won from one pot share."""
    out: dict[int, int] = {}
    for seat, amount, _pot, name, _text in hand.awards:
        if name == share:
            out[seat] = out.get(seat, 0) + amount
    return out


def assert_sound(hand: Hand) -> None:
    """Chips conserved and no card dealt twice."""
    assert hand.is_over and sum(hand.payoffs) == 0
    dealt = [c for cards in hand.cards for c in cards] + hand.community + hand.burned
    assert len(dealt) == len(set(dealt))


# ---------------------------------------------------------------- hole-spade (Chicago)

CHICAGO = [
    "As 2d 3c 8c 9d Th 4h",  # hole As 2d 4h: ace high
    "Kh Kd Kc 7c 7d 2c 5s",  # hole Kh Kd 5s: kings full
    "Qh Jd 6c Jc Qd 3h 2h",  # hole Qh Jd 2h: two pair, no spade
]


def test_chicago_highest_hole_spade_takes_half() -> None:
    variant = fresh("chicago")
    hand = play(Hand(variant, [100] * 3, cards=deal_order(variant, CHICAGO)))
    assert_sound(hand)
    assert list(won(hand, "high")) == [1]
    assert list(won(hand, "hole-spade")) == [0]
    assert won(hand, "high")[1] + won(hand, "hole-spade")[0] == hand.pots[0].amount


def test_up_spades_do_not_count_and_no_hole_spade_means_high_takes_all() -> None:
    seats = ["Ah 2d As 8c 9d Th 4h", CHICAGO[1].replace("5s", "5h"), CHICAGO[2]]
    variant = fresh("chicago")
    hand = play(Hand(variant, [100] * 3, cards=deal_order(variant, seats)))
    assert won(hand, "hole-spade") == {}
    assert won(hand, "high") == {1: hand.pots[0].amount}


def test_low_chicago_lowest_hole_spade_and_the_ace_option() -> None:
    variant = fresh("low-chicago")
    hand = play(Hand(variant, [100] * 3, cards=deal_order(variant, CHICAGO)))
    assert list(won(hand, "hole-spade")) == [1]  # 5s is lower than the (high) As
    ace_low = with_plugin("low-chicago", "hole-spade", {"ace": "low"})
    hand = play(Hand(ace_low, [100] * 3, cards=deal_order(ace_low, CHICAGO)))
    assert list(won(hand, "hole-spade")) == [0]  # the As counts lowest


# ---------------------------------------------------------------- baseball

BASEBALL = [
    "2c 2d Kc 3h 8d 9c Td",  # up 3h on fourth street: pay or fold
    "5c 5d Qc 4s 7h Jd 6s",  # up 4s on fourth street: an extra down card
    "Ac Ad Jc 8c Ts Jh Qs",
]


def test_baseball_up_three_pay_the_pot_or_fold() -> None:
    variant = fresh("baseball")
    hand = Hand(variant, [200] * 3, cards=deal_order(variant, BASEBALL))
    while hand.street < 1 or not any(a.kind == "pay" for a in hand.legal_actions()):
        hand.apply(passive(hand, hand.legal_actions()))
    assert hand.actor == 0
    pay, fold = hand.legal_actions()
    assert (pay.kind, fold.kind) == ("pay", "fold") and pay.amount == hand.pot
    assert len(hand.cards[1]) == 5  # the up 4 brought an extra card, face down
    assert len(hand.down[1]) == 3
    pot_before = hand.pot
    hand.apply(pay)
    assert hand.pot == 2 * pot_before and ("pay", 0, pot_before) in hand.events
    assert_sound(play(hand))
    # The payment is dead money in the one pot every live player can win, never a side pot
    # that hands it back to the payer when the payer loses.
    live = tuple(seat for seat in range(3) if not hand.folded[seat])
    assert [pot.eligible for pot in hand.pots] == [live]
    assert hand.pots[0].amount == hand.pot


def test_baseball_folding_instead_of_paying() -> None:
    variant = fresh("baseball")
    hand = Hand(variant, [200] * 3, cards=deal_order(variant, BASEBALL))
    while not any(a.kind == "pay" for a in hand.legal_actions()):
        hand.apply(passive(hand, hand.legal_actions()))
    hand.apply(Action("fold"))
    assert hand.folded[0] and ("fold", 0, 0, 0) in hand.events
    assert_sound(play(hand))
    assert hand.payoffs[0] < 0


def test_baseball_every_verb_works_where_its_action_is_listed() -> None:
    """During the pay-or-fold, ``fold`` is listed, so ``can_fold()`` says so and ``fold()``
    folds, as ``apply(Action("fold"))`` does; a verb the decision does not list is refused
    by ``can_x()``, ``verify_x()`` and ``x()`` alike, naming what is legal."""
    variant = fresh("baseball")
    hand = Hand(variant, [200] * 3, cards=deal_order(variant, BASEBALL))
    while not any(a.kind == "pay" for a in hand.legal_actions()):
        hand.apply(passive(hand, hand.legal_actions()))
    assert hand.can_fold() and not hand.can_check() and not hand.can_call()
    assert not hand.can_bet() and not hand.can_raise_to(100)
    hand.verify_fold()
    for refused in (hand.check, hand.call, hand.verify_check, lambda: hand.bet(10)):
        with pytest.raises(IllegalActionError, match="legal actions are pay .*, fold"):
            refused()
    hand.fold()
    assert hand.folded[0] and ("fold", 0, 0, 0) in hand.events
    assert_sound(play(hand))


def test_baseball_threes_and_nines_wild_at_the_showdown() -> None:
    variant = fresh("baseball", plugins=())  # only the static wild ranks
    seats = ["9c 9d 2c 5h 8d Tc Td", "Ah Ad Kc Jh 7s Js 6s", "4c 4d Qc 8c Ts Qh Qs"]
    hand = play(Hand(variant, [200] * 3, cards=deal_order(variant, seats)))
    assert list(won(hand, "high")) == [0]  # two wild nines make tens four of a kind


# ---------------------------------------------------------------- follow the queen

FTQ = [
    "2c 3d Qc 9d 5c 9s 9h",   # up Qc (third), then 9d 5c 9s
    "2d 3h 7h Kd 6c 6h Ts",   # up 7h follows the queen; 6c 6h
    "4c 4d Jc Qd Td Th 2s",   # up Qd (fourth): 5c follows it on fifth
]


def test_follow_the_queen_wild_rank_follows_each_up_queen() -> None:
    variant = fresh("follow-the-queen")
    hand = play(Hand(variant, [200] * 3, cards=deal_order(variant, FTQ)))
    wild = [event.ranks for event in hand.events if event.kind == "wild"]
    queen, seven, five = Rank.QUEEN, Rank.SEVEN, Rank.FIVE
    # every rank wild for the table from each event on: the queens always, the rank that
    # followed the last up queen (none right after a queen)
    assert wild == [(queen,), (seven, queen), (queen,), (five, queen)]
    assert hand.wild_ranks == {five, queen}
    assert_sound(hand)
    # seat 0: three nines, the 5c (fives wild at the end) and the Qc (queens wild)
    assert list(won(hand, "high")) == [0]
    assert hand.awards[0][4] == "Five of a kind, nines"


def test_follow_the_queen_queens_not_wild_option() -> None:
    variant = with_plugin("follow-the-queen", "follow-the-queen", {"trigger_is_wild": False})
    hand = play(Hand(variant, [200] * 3, cards=deal_order(variant, FTQ)))
    assert_sound(hand)
    wild = [event.ranks for event in hand.events if event.kind == "wild"]
    assert wild == [(Rank.SEVEN,), (), (Rank.FIVE,)]
    # queens plain: seat 0 has three nines and one wild five: four of a kind
    assert hand.awards[0][:1] == (0,) and hand.awards[0][4].startswith("Four of a kind")


# ---------------------------------------------------------------- community card (issue item 5)

POLICIES = ["spec", "tda", "burns-only"]


@pytest.mark.parametrize("policy", POLICIES)
def test_eight_players_to_seventh_street_get_a_community_card(policy: str) -> None:
    variant = with_plugin("seven-card-stud", "community-card", {"policy": policy})
    for seed in range(20):
        hand = play(Hand(variant, [500] * 8, seed=seed))
        assert_sound(hand)
        assert len(hand.community) == 1
        assert all(len(cards) == 6 for cards in hand.cards)
        total = sum(amount for _seat, amount, *_ in hand.awards)
        assert total == sum(pot.amount for pot in hand.pots) == sum(hand.contrib)
        seventh = hand.events.index(("street", 4, "seventh"))
        burns = sum(1 for e in hand.events[seventh:] if e.kind == "burn")
        assert burns == (0 if policy == "spec" else 1)  # spec: the last card is the community


def test_tda_policy_sixth_street_first_actor_acts_first_on_seventh() -> None:
    variant = with_plugin("seven-card-stud", "community-card", {"policy": "tda"})
    for seed in range(20):
        hand = play(Hand(variant, [500] * 8, seed=seed))
        first = {}
        for name, index in (("sixth", 3), ("seventh", 4)):
            start = hand.events.index(("street", index, name))
            first[name] = next(e.seat for e in hand.events[start:] if e.kind in ("check", "bet"))
        assert first["seventh"] == first["sixth"]


def test_spec_policy_reuses_folded_cards_before_a_community_card() -> None:
    variant = with_plugin("seven-card-stud", "community-card", {"policy": "spec"})

    def two_fold_on_fourth(hand: Hand, actions: list[Action]) -> Action:
        kinds = {a.kind: a for a in actions}
        if hand.street == 1 and hand.actor in (6, 7):
            return kinds.get("fold", passive(hand, actions))
        if hand.street == 1 and "bet" in kinds:
            return kinds["bet"]
        return passive(hand, actions)

    for seed in range(10):
        hand = play(Hand(variant, [500] * 8, seed=seed), two_fold_on_fourth)
        assert_sound_with_reuse(hand)
        assert sum(hand.folded) == 2 and not hand.community
        folded = set(hand.cards[6] + hand.cards[7])
        sevenths = {cards[6] for s, cards in enumerate(hand.cards) if not hand.folded[s]}
        assert sevenths & folded  # six players, five cards left: the muck is used


def assert_sound_with_reuse(hand: Hand) -> None:
    assert hand.is_over and sum(hand.payoffs) == 0
    live = [c for s, cards in enumerate(hand.cards) if not hand.folded[s] for c in cards]
    assert len(live) == len(set(live))


# ---------------------------------------------------------------- roll your own

def test_roll_your_own_players_choose_the_up_card_before_the_bring_in() -> None:
    variant = fresh("roll-your-own")
    seats = ["Kc 2d Ah 9s 8s 7s 6s", "3c Qd Jh 9h 8h 7h 6h", "4c 5d Th 9c 8c 7c 6c"]
    hand = Hand(variant, [200] * 3, cards=deal_order(variant, seats))
    assert hand.actor == 0 and {a.kind for a in hand.legal_actions()} == {"expose"}
    assert [a.amount for a in hand.legal_actions()] == list(parse_cards("Kc 2d Ah"))
    hand.apply(Action("expose", parse_card("Ah")))
    assert hand.up[0] == [parse_card("Ah")] and ("expose", 0, parse_card("Ah")) in hand.events
    hand.apply(Action("expose", parse_card("Jh")))
    hand.apply(Action("expose", parse_card("4c")))
    assert hand.forced_seat == 2  # the 4c shown is the lowest up card: it brings in
    assert_sound(play(hand))
    assert all(len(up) == 4 for up in hand.up)


def test_roll_your_own_simultaneous_hides_choices_until_all_chose() -> None:
    variant = with_plugin("roll-your-own", "roll-your-own", {"timing": "simultaneous"})
    hand = Hand(variant, [200] * 3, seed=4)
    hand.apply(hand.legal_actions()[0])
    hand.apply(hand.legal_actions()[0])
    assert not any(e.kind == "expose" for e in hand.events)
    hand.apply(hand.legal_actions()[0])
    assert sum(1 for e in hand.events if e.kind == "expose") == 3


def test_roll_your_own_before_timing_chooses_before_the_card_comes() -> None:
    variant = with_plugin("roll-your-own", "roll-your-own", {"timing": "before"})
    hand = Hand(variant, [200] * 3, seed=9)
    assert {a.kind for a in hand.legal_actions()} == {"expose"}  # third street: after the deal

    def choosing_for_fourth() -> bool:
        exposing = any(a.kind == "expose" for a in hand.legal_actions())
        return exposing and all(len(up) == 1 for up in hand.up)  # third street's choices made

    while not choosing_for_fourth():
        hand.apply(passive(hand, hand.legal_actions()))
    # third street's betting is over; fourth street's card has not come yet
    assert hand.street == 0 and all(len(cards) == 3 for cards in hand.cards)
    seat = hand.actor
    assert seat is not None
    assert [a.amount for a in hand.legal_actions()] == hand.down[seat]
    chosen = hand.down[seat][0]
    hand.apply(Action("expose", chosen))
    while hand.street == 0:
        hand.apply(passive(hand, hand.legal_actions()))
    assert hand.up[seat][-1] == chosen and len(hand.down[seat]) == 2  # the new card stays down
    assert all(e.kind != "expose" for e in hand.events[hand.events.index(("street", 1, "fourth")):])


# ---------------------------------------------------------------- declare

DECLARE = [
    "Ac 2c Kd 3c Kh 4c Ks",   # kings full? no: K K K + A 2 3 4: trips; low A-2-3-4-K
    "5h 6h Qd 7h Qh 8h Qs",   # trips queens (lower) and a straight 4-8? 5 6 7 8 Q: 8-low
    "Ad 2d 3d 4d 9c Tc Jc",   # a wheel-ish low A-2-3-4-9: 9-low; straight? no
]


def declaring(choices: dict[int, str]) -> Decide:
    def decide(hand: Hand, actions: list[Action]) -> Action:
        if actions[0].kind.startswith("declare-"):
            return Action(f"declare-{choices[hand.actor or 0]}")
        return passive(hand, actions)

    return decide


def test_declare_each_competes_only_for_what_they_declared() -> None:
    variant = fresh("high-low-declare")
    order = deal_order(variant, DECLARE)
    hand = play(Hand(variant, [200] * 3, cards=order), declaring({0: "low", 1: "high", 2: "low"}))
    assert_sound(hand)
    assert list(won(hand, "high")) == [1]  # only seat 1 declared high
    assert list(won(hand, "low")) == [1] or list(won(hand, "low")) in ([0], [2])
    declared = {e.seat: e.choice for e in hand.events if e.kind == "declare"}
    assert declared == {0: "low", 1: "high", 2: "low"}


def test_a_swing_that_loses_one_way_wins_nothing() -> None:
    variant = fresh("high-low-declare")
    order = deal_order(variant, DECLARE)
    hand = play(Hand(variant, [200] * 3, cards=order), declaring({0: "swing", 1: "high", 2: "low"}))
    assert 0 not in won(hand, "high") and 0 not in won(hand, "low")
    assert list(won(hand, "high")) == [1] and list(won(hand, "low")) == [2]


def test_a_swing_that_wins_both_ways_scoops() -> None:
    variant = fresh("high-low-declare")
    order = deal_order(variant, DECLARE)
    hand = play(Hand(variant, [200] * 3, cards=order), declaring({0: "swing", 1: "low", 2: "low"}))
    # seat 0: trip kings beat nobody-high (no other high declarer) and A-2-3-4-K loses low
    # to seat 2's A-2-3-4-9: the swing fails
    assert 0 not in won(hand, "low")
    hand = play(Hand(variant, [200] * 3, cards=order), declaring({0: "high", 1: "low", 2: "swing"}))
    # seat 2 has the best low but not the best high: nothing
    assert 2 not in won(hand, "high") and 2 not in won(hand, "low")


def test_simultaneous_declarations_are_shown_together() -> None:
    variant = fresh("high-low-declare")
    hand = Hand(variant, [200] * 3, cards=deal_order(variant, DECLARE))
    while not hand.legal_actions()[0].kind.startswith("declare-"):
        hand.apply(passive(hand, hand.legal_actions()))
    kinds = [a.kind for a in hand.legal_actions()]
    assert kinds == ["declare-high", "declare-low", "declare-swing"]
    hand.apply(Action("declare-high"))
    hand.apply(Action("declare-low"))
    assert not any(e.kind == "declare" for e in hand.events)
    hand.apply(Action("declare-swing"))
    assert sum(1 for e in hand.events if e.kind == "declare") == 3


# ---------------------------------------------------------------- twist

def test_twist_replaces_a_card_face_for_face_at_a_cost() -> None:
    variant = fresh("seven-card-stud-twist")
    hand = Hand(variant, [200] * 3, seed=3)
    while not any(a.kind == "twist" for a in hand.legal_actions()):
        hand.apply(passive(hand, hand.legal_actions()))
    assert hand.street_name == "sixth"
    seat = hand.actor
    assert seat is not None
    old_down = hand.down[seat][0]
    stack = hand.stacks[seat]
    hand.apply(Action("twist", old_down))
    assert hand.stacks[seat] == stack - variant.stakes.small_bet
    assert old_down not in hand.cards[seat] and len(hand.down[seat]) == 2
    twist_at = hand.events.index(("twist", seat, old_down, variant.stakes.small_bet, False))
    dealt = hand.events[twist_at + 1]
    assert (dealt.kind, dealt.seat, dealt.up) == ("deal", seat, False)
    other = hand.view((seat + 1) % 3).events
    assert other[twist_at] == ("twist", seat, None, variant.stakes.small_bet, False)
    assert other[twist_at + 1] == ("deal", seat, None, False)  # the new down card is hidden too
    hand.apply(Action("stand"))
    seat = hand.actor or 0
    up = hand.up[seat][0]
    hand.apply(Action("twist", up))
    twist_at = hand.events.index(("twist", seat, up, variant.stakes.small_bet, True))
    assert hand.events[twist_at + 1].up is True  # an up card comes back up
    assert_sound_with_reuse(play(hand))


# ---------------------------------------------------------------- random play

PLUGIN_VARIANTS = [
    "chicago", "low-chicago", "baseball", "follow-the-queen", "roll-your-own",
    "high-low-declare", "seven-card-stud-twist", "south-dakota-seven-card-stud",
]


@pytest.mark.parametrize("name", PLUGIN_VARIANTS)
def test_random_play_keeps_the_invariants(name: str) -> None:
    variant = fresh(name)
    assert variant.plugins
    rng = random.Random(name)
    for seed in range(40):
        players = rng.randint(variant.min_players, variant.max_players)
        stacks = [rng.choice([15, 60, 400]) for _ in range(players)]
        hand = Hand(variant, stacks, seed=seed)
        steps = 0
        while not hand.is_over:
            actions = hand.legal_actions()
            assert actions, f"{name} seed {seed}: nobody can act: {hand.events[-3:]}"
            hand.apply(rng.choice(actions))
            steps += 1
            assert steps < 500
        assert sum(hand.payoffs) == 0
        assert all(stack >= 0 for stack in hand.stacks)
        live = [c for s, cards in enumerate(hand.cards) if not hand.folded[s] for c in cards]
        assert len(live) == len(set(live))


# ---------------------------------------------------------------- failures

def state(hand: Hand) -> tuple[object, ...]:
    return (
        list(hand.events), list(hand.stacks), list(hand.contrib), hand.actor, hand.street,
        [list(c) for c in hand.cards], list(hand.burned), hand._source.remaining(),
    )


def test_a_plugin_failing_mid_action_leaves_the_hand_as_it_was(tmp_path: Path) -> None:
    (tmp_path / "grumpy.py").write_text(
        "from studkit.hooks.specs import hookimpl\n"
        "@hookimpl\n"
        "def studkit_card_dealt(street, card):\n"
        "    if street.name == 'fourth':\n"
        "        raise RuntimeError('no fourth street today')\n"
    )
    registry = PluginRegistry([tmp_path])
    variant = fresh("seven-card-stud", registry, plugins=(PluginRef("grumpy"),))
    hand = Hand(variant, [100] * 3, seed=2)
    while hand.street == 0:
        actions = hand.legal_actions()
        before = state(hand)
        action = passive(hand, actions)
        try:
            hand.apply(action)
        except PluginError as error:
            assert "plugin 'grumpy' failed in studkit_card_dealt" in str(error)
            assert "no fourth street today" in str(error)
            assert state(hand) == before
            assert hand.legal_actions() == actions
            break
    else:
        pytest.fail("the plugin never failed")


def test_the_example_entry_point_plugin_changes_a_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from test_plugins_host import _fake_distribution

    site = tmp_path / "site"
    _fake_distribution(site)
    monkeypatch.syspath_prepend(str(site))
    seats = ["2c 2d Kc Kh 8d Jc 3s", "Ah Ad Ac 9h 7s 6s 4d"]

    def winner() -> list[int]:
        variant = fresh("seven-card-stud")
        hand = play(Hand(variant, [100] * 2, cards=deal_order(variant, seats)))
        return list(won(hand, "high"))

    assert winner() == [0]  # two wild deuces make four kings
    monkeypatch.setenv(pluginhost.AUTOLOAD_ENV, "1")
    assert winner() == [1]  # without the plugin, trip aces win


def test_twist_after_an_unknown_street_is_an_error_naming_the_plugin() -> None:
    variant = with_plugin("seven-card-stud-twist", "twist", {"after": ["eighth"]})
    hand = Hand(variant, [100] * 3, seed=1)
    with pytest.raises(PluginError, match=r"plugin 'twist' failed in studkit_twist_offer.*eighth"):
        play(hand)


def test_plugin_options_are_checked_when_the_variant_file_loads(tmp_path: Path) -> None:
    from studkit.errors import VariantError

    path = tmp_path / "club.yaml"
    path.write_text(
        "studkit: 1\n"
        "extends: seven-card-stud\n"
        "name: club\n"
        "plugins:\n"
        "  - name: community-card\n"
        "    options: {policy: wsop}\n"
    )
    with pytest.raises(VariantError) as caught:
        load_variant(path)
    message = str(caught.value)
    assert "club.yaml:6" in message and "policy" in message and "'wsop'" in message


class CountingSource:
    """A stub dealt from outside (chance nodes): it only counts the cards left."""

    def __init__(self, size: int) -> None:
        self.left = size

    def draw(self, seat: int) -> Card:
        raise AssertionError("with auto_deal=False no card is drawn by the engine")

    def remaining(self) -> int:
        return self.left

    def restore(self, cards: Sequence[Card], rng: random.Random) -> None:
        self.left += len(cards)


@pytest.mark.parametrize(
    ("name", "expected"),
    [("baseball", "pay"), ("seven-card-stud-twist", "twist"), ("roll-your-own", "expose")],
)
def test_cards_plugins_give_are_chance_nodes_when_dealing_from_outside(
    name: str, expected: str
) -> None:
    variant = fresh(name)
    rng = random.Random(7)
    seen: set[str] = set()
    most = 0
    for _ in range(30):
        source = CountingSource(52)
        hand = Hand(variant, [300] * 4, source=source, auto_deal=False)
        while not hand.is_over:
            if hand.needs_card is not None:
                left = [c for c in standard_deck() if int(c) not in hand.cards_out()]
                source.left -= 1
                hand.deal(rng.choice(left))
            else:
                hand.apply(rng.choice(hand.legal_actions()))
        seen.update(e.kind for e in hand.events)
        most = max(most, *(len(cards) for cards in hand.cards))
        assert sum(hand.payoffs) == 0
    assert expected in seen
    if name == "baseball":
        assert most > 7  # an up four's extra card came through a chance node


def test_a_share_nobody_declared_goes_to_the_declared_share() -> None:
    variant = fresh("high-low-declare")
    order = deal_order(variant, DECLARE)
    hand = play(Hand(variant, [200] * 3, cards=order), declaring({0: "low", 1: "low", 2: "low"}))
    assert won(hand, "high") == {}
    assert sum(won(hand, "low").values()) == sum(pot.amount for pot in hand.pots)
    assert list(won(hand, "low")) == [2]  # A-2-3-4-9 is the best low


def eager(action: Action) -> tuple[bool, int]:
    """Prefer putting chips in, the more the better."""
    return action.kind in ("bet", "raise", "complete", "call"), action.amount or 0


def test_a_player_who_cannot_pay_for_a_twist_may_only_stand() -> None:
    variant = fresh("seven-card-stud-twist")
    cost = variant.stakes.small_bet
    for seed in range(40):
        hand = Hand(variant, [200, 200, 30], seed=seed)
        while not hand.is_over:
            actions = hand.legal_actions()
            if any(a.kind == "stand" for a in actions):
                seat = hand.actor
                assert seat is not None
                if hand.stacks[seat] < cost:
                    assert [a.kind for a in actions] == ["stand"]
                    return
            hand.apply(passive(hand, actions) if hand.actor != 2 else max(actions, key=eager))
    pytest.fail("no short stack reached the twist round")


def test_follow_the_queen_wild_cards_count_for_who_acts_first() -> None:
    seats = [
        "2c 3c Kc 9d 8h 6c 4s",  # shows K 9 on fourth street
        "2d 3d Qd 5h Jh 8c 5s",  # shows Q 5: the queen is wild, a pair of fives
        "4c 4d 7s Ts Ah 9c 2s",  # 7s follows the queen: 7s wild, 7 T shows a pair of tens
    ]
    variant = fresh("follow-the-queen")
    hand = Hand(variant, [200] * 3, cards=deal_order(variant, seats))
    while hand.street < 1:
        hand.apply(passive(hand, hand.legal_actions()))
    assert hand.actor == 2
    plain = fresh("follow-the-queen", plugins=())
    hand = Hand(plain, [200] * 3, cards=deal_order(plain, seats))
    while hand.street < 1:
        hand.apply(passive(hand, hand.legal_actions()))
    assert hand.actor == 0  # without wild cards the king is the best board


def test_in_turn_declarations_are_shown_as_made() -> None:
    variant = with_plugin("high-low-declare", "declare", {"simultaneous": False})
    hand = Hand(variant, [200] * 3, cards=deal_order(variant, DECLARE))
    while not hand.legal_actions()[0].kind.startswith("declare-"):
        hand.apply(passive(hand, hand.legal_actions()))
    first = hand.actor
    hand.apply(Action("declare-low"))
    assert hand.events[-1] == ("declare", first, "low")


def test_a_swing_may_tie_option() -> None:
    from studkit.plugins.declare import judge

    strengths = {"high": [50, 50, 10], "low": [40, 5, 30]}
    declared = {0: "swing", 1: "high", 2: "low"}
    strict = judge(strengths, declared, swing_may_tie=False)
    assert strict == {"high": [0, 50, 0], "low": [0, 0, 30]}  # tied high: the swing loses all
    lenient = judge(strengths, declared, swing_may_tie=True)
    assert lenient == {"high": [50, 50, 0], "low": [40, 0, 30]}  # it splits high, wins low
