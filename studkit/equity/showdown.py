"""The variant's pot shares as batch evaluators: strengths of many final hands at once.

The shares come from the engine's compiled rules, so equity ranks hands exactly as a hand
played to the showdown would: same evaluators, same wild cards, same qualifiers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from studkit.cards import CARDS
from studkit.equity.deals import CardArray
from studkit.errors import StudkitError
from studkit.hooks.specs import Holding
from studkit.variant.model import PotShare, Variant

__all__ = [
    "ShareEvaluator", "PluginShareEvaluator", "ShareRanker", "share_evaluators", "EquityError",
]


@dataclass(frozen=True, slots=True)
class ShareEvaluator:
    """One pot share: its name, weight, batch evaluator and qualifying strength."""

    name: str
    weight: int
    evaluator: Any
    qualifier: int
    """The weakest strength that may win this share (0: any hand)."""
    cards: str = "all"
    """Which cards make the hand (``PotShare.cards``): all, own cards only, or Omaha."""

    needs_faces = False
    """Whether the share looks at which cards are down (so deals must say which are)."""

    def strengths(self, cards: CardArray) -> npt.NDArray[np.int64]:
        """Strength of each row's hand, 0 where it does not qualify for this share."""
        values = np.asarray(self.evaluator.evaluate_batch(cards), dtype=np.int64)
        if self.qualifier > 0:
            values = np.where(values >= self.qualifier, values, 0)
        return values

    def rank(self, hands: CardArray, community: int) -> npt.NDArray[np.int64]:
        """Strengths ``(rows, players)`` of every player's hand, ``hands`` being
        ``(players, rows, cards)`` in deal order, the last ``community`` cards shared."""
        players, rows, width = hands.shape
        if self.cards != "all" and community:
            from studkit.evaluation.board_hands import evaluate_cards_batch

            flat = hands.reshape(-1, width)
            own = width - community
            values = evaluate_cards_batch(self.evaluator, self.cards, flat[:, :own],
                                          flat[:, own:])
            if self.qualifier > 0:
                values = np.where(values >= self.qualifier, values, 0)
            return values.reshape(players, rows).T
        return self.strengths(hands.reshape(-1, width)).reshape(players, rows).T


class _HandStub:
    """What a plugin's showdown hook may read of a hand that is not being played."""

    __slots__ = ("variant", "events")

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.events: tuple[tuple[Any, ...], ...] = ()


class PluginShareEvaluator:
    """A pot share a plugin ranks at the showdown from the players' holdings (Chicago's
    highest spade in the hole): the plugin's hook is asked once per deal, exactly as the
    engine asks it at a showdown. Much slower than a batch evaluator."""

    needs_faces = True

    def __init__(self, rule: Any, share: PotShare, variant: Variant, host: Any) -> None:
        self.name: str = rule.name
        self.weight: int = rule.weight
        self.qualifier: int = rule.qualifier
        self.share = share
        self.host = host
        faces = [face for street in variant.streets for face in street.cards]
        self.down = tuple(face != "up" for face in faces)
        self.stub = _HandStub(variant)

    def rank(self, hands: CardArray, community: int) -> npt.NDArray[np.int64]:
        """Ask the plugin for every deal's strengths."""
        players, rows, width = hands.shape
        out = np.zeros((rows, players), dtype=np.int64)
        own = width - community
        for r in range(rows):
            holdings = []
            for p in range(players):
                cards = [CARDS[int(c)] for c in hands[p, r]]
                mine = cards[:own]
                faces = self.down[: len(mine)]
                holdings.append(
                    Holding(
                        seat=p,
                        down=tuple(c for c, d in zip(mine, faces, strict=True) if d),
                        up=tuple(c for c, d in zip(mine, faces, strict=True) if not d),
                        community=tuple(cards[own:]),
                    )
                )
            values = self.host.call_first(
                "studkit_share_strengths", hand=self.stub, share=self.share, holdings=holdings
            )
            if values is None:
                raise EquityError(
                    f"no plugin ranked the pot share {self.share.name!r} "
                    f"(evaluator {self.share.evaluator!r})"
                )
            out[r] = [int(v) if int(v) >= self.qualifier else 0 for v in values]
        return out


ShareRanker = ShareEvaluator | PluginShareEvaluator
"""Anything that ranks every player's hand of many deals for one pot share."""


def share_evaluators(variant: Variant) -> list[ShareRanker]:
    """One evaluator per pot share of ``variant``, ranking hands as the engine's showdown
    does: batch evaluators for the built-in rankings, the plugin's own hook for a share a
    plugin ranks (asked once per deal)."""
    from studkit.engine.rules import compile_rules

    out: list[ShareRanker] = []
    for rule, share in zip(compile_rules(variant).shares, variant.pots, strict=True):
        if hasattr(rule.evaluator, "evaluate_batch"):
            out.append(ShareEvaluator(
                rule.name, rule.weight, rule.evaluator, rule.qualifier, rule.cards))
            continue
        from studkit.hooks.host import host_for

        host = host_for(variant)
        if host is None or not host.implements("studkit_share_strengths"):
            raise EquityError(
                f"{variant.name}: no plugin ranks the pot share {share.name!r} "
                f"(evaluator {share.evaluator!r})"
            )
        out.append(PluginShareEvaluator(rule, share, variant, host))
    return out


class EquityError(StudkitError):
    """An equity request that cannot be answered as asked (e.g. exact on a huge space)."""
