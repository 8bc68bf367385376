"""The compile step of a compiled game: a variant at its stakes as the
:class:`studkit.core.Game` compiled drivers play (``studkit/core/game.h``): its rules (the
engine's, :func:`studkit.engine.rules.compile_rules`), its deck, the evaluators' tables and
wild cards, and the rules its plugins hand over as data
(:mod:`studkit.hooks.handed_rules`)."""

from __future__ import annotations

from typing import Final

import numpy as np

from studkit.core import Game
from studkit.core._core import DOWN_CARD_SHARE
from studkit.engine.rules import compile_rules
from studkit.evaluation.board_hands import CARDS_MODES
from studkit.evaluation.lookup_tables import EvalTables
from studkit.game.evaluators import COMPILED_EVALUATORS
from studkit.game.wild import wild_sets, wild_setup
from studkit.hooks import handed_rules as handed
from studkit.variant.model import Stakes, Variant

__all__ = ["compiled_game", "NO_PRICE"]

NO_PRICE: Final = -2
"""An up-card rule without a payment, as the game reads it (game.h's SK_NO_PRICE)."""


def compiled_game(variant: Variant, stakes: Stakes, tables: EvalTables) -> Game:
    """The game as compiled drivers play it (:class:`studkit.core.Game`): the variant's rules
    at ``stakes``, its deck, the evaluators' tables and wild cards, and the rules its plugins
    hand over as data (checked with
    :func:`studkit.game.limits.game_limits` first)."""
    rules = compile_rules(variant, stakes)
    given = handed.plugin_rules(variant)
    exposure = handed.exposure(given)
    trade = handed.trade(given)
    split = handed.split(given)
    return Game(
        rules=rules.core.pack(),
        deck=np.array([int(c) for c in rules.deck], dtype=np.uint8),
        cards=variant.max_cards_per_player + variant.board_cards,
        showing=COMPILED_EVALUATORS[variant.action_order.evaluator],
        share_evaluators=[COMPILED_EVALUATORS.get(name, DOWN_CARD_SHARE)
                          for name in handed.share_rankings(variant)],
        values=np.concatenate((tables.values, np.zeros(2, dtype=np.int64))),  # jokers: 0
        modes=tables.modes,
        by_row=tables.by_row,
        flush=tables.flush,
        index_row=tables.index_row,
        wild=wild_setup(variant),
        wild_sets=wild_sets(variant),
        split=None if split is None else (
            split.street, split.big, split.small, split.min_down, split.ordered,
            COMPILED_EVALUATORS[split.big_evaluator], COMPILED_EVALUATORS[split.small_evaluator],
            handed.split_parts(variant, split)),
        share_modes=[CARDS_MODES.index(share.cards) for share in variant.pots],
        declaration=_declaration_setup(variant, given),
        down_shares=[(rule.share, rule.suit, list(rule.values))
                     for rule in handed.down_shares(given).values()],
        expose=None if exposure is None else (exposure.before, exposure.hidden, exposure.rolled,
                                              exposure.rolled_hidden),
        trade=None if trade is None else (
            sum(1 << street for street in trade.streets), trade.cost,
            int(trade.down) | int(trade.up) << 1, trade.as_thrown),
        up_rules=[(rule.rank, [int(face) for face in rule.extra],
                   NO_PRICE if rule.price is None else rule.price)
                  for rule in handed.up_rules(given)] or None,
    )


def _declaration_setup(
    variant: Variant, given: handed.Given
) -> tuple[int, bool, bool, list[int]] | None:
    """A plugin's declaration as the game reads it: the street, whether a swing
    may tie, whether it forfeits every pot, each share's name's place in sorted order (the
    bots' ties go by it)."""
    rule = handed.declaration(given)
    if rule is None:
        return None
    names = sorted(share.name for share in variant.pots)
    return (rule.street, rule.swing_may_tie, rule.forfeit_all_pots,
            [names.index(share.name) for share in variant.pots])
