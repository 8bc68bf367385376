"""Qualifiers at the showdown, rule by rule (studkit.engine.showdown): which hands qualify for
a share, where a share nobody qualifies for goes, and which hands are shown for it.

Each case is the smallest hand that tells the rule apart from a near miss: dealt cards, not a
shuffle. Some games are house files written here: razz with an eight-or-better low as its only
share, and games with a share ranked by a small plugin evaluator (red cards counted) whose
strengths are small numbers a hand can have exactly, as a plugin's may be.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from scenario import act, check_down, deal, variant

from studkit.engine import Hand
from studkit.hooks.registry import PluginRegistry
from studkit.variant.loader import load_variant_text
from studkit.variant.model import Variant


def shows_and_mucks(hand: Hand) -> list[tuple[str, int]]:
    return [(e.kind, int(e.seat)) for e in hand.events if e.kind in ("show", "muck")]


def won(hand: Hand) -> dict[tuple[int, str], int]:
    """Chips won per ``(seat, share)``, over every pot."""
    out: dict[tuple[int, str], int] = {}
    for seat, amount, _pot, share, _text in hand.awards:
        out[seat, share] = out.get((seat, share), 0) + amount
    return out


# --- razz with an eight-or-better low as its only share -----------------------------------

RAZZ_EIGHT = """studkit: 1
extends: razz
name: razz-eight
pots:
  - {name: low, evaluator: eight-or-better}
"""

NO_EIGHT_LOW = (
    "Kc Qd Jh 9s 7c 4d 2h",  # seat 0: brings in (the highest up card, Jh); no 8-low
    "Ac Kd Th 9d 6s 5h 3c",  # seat 1: four low cards, no 8-low
    "2c 3d 9c 4h 5s 6h 7d",  # seat 2: a 6-low, but folds on third street
)


def play_no_eight_low() -> Hand:
    """Seat 2 folds to the bring-in; seats 0 and 1, neither with an eight-low, check it
    down: pot 7 (three antes, the bring-in and its call)."""
    hand = deal(load_variant_text(RAZZ_EIGHT), [100] * 3, *NO_EIGHT_LOW)
    act(hand, "0 bring-in", "1 call", "2 fold")
    check_down(hand)
    return hand


def test_a_pot_nobody_qualifies_for_is_chopped_among_the_hands_shown_not_the_folded() -> None:
    """``if_nobody_qualifies: chop-all`` with one share: when no hand at the showdown has an
    eight-low, the pot is split between those hands, the odd chip to the first shown; the
    player who folded, whose cards did hold a low, gets nothing."""
    hand = play_no_eight_low()
    assert won(hand) == {(0, "low"): 4, (1, "low"): 3}
    assert hand.payoffs == [4 - 3, 3 - 3, -1]


def test_a_hand_that_would_share_a_chopped_pot_is_shown_not_mucked() -> None:
    """A hand that does not qualify may still win a part of a pot chopped because nobody
    qualifies: with one share and one pot, the second hand without a low is shown after
    the first (it cannot be beaten by it), not mucked."""
    hand = play_no_eight_low()
    assert shows_and_mucks(hand) == [("show", 0), ("show", 1)]
    assert hand.shown == [0, 1]


# --- a share ranked by a plugin evaluator: the number of red cards ------------------------

REDS_PLUGIN = """from studkit.hooks.specs import hookimpl


class Reds:
    name = "reds"

    def evaluate(self, cards):
        return sum(1 for c in cards if c < 52 and c % 4 in (1, 2))

    def describe(self, strength):
        return f"{strength} red card" + ("s" if strength != 1 else "")

    def qualifier(self, text):
        return int(text)

    def best_five(self, cards):
        return tuple(cards[:5])


@hookimpl
def studkit_hand_evaluator(name, wild_ranks):
    return Reds() if name == "reds" else None
"""


def reds_game(tmp_path: Path, base: str, pots: str) -> Variant:
    """``base`` with the pot shares ``pots`` (YAML flow mappings, one a line), the red-card
    evaluator among them, loaded with a plugins directory of the test's own."""
    directory = tmp_path / "plugins"
    directory.mkdir(exist_ok=True)
    (directory / "reds.py").write_text(REDS_PLUGIN)
    shares = "".join(f"  - {share}\n" for share in pots.splitlines())
    text = (f"studkit: 1\nextends: {base}\nname: red-{base}\n"
            f"pots:\n{shares}plugins:\n  - name: reds\n")
    return load_variant_text(text, registry=PluginRegistry([directory]))


# Seat 0 shows aces and kings and two red cards; seat 1 a pair of deuces and three.
AT_THE_QUALIFIER = ("As Ac Ks Kc 9d 7c Qh", "2h 2d 3h Js Tc 6s 5c")
# The same high hands; seat 1 now holds two red cards only.
BELOW_THE_QUALIFIER = ("As Ac Ks Kc 9d 7c Qh", "2h 2d 3s Js Tc 6s 5c")
# Razzaho: seat 0 holds the better Omaha high hand (a king-high straight with J-T-9 of the
# board) and two red cards of its own; seat 1 a pair with the board and three (or two).
BOARD = "Jc Td 9s 3s 2c"
BOARD_AT_THE_QUALIFIER = ("Ks Qc 8h 7d 6c 5s 4c", "4h 4d 7h As Kc 8s 6s")
BOARD_BELOW_THE_QUALIFIER = ("Ks Qc 8h 7d 6c 5s 4c", "4h 4d 7s As Kc 8s 6s")


def _high_and_three_reds(
    tmp_path: Path, base: str, cards: str, community: str, seats: tuple[str, str]
) -> tuple[Variant, Hand]:
    """A two-share game (high, or Omaha high on a board, and red cards with a qualifier of
    three from the share's ``cards``), its hand dealt to the end with all checks."""
    other = "{name: high, evaluator: high}" if cards == "all" else (
        "{name: omaha, evaluator: high, cards: omaha}")
    game = reds_game(tmp_path, base, f"{other}\n{{name: reds, evaluator: reds, "
                     f"qualifier: '3', cards: {cards}}}")
    hand = deal(game, [100, 100], *seats, community=community)
    check_down(hand)
    return game, hand


@pytest.mark.parametrize(
    ("base", "cards", "community", "seats"),
    [
        ("seven-card-stud", "all", "", AT_THE_QUALIFIER),
        ("razzaho", "own", BOARD, BOARD_AT_THE_QUALIFIER),
    ],
)
def test_a_hand_exactly_at_the_qualifier_qualifies(
    tmp_path: Path, base: str, cards: str, community: str, seats: tuple[str, str]
) -> None:
    """A qualifier is the weakest hand that may win the share, itself included: three red
    cards qualify for a share whose qualifier is three, over a cards ``all`` share as over
    an ``own`` share of a board game. Seat 1 wins that share with exactly three; the other
    share goes to seat 0."""
    game, hand = _high_and_three_reds(tmp_path, base, cards, community, seats)
    assert won(hand) == {(0, game.pots[0].name): 3, (1, "reds"): 3}
    assert (1, 3, 0, "reds", "3 red cards") in hand.awards


@pytest.mark.parametrize(
    ("base", "cards", "community", "seats"),
    [
        ("seven-card-stud", "all", "", BELOW_THE_QUALIFIER),
        ("razzaho", "own", BOARD, BOARD_BELOW_THE_QUALIFIER),
    ],
)
def test_a_share_nobody_qualifies_for_goes_to_the_other_share(
    tmp_path: Path, base: str, cards: str, community: str, seats: tuple[str, str]
) -> None:
    """``if_unqualified: to-other-shares``: with two red cards each, neither hand reaches
    the qualifier of three, so nobody wins that share (neither the hand with more red cards
    nor both alike): the other share takes the whole pot."""
    game, hand = _high_and_three_reds(tmp_path, base, cards, community, seats)
    assert won(hand) == {(0, game.pots[0].name): 6}


def test_a_hand_that_can_win_a_share_with_its_lowest_strength_is_shown(tmp_path: Path) -> None:
    """Mucking with two shares: a hand goes unshown only when it can win or tie neither
    share. Seat 1's pair of deuces loses the high half to the aces shown first, but its one
    red card beats their none: it is shown and wins the red-card half, described as the
    plugin describes a strength of 1."""
    game = reds_game(tmp_path, "seven-card-stud",
                     "{name: high, evaluator: high}\n{name: reds, evaluator: reds}")
    hand = deal(game, [100, 100], "As Ac Ks Kc 9s 7c Qs", "2h 2c 3s Js Tc 6s 5c")
    while hand.street_name != "seventh":
        hand.check_or_call()
    act(hand, "0 bet 10", "1 call")  # seat 0 bet last: it shows first
    assert shows_and_mucks(hand) == [("show", 0), ("show", 1)]
    assert hand.awards == [
        (0, 13, 0, "high", "Two pair, aces and kings, kicker Q"),
        (1, 13, 0, "reds", "1 red card"),
    ]


def test_a_hand_mucked_below_the_best_shown_shares_nothing_with_it(tmp_path: Path) -> None:
    """One share: a hand below the best hand shown is mucked and gives up the pot, even
    when that best hand has the plugin's lowest strength: seat 0's one red card, shown
    first, takes the whole pot from seat 1's none."""
    game = reds_game(tmp_path, "seven-card-stud", "{name: reds, evaluator: reds}")
    hand = deal(game, [100, 100], "As Ac Ks Kc 9s 7c Qh", "2s 2c 3s Js Tc 6s 5c")
    while hand.street_name != "seventh":
        hand.check_or_call()
    while hand.actor != 0:
        hand.check()
    act(hand, "0 bet 10", "1 call")  # seat 0 bet last: it shows first
    assert shows_and_mucks(hand) == [("show", 0), ("muck", 1)]
    assert hand.awards == [(0, 26, 0, "reds", "1 red card")]


# --- ignore-qualifiers with side pots -------------------------------------------------------

DOUBLE_IGNORING = """studkit: 1
extends: seven-card-stud-double-qualifier
name: double-qualifier-ignoring
showdown: {if_nobody_qualifies: ignore-qualifiers}
"""


def test_a_side_pot_nobody_qualifies_for_ignores_the_qualifiers_whatever_the_main_pot() -> None:
    """``if_nobody_qualifies: ignore-qualifiers`` is judged pot by pot: seat 0, all in for
    the ante, takes the main pot with two pair (it qualifies); in the side pot neither seat
    1 nor seat 2 has two pair or an eight-low, so that pot is awarded as if there were no
    qualifier, to seat 1's pair of aces, not chopped (seat 2's king high cannot win it and
    is mucked)."""
    hand = deal(
        load_variant_text(DOUBLE_IGNORING), [1, 100, 100],
        "Kh Kc 2c Qd Qs 9d 8d",  # seat 0: kings and queens, all in for the ante
        "Ac Ad Jc 9h 7s 5d 4h",  # seat 1: a pair of aces, no low
        "Kd Js Tc 9c 6d 4c 3h",  # seat 2: king high, no low
    )
    check_down(hand)
    assert [(pot.amount, pot.eligible) for pot in hand.pots] == [(3, (0, 1, 2)), (4, (1, 2))]
    assert shows_and_mucks(hand) == [("show", 1), ("muck", 2), ("show", 0)]
    assert hand.awards == [
        (0, 3, 0, "high", "Two pair, kings and queens, kicker 9"),
        (1, 4, 1, "high", "One pair, aces, kickers J-9-7"),
    ]



# --- mucking when nobody shown qualifies --------------------------------------------------

DOUBLE_CHOPPING = DOUBLE_IGNORING.replace("ignoring", "chopping").replace(
    "ignore-qualifiers", "chop-all")

# Three hands none of which has two pair, an eight-low, a straight or a flush.
NOBODY_QUALIFIES = (
    "Kc Qd Jh 9s 7c 4d 2h",  # seat 0: king high, three low cards
    "Ac Kd Th 9d 6s 5h 3c",  # seat 1: ace high, four low cards
    "Qc Jd 9c 8h 8c 5s Kh",  # seat 2: a pair of eights
)
# Seat 0 king high, seat 1 a pair of aces (neither qualifies), seat 2 two pair (qualifies).
WORSE_THEN_BETTER = (
    "Kc Qd Jh 9s 7c 4d 2h", "Ac Ad Jc 9h 7s 5d 4h", "Kh Kd 2c Qc Qs 9d 8d")
# Seat 0 a pair of aces, seat 1 king high (neither qualifies), seat 2 two pair.
BETTER_THEN_WORSE = (
    "Ac Ad Jc 9h 7s 5d 4h", "Kc Qd Jh 9s 7c 4d 2h", "Kh Kd 2c Qc Qs 9d 8d")
# Seats 0 and 1 the same king high (neither qualifies), seat 2 two pair.
TIED_THEN_BETTER = (
    "Kc Qd Jh 9s 7c 4d 2h", "Ks Qh Jd 9h 7h 4c 2s", "Kh Kd 2c Qc Qs 9d 8d")


def showdown_from(game: Variant, holes: tuple[str, ...], first: int) -> Hand:
    """The hands checked to seventh street, where seat ``first`` bets and the others call:
    ``first`` shows first, then the others clockwise."""
    hand = deal(game, [100] * len(holes), *holes)
    while hand.street_name != "seventh":
        hand.check_or_call()
    while hand.actor != first:
        hand.check()
    hand.bet()
    while not hand.is_over:
        hand.call()
    return hand


def test_a_hand_that_shares_a_pot_chopped_because_nobody_qualifies_was_shown() -> None:
    """``chop-all`` in the shipped double qualifier (seed 1, all checking and calling down):
    nobody has two pair or an eight-low, the pot is chopped three ways, and so no hand may
    be mucked: a hand that does not qualify still shares a pot that no hand shown so far
    qualifies for. Every seat that shares the pot shows, and none mucks, whatever the seed."""
    double = variant("seven-card-stud-double-qualifier")
    assert double.showdown.if_nobody_qualifies == "chop-all"
    hand = Hand(double, [200] * 3, seed=1)
    check_down(hand)
    assert shows_and_mucks(hand) == [("show", 1), ("show", 2), ("show", 0)]
    assert [(seat, amount) for seat, amount, *_ in hand.awards] == [(1, 3), (2, 3), (0, 3)]
    for seed in range(2, 50):
        hand = Hand(double, [200] * 3, seed=seed)
        check_down(hand)
        records = shows_and_mucks(hand)
        paid = {seat for seat, amount, *_ in hand.awards if amount > 0}
        assert paid <= {seat for kind, seat in records if kind == "show"}, (seed, records)


def test_with_nobody_qualifying_every_hand_is_shown_for_the_chop() -> None:
    """``chop-all`` over two shares: three hands none of which qualifies for either half are
    all shown (each may share the chop against the hands before it) and each is paid."""
    hand = showdown_from(load_variant_text(DOUBLE_CHOPPING), NOBODY_QUALIFIES, first=1)
    assert shows_and_mucks(hand) == [("show", 1), ("show", 2), ("show", 0)]
    assert hand.awards == [
        (1, 13, 0, "high", ""), (2, 13, 0, "high", ""), (0, 13, 0, "high", "")]


@pytest.mark.parametrize(
    ("text", "holes", "records", "winner"),
    [
        # chop-all: the pair of aces may still share a chop when it shows; the two pair
        # shown after it takes the pot.
        pytest.param(DOUBLE_CHOPPING, WORSE_THEN_BETTER, ["show", "show", "show"], 2,
                     id="chop-all-worse-first"),
        pytest.param(DOUBLE_CHOPPING, BETTER_THEN_WORSE, ["show", "show", "show"], 2,
                     id="chop-all-better-first"),
        # ignore-qualifiers: a hand that does not qualify is shown when it beats, without
        # the qualifiers, every hand shown (nobody shown qualifies), mucked when it does not.
        pytest.param(DOUBLE_IGNORING, WORSE_THEN_BETTER, ["show", "show", "show"], 2,
                     id="ignore-qualifiers-worse-first"),
        pytest.param(DOUBLE_IGNORING, BETTER_THEN_WORSE, ["show", "muck", "show"], 2,
                     id="ignore-qualifiers-better-first"),
        pytest.param(DOUBLE_IGNORING, TIED_THEN_BETTER, ["show", "show", "show"], 2,
                     id="ignore-qualifiers-tied"),
    ],
)
def test_a_hand_that_does_not_qualify_mucks_only_by_the_hands_already_shown(
    text: str, holes: tuple[str, ...], records: list[str], winner: int
) -> None:
    """Whether a hand that does not qualify is shown depends on the hands shown before it,
    never on those still to show: seats 0 and 1 qualify for nothing, seat 2, shown last,
    has two pair and takes the pot. After seat 0, seat 1 could still share the pot if
    nobody qualified: with ``chop-all`` always, with ``ignore-qualifiers`` only when its
    hand beats or ties seat 0's without the qualifier."""
    hand = showdown_from(load_variant_text(text), holes, first=0)
    assert shows_and_mucks(hand) == list(zip(records, (0, 1, 2), strict=True))
    assert {seat for seat, *_ in hand.awards} == {winner}


@pytest.mark.parametrize("text", [DOUBLE_CHOPPING, DOUBLE_IGNORING],
                         ids=["chop-all", "ignore-qualifiers"])
def test_once_a_hand_shown_qualifies_the_hands_that_do_not_are_mucked(text: str) -> None:
    """The two pair shown first (seat 2) qualifies, so no chop and no sharing without the
    qualifiers can happen: the two hands after it, qualifying for nothing, are mucked."""
    holes = (WORSE_THEN_BETTER[0], WORSE_THEN_BETTER[1], WORSE_THEN_BETTER[2])
    hand = showdown_from(load_variant_text(text), holes, first=2)
    assert shows_and_mucks(hand) == [("show", 2), ("muck", 0), ("muck", 1)]
    assert {seat for seat, *_ in hand.awards} == {2}


@pytest.mark.parametrize("policy", ["chop-all", "ignore-qualifiers"])
def test_a_side_pot_nobody_qualifies_for_is_shared_by_hands_all_shown(policy: str) -> None:
    """Razz with an eight-or-better low as its only share, seat 0 all in for the ante with
    a 6-low: it takes the main pot; in the side pot neither seat 1 nor seat 2 has an
    eight-low, with or without the qualifier (the low itself is the qualifier), so the side
    pot is chopped between them under either policy, and both are shown: the second shown
    cannot be beaten by the first."""
    game = load_variant_text(RAZZ_EIGHT + f"showdown: {{if_nobody_qualifies: {policy}}}\n")
    hand = deal(game, [1, 100, 100], "2c 3d 4h 5s 6h 7d 9c", *NO_EIGHT_LOW[:2])
    check_down(hand)
    assert [(pot.amount, pot.eligible) for pot in hand.pots] == [(3, (0, 1, 2)), (4, (1, 2))]
    assert shows_and_mucks(hand) == [("show", 2), ("show", 1), ("show", 0)]
    assert hand.awards == [
        (0, 3, 0, "low", "6-5-4-3-2"), (2, 2, 1, "low", ""), (1, 2, 1, "low", "")]


# Show and muck records of hands checked and called down, seeds 1 to 12, three players.
PLAIN_RECORDS = {
    "seven-card-stud": [
        "s1 s2 m0", "s2 m0 m1", "s1 s2 m0", "s0 s1 s2", "s0 m1 s2", "s0 s1 m2",
        "s1 s2 s0", "s0 s1 s2", "s1 m2 s0", "s1 m2 m0", "s1 m2 m0", "s0 s1 s2",
    ],
    "seven-card-stud-hi-lo": [
        "s1 s2 m0", "s2 m0 m1", "s1 s2 m0", "s0 s1 s2", "s0 m1 s2", "s0 s1 m2",
        "s1 s2 s0", "s0 s1 s2", "s1 s2 s0", "s1 m2 m0", "s1 m2 s0", "s0 s1 s2",
    ],
}


@pytest.mark.parametrize("name", sorted(PLAIN_RECORDS))
def test_games_where_some_hand_always_qualifies_muck_as_before(name: str) -> None:
    """In seven-card stud and stud hi-lo (the high half has no qualifier) the rule for a pot
    nobody shown qualifies for never applies: a hand mucks when the hands shown beat it in
    every share, as the records of these twelve hands have it."""
    for seed, expected in enumerate(PLAIN_RECORDS[name], start=1):
        hand = Hand(variant(name), [200] * 3, seed=seed)
        check_down(hand)
        records = " ".join(f"{kind[0]}{seat}" for kind, seat in shows_and_mucks(hand))
        assert records == expected, seed
