"""The hand told line by line to one seat, and the table read from a live hand."""

from __future__ import annotations

import pytest

from studkit import load_variant
from studkit.cards import parse_cards
from studkit.engine import Table
from studkit.play.narration import Narrator
from studkit.play.render import PLAIN
from studkit.play.table_view import choices_for, engine_action, showdown, table_state

AS, KD, SEVEN_H, TWO_C, NINE_S, QH = parse_cards("As Kd 7h 2c 9s Qh")


def tell(events: list[tuple[object, ...]], viewer: int | None = 0) -> list[str]:
    return [line.plain for line in Narrator(["You", "Ada", "Ben"], viewer, PLAIN).lines(events)]


def test_deals_hide_other_players_down_cards() -> None:
    events = [("street", 0, "third"), ("deal", 0, AS, False), ("deal", 1, KD, False),
              ("deal", 0, SEVEN_H, True), ("deal", 1, TWO_C, True)]
    assert tell(events) == ["-- Third street --", "Dealt: You As 7h · Ada ## 2c"]
    assert tell(events, viewer=None) == ["-- Third street --", "Dealt: You ## 7h · Ada ## 2c"]


def test_decisions_in_the_second_person_for_the_viewer() -> None:
    events = [("bring-in", 1, 2, 2), ("complete", 0, 5, 5), ("raise", 1, 10, 8),
              ("call", 0, 10, 5), ("check", 2, 0, 0), ("fold", 2, 0, 0), ("return", 1, 5)]
    assert tell(events) == ["Ada brings in 2", "You complete to 5", "Ada raises to 10",
                            "You call 5", "Ben checks", "Ben folds", "5 uncalled returned to Ada"]


def test_hands_turned_up_when_betting_is_over_but_not_at_the_showdown() -> None:
    exposure = [("show", 0, (AS, SEVEN_H)), ("show", 1, (KD, TWO_C)),
                ("street", 1, "fourth"), ("deal", 1, NINE_S, False)]
    lines = tell(exposure)
    assert lines[0] == "Betting is over, all hands are turned up: You As 7h · Ada Kd 2c"
    assert lines[-1] == "Dealt: Ada 9s", "a shown hand's later down cards are seen"
    assert tell([("show", 1, (KD, TWO_C)), ("award", 1, 10, 0, "high", "x")]) == []


def test_plugin_events_name_only_cards_the_viewer_may_see() -> None:
    events = [("deal", 1, KD, False), ("deal", 1, TWO_C, True), ("pay", 1, 12),
              ("twist", 1, KD, 5), ("twist", 1, TWO_C, 5), ("expose", 2, QH), ("stand", 0),
              ("wild", (1, 7)), ("wild", ()), ("declare", 1, "low"), ("mystery", 1, "x")]
    assert tell(events)[1:] == [
        "Ada pays 12 to stay in", "Ada twists a down card for 5", "Ada twists 2c for 5",
        "Ben turns up Qh", "You stand pat", "Wild cards now: 3s 9s", "Wild cards now: none",
        "Ada declares low", "Ada: mystery x",
    ]


def test_table_state_and_choices_from_a_live_hand() -> None:
    table = Table(load_variant("seven-card-stud"), [100, 100, 100], seed=3)
    hand = table.new_hand()
    viewer = hand.actor
    assert viewer is not None
    state = table_state(hand, viewer=viewer, names=["A", "B", "C"], heading="h")
    for line in state.seats:
        if line.viewer:
            assert all(card is not None for card in line.down_cards)
        else:
            assert line.down_cards == (None, None)
        assert len(line.up_cards) == 1
    choices = choices_for(hand)
    assert [c.kind for c in choices] == ["bring-in", "complete"]
    assert state.pot == 3 and state.to_call == 0
    hand.apply(engine_action(choices[1], None))
    assert hand.bets[viewer] == 5


def test_showdown_from_a_finished_hand() -> None:
    table = Table(load_variant("seven-card-stud-hi-lo"), [100, 100], seed=8)
    hand = table.new_hand()
    while not hand.is_over:
        hand.check_or_call()
    result = showdown(hand, ["A", "B"], [4, 6], viewer=0)
    assert sum(chips for _, _, chips in result.net) == 0
    assert {h.seat for h in result.hands} <= {4, 6}
    for shown in result.hands:
        if not shown.mucked:
            assert [share for share, _, _ in shown.hands] == ["high", "low"]
    assert sum(r.amount for r in result.results) == hand.pot
    for r in result.results:
        assert sum(chips for _, _, chips, _ in r.winners) == r.amount


@pytest.mark.parametrize(
    "variant", ["seven-card-stud-hi-lo", "follow-the-queen", "baseball", "chicago", "razz"]
)
def test_each_shown_hand_reads_as_the_engine_ranked_it(variant: str) -> None:
    """A winner's hand in the showdown block says what the award says, wild cards and
    plugin-ranked shares included."""
    table = Table(load_variant(variant), [500] * 4, seed=21)
    checked = 0
    for _ in range(6):
        hand = table.new_hand()
        while not hand.is_over:
            actions = hand.legal_actions()
            pay = next((a for a in actions if a.kind == "pay"), None)
            hand.apply(pay if pay is not None else next(
                a for a in actions if a.kind in ("check", "call", "bring-in")))
        result = showdown(hand, ["A", "B", "C", "D"])
        said = {(h.seat, share): text for h in result.hands for share, _, text in h.hands}
        for pot in result.results:
            for seat, _, _, description in pot.winners:
                share = pot.share or hand.rules.shares[0].name
                if description:
                    assert said[(seat, share)] == description
                    checked += 1
    assert checked
