"""Checks on street shapes, board (community) cards and who opens a round, beyond the schema.

Each check reads schema-valid file data with every default filled in and reports problems
through the checker's ``add(path, message, *also)`` (see :mod:`studkit.variant.semantics`):

- a street deals at least one card (to the players or to the board);
- a share that uses ``cards: own`` or ``cards: omaha`` has board cards to play against (the
  Omaha rule needs three board cards and two own cards at least);
- a hand ranked from all of a player's cards and the board holds at most
  :data:`MAX_RANKED_CARDS` cards;
- a game with board cards fits the deck with every seat full (board cards are dealt once for
  the table, so the stud rule of one community card for a short deck has no place there);
- ``action_order.first_round: position`` is only for a game without a bring-in;
- blinds replace the bring-in, and their amounts fit the bets (:func:`check_blind_amounts`,
  also run on ``--stakes`` overrides through :func:`blind_amount_messages`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from studkit.variant.card_choice_checks import held_cards

__all__ = ["MAX_RANKED_CARDS", "BOARD_CHECKS", "deck_cards", "share_held",
           "check_blind_amounts", "blind_amount_messages"]

MAX_RANKED_CARDS = 9
"""The most cards one hand is ranked from (own cards plus board cards a share uses)."""


class _Checker(Protocol):
    data: dict[str, Any]

    def add(self, path: tuple[str | int, ...], message: str, *also: tuple[str | int, ...]) -> None:
        """Report a problem at ``path``."""


def deck_cards(deck: dict[str, Any]) -> int:
    """How many cards the file's deck holds."""
    stripped = {"10" if str(rank) == "T" else str(rank) for rank in deck["stripped_ranks"]}
    return 4 * (13 - len(stripped)) + int(deck["jokers"])


def share_held(data: dict[str, Any], share: dict[str, Any]) -> int:
    """How many cards a share's hand is made from at the showdown: own cards, plus the board
    for ``cards: all``; five for the Omaha rule (when there are enough)."""
    own = held_cards(data["streets"])  # discards taken away
    board = sum(street["board"] for street in data["streets"])
    mode = share.get("cards", "all")
    if mode == "omaha":
        return 5 if own >= 2 and board >= 3 else 0
    return own + board if mode == "all" else own


def _check_street_cards(c: _Checker) -> None:
    for index, street in enumerate(c.data["streets"]):
        if not street["cards"] and not street["board"] and street.get("flip") is None and (
            index == 0 or not street["betting"]
        ):  # a later betting round with no cards follows a buy or a split
            c.add(("streets", index, "cards"),
                  f"street {street['name']!r} deals no card to the players and none to the "
                  "board (give cards, or board: N, or a flip; or, after the first street, "
                  "a betting round)")


def _check_board_shares(c: _Checker) -> None:
    streets = c.data["streets"]
    board = sum(street["board"] for street in streets)
    own = sum(len(street["cards"]) for street in streets)
    for index, share in enumerate(c.data["pots"]):
        mode = share["cards"]
        if mode == "all":
            if board and own + board > MAX_RANKED_CARDS:  # own cards alone: the street check
                c.add(("pots", index, "cards"),
                      f"share {share['name']!r} ranks the best hand of {own} own and {board} "
                      f"board cards ({own + board}); hands are ranked from at most "
                      f"{MAX_RANKED_CARDS}: use cards: own or cards: omaha",
                      ("streets",))
            continue
        if not board:
            c.add(("pots", index, "cards"),
                  f"share {share['name']!r} uses cards: {mode}, but no street deals board "
                  "cards (streets[].board)", ("streets",))
        elif mode == "omaha" and (board < 3 or own < 2):
            c.add(("pots", index, "cards"),
                  f"share {share['name']!r} uses the Omaha rule (two own cards with three "
                  f"board cards), but players get {own} own and {board} board cards",
                  ("streets",))


def _check_board_deck(c: _Checker) -> None:
    streets = c.data["streets"]
    board = sum(street["board"] for street in streets)
    if not board:
        return
    players = c.data["players"]["max"]
    own = sum(len(street["cards"]) for street in streets)
    burns = sum(bool(street["burn"]) for street in streets)
    needed = own * players + board + burns
    size = deck_cards(c.data["deck"])
    if needed > size:
        c.add(("players", "max"),
              f"{players} players with board cards need {needed} cards ({own} each, {board} "
              f"board cards and {burns} burns) but the deck holds {size}; board games must "
              "fit the deck: lower players.max or burn fewer cards",
              ("streets",), ("deck", "stripped_ranks"))


def _check_openers(c: _Checker) -> None:
    order = c.data["action_order"]
    if order["first_round"] == "position" and c.data["forced_bets"]["bring_in"] is not None:
        c.add(("action_order", "first_round"),
              "first_round: position opens the first round by seat, but the game has a "
              "bring-in, which opens it; set forced_bets.bring_in: null",
              ("forced_bets", "bring_in"))


def _check_blinds(c: _Checker) -> None:
    forced = c.data["forced_bets"]
    if forced["blinds"] is not None and forced["bring_in"] is not None:
        c.add(("forced_bets", "blinds"),
              "blinds replace the bring-in: set forced_bets.bring_in: null",
              ("forced_bets", "bring_in"))


def check_blind_amounts(c: _Checker) -> None:
    """The blinds' amounts: the small blind at most the big blind, and in fixed limit the big
    blind at most the small bet (it opens the first round's betting)."""
    blinds = c.data["forced_bets"]["blinds"]
    if blinds is None:
        return
    small, big = blinds["small"], blinds["big"]
    if small > big:
        c.add(("forced_bets", "blinds", "small"),
              f"small blind {small} is more than the big blind {big}",
              ("forced_bets", "blinds", "big"))
    betting = c.data["betting"]
    if betting["structure"] == "fixed-limit" and big > betting["small_bet"]:
        c.add(("forced_bets", "blinds", "big"),
              f"big blind {big} is more than the small bet {betting['small_bet']}: in fixed "
              "limit the big blind is at most one small bet", ("betting", "small_bet"))


class _Messages:
    """A checker that keeps only the messages (for ``--stakes``, which has no file)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.messages: list[str] = []

    def add(self, path: tuple[str | int, ...], message: str, *also: tuple[str | int, ...]) -> None:
        self.messages.append(message)


def blind_amount_messages(data: dict[str, Any]) -> list[str]:
    """What :func:`check_blind_amounts` finds wrong with filled file data, as messages."""
    checker = _Messages(data)
    check_blind_amounts(checker)
    return checker.messages


BOARD_CHECKS: tuple[Callable[[Any], None], ...] = (
    _check_street_cards,
    _check_board_shares,
    _check_board_deck,
    _check_openers,
    _check_blinds,
    check_blind_amounts,
)
"""The checks, in the order they run (after the core checks of
:mod:`studkit.variant.semantics`)."""
