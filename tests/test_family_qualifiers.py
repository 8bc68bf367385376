"""Qualifiers and split rules of the stud family (rules reference, section 2.10): a high-hand
qualifier, a complete-badugi qualifier, "scoop the other half" when one share has no
qualifying hand, and ``showdown.if_nobody_qualifies`` (``chop-all``, ``ignore-qualifiers``)
when no hand qualifies for anything; at the engine's showdown, in equity and in the kernel's
eligibility."""

from __future__ import annotations

from pathlib import Path

import pytest
from kernel_replay import check_kernel_replays
from scenario import awards, check_down, deal

from studkit import load_variant
from studkit.equity import equity
from studkit.kernel.plan import unsupported
from studkit.variant.rules_text import show_text

DOUBLE = "seven-card-stud-double-qualifier"
# Neither hand has two pair or an eight-or-better low; seat 1 has the better high hand.
NOBODY = ("Kc Qd Jh 9s 7c 4d 2h", "Ac Kd Th 9d 6s 5h 3c")


def _flat(text: str) -> str:
    return " ".join(text.split())


def _ignoring(tmp_path: Path) -> Path:
    path = tmp_path / "ignoring.yaml"
    path.write_text(
        "studkit: 1\nextends: seven-card-stud-double-qualifier\nname: ignoring\n"
        "showdown: {if_nobody_qualifies: ignore-qualifiers}\n"
    )
    return path


def test_2_10_double_qualifier_chops_a_pot_nobody_qualifies_for() -> None:
    hand = deal(DOUBLE, [100, 100], *NOBODY)
    check_down(hand)
    assert hand.payoffs == [0, 0]
    paid = {seat: amount for seat, amount, _pot, _share in awards(hand)}
    assert paid[0] == paid[1] > 0


def test_2_10_ignore_qualifiers_gives_that_pot_to_the_best_high_hand(tmp_path: Path) -> None:
    variant = load_variant(_ignoring(tmp_path))
    hand = deal(variant, [100, 100], *NOBODY)
    check_down(hand)
    assert hand.payoffs[1] > 0 and sum(hand.payoffs) == 0
    assert {share for _seat, _amount, _pot, share in awards(hand)} == {"high"}


def test_2_10_a_qualifying_half_scoops_when_the_other_half_does_not_qualify() -> None:
    # Seat 0: two pair (qualifies for high), no low; seat 1: no two pair, no low.
    hand = deal(DOUBLE, [100, 100], "Kc Kd Jh Js 7c 4d 2h", "Ac Qd Th 9d 6s 5h 3c")
    check_down(hand)
    assert hand.payoffs[0] > 0
    assert {share for _seat, _amount, _pot, share in awards(hand)} == {"high"}
    # Seat 1 now has an eight-low and seat 0 two pair: the pot is split.
    split = deal(DOUBLE, [100, 100], "Kc Kd Jh Js 7c 9d Th", "Ac 2d 3h 9c 6s 5h Qc")
    check_down(split)
    assert {share for _seat, _amount, _pot, share in awards(split)} == {"high", "low"}


def test_2_10_complete_badugi_only_or_the_high_hand_scoops(tmp_path: Path) -> None:
    path = tmp_path / "studugi.yaml"
    path.write_text(
        "studkit: 1\nextends: seven-card-stud\nname: studugi\n"
        "pots:\n  - {name: high, evaluator: high}\n"
        "  - {name: badugi, evaluator: badugi, qualifier: 4-card}\n"
        "odd_chips: {hi_lo_side: high}\n"
    )
    variant = load_variant(path)
    assert "only a four-card badugi" in _flat(show_text(variant))
    # Seat 1 holds a four-card badugi (A-2-3-4 of four suits), seat 0 a straight flush.
    hand = deal(variant, [100, 100], "Kc Kd Qc Jc Tc 9c 8d", "Ac 2d 3h 4s 9d 9h 5d")
    check_down(hand)
    assert {(seat, share) for seat, _amount, _pot, share in awards(hand)} == {
        (0, "high"), (1, "badugi")}
    # Nobody has four cards of four suits and ranks: the high hand takes it all.
    no_badugi = deal(variant, [100, 100], "Kc Kd Qc Jc Tc 9c 8c", "Ac 2c 3h 4h 9d 9h 5d")
    check_down(no_badugi)
    assert {share for _seat, _amount, _pot, share in awards(no_badugi)} == {"high"}
    assert no_badugi.payoffs[0] > 0


def test_2_10_the_policy_is_in_show_and_equity_follows_it(tmp_path: Path) -> None:
    chop = load_variant(DOUBLE)
    assert "the pot is split equally among the players in the showdown" in _flat(show_text(chop))
    ignoring = load_variant(_ignoring(tmp_path))
    assert "as if no share had a qualifier" in _flat(show_text(ignoring))
    hands = [NOBODY[0].replace(" ", ""), NOBODY[1].replace(" ", "")]
    chopped = equity(chop, hands)
    assert [round(e, 6) for e in chopped.equities] == [0.5, 0.5]
    best = equity(ignoring, hands)
    assert [round(e, 6) for e in best.equities] == [0.0, 1.0]


def test_2_10_the_kernel_shares_a_pot_as_the_general_engine_does(tmp_path: Path) -> None:
    """Both ways of sharing a pot nobody qualifies for are the rules core's: the kernel's
    hands replayed by the general engine end the same."""
    for game in (load_variant(DOUBLE), load_variant(_ignoring(tmp_path))):
        assert unsupported(game, ["tag"], 2, 100) is None
        check_kernel_replays(game, 3, 200, ("random",) * 3, 300, seed=5)


@pytest.mark.parametrize("name", ["razzdugi", "canadian-stud", "razz-high", "action-razz",
                                  "razzbadeucey", "nine-card-stud"])
def test_2_9_the_kernel_plays_the_special_evaluators(name: str) -> None:
    """Badugi, soko, razz high and action razz (and nine cards) rank on the kernel as on the
    general engine: its hands replayed there end the same, category tallies included."""
    game = load_variant(name)
    assert unsupported(game, ["tag"], 3, 100) is None
    check_kernel_replays(game, 3, 200, ("random",) * 3, 300, seed=9)
