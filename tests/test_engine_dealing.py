"""Card sources, deck exhaustion, the showdown, the seat view and the event log."""

from __future__ import annotations

import dataclasses
import random

import pytest

from studkit import CardError, load_variant, parse_cards
from studkit.cards import CARDS
from studkit.engine import DeckExhaustedError, DeckSource, Hand, OrderedSource, ScriptedSource
from studkit.engine.dealing import BURN
from studkit.engine.events import format_event
from studkit.engine.exhaustion import plan_short_street
from studkit.engine.replay import replay
from studkit.engine.rules import compile_rules
from studkit.variant.model import DeckExhaustion, Variant

STUD = load_variant("seven-card-stud")


def play_passively(hand: Hand) -> None:
    while not hand.is_over:
        hand.check_or_call()


def scripted(variant: Variant, stacks: list[int], *hole: str) -> Hand:
    deck = compile_rules(variant).deck
    return Hand(variant, stacks, source=ScriptedSource([parse_cards(h) for h in hole], deck=deck))


def test_deck_source_is_reproducible_and_never_repeats() -> None:
    deck = compile_rules(STUD).deck
    a = DeckSource(deck, seed=11)
    b = DeckSource(deck, seed=11)
    drawn = [a.draw(0) for _ in range(52)]
    assert drawn == [b.draw(0) for _ in range(52)]
    assert sorted(drawn) == sorted(deck)
    with pytest.raises(CardError, match="empty"):
        a.draw(0)


def test_ordered_source_deals_the_given_order_burns_included() -> None:
    given = parse_cards("2c 3c 4c 5c 6c 7c 8c 9c Tc")
    order = given + tuple(c for c in CARDS[:52] if c not in given)
    hand = Hand(STUD, [100, 100, 100], cards=order)
    assert hand.down_cards(0) == parse_cards("2c 5c")
    assert hand.up_cards(2) == parse_cards("Tc")
    play_passively(hand)
    burns = [e.card for e in hand.events if e.kind == "burn"]
    assert burns[0] == order[9]
    with pytest.raises(CardError, match="twice"):
        OrderedSource(parse_cards("2c 3c", unique=False) + parse_cards("2c"))


def test_scripted_source_draws_burns_and_unknown_cards_from_the_unused() -> None:
    deck = compile_rules(STUD).deck
    source = ScriptedSource([[CARDS[0], None]], deck=deck)
    assert source.draw(0) == CARDS[0]
    unknown = source.draw(0)
    burn = source.draw(BURN)
    assert CARDS[0] not in (unknown, burn) and unknown != burn
    with pytest.raises(CardError, match="twice"):
        ScriptedSource([parse_cards("As Kd"), parse_cards("As")], deck=deck)


def test_eight_players_to_seventh_get_a_community_card() -> None:
    hand = Hand(STUD, [100] * 8, seed=3)
    play_passively(hand)
    community = [e for e in hand.events if e.kind == "community"]
    assert len(community) == 1  # 56 cards + 3 burns cannot come from 52
    assert all(len(hand.cards[s]) == 6 for s in range(8))
    assert hand.community and sum(hand.payoffs) == 0
    again = replay(STUD, hand.starting_stacks, hand.events, button=hand.button)
    assert again.events == hand.events


def test_exhaustion_policy_reshuffles_burns_then_community() -> None:
    deck = list(compile_rules(STUD).deck)
    source = DeckSource(deck[:8], seed=1)
    burned = [deck[40], deck[41], deck[42]]
    policy = DeckExhaustion(community_card=True, reshuffle_burns=True, reuse_folded=False)
    plan = plan_short_street(policy, source, street="seventh", rounds=1, live=9, burn=True,
                             burned=burned, folded=[], rng=random.Random(0))
    assert (plan.burn, plan.rounds, plan.community) == (True, 1, 0)  # 11 cards cover 1 + 9
    assert burned == []
    short = DeckSource(deck[:4], seed=1)
    plan = plan_short_street(policy, short, street="seventh", rounds=1, live=8, burn=True,
                             burned=[], folded=[], rng=random.Random(0))
    assert (plan.burn, plan.rounds, plan.community) == (True, 0, 1)
    with pytest.raises(DeckExhaustedError, match="community_card"):
        plan_short_street(DeckExhaustion(community_card=False), DeckSource(deck[:4]),
                          street="seventh", rounds=1, live=8, burn=True, burned=[], folded=[],
                          rng=random.Random(0))


def test_loser_mucks_unshown_unless_all_must_show() -> None:
    # Seat 0's open nines act first, so seat 1 checks last and shows first (spec-000): its
    # wheel beats seat 0's kings and nines, which are mucked unshown.
    holes = ("Kd Kc 9h 9d 8c 7c Jd", "As Ah 2c 3c 4c 5d 2d")
    hand = scripted(STUD, [100, 100], *holes)
    play_passively(hand)
    shown = [(e.kind, e.seat) for e in hand.events if e.kind in ("show", "muck")]
    assert shown == [("show", 1), ("muck", 0)]
    assert hand.payoffs[1] > 0
    show_all = dataclasses.replace(
        STUD, showdown=dataclasses.replace(STUD.showdown, losers_may_muck=False)
    )
    hand = scripted(show_all, [100, 100], *holes)
    play_passively(hand)
    assert [e.kind for e in hand.events if e.kind in ("show", "muck")] == ["show", "show"]


@pytest.mark.parametrize(
    ("method", "odd_chip_seat"),
    [("first-shown", None), ("high-card-by-suit", 0), ("low-card-by-suit", 1)],
)
def test_odd_chip_of_a_tie(method: str, odd_chip_seat: int | None) -> None:
    # Seats 0 and 1 tie with six-high straights; seat 2 folds to the bring-in: pot 7.
    holes = ("2s 3h 4d 5c 6s Kd Qc", "2h 3s 4c 5d 6h Jd Qd", "Ac Ad Ks Kh 9c 9d 8h")
    variant = dataclasses.replace(
        STUD, odd_chips=dataclasses.replace(STUD.odd_chips, method=method)  # type: ignore[arg-type]
    )
    hand = scripted(variant, [100, 100, 100], *holes)
    assert hand.actor == 1  # 4c brings in
    hand.bring_in()
    hand.fold()
    play_passively(hand)
    awards = {e.seat: e.amount for e in hand.events if e.kind == "award"}
    assert sorted(awards.values()) == [3, 4]
    if odd_chip_seat is None:  # spec-000: the player who showed first
        odd_chip_seat = next(e.seat for e in hand.events if e.kind == "show")
    assert awards[odd_chip_seat] == 4


def test_view_hides_other_players_down_cards() -> None:
    hand = Hand(STUD, [100, 100, 100], seed=5)
    view = hand.view(0)
    assert view.down_cards == hand.down_cards(0)
    assert view.up_cards[1] == hand.up_cards(1)
    hidden = [e for e in view.events if e.kind == "deal" and e.seat != 0 and not e.up]
    assert hidden and all(e.card is None for e in hidden)
    assert view.legal_actions == () or hand.actor == 0
    actor_view = hand.view(hand.actor or 0)
    assert actor_view.legal_actions == tuple(hand.legal_actions())


def test_events_format_as_text() -> None:
    hand = Hand(STUD, [100, 100], seed=2)
    play_passively(hand)
    lines = [format_event(e) for e in hand.events]
    assert lines[0] == "seat 0: antes 1"
    assert any(line.startswith("*** fourth") for line in lines)
    assert any("wins" in line for line in lines)


def test_every_event_kind_has_its_sentence() -> None:
    ace, king = parse_cards("As Kd")
    names = ["ann", "bob", "cy"]
    expected = {
        ("ante", 0, 1): "ann: antes 1",
        ("street", 1, "fourth"): "*** fourth ***",
        ("deal", 1, ace, True): "bob: dealt As up",
        ("deal", 2, king, False): "cy: dealt Kd down",
        ("burn", ace): "burn As",
        ("community", king): "community card Kd",
        ("bring-in", 0, 2, 2): "ann: bring-in 2",
        ("complete", 1, 5, 5): "bob: complete to 5",
        ("bet", 1, 10, 10): "bob: bet to 10",
        ("raise", 2, 20, 20): "cy: raise to 20",
        ("call", 0, 20, 18): "ann: call 18",
        ("check", 1, 0, 0): "bob: check",
        ("fold", 2, 0, 0): "cy: fold",
        ("return", 1, 10): "bob: uncalled bet of 10 returned",
        ("show", 1, (ace, king)): "bob: shows As Kd",
        ("muck", 2): "cy: mucks",
        ("award", 0, 30, 0, "high", "two pair"): (
            "ann: wins 30 from the main pot (high) with two pair"
        ),
        ("award", 1, 15, 1, "", ""): "bob: wins 15 from the side pot 1",
        ("pay", 1, 3): "pay 1 3",  # a plugin's event: its items as they are
    }
    for event, text in expected.items():
        assert format_event(event, names) == text
    assert format_event(("fold", 2, 0, 0)) == "seat 2: fold"
