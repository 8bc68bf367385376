"""A fast hand-strength score for the rule-based bots: 0 (hopeless) to 1 (the nuts).

The score reads only what a seat may see: its own cards, the cards still to come and the
opponents' up cards. For each pot share it scores the made hand and the draws in the terms
of the share's ranking (high hands: pairs, trips, straights and flushes; lows: distinct low
cards), then discounts a hand that an opponent's board already beats. Hi-lo hands score by
their better half plus a bonus for the other. It is a heuristic, cheap enough to run on
every decision of a long simulation; the ``equity`` bot computes real equities instead.

The score is defined once, in C (``studkit/bots/strength.c``), over flat sequences of card
numbers (rank ``c >> 2``, suit ``c & 3``, 52 and up wild) and small integers: the general
engine's bots call it through :func:`score_cards` and the batch kernel calls the C function
itself, so both engines' bots score every hand identically. This module holds what the
score reads per pot share (:func:`style_rows`).

>>> from studkit.cards import parse_cards
>>> score = strength_score(parse_cards("As Ad Ah"), [parse_cards("7c")], 4, ["high"])
>>> score >= 0.8
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from studkit.bots import _decide

__all__ = ["strength_score", "score_cards", "ShareStyle", "share_style", "style_rows"]

Cards = Any
"""A flat sequence of card numbers: a list, or a numpy int64 array inside the kernel."""


@dataclass(frozen=True, slots=True)
class ShareStyle:
    """How one pot share ranks hands, as far as the heuristic cares."""

    low: bool
    ace_low: bool
    straights: bool
    qualify_top: int | None
    """Lows: the worst top card (in the share's order, 0 = its lowest rank) that still wins;
    ``None`` when any low may win."""
    kind: int = 0
    """0: scored as :attr:`low` says; else one of the ``KIND_*`` scores (badugi, razz high,
    two-card hands, action razz, soko)."""


KIND_BADUGI: Final[int] = _decide.KIND_BADUGI
KIND_RAZZ_HIGH: Final[int] = _decide.KIND_RAZZ_HIGH
KIND_TWO_CARD: Final[int] = _decide.KIND_TWO_CARD
KIND_ACTION_RAZZ: Final[int] = _decide.KIND_ACTION_RAZZ
KIND_SOKO: Final[int] = _decide.KIND_SOKO


_STYLES: dict[str, ShareStyle] = {
    "high": ShareStyle(low=False, ace_low=False, straights=True, qualify_top=None),
    "a5-low": ShareStyle(low=True, ace_low=True, straights=False, qualify_top=None),
    "eight-or-better": ShareStyle(low=True, ace_low=True, straights=False, qualify_top=7),
    "2-7-low": ShareStyle(low=True, ace_low=False, straights=True, qualify_top=None),
    "a6-low": ShareStyle(low=True, ace_low=True, straights=True, qualify_top=None),
    "badugi": ShareStyle(low=True, ace_low=True, straights=False, qualify_top=None,
                         kind=KIND_BADUGI),
    "badugi-ace-high": ShareStyle(low=True, ace_low=False, straights=False, qualify_top=None,
                                  kind=KIND_BADUGI),
    "razz-high": ShareStyle(low=False, ace_low=True, straights=False, qualify_top=None,
                            kind=KIND_RAZZ_HIGH),
    "two-card-high": ShareStyle(low=False, ace_low=False, straights=False, qualify_top=None,
                                kind=KIND_TWO_CARD),
    "two-card-a5": ShareStyle(low=True, ace_low=True, straights=False, qualify_top=None,
                              kind=KIND_TWO_CARD),
    "action-razz": ShareStyle(low=True, ace_low=True, straights=False, qualify_top=None,
                              kind=KIND_ACTION_RAZZ),
    "soko": ShareStyle(low=False, ace_low=False, straights=True, qualify_top=None,
                       kind=KIND_SOKO),
    "mexican-high": ShareStyle(low=False, ace_low=False, straights=True, qualify_top=None),
}


def share_style(evaluator: str) -> ShareStyle | None:
    """The style of a built-in evaluator name, ``None`` for one a plugin ranks."""
    return _STYLES.get(evaluator)


def style_rows(evaluators: Sequence[str]) -> list[int]:
    """The pot shares' styles as :func:`score_cards` reads them: three numbers per share the
    heuristic knows (low, ace low, qualifying top card or -1), shares a plugin ranks left
    out."""
    rows: list[int] = []
    for name in evaluators:
        style = _STYLES.get(name)
        if style is not None:
            top = style.qualify_top
            first = style.kind if style.kind else int(style.low)
            rows.extend((first, int(style.ace_low), -1 if top is None else top))
    return rows


def score_cards(own: Cards, n_own: int, opp: Cards, width: int, opp_n: Cards, n_opp: int,
                to_come: int, styles: Cards, n_styles: int) -> float:
    """The score of the first ``n_own`` cards of ``own`` (the C function the batch kernel
    calls too, ``studkit/bots/strength.c``).

    Opponent ``k``'s up cards are ``opp[k * width : k * width + opp_n[k]]``; ``styles`` holds
    :func:`style_rows` for ``n_styles`` shares. With no share the heuristic knows, 0.5.
    """
    return float(_decide.score_cards(
        [int(c) for c in own[:n_own]], [int(c) for c in opp[: n_opp * width]], width,
        [int(n) for n in opp_n[:n_opp]], to_come, [int(v) for v in styles[: 3 * n_styles]],
    ))


def strength_score(
    cards: Sequence[int],
    opponents_up: Sequence[Sequence[int]],
    to_come: int,
    evaluators: Sequence[str],
) -> float:
    """Score ``cards`` for the pot shares ranked by ``evaluators`` (0 to 1)."""
    width = max((len(up) for up in opponents_up), default=0)
    flat: list[int] = []
    counts: list[int] = []
    for up in opponents_up:
        flat.extend(int(c) for c in up)
        flat.extend([0] * (width - len(up)))
        counts.append(len(up))
    styles = style_rows(evaluators)
    own = [int(c) for c in cards]
    return score_cards(own, len(own), flat, width, counts, len(counts), to_come, styles,
                       len(styles) // 3)
