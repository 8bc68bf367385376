"""Card sources: where a hand's cards come from (studkit.engine.dealing).

A shuffled deck draws each card uniformly from the cards left, and the engine's inlined deal
draws the same cards from the same seed; a given order is dealt as given; a script deals each
seat, the community and the burns their named cards and everything else from the cards no
script names, counting the deck as a real one would; every source copies and pickles with
its future; running out, a card given twice and a card not in the deck are card errors that
say so.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from conftest import run_doctests

from studkit import CardError, load_variant, parse_cards
from studkit.cards import CARDS
from studkit.engine import DeckSource, Hand, OrderedSource, ScriptedSource
from studkit.engine.dealing import BLANK_SOURCE, BURN, COMMUNITY, seat_scripts
from studkit.engine.rules import compile_rules

STUD = load_variant("seven-card-stud")
DECK = compile_rules(STUD).deck
JOKER = CARDS[52]


def test_the_module_examples_run_as_written() -> None:
    failed, attempted = run_doctests("studkit.engine.dealing")
    assert attempted > 0 and failed == 0


def test_a_deck_draws_uniformly_from_the_cards_left() -> None:
    # The first card of 200 seeded decks: a uniform draw lands on most of the 52 cards, and
    # card i is the one the seed's first random number points at.
    firsts = [DeckSource(DECK, seed=seed).draw(0) for seed in range(200)]
    assert len(set(firsts)) > 40
    assert firsts[5] == DECK[int(random.Random(5).random() * 52)]


def test_the_engine_deals_what_the_deck_source_draws_for_the_same_seed() -> None:
    hand = Hand(STUD, [100, 100, 100], seed=9)
    source = DeckSource(DECK, seed=9)
    dealt = [e.card for e in hand.events if e.kind in ("deal", "burn")]
    assert dealt and dealt == [source.draw(0) for _ in dealt]


def test_sources_that_run_out_say_so() -> None:
    deck = DeckSource(parse_cards("As"), seed=1)
    deck.draw(0)
    with pytest.raises(CardError, match="^cannot deal: the deck is empty$"):
        deck.draw(0)
    order = OrderedSource(parse_cards("As"))
    order.draw(0)
    with pytest.raises(CardError, match="^cannot deal: the given card order has run out$"):
        order.draw(0)
    script = ScriptedSource([parse_cards("As")], deck=parse_cards("As Kd"))
    assert script.draw(0) == parse_cards("As")[0]
    assert script.draw(1) == parse_cards("Kd")[0]  # a seat with no script: an unused card
    with pytest.raises(CardError, match="^cannot deal: no unscripted cards are left$"):
        script.draw(BURN)


def test_a_card_outside_the_variant_s_deck_is_named() -> None:
    with pytest.raises(
        CardError, match=r"^card Jk in the given order 'As Jk' is not in the variant's deck$"
    ) as raised:
        OrderedSource([parse_cards("As")[0], JOKER], DECK)
    assert "Jk" in str(raised.value)
    with pytest.raises(CardError, match=r"^scripted cards 'Jk' are not in this deck$"):
        ScriptedSource([parse_cards("As"), [JOKER]], deck=DECK)


def test_a_card_scripted_twice_is_named() -> None:
    with pytest.raises(CardError, match="^card Kd is scripted twice$"):
        ScriptedSource([parse_cards("As Kd"), parse_cards("Qh Kd")], deck=DECK)
    with pytest.raises(CardError, match="^card Qh is scripted twice$"):
        ScriptedSource([parse_cards("As")], community=parse_cards("Qh"),
                       burns=parse_cards("Qh"), deck=DECK)
    assert ScriptedSource([parse_cards("As"), parse_cards("As")], deck=DECK,
                          allow_repeats=True).draw(1) == parse_cards("As")[0]


def test_scripted_community_cards_and_burns_are_not_dealt_to_anyone_else() -> None:
    # Of a four-card deck the community and the burns name two: only the other two are dealt
    # to a seat or where a script has no card, and then the stub is empty.
    deck = parse_cards("As Kd Qh 2c")
    source = ScriptedSource([[None]], community=[parse_cards("Kd")[0], None],
                            burns=[parse_cards("Qh")[0], None], deck=deck)
    first = source.draw(0)
    assert source.draw(COMMUNITY) == parse_cards("Kd")[0]
    assert source.draw(BURN) == parse_cards("Qh")[0]
    assert {first, source.draw(COMMUNITY)} == set(parse_cards("As 2c"))
    with pytest.raises(CardError, match="no unscripted cards"):
        source.draw(BURN)


def test_a_script_counts_the_deck_as_a_real_deck_would() -> None:
    source = ScriptedSource([parse_cards("As Kd")], deck=DECK)
    assert source.remaining() == 52
    source.draw(0)
    source.draw(BURN)
    assert source.remaining() == 50
    source.restore(parse_cards("2c 3c 4c"), random.Random(0))  # shuffled back: counted again
    assert source.remaining() == 53


def _futures(source: DeckSource | OrderedSource | ScriptedSource, seats: list[int]) -> object:
    return [source.draw(s) for s in seats], source.remaining()


@pytest.mark.parametrize("how", ["copy", "pickle"])
def test_every_source_copies_and_pickles_with_its_future(how: str) -> None:
    def twin(source: object) -> object:
        return copy.deepcopy(source) if how == "copy" else pickle.loads(pickle.dumps(source))

    seats = [0, 1, BURN, COMMUNITY, 0]
    sources = [
        DeckSource(DECK, seed=4),
        OrderedSource(parse_cards("As Kd Qh Jc Ts 9h")),
        ScriptedSource([parse_cards("As"), [None, parse_cards("Kd")[0]]],
                       community=parse_cards("Qh"), burns=parse_cards("Jc"), deck=DECK),
    ]
    for source in sources:
        source.draw(0)
        other = twin(source)
        assert type(other) is type(source)
        assert _futures(other, seats) == _futures(source, seats)  # type: ignore[arg-type]


def test_a_blank_source_deals_nothing() -> None:
    with pytest.raises(CardError, match="^a blank hand deals no cards$"):
        BLANK_SOURCE.draw(0)
    assert BLANK_SOURCE.remaining() == 0


def test_deal_scripts_read_cards_texts_indexes_and_unknowns() -> None:
    ace, king, queen = parse_cards("As Kd Qh")
    scripts = seat_scripts({0: "As,Kd,??", 2: [None, "Qh ? As", int(CARDS.index(king)), queen]}, 3)
    assert scripts == [[ace, king, None], [], [None, queen, None, ace, king, queen]]
    assert seat_scripts({1: "Kd"}, 2) == [[], [king]]
    assert seat_scripts({}, 0) == []


@pytest.mark.parametrize("seat", [-1, 3, True, "0"])
def test_a_deal_for_a_seat_the_hand_does_not_have_is_refused(seat: object) -> None:
    with pytest.raises(CardError, match=rf"^deal: no seat {seat!r}: the hand has seats 0 to 2$"):
        seat_scripts({seat: "As"}, 3)  # type: ignore[dict-item]
    assert seat_scripts({0: "As"}, 1) == [[parse_cards("As")[0]]]
