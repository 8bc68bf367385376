"""A fast hand-strength score for the rule-based bots: 0 (hopeless) to 1 (the nuts).

The score reads only what a seat may see: its own cards, the cards still to come and the
opponents' up cards. For each pot share it scores the made hand and the draws in the terms
of the share's ranking (high hands: pairs, trips, straights and flushes; lows: distinct low
cards), then discounts a hand that an opponent's board already beats. Hi-lo hands score by
their better half plus a bonus for the other. It is a heuristic, cheap enough to run on
every decision of a long simulation; the ``equity`` bot computes real equities instead.

>>> from studkit.cards import parse_cards
>>> score = strength_score(parse_cards("As Ad Ah"), [parse_cards("7c")], 4, ["high"])
>>> score > 0.8
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["strength_score", "ShareStyle", "share_style"]

ACE = 12


@dataclass(frozen=True, slots=True)
class ShareStyle:
    """How one pot share ranks hands, as far as the heuristic cares."""

    low: bool
    ace_low: bool
    straights: bool
    qualify_top: int | None
    """Lows: the worst top card (in the share's order, 0 = its lowest rank) that still wins;
    ``None`` when any low may win."""


_STYLES: dict[str, ShareStyle] = {
    "high": ShareStyle(low=False, ace_low=False, straights=True, qualify_top=None),
    "a5-low": ShareStyle(low=True, ace_low=True, straights=False, qualify_top=None),
    "eight-or-better": ShareStyle(low=True, ace_low=True, straights=False, qualify_top=7),
    "2-7-low": ShareStyle(low=True, ace_low=False, straights=True, qualify_top=None),
    "a6-low": ShareStyle(low=True, ace_low=True, straights=True, qualify_top=None),
}


def share_style(evaluator: str) -> ShareStyle | None:
    """The style of a built-in evaluator name, ``None`` for one a plugin ranks."""
    return _STYLES.get(evaluator)


def _order(rank: int, ace_low: bool) -> int:
    """A rank's position in the share's order: 0 lowest."""
    if ace_low:
        return 0 if rank == ACE else rank + 1
    return rank


def _ranks(cards: Sequence[int]) -> list[int]:
    return [c >> 2 for c in cards if c < 52]


def _high_made(cards: Sequence[int]) -> float:
    """Score of the best high hand among ``cards`` (any count), no draws."""
    counts = [0] * 13
    suits = [0, 0, 0, 0]
    wild = 0
    for c in cards:
        if c >= 52:
            wild += 1
        else:
            counts[c >> 2] += 1
            suits[c & 3] += 1
    top_count = second = 0
    top_rank = high = -1
    for rank in range(12, -1, -1):
        n = counts[rank]
        if n == 0:
            continue
        high = max(high, rank)
        if n > top_count:
            second, top_count, top_rank = top_count, n, rank
        elif n > second:
            second = n
    top_count += wild
    if top_count >= 4:
        return 0.97
    if top_count == 3 and second >= 2:
        return 0.94
    if max(suits) + wild >= 5:
        return 0.9
    if len(cards) >= 5 and _longest_run(counts) + wild >= 5:
        return 0.87
    if top_count == 3:
        return 0.76 + 0.04 * max(top_rank, 0) / 12
    if top_count == 2 and second == 2:
        return 0.6 + 0.08 * max(top_rank, 0) / 12
    if top_count == 2:
        return 0.32 + 0.2 * max(top_rank, 0) / 12
    return 0.08 + 0.1 * max(high, 0) / 12


def _longest_run(counts: Sequence[int]) -> int:
    """The most distinct ranks inside one window of five consecutive ranks (ace low too)."""
    present = [counts[12] > 0] + [n > 0 for n in counts]  # index 0: the ace played low
    best = window = sum(present[:5])
    for low in range(1, 10):
        window += present[low + 4] - present[low - 1]
        best = max(best, window)
    return best


def _high_draws(cards: Sequence[int], to_come: int) -> float:
    """Bonus for flush and straight draws that the cards to come can still fill."""
    if to_come <= 0:
        return 0.0
    bonus = 0.0
    suits = Counter(c & 3 for c in cards if c < 52)
    most = max(suits.values(), default=0)
    if 3 <= most < 5 and most + to_come >= 5:
        bonus = max(bonus, 0.08 * (most - 2) * (1.0 if to_come >= 2 else 0.6))
    counts = [0] * 13
    for rank in _ranks(cards):
        counts[rank] += 1
    run = _longest_run(counts)
    if 3 <= run < 5 and run + to_come >= 5:
        bonus = max(bonus, 0.06 * (run - 2) * (1.0 if to_come >= 2 else 0.6))
    return bonus


def _low_score(cards: Sequence[int], to_come: int, style: ShareStyle) -> float:
    """Score of a low hand: distinct low ranks made and how many cards can still come."""
    orders = sorted({_order(r, style.ace_low) for r in _ranks(cards)})
    wild = sum(1 for c in cards if c >= 52)
    limit = style.qualify_top if style.qualify_top is not None else 8
    lows = [o for o in orders if o <= limit]
    distinct = min(5, len(lows) + wild)
    if distinct >= 5:
        top = lows[4] if len(lows) >= 5 else limit
        return 1.0 - 0.07 * max(0, top - 4)
    need = 5 - distinct
    if need > to_come:
        # no five-card low in reach: a paired or high hand, worth little as a low
        return 0.05 if style.qualify_top is not None else 0.12
    highest = lows[-1] if lows else limit
    return 0.2 + 0.13 * distinct - 0.02 * max(0, highest - 4) - 0.05 * max(0, need - 2)


def _board_threat(opponents_up: Sequence[Sequence[int]], mine: float) -> float:
    """Multiplier below 1 when an opponent's up cards alone already beat ``mine``."""
    worst = 1.0
    for up in opponents_up:
        if len(up) == 0:
            continue
        theirs = _high_made(up)
        if theirs >= mine:
            worst = min(worst, 0.65)
        elif theirs >= mine - 0.1:
            worst = min(worst, 0.85)
    return worst


def _share_score(
    cards: Sequence[int], opponents_up: Sequence[Sequence[int]], to_come: int, style: ShareStyle
) -> float:
    if style.low:
        mine = _low_score(cards, to_come, style)
        # an opponent's up cards alone, with its hidden and future cards still to help it
        hidden = len(cards) - min((len(up) for up in opponents_up), default=0) + to_come
        theirs = max((_low_score(up, hidden, style) for up in opponents_up if up), default=0.0)
        return mine * (0.75 if theirs > mine else 1.0)
    made = _high_made(cards)
    return min(1.0, made * _board_threat(opponents_up, made) + _high_draws(cards, to_come))


def strength_score(
    cards: Sequence[int],
    opponents_up: Sequence[Sequence[int]],
    to_come: int,
    evaluators: Sequence[str],
) -> float:
    """Score ``cards`` for the pot shares ranked by ``evaluators`` (0 to 1)."""
    scores = [
        _share_score(cards, opponents_up, to_come, style)
        for style in (share_style(name) for name in evaluators)
        if style is not None
    ]
    if not scores:
        return 0.5
    scores.sort(reverse=True)
    return min(1.0, scores[0] + 0.25 * sum(scores[1:]))
