"""Paid wild cards (stud-family 2.11 and game 51, Woolworth played Baseball-style): a wild
card dealt face up must be paid for, at the card's value, or its player folds. The
``paid-wilds`` plugin, each setting a scenario."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from scenario import deal
from scripted_hands import passive, play

from studkit.bots.registry import make_bot
from studkit.engine import Action, Hand
from studkit.errors import VariantError
from studkit.history import from_hand, loads, replay
from studkit.plugins.baseball import PayEvent
from studkit.plugins.paid_wilds import rules_sentence
from studkit.variant.loader import load_variant
from studkit.variant.model import Variant
from studkit.variant.rules_text import show_text

# Seat 0's door card is the 5h (wild, up); seat 1's hole cards hold a ten (wild, down) and
# its door card is the Kd; seat 2's door card is the Th (wild, up).
SEATS = (
    "2c 3d 5h 9s 8s 7s 6s",
    "Tc 4d Kd Qs Js 2s 3s",
    "Ac Ad Th 4s 4c Jd Jc",
)


def house(tmp_path: Path, options: str = "{price: card-value}", base: str = "woolworth-stud"
          ) -> Variant:
    path = tmp_path / "house-woolworth.yaml"
    path.write_text(f"studkit: 1\nextends: {base}\nname: house-woolworth\n"
                    f"plugins:\n  - name: paid-wilds\n    options: {options}\n")
    return load_variant(str(path))


def asked(hand: Hand) -> list[tuple[int, list[str]]]:
    """Pay every price asked until the betting starts: (seat, legal actions) per request."""
    seen = []
    while any(a.kind == "pay" for a in hand.legal_actions()):
        seen.append((hand.actor or 0, [str(a) for a in hand.legal_actions()]))
        hand.apply(next(a for a in hand.legal_actions() if a.kind == "pay"))
    return seen


def test_2_11_a_wild_dealt_up_costs_its_value_or_a_fold(tmp_path: Path) -> None:
    """The up five costs 5 and the up ten 10; the ten dealt face down costs nothing. The
    payments are dead money in the pot, asked in dealing order before the bring-in."""
    hand = deal(house(tmp_path), (200, 200, 200), *SEATS)
    assert asked(hand) == [(0, ["pay 5", "fold"]), (2, ["pay 10", "fold"])]
    pays = [(e.seat, e.amount) for e in hand.events if isinstance(e, PayEvent)]
    assert pays == [(0, 5), (2, 10)]
    assert hand.pot == 3 + 5 + 10  # antes, then the two payments
    assert hand.legal_actions()[0].kind == "bring-in"


def test_2_11_refusing_to_pay_folds_the_hand(tmp_path: Path) -> None:
    hand = deal(house(tmp_path), (200, 200, 200), *SEATS)
    hand.apply(Action("fold"))
    assert hand.folded[0] and not hand.folded[2]
    assert [str(a) for a in hand.legal_actions()] == ["pay 10", "fold"]


@pytest.mark.parametrize(("options", "first", "second"), [
    ("{price: pot}", "pay 3", "pay 6"),  # the pot after the antes, then after that payment
    ("{price: big-bet}", "pay 10", "pay 10"),
    ("{price: 7}", "pay 7", "pay 7"),
    ("{price: 4, ranks: [5]}", "pay 4", None),
])
def test_2_11_the_price_and_the_ranks_are_settings(
    tmp_path: Path, options: str, first: str, second: str | None
) -> None:
    hand = deal(house(tmp_path, options), (200, 200, 200), *SEATS)
    prices = [actions[0] for _, actions in asked(hand)]
    assert prices == [first] + ([second] if second else [])


def test_2_11_a_player_short_of_the_price_pays_what_they_have_and_all_in_is_not_asked(
    tmp_path: Path
) -> None:
    hand = deal(house(tmp_path, "{price: 50}"), (20, 200, 0 + 1), *SEATS)
    # seat 0 has 19 after the ante; seat 2 is all in after its ante: not asked
    assert asked(hand) == [(0, ["pay 19", "fold"])]


def test_2_11_the_hand_history_records_the_payment_and_replays(tmp_path: Path) -> None:
    hand = play(deal(house(tmp_path), (200, 200, 200), *SEATS), passive)
    text = from_hand(hand)
    assert '"p1 pay 5"' in text and '"p3 pay 10"' in text
    (history,) = loads(text)
    again = replay(history)
    assert again.hand is not None and list(again.hand.payoffs) == list(hand.payoffs)
    assert sum(hand.payoffs) == 0


def test_2_11_the_rule_is_said_in_show_and_the_file_loads_with_the_documented_line(
    tmp_path: Path
) -> None:
    assert "must pay its value in chips (5 for a five, 10 for a ten) or fold" in " ".join(
        show_text(house(tmp_path)).split())
    assert "match the pot" in rules_sentence({"price": "pot"})
    assert "a card of rank 5, K" in rules_sentence({"ranks": [5, "K"]})
    for name in ("woolworth-stud", "dr-pepper"):
        text = (Path(load_variant(name).source or "")).read_text()
        assert "plugins: [{name: paid-wilds, options: {price: card-value}}]" in text
        assert house(tmp_path, base=name).plugins[-1].name == "paid-wilds"
    assert load_variant("woolworth-stud").plugins == ()  # the catalogue's reading by default


@pytest.mark.parametrize(("base", "options", "message"), [
    ("seven-card-stud", "{}", "deck.wild_ranks is empty"),
    ("london-lowball", "{ranks: [K]}", None),
])
def test_2_11_ranks_must_be_wild_or_in_the_deck(
    tmp_path: Path, base: str, options: str, message: str | None
) -> None:
    if message is None:
        assert house(tmp_path, options, base=base).plugins[-1].name == "paid-wilds"
        return
    with pytest.raises(VariantError, match=message):
        house(tmp_path, options, base=base)


@pytest.mark.parametrize("bot", ["tag", "equity", "calling-station"])
def test_2_11_the_bots_pay_a_price_small_beside_the_pot(tmp_path: Path, bot: str) -> None:
    hand = deal(house(tmp_path, "{price: 1}"), (200, 200, 200), *SEATS)
    player = make_bot(bot, hand.variant)
    assert player.act(hand.view(0), hand.legal_actions(), random.Random(3)).kind == "pay"


def test_2_11_the_bots_fold_a_weak_hand_rather_than_pay_far_more_than_the_pot(
    tmp_path: Path
) -> None:
    seats = ("2c 7d 5h 9s 8s 7s 6s", "Tc 4d Kd Qs Js 2s 3s", "Ac Ad Th 4s 4c Jd Jc")
    hand = deal(house(tmp_path, "{price: 150, ranks: [5]}"), (200, 200, 200), *seats)
    player = make_bot("tag", hand.variant)
    assert player.act(hand.view(0), hand.legal_actions(), random.Random(3)).kind == "fold"
