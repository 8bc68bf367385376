"""Low hole wild: each player's lowest face-down card, and every card of its rank in that
player's hand, is wild for that player only.

At the showdown each player's wild rank is the lowest rank among their down cards (the hole
cards; a card turned face up by a plugin is no longer one), ace high unless the option
``ace`` is ``low``. Every card of that rank the player holds, up or down, is wild for them;
the table's wild ranks (the file's and any a plugin sets) stay wild too. A player with no
down card has no wild rank of their own. The last down card can change the rank: it counts
once dealt. The wild rank is private, so who acts first is decided by the up cards alone
(natural ranks).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from studkit.cards import Rank
from studkit.hooks.kernel_rules import HoleWildRule
from studkit.hooks.specs import HandView, Holding, hookimpl
from studkit.variant.model import Variant

EQUITY_NOTE = (
    "each player's own wild rank (the lowest hole card) is not applied: the figures rank "
    "the hands with no card wild"
)
"""Why ``studkit equity`` leaves the per-player wild cards out (printed with its note)."""

OPTIONS_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "properties": {
        "ace": {
            "enum": ["high", "low"],
            "default": "high",
            "description": "Whether an ace in the hole counts high or low when finding the "
                           "lowest hole card.",
        },
    },
    "additionalProperties": False,
}


def lowest_hole_rank(down: tuple[Any, ...], ace_low: bool) -> Rank | None:
    """The lowest rank among ``down`` (jokers ignored), or ``None`` with no natural card.

    >>> from studkit.cards import parse_card
    >>> lowest_hole_rank((parse_card("As"), parse_card("9d")), ace_low=False)
    <Rank.NINE: 7>
    >>> lowest_hole_rank((parse_card("As"), parse_card("9d")), ace_low=True)
    <Rank.ACE: 12>
    """
    ranks = [card.rank for card in down if not card.is_joker]
    if not ranks:
        return None
    if ace_low and Rank.ACE in ranks:
        return Rank.ACE
    return Rank(min(ranks))


def rules_sentence(options: Mapping[str, Any]) -> str:
    """What the plugin's rule is, in a sentence for ``studkit show``."""
    ace = "an ace counts low" if options.get("ace", "high") == "low" else "an ace counts high"
    return (
        "Each player's lowest face-down card is wild for that player only, with every card "
        f"of its rank in that player's hand, up or down ({ace}); the last down card can "
        "change it. Who acts first goes by the up cards' natural ranks."
    )


class Plugin:
    """Adds each player's lowest hole rank to the ranks wild for that player."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.ace_low: bool = options.get("ace", "high") == "low"

    @hookimpl
    def studkit_kernel_rule(self, variant: Variant) -> HoleWildRule:
        """The hole-card rule as data for the batch kernel."""
        return HoleWildRule(self.ace_low)

    @hookimpl
    def studkit_wild_ranks(
        self, hand: HandView, seat: int, holding: Holding, table_wild: frozenset[Rank]
    ) -> frozenset[Rank]:
        rank = lowest_hole_rank(holding.down, self.ace_low)
        return table_wild if rank is None else table_wild | {rank}
