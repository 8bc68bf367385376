"""Cards, ranks, suits and decks."""

from __future__ import annotations

import pytest

from studkit.cards import (
    CARDS,
    Deck,
    Rank,
    Suit,
    card,
    format_cards,
    parse_card,
    parse_cards,
    parse_rank,
    standard_deck,
)
from studkit.errors import CardError


def test_parse_and_format_round_trip() -> None:
    for c in CARDS:
        assert parse_card(str(c)) is c


@pytest.mark.parametrize(
    ("text", "expected"),
    [("As Td 2c", "As Td 2c"), ("10d", "Td"), ("AsKd7h", "As Kd 7h"), ("as,th", "As Th"),
     ("A♠ 10♦", "As Td"), ("10c10d", "Tc Td"), ("Jk As", "Jk As")],
)
def test_parse_forms(text: str, expected: str) -> None:
    assert format_cards(parse_cards(text)) == expected


@pytest.mark.parametrize("bad", ["1x", "Az", "11c", "", "A"])
def test_bad_card_names_the_token(bad: str) -> None:
    with pytest.raises(CardError) as info:
        parse_card(bad)
    assert repr(bad) in str(info.value)


def test_bad_token_in_a_list_is_named() -> None:
    with pytest.raises(CardError, match="'1x'"):
        parse_cards("As 1x Kd")


def test_duplicate_card_is_an_error() -> None:
    with pytest.raises(CardError, match="appears twice"):
        parse_cards("As Kd As")


def test_rank_suit_and_order() -> None:
    assert parse_card("Ks").rank is Rank.KING and parse_card("Ks").suit is Suit.SPADES
    assert Suit.CLUBS < Suit.DIAMONDS < Suit.HEARTS < Suit.SPADES
    assert card(Rank.TWO, Suit.SPADES) > card(Rank.TWO, Suit.HEARTS)
    assert parse_rank("10") is Rank.TEN
    with pytest.raises(CardError):
        parse_rank("1")
    with pytest.raises(CardError):
        _ = CARDS[52].rank


def test_symbols() -> None:
    assert format_cards(parse_cards("Ah Tc"), symbols=True) == "A♥ T♣"


def test_seeded_shuffles_are_reproducible_and_complete() -> None:
    a, b = Deck(seed=42), Deck(seed=42)
    assert a.deal(52) == b.deal(52)
    assert sorted(Deck(seed=1).deal(52)) == list(CARDS[:52])
    assert Deck(seed=1).deal(5) != Deck(seed=2).deal(5)


def test_stripped_deck_and_jokers() -> None:
    short = standard_deck(stripped_ranks=[Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE])
    assert len(short) == 36 and all(c.rank >= Rank.SIX for c in short)
    with_jokers = standard_deck(jokers=2)
    assert len(with_jokers) == 54 and with_jokers[-1].is_joker
    with pytest.raises(CardError):
        standard_deck(jokers=3)


def test_deck_runs_out_clearly() -> None:
    deck = Deck(seed=0)
    deck.deal(50)
    with pytest.raises(CardError, match="2 left"):
        deck.deal(3)
    assert deck.peek(2) == deck.deal(2)


def test_copies_of_a_card_are_the_card_itself() -> None:
    import copy

    from studkit.cards import CARDS

    for c in CARDS:
        assert copy.copy(c) is c and copy.deepcopy(c) is c
