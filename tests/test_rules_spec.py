"""Scenario tests: every statement of the three spec documents, played through the engine.

Each test deals given cards (not a shuffle) so it can check exact amounts, and names the spec
document and statement it checks (spec-000, spec-001, spec-002 in ``../shared/docs/spec/``).
Stakes are the shipped defaults unless a test says otherwise: ante 1, bring-in 2, bets 5/10.
Seats are counted clockwise from 0; with the default button (the last seat) seat 0 is the
dealer's left and is dealt first.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest
from scenario import act, awards, cards, check_down, deal, showdown_order, street_events, variant

from studkit import StudkitError, parse_cards
from studkit.cards import format_cards
from studkit.engine import Hand, OrderedSource, Table

# --- helpers -----------------------------------------------------------------------------------


def kinds(hand: Hand) -> list[str]:
    return [e.kind for e in hand.events]


def shown(hand: Hand) -> list[int]:
    return [e.seat for e in hand.events if e.kind == "show"]


def mucked(hand: Hand) -> list[int]:
    return [e.seat for e in hand.events if e.kind == "muck"]


def first_actor(hand: Hand, street: str) -> int:
    """The first seat to act (bet, check, bring in...) on ``street``."""
    current = ""
    for e in hand.events:
        if e.kind == "street":
            current = e.name
        elif current == street and e.kind in ("bring-in", "complete", "bet", "check", "fold"):
            return int(e.seat)
    raise AssertionError(f"nobody acted on {street} street")


# --- spec-000 ----------------------------------------------------------------------------------


def test_spec000_burn_before_fourth_to_seventh_streets() -> None:
    """spec-000: before each of fourth to seventh street the dealer puts the top card aside
    unseen; third street has no burn."""
    # Two players, seat 0 dealt first. Order: 3rd (d d u for each, round by round), then a
    # burn and one card each for 4th, 5th, 6th and 7th.
    order = (
        "As Kd 2s 3d 9c 8h "  # third: seat 0 As, seat 1 Kd, seat 0 2s, seat 1 3d, 9c, 8h up
        "Jc 4s 5h "  # burn Jc, fourth: 4s, 5h
        "Qc 6s 7h "  # burn Qc, fifth
        "Kc 8s 9h "  # burn Kc, sixth
        "Ac Ts Jh"  # burn Ac, seventh
    )
    hand = Hand(variant("seven-card-stud"), [100, 100], cards=parse_cards(order))
    check_down(hand)
    assert hand.burned == list(cards("Jc Qc Kc Ac"))
    assert not any(e.kind == "burn" for e in street_events(hand, "third"))
    for street, burn in zip(("fourth", "fifth", "sixth", "seventh"), cards("Jc Qc Kc Ac"),
                            strict=True):
        events = street_events(hand, street)
        assert events[0] == ("burn", burn), street
    assert hand.cards[0] == list(cards("As 2s 9c 4s 6s 8s Ts"))
    assert hand.cards[1] == list(cards("Kd 3d 8h 5h 7h 9h Jh"))


def test_spec000_best_showing_hand_acts_first_on_every_later_street() -> None:
    """spec-000: from fourth street on, the player with the best cards showing acts first."""
    hand = deal(
        "seven-card-stud", [100] * 3,
        "Ah Kh 2c 7d 7s 7h 3h",  # seat 0 shows 2-7, 2-7-7, then trip sevens on sixth
        "As Ks 9d 9h Jc 4c 5d",  # seat 1 shows a pair of nines on fourth
        "Ad Kd Tc Qc Qd 2d 6h",  # seat 2 shows a pair of queens on fifth
    )
    act(hand, "0 bring-in", "1 call", "2 call")
    leaders = []
    while not hand.is_over:
        leaders.append((hand.street_name, hand.actor))
        while hand.actor is not None and leaders[-1][0] == hand.street_name:
            hand.check()
    assert leaders == [("fourth", 1), ("fifth", 2), ("sixth", 0), ("seventh", 0)]


def test_spec000_betting_goes_on_until_all_bets_are_equal() -> None:
    """spec-000: a betting round continues until every player has put in the same amount (or
    folded)."""
    hand = deal("seven-card-stud", [100] * 3, "Ah Kh 2c", "As Ks 9d", "Ad Kd Tc")
    act(hand, "0 bring-in", "1 complete", "2 raise 10", "0 call", "1 raise 15")
    assert hand.street_name == "third"
    act(hand, "2 call", "0 call")
    assert hand.street_name == "fourth"
    assert hand.pot == 3 + 15 * 3


def test_spec000_seventh_card_dealt_down() -> None:
    """spec-000: on the last round the dealer gives each player a last card face down."""
    hand = deal("seven-card-stud", [100] * 2, "Ah Kh 2c 3d 4s 5h 9c", "As Ks 9d Jc Qd 8h 7d")
    act(hand, "0 bring-in", "1 call")
    while hand.street_name != "seventh":
        hand.check_or_call()
    assert hand.down_cards(0) == cards("Ah Kh 9c")
    assert hand.up_cards(0) == cards("2c 3d 4s 5h")
    seventh = [e for e in street_events(hand, "seventh") if e.kind == "deal"]
    assert [(e.seat, e.up) for e in seventh] == [(0, False), (1, False)]


SHOWDOWN_HOLES = (
    "Ah Kh 2c 3d 4s 7h 9c",  # seat 0: ace-king high
    "As Ad 9d Jc Qd 8h 7d",  # seat 1: a pair of aces
    "Kd Ks Tc Th 6d 6h 2d",  # seat 2: kings and tens
)


def test_spec000_last_bettor_or_raiser_shows_first() -> None:
    """spec-000: at the showdown the player who bet or raised last shows first."""
    hand = deal("seven-card-stud", [200] * 3, *SHOWDOWN_HOLES)
    act(hand, "0 bring-in", "1 call", "2 call")
    while hand.street_name != "seventh":
        hand.check_or_call()
    # seventh: seat 1 bets, seat 2 raises, everyone calls: seat 2 shows first
    first = hand.actor
    assert first is not None
    order = [first, (first + 1) % 3, (first + 2) % 3]
    act(hand, f"{order[0]} bet 10", f"{order[1]} raise 20", f"{order[2]} call", f"{order[0]} call")
    assert hand.is_over
    assert showdown_order(hand)[0] == order[1]


def test_spec000_no_bet_the_last_checker_shows_first() -> None:
    """spec-000: with no bet on the last round, the player who checked last shows first."""
    hand = deal("seven-card-stud", [200] * 3, *SHOWDOWN_HOLES)
    act(hand, "0 bring-in", "1 call", "2 call")
    while hand.street_name != "seventh":
        hand.check_or_call()
    checks = []
    while not hand.is_over:
        checks.append(hand.actor)
        hand.check()
    assert showdown_order(hand)[0] == checks[-1]


def test_spec000_the_weaker_hand_may_muck_unshown() -> None:
    """spec-000: the player with the weakest hand need not show; the hand goes to the muck."""
    hand = deal("seven-card-stud", [200] * 3, *SHOWDOWN_HOLES)
    act(hand, "0 bring-in", "1 call", "2 call")
    while hand.street_name != "seventh":
        hand.check_or_call()
    # Seat 2 (kings up) acts first on seventh: it bets, the others call.
    act(hand, "2 bet 10", "0 call", "1 call")
    # Seat 2 shows two pair first; seat 0 (ace high) and seat 1 (aces) cannot beat it: mucked.
    assert shown(hand) == [2]
    assert mucked(hand) == [0, 1]
    assert not any(e.kind == "show" and e.seat in (0, 1) for e in hand.events)
    assert hand.payoffs == [-13, -13, 26]


def test_spec000_tie_splits_the_pot_odd_chip_to_the_first_shown() -> None:
    """spec-000: equal hands divide the pot; a chip that cannot be divided goes to the player
    who showed first."""
    hand = deal(
        "seven-card-stud", [100] * 3,
        "As Kd 3c Qh Jc 9s 2h",  # seat 0: A-K-Q-J-9
        "8c 8d 4h 5s 6c 7c Tc",  # seat 1: folds
        "Ah Ks 3d Qd Js 9h 2s",  # seat 2: A-K-Q-J-9, the same hand
    )
    act(hand, "0 bring-in", "1 fold", "2 call")  # pot: 3 antes + 2 + 2 = 7
    checks = []
    while not hand.is_over:
        checks.append(hand.actor)
        hand.check()
    first = shown(hand)[0]
    assert first == checks[-1]
    assert sorted(shown(hand)) == [0, 2]
    other = 2 if first == 0 else 0
    assert hand.stacks[first] == 100 - 3 + 4
    assert hand.stacks[other] == 100 - 3 + 3
    assert hand.payoffs[1] == -1


def test_spec000_uncalled_bet_pot_won_without_showing() -> None:
    """spec-000: if nobody calls the bet, the last bettor takes the pot and need not show."""
    hand = deal("seven-card-stud", [100] * 3, "Ah Kh 2c 3d 4s", "As Ks 9d Jc Qd", "Ad Kd Tc 7h 8h")
    act(hand, "0 bring-in", "1 call", "2 call")  # pot 9
    act(hand, "1 bet 5", "2 call", "0 fold")  # fourth: pot 19; seat 1 has Jc 9d
    assert hand.street_name == "fifth"
    first = hand.actor
    other = 2 if first == 1 else 1
    act(hand, f"{first} bet 10", f"{other} fold")
    assert hand.is_over
    assert ("return", first, 10) in hand.events
    assert shown(hand) == [] and mucked(hand) == []
    assert hand.stacks[first] == 100 - 1 - 2 - 5 + 19
    assert hand.payoffs[0] == -3 and hand.payoffs[other] == -8


def test_spec000_nobody_calls_the_bring_in() -> None:
    """spec-000: if nobody supports the bet, even a forced one, the player who made it takes
    the pot without showing; the uncalled part comes back."""
    hand = deal("seven-card-stud", [100] * 3, "Ah Kh 2c", "As Ks 9d", "Ad Kd Tc")
    act(hand, "0 bring-in", "1 fold", "2 fold")
    assert hand.is_over
    assert ("return", 0, 2) in hand.events
    assert not any(e.kind in ("show", "muck") for e in hand.events)
    assert hand.payoffs == [2, -1, -1]


def test_spec000_two_player_all_in_excess_goes_back() -> None:
    """spec-000, all-in with two players: the bettor's chips matching the all-in stack go to
    the pot, the rest come back to the bettor."""
    hand = deal("seven-card-stud", [100, 20], "Ah Kh 2c 3d 4s 5h 9c", "As Ks 9d Jc Qd 8h 7d")
    act(hand, "0 bring-in", "1 complete", "0 raise 10", "1 raise 15", "0 raise 20", "1 call")
    assert hand.all_in == [False, True]
    assert ("return", 0, 1) in hand.events
    assert hand.is_over
    assert [p.amount for p in hand.pots] == [40]
    # Seat 0 makes a five-high straight (A-2-3-4-5) against ace-king high.
    assert hand.payoffs == [20, -20]


# Three all-in players with unequal stacks and a covering fourth player (spec-000).
SIDE_POT_UP = ("9s", "Th", "Jd", "3c")  # third-street up cards: seat 3 brings in
TIERS = {
    "quads": "Ac Ad Ah As 4h 5d",
    "full-house": "Kc Kd Kh 6s 6d 2h",
    "trips": "Qc Qd Qh 7s 8c 2d",
    "pair": "5c 5h 2s 7h 4s 8s",
}


def side_pot_hand(ranking: Sequence[str]) -> Hand:
    holes = []
    for seat, tier in enumerate(ranking):
        c = TIERS[tier].split()
        holes.append(" ".join([c[0], c[1], SIDE_POT_UP[seat], *c[2:]]))
    hand = deal("seven-card-stud", [6, 11, 21, 100], *holes)
    # After the antes: 5, 10, 20 and 99 chips.
    act(hand, "3 bring-in", "0 complete", "1 raise 10", "2 raise 15", "3 raise 20", "2 call")
    return hand


def test_spec000_three_unequal_all_ins_build_main_and_side_pots() -> None:
    """spec-000, three or more unequal all-ins: the main pot is everyone's chips up to the
    smallest stack; each further all-in level makes a side pot; the rest comes back."""
    hand = side_pot_hand(["pair", "trips", "full-house", "quads"])
    assert hand.all_in == [True, True, True, False]
    assert "return" not in kinds(hand)  # seat 3's raise to 20 was called in full
    assert [(p.amount, p.eligible) for p in hand.pots] == [
        (24, (0, 1, 2, 3)), (15, (1, 2, 3)), (20, (2, 3)),
    ]


@pytest.mark.parametrize(
    ("ranking", "payoffs"),
    [
        # The smallest stack has the best hand: it takes only the main pot (24); the side pots
        # are played without it (seat 2 beats seat 1 and seat 3 for both).
        (["quads", "pair", "full-house", "trips"], [18, -11, 14, -21]),
        # The second smallest has the best hand: the main pot and side pot 1 (24 + 15); side
        # pot 2 (20) goes to the better of seats 2 and 3.
        (["trips", "quads", "pair", "full-house"], [-6, 28, -21, -1]),
        # The largest stack has the best hand: it takes every pot.
        (["trips", "pair", "full-house", "quads"], [-6, -11, -21, 38]),
    ],
)
def test_spec000_side_pot_winners(ranking: list[str], payoffs: list[int]) -> None:
    """spec-000: the smallest stack's best hand wins only the main pot; the second smallest
    wins the main pot and the first side pot; the largest stack's best hand takes all."""
    hand = side_pot_hand(ranking)
    assert hand.is_over
    assert hand.payoffs == payoffs


def test_spec000_side_pots_played_without_the_all_in_player() -> None:
    """spec-000: the all-in player with the best hand takes only the main pot; the betting
    between the others goes on, and the side pot is played without the all-in player."""
    hand = deal(
        "seven-card-stud", [200, 6, 200],
        "Ah Kh 2c 3d 4s 7h 9c",  # seat 0: ace-king high
        "As Ad 9d Jc Qd 8h Ac",  # seat 1: three aces, all in on fourth street
        "Kd Ks Tc Th 6d 6h 2d",  # seat 2: kings and tens
    )
    act(hand, "0 bring-in", "1 call", "2 call")  # seat 1 has 3 chips left
    act(hand, "2 check", "0 bet 5", "1 call", "2 call")
    assert hand.all_in == [False, True, False]
    while hand.street_name != "seventh":
        hand.check_or_call()
    act(hand, "2 check", "0 bet 10", "2 call")
    assert [(p.amount, p.eligible) for p in hand.pots] == [(18, (0, 1, 2)), (24, (0, 2))]
    assert hand.payoffs == [-18, 12, 6]


def test_spec000_folded_chips_stay_in_every_pot_they_reached() -> None:
    """spec-000 side pots: chips of a player who folds later stay in the main pot and the
    side pot they reached; the folded player wins neither."""
    hand = deal(
        "seven-card-stud", [6, 100, 100, 100],
        "Ac Ad 9s 3c 4d Ah As",  # seat 0: all in on third street; four aces
        "Qc Qh 2c 8h Jc 8s Ts",  # seat 1: brings in; queens and eights
        "Jd Js 5c 6d 7h Th 2h",  # seat 2: a pair of jacks
        "2d 3d Kc Kd 5s 6c 7d",  # seat 3: kings showing; folds on fifth street
    )
    act(hand, "1 bring-in", "2 call", "3 complete", "0 call", "1 call", "2 call")
    assert hand.all_in[0]
    act(hand, "3 bet 5", "1 call", "2 call")
    act(hand, "3 bet 10", "1 raise 20", "2 call", "3 fold")
    check_down(hand)
    # Main pot: 6 from each of the four; side pot: 25 + 25 from seats 1 and 2, 15 from seat 3.
    assert [(p.amount, p.eligible) for p in hand.pots] == [(24, (0, 1, 2)), (65, (1, 2))]
    assert hand.payoffs == [18, 34, -31, -21]


def test_spec000_all_in_no_more_betting_cards_turned_up_at_once() -> None:
    """spec-000: when all but one player are all in, the cards are turned up at once (not
    after the last round) and the remaining cards are dealt."""
    hand = side_pot_hand(["pair", "trips", "full-house", "quads"])
    third = street_events(hand, "third")
    shows = [e for e in third if e.kind == "show"]
    # Turned up before fourth street is dealt, in showdown order: seat 3 raised last, then
    # the side-pot contenders before the smaller all-ins (A15); and never shown again.
    assert [e.seat for e in shows] == [3, 2, 1, 0]
    assert [e.seat for e in hand.events if e.kind == "show"] == [3, 2, 1, 0]
    assert hand.shown == [3, 2, 1, 0]
    assert hand.exposed
    assert all(len(hand.cards[seat]) == 7 for seat in range(4))
    fifth = street_events(hand, "fifth")
    assert not any(e.kind in ("bet", "check", "call", "raise") for e in fifth)


def test_spec000_button_moves_clockwise_after_each_hand() -> None:
    """spec-000: after each hand the dealer moves the button one player clockwise."""
    table = Table(variant("seven-card-stud"), [100, 100, 100], button=0, seed=11)
    buttons = []
    first_dealt = []
    for _ in range(4):
        buttons.append(table.button)
        hand = table.new_hand()
        first_dealt.append(table.hand_seats[next(e.seat for e in hand.events if e.kind == "deal")])
        check_down(hand)
    assert buttons == [0, 1, 2, 0]
    assert first_dealt == [1, 2, 0, 1]  # the deal starts at the dealer's left


def test_spec000_community_card_when_the_deck_runs_out() -> None:
    """spec-000 (note) and spec-002: eight players to seventh street need more cards than the
    deck holds; the last card is one face-up community card all players use."""
    hand = Hand(variant("seven-card-stud"), [100] * 8, seed=3)
    check_down(hand)
    seventh = street_events(hand, "seventh")
    assert [e.kind for e in seventh if e.kind in ("deal", "community")] == ["community"]
    assert len(hand.community) == 1
    assert all(len(hand.cards[s]) == 6 for s in range(8))
    dealt = [c for s in range(8) for c in hand.cards[s]] + hand.community + hand.burned
    assert len(dealt) == len(set(dealt)) == 52


def test_spec000_folded_cards_may_be_used_when_the_deck_runs_out() -> None:
    """spec-000 (note): cards folded before a betting round can be used by the players."""
    hand = Hand(variant("seven-card-stud"), [200] * 8, seed=5)
    while hand.street_name != "sixth":
        hand.check_or_call()
    # sixth street: the first actor bets, two players fold, the rest call.
    first = hand.actor
    assert first is not None
    hand.bet(10)
    folds = 0
    while hand.street_name == "sixth":
        if folds < 2:
            hand.fold()
            folds += 1
        else:
            hand.call()
    folded = {c for s in range(8) if hand.folded[s] for c in hand.cards[s]}
    assert len(folded) == 12
    check_down(hand)
    seventh = [e for e in street_events(hand, "seventh") if e.kind == "deal"]
    assert len(seventh) == 6 and not hand.community
    # The stub held one card; at least five of the six seventh-street cards were folded ones.
    assert sum(e.card in folded for e in seventh) >= 5


def test_spec000_pot_limit_is_a_shipped_structure() -> None:
    """spec-000 names pot limit among the table rules: the pot-limit variant raises to at most
    the pot after calling."""
    hand = deal("pot-limit-seven-card-stud", [500] * 3, "Ah Kh 2c", "As Ks 9d", "Ad Kd Tc")
    act(hand, "0 bring-in")  # pot 3 + 2 = 5
    raise_ = [a for a in hand.legal_actions() if a.kind == "raise"][0]
    # to call 2, then the pot (5 + 2 = 7) on top: 2 + 7 = 9; at least double the bring-in.
    assert (raise_.min, raise_.max) == (4, 9)


# --- spec-001 ----------------------------------------------------------------------------------


def test_spec001_deal_starts_left_of_dealer_two_down_one_up() -> None:
    """spec-001: starting with the first player to the dealer's left and going clockwise,
    two rounds face down and one face up."""
    order = "2c 3c 4c 2d 3d 4d 2h 3h 4h"
    hand = Hand(variant("seven-card-stud"), [100] * 3, button=1,
                source=OrderedSource(parse_cards(order)))
    deals = [(e.seat, format_cards([e.card]), e.up) for e in hand.events if e.kind == "deal"]
    assert deals == [
        (2, "2c", False), (0, "3c", False), (1, "4c", False),
        (2, "2d", False), (0, "3d", False), (1, "4d", False),
        (2, "2h", True), (0, "3h", True), (1, "4h", True),
    ]


def test_spec001_fourth_card_up_starting_left_of_dealer() -> None:
    """spec-001: starting with the first remaining player to the dealer's left, a fourth card
    is dealt face up to each player remaining."""
    order = "2c 3c 4c 2d 3d 4d 2h 3h 4h  Kc 5c 5d 5h"
    hand = Hand(variant("seven-card-stud"), [100] * 3, button=1,
                source=OrderedSource(parse_cards(order)))
    act(hand, "2 bring-in", "0 fold", "1 call")
    deals = [(e.seat, format_cards([e.card]), e.up) for e in street_events(hand, "fourth")
             if e.kind == "deal"]
    assert deals == [(2, "5c", True), (1, "5d", True)]


def test_spec001_burn_before_each_later_round_and_optionally_the_first() -> None:
    """spec-001: the dealer burns before each round of cards. The shipped default burns from
    fourth street on (spec-000); a variant may burn before third street too."""
    v = variant("seven-card-stud")
    first = dataclasses.replace(v.streets[0], burn=True)
    burn_all = dataclasses.replace(v, streets=(first, *v.streets[1:]))
    order = "Jc 2c 3c 2d 3d 2h 3h"
    hand = Hand(burn_all, [100] * 2, source=OrderedSource(parse_cards(order)))
    assert hand.burned == [cards("Jc")[0]]
    assert hand.cards[0] == list(cards("2c 2d 2h"))


def test_spec001_each_player_antes() -> None:
    """spec-001: each player in the round places an ante."""
    hand = deal("seven-card-stud", [100] * 4, "Ah Kh 2c", "As Ks 9d", "Ad Kd Tc", "Qs Qd Jh")
    antes = [(e.seat, e.amount) for e in hand.events if e.kind == "ante"]
    assert antes == [(0, 1), (1, 1), (2, 1), (3, 1)]
    assert kinds(hand).index("ante") < kinds(hand).index("deal")


def test_spec001_lowest_up_card_brings_in_and_suits_break_ties() -> None:
    """spec-001: the player with the lowest card starts the betting; equal ranks are ranked by
    suit, spades highest, then hearts, diamonds, clubs."""
    hand = deal("seven-card-stud", [100] * 4, "Ah Kh 2s", "As Ks 2h", "Ad Kd 2d", "Qs Qd 9c")
    assert hand.actor == 2  # 2d is below 2h and 2s
    hand = deal("seven-card-stud", [100] * 3, "Ah Kh 3s", "As Ks 3h", "Ad Kd 4c")
    assert hand.actor == 1  # rank first: 3h below 4c; then 3h below 3s


def test_spec001_highest_showing_hand_acts_first_ties_nearest_dealers_left() -> None:
    """spec-001: the highest-ranking hand showing bets or checks first; if two or more hold it,
    the player closest to the dealer's left acts first."""
    holes = ("Ah Kh Kd 7c", "As Ks 2c 3d", "Ad Qs Kc 7h")  # seats 0 and 2 both show K-7
    for button, expected in ((0, 2), (1, 2), (2, 0)):
        hand = deal("seven-card-stud", [100] * 3, *holes, button=button)
        act(hand, "1 bring-in")
        while hand.street_name == "third":
            hand.call()
        assert hand.actor == expected, f"button {button}"


def test_spec001_check_until_a_bet_then_fold_call_or_raise() -> None:
    """spec-001: each player may check until a bet is made; after a bet the next player
    clockwise may fold, call or raise."""
    hand = deal("seven-card-stud", [100] * 3, "Ah Kh 2c 9h", "As Ks 9d 4d", "Ad Kd Tc 3c")
    act(hand, "0 bring-in", "1 call", "2 call")
    assert [a.kind for a in hand.legal_actions()] == ["check", "bet"]
    act(hand, "2 check")  # T-3 acts first; 9-4 and 2-9 follow
    assert [a.kind for a in hand.legal_actions()] == ["check", "bet"]
    act(hand, "0 bet 5")
    assert [str(a) for a in hand.legal_actions()] == ["fold", "call 5", "raise to 10"]


def test_spec001_at_most_eight_players() -> None:
    """spec-001: each poker table is restricted to a maximum of eight players."""
    Hand(variant("seven-card-stud"), [100] * 8, seed=1)
    with pytest.raises(StudkitError, match="2 to 8 players, not 9"):
        Hand(variant("seven-card-stud"), [100] * 9, seed=1)


# --- spec-002 ----------------------------------------------------------------------------------


def test_spec002_best_five_cards_win_ties_divide_equally() -> None:
    """spec-002: the best five-card combination takes the pot; equal combinations divide it
    equally."""
    hand = deal(
        "seven-card-stud", [100] * 2,
        "2h 2d 5c 8s Js Qs Ks",  # seat 0: a pair of deuces (no flush: four spades)
        "3h 3d 4c 9s Th Ah 7d",  # seat 1: a pair of threes
    )
    check_down(hand)
    assert hand.payoffs == [-3, 3]
    tie = deal(
        "seven-card-stud", [100] * 2,
        "Ah Kd 3c Qh Jc 9s 2h",  # A-K-Q-J-9
        "As Kh 4c Qd Jd 9h 2s",  # A-K-Q-J-9
    )
    check_down(tie)
    assert tie.payoffs == [0, 0]
    assert sorted(a[0] for a in awards(tie)) == [0, 1]


def test_spec002_limit_bets_and_raises_are_fixed() -> None:
    """spec-002: in limit games the sizes of bets and raises are strictly fixed."""
    hand = deal("seven-card-stud", [100] * 3, "Ah Kh 2c 9h 8d", "As Ks 9d 4d 7c", "Ad Kd Tc 3c 6h")
    act(hand, "0 bring-in")
    for action in hand.legal_actions():
        assert action.min == action.max
    act(hand, "1 complete 5", "2 raise 10", "0 call", "1 call")
    assert [str(a) for a in hand.legal_actions()] == ["check", "bet to 5"]
    with pytest.raises(StudkitError):
        hand.bet(7)
    act(hand, "2 check", "0 check", "1 check")
    assert [str(a) for a in hand.legal_actions()] == ["check", "bet to 10"]


def test_spec002_two_of_clubs_brings_in_over_two_of_hearts() -> None:
    """spec-002: suits count for the bring-in, clubs lowest: the 2 of clubs brings in over the
    2 of hearts."""
    hand = deal("seven-card-stud", [100] * 2, "Ah Kh 2h", "As Ks 2c")
    assert hand.actor == 1 and hand.can_bring_in()


def test_spec002_all_in_for_the_ante_next_player_brings_in() -> None:
    """spec-002: if the player with the lowest card goes all in with the ante and cannot post
    the bring-in, the next player clockwise brings in, whatever their up cards."""
    hand = deal("seven-card-stud", [1, 100, 100], "Ah Kh 2c", "As Ks Ad", "Qd Kd Tc")
    assert hand.all_in[0]
    assert hand.actor == 1  # the ace of diamonds brings in
    assert [a.kind for a in hand.legal_actions()] == ["bring-in", "complete"]
    act(hand, "1 bring-in", "2 call")
    assert hand.street_name == "fourth"


def test_spec002_all_in_for_the_ante_plays_for_the_antes() -> None:
    """spec-002 with spec-000's side pots: the player all in for the ante contests the antes
    only; the bring-in and calls go to a side pot among the others."""
    hand = deal(
        "seven-card-stud", [1, 100, 100],
        "Kh Kc 2c Kd 7s 5d 6d",  # seat 0: all in for the ante, three kings
        "As Qs Ad 9h 8c 4h 3s",  # seat 1: brings in; a pair of aces
        "Qd Jd Tc 9c 2d 4c 3h",  # seat 2: queen high
    )
    act(hand, "1 bring-in", "2 call")
    check_down(hand)
    assert [(p.amount, p.eligible) for p in hand.pots] == [(3, (0, 1, 2)), (4, (1, 2))]
    assert hand.payoffs == [2, 1, -3]


def test_spec002_open_pair_on_fourth_allows_the_big_bet() -> None:
    """spec-002: when a player pairs their up cards on fourth street, a bet or raise may be a
    big bet; once one player bets big, every later bet or raise that street is big."""
    holes = ("Ah Kh 2c 9h", "As Ks 9d 9c", "Ad Kd Tc 3c")  # seat 1 shows a pair of nines
    hand = deal("seven-card-stud", [200] * 3, *holes)
    act(hand, "0 bring-in", "1 call", "2 call")
    assert hand.actor == 1
    assert [str(a) for a in hand.legal_actions()] == ["check", "bet to 5", "bet to 10"]
    act(hand, "1 check")
    # Any player may bet big, not only the one with the pair.
    assert [str(a) for a in hand.legal_actions()] == ["check", "bet to 5", "bet to 10"]
    act(hand, "2 bet 10")
    assert [str(a) for a in hand.legal_actions()] == ["fold", "call 10", "raise to 20"]
    act(hand, "0 raise 20", "1 raise 30", "2 call", "0 call")
    assert hand.street_name == "fifth"
    assert hand.pot == 3 + 6 + 90


def test_spec002_open_pair_small_bet_then_big_raise_makes_the_rest_big() -> None:
    """spec-002: after a small bet on an open pair the next player may raise small or big;
    once a big raise is made, every later raise that street is big."""
    holes = ("Ah Kh 2c 9h", "As Ks 9d 9c", "Ad Kd Tc 3c")
    hand = deal("seven-card-stud", [200] * 3, *holes)
    act(hand, "0 bring-in", "1 call", "2 call", "1 bet 5")
    assert [str(a) for a in hand.legal_actions()] == ["fold", "call 5", "raise to 10",
                                                      "raise to 15"]
    act(hand, "2 raise 15")
    assert [str(a) for a in hand.legal_actions()] == ["fold", "call 15", "raise to 25"]


def test_spec002_no_open_pair_only_the_small_bet_on_fourth() -> None:
    """spec-002: without a pair showing, fourth street keeps the small bet."""
    hand = deal("seven-card-stud", [200] * 3, "Ah Kh 2c 9h", "As Ks 9d 8c", "Ad Kd Tc 3c")
    act(hand, "0 bring-in", "1 call", "2 call")
    assert [str(a) for a in hand.legal_actions()] == ["check", "bet to 5"]


def test_spec002_hi_lo_half_to_the_best_eight_or_better_low() -> None:
    """spec-002, stud hi-lo: half the pot to the best high hand, half to the best low hand of
    five different ranks eight or lower."""
    hand = deal(
        "seven-card-stud-hi-lo", [100] * 3,
        "Kh Kd 9c Ks 9d Qc Jh",  # seat 0: kings full of nines (high), no low
        "Ah 2d 6s 3c 7d Tc Jd",  # seat 1: 7-6-3-2-A low
        "Qs Qh 5c 8h Th Js 4d",  # seat 2: a pair of queens, no low
    )
    act(hand, "2 bring-in")  # the 5c is the lowest up card
    act(hand, "0 call", "1 call")  # pot 3 + 6 = 9
    check_down(hand)
    assert hand.payoffs == [2, 1, -3]  # high 5 (odd chip to high), low 4
    assert {(a[0], a[3]) for a in awards(hand)} == {(0, "high"), (1, "low")}


def test_spec002_hi_lo_no_qualifying_low_high_takes_all() -> None:
    """spec-002, stud hi-lo: with no eight-or-better low, the best high hand takes the pot."""
    hand = deal(
        "seven-card-stud-hi-lo", [100] * 2,
        "Kh Kd 9c Ks 9d Qc Jh",  # kings full
        "Ah 2d 3c 6s 9h Tc Jd",  # 9-6-3-2-A: no qualifying low
    )
    act(hand, "1 bring-in", "0 call")
    check_down(hand)
    assert hand.payoffs == [3, -3]
    assert [(a[0], a[3]) for a in awards(hand)] == [(0, "high")]


def test_spec002_razz_all_to_the_best_low_without_qualifier() -> None:
    """spec-002, razz: the whole pot goes to the best ace-to-five low; there is no eight
    qualifier (a king-high low can win)."""
    hand = deal(
        "razz", [100] * 2,
        "Kh Kd Qc Qs Jd Jh Tc",  # K-K-Q-Q-J-J-T: pairs
        "Ks Qd 9c Jc Td 8s 2h",  # K-Q-J-T-9 low (8 and 2 too: K-J-T-9-8... best five)
    )
    act(hand, "0 bring-in", "1 call")  # the Qc is the highest up card
    check_down(hand)
    assert hand.payoffs == [-3, 3]
    assert [(a[0], a[3]) for a in awards(hand)] == [(1, "low")]


def test_spec002_eight_players_and_a_community_card() -> None:
    """spec-002: with at most eight players and 52 cards, the deck may run out before seventh
    street: one common face-up card is dealt for all remaining players."""
    hand = Hand(variant("seven-card-stud"), [100] * 8, seed=21)
    check_down(hand)
    assert len(hand.community) == 1
    # Every player's showdown hand counts the community card: the award descriptions exist
    # for a seven-card hand (six own cards plus the common one).
    assert sum(hand.payoffs) == 0
    assert all(len(hand.cards[s]) == 6 for s in range(8))


def test_spec000_street_name_after_the_showdown() -> None:
    """spec-000's showdown ends the hand; the hand's queries must still answer afterwards."""
    hand = deal("seven-card-stud", [100] * 2, "Ah Kh 2c 3d 4s 7h 9c", "As Ks 9d Jc Qd 8h 7d")
    check_down(hand)
    assert hand.is_over
    assert hand.street_name in ("seventh", "showdown", "")
