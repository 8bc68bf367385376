"""The rules in words for board (community) cards, street shapes and rounds opened by seat.

:mod:`studkit.variant.rules_text` calls these for the parts of ``studkit show`` that board
cards, streets without player cards and ``action_order.first_round`` / ``later_rounds``
change; each returns the words to add (or ``None`` where the plain sentence stands).
"""

from __future__ import annotations

from studkit.variant.model import PotShare, Street, Variant
from studkit.variant.stakes_words import shown_stakes

__all__ = [
    "street_cards_words",
    "board_pattern",
    "first_round_words",
    "action_words",
    "share_cards_words",
]

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def _count(n: int, what: str) -> str:
    word = _NUMBERS[n] if n < len(_NUMBERS) else str(n)
    return f"{word} {what}{'s' if n != 1 else ''}"


def street_cards_words(street: Street, player_words: str) -> str:
    """What a street deals: ``player_words`` (``two cards up``) to each player, and its board
    cards: ``two cards up to each player, then two board cards face up``."""
    board = _count(street.board, "board card") + " face up for every player"
    if not street.cards:
        return board if street.board else "no new card"  # a street that only flips cards
    dealt = player_words + " to each player"
    return f"{dealt}, then {board}" if street.board else dealt


def board_pattern(street: Street) -> str:
    """The street as arrows, board cards as ``B↑`` after the player's: ``↑ B↑↑``."""
    if not street.board:
        return street.pattern
    board = "B" + "↑" * street.board
    return f"{street.pattern} {board}" if street.cards else board


def first_round_words(variant: Variant) -> str:
    """Who opens the first round of a game without a bring-in: the best showing hand, or
    (rounds opened by seat, blinds, no card up) who else."""
    return _opener_words(variant) or (
        f" There is no bring-in: on {variant.streets[0].name} street the best showing hand "
        "opens and may check."
    )


def _opener_words(variant: Variant) -> str | None:
    """:func:`first_round_words` when the first round is not opened by the boards."""
    first = variant.streets[0]
    if variant.forced_bets.blinds:
        stakes = shown_stakes(variant.stakes)
        return (
            f" Before the deal the player on the dealer's left posts a small blind of "
            f"{stakes.small_blind} and the next player a big blind of {stakes.big_blind} "
            f"(heads-up too); the big blind is a live bet. On {first.name} street the player "
            "after the big blind acts first, and the big blind may raise when the others "
            "only call."
        )
    if variant.action_order.first_round == "position":
        return (
            f" There is no bring-in: on {first.name} street the first player on the dealer's "
            "left opens, whatever shows, and may check."
        )
    if "up" not in first.cards and "choice" not in first.cards and not first.board:
        return (
            f" There is no bring-in: {first.name} street deals no up card, so the first player "
            "on the dealer's left opens and may check."
        )
    return None


def action_words(variant: Variant, board_sentence: str) -> str:
    """The order of action: ``board_sentence`` (the best showing hand acts first) or, with
    ``later_rounds: position``, the first live player on the dealer's left; and whether board
    cards count in the showing hands."""
    order = variant.action_order
    if order.later_rounds == "position":
        text = (
            "On every street after the first, the first live player on the dealer's left "
            "acts first, whatever shows."
        )
    else:
        text = board_sentence
        every = "On every street"
        if text.startswith(every) and _opener_words(variant) is not None:
            text = "On later streets" + text[len(every):]  # the first round opens by seat
    if variant.board_cards and order.later_rounds != "position":
        text += (
            " Board cards count in every showing hand." if order.board_includes_community
            else " Board cards do not count in the showing hands: only each player's own up "
            "cards."
        )
    return text


def share_cards_words(share: PotShare) -> str:
    """How a share's hand is made, when not from all cards: `` (own cards only)``."""
    if share.cards == "own":
        return " (from the player's own cards only)"
    if share.cards == "omaha":
        return " (exactly two of the player's own cards with exactly three board cards)"
    return ""
