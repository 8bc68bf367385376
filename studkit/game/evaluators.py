"""The evaluators a compiled game ranks hands with (``studkit/core/game.h``'s numbers): the
lookup tables' rows by name, then the special rankings; and the tables a variant needs.

>>> COMPILED_EVALUATORS["high"] == EVALUATOR_IDS["high"], "badugi" in SPECIALS
(True, True)
"""

from __future__ import annotations

from typing import Final

from studkit.core._core import SPECIAL_BASE
from studkit.evaluation.lookup_tables import EVALUATORS, EvalTables, eval_tables
from studkit.hooks.handed_rules import share_rankings
from studkit.variant.model import Variant

__all__ = ["EVALUATOR_IDS", "SPECIALS", "COMPILED_EVALUATORS", "game_tables"]

EVALUATOR_IDS: Final[dict[str, int]] = {name: row for row, name in enumerate(EVALUATORS)}
"""The built-in evaluators with lookup tables by name, with their rows in the
compiled game's tables."""
SPECIALS: Final[tuple[str, ...]] = (
    "badugi", "badugi-ace-high", "soko", "mexican-high", "razz-high", "two-card-high",
    "two-card-a5", "action-razz",
)
"""The special rankings a compiled game ranks with (studkit/evaluation/special.h, in its
order; action razz last: ace-to-five low with a class for a face card)."""
COMPILED_EVALUATORS: Final[dict[str, int]] = {
    **EVALUATOR_IDS,
    **{name: SPECIAL_BASE + number for number, name in enumerate(SPECIALS)},
}
"""Every evaluator a compiled game ranks with, by name, with its number there."""


def game_tables(variant: Variant) -> EvalTables:
    """The lookup tables the variant's compiled game ranks with: the showing hands' and each
    pot share's table evaluator (action razz ranks by ace-to-five low)."""
    evaluators = share_rankings(variant)
    tabled = [name for name in (variant.action_order.evaluator, *evaluators)
              if name in EVALUATOR_IDS]
    if "action-razz" in evaluators:
        tabled.append("a5-low")
    return eval_tables(tabled)
