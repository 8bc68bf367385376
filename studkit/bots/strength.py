"""A fast hand-strength score for the rule-based bots: 0 (hopeless) to 1 (the nuts).

The score reads only what a seat may see: its own cards, the cards still to come and the
opponents' up cards. For each pot share it scores the made hand and the draws in the terms
of the share's ranking (high hands: pairs, trips, straights and flushes; lows: distinct low
cards), then discounts a hand that an opponent's board already beats. Hi-lo hands score by
their better half plus a bonus for the other. It is a heuristic, cheap enough to run on
every decision of a long simulation; the ``equity`` bot computes real equities instead.

This module is the score's one definition. :func:`score_cards` and its helpers are plain
Python over flat sequences of card numbers (rank ``c >> 2``, suit ``c & 3``, 52 and up
wild) and small integers, written so that numba can also compile them: the general engine's
bots call them as they are, and the batch kernel (:mod:`studkit.kernel.bots`) compiles the
same functions, so both engines' bots score every hand identically.

>>> from studkit.cards import parse_cards
>>> score = strength_score(parse_cards("As Ad Ah"), [parse_cards("7c")], 4, ["high"])
>>> score > 0.8
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["strength_score", "score_cards", "ShareStyle", "share_style", "style_rows"]

ACE = 12

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


KIND_BADUGI = 2
KIND_RAZZ_HIGH = 3
KIND_TWO_CARD = 4
KIND_ACTION_RAZZ = 5
KIND_SOKO = 6


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


def _bits5(mask: int) -> int:
    """Set bits among the lowest five of ``mask``."""
    count = 0
    for k in range(5):
        count += (mask >> k) & 1
    return count


def _longest_run(present: int) -> int:
    """The most distinct ranks inside one window of five consecutive ranks; ``present`` has
    bit 0 for an ace played low and bit ``r + 1`` for rank ``r``."""
    best = _bits5(present)
    for low in range(1, 10):
        window = _bits5(present >> low)
        if window > best:
            best = window
    return best


def _high_made(cards: Cards, off: int, count: int) -> float:
    """Score of the best high hand among ``count`` cards from ``off``, no draws."""
    ranks = 0  # three bits of count per rank
    suits = 0  # four bits of count per suit
    wild = 0
    for k in range(off, off + count):
        c = cards[k]
        if c >= 52:
            wild += 1
        else:
            ranks += 1 << (3 * (c >> 2))
            suits += 1 << (4 * (c & 3))
    top_count = 0
    second = 0
    top_rank = -1
    high = -1
    present = 0
    for rank in range(12, -1, -1):
        n = (ranks >> (3 * rank)) & 7
        if n == 0:
            continue
        present |= 1 << (rank + 1)
        if rank > high:
            high = rank
        if n > top_count:
            second = top_count
            top_count = n
            top_rank = rank
        elif n > second:
            second = n
    if present >> (ACE + 1) & 1:
        present |= 1
    top_count += wild
    most = 0
    for suit in range(4):
        n = (suits >> (4 * suit)) & 15
        if n > most:
            most = n
    if top_count >= 4:
        return 0.97
    if top_count == 3 and second >= 2:
        return 0.94
    if most + wild >= 5:
        return 0.9
    if count >= 5 and _longest_run(present) + wild >= 5:
        return 0.87
    if top_count == 3:
        return 0.76 + 0.04 * max(top_rank, 0) / 12
    if top_count == 2 and second == 2:
        return 0.6 + 0.08 * max(top_rank, 0) / 12
    if top_count == 2:
        return 0.32 + 0.2 * max(top_rank, 0) / 12
    return 0.08 + 0.1 * max(high, 0) / 12


def _high_draws(cards: Cards, off: int, count: int, to_come: int) -> float:
    """Bonus for flush and straight draws that the cards to come can still fill."""
    if to_come <= 0:
        return 0.0
    bonus = 0.0
    suits = 0
    present = 0
    for k in range(off, off + count):
        c = cards[k]
        if c < 52:
            suits += 1 << (4 * (c & 3))
            rank = c >> 2
            present |= 1 << (rank + 1)
            if rank == ACE:
                present |= 1
    most = 0
    for suit in range(4):
        n = (suits >> (4 * suit)) & 15
        if n > most:
            most = n
    late = 1.0 if to_come >= 2 else 0.6
    if 3 <= most < 5 and most + to_come >= 5:
        bonus = max(bonus, 0.08 * (most - 2) * late)
    run = _longest_run(present)
    if 3 <= run < 5 and run + to_come >= 5:
        bonus = max(bonus, 0.06 * (run - 2) * late)
    return bonus


def _low_score(cards: Cards, off: int, count: int, to_come: int, ace_low: int,
               qualify_top: int) -> float:
    """Score of a low hand: distinct low ranks made and how many cards can still come."""
    present = 0
    wild = 0
    for k in range(off, off + count):
        c = cards[k]
        if c >= 52:
            wild += 1
            continue
        rank = c >> 2
        if ace_low == 2:  # razz high: ace-to-five ranks with the king best
            order = 12 - (0 if rank == ACE else rank + 1)
        elif ace_low:
            order = 0 if rank == ACE else rank + 1
        else:
            order = rank
        present |= 1 << order
    limit = qualify_top if qualify_top >= 0 else 8
    lows = 0
    fifth = -1
    highest = limit
    for order in range(limit + 1):
        if present >> order & 1:
            lows += 1
            if lows == 5:
                fifth = order
            highest = order
    distinct = min(5, lows + wild)
    if distinct >= 5:
        top = fifth if lows >= 5 else limit
        return 1.0 - 0.07 * max(0, top - 4)
    need = 5 - distinct
    if need > to_come:
        # no five-card low in reach: a paired or high hand, worth little as a low
        return 0.05 if qualify_top >= 0 else 0.12
    return 0.2 + 0.13 * distinct - 0.02 * max(0, highest - 4) - 0.05 * max(0, need - 2)


def _badugi_score(cards: Cards, n: int, to_come: int, ace_low: int) -> float:
    """Score of a badugi: cards of different ranks and suits taken from the lowest rank up
    (a greedy choice, near the best), its size and top card, and the cards to come."""
    ranks = 0
    suits = 0
    size = 0
    top = 0
    for order in range(13):
        for k in range(n):
            c = cards[k]
            if c >= 52:
                continue
            rank = c >> 2
            place = (0 if rank == ACE else rank + 1) if ace_low else rank
            if place != order or (ranks >> order) & 1 or (suits >> (c & 3)) & 1:
                continue
            ranks |= 1 << order
            suits |= 1 << (c & 3)
            size += 1
            top = order
    if size >= 4:
        return 0.55 + 0.45 * max(0, 12 - top) / 9
    draw = 0.12 if to_come >= 1 else 0.0
    if size == 3:
        return 0.2 + 0.15 * max(0, 12 - top) / 10 + draw
    return 0.04 + 0.03 * size + draw / 2


def _two_card_score(cards: Cards, n: int, ace_low: int) -> float:
    """Score of the best two cards: a high pair or high cards, or (ace-to-five) two low
    unpaired cards."""
    ranks = 0
    pair = -1
    for k in range(n):
        c = cards[k]
        if c >= 52:
            continue
        rank = c >> 2
        if (ranks >> rank) & 1 and rank > pair:
            pair = rank
        ranks |= 1 << rank
    if not ace_low:
        if pair >= 0:
            return 0.6 + 0.4 * pair / 12
        high = -1
        for rank in range(13):
            if (ranks >> rank) & 1:
                high = rank
        return 0.1 + 0.4 * max(high, 0) / 12
    places = 0
    for rank in range(13):
        if (ranks >> rank) & 1:
            places |= 1 << (0 if rank == ACE else rank + 1)
    found = 0
    second = -1
    for order in range(13):
        if (places >> order) & 1:
            found += 1
            if found == 2:
                second = order
    if second < 0:
        return 0.05
    return 1.0 - 0.075 * (second - 1)


def _four_card_hands(cards: Cards, n: int) -> int:
    """Whether the cards hold four of one suit or four ranks in a row (soko's hands)."""
    suits = 0
    present = 0
    for k in range(n):
        c = cards[k]
        if c >= 52:
            continue
        suits += 1 << (4 * (c & 3))
        present |= 1 << ((c >> 2) + 1)
        if c >> 2 == ACE:
            present |= 1
    for suit in range(4):
        if (suits >> (4 * suit)) & 15 >= 4:
            return 1
    for low in range(11):
        if (present >> low) & 15 == 15:
            return 1
    return 0


def _has_face(cards: Cards, n: int) -> int:
    for k in range(n):
        c = cards[k]
        if c < 52 and 9 <= c >> 2 <= 11:
            return 1
    return 0


def _low_vs_boards(own: Cards, n_own: int, opp: Cards, width: int, opp_n: Cards, n_opp: int,
                   to_come: int, ace_low: int, qualify_top: int) -> float:
    """A low hand's score, discounted when an opponent's board looks lower."""
    mine = _low_score(own, 0, n_own, to_come, ace_low, qualify_top)
    # an opponent's up cards alone, with its hidden and future cards still to help it
    shortest = 0
    for k in range(n_opp):
        if k == 0 or opp_n[k] < shortest:
            shortest = opp_n[k]
    hidden = n_own - shortest + to_come
    theirs = 0.0
    found = False
    for k in range(n_opp):
        if opp_n[k] > 0:
            value = _low_score(opp, k * width, opp_n[k], hidden, ace_low, qualify_top)
            if not found or value > theirs:
                theirs = value
                found = True
    return mine * (0.75 if theirs > mine else 1.0)


def _share_score(own: Cards, n_own: int, opp: Cards, width: int, opp_n: Cards, n_opp: int,
                 to_come: int, low: int, ace_low: int, qualify_top: int) -> float:
    if low == KIND_BADUGI:
        return _badugi_score(own, n_own, to_come, ace_low)
    if low == KIND_TWO_CARD:
        return _two_card_score(own, n_own, ace_low)
    if low == KIND_RAZZ_HIGH:
        return _low_score(own, 0, n_own, to_come, 2, -1)
    if low == KIND_ACTION_RAZZ:
        razz = _low_vs_boards(own, n_own, opp, width, opp_n, n_opp, to_come, 1, -1)
        if _has_face(own, n_own):
            return min(1.0, 0.3 + 0.7 * razz)
        return razz * (0.3 if to_come == 0 else 0.6)
    if low == 1:
        return _low_vs_boards(own, n_own, opp, width, opp_n, n_opp, to_come, ace_low,
                              qualify_top)
    made = _high_made(own, 0, n_own)
    if low == KIND_SOKO and made < 0.56 and _four_card_hands(own, n_own):
        made = 0.56  # a four-flush or four-straight: between one pair and two pair
    threat = 1.0  # below 1 when an opponent's up cards alone already beat the hand
    for k in range(n_opp):
        if opp_n[k] == 0:
            continue
        theirs = _high_made(opp, k * width, opp_n[k])
        if theirs >= made:
            threat = min(threat, 0.65)
        elif theirs >= made - 0.1:
            threat = min(threat, 0.85)
    return min(1.0, made * threat + _high_draws(own, 0, n_own, to_come))


def score_cards(own: Cards, n_own: int, opp: Cards, width: int, opp_n: Cards, n_opp: int,
                to_come: int, styles: Cards, n_styles: int) -> float:
    """The score of the first ``n_own`` cards of ``own``.

    Opponent ``k``'s up cards are ``opp[k * width : k * width + opp_n[k]]``; ``styles`` holds
    :func:`style_rows` for ``n_styles`` shares. With no share the heuristic knows, 0.5.
    """
    if n_styles == 0:
        return 0.5
    best = 0.0
    rest = 0.0
    for i in range(n_styles):
        value = _share_score(own, n_own, opp, width, opp_n, n_opp, to_come, styles[3 * i],
                             styles[3 * i + 1], styles[3 * i + 2])
        if i == 0:
            best = value
        elif value > best:
            rest += best
            best = value
        else:
            rest += value
    return min(1.0, best + 0.25 * rest)


SCORED: tuple[Any, ...] = (_bits5, _longest_run, _high_made, _high_draws, _low_score,
                           _badugi_score, _two_card_score, _four_card_hands, _has_face,
                           _low_vs_boards, _share_score, score_cards)
"""Every function of the score, for the kernel to compile (callees first)."""


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
