"""Equity with a joker whose play depends on its face (Mexican poker: wild face down, the bug
face up).

A hand is given in deal order, so the face of each card is the face its place in the deal
gives it: ``down`` and ``choice`` places are down, ``up`` places up, and an
``up-unless-all-exposed`` place up, as it is for a player who keeps the hole card hidden
(nobody turning a card up: which later card comes down depends on choices no deal decides).
A joker in an up place, or on the board, plays as the deck's ``up_joker_mode``; elsewhere as
its ``joker_mode``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from studkit.engine.jokers import face_dependent
from studkit.equity.deals import CardArray
from studkit.equity.showdown import ShareEvaluator, ShareRanker
from studkit.variant.model import Variant

__all__ = ["FaceJokerShare", "with_face_jokers", "joker_notes"]


@dataclass(frozen=True, slots=True)
class FaceJokerShare(ShareEvaluator):
    """A share whose hands holding a joker in an up place are ranked with the up joker's
    play (``up_evaluator``)."""

    up_evaluator: Any = None
    up_places: tuple[bool, ...] = ()
    """Per place in the deal order: whether the card there counts as dealt face up."""

    def rank(self, hands: CardArray, community: int) -> npt.NDArray[np.int64]:
        values = ShareEvaluator.rank(self, hands, community)
        players, rows, width = hands.shape
        own = width - community
        places = np.zeros(width, dtype=bool)
        places[:own] = self.up_places[:own]
        places[own:] = True  # board cards are dealt face up
        up_joker: npt.NDArray[np.bool_] = np.asarray(((hands >= 52) & places).any(axis=2))
        if not up_joker.any():
            return values
        other = ShareEvaluator(self.name, self.weight, self.up_evaluator, self.qualifier,
                               self.cards)
        for p in range(players):
            picked = np.flatnonzero(up_joker[p])
            if len(picked):
                values[picked, p] = other.rank(hands[p : p + 1, picked], community)[:, 0]
        return values


def with_face_jokers(variant: Variant, rankers: list[ShareRanker]) -> list[ShareRanker]:
    """``rankers`` with each batch share of a face-dependent joker deck ranking up jokers by
    their face-up play; unchanged for any other deck."""
    deck = variant.deck
    if not face_dependent(deck) or deck.up_joker_mode is None:
        return rankers
    from studkit.evaluation import WildCards, get_evaluator
    from studkit.hooks.evaluators import many_cards

    setting = WildCards(
        ranks=frozenset(int(r) for r in deck.wild_ranks), jokers=deck.up_joker_mode,
        five_of_a_kind=deck.five_of_a_kind,
    )
    places = tuple(face in ("up", "up-unless-all-exposed")
                   for street in variant.streets for face in street.cards)
    out: list[ShareRanker] = []
    for ranker in rankers:
        if type(ranker) is not ShareEvaluator:
            out.append(ranker)
            continue
        width = variant.max_cards_per_player + variant.board_cards
        up = many_cards(get_evaluator(ranker.evaluator.name, wild=setting), width)
        out.append(FaceJokerShare(ranker.name, ranker.weight, ranker.evaluator,
                                  ranker.qualifier, ranker.cards, up, places))
    return out


def joker_notes(variant: Variant) -> tuple[str, ...]:
    """The assumption equity makes about a face-dependent joker, as a note (or none)."""
    deck = variant.deck
    if not face_dependent(deck):
        return ()
    words = {"wild": "wild", "bug": "as the bug"}
    return (
        f"a joker plays {words[deck.joker_mode]} in a down place of the deal and "
        f"{words[deck.up_joker_mode or deck.joker_mode]} in an up place; every later card "
        "is taken to come face up "
        "(nobody turns the hole card up), since which cards come down depends on choices no "
        "deal decides",
    )
