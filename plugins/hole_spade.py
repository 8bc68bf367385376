"""Hole-spade pot share: Chicago (the highest spade in the hole) and Low Chicago (the lowest).

A variant gives a pot share the evaluator ``hole-spade-high`` (or ``hole-spade-low``); this
plugin ranks that share by the players' spades dealt face down. Up spades do not count. When
nobody holds a spade in the hole the share goes to the other shares (the high hand takes all).

Options:

* ``direction``: ``high`` (Chicago) or ``low`` (Low Chicago) for a share whose evaluator is
  just ``hole-spade``; the names ``hole-spade-high``/``hole-spade-low`` say it themselves.
* ``ace``: ``high`` (the ace of spades is the highest spade, so the lowest is the deuce) or
  ``low`` (Low Chicago houses where the ace of spades is the lowest spade).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from studkit.cards import Rank, Suit
from studkit.hooks.kernel_rules import DownCardShare
from studkit.hooks.specs import HandView, Holding, hookimpl
from studkit.variant.model import PotShare, Variant

EQUITY_NEUTRAL = True
"""Equity ranks this plugin's pot share through its own hook: it accounts for this rule."""

EVALUATOR_WORDS: Mapping[str, str] = {
    "hole-spade": "spade in the hole",
    "hole-spade-high": "highest spade in the hole",
    "hole-spade-low": "lowest spade in the hole",
}
"""What each of the plugin's evaluators ranks, in words (for ``studkit show``)."""

OPTIONS_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "properties": {
        "direction": {
            "enum": ["high", "low"],
            "default": "high",
            "description": "Share evaluator 'hole-spade': highest (high) or lowest (low) spade.",
        },
        "ace": {
            "enum": ["high", "low"],
            "default": "high",
            "description": "Whether the ace of spades ranks above the king or below the deuce.",
        },
    },
    "additionalProperties": False,
}

EVALUATORS: Mapping[str, str | None] = {
    "hole-spade": None,
    "hole-spade-high": "high",
    "hole-spade-low": "low",
}
"""The evaluator names this plugin ranks, and the direction each implies."""


def rules_sentence(options: Mapping[str, Any]) -> str:
    """What the plugin's rule is, in a sentence for ``studkit show``."""
    ace = "highest" if options.get("ace", "high") == "high" else "lowest"
    return (
        "A hole-spade share goes by the spades dealt face down (up spades don't count); the "
        f"ace of spades is the {ace} spade; with no spade in the hole the share goes to the "
        "other shares."
    )


def check_variant(
    options: Mapping[str, Any], data: Mapping[str, Any]
) -> list[tuple[tuple[str | int, ...], str]]:
    """A pot share must use one of this plugin's evaluators, else the plugin does nothing."""
    if any(share["evaluator"] in EVALUATORS for share in data["pots"]):
        return []
    return [((), f"no pot share uses a hole-spade evaluator ({', '.join(EVALUATORS)}), so "
                 "the plugin would change nothing; give a share one or drop the plugin")]


class Plugin:
    """Ranks hole-spade shares; the options pick the direction and the ace."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.direction: str = options.get("direction", "high")
        ace_low = options.get("ace", "high") == "low"
        # order[rank] = 1 (worst) .. 13 (best) for the highest-spade reading
        self.order = [(rank + 2 if ace_low else rank + 1) for rank in range(13)]
        if ace_low:
            self.order[Rank.ACE] = 1

    def _values(self, evaluator: str) -> tuple[int, ...]:
        """Per rank: the strength of a spade in the hole for a share ranked by
        ``evaluator`` (the same reading for the batch kernel and the hook below)."""
        low = (EVALUATORS[evaluator] or self.direction) == "low"
        return tuple(14 - value if low else value for value in self.order)

    @hookimpl
    def studkit_kernel_rule(self, variant: Variant) -> list[DownCardShare]:
        """Each hole-spade share as data for the batch kernel."""
        return [
            DownCardShare(index, int(Suit.SPADES), self._values(share.evaluator))
            for index, share in enumerate(variant.pots) if share.evaluator in EVALUATORS
        ]

    @hookimpl
    def studkit_share_strengths(
        self, hand: HandView, share: PotShare, holdings: Sequence[Holding | None]
    ) -> list[int] | None:
        if share.evaluator not in EVALUATORS:
            return None
        values = self._values(share.evaluator)
        strengths = []
        for holding in holdings:
            best = 0
            if holding is not None:
                for card in holding.down:
                    if card.is_joker or card.suit != Suit.SPADES:
                        continue
                    best = max(best, values[card.rank])
            strengths.append(best)
        return strengths
