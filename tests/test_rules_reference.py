"""Scenario tests for the rules reference (``../shared/docs/stud-rules.md``), played through
the engine on given cards.

One test (or more) per rule of sections 0, A, B, C and E that a shipped variant uses; each
test's name starts with its rule (``test_A14_...``; section 0 rows as ``test_0_...``). Where a
rule is a non-default setting, the test builds it with :func:`dataclasses.replace` on the
loaded variant. Stakes are the shipped defaults unless a test says otherwise: ante 1,
bring-in 2, bets 5/10. Seats count clockwise from 0; with the default button (the last seat)
seat 0 is the dealer's left.
"""

from __future__ import annotations

import dataclasses

import pytest
from scenario import act, awards, cards, check_down, deal, showdown_order, street_events, variant

from studkit import StudkitError, Variant
from studkit.engine import Hand
from studkit.variant.model import Stakes

# --- helpers -----------------------------------------------------------------------------------


def to_street(hand: Hand, street: str) -> None:
    """Check or call until ``street`` begins."""
    while hand.street_name != street:
        hand.check_or_call()


def legal(hand: Hand) -> list[str]:
    return [str(a) for a in hand.legal_actions()]


def with_settings(v: Variant | str, **sections: dict[str, object]) -> Variant:
    """``v`` with some fields of its sub-records replaced, e.g.
    ``with_settings("razz", odd_chips={"method": "low-card-by-suit"})``."""
    v = variant(v) if isinstance(v, str) else v
    changes = {
        name: dataclasses.replace(getattr(v, name), **fields) for name, fields in sections.items()
    }
    return dataclasses.replace(v, **changes)  # type: ignore[arg-type]


STUD = "seven-card-stud"
HILO = "seven-card-stud-hi-lo"
RAZZ = "razz"
TDA = "tda-seven-card-stud"


# --- section 0: the shipped defaults, and the alternatives that must be selectable -------------


def test_0_defaults_of_the_shipped_seven_card_stud() -> None:
    """Section 0: every default of the table, as the shipped seven-card-stud file sets it."""
    v = variant(STUD)
    assert (v.min_players, v.max_players) == (2, 8)
    assert "".join(s.pattern for s in v.streets) == "↓↓↑↑↑↑↓"
    assert [s.burn for s in v.streets] == [False, True, True, True, True]
    assert v.forced_bets.ante and v.forced_bets.bring_in is not None
    bring_in = v.forced_bets.bring_in
    assert (bring_in.selector, bring_in.ace, bring_in.short_stack) == ("lowest", "high",
                                                                       "next-player")
    assert [int(s) for s in v.deck.suit_order] == [0, 1, 2, 3]  # clubs < diamonds < ...
    assert (v.action_order.evaluator, v.action_order.tie_break) == ("high", "position")
    assert (v.betting.structure, v.betting.open_pair_street) == ("fixed-limit", "fourth")
    assert (v.showdown.no_bet_order, v.showdown.losers_may_muck) == ("last-checker", True)
    assert v.odd_chips.method == "first-shown"
    assert v.deck_exhaustion.community_card and v.deck_exhaustion.reuse_folded
    assert not v.deck_exhaustion.reshuffle_burns
    assert [(p.name, p.evaluator) for p in v.pots] == [("high", "high")]


def test_0_players_other_maximum_for_eight_card_stud() -> None:
    """Section 0, players: 2 to 8 by default; another maximum for other variants (eight-card
    stud: 6)."""
    with pytest.raises(StudkitError, match="not 1"):
        Hand(variant(STUD), [100], seed=1)
    Hand(variant("eight-card-stud"), [100] * 6, seed=1)
    with pytest.raises(StudkitError, match="2 to 6 players, not 7"):
        Hand(variant("eight-card-stud"), [100] * 7, seed=1)


def test_0_ante_none_is_selectable() -> None:
    """Section 0, ante: every player antes; a variant without antes posts none."""
    no_ante = with_settings(STUD, forced_bets={"ante": False})
    hand = deal(no_ante, [100] * 2, "Ah Kh 2c", "As Ks 9d")
    assert not any(e.kind == "ante" for e in hand.events)
    act(hand, "0 bring-in", "1 call")
    assert hand.pot == 4


def test_0_all_hands_shown_when_mucking_is_off() -> None:
    """Section 0, muck: a hand that cannot win may be mucked unshown (spec-000); the
    alternative setting shows every hand."""
    holes = ("Ah Kh 2c 3d 4s 7h 9c", "As Ad 9d Jc Qd 8h 7d", "Kd Ks Tc Th 6d 6h 2d")
    for may_muck in (True, False):
        v = with_settings(STUD, showdown={"losers_may_muck": may_muck})
        hand = deal(v, [100] * 3, *holes)
        act(hand, "0 bring-in", "1 call", "2 call")
        to_street(hand, "seventh")
        act(hand, "2 bet 10", "0 call", "1 call")
        mucks = [e.seat for e in hand.events if e.kind == "muck"]
        shows = [e.seat for e in hand.events if e.kind == "show"]
        assert showdown_order(hand) == [2, 0, 1]
        if may_muck:
            assert (shows, mucks) == ([2], [0, 1])
        else:
            assert (shows, mucks) == ([2, 0, 1], [])
        assert hand.payoffs == [-13, -13, 26]


# --- section A: seven-card stud as the rule books have it ----------------------------------------


def test_A1_streets_rounds_and_best_five_of_seven() -> None:
    """A1: third street two down one up; fourth to sixth one up each; seventh one down; five
    betting rounds; the best five of seven cards wins."""
    hand = deal(
        STUD, [100] * 2,
        "Ah Ad 2c 7s 9d Jc Ac",  # three aces: two down on third, one down on seventh
        "Ks Kd Kc Qh Qd 3h 4h",  # kings full of queens: its best five use down and up cards
    )
    rounds = 0
    while not hand.is_over:
        rounds += 1
        street = hand.street_name
        while not hand.is_over and hand.street_name == street:
            hand.check_or_call()
    assert rounds == 5
    assert [len(hand.down_cards(0)), len(hand.up_cards(0))] == [3, 4]
    assert hand.down_cards(1) == tuple(cards("Ks Kd 4h"))
    assert hand.payoffs == [-3, 3]


def test_A2_at_most_eight_players() -> None:
    """A2: at most eight players; eight players to seventh street need a community card (A13)."""
    with pytest.raises(StudkitError, match="not 9"):
        Hand(variant(STUD), [10] * 9, seed=2)
    hand = Hand(variant(STUD), [100] * 8, seed=2)
    check_down(hand)
    assert len(hand.community) == 1


def test_A3_antes_before_the_deal_amounts_are_parameters() -> None:
    """A3: antes are posted before the deal; every amount is a parameter of the table
    (Robert's example: bets of 15/30 with a bring-in of 5; here an ante of 3)."""
    stakes = Stakes(ante=3, bring_in=5, small_bet=15, big_bet=30)
    hand = deal(STUD, [500] * 3, "Ah Kh 2c 9h 9s", "As Ks 9d 4d 5c", "Ad Kd Tc 3c 7h",
                stakes=stakes)
    events = hand.events
    first_deal = next(i for i, e in enumerate(events) if e.kind == "deal")
    assert [e for e in events[:first_deal] if e.kind == "ante"] == [
        ("ante", 0, 3), ("ante", 1, 3), ("ante", 2, 3)]
    assert legal(hand) == ["bring-in 5", "complete to 15"]
    act(hand, "0 bring-in", "1 complete", "2 raise 30", "0 call", "1 call")
    assert hand.pot == 9 + 90
    assert legal(hand) == ["check", "bet to 15"]
    act(hand, "2 check", "0 check", "1 check")
    assert legal(hand) == ["check", "bet to 30"]


def test_A4_lowest_up_card_by_rank_then_suit_ace_high() -> None:
    """A4: the lowest up card brings in, by rank and then by suit (clubs lowest, spades
    highest); the ace counts high."""
    assert deal(STUD, [100] * 3, "Kh Kd Ac", "Qs Qd 2s", "Jh Jd 3c").actor == 1
    assert deal(STUD, [100] * 3, "Kh Kd 5s", "Qs Qd 5h", "Jh Jd 5d").actor == 2
    assert deal(STUD, [100] * 2, "Kh Kd 4c", "Qs Qd Ac").actor == 0


def test_A5_bring_in_or_complete_then_fold_call_or_complete_never_check() -> None:
    """A5: the forced player may post the bring-in or complete to the small bet; later players
    fold, call the bring-in or complete; after a bring-in nobody may check."""
    hand = deal(STUD, [100] * 4, "Ah Kh 2c", "As Ks 9d", "Ad Kd Tc", "Qs Qd Jh")
    assert legal(hand) == ["bring-in 2", "complete to 5"]
    assert not hand.can_check() and not hand.can_fold()
    act(hand, "0 bring-in")
    assert legal(hand) == ["fold", "call 2", "complete to 5"]
    act(hand, "1 call")
    assert legal(hand) == ["fold", "call 2", "complete to 5"]
    act(hand, "2 complete")
    assert legal(hand) == ["fold", "call 5", "raise to 10"]
    act(hand, "3 fold", "0 call", "1 call")
    assert hand.street_name == "fourth" and hand.pot == 4 + 15
    completed = deal(STUD, [100] * 2, "Ah Kh 2c", "As Ks 9d")
    act(completed, "0 complete")
    assert legal(completed) == ["fold", "call 5", "raise to 10"]
    # The bring-in is the round's opening bet: when everyone calls it, the round is over.
    called = deal(STUD, [100] * 3, "Ah Kh 2c", "As Ks 9d", "Ad Kd Tc")
    act(called, "0 bring-in", "1 call", "2 call")
    assert called.street_name == "fourth"


def test_A5_without_a_bring_in_the_highest_up_card_opens_and_may_check() -> None:
    """A5 (home games): without a bring-in the highest up card opens and may check; ties by
    position."""
    v = with_settings(STUD, forced_bets={"bring_in": None})
    hand = deal(v, [100] * 3, "2h 3h Kc", "As Ks Kd", "2d 3d 9d", button=1)
    # Kc and Kd tie; with the button on seat 1, seat 2 is the dealer's left, then seat 0.
    assert hand.actor == 0
    assert legal(hand) == ["check", "bet to 5"]
    act(hand, "0 check", "1 check", "2 check")
    assert hand.street_name == "fourth" and hand.pot == 3


def test_A6_completion_is_not_a_raise_for_the_cap() -> None:
    """A6: completing the bring-in does not count toward the raise cap: three raises remain
    after it (Robert's). With completion counted (a setting), only two remain."""
    holes = ("Ah Kh 2c", "As Ks 9d", "Ad Kd Tc")
    hand = deal(STUD, [200] * 3, *holes)
    act(hand, "0 bring-in", "1 complete", "2 raise 10", "0 raise 15", "1 raise 20")
    assert legal(hand) == ["fold", "call 10"]
    counted = with_settings(STUD, betting={"completion_is_raise": True})
    hand = deal(counted, [200] * 3, *holes)
    act(hand, "0 bring-in", "1 complete", "2 raise 10", "0 raise 15")
    assert legal(hand) == ["fold", "call 10"]


def test_A7_small_bet_on_third_and_fourth_big_bet_from_fifth() -> None:
    """A7: the small bet on third and fourth street, the big bet on fifth to seventh."""
    hand = deal(STUD, [200] * 2, "Ah Kh 2c 9h 8d 3s Jd", "As Ks 9d 4d 7c 6h Qd")
    sizes = {}
    act(hand, "0 bring-in")
    sizes["third"] = [a.amount for a in hand.legal_actions() if a.kind == "complete"]
    act(hand, "1 call")
    while not hand.is_over:
        street = hand.street_name
        sizes[street] = [a.amount for a in hand.legal_actions() if a.kind == "bet"]
        while not hand.is_over and hand.street_name == street:
            hand.check()
    assert sizes == {"third": [5], "fourth": [5], "fifth": [10], "sixth": [10], "seventh": [10]}


def test_A8_open_pair_not_in_razz_stud8_or_tda() -> None:
    """A8: the open-pair option on fourth street; TDA drops it and it never applies in razz or
    stud/8: a pair showing on fourth keeps the small bet there."""
    holes = ("Ah Kh 6c 9h", "As Ks 9d 9c", "Ad Kd Tc 3c")  # seat 1 shows 9-9 on fourth
    for name in (RAZZ, HILO, TDA):
        hand = deal(name, [200] * 3, *holes)
        while hand.street_name == "third":
            hand.check_or_call()
        bets = [a.amount for a in hand.legal_actions() if a.kind == "bet"]
        assert bets == [5], name
    hand = deal(STUD, [200] * 3, *holes)
    to_street(hand, "fourth")
    assert [a.amount for a in hand.legal_actions() if a.kind == "bet"] == [5, 10]


def test_A9_partial_boards_ignore_straights_and_flushes() -> None:
    """A9: with fewer than five up cards straights and flushes don't count for who acts
    first: a pair of deuces showing beats four to a straight flush."""
    hand = deal(
        STUD, [100] * 2,
        "Ah Kh 5s 6s 7s 8s",  # 5-6-7-8 of spades on sixth
        "Ad Kd 2c 2h 3d 4c",  # 2-2-3-4
    )
    to_street(hand, "sixth")
    assert hand.actor == 1


def test_A9_quads_trips_two_pair_pair_high_card_order() -> None:
    """A9: showing hands rank quads > trips > two pair > pair > high cards."""
    boards = ("Kc Ah 9c 9d 9h 9s", "Ks Ad 8c 8d 8h 2c", "Kh As 7c 7d 3h 3c", "Kd Ac Qh Qd 4h 5c")
    hand = deal(STUD, [100] * 4, boards[3], boards[2], boards[1], boards[0])
    to_street(hand, "sixth")
    assert hand.actor == 3  # quads
    hand = deal(STUD, [100] * 3, boards[3], boards[2], boards[1])
    to_street(hand, "sixth")
    assert hand.actor == 2  # trips
    hand = deal(STUD, [100] * 2, boards[3], boards[2])
    to_street(hand, "sixth")
    assert hand.actor == 1  # two pair over a pair
    hand = deal(STUD, [100] * 2, "Kd Ac Qh Jd 4h 5c", "Kh As 3d 3c 6h 8c")
    to_street(hand, "fourth")
    assert hand.actor == 1  # a pair over queen high


def test_A9_ties_by_position_or_by_high_card_by_suit() -> None:
    """A9: tied boards: the first player clockwise from the dealer (Robert's, WSOP live, the
    default), or the highest card by suit (TDA RP-10-D)."""
    holes = ("Ah Qh Kd 7c", "As Qc 2c 3d", "Ad Qd Ks 7h")  # seats 0 and 2 both show K-7
    by_position = deal(STUD, [100] * 3, *holes)
    to_street(by_position, "fourth")
    assert by_position.actor == 0
    by_suit = deal(TDA, [100] * 3, *holes)
    to_street(by_suit, "fourth")
    assert by_suit.actor == 2  # the king of spades


def test_A9_seventh_street_first_actor_is_sixth_streets() -> None:
    """A9: on seventh street (dealt down) the first actor is the same as on sixth."""
    hand = deal(STUD, [100] * 3, "Ah Kh 2c 7d 7s 7h 3h", "As Ks 9d 9h Jc 4c 5d",
                "Ad Kd Tc Qc Qd 2d 6h")
    to_street(hand, "sixth")
    sixth = hand.actor
    to_street(hand, "seventh")
    assert hand.actor == sixth == 0


def test_A10_bet_and_three_raises_multiway() -> None:
    """A10: in limit play a bet and three raises (Robert's) with three or more players."""
    hand = deal(STUD, [300] * 3, "Ah Kh 2c 9h", "As Ks 9d 4d", "Ad Kd Tc 3c")
    act(hand, "0 bring-in", "1 call", "2 call")
    act(hand, "2 bet 5", "0 raise 10", "1 raise 15", "2 raise 20")
    assert legal(hand) == ["fold", "call 10"]
    wsop = with_settings(STUD, betting={"max_raises": 4})  # WSOP live: four raises
    hand = deal(wsop, [300] * 3, "Ah Kh 2c 9h", "As Ks 9d 4d", "Ad Kd Tc 3c")
    act(hand, "0 bring-in", "1 call", "2 call")
    act(hand, "2 bet 5", "0 raise 10", "1 raise 15", "2 raise 20", "0 raise 25")
    assert legal(hand) == ["fold", "call 10"]


def test_A10_heads_up_uncapped_if_heads_up_before_the_cap() -> None:
    """A10: heads-up, raising is unlimited if play became heads-up before the cap (Robert's,
    the default); only if the round began heads-up (WSOP live, a setting); never (TDA)."""
    holes = ("Ah Kh 2c 9h", "As Ks 9d 4d", "Ad Kd Tc 3c")

    def sequence(v: Variant | str) -> Hand:
        hand = deal(v, [500] * 3, *holes)
        act(hand, "0 bring-in", "1 call", "2 call")
        act(hand, "2 bet 5", "0 fold", "1 raise 10", "2 raise 15", "1 raise 20")
        return hand

    hand = sequence(STUD)
    assert legal(hand) == ["fold", "call 5", "raise to 25"]
    act(hand, "2 raise 25", "1 raise 30")
    assert "raise to 35" in legal(hand)
    capped_first = deal(STUD, [500] * 3, *holes)
    act(capped_first, "0 bring-in", "1 call", "2 call")
    act(capped_first, "2 bet 5", "0 raise 10", "1 raise 15", "2 raise 20", "0 fold")
    assert legal(capped_first) == ["fold", "call 5"]  # the cap came before heads-up play
    wsop = with_settings(STUD, betting={"heads_up_uncapped": "if-round-began-heads-up"})
    assert legal(sequence(wsop)) == ["fold", "call 5"]
    assert legal(sequence(TDA)) == ["fold", "call 5"]
    began = deal(wsop, [500] * 2, "Ah Kh 2c 9h", "As Ks 9d 4d")
    act(began, "0 bring-in", "1 call", "1 bet 5", "0 raise 10", "1 raise 15", "0 raise 20")
    assert legal(began) == ["fold", "call 5", "raise to 25"]


def test_A11_burn_before_each_of_fourth_to_seventh() -> None:
    """A11: a card is burned before each of fourth to seventh street."""
    hand = Hand(variant(STUD), [100] * 3, seed=8)
    check_down(hand)
    for street in ("third", "fourth", "fifth", "sixth", "seventh"):
        events = street_events(hand, street)
        burns = [e for e in events if e.kind == "burn"]
        assert len(burns) == (0 if street == "third" else 1)
        if burns:
            assert events[0].kind == "burn"


def test_A12_seventh_street_dealt_down() -> None:
    """A12: seventh street is dealt face down."""
    hand = Hand(variant(STUD), [100] * 3, seed=9)
    check_down(hand)
    deals = [e for e in street_events(hand, "seventh") if e.kind == "deal"]
    assert len(deals) == 3 and not any(e.up for e in deals)


# Eight players to seventh street: the stub holds one card after sixth street.
EIGHT_BOARDS = (  # down, down, then four up cards
    "6d 5c As Ah 2c 3d",  # seat 0: a pair of aces showing on sixth, and no more
    "Kc Qs 2d 4h 6s 8c",
    "Qh Qc 2h 4s 7c 9d",
    "Js Jd 3h 5s 7d Tc",
    "Jc Ts 3s 6c 8d Jh",
    "Th 9s Ks Kh 4c 5d",  # seat 5: a pair of kings showing; the community king makes trips
    "9h 8s 2s 6h 9c Qd",
    "7s 7h 3c 5h 8h Td",
)


def test_A13_eight_players_stub_of_one_gives_a_community_card() -> None:
    """A13: eight players to seventh street leave a stub of one card: it becomes a face-up
    community card every player uses."""
    hand = deal(STUD, [100] * 8, *EIGHT_BOARDS, community="Kd")
    to_street(hand, "seventh")
    assert hand.community == list(cards("Kd"))
    assert not [e for e in street_events(hand, "seventh") if e.kind == "deal"]
    assert hand.actor == 5  # with the king, seat 5's board is three kings
    check_down(hand)
    # The community king gives seat 5 three kings, which beat seat 0's aces.
    assert hand.payoffs[5] == 24 - 3
    assert [(a[0], a[3]) for a in awards(hand)] == [(5, "high")]


def test_A13_community_card_first_actor_from_sixth_street() -> None:
    """A13 (TDA): with a community card the sixth-street first actor also acts first on
    seventh (setting ``community_first_actor: previous-street``)."""
    v = with_settings(STUD, deck_exhaustion={"community_first_actor": "previous-street"})
    hand = deal(v, [100] * 8, *EIGHT_BOARDS, community="Kd")
    to_street(hand, "sixth")
    assert hand.actor == 0
    to_street(hand, "seventh")
    assert hand.community == list(cards("Kd"))
    assert hand.actor == 0


def test_A13_tda_burns_scrambled_in_before_a_community_card() -> None:
    """A13 (TDA RP-10-H, WSOP 228): if the stub is short, the burns are scrambled in; if
    still short, burn one and deal a community card. Seven players: stub 7, with the three
    burns 10: everyone gets a seventh card. Eight players: stub 1 + 3 burns: a community
    card after a burn."""
    seven = Hand(variant(TDA), [100] * 7, seed=4)
    check_down(seven)
    assert not seven.community
    assert all(len(seven.cards[s]) == 7 for s in range(7))
    eight = Hand(variant(TDA), [100] * 8, seed=4)
    check_down(eight)
    assert len(eight.community) == 1
    seventh = street_events(eight, "seventh")
    assert [e.kind for e in seventh if e.kind in ("burn", "community")] == ["burn", "community"]


def test_A13_tda_never_reuses_the_muck() -> None:
    """A13 / section 0, deck runs out (TDA RP-10-H, WSOP 228, South Dakota): burns may be
    scrambled in, the muck never: with two hands folded on sixth street, six players still
    get a community card rather than the folded cards."""
    hand = Hand(variant(TDA), [200] * 8, seed=5)
    to_street(hand, "sixth")
    hand.bet(10)
    folds = 0
    while hand.street_name == "sixth":
        if folds < 2:
            hand.fold()
            folds += 1
        else:
            hand.call()
    folded = {c for s in range(8) if hand.folded[s] for c in hand.cards[s]}
    check_down(hand)
    assert len(hand.community) == 1
    assert hand.community[0] not in folded
    assert not [e for e in street_events(hand, "seventh") if e.kind == "deal"]


def test_A14_all_in_for_the_ante_next_player_brings_in() -> None:
    """A14: a forced player all in for the ante: the player on their left must bring in."""
    hand = deal(STUD, [100, 1, 100, 100], "Ah Kh Ks", "As Ad 2c", "Qd Kd Tc", "Jh Jd 9c")
    assert hand.all_in[1]
    assert hand.actor == 2
    assert legal(hand) == ["bring-in 2", "complete to 5"]


def test_A14_partial_bring_in_stands_others_come_in_for_the_full_amount() -> None:
    """A14: with the partial policy a forced player short of the bring-in posts what they
    have; the others still come in for the full bring-in."""
    v = with_settings(STUD, forced_bets={
        "bring_in": dataclasses.replace(variant(STUD).forced_bets.bring_in, short_stack="partial")
    })
    hand = deal(v, [100, 2, 100], "Ah Kh Ks", "As Ad 2c", "Qd Kd Tc")
    assert hand.actor == 1
    assert legal(hand)[0] == "bring-in 1"
    act(hand, "1 bring-in")
    assert legal(hand) == ["fold", "call 2", "complete to 5"]
    act(hand, "2 call", "0 call")
    assert hand.street_name == "fourth"
    assert hand.pot == 3 + 1 + 2 + 2
    # The partial policy passes a player all in for the ante too.
    hand = deal(v, [100, 1, 100], "Ah Kh Ks", "As Ad 2c", "Qd Kd Tc")
    assert hand.actor == 2


def test_A14_partial_passes_the_bring_in_to_the_next_seat_with_any_chip_left() -> None:
    """A14 with spec-002: when the forced player is all in for the ante, the bring-in passes
    clockwise to the first seat with a chip left: one chip is enough under the partial policy,
    a seat also all in for the ante is passed as well."""
    v = with_settings(STUD, forced_bets={
        "bring_in": dataclasses.replace(variant(STUD).forced_bets.bring_in, short_stack="partial")
    })
    holes = ("Ah Kh Ks", "As Ad 2c", "Qd Kd Tc", "Jd Qh 9c")  # seat 1 shows the lowest card
    hand = deal(v, [100, 1, 2, 100], *holes)  # seat 2 has 1 chip after the ante
    assert hand.actor == 2
    assert legal(hand)[0] == "bring-in 1"
    hand = deal(v, [100, 1, 1, 100], *holes)  # seat 2 is all in for the ante too
    assert hand.actor == 3


def test_A14_partial_bring_in_offers_no_completion_below_the_bring_in() -> None:
    """A14: a forced player who cannot post the full bring-in can only post what they have;
    a "completion" for those same chips is not a separate action."""
    v = with_settings(STUD, forced_bets={
        "bring_in": dataclasses.replace(variant(STUD).forced_bets.bring_in, short_stack="partial")
    })
    hand = deal(v, [100, 2, 100], "Ah Kh Ks", "As Ad 2c", "Qd Kd Tc")
    assert legal(hand) == ["bring-in 1"]


SHOWDOWN_HOLES = (
    "Ah Kh 2c 3d 4s 7h 9c",  # seat 0: ace-king high
    "As Ad 9d Jc Qd 8h 7d",  # seat 1: a pair of aces
    "Kd Ks Tc Th 6d 6h 2d",  # seat 2: kings and tens (two pair showing from sixth)
)


def test_A15_last_bettor_or_raiser_shows_first() -> None:
    """A15: the last bettor or raiser on the last round shows first; the rest clockwise."""
    hand = deal(STUD, [200] * 3, *SHOWDOWN_HOLES)
    to_street(hand, "seventh")
    act(hand, "2 check", "0 bet 10", "1 raise 20", "2 call", "0 call")
    assert showdown_order(hand) == [1, 2, 0]


def test_A15_no_bet_first_actor_shows_first_under_tda() -> None:
    """A15: with no bet on the last round, the player who would act first shows first (TDA
    18-A, shipped in the TDA variant); spec-000's default is the last player to check."""
    hand = deal(TDA, [200] * 3, *SHOWDOWN_HOLES)
    to_street(hand, "seventh")
    act(hand, "2 check", "0 check", "1 check")
    assert showdown_order(hand)[0] == 2
    default = deal(STUD, [200] * 3, *SHOWDOWN_HOLES)
    to_street(default, "seventh")
    act(default, "2 check", "0 check", "1 check")
    assert showdown_order(default)[0] == 1


def test_A15_side_pot_contenders_show_before_the_main_pot_all_in() -> None:
    """A15: side-pot contenders show before a player all in for the main pot only."""
    hand = deal(STUD, [200, 6, 200], "Ah Kh 2c 3d 4s 7h 9c", "As Ad 9d Jc Qd 8h 7d",
                "Kd Ks Tc Th 6d 6h 2d")
    act(hand, "0 bring-in", "1 call", "2 call")  # seat 1 has 3 chips left
    act(hand, "2 check", "0 bet 5", "1 call", "2 call")  # fourth: seat 1 all in
    assert hand.all_in[1]
    to_street(hand, "seventh")
    act(hand, "2 check", "0 bet 10", "2 call")
    # Seat 0 bet last and shows first; seat 2 contests the side pot and shows before seat 1,
    # all in for the main pot only (clockwise from seat 0 would put seat 1 second).
    order = showdown_order(hand)
    assert order[0] == 0
    assert order.index(2) < order.index(1)


def test_A15_all_in_with_betting_over_all_hands_turned_up() -> None:
    """A15: once all in with the betting over, all hands are turned up (no mucking)."""
    hand = deal(STUD, [100, 9], "Ah Kh 2c 3d 4s 7h 9c", "As Ad 9d Jc Qd 8h 7d")
    act(hand, "0 bring-in", "1 complete", "0 call")  # seat 1 has 3 chips left
    act(hand, "1 bet 3", "0 call")  # seat 1 bets its last 3 chips
    assert hand.is_over and hand.exposed
    # Both hands are turned up on fourth street, before fifth is dealt, the all-in bettor
    # first (showdown order), once: not again at the showdown, and never mucked.
    assert [e.seat for e in street_events(hand, "fourth") if e.kind == "show"] == [1, 0]
    assert [e.seat for e in hand.events if e.kind == "show"] == [1, 0]
    assert not any(e.kind == "muck" for e in hand.events)
    assert hand.payoffs == [-9, 9]


def test_A16_a_called_aggressor_always_shows() -> None:
    """A16 (TDA 18): a caller may always see the last aggressor's hand: the called bettor
    shows first and cannot muck, even with the losing hand."""
    hand = deal(STUD, [200] * 3, *SHOWDOWN_HOLES)
    to_street(hand, "seventh")
    act(hand, "2 check", "0 bet 10", "1 fold", "2 call")
    assert showdown_order(hand) == [0, 2]
    assert [e.seat for e in hand.events if e.kind == "show"] == [0, 2]
    assert hand.payoffs == [-13, -3, 16]


def test_A17_all_in_short_of_the_ante() -> None:
    """A17: a player all in for less than the ante puts matching amounts of the others'
    antes in the main pot; the rest go to a side pot; each pot is split separately."""
    stakes = Stakes(ante=5, bring_in=5, small_bet=10, big_bet=20)
    hand = deal(STUD, [3, 100, 100], "Ah Ad As 5h 6h 7h 8h", "Kh Kd 2c 2d 3s 4d 9c",
                "Qh Qd Tc Ts 3h 4h 9d", stakes=stakes)
    assert hand.all_in[0]
    act(hand, "1 bring-in", "2 call")
    check_down(hand)
    pots = [(p.amount, p.eligible) for p in hand.pots]
    assert pots == [(9, (0, 1, 2)), (14, (1, 2))]
    # Seat 0's three aces win the main pot; seat 1's kings and deuces the side pot.
    assert hand.payoffs == [6, 4, -10]


def test_A18_odd_chip_first_shown_by_default() -> None:
    """A18 / section 0 tied hands: the odd chip goes to the player who showed first."""
    hand = deal(STUD, [100] * 3, "As Kd 3c Qh Jc 9s 2h", "8c 8d 4h 5s 6c 7c Tc",
                "Ah Ks 3d Qd Js 9h 2s")
    act(hand, "0 bring-in", "1 fold", "2 call")  # pot 7
    to_street(hand, "seventh")
    act(hand, "0 check", "2 bet 10", "0 call")  # seat 2 shows first
    assert showdown_order(hand)[0] == 2
    assert hand.payoffs == [-1 - 2 - 10 + 13, -1, -1 - 2 - 10 + 14]


def test_A18_odd_chip_high_card_by_suit_among_the_five_played() -> None:
    """A18: the odd chip by high card by suit, among the five cards played (TDA 20, WSOP; the
    TDA variant) or among all the player's cards (Robert's)."""
    holes = (
        "As 5c 6d 7h 8s 9c 2d",  # seat 0: 9-high straight, 9c played, the As unplayed
        "Qc Qd Jh",  # seat 1 folds
        "Kd 5d 6h 7s 8c 9s 2h",  # seat 2: 9-high straight with the 9s
    )
    every_card = with_settings(STUD, odd_chips={"method": "high-card-by-suit", "cards": "all"})
    five_played = with_settings(STUD, odd_chips={"method": "high-card-by-suit", "cards": "hand"})
    for v, payoffs in ((TDA, [0, -1, 1]), (five_played, [0, -1, 1]), (every_card, [1, -1, 0])):
        hand = deal(v, [100] * 3, *holes)
        act(hand, "0 bring-in", "1 fold", "2 call")  # pot 7: 4 and 3
        check_down(hand)
        assert hand.payoffs == payoffs, v if isinstance(v, str) else v.odd_chips


def test_A18_odd_chip_low_card_by_suit_in_razz() -> None:
    """A18 (Robert's): in low games the odd chip goes to the low card by suit (the ace of
    clubs lowest); the shipped razz keeps spec-000's first-shown."""
    holes = (
        "Ac 2d 3h 4s 8c Qh Qs",  # seat 0: 8-4-3-2-A with the ace of clubs
        "Qc Qd Jh",  # seat 1: brings in with the jack, folds on fourth
        "Ad 2c 3s 4h 8d Kd Kh",  # seat 2: 8-4-3-2-A with the ace of diamonds
    )

    def play(v: Variant | str) -> Hand:
        hand = deal(v, [100] * 3, *holes)
        act(hand, "1 bring-in", "2 call", "0 call")  # pot 9
        act(hand, "0 bet 5", "1 fold", "2 call")  # pot 19: 10 and 9
        check_down(hand)
        return hand

    low_card = play(with_settings(RAZZ, odd_chips={"method": "low-card-by-suit"}))
    assert low_card.payoffs == [10 - 8, -3, 9 - 8]
    first_shown = play(RAZZ)
    assert showdown_order(first_shown)[0] == 2  # seat 2 checked last on seventh
    assert first_shown.payoffs == [9 - 8, -3, 10 - 8]


def test_A19_suits_never_break_a_tie_for_the_pot() -> None:
    """A19: suits never break a tie for a pot: equal flushes split it."""
    hand = deal(STUD, [100] * 2, "2h 4h 7h 9h Jh 3c 3d", "2s 4s 7s 9s Js 5c 5d")
    check_down(hand)
    assert hand.payoffs == [0, 0]
    assert sorted(a[:2] for a in awards(hand)) == [(0, 3), (1, 3)]


# --- section B: razz ------------------------------------------------------------------------------


def test_B_ace_to_five_low_ignores_straights_and_flushes() -> None:
    """B: razz ranks ace-to-five lows: a 5-4-3-2-A flush is the best hand; any unpaired hand
    beats any paired one; hands compare from the top card down."""
    wheel = deal(RAZZ, [100] * 2, "Ah 2h 3h 4h 5h Kc Kd", "Ac 2c 3c 4c 6d Qs Qd")
    check_down(wheel)
    assert wheel.payoffs == [3, -3]
    unpaired = deal(RAZZ, [100] * 2, "Kh Qh Jc Td 9s Kc Kd", "Ac Ad 2c 2d 3h 3s 4c")
    check_down(unpaired)
    assert unpaired.payoffs == [3, -3]  # K-Q-J-T-9 beats any pair
    top_down = deal(RAZZ, [100] * 2, "8h 6c 5d 4s 3h Kc Kd", "8c 7d 2h Ah 3c Qs Qd")
    check_down(top_down)
    assert top_down.payoffs == [3, -3]  # 8-6-5-4-3 beats 8-7-3-2-A


def test_B_highest_up_card_brings_in_king_of_spades_over_other_kings_ace_low() -> None:
    """B: in razz the highest up card brings in; kings are highest and the ace lowest; the
    king of spades brings in over other kings."""
    assert deal(RAZZ, [100] * 3, "2h 3h Kh", "2d 3d Ks", "2c 3c Kc").actor == 1
    assert deal(RAZZ, [100] * 2, "2h 3h Ac", "2d 3d 2s").actor == 1


def test_B_lowest_board_acts_first_ties_by_position() -> None:
    """B: on later streets the lowest board acts first; tied boards by position."""
    hand = deal(RAZZ, [100] * 3, "Kh Qh 8c 2d", "Ks Qs 9c 4d", "Kd Qd Tc 3d")
    to_street(hand, "fourth")
    assert hand.actor == 0  # 8-2 is lower than T-3 and 9-4
    tie = deal(RAZZ, [100] * 3, "Kh Qh 8c 2d", "Ks Qs 9c 4d", "Kd Qd 8d 2c", button=0)
    to_street(tie, "fourth")
    assert tie.actor == 2  # 8-2 twice; seat 2 is nearer the dealer's left (button 0)


def test_B_no_open_pair_small_then_big_bets() -> None:
    """B: no open-pair option in razz; small bet third and fourth, big bet fifth to seventh."""
    hand = deal(RAZZ, [200] * 2, "Kh Qh 8c 8d 4h 5h 6h", "Ks Qs Tc 3d 2c 7c 9c")
    sizes = {}
    to_street(hand, "fourth")
    while not hand.is_over:
        street = hand.street_name
        sizes[street] = [a.amount for a in hand.legal_actions() if a.kind == "bet"]
        while not hand.is_over and hand.street_name == street:
            hand.check()
    assert sizes == {"fourth": [5], "fifth": [10], "sixth": [10], "seventh": [10]}


# --- section C: stud hi-lo eight or better -------------------------------------------------------


def test_C_low_needs_five_different_ranks_eight_or_lower() -> None:
    """C: a low qualifies with five different ranks, all 8 or lower (8-7-6-5-4 the worst);
    a paired low short of five ranks does not qualify: high takes all."""
    worst = deal(HILO, [100] * 2, "Kh Kd Kc 9d 9c Qs Jh", "8c 7d 6h 5s 4s Qc Jd")
    act(worst, "1 bring-in", "0 call")  # pot 6: kings full take 3, 8-7-6-5-4 takes 3
    check_down(worst)
    assert worst.payoffs == [0, 0]
    assert {(a[0], a[3]) for a in awards(worst)} == {(0, "high"), (1, "low")}
    paired = deal(HILO, [100] * 2, "Kh Kd Kc 9d 9c Qs Jh", "Ac 2d 3h 3s 2s Qc 4d")
    act(paired, "1 bring-in", "0 call")
    check_down(paired)
    assert [(a[0], a[3]) for a in awards(paired)] == [(0, "high")]  # A-2-3-4 + pairs: no low


def test_C_ace_plays_high_and_low_a_wheel_scoops() -> None:
    """C: the ace plays high and low; straights and flushes don't hurt a low; high and low
    may use the same cards: a 5-4-3-2-A straight wins both halves (scoop)."""
    hand = deal(HILO, [100] * 2, "Ah 2d 3c 4s 5h Kc Qd", "Ks Kd Qc Qs 9h 9c 7d")
    act(hand, "0 bring-in", "1 call")  # the 3c brings in
    check_down(hand)
    assert hand.payoffs == [3, -3]
    assert {(a[0], a[3]) for a in awards(hand)} == {(0, "high"), (0, "low")}


def test_C_bring_in_low_card_ace_high() -> None:
    """C: the bring-in is the low card by suit, the ace counting high."""
    assert deal(HILO, [100] * 2, "Kh Kd Ac", "Qs Qd 2s").actor == 1
    assert deal(HILO, [100] * 2, "Kh Kd 2d", "Qs Qd 2c").actor == 1


def test_C_high_board_first_all_in_high_hand_acts_as_if_it_checked() -> None:
    """C: on later streets the high board acts first; if that player is all in, the action
    goes on as if it had checked: the next player clockwise acts."""
    hand = deal(HILO, [100] * 3, "Kh Kd 2c 3d", "Ah Ad 7c 7d", "Qs Qd 9c 8d")
    to_street(hand, "fourth")
    assert hand.actor == 1  # 7-7 showing
    short = deal(HILO, [100, 3, 100], "Kh Kd 2c 3d", "Ah Ad 7c 7d", "Qs Qd 9c 8d")
    act(short, "0 bring-in", "1 call", "2 call")  # seat 1 all in for 3
    assert short.all_in[1]
    assert short.street_name == "fourth"
    assert short.actor == 2


def test_C_scoop_quartering_and_odd_chip_to_the_high_half() -> None:
    """C: one hand winning both halves scoops; a tie in one half quarters the pot; the odd
    chip of a split pot goes to the high half."""
    # Seat 0 has the high (kings full) and ties seat 1 for low with 7-5-4-2-A.
    hand = deal(
        HILO, [100] * 3,
        "Kh Kd Kc 9d 9c Qs Jh",  # high: kings full; no low
        "Ah 2d 7c 4s 5h Tc Jd",  # low 7-5-4-2-A
        "As 2h 7d 4c 5c Ts Jc",  # low 7-5-4-2-A (a tie for low)
    )
    act(hand, "1 bring-in", "2 call", "0 call")  # the 7c brings in; pot 9
    check_down(hand)
    # High 5 (with the odd chip) to seat 0; low 4 split 2 and 2 between seats 1 and 2.
    assert hand.payoffs == [5 - 3, 2 - 3, 2 - 3]
    assert sorted(awards(hand)) == [(0, 5, 0, "high"), (1, 2, 0, "low"), (2, 2, 0, "low")]
    scoop = deal(HILO, [100] * 2, "Ah 2d 3c 4s 5h Kc Qd", "Ks Kd Qc Qs 9h 9c 7d")
    act(scoop, "0 bring-in", "1 call")
    check_down(scoop)
    assert scoop.payoffs == [3, -3]


def test_C_no_open_pair_in_stud8() -> None:
    """C: no open-pair option in stud hi-lo."""
    hand = deal(HILO, [200] * 2, "Ah Kh 6c 9h", "As Ks 9d 9c")
    to_street(hand, "fourth")
    assert [a.amount for a in hand.legal_actions() if a.kind == "bet"] == [5]


# --- section E: limit structures ---------------------------------------------------------------


def half_bet_hand(stack: int) -> Hand:
    """Three players; on fifth street seat 0 (a pair of aces showing) bets 10 and seat 1
    goes all in with what it has left."""
    hand = deal(STUD, [200, stack, 200], "Kh Kd 2c Ac Ad", "Qs Qd 9c 8d 7h", "Js Jd Tc 6d 5h")
    act(hand, "0 bring-in", "1 call", "2 call")
    act(hand, "0 check", "1 check", "2 check")  # fourth: A-2 over T-6 and 9-8
    return hand


def test_E_half_bet_all_in_reopens_the_betting() -> None:
    """E (fixed limit): an all-in raise of at least half a bet counts as a full raise and
    reopens the betting for players who already acted."""
    hand = half_bet_hand(18)  # 15 left on fifth
    assert hand.actor == 0
    act(hand, "0 bet 10", "1 raise 15", "2 call")
    assert legal(hand) == ["fold", "call 5", "raise to 25"]


def test_E_less_than_half_a_bet_does_not_reopen() -> None:
    """E (fixed limit): an all-in raise of less than half a bet does not reopen the betting
    for those who already acted; players yet to act may still raise a full bet."""
    hand = half_bet_hand(17)  # 14 left on fifth
    act(hand, "0 bet 10", "1 raise 14")
    assert legal(hand) == ["fold", "call 14", "raise to 20"]
    act(hand, "2 call")
    assert legal(hand) == ["fold", "call 4"]


def test_E_short_all_in_between_bring_in_and_completion_leaves_the_completion() -> None:
    """E / A5: an all-in above the bring-in but short of half the completion is not a
    completion: the next player may still call it or complete to the small bet (PokerKit
    differs here: it counts the short all-in as a full raise)."""
    stakes = Stakes(ante=1, bring_in=1, small_bet=4, big_bet=8)
    hand = deal(STUD, [100, 3, 100], "Ah Kh 2c", "As Ks 9d", "Ad Kd Tc", stakes=stakes)
    act(hand, "0 bring-in", "1 complete 2")  # all in: 2 chips, one above the bring-in
    assert hand.all_in[1]
    assert legal(hand) == ["fold", "call 2", "complete to 4"]


def test_E_spread_limit_ranges() -> None:
    """E (spread limit): any bet within the spread; a raise at least the previous bet or
    raise; a higher ceiling on the last round (the shipped home game: 1 to 5, 10 on seventh)."""
    name = "spread-limit-home-stud"
    hand = deal(name, [200] * 3, "Kh Kd 2c", "Qs Qd 9c", "Js Jd Tc")
    act(hand, "0 bring-in", "1 call", "2 call")
    assert legal(hand) == ["check", "bet to 1..5"]
    act(hand, "2 bet 3")
    assert legal(hand) == ["fold", "call 3", "raise to 6..8"]
    act(hand, "0 raise 8")  # a raise of 5
    assert legal(hand) == ["fold", "call 8", "raise to 13"]
    to_street(hand, "seventh")
    assert legal(hand) == ["check", "bet to 1..10"]


def test_E_spread_limit_completion_is_above_the_bring_in() -> None:
    """E (spread limit) with A5: the forced player posts the bring-in or completes to more
    than it; a "completion" to the bring-in itself is the bring-in."""
    hand = deal("spread-limit-home-stud", [200] * 3, "Kh Kd 2c", "Qs Qd 9c", "Js Jd Tc")
    assert legal(hand) == ["bring-in 1", "complete to 2..5"]


def test_E_pot_limit_barge_example() -> None:
    """E (pot limit, BARGE): ante 100 by eight players, bring-in 150: the minimum raise is to
    300, the pot raise to 1,250 (pot 950, call 150, raise 1,100)."""
    stakes = Stakes(ante=100, bring_in=150, small_bet=300, big_bet=600)
    holes = ["Ah Kh 2c", "As Ks 9d", "Ad Kd Tc", "Qs Qd Jh", "Qh Qc Jc", "Js Jd 9h", "Th 7h 8c",
             "Ts 9c 8d"]
    hand = deal("pot-limit-seven-card-stud", [5000] * 8, *holes, stakes=stakes)
    act(hand, "0 bring-in")
    raises = [a for a in hand.legal_actions() if a.kind == "raise"]
    assert [(a.min, a.max) for a in raises] == [(300, 1250)]
    # After a pot raise to 1,250 the pot is 2,200: the next pot raise is 1,250 + 2,200 +
    # 1,250 = 4,700; the minimum raise adds the last raise (1,100): 2,350.
    act(hand, "1 raise 1250")
    raises = [a for a in hand.legal_actions() if a.kind == "raise"]
    assert [(a.min, a.max) for a in raises] == [(2350, 4700)]


def test_E_pot_limit_minimum_bet_the_bring_in_short_all_in_does_not_reopen() -> None:
    """E (pot limit): the minimum bet is the bring-in; a short all-in does not reopen the
    betting for players who already acted."""
    hand = deal("pot-limit-seven-card-stud", [500, 12, 500], "Kh Kd 2c Ac", "Qs Qd 9c 8d",
                "Js Jd Tc 6d")
    act(hand, "0 bring-in", "1 call", "2 call")  # seat 1 has 9 left
    assert hand.actor == 0  # A-2 on fourth
    bets = [a for a in hand.legal_actions() if a.kind == "bet"]
    assert bets[0].min == 2  # the bring-in
    act(hand, "0 bet 6", "1 raise 9")  # a raise of 3, short of the last bet of 6
    act(hand, "2 call")
    assert legal(hand) == ["fold", "call 3"]


def test_E_no_limit_minimum_raise_is_the_last_full_raise_no_cap() -> None:
    """E (no limit): the minimum bet is the bring-in; each raise at least the last full bet
    or raise; no cap on the number of raises."""
    name = "no-limit-seven-card-stud"
    hand = deal(name, [10_000] * 3, "Kh Kd 2c Ac", "Qs Qd 9c 8d", "Js Jd Tc 6d")
    act(hand, "0 bring-in", "1 call", "2 call")
    bets = [a for a in hand.legal_actions() if a.kind == "bet"]
    assert (bets[0].min, bets[0].max) == (2, 9997)
    act(hand, "0 bet 10", "1 raise 35")  # a raise of 25
    assert [(a.min, a.max) for a in hand.legal_actions() if a.kind == "raise"] == [(60, 9997)]
    to = 60
    for seat in (2, 0, 1, 2, 0, 1):
        act(hand, f"{seat} raise {to}")
        to += 25
    assert any(a.kind == "raise" for a in hand.legal_actions())


def test_E_no_limit_short_all_in_does_not_reopen() -> None:
    """E (no limit): an all-in raise short of the last full raise does not reopen the
    betting."""
    hand = deal("no-limit-seven-card-stud", [500, 48, 500], "Kh Kd 2c Ac", "Qs Qd 9c 8d",
                "Js Jd Tc 6d")
    act(hand, "0 bring-in", "1 call", "2 call")  # seat 1 has 45 left
    act(hand, "0 bet 30", "1 raise 45")  # a raise of 15, short of 30
    # A player yet to act may raise, by at least the last full raise (30): to 75.
    assert legal(hand) == ["fold", "call 45", "raise to 75..497"]
    act(hand, "2 call")
    assert legal(hand) == ["fold", "call 15"]
