"""Stud family reference, section 2.8: equity in games with board cards (Oxford stud,
Razzaho), checked against an enumeration written here from the per-call evaluators, and the
errors for a board that does not fit the players' cards."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

import pytest
from scenario import variant

from studkit import parse_cards
from studkit.cli import main
from studkit.engine.rules import compile_rules
from studkit.equity import equity
from studkit.errors import CardError
from studkit.evaluation.board_hands import evaluate_cards


def _completions(stub: list[int], sizes: list[int]) -> Iterator[list[tuple[int, ...]]]:
    """Every way to give each group its number of cards from ``stub``, without repeats."""
    if not sizes:
        yield []
        return
    for first in combinations(stub, sizes[0]):
        rest = [c for c in stub if c not in first]
        for others in _completions(rest, sizes[1:]):
            yield [first, *others]


def _independent(name: str, hands: list[str], board: str) -> list[float]:
    """Each hand's pot fraction over every completion of the deal: the board's missing cards
    and each player's missing own cards."""
    v = variant(name)
    rules = compile_rules(v)
    own = [parse_cards(h) for h in hands]
    known = parse_cards(board)
    used = {c for h in own for c in h} | set(known)
    stub = [c for c in rules.deck if c not in used]
    sizes = [v.board_cards - len(known)] + [v.max_cards_per_player - len(h) for h in own]
    totals = [0.0] * len(hands)
    deals = 0
    for extra, *more in _completions(stub, sizes):
        full = list(known) + list(extra)
        mine = [list(h) + list(m) for h, m in zip(own, more, strict=True)]
        weights = []
        winners = []
        for share in rules.shares:
            values = [evaluate_cards(share.evaluator, share.cards, h, full) for h in mine]
            values = [x if x >= share.qualifier else 0 for x in values]
            best = max(values)
            winners.append([i for i, x in enumerate(values) if x == best and best > 0])
            weights.append(share.weight if best > 0 else 0)
        total = sum(weights)
        for who, weight in zip(winners, weights, strict=True):
            for i in who:
                totals[i] += weight / total / len(who)
        deals += 1
    return [t / deals for t in totals]


@pytest.mark.parametrize(("name", "hands", "board"), [
    ("oxford-stud", ["As Ks Qs Js", "2c 3c 4c 5d"], "6d 7h"),
    ("oxford-stud", ["Ah Ad 8c 7c", "Kh Kd 2s 3s"], "4h 5h"),
    ("razzaho", ["As 2s 3s 4d 5d 9c", "Kh Kd Qc Jd Th 9h"], "Kc Ks 7d 6c 2c"),
])
def test_2_8_exact_equity_matches_an_independent_enumeration(
    name: str, hands: list[str], board: str,
) -> None:
    result = equity(name, hands, board=board, exact=True)
    expected = _independent(name, hands, board)
    assert result.equities == pytest.approx(expected, abs=1e-12)
    assert result.board_to_come == variant(name).board_cards - len(parse_cards(board))
    assert result.method == "exact"


def test_2_8_equity_draws_the_whole_board_when_none_is_out() -> None:
    result = equity("oxford-stud", ["As Ks Qs", "2c 3c 4c"], trials=3000, seed=5)
    assert result.board_to_come == 3 and result.community_cards == 0
    assert sum(result.equities) == pytest.approx(1.0)
    assert result.hands[1].shares["low"] > 0.1  # the low needs the board: it is dealt


def test_2_8_a_board_that_does_not_fit_the_street_is_an_error() -> None:
    with pytest.raises(CardError, match="has 0 or 2 board card"):
        equity("oxford-stud", ["As Ks Qs", "2c 3c 4c"], board="5d")
    with pytest.raises(CardError, match="deals no board cards"):
        equity("seven-card-stud", ["As Ks Qs", "2c 3c 4c"], board="5d")
    with pytest.raises(CardError, match="appears in"):
        equity("oxford-stud", ["As Ks Qs", "2c 3c 4c"], board="As 5d")


def test_2_8_the_cli_takes_the_board(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "oxford-stud", "--hand", "As Ks Qs Js", "--hand", "2c 3c 4c 5d",
                 "--board", "6d 7h"]) == 0
    out = capsys.readouterr().out
    assert "board: 6d 7h; 1 board card(s) to come" in out
    assert "cannot give everyone a card" not in out
