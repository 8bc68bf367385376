"""Deuces wild: every deuce is wild for every player, on top of the game's own wild cards.

Installed, it acts in every game (a house rule) unless ``STUDKIT_DISABLE_PLUGIN_AUTOLOAD=1``;
a variant can also name it (``plugins: [{name: deuces-wild, options: {also: [7]}}]``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from studkit.cards import Rank, parse_rank
from studkit.hooks.specs import HandView, Holding, hookimpl

OPTIONS_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "properties": {
        "also": {
            "type": "array",
            "items": {"enum": ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"]},
            "description": "More ranks wild besides the deuces.",
        }
    },
    "additionalProperties": False,
}


class Plugin:
    """Adds deuces (and any ``also`` ranks) to every player's wild ranks."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.ranks = frozenset([Rank.TWO, *(parse_rank(r) for r in options.get("also", ()))])

    @hookimpl
    def studkit_wild_ranks(
        self, hand: HandView, seat: int, holding: Holding, table_wild: frozenset[Rank]
    ) -> list[Rank]:
        return sorted(table_wild | self.ranks)
