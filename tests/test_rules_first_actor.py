"""Who opens and who acts first, rule by rule (studkit.engine.first_actor): the open-pair
option, the forced bring-in and the first actor by the showing hands.

Cases are the smallest table states that tell each rule apart: a few up cards per seat.
"""

from __future__ import annotations

import pytest

from studkit import load_variant
from studkit.cards import CARDS, Card, parse_cards
from studkit.engine import Hand
from studkit.engine.first_actor import any_open_pair

STUD = load_variant("seven-card-stud")
JOKER = CARDS[52]
RED_JOKER = CARDS[53]


def table(*ups: str | list[Card], folded: tuple[int, ...] = ()) -> Hand:
    """A hand whose seats show ``ups`` (text or cards) and in which ``folded`` folded."""
    hand = Hand(STUD, [100] * len(ups), seed=0)
    hand.up[:] = [list(parse_cards(u)) if isinstance(u, str) else list(u) for u in ups]
    hand.folded[:] = [s in folded for s in range(len(ups))]
    return hand


@pytest.mark.parametrize(
    ("ups", "folded", "expected"),
    [
        # Fourth street: a pair showing in two up cards.
        (("9h 9c", "Ah Kd"), (), True),
        (("9h 8c", "Ah Kd"), (), False),
        # A seat before the pair has fewer than two up cards, or folded: the pair still
        # counts (the check goes on to the next seat).
        (("9h", "Ah Ad"), (), True),
        (("Kh Kc", "2h 3h", "Ah Ad"), (0,), True),
        # A folded player's pair does not make the option live.
        (("9h 9c", "Ah Kd"), (0,), False),
        # Fifth street on: any two of the up cards pair.
        (("2c 9h 9c", "Ah Kd 7s"), (), True),
        (("2c 3d 9h", "Ah Kd 7s"), (), False),
        # Neighbouring ranks do not pair (deuce and trey, four and five).
        (("2c 3d 4h 5s", "Ah Kd"), (), False),
    ],
)
def test_open_pair_option_is_live_when_a_live_player_shows_a_pair(
    ups: tuple[str, ...], folded: tuple[int, ...], expected: bool
) -> None:
    assert any_open_pair(table(*ups, folded=folded)) is expected


@pytest.mark.parametrize("cards", [[JOKER, RED_JOKER], [JOKER, RED_JOKER, CARDS[0]]])
def test_jokers_showing_pair_nothing_for_the_open_pair_option(cards: list[Card]) -> None:
    assert any_open_pair(table(cards, "Ah Kd")) is False
