"""The wild cards of a compiled game (``studkit/core/game.h``): each pot share's and the
showing hands' wild-card tables, a joker played by its face, and the wild ranks that change
during a hand (a plugin's followed or hole-card rank), as :class:`studkit.core.Game` reads
them."""

from __future__ import annotations

import numpy as np

from studkit.engine.jokers import face_dependent, showing_wild
from studkit.engine.rules import wild_cards
from studkit.evaluation.special import RANKING_TABLE
from studkit.evaluation.special_wild import compiled_wild
from studkit.evaluation.wild import WildCards
from studkit.evaluation.wildtables import WildArrays, wild_arrays
from studkit.game.evaluators import SPECIALS
from studkit.hooks import handed_rules as handed
from studkit.hooks.kernel_rules import FollowedWildRule
from studkit.variant.model import Variant

__all__ = ["wild_setup", "wild_sets", "Ranking", "JokerFace"]


Ranking = WildArrays | tuple[int, int, int, int]
"""One ranking's wild cards as the game reads them: a built-in evaluator's tables,
or a special ranking's setting for the compiled search
(:func:`studkit.evaluation.special_wild.compiled_wild`)."""


def _ranking(name: str, wild: WildCards) -> Ranking:
    """The game's wild cards of evaluator ``name`` under ``wild``."""
    if name in SPECIALS:
        ranking = RANKING_TABLE[name]
        return compiled_wild(ranking.names, wild, ranking.high_like)
    return wild_arrays(name, wild)


JokerFace = tuple[int, tuple[bool, bool], list[Ranking]]
"""A joker played by its face, as the game reads it (:func:`wild_setup`)."""


def wild_setup(variant: Variant) -> tuple[list[Ranking], Ranking | None, JokerFace | None] | None:
    """The game's wild cards (``None``: nothing is wild): each share's, the showing hands'
    where the boards rank a joker (as the general engine's evaluators, from
    :func:`studkit.engine.rules.compile_rules`'s settings), and a joker played by its face
    (``None``: the deck's is not): 1 when it plays its face-up part if dealt face up, 2 if
    face up now; whether a joker the bots see face up plays as the bug, not dealt up and dealt
    up (:func:`studkit.engine.jokers.bugs_as_aces`); each share's wild cards for it."""
    wild = wild_cards(variant)
    if wild is None:
        return None
    deck = variant.deck
    shares = [_ranking(share.evaluator, wild) for share in variant.pots]
    boards = showing_wild(variant, wild)
    showing = None if boards is None else _ranking(variant.action_order.evaluator, boards)
    face = None
    if face_dependent(deck):
        up = WildCards(ranks=wild.ranks, jokers=deck.up_joker_mode or deck.joker_mode,
                       five_of_a_kind=deck.five_of_a_kind)
        face = (1 if deck.turned_up_joker == "as-dealt" else 2,
                (deck.joker_mode == "bug", deck.up_joker_mode == "bug"),
                [_ranking(share.evaluator, up) for share in variant.pots])
    return shares, showing, face


def wild_sets(variant: Variant) -> tuple[int, int, list[WildArrays], WildArrays] | None:
    """The game's tables of wild ranks that change during a hand (``None``: none change):
    the followed trigger rank (-1: none), the hole-card rule (0: none, 1: the ace high, 2:
    low), then each share's and the showing hands' wild-card tables with a row of card values
    per wild set, in the order of ``game.h``'s SK_WILD_* (the base set with each rank, then
    the base set: the deck's own wild ranks, and the trigger where it is wild)."""
    changing = handed.changing_wild(handed.plugin_rules(variant))
    if not changing:
        return None
    rule = changing[0]
    deck = variant.deck
    base = frozenset(int(r) for r in deck.wild_ranks)
    if isinstance(rule, FollowedWildRule):
        trigger, hole = rule.trigger, 0
        base |= {rule.trigger} if rule.trigger_wild else set()
    else:
        trigger, hole = -1, 2 if rule.ace_low else 1
    sets = [base | {rank} for rank in range(13)] + [base]

    def arrays(name: str) -> WildArrays:
        rows = [wild_arrays(name, WildCards(ranks=ranks, jokers=deck.joker_mode,
                                            five_of_a_kind=deck.five_of_a_kind))
                for ranks in sets]
        _, table, fill, bugs = rows[0]
        return np.concatenate([values for values, *_ in rows]), table, fill, bugs

    return (trigger, hole, [arrays(share.evaluator) for share in variant.pots],
            arrays(variant.action_order.evaluator))
