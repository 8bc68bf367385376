"""``Hand(deal={seat: cards})``: a scenario in a few lines, the rest from a seeded deck."""

from __future__ import annotations

import pytest

from studkit import CardError, StudkitError, load_variant, parse_cards
from studkit.engine import Hand, OrderedSource

STUD = load_variant("seven-card-stud")


def test_the_given_seats_get_their_cards_and_the_others_come_from_the_seeded_deck() -> None:
    hand = Hand(STUD, [100, 100, 100], deal={0: "As Ks 9h", 2: "Ah Kh 2c"}, seed=1)
    assert tuple(hand.down_cards(0)) == parse_cards("As Ks")
    assert tuple(hand.up_cards(0)) == parse_cards("9h")
    assert hand.actor == 2  # the deuce brings in
    again = Hand(STUD, [100, 100, 100], deal={0: "As Ks 9h", 2: "Ah Kh 2c"}, seed=1)
    assert again.cards == hand.cards  # the same seed, the same other cards
    other = Hand(STUD, [100, 100, 100], deal={0: "As Ks 9h", 2: "Ah Kh 2c"}, seed=2)
    assert other.cards[1] != hand.cards[1] and other.cards[0] == hand.cards[0]


def test_a_seat_keeps_its_cards_whoever_folds_before_each_street() -> None:
    """Cards are given per seat, not as a deck order: folds do not shift them."""
    deal = {0: "As Ks 9h 9d", 1: ["Qd Qc 3s", "Qh"], 2: ["Ah Kh 2c", "2d", "Ad"]}
    for folder in (0, 1):
        hand = Hand(STUD, [100, 100, 100], deal=deal, seed=7)
        hand.bring_in()  # seat 2 (the deuce)
        if folder == 0:
            hand.fold()
            hand.call()
        else:
            hand.call()
            hand.fold()
        assert hand.street_name == "fourth"
        live = 1 - folder
        assert hand.up_cards(2)[-1] == parse_cards("2d")[0]
        assert hand.up_cards(live)[-1] == parse_cards("9d Qh".split()[live])[0]
        while hand.street_name == "fourth":
            hand.check_or_call()
        assert hand.up_cards(2)[-1] == parse_cards("Ad")[0]


def test_per_street_lists_skip_a_street_with_none_or_question_marks() -> None:
    hand = Hand(STUD, [100, 100], deal={0: ["As Ks 9h", None, "9d", "?? 9c"]}, seed=3)
    while not hand.is_over:
        hand.check_or_call()
    held = hand.cards[0]
    assert held[:3] == list(parse_cards("As Ks 9h")) and held[4] == parse_cards("9d")[0]
    assert held[6] == parse_cards("9c")[0] and len(held) == 7
    assert len(set(hand.cards[0] + hand.cards[1])) == 14


def test_the_deck_runs_out_where_a_real_deck_would() -> None:
    """Eight players to seventh street share a community card, scripted cards or not."""
    hand = Hand(STUD, [100] * 8, deal={3: "As Ad Ah Ac"}, seed=5)
    while not hand.is_over:
        hand.check_or_call()
    assert len(hand.community) == 1
    assert hand.cards[3][:4] == list(parse_cards("As Ad Ah Ac"))


@pytest.mark.parametrize(("deal", "message"), [
    ({3: "As"}, "deal: no seat 3: the hand has seats 0 to 2"),
    ({0: "As Kd", 1: "As"}, "card As is scripted twice"),
    ({0: "As Xx"}, "bad card 'Xx'"),
    ({0: "Jk"}, "scripted cards 'Jk' are not in this deck"),
])
def test_bad_deals_are_card_errors(deal: dict[int, str], message: str) -> None:
    with pytest.raises(CardError, match=message):
        Hand(STUD, [100, 100, 100], deal=deal)


def test_deal_is_one_way_to_give_the_cards() -> None:
    with pytest.raises(StudkitError, match="give at most one of cards, source and deal"):
        Hand(STUD, [100, 100], deal={0: "As"}, source=OrderedSource(parse_cards("As Kd")))


def test_the_engine_doc_s_deal_example_runs_as_written() -> None:
    import re
    from pathlib import Path

    page = (Path(__file__).resolve().parent.parent / "docs" / "engine.md").read_text()
    (code,) = [block for block in re.findall(r"```python\n(.*?)```", page, re.S)
               if "deal={" in block]
    namespace: dict[str, object] = {}
    lines = code.splitlines()
    exec("\n".join(line.split("#")[0] for line in lines), namespace)  # noqa: S102
    checks = [line for line in lines if "#" in line and not line.startswith("from")]
    for line in checks:
        expression, said = line.split("#")
        shown = said.split(":")[0].strip()
        assert repr(eval(expression.split(";")[-1].strip(), namespace)) == shown  # noqa: S307
