"""Scores a decision kind's bot advice uses: how strong the seat's cards are for each pot
share, or for the game's shares with cards still to come.

A decision kind advises the shipped bots through
:meth:`~studkit.engine.decisions.DecisionKind.bot_choice` (:mod:`studkit.bots.plugin_choice`
asks it); the declare, twist and roll-your-own kinds score the choices with these helpers,
each reading only the seat's facts (:class:`~studkit.bots.seen.Seen`).
"""

from __future__ import annotations

from collections.abc import Sequence

from studkit.bots import _decide
from studkit.bots.seen import Seen
from studkit.bots.strength import strength_score, style_rows
from studkit.cards import Card

__all__ = ["share_scores", "score_of", "chosen_share", "pays", "EVERY_SHARE_SCORE", "PAY_SCORE"]

EVERY_SHARE_SCORE: float = _decide.EVERY_SHARE_SCORE
"""The bots compete for every share (a swing) only with a hand that scores this well (0-1)
for each."""


def score_of(cards: Sequence[Card], info: Seen, evaluators: Sequence[str], to_come: int) -> float:
    """The 0-1 strength score of ``cards`` for ``evaluators`` against the opponents' boards,
    with ``to_come`` cards still to come."""
    return strength_score([int(c) for c in cards], info.opponents_up, to_come, evaluators)


def share_scores(info: Seen) -> dict[str, float]:
    """Per pot share name: the score of the seat's cards for that share alone, no card to
    come (the hand as it will be shown)."""
    return {
        share.name: score_of(info.cards, info, (share.evaluator,), 0)
        for share in info.variant.pots
    }


def _share_styles(info: Seen) -> list[int]:
    """Three style numbers per pot share, -1 first for a share the score does not know."""
    styles: list[int] = []
    for share in info.variant.pots:
        styles.extend(style_rows([share.evaluator]) or (-1, 0, 0))
    return styles


def _opponents(info: Seen) -> tuple[list[int], int, list[int]]:
    """The opponents' up cards as the C scores take them: flat, the width, the counts."""
    opponents = info.opponents_up
    width = max((len(up) for up in opponents), default=0)
    flat = [int(c) for up in opponents for c in (*up, *[0] * (width - len(up)))]
    return flat, width, [len(up) for up in opponents]


PAY_SCORE: float = _decide.PAY_SCORE
"""The bots pay a price above half the pot only with cards that score this well (0-1) for
some share."""


def pays(info: Seen, price: int) -> bool:
    """Whether the seat pays ``price`` to stay in: when it is at most half the pot, or when
    its cards score at least :data:`PAY_SCORE` for some share as they will be shown. Defined
    once in C (``studkit/bots/shares.c``), which the batch kernel's bots call too."""
    flat, width, counts = _opponents(info)
    return _decide.pays([int(c) for c in info.cards], flat, width, counts, _share_styles(info),
                        price, info.pot)


def chosen_share(info: Seen, every_offered: bool) -> int:
    """Where a player may compete for some pot shares only: the index (in the variant's
    order) of the share the seat's cards score best for as they will be shown (ties: the
    share whose name sorts last), or the number of shares, for every share, where
    ``every_offered`` and each scores at least :data:`EVERY_SHARE_SCORE`. Defined once in C
    (``studkit/bots/shares.c``), which the batch kernel's bots call too."""
    shares = info.variant.pots
    names = sorted(share.name for share in shares)
    flat, width, counts = _opponents(info)
    return _decide.share_choice(
        [int(c) for c in info.cards], flat, width, counts, _share_styles(info),
        [names.index(share.name) for share in shares], every_offered,
    )
