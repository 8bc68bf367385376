"""Paid wild cards: a player dealt a wild card face up must pay for it or fold.

The house rule the stud-family reference gives for Woolworth stud (section 2.11 and game 51:
"a wild dealt face up must be paid for, at the card's value, or the player folds", played
Baseball-style): whenever a card of one of ``ranks`` is dealt face up to a player, that player
pays ``price`` into the pot as dead money (nobody matches it; it reopens nothing) or folds,
before the next card is dealt. A player all in has nothing to pay with and is not asked.

* ``ranks``: ``wild`` (default: the game's ``deck.wild_ranks``) or a list of ranks;
* ``price``: ``card-value`` (default: the card's own value in chips, 5 for a five, 10 for a
  ten, J 11, Q 12, K 13, A 14), ``pot`` (match the pot), a stake (``ante``, ``bring-in``,
  ``small-bet``, ``big-bet``) or a number of chips. A player short of the price pays what
  they have. Numbers (and card values) are whole amounts as the player writes them: at a
  $0.25/$0.50 table, whose unit is a cent, ``price: 2`` is two dollars, and a five costs 5.

It is the same pay-or-fold decision as Baseball's up three (``pay N`` or ``fold``, the event
``("pay", seat, amount)``), registered by both plugins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from studkit.cards import Card, Rank
from studkit.engine.decisions import DecisionKind
from studkit.hooks.specs import DealEffect, HandView, hookimpl
from studkit.plugins.baseball import PayKind, PayOrFold
from studkit.variant.model import CardFace

_RANK = {"oneOf": [{"type": "integer", "minimum": 2, "maximum": 10},
                   {"enum": ["J", "Q", "K", "A", "T"]}]}

OPTIONS_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "properties": {
        "ranks": {
            "oneOf": [{"enum": ["wild"]},
                      {"type": "array", "items": _RANK, "minItems": 1, "uniqueItems": True}],
            "default": "wild",
            "description": "The ranks that must be paid for when dealt face up: the game's "
                           "wild ranks (wild), or a list.",
        },
        "price": {
            "oneOf": [{"enum": ["card-value", "pot", "ante", "bring-in", "small-bet",
                                "big-bet"]},
                      {"type": "integer", "minimum": 1}],
            "default": "card-value",
            "description": "What such a card costs: its value in chips (card-value), the pot, "
                           "a stake, or a number of chips.",
        },
    },
    "additionalProperties": False,
}

_STAKES = {"ante": "ante", "bring-in": "bring_in", "small-bet": "small_bet", "big-bet": "big_bet"}
_LETTERS = {"T": Rank.TEN, "J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE}
_NAMES = {Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A"}


def _rank(value: int | str) -> Rank:
    return _LETTERS[value] if isinstance(value, str) else Rank(value - 2)


def _rank_text(rank: Rank) -> str:
    return _NAMES.get(rank, str(int(rank) + 2))


def card_value(rank: Rank) -> int:
    """A card's value in chips: its pip count, J 11, Q 12, K 13, A 14.

    >>> card_value(Rank.FIVE), card_value(Rank.TEN), card_value(Rank.ACE)
    (5, 10, 14)
    """
    return int(rank) + 2


@hookimpl
def studkit_decision_kinds() -> list[DecisionKind]:
    return [PayKind()]


def rules_sentence(options: Mapping[str, Any]) -> str:
    """What the plugin's rule is, in a sentence for ``studkit show``."""
    ranks = options.get("ranks", "wild")
    which = (
        "a wild card" if ranks == "wild"
        else "a card of rank " + ", ".join(_rank_text(_rank(r)) for r in ranks)
    )
    price = options.get("price", "card-value")
    cost = (
        "pay its value in chips (5 for a five, 10 for a ten)" if price == "card-value"
        else "match the pot" if price == "pot"
        else f"pay {price} chips" if isinstance(price, int)
        else f"pay the {price.replace('-', ' ')}"
    )
    return (
        f"A player dealt {which} face up must {cost} or fold, before the next card (dead "
        "money: nobody matches it; a player short of it pays what they have, a player all in "
        "is not asked)."
    )


def check_variant(
    options: Mapping[str, Any], data: Mapping[str, Any]
) -> list[tuple[tuple[str | int, ...], str]]:
    """The ranks to pay for must be in the deck (and, for ``wild``, the game must have wild
    ranks)."""
    deck = data["deck"]
    ranks = options.get("ranks", "wild")
    if ranks == "wild":
        if not deck["wild_ranks"]:
            return [(("ranks",), "'wild' names the game's wild ranks, and deck.wild_ranks is "
                                 "empty: list the ranks to pay for")]
        return []
    stripped = {_rank(r) for r in deck["stripped_ranks"]}
    return [
        (("ranks", index), f"rank {rank!r} is stripped from this game's deck")
        for index, rank in enumerate(ranks) if _rank(rank) in stripped
    ]


class Plugin:
    """Asks a player dealt one of the ranks face up to pay or fold."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        ranks = options.get("ranks", "wild")
        self.ranks: frozenset[Rank] | None = (
            None if ranks == "wild" else frozenset(_rank(r) for r in ranks)
        )
        self.price: int | str = options.get("price", "card-value")

    @hookimpl
    def studkit_card_dealt(
        self, hand: HandView, seat: int | None, card: Card, face: CardFace
    ) -> DealEffect | None:
        if face != "up" or seat is None or card.is_joker:
            return None
        ranks = self.ranks if self.ranks is not None else frozenset(hand.variant.deck.wild_ranks)
        if card.rank not in ranks:
            return None
        price = self.price
        scale = hand.variant.stakes.scale  # numbers are the player's amounts: units per one
        if price == "card-value":
            amount: int | str = card_value(card.rank) * scale
        elif isinstance(price, str) and price in _STAKES:
            amount = max(1, int(getattr(hand.variant.stakes, _STAKES[price])))
        else:
            amount = price if isinstance(price, str) else price * scale
        return DealEffect(decision=PayOrFold("pot" if amount == "pot" else int(amount)))
