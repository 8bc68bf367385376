"""Board (community) cards in an equity question: which board counts fit the players' cards,
and how many board cards are still to come.

A game that deals board cards (``streets[].board``) deals them between the players' cards, so
the cards a player holds say which streets are out, except on streets that deal only board
cards (Oxford stud's fourth): there the board given says whether that street is out.
"""

from __future__ import annotations

from collections.abc import Sequence

from studkit.cards import Card
from studkit.errors import CardError
from studkit.variant.model import Variant

__all__ = ["board_counts", "board_to_come"]


def board_counts(variant: Variant, have: int) -> tuple[int, ...]:
    """The board cards that can be out when each player holds ``have`` cards of their own:
    one count per street boundary where the players hold exactly that many."""
    counts: list[int] = []
    own = board = 0
    if have == 0:
        counts.append(0)
    for street in variant.streets:
        own += len(street.cards)
        board += street.board
        if own == have and board not in counts:
            counts.append(board)
    return tuple(counts)


def board_to_come(variant: Variant, have: int, board: Sequence[Card]) -> int:
    """How many board cards are still to be dealt, after checking that ``board`` (the board
    cards out, in deal order) fits a deal where each player holds ``have`` own cards."""
    if not variant.board_cards:
        if board:
            raise CardError(f"{variant.name} deals no board cards, but a board was given")
        return 0
    counts = board_counts(variant, have)
    if len(board) not in counts:
        wanted = " or ".join(str(c) for c in counts)
        raise CardError(
            f"with {have} cards each, {variant.name} has {wanted} board card(s) out, "
            f"not {len(board)}: give the board cards dealt so far"
        )
    return variant.board_cards - len(board)
