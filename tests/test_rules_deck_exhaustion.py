"""Deck exhaustion, rule by rule: how a street is dealt when the stub is short
(studkit.engine.exhaustion.plan_short_street).

Each case is one rule of ``deck_exhaustion`` stated on a stub of a few cards; together they
pin every comparison of the plan (a burn counts as a card, whole rounds first, one community
card per remaining round, the burn dropped only when no card is left for it).
"""

from __future__ import annotations

import random

import pytest

from studkit.cards import CARDS, Card
from studkit.engine.dealing import BURN, DeckSource, OrderedSource
from studkit.engine.exhaustion import DeckExhaustedError, StreetDeal, plan_short_street
from studkit.variant.model import DeckExhaustion

DEFAULT = DeckExhaustion()
"""community_card on, burns not reshuffled, folded cards reused."""


def plan(
    left: int,
    *,
    rounds: int = 1,
    live: int = 4,
    burn: bool = True,
    policy: DeckExhaustion = DEFAULT,
    burned: list[Card] | None = None,
    folded: list[Card] | None = None,
) -> StreetDeal:
    source = DeckSource(CARDS[:left], seed=0)
    return plan_short_street(
        policy, source, street="seventh", rounds=rounds, live=live, burn=burn,
        burned=[] if burned is None else burned, folded=[] if folded is None else folded,
        rng=random.Random(0),
    )


@pytest.mark.parametrize(
    ("left", "rounds", "live", "burn", "expected"),
    [
        # A burn and one card each fit exactly: the street is dealt as usual.
        (5, 1, 4, True, (True, 1, 0)),
        # The burn counts: four cards cannot give four players a card after a burn.
        (4, 1, 4, True, (True, 0, 1)),
        # Without a burn, four cards give four players their card.
        (4, 1, 4, False, (False, 1, 0)),
        # Whole rounds first: one round to both players, the second round one community
        # card, burned first since a card is left for the burn.
        (4, 2, 2, True, (True, 1, 1)),
        # No card left for the burn after the whole rounds: the community card is unburned.
        (3, 2, 2, True, (False, 1, 1)),
        # Three rounds for four players from a stub of three, no burn: no round can go to
        # everyone, so each round is one community card.
        (3, 3, 4, False, (False, 0, 3)),
    ],
)
def test_a_short_street_deals_whole_rounds_first_then_one_community_card_per_round(
    left: int, rounds: int, live: int, burn: bool, expected: tuple[bool, int, int]
) -> None:
    result = plan(left, rounds=rounds, live=live, burn=burn)
    assert (result.burn, result.rounds, result.community) == expected
    assert type(result.burn) is bool


@pytest.mark.parametrize(
    ("left", "rounds", "live", "burn"), [(5, 1, 4, True), (4, 1, 4, False), (4, 2, 2, False)]
)
def test_a_stub_that_covers_the_street_is_dealt_as_usual_without_any_exhaustion_rule(
    left: int, rounds: int, live: int, burn: bool
) -> None:
    """Exactly enough cards (a burn, if the street burns, and every round to every live
    player) is not a short stub: even with ``community_card`` off the street is dealt."""
    result = plan(
        left, rounds=rounds, live=live, burn=burn, policy=DeckExhaustion(community_card=False)
    )
    assert (result.burn, result.rounds, result.community) == (burn, rounds, 0)


def test_whole_rounds_leave_no_card_for_a_community_card_is_an_error() -> None:
    """Two cards for two players' two rounds: the first round is dealt to both, and nothing
    is left for the second round's community card."""
    with pytest.raises(DeckExhaustedError, match=r"^the deck ran out on seventh street: 2 "):
        plan(2, rounds=2, live=2, burn=False)


def test_without_community_card_a_short_stub_is_an_error_naming_the_setting() -> None:
    policy = DeckExhaustion(community_card=False)
    with pytest.raises(
        DeckExhaustedError,
        match=r"^the deck ran out on seventh street \(4 cards left for 4 players\) and "
        r"deck_exhaustion\.community_card is false: no rule says how to finish the deal$",
    ):
        plan(4, policy=policy)


def test_the_last_resort_error_names_the_street_the_count_and_the_settings() -> None:
    with pytest.raises(DeckExhaustedError) as caught:
        plan(0, rounds=1, live=4, burn=True)
    assert str(caught.value) == (
        "the deck ran out on seventh street: 0 cards left cannot give 4 players 1 card(s) "
        "even with a community card (deck_exhaustion settings: reshuffle_burns=False, "
        "reuse_folded=True)"
    )


def test_burns_and_folded_cards_stay_out_while_the_stub_covers_the_street() -> None:
    """A stub of exactly a burn and one card each is not short: neither the burned nor the
    folded cards are shuffled back, whatever the policy allows."""
    burned, folded = [CARDS[50]], [CARDS[51]]
    policy = DeckExhaustion(reshuffle_burns=True, reuse_folded=True)
    result = plan(5, policy=policy, burned=burned, folded=folded)
    assert (result.burn, result.rounds, result.community) == (True, 1, 0)
    assert burned == [CARDS[50]] and folded == [CARDS[51]]


def test_folded_cards_are_not_reused_when_the_policy_says_so() -> None:
    folded = [CARDS[40], CARDS[41], CARDS[42]]
    policy = DeckExhaustion(reuse_folded=False)
    result = plan(4, policy=policy, folded=folded)
    assert (result.burn, result.rounds, result.community) == (True, 0, 1)
    assert folded == [CARDS[40], CARDS[41], CARDS[42]]


@pytest.mark.parametrize("pile", ["burned", "folded"])
def test_cards_shuffled_back_use_the_hands_random_generator(pile: str) -> None:
    """Burned cards (``reshuffle_burns``) or folded cards (``reuse_folded``) go back under
    the stub in an order drawn from the hand's own generator, so a seed replays the deal."""
    back = [CARDS[40], CARDS[41], CARDS[42]]
    policy = DeckExhaustion(reshuffle_burns=pile == "burned", reuse_folded=pile == "folded")
    source = OrderedSource(CARDS[:2])
    given = list(back)
    result = plan_short_street(
        policy, source, street="seventh", rounds=1, live=4, burn=True,
        burned=given if pile == "burned" else [], folded=given if pile == "folded" else [],
        rng=random.Random(7),
    )
    assert (result.burn, result.rounds, result.community) == (True, 1, 0)
    assert given == []
    expected = list(back)
    random.Random(7).shuffle(expected)
    expected.reverse()  # shuffled in under the stub: the last of them comes up first
    dealt = [source.draw(BURN) for _ in range(5)]
    assert dealt == [CARDS[0], CARDS[1], *expected]
