"""Hands made with board (community) cards: all cards, own cards only, or the Omaha rule.

A pot share says which of a player's cards make its hand (``pots[].cards`` in a variant
file): ``all`` (the best hand of the player's own cards and the board), ``own`` (the
player's own cards only) or ``omaha`` (exactly two own cards with exactly three board
cards, as in Omaha). :func:`evaluate_cards` ranks one hand per call, :func:`evaluate_cards_batch`
many in numpy, both with any :class:`~studkit.evaluation.Evaluator` (wild cards included).

>>> from studkit.cards import parse_cards
>>> from studkit.evaluation import get_evaluator
>>> high = get_evaluator("high")
>>> own, board = parse_cards("Ah Ad Ac 2s"), parse_cards("Kh Kd 7c 3s 4d")
>>> high.describe(evaluate_cards(high, "omaha", own, board))
'Full house, kings full of aces'
>>> high.describe(evaluate_cards(high, "all", own, board))
'Full house, aces full of kings'
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any, Final, Literal

from studkit.cards import CARDS, Card
from studkit.errors import EvaluatorError

if TYPE_CHECKING:  # numpy is imported by the batch function only
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "CARDS_MODES",
    "evaluate_cards",
    "evaluate_cards_batch",
    "best_cards",
    "OMAHA_OWN",
    "OMAHA_BOARD",
]

CardsMode = Literal["all", "own", "omaha"]

CARDS_MODES: Final[tuple[str, ...]] = ("all", "own", "omaha")
"""The ways a share's hand is made: all cards, own cards only, the Omaha rule."""

MOST_CARDS: Final = 8
"""The most cards one evaluation takes; a longer ``all`` hand is the best of its eight-card
parts."""
OMAHA_OWN: Final = 2
"""Own cards an Omaha hand uses: exactly two."""
OMAHA_BOARD: Final = 3
"""Board cards an Omaha hand uses: exactly three."""


def evaluate_cards(
    evaluator: Any, mode: str, own: Sequence[int], board: Sequence[int]
) -> int:
    """The strength of the hand ``mode`` makes from ``own`` and ``board`` (higher is better).

    ``omaha`` with fewer than two own or three board cards makes no hand: 0 (the lowest
    strength, which never qualifies nor wins against a made hand)."""
    if mode == "all":
        cards = list(own) + list(board)
        if len(cards) <= MOST_CARDS:
            return int(evaluator.evaluate(cards))
        return max(int(evaluator.evaluate(part)) for part in combinations(cards, MOST_CARDS))
    if mode == "own":
        return int(evaluator.evaluate(own))
    if mode != "omaha":
        raise EvaluatorError(f"unknown cards mode {mode!r}: expected one of {CARDS_MODES}")
    if len(own) < OMAHA_OWN or len(board) < OMAHA_BOARD:
        return 0
    evaluate = evaluator.evaluate
    threes = list(combinations(board, OMAHA_BOARD))
    best = 0
    for two in combinations(own, OMAHA_OWN):
        for three in threes:
            value = evaluate(two + three)
            if value > best:
                best = value
    return int(best)


def best_cards(
    evaluator: Any, mode: str, own: Sequence[int], board: Sequence[int]
) -> tuple[Card, ...]:
    """The five cards (at most) the hand ``mode`` makes plays, as ``best_five`` shows them;
    empty for no hand."""
    if mode == "all":
        cards = list(own) + list(board)
        if len(cards) > MOST_CARDS:
            cards = list(max(combinations(cards, MOST_CARDS), key=evaluator.evaluate))
        return tuple(evaluator.best_five(cards))
    if mode == "own":
        return tuple(evaluator.best_five(own))
    strength = evaluate_cards(evaluator, "omaha", own, board)
    if strength == 0:
        return ()
    for two in combinations(own, OMAHA_OWN):
        for three in combinations(board, OMAHA_BOARD):
            if evaluator.evaluate(two + three) == strength:
                return tuple(evaluator.best_five([CARDS[int(c)] for c in two + three]))
    return ()  # pragma: no cover - the strength was made by one of these


def evaluate_cards_batch(
    evaluator: Any, mode: str, own: npt.ArrayLike, board: npt.ArrayLike
) -> npt.NDArray[np.int64]:
    """:func:`evaluate_cards` of many hands: ``own`` ``(n, k)`` and ``board`` ``(n, b)`` card
    indexes to ``(n,)`` int64 strengths, identical to the per-call function row by row."""
    import numpy as np

    own_cards = np.asarray(own, dtype=np.int64)
    board_cards = np.asarray(board, dtype=np.int64)
    if own_cards.ndim != 2 or board_cards.ndim != 2 or len(own_cards) != len(board_cards):
        raise EvaluatorError(
            f"own and board must be (n, k) and (n, b) arrays of the same n, got shapes "
            f"{own_cards.shape} and {board_cards.shape}"
        )
    if mode == "own":
        return np.asarray(evaluator.evaluate_batch(own_cards), dtype=np.int64)
    if mode == "all":
        cards = np.concatenate([own_cards, board_cards], axis=1)
        if cards.shape[1] <= MOST_CARDS:
            return np.asarray(evaluator.evaluate_batch(cards), dtype=np.int64)
        best = np.zeros(len(cards), dtype=np.int64)
        for part in combinations(range(cards.shape[1]), MOST_CARDS):
            values = evaluator.evaluate_batch(cards[:, list(part)])
            np.maximum(best, np.asarray(values, dtype=np.int64), out=best)
        return best
    if mode != "omaha":
        raise EvaluatorError(f"unknown cards mode {mode!r}: expected one of {CARDS_MODES}")
    rows = len(own_cards)
    best = np.zeros(rows, dtype=np.int64)
    if own_cards.shape[1] < OMAHA_OWN or board_cards.shape[1] < OMAHA_BOARD:
        return best
    for two in combinations(range(own_cards.shape[1]), OMAHA_OWN):
        for three in combinations(range(board_cards.shape[1]), OMAHA_BOARD):
            five = np.concatenate(
                [own_cards[:, list(two)], board_cards[:, list(three)]], axis=1
            )
            np.maximum(best, np.asarray(evaluator.evaluate_batch(five), dtype=np.int64),
                       out=best)
    return best
