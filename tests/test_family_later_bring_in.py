"""A bring-in on a later street (stud-family 2.3 and game 35, Australian stud): the first
street deals three down cards with no betting round, each player discards one, and only
then the door card comes; the bring-in opens the first betting round, on that card."""

from __future__ import annotations

import pytest
from kernel_replay import check_kernel_replays

from studkit.engine import Hand
from studkit.errors import VariantError
from studkit.history import from_hand, loads, replay
from studkit.kernel.plan import unsupported
from studkit.variant.loader import load_variant, load_variant_text
from studkit.variant.rules_text import show_text


def passive(hand: Hand) -> None:
    legal = hand.legal_actions()
    kinds = {a.kind: a for a in legal}
    hand.apply(next((kinds[k] for k in ("bring-in", "check", "call") if k in kinds), legal[0]))


def test_2_3_australian_stud_discards_before_any_door_card_then_brings_in_on_it() -> None:
    hand = Hand(load_variant("australian-stud"), [100, 100, 100], seed=5)
    assert hand.street_name == "second" and hand.pot == 3  # the antes, nothing more
    assert {a.kind for a in hand.legal_actions()} == {"discard"}
    assert all(not up for up in hand.up) and all(len(down) == 3 for down in hand.down)
    for _ in range(3):
        hand.apply(hand.legal_actions()[0])
    assert hand.street_name == "third"
    assert [len(up) for up in hand.up] == [1, 1, 1]
    assert [a.kind for a in hand.legal_actions()][0] == "bring-in"
    doors = [hand.up[s][0] for s in range(3)]
    lowest = min(range(3), key=lambda s: (doors[s].rank, doors[s].suit))
    assert hand.actor == lowest
    while not hand.is_over:
        passive(hand)
    assert all(len(hand.cards[s]) == 5 for s in range(3)) and sum(hand.payoffs) == 0


def test_2_3_the_later_bring_in_is_said_and_replays() -> None:
    game = load_variant("australian-stud")
    words = " ".join(show_text(game).split())
    assert "On third street the lowest up card brings in for 2" in words
    assert "one down card, all at once" in words and "no betting round" in words
    hand = Hand(game, [100, 100, 100], seed=9)
    while not hand.is_over:
        passive(hand)
    (history,) = loads(from_hand(hand))
    again = replay(history)
    assert again.hand is not None and list(again.hand.payoffs) == list(hand.payoffs)


LATER = """studkit: 1
extends: five-card-stud
name: later
streets:
  - {name: second, cards: [down, down], betting: false}
  - {name: third, cards: [up], burn: false, bet_size: small}
"""


def test_a_later_bring_in_needs_an_up_card_by_the_first_betting_street() -> None:
    no_card = LATER.replace("cards: [up], burn: false", "cards: [down], burn: false")
    with pytest.raises(VariantError, match="no up card is dealt by 'third', the first street "
                                           "with a betting round"):
        load_variant_text(no_card)
    game = load_variant_text(LATER)
    assert game.first_betting_street == 1


def test_the_kernel_plays_a_later_bring_in_as_the_general_engine_does() -> None:
    game = load_variant_text(LATER)
    assert unsupported(game, ["tag"], 3, 100) is None
    for stack in (1000, 25):
        check_kernel_replays(game, 3, stack, ("random",) * 3, 200, seed=stack)
    assert unsupported(load_variant("five-card-stud"), ["tag"], 3, 100) is None
