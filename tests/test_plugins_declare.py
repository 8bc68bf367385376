"""High-low declare judged pot by pot: scripted hands with a player all in for the main pot.

The rule checked (plugins/declare.py, docs/plugins.md): each pot is awarded among the players
eligible for it (rules reference section 0, side pots: "each pot awarded among its
contributors"; A17: "each pot is split separately"). In each pot a swing must win every share
against the other players in that pot (with ``swing_may_tie``, at least tie), or it takes
nothing of that pot; by default failing in one pot costs that pot only, and with
``failed_swing_forfeits: all-pots`` it costs every pot.

Every scripted hand below plays the same betting: stacks 21, 200, 200; seat 1 completes or
bets on every street and the others call, so seat 0 is all in on fifth street for exactly its
21 chips. The main pot is 63 chips (seats 0, 1, 2), the side pot 40 (seats 1 and 2); an odd
chip of a split pot goes to the high half.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from random import Random

import pytest
from conftest import run_doctests
from scenario import deal

from studkit.engine import Action, Hand
from studkit.hooks import host as pluginhost
from studkit.hooks.registry import PluginRegistry
from studkit.variant.loader import load_variant
from studkit.variant.model import PluginRef, Variant

STACKS = (21, 200, 200)
MAIN, SIDE = 63, 40


@pytest.fixture(autouse=True)
def plugins_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """No plugin but the variant's own: a plugins directory of the test's, no autoloading."""
    monkeypatch.delenv(pluginhost.AUTOLOAD_ENV, raising=False)
    directory = tmp_path / "plugins"
    directory.mkdir()
    yield directory


def declare_game(**options: object) -> Variant:
    """high-low-declare with the declare plugin's options changed (a new variant object, so
    no compiled rules or plugin host are shared between tests)."""
    variant = load_variant("high-low-declare")
    others = tuple(ref for ref in variant.plugins if ref.name != "declare")
    return replace(variant, plugins=(*others, PluginRef("declare", options)))


def play_declaring(hand: Hand, declared: Mapping[int, Sequence[str]], bettor: int = 1) -> Hand:
    """Seat ``bettor`` completes or bets when it may, the others bring in, check or call;
    each seat's declarations are taken from ``declared[seat]`` in order (the last repeats)."""
    made = {seat: 0 for seat in declared}
    while not hand.is_over:
        actions = hand.legal_actions()
        seat = hand.actor
        assert seat is not None
        if actions[0].kind.startswith("declare-"):
            words = declared[seat]
            hand.apply(Action(f"declare-{words[min(made[seat], len(words) - 1)]}"))
            made[seat] += 1
            continue
        kinds = {action.kind: action for action in actions}
        wanted = ("complete", "bet", "check", "call") if seat == bettor else (
            "bring-in", "check", "call")
        hand.apply(next(kinds[kind] for kind in wanted if kind in kinds))
    return hand


def play_out(hand: Hand, declared: Mapping[int, str], bettor: int = 1) -> Hand:
    """Seat ``bettor`` completes or bets whenever it may, the others bring in, check or
    call; each seat declares ``declared[seat]``."""
    return play_declaring(hand, {seat: (word,) for seat, word in declared.items()}, bettor)


def by_pot(hand: Hand) -> list[dict[tuple[int, str], int]]:
    """Per pot: chips won by ``(seat, share)``."""
    out: list[dict[tuple[int, str], int]] = [{} for _ in hand.pots]
    for seat, amount, pot, share, _text in hand.awards:
        key = (seat, share)
        out[pot][key] = out[pot].get(key, 0) + amount
    return out


def assert_conserved(hand: Hand) -> None:
    """Chips are conserved: each pot is paid out in full, only to seats eligible for it, and
    the payoffs sum to zero."""
    pots = hand.pots
    paid = [0] * len(pots)
    for seat, amount, pot, _share, _text in hand.awards:
        assert seat in pots[pot].eligible, f"seat {seat} won from pot {pot} it is not in"
        paid[pot] += amount
    assert paid == [pot.amount for pot in pots]
    assert sum(hand.payoffs) == 0


def scripted(variant: Variant, seats: tuple[str, str, str], declared: Mapping[int, str]) -> Hand:
    hand = play_out(deal(variant, STACKS, *seats), declared)
    assert [(pot.amount, pot.eligible) for pot in hand.pots] == [(MAIN, (0, 1, 2)), (SIDE, (1, 2))]
    assert_conserved(hand)
    return hand


# Seat 0 (all in) is the swing with a wheel: the best high (a five-high straight) and the best
# low. Seat 1 has trip queens, seat 2 a seven low.
ALL_IN_SWING_WINS = (
    "Ac 2d 3h 4s 5c Kd 9h",
    "Qc Qd Qh Js 8c 6d 2h",
    "7c 6h 4c 3c 2c Td 9d",
)


def test_an_all_in_swing_that_beats_everyone_takes_the_main_pot_and_no_more() -> None:
    """Rule: a player all in for the main pot who declared swing is judged in the main pot
    only; there it beats every other player both ways and scoops it, and the side pot it is
    not in is split among the others by their own declarations."""
    hand = scripted(declare_game(), ALL_IN_SWING_WINS, {0: "swing", 1: "high", 2: "low"})
    main, side = by_pot(hand)
    assert main == {(0, "high"): 32, (0, "low"): 31}
    assert side == {(1, "high"): 20, (2, "low"): 20}
    assert hand.payoffs == [63 - 21, 20 - 41, 20 - 41]


def test_a_side_pot_is_judged_without_the_all_in_swing_that_won_the_main_pot() -> None:
    """Rule: a side pot is judged without the player all in for less. Seat 2 swings too with
    trip kings and a king-seven low: it loses both ways to the all-in swing in the main pot
    (so it takes nothing there) but beats seat 1 both ways in the side pot (seat 1's trip
    queens; nobody else there plays low) and takes it whole; the all-in swing still scoops
    the main pot."""
    seats = (ALL_IN_SWING_WINS[0], ALL_IN_SWING_WINS[1], "Kc Kh Ks 7d 6c 3c 2c")
    hand = scripted(declare_game(), seats, {0: "swing", 1: "high", 2: "swing"})
    main, side = by_pot(hand)
    assert main == {(0, "high"): 32, (0, "low"): 31}
    assert side == {(2, "high"): 20, (2, "low"): 20}


# Seat 0 (all in, declares high) has four kings; seat 1 swings with ace high and a 6-4 low;
# seat 2 declares low with an 8-7 low.
SWING_BEATEN_BY_ALL_IN = (
    "Kc Kd Kh Ks 9c 8d 7c",
    "As 2s 3d 4h 6c Qs Jd",
    "8h 7h 5c 3c 2c Td 9d",
)


def test_a_swing_beaten_in_the_main_pot_still_wins_the_side_pot_it_sweeps() -> None:
    """Rule (default ``failed_swing_forfeits: pot``): a swing that fails in one pot loses that
    pot only. Seat 1 loses high to the all-in kings, so the main pot goes as if it had not
    declared (high to seat 0, low to seat 2's worse low); in the side pot it has no rival for
    high and the best low, so it wins both ways there."""
    hand = scripted(declare_game(), SWING_BEATEN_BY_ALL_IN, {0: "high", 1: "swing", 2: "low"})
    main, side = by_pot(hand)
    assert main == {(0, "high"): 32, (2, "low"): 31}
    assert side == {(1, "high"): 20, (1, "low"): 20}
    assert hand.payoffs == [32 - 21, 40 - 41, 31 - 41]


def test_the_hands_shown_are_described_by_what_each_plays_for_in_its_pots() -> None:
    """Rule: a seat's hand is described per share by the best it keeps in any pot it is in
    (``studkit play``'s showdown view): the swing beaten in the main pot but winning the side
    pot is described with its high and low; a player who declared high has no low."""
    from studkit.play.table_view import describe_seat

    hand = scripted(declare_game(), SWING_BEATEN_BY_ALL_IN, {0: "high", 1: "swing", 2: "low"})
    strengths = hand.showdown_strengths()
    assert describe_seat(hand, 1, strengths) == (
        ("high", "high-card", "High card, A-Q-J-6-4"), ("low", "6-low", "6-4-3-2-A"),
    )
    assert describe_seat(hand, 0, strengths)[1] == ("low", "", "no low hand")
    forfeits = declare_game(failed_swing_forfeits="all-pots")
    hand = scripted(forfeits, SWING_BEATEN_BY_ALL_IN, {0: "high", 1: "swing", 2: "low"})
    assert [row[1] for row in hand.showdown_strengths()] == [0, 0]


def test_a_hand_played_for_no_pot_is_described_by_the_declarations_of_the_live_seats() -> None:
    """Rule: with no ante and no bring-in, a hand checked down to the showdown has no pot;
    ``studkit play``'s showdown view still judges the declarations, among every live seat:
    the four kings that declared high keep their high, the swing beaten for high keeps
    nothing, and the eight-low declared low keeps its low."""
    from studkit.play.table_view import showdown

    game = declare_game()
    game = replace(game, forced_bets=replace(game.forced_bets, ante=False, bring_in=None))
    hand = play_out(deal(game, [50, 50, 50], *SWING_BEATEN_BY_ALL_IN),
                    {0: "high", 1: "swing", 2: "low"}, bettor=-1)
    assert hand.pots == [] and hand.awards == []
    high, low = hand.showdown_strengths()
    assert [s > 0 for s in high] == [True, False, False]
    assert [s > 0 for s in low] == [False, False, True]
    shown = {h.seat: h.hands for h in showdown(hand, ["A", "B", "C"]).hands if not h.mucked}
    assert shown[2] == (("high", "", "no high hand"), ("low", "8-low", "8-7-5-3-2"))


def test_with_all_pots_forfeited_a_swing_beaten_in_any_pot_wins_nothing() -> None:
    """Rule (``failed_swing_forfeits: all-pots``): failing to win every share in any pot it
    is in loses a swing every pot; the side pot then goes whole to the only other player,
    who declared low (a share nobody declared goes to the other share)."""
    variant = declare_game(failed_swing_forfeits="all-pots")
    hand = scripted(variant, SWING_BEATEN_BY_ALL_IN, {0: "high", 1: "swing", 2: "low"})
    main, side = by_pot(hand)
    assert main == {(0, "high"): 32, (2, "low"): 31}
    assert side == {(2, "low"): 40}


def test_an_all_in_swing_that_fails_leaves_the_main_pot_to_the_others() -> None:
    """Rule: a swing that fails in the main pot takes nothing of it and the others split it
    as if it had not declared; the side pot among the others is judged on its own. Seat 0
    (all in) has the best low but loses high to seat 1's trip queens."""
    seats = ("Ac 2d 3h 4s 6c Kd 9h", "Qc Qd Qh Js 8c 5d 2h", "7c 7h 5c 3c 2c Td 9d")
    hand = scripted(declare_game(), seats, {0: "swing", 1: "high", 2: "low"})
    main, side = by_pot(hand)
    assert main == {(1, "high"): 32, (2, "low"): 31}
    assert side == {(1, "high"): 20, (2, "low"): 20}
    assert hand.payoffs[0] == -21


# Seat 0 (all in, declares low) has the wheel, the best low. Seats 1 and 2 both hold a
# six-high straight; seat 1 swings (its low 6-5-4-3-2 loses to the wheel in the main pot but
# has no rival in the side pot), seat 2 declares high.
TIED_SWING = (
    "Ac 2d 3h 4s 5c Kd 9h",
    "2s 3d 4h 5s 6c Qs Jd",
    "2c 3c 4c 5d 6d Kh Kc",
)


def test_a_swing_that_ties_a_share_of_a_pot_loses_that_pot() -> None:
    """Rule (``swing_may_tie: false``): a swing must beat every other player in the pot in
    every share; a tie is not enough. In the side pot seat 1 ties seat 2's straight for high
    and wins low unopposed: it still fails, and seat 2 takes the side pot whole (nobody left
    in it declared low). In the main pot it fails on low; high goes to seat 2."""
    hand = scripted(declare_game(), TIED_SWING, {0: "low", 1: "swing", 2: "high"})
    main, side = by_pot(hand)
    assert main == {(2, "high"): 32, (0, "low"): 31}
    assert side == {(2, "high"): 40}


def test_with_swing_may_tie_a_tied_swing_splits_that_share_and_keeps_the_rest() -> None:
    """Rule (``swing_may_tie: true``): a tie is enough. In the side pot seat 1 splits the high
    half with seat 2 and wins the low half; in the main pot it still fails, beaten on low by
    the all-in wheel, so the main pot is the same as without the option."""
    variant = declare_game(swing_may_tie=True)
    hand = scripted(variant, TIED_SWING, {0: "low", 1: "swing", 2: "high"})
    main, side = by_pot(hand)
    assert main == {(2, "high"): 32, (0, "low"): 31}
    assert side == {(1, "high"): 10, (2, "high"): 10, (1, "low"): 20}


@pytest.mark.parametrize("options", [
    {}, {"swing_may_tie": True}, {"failed_swing_forfeits": "all-pots"},
])
def test_chips_are_conserved_in_random_declare_hands_with_side_pots(
    options: dict[str, object],
) -> None:
    """Rule: whatever is declared, every pot is paid out in full to players eligible for it
    and no chip is made or lost (short stacks make side pots)."""
    variant = declare_game(**options)
    rng = Random(7)
    side_pots = 0
    for seed in range(25):
        hand = Hand(variant, [12, 30, 200, 200], seed=seed)
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
        assert_conserved(hand)
        side_pots += len(hand.pots) > 1
    assert side_pots > 0


def test_the_judge_example_and_the_rule_sentence() -> None:
    """The judging function's example runs, and ``studkit show`` says which pots a failed
    swing loses."""
    from studkit.plugins import declare

    assert run_doctests("studkit.plugins.declare") == (0, 2)
    assert "may still win another" in declare.rules_sentence({})
    assert "wins no pot" in declare.rules_sentence({"failed_swing_forfeits": "all-pots"})


# ---------------------------------------------------------------- the hook, pot by pot

def stud_with(plugins_dir: Path, name: str, body: str) -> Variant:
    (plugins_dir / f"{name}.py").write_text("from studkit.hooks.specs import hookimpl\n\n" + body)
    variant = load_variant("seven-card-stud", registry=PluginRegistry([plugins_dir]))
    return replace(variant, plugins=(PluginRef(name),))


def side_pot_hand(variant: Variant) -> Hand:
    hand = play_out(Hand(variant, list(STACKS), seed=3), {})
    assert [pot.eligible for pot in hand.pots] == [(0, 1, 2), (1, 2)]
    assert_conserved(hand)
    return hand


def winners(hand: Hand) -> list[set[int]]:
    return [{seat for seat, _share in pot} for pot in by_pot(hand)]


def test_studkit_adjust_strengths_is_asked_per_pot_with_its_eligible_seats(
    plugins_dir: Path, tmp_path: Path,
) -> None:
    """Hook contract: called once per pot, main pot first, with that pot's ``eligible`` seats,
    and each pot is awarded with its own answer (here: only the lowest eligible seat may
    win)."""
    log = tmp_path / "calls.txt"
    variant = stud_with(plugins_dir, "lowest_seat", (
        "@hookimpl\n"
        "def studkit_adjust_strengths(strengths, eligible):\n"
        f"    with open({str(log)!r}, 'a') as f:\n"
        "        f.write(repr(tuple(eligible)) + '\\n')\n"
        "    first = min(eligible)\n"
        "    return {name: [v if s == first else 0 for s, v in enumerate(values)]\n"
        "            for name, values in strengths.items()}\n"
    ))
    hand = side_pot_hand(variant)
    assert log.read_text().splitlines() == ["(0, 1, 2)", "(1, 2)"]
    assert winners(hand) == [{0}, {1}]


def test_a_plugin_that_ignores_eligible_gets_the_same_rule_in_every_pot(
    plugins_dir: Path,
) -> None:
    """Hook compatibility: an implementation without ``eligible`` (a subset of the hook's
    arguments) still works, and its one answer applies to every pot alike."""
    variant = stud_with(plugins_dir, "seat_two_only", (
        "@hookimpl\n"
        "def studkit_adjust_strengths(strengths):\n"
        "    return {name: [v if s == 2 else 0 for s, v in enumerate(values)]\n"
        "            for name, values in strengths.items()}\n"
    ))
    hand = side_pot_hand(variant)
    assert winners(hand) == [{2}, {2}]
