"""Hooks no shipped plugin uses, driven by small plugins written here: a custom hand
evaluator, bring-in and first-actor overrides, per-player wild ranks, the odd-chip order."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from test_plugins_games import deal_order, passive, play, won

from studkit.engine import Hand
from studkit.errors import PluginError
from studkit.hooks.registry import PluginRegistry
from studkit.variant.loader import load_variant
from studkit.variant.model import PluginRef, PotShare, Variant


@pytest.fixture(autouse=True)
def plugins_dir(tmp_path: Path) -> Path:
    directory = tmp_path / "plugins"
    directory.mkdir()
    return directory


def add(directory: Path, name: str, body: str) -> PluginRegistry:
    """Write a plugin into ``directory``: the registry ``--plugins-dir directory`` makes."""
    (directory / f"{name}.py").write_text("from studkit.hooks.specs import hookimpl\n\n" + body)
    return PluginRegistry([directory])


def stud(*plugins: str, registry: PluginRegistry | None = None, **changes: object) -> Variant:
    loaded = load_variant("seven-card-stud", registry=registry)
    variant = replace(loaded, **changes)  # type: ignore[arg-type]
    return replace(variant, plugins=tuple(PluginRef(name) for name in plugins))


SEATS = ["Ah Kd 2c 7s 8d 9s Jd", "3h 4d Kc Qs Jh 5c 6h", "Ad As 8c 8h 2d Ts 4c"]


def test_a_custom_hand_evaluator_ranks_a_pot_share(plugins_dir: Path) -> None:
    registry = add(plugins_dir, "fewest_spades", (
        "class Fewest:\n"
        "    name = 'fewest-spades'\n"
        "    def evaluate(self, cards):\n"
        "        return 10 - sum(1 for c in cards if c < 52 and c % 4 == 3)\n"
        "    def describe(self, strength):\n"
        "        return f'{10 - strength} spades'\n"
        "    def qualifier(self, text):\n"
        "        return 1\n"
        "    def best_five(self, cards):\n"
        "        return tuple(cards[:5])\n"
        "@hookimpl\n"
        "def studkit_hand_evaluator(name, wild_ranks):\n"
        "    return Fewest() if name == 'fewest-spades' else None\n"
    ))
    variant = stud("fewest-spades", registry=registry, pots=(PotShare("fewest", "fewest-spades"),))
    hand = play(Hand(variant, [100] * 3, cards=deal_order(variant, SEATS)))
    assert list(won(hand, "fewest")) == [1]  # seat 1 holds one spade; the others two and three
    assert hand.awards[0][4] == "1 spades"


def test_a_custom_evaluator_can_rank_the_showing_hands(plugins_dir: Path) -> None:
    from studkit.variant.model import ActionOrder

    registry = add(plugins_dir, "most_red", (
        "class MostRed:\n"
        "    name = 'most-red'\n"
        "    def evaluate(self, cards):\n"
        "        return 1 + sum(1 for c in cards if c < 52 and c % 4 in (1, 2))\n"
        "@hookimpl\n"
        "def studkit_hand_evaluator(name, wild_ranks):\n"
        "    return MostRed() if name == 'most-red' else None\n"
    ))
    seats = ["Ah Kd 2c 7s 8d 9s Jd", "3h 4d Kh Qd Jh 5c 6h", "Ad As 8c 8s 2d Ts 4c"]
    plain = stud()
    hand = Hand(plain, [100] * 3, cards=deal_order(plain, seats))
    while hand.street < 1:
        hand.apply(passive(hand, hand.legal_actions()))
    assert hand.actor == 2  # fourth street: 2c 7s, Kh Qd, 8c 8s: the pair opens
    variant = stud("most-red", registry=registry, action_order=ActionOrder(evaluator="most-red"))
    hand = Hand(variant, [100] * 3, cards=deal_order(variant, seats))
    while hand.street < 1:
        hand.apply(passive(hand, hand.legal_actions()))
    assert hand.actor == 1  # the most red cards showing opens


def test_bring_in_and_first_actor_overrides(plugins_dir: Path) -> None:
    registry = add(plugins_dir, "button_opens", (
        "@hookimpl\n"
        "def studkit_bring_in(hand, seat):\n"
        "    return hand.n - 1\n"
        "@hookimpl\n"
        "def studkit_first_actor(hand, seat, previous):\n"
        "    return 0 if not hand.folded[0] else None\n"
    ))
    variant = stud("button-opens", registry=registry)
    hand = Hand(variant, [100] * 3, cards=deal_order(variant, SEATS))
    assert hand.forced_seat == 2 and hand.actor == 2  # the lowest card (2c, seat 0) is overruled
    while hand.street == 0:
        hand.apply(passive(hand, hand.legal_actions()))
    assert hand.actor == 0


def test_an_override_naming_a_seat_that_is_not_live_is_an_error(plugins_dir: Path) -> None:
    registry = add(plugins_dir, "nobody", "@hookimpl\ndef studkit_bring_in(seat):\n    return 9\n")
    with pytest.raises(PluginError, match=r"studkit_bring_in returned 9, which is not a live"):
        Hand(stud("nobody", registry=registry), [100] * 3, seed=1)


def test_per_player_wild_ranks(plugins_dir: Path) -> None:
    plain = play(Hand(stud(), [100] * 3, cards=deal_order(stud(), SEATS)))
    assert list(won(plain, "high")) == [2]  # without the plugin: aces and eights win
    registry = add(plugins_dir, "kings_for_seat_one", (
        "from studkit.cards import Rank\n"
        "@hookimpl\n"
        "def studkit_wild_ranks(seat, table_wild):\n"
        "    return table_wild | {Rank.KING} if seat == 1 else None\n"
    ))
    variant = stud("kings-for-seat-one", registry=registry)
    hand = play(Hand(variant, [100] * 3, cards=deal_order(variant, SEATS)))
    # seat 1's Kc plays as the seven of 3-4-5-6-7: a straight beats seat 2's aces and eights
    assert list(won(hand, "high")) == [1]
    assert hand.awards[0][4].startswith("Straight")


ODD_CHIP_SEATS = ["Ah Kd 2c 7s 8d 9c Jd", "As Kh 2d 7c 8h 9d Js", "3c 4d 6h Ts 9h Qd 2h"]


@pytest.mark.parametrize(
    ("name", "order", "expected"),
    [
        ("last_seat_first", "sorted(order, reverse=True)", {1: 5, 0: 4}),
        ("lowest_seat_first", "sorted(order)", {0: 5, 1: 4}),
    ],
)
def test_odd_chip_order_override_beats_the_variant_s_own_order(
    plugins_dir: Path, name: str, order: str, expected: dict[int, int]
) -> None:
    # Seats 0 and 1 tie and split 9 chips. Without a plugin the odd chip goes to seat 1,
    # the first to show (first-shown); with one it goes to the first tied seat of the
    # plugin's order: seat 1 for the highest seat first, seat 0 for the lowest seat first.
    plain = stud()
    hand = play(Hand(plain, [100] * 3, cards=deal_order(plain, ODD_CHIP_SEATS)))
    assert hand.shown[0] == 1 and won(hand, "high") == {1: 5, 0: 4}
    registry = add(plugins_dir, name, (
        "@hookimpl\n"
        "def studkit_odd_chip_order(order):\n"
        f"    return {order}\n"
    ))
    variant = stud(name.replace("_", "-"), registry=registry)
    hand = play(Hand(variant, [100] * 3, cards=deal_order(variant, ODD_CHIP_SEATS)))
    assert hand.shown[0] == 1 and won(hand, "high") == expected


def test_a_refreshed_registry_reaches_a_variant_already_played(plugins_dir: Path) -> None:
    registry = PluginRegistry([plugins_dir])
    variant = stud(registry=registry)
    assert Hand(variant, [100] * 3, seed=1).rules.plugins is None
    add(plugins_dir, "watcher", "@hookimpl\ndef studkit_bring_in(seat):\n    return None\n")
    assert Hand(variant, [100] * 3, seed=1).rules.plugins is None, "found once, until a refresh"
    registry.refresh()
    assert Hand(variant, [100] * 3, seed=1).rules.plugins is not None


def test_nothing_is_due_to_call_during_a_plugin_decision() -> None:
    hand = Hand(load_variant("seven-card-stud-twist"), [200] * 3, seed=3)
    while not any(a.kind == "twist" for a in hand.legal_actions()):
        hand.apply(passive(hand, hand.legal_actions()))
    assert hand.to_call == 0


def test_the_hand_offers_everything_hookspecs_handview_promises() -> None:
    from studkit.hooks.specs import HandView

    hand = Hand(load_variant("seven-card-stud"), [100] * 3, seed=1)
    members = [name for name in vars(HandView) if not name.startswith("_")]
    assert {"variant", "events", "folded", "up", "down"} <= set(members)
    for name in members:
        assert hasattr(hand, name), f"Hand has no {name!r}, which HandView promises plugins"


def test_two_swings_are_judged_against_each_other() -> None:
    from studkit.plugins.declare import judge

    strengths = {"high": [9, 8, 1], "low": [7, 9, 1]}
    kept = judge(strengths, {0: "swing", 1: "swing", 2: "high"}, swing_may_tie=False)
    assert kept == {"high": [0, 0, 1], "low": [0, 0, 0]}  # neither swing wins both ways


def test_declare_judging_keeps_each_seat_to_its_declaration() -> None:
    from hypothesis import given, settings, strategies as st

    from studkit.plugins.declare import judge

    seats = 4

    @settings(max_examples=300, deadline=None)
    @given(
        high=st.lists(st.integers(0, 5), min_size=seats, max_size=seats),
        low=st.lists(st.integers(0, 5), min_size=seats, max_size=seats),
        choices=st.lists(st.sampled_from(["high", "low", "swing"]), min_size=seats,
                         max_size=seats),
        may_tie=st.booleans(),
    )
    def check(high: list[int], low: list[int], choices: list[str], may_tie: bool) -> None:
        strengths = {"high": high, "low": low}
        declared = dict(enumerate(choices))
        kept = judge(strengths, declared, may_tie)
        for seat, choice in declared.items():
            for name in ("high", "low"):
                value = kept[name][seat]
                assert value in (0, strengths[name][seat])
                if choice not in (name, "swing"):
                    assert value == 0
                elif choice == name:
                    assert value == strengths[name][seat]
            if choice == "swing":
                both = [kept[name][seat] for name in ("high", "low")]
                whole = [strengths[name][seat] for name in ("high", "low")]
                assert both in ([0, 0], whole)
                if both == whole and 0 not in whole:  # a swing that stays beat every rival
                    for name in ("high", "low"):
                        rivals = [strengths[name][s] for s in range(seats)
                                  if s != seat and declared[s] in (name, "swing")]
                        mine = strengths[name][seat]
                        assert mine > 0
                        assert all(r < mine or (may_tie and r == mine) for r in rivals)

    check()


@pytest.mark.parametrize(
    "name", ["seven-card-stud", "no-limit-seven-card-stud", "pot-limit-seven-card-stud",
             "baseball", "seven-card-stud-twist", "roll-your-own"],
)
def test_any_failing_hook_leaves_the_hand_as_it_was(plugins_dir: Path, name: str) -> None:
    import random

    from test_plugins_games import state

    registry = add(plugins_dir, "flaky", (
        "@hookimpl\n"
        "def studkit_card_dealt(street, card, face):\n"
        "    if street.name != 'third' and card % 11 == 0:\n"
        "        raise RuntimeError('dealt a bad card')\n"
    ))
    variant = load_variant(name, registry=registry)
    rng = random.Random(name)
    failures = 0
    for seed in range(30):
        hand = Hand(variant, [rng.choice([40, 400]) for _ in range(4)], seed=seed)
        while not hand.is_over:
            actions = hand.legal_actions()
            action = rng.choice(actions)
            if action.min is not None and action.max is not None:
                action = action.to(rng.randint(action.min, action.max))
            before = state(hand)
            try:
                hand.apply(action)
            except PluginError as error:
                assert "plugin 'flaky' failed in studkit_card_dealt" in str(error)
                assert state(hand) == before and hand.legal_actions() == actions
                failures += 1
                break
    assert failures
