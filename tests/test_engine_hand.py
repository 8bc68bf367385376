"""The Hand: a full fixed-limit seven-card stud hand, bring-in, verbs, errors, seeds."""

from __future__ import annotations

import pytest

from studkit import IllegalActionError, StudkitError, Variant, parse_cards
from studkit.engine import Action, Hand, ScriptedSource, Table
from studkit.engine.rules import compile_rules

STUD = Variant(name="test-stud")


def scripted(variant: Variant, stacks: list[int], *hole: str, **kw: object) -> Hand:
    """A hand whose seats get the given cards in deal order (burns from the rest)."""
    deck = compile_rules(variant).deck
    source = ScriptedSource([parse_cards(h) for h in hole], deck=deck)
    return Hand(variant, stacks, source=source, **kw)  # type: ignore[arg-type]


def play_passively(hand: Hand) -> None:
    while not hand.is_over:
        hand.check_or_call()


def test_check_call_hand_runs_to_showdown_and_conserves_chips() -> None:
    hand = Hand(STUD, [100, 100, 100, 100], seed=3)
    play_passively(hand)
    assert hand.is_over and hand.actor is None
    assert sum(hand.payoffs) == 0
    assert sum(hand.stacks) == 400
    kinds = [e.kind for e in hand.events]
    assert kinds.count("ante") == 4
    assert kinds.count("deal") == 28
    assert kinds.count("burn") == 4
    assert kinds.count("award") >= 1
    dealt = [e.card for e in hand.events if e.kind in ("deal", "burn")]
    assert len(set(dealt)) == len(dealt)


def test_bring_in_goes_to_lowest_up_card_by_suit() -> None:
    # spec-002: two deuces up, the deuce of clubs brings in (clubs lowest).
    hand = scripted(STUD, [100] * 3, "As Ks 2h", "Ad Kd 2c", "Ah Kh 9s")
    assert hand.actor == 1
    assert [a.kind for a in hand.legal_actions()] == ["bring-in", "complete"]
    assert not hand.can_fold() and not hand.can_check()


def test_seed_gives_the_same_hand() -> None:
    a = Hand(STUD, [50, 60, 70], seed=42)
    b = Hand(STUD, [50, 60, 70], seed=42)
    play_passively(a)
    play_passively(b)
    assert a.events == b.events


def test_illegal_action_names_action_player_and_legal_ones_and_changes_nothing() -> None:
    hand = scripted(STUD, [100] * 3, "As Ks 2h", "Ad Kd 2c", "Ah Kh 9s")
    before = list(hand.events)
    with pytest.raises(IllegalActionError) as info:
        hand.raise_to(50)
    message = str(info.value)
    assert "seat 1" in message and "raise to 50" in message
    assert "bring-in 2" in message and "complete to 5" in message
    assert hand.events == before and hand.actor == 1
    with pytest.raises(IllegalActionError):
        hand.apply(Action("check"))
    assert hand.events == before


def test_verbs_and_apply_agree_with_legal_actions() -> None:
    hand = scripted(STUD, [100] * 3, "As Ks 2h", "Ad Kd 2c", "Ah Kh 9s")
    hand.bring_in()
    assert hand.actor == 2
    legal = hand.legal_actions()
    assert legal == [Action("fold"), Action("call", 2), Action("complete", 5, 5, 5)]
    assert hand.can_complete(5) and not hand.can_complete(6)
    hand.apply(legal[2])
    assert hand.actor == 0
    assert [str(a) for a in hand.legal_actions()] == ["fold", "call 5", "raise to 10"]
    hand.raise_to(10)
    hand.fold()
    hand.call()
    assert hand.street_name == "fourth"


def test_uncalled_bet_is_returned_and_pot_won_without_showing() -> None:
    hand = scripted(STUD, [100] * 3, "As Ks 2h", "Ad Kd 2c", "Ah Kh 9s")
    hand.bring_in()
    hand.complete()
    hand.fold()
    hand.fold()
    assert hand.is_over
    assert ("return", 2, 3) in hand.events
    assert not any(e.kind == "show" for e in hand.events)
    assert hand.payoffs == [-1, -3, 4]


def test_table_moves_button_carries_stacks_and_drops_busted_players() -> None:
    table = Table(STUD, [100, 3, 100], seed=5)
    assert table.button == 2
    hand = table.new_hand()
    while not hand.is_over:
        # seat 1 (3 chips) goes all in whenever it can; others call
        legal = hand.legal_actions()
        hand.apply(legal[-1] if hand.actor == 1 else legal[1] if len(legal) > 1 else legal[0])
    assert sum(table.stacks) == 203
    assert table.button == 0 or table.stacks[0] == 0
    while len(table.occupied) > 1 and table.hands_played < 50:
        hand = table.new_hand()
        play_passively(hand)
    assert sum(table.stacks) == 203
    if 1 in table.left:
        assert table.stacks[1] == 0


def test_new_hand_refuses_while_a_hand_is_running() -> None:
    table = Table(STUD, [100, 100])
    table.new_hand()
    with pytest.raises(Exception, match="not over"):
        table.new_hand()


def test_button_moves_one_occupied_seat_clockwise_and_busted_players_leave() -> None:
    table = Table(STUD, [100, 100, 100, 100], button=1, seed=3)
    buttons = []
    for _ in range(5):
        hand = table.new_hand()
        assert hand.button == table.hand_seats.index(table.button)
        play_passively(hand)
        buttons.append(table.button)
    assert buttons == [2, 3, 0, 1, 2]
    # a seat with no chips is skipped: the deal starts left of the button among the seated
    table = Table(STUD, [100, 0, 100, 100], button=0, seed=3)
    hand = table.new_hand()
    assert table.hand_seats == [0, 2, 3] and hand.n == 3
    assert hand.seat_order[0] == 1  # hand seat 1 is table seat 2, the first occupied seat left
    play_passively(hand)
    assert table.button == 2


def test_bad_tables_and_hands_are_refused_with_clear_errors() -> None:
    with pytest.raises(StudkitError, match="seats 2 to 8 players, not 9"):
        Hand(STUD, [100] * 9)
    with pytest.raises(StudkitError, match="seat 1 has 0 chips"):
        Hand(STUD, [100, 0, 100])
    with pytest.raises(StudkitError, match="only 1 player has chips"):
        Table(STUD, [100, 0]).new_hand()


def test_an_amount_chosen_from_a_range_prints_that_amount_and_applies() -> None:
    from studkit import load_variant

    hand = Hand(load_variant("no-limit-seven-card-stud"), [300, 300, 300], seed=3)
    hand.bring_in()
    (raise_range,) = [a for a in hand.legal_actions() if a.kind == "raise"]
    assert str(raise_range) == f"raise to {raise_range.min}..{raise_range.max}"
    chosen = raise_range.to(50)
    assert str(chosen) == "raise to 50"
    assert chosen == Action("raise", 50, 50, 50)
    assert raise_range.allows(chosen)
    hand.apply(chosen)
    last = hand.events[-1]
    assert (last.kind, last.seat, last.to) == ("raise", 1, 50)
    (too_much,) = [a.to(a.max + 1) for a in hand.legal_actions() if a.kind == "raise"]
    with pytest.raises(IllegalActionError):
        hand.apply(too_much)
