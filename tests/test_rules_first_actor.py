"""Who opens and who acts first, rule by rule (studkit.engine.first_actor): the open-pair
option, the forced bring-in and the first actor by the showing hands.

Cases are the smallest table states that tell each rule apart: a few up cards per seat.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from core_state import edited
from scenario import deal

from studkit import builtin_variant_names, load_variant
from studkit.cards import CARDS, Card, parse_cards
from studkit.core import State
from studkit.engine import Hand
from studkit.engine.rules import RANKS_ONLY_SHOWING, compile_rules
from studkit.engine.showing import showing_values
from studkit.variant.loader import load_variant_text
from studkit.variant.model import Variant

STUD = load_variant("seven-card-stud")
JOKER = CARDS[52]
RED_JOKER = CARDS[53]


def table(*ups: str | list[Card], folded: tuple[int, ...] = (),
          stacks: list[int] | None = None) -> State:
    """The rules core's state of a hand whose seats show ``ups`` (text or cards) and in which
    ``folded`` folded (with these ``stacks``, if given)."""
    hand = Hand(STUD, [100] * len(ups), seed=0)
    values: dict[str, object] = {
        "up": [list(parse_cards(u)) if isinstance(u, str) else list(u) for u in ups],
        "folded": [s in folded for s in range(len(ups))],
    }
    if stacks is not None:
        values["stack"] = stacks
    return edited(hand, **values)


def any_open_pair(state: State) -> bool:
    """The core's open-pair rule on the state as it is."""
    return state.any_open_pair()


def best_board(state: State, variant: Variant = STUD) -> int:
    """The best showing hand's seat, the boards ranked as the engine ranks them."""
    return state.best_board(showing_values(compile_rules(variant), state))


def choose_forced(state: State) -> int:
    """The seat the core's bring-in rule falls to."""
    return state.forced_seat()


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


def test_with_no_up_cards_showing_the_first_live_seat_left_of_the_dealer_acts_first() -> None:
    """A street on which no live player shows a card (every showing hand is worth
    nothing): the first live seat from the dealer's left leads."""
    state = table("", "", "", folded=(1,))
    first = next(s for s in state.order if not state.folded[s])
    assert best_board(state) == first


def test_board_cards_left_out_of_the_showing_hands_still_break_ties_by_suit() -> None:
    """``board_includes_community: false`` and ties by suit: with a community card out,
    two kings showing tie on value and the king of spades leads (the board card counted in
    neither hand)."""
    oxford = load_variant("oxford-stud")
    action = replace(oxford.action_order, board_includes_community=False, tie_break="suit")
    game = replace(oxford, action_order=action)
    hand = Hand(game, [100, 100], seed=0)
    state = edited(hand, up=[list(parse_cards("Kd")), list(parse_cards("Ks"))],
                   community=list(parse_cards("2d")))
    assert best_board(state, game) == 1


def forcing(*ups: str | list[Card], stacks: list[int], folded: tuple[int, ...] = ()) -> State:
    """A seven-card stud hand (the lowest up card brings in 2; no partial bring-in) with
    these up cards and stacks, three seats dealt from seat 0 (the dealer is seat 2)."""
    state = table(*ups, folded=folded, stacks=stacks)
    assert state.order == [0, 1, 2] and compile_rules(STUD).bring_in == 2
    return state


def test_the_lowest_up_card_brings_in_and_a_folded_seat_is_skipped() -> None:
    assert choose_forced(forcing("Kd", "2c", "9h", stacks=[99, 99, 99])) == 1
    # Seat 0 folded before showing its deuce: the search goes on past it.
    assert choose_forced(forcing("2d", "Kc", "3h", stacks=[99, 99, 99], folded=(0,))) == 2


def test_nobody_brings_in_when_no_card_is_showing() -> None:
    """No up card at all: no seat is forced (-1)."""
    assert choose_forced(forcing("", "", "", stacks=[99, 99, 99])) == -1


def test_a_face_up_joker_ranks_as_an_ace_above_the_natural_aces_for_the_bring_in() -> None:
    """stud-family 2.2 (``bring_in.joker_as: ace``, the default): a face-up joker is never the
    low card beside a natural ace; two jokers alone tie, and the first seat dealt brings in."""
    assert choose_forced(forcing([JOKER], "Ac", "", stacks=[99, 99, 99])) == 1
    assert choose_forced(forcing("As", [JOKER], "", stacks=[99, 99, 99])) == 0
    assert choose_forced(forcing([JOKER], [RED_JOKER], "", stacks=[99, 99, 99])) == 0
    assert choose_forced(forcing([RED_JOKER], [JOKER], "", stacks=[99, 99, 99])) == 0


def test_a_player_who_cannot_bring_in_passes_it_clockwise_to_one_who_can() -> None:
    """spec-002: the forced seat short of the bring-in is passed; the next player clockwise
    who can post it in full does, wrapping past the last seat to seat 0."""
    # Seat 0 is forced but has 1 chip; seat 1 has 1 too; seat 2 can post.
    assert choose_forced(forcing("2c", "Kd", "Qh", stacks=[1, 1, 99])) == 2
    # Seat 2 is forced but has 1 chip: the next clockwise is seat 0.
    assert choose_forced(forcing("Kd", "Qh", "2c", stacks=[99, 99, 1])) == 0
    # Exactly the bring-in is enough; a folded seat is passed, whatever its stack.
    assert choose_forced(forcing("2c", "Kd", "Qh", stacks=[1, 2, 99])) == 1
    assert choose_forced(forcing("2c", "Kd", "Qh", stacks=[1, 99, 99], folded=(1,))) == 2


def test_when_nobody_can_post_the_bring_in_in_full_the_next_player_with_chips_posts_part() -> None:
    """spec-002, without the partial policy: nobody has the 2 chips, so the first live
    player clockwise from the forced seat who has any chips posts what it has; a folded
    seat or one with no chips left is passed; nobody at all: no bring-in (-1)."""
    assert choose_forced(forcing("Kd", "2c", "Qh", stacks=[1, 1, 1])) == 2
    assert choose_forced(forcing("Kd", "Qh", "2c", stacks=[1, 1, 1])) == 0
    assert choose_forced(forcing("Kd", "2c", "Qh", stacks=[1, 1, 1], folded=(2,))) == 0
    assert choose_forced(forcing("Kd", "2c", "Qh", stacks=[1, 1, 0])) == 0
    assert choose_forced(forcing("Kd", "2c", "Qh", stacks=[0, 1, 0])) == -1


def test_in_razz_a_low_ace_showing_alone_still_brings_in() -> None:
    """Razz: the highest card brings in and aces are low, so the aces are the least forced
    cards; when only aces show, one of them still brings in (never nobody)."""
    hand = Hand(load_variant("razz"), [100, 100], seed=0)
    state = edited(hand, up=[list(parse_cards("Ac")), list(parse_cards("Ad"))])
    assert choose_forced(state) in (0, 1)


TWO_JOKER_STUD = """studkit: 1
extends: five-card-stud
name: two-joker-stud
deck: {jokers: 2, joker_mode: bug}
forced_bets: {bring_in: null}
action_order: {tie_break: suit}
"""


@pytest.mark.parametrize(("button", "leader"), [(1, 0), (2, 0), (0, 1)])
def test_boards_the_suits_cannot_tell_apart_go_to_the_player_nearest_the_dealers_left(
    button: int, leader: int
) -> None:
    """Ties by suit (``tie_break: suit``) with no bring-in (the best board opens), two jokers
    in the deck: seats 0 and 1 each show a joker (the bug: an ace on the boards), above seat
    2's king; a joker has no suit,
    so the tie stays, and it goes by position: the tied player nearest the dealer's left
    acts first (seat 0, unless the dealer is seat 0 and seat 1 comes first)."""
    game = load_variant_text(TWO_JOKER_STUD)
    hand = deal(game, [200] * 3, "2c Jk", "3c Jr", "4c Kd", button=button)
    assert [list(up) for up in hand.up] == [[JOKER], [RED_JOKER], list(parse_cards("Kd"))]
    assert hand.actor == leader


@pytest.mark.parametrize("name", sorted(builtin_variant_names()))
def test_showing_boards_of_up_to_four_natural_cards_score_by_their_ranks_alone(
    name: str,
) -> None:
    """The engine remembers the showing value of one to four natural cards by their ranks
    (``Rules.showing_by_ranks``), so every shipped variant's showing evaluator must score
    such boards the same whatever their suits and order: random boards against the same
    ranks in other suits, shuffled."""
    rules = compile_rules(load_variant(name))
    if rules.showing_by_ranks is None:
        # a plugin acts, or the showing evaluator counts suits: no values by ranks
        assert (rules.plugins is not None
                or rules.variant.action_order.evaluator not in RANKS_ONLY_SHOWING)
        return
    evaluate = rules.showing.evaluate
    naturals = [c for c in rules.deck if c < 52]
    rng = random.Random(name)
    for _ in range(150):
        board = rng.sample(naturals, rng.randint(1, 4))
        ranks = sorted(c >> 2 for c in board)
        suited = [c for c in naturals if c >> 2 in ranks]
        other: list[int] = []
        for rank in ranks:
            choices = [c for c in suited if c >> 2 == rank and c not in other]
            other.append(rng.choice(choices))
        rng.shuffle(other)
        assert evaluate(board) == evaluate(other), (name, board, other)


@pytest.mark.parametrize("name", sorted(RANKS_ONLY_SHOWING))
def test_the_showing_evaluators_said_to_rank_by_ranks_alone_do(name: str) -> None:
    """:data:`~studkit.engine.rules.RANKS_ONLY_SHOWING` against the evaluators themselves
    (no wild cards): every board of one to four cards scores as the same ranks in other
    suits."""
    from studkit.evaluation import get_showing_evaluator

    evaluate = get_showing_evaluator(name).evaluate
    rng = random.Random(name)
    for size in range(1, 5):
        for _ in range(200):
            board = rng.sample(range(52), size)
            other = [(c >> 2) * 4 + rng.randrange(4) for c in board]
            if len(set(other)) < size:
                continue  # a pair dealt the same suit twice: not a board
            rng.shuffle(other)
            assert evaluate(board) == evaluate(other), (board, other)


def test_a_showing_evaluator_that_counts_suits_is_not_remembered_by_ranks() -> None:
    """Canadian stud's ``soko`` boards count four-flushes: no memo by ranks, and a four-flush
    still beats the same ranks unsuited on the boards."""
    rules = compile_rules(load_variant("canadian-stud"))
    assert rules.showing_by_ranks is None
    evaluate = rules.showing.evaluate
    assert evaluate(list(parse_cards("2c 5c 8c Jc"))) > evaluate(list(parse_cards("2c 5d 8c Jc")))
