"""The variant's pot shares as batch evaluators: strengths of many final hands at once.

The shares come from the engine's compiled rules, so equity ranks hands exactly as a hand
played to the showdown would: same evaluators, same wild cards, same qualifiers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from studkit.equity.deals import CardArray
from studkit.errors import StudkitError
from studkit.variant import Variant

__all__ = ["ShareEvaluator", "share_evaluators", "EquityError"]


@dataclass(frozen=True, slots=True)
class ShareEvaluator:
    """One pot share: its name, weight, batch evaluator and qualifying strength."""

    name: str
    weight: int
    evaluator: Any
    qualifier: int
    """The weakest strength that may win this share (0: any hand)."""

    def strengths(self, cards: CardArray) -> npt.NDArray[np.int64]:
        """Strength of each row's hand, 0 where it does not qualify for this share."""
        values = np.asarray(self.evaluator.evaluate_batch(cards), dtype=np.int64)
        if self.qualifier > 0:
            values = np.where(values >= self.qualifier, values, 0)
        return values


def share_evaluators(variant: Variant) -> list[ShareEvaluator]:
    """One batch evaluator per pot share of ``variant``, as the engine ranks showdowns.

    A share a plugin ranks at the showdown from the players' holdings (Chicago's highest
    spade in the hole) has no batch evaluator: :class:`EquityError` names it.
    """
    from studkit.engine.rules import compile_rules

    out = []
    for rule, share in zip(compile_rules(variant).shares, variant.pots, strict=True):
        if not hasattr(rule.evaluator, "evaluate_batch"):
            raise EquityError(
                f"{variant.name}: equity cannot rank the pot share {share.name!r}: its "
                f"evaluator {share.evaluator!r} is a plugin's showdown rule; equity handles "
                "the built-in evaluators (high, a5-low, eight-or-better, 2-7-low, a6-low)"
            )
        out.append(ShareEvaluator(rule.name, rule.weight, rule.evaluator, rule.qualifier))
    return out


class EquityError(StudkitError):
    """An equity request that cannot be answered as asked (e.g. exact on a huge space)."""
