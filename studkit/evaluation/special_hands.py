"""The strengths of the special rankings: badugi, soko, the 41-card Mexican deck, razz high
and the two-card hands, one plain function per ranking.

Each function takes a flat sequence of card numbers (rank ``c >> 2``, deuce 0 to ace 12;
suit ``c & 3``) and how many of them to read, and returns a strength, higher better:
``category << 20 | tiebreak``, the tiebreak holding ranks one nibble each from bit 16 down.
They are plain Python over small integers, written so that numba can compile the same
functions for batches (:mod:`studkit.evaluation.special_batch`): the per-call evaluators call
them as they are, so both paths rank every hand identically.

>>> from studkit.cards import parse_cards
>>> badugi(parse_cards("5d 4c 3h 2s"), 4, 0) > badugi(parse_cards("Kd 4c 3h 2s As"), 5, 0)
True
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "badugi",
    "soko",
    "mexican",
    "razz_high",
    "two_card_high",
    "two_card_a5",
    "ROW_FUNCTIONS",
    "BADUGI_SIZE_SPAN",
    "SOKO_CODES",
    "MEXICAN_CODES",
]

Cards = Any
"""A flat sequence of card numbers: a list, or a numpy int64 array in a compiled batch."""

SHIFT = 20
PACKED = (1 << SHIFT) - 1
ACE = 12
BADUGI_SIZE_SPAN = 13
"""Badugi category numbers: ``(size - 1) * 13 + (13 - top)``, top in the ranking's order."""

SOKO_CODES = (0, 1, 2, 5, 6, 7, 8, 9, 10, 11)
"""Soko category numbers by plain high code (1 high card ... 9 straight flush): the two soko
hands take 3 (four-straight) and 4 (four-flush), between one pair and two pair."""
MEXICAN_CODES = (0, 1, 2, 3, 4, 5, 7, 6, 8, 9, 10)
"""Mexican category numbers by plain high code: a flush (6) ranks above a full house (7)."""

_MEXICAN_LINE = (12, 0, 1, 2, 3, 4, 5, 9, 10, 11, 12)
"""The ranks of the 41-card deck in straight order, the ace at both ends: 7 is next to J."""


def _position(rank: int, ace_low: int) -> int:
    """A rank's place in the order: ace-low (ace 0, deuce 1, ..., king 12) or deuce 0."""
    if ace_low:
        return 0 if rank == ACE else rank + 1
    return rank


def badugi(cards: Cards, n: int, ace_high: int) -> int:
    """The best badugi among the first ``n`` cards: the most cards with no two of one rank or
    suit, then the lowest top card, then the next (ace low, or ace high with ``ace_high``).

    Category ``(size - 1) * 13 + 13 - top``; tiebreak the ranks top down, inverted. Every
    set of up to four cards is tried, a set that already repeats a rank or suit cut short;
    for one size, the lower set of ranks is the lower number as a bit mask."""
    best = 0
    low = 1 - ace_high
    places = 0  # each card's rank position, four bits a card
    suits = 0  # each card's suit, two bits a card
    for k in range(n):
        places |= _position(cards[k] >> 2, low) << (4 * k)
        suits |= (cards[k] & 3) << (2 * k)
    for a in range(n):
        ra = 1 << ((places >> (4 * a)) & 15)
        sa = 1 << ((suits >> (2 * a)) & 3)
        best = max(best, (1 << 13) | (8191 - ra))
        for b in range(a + 1, n):
            rb = 1 << ((places >> (4 * b)) & 15)
            sb = 1 << ((suits >> (2 * b)) & 3)
            if ra & rb or sa & sb:
                continue
            r2 = ra | rb
            s2 = sa | sb
            best = max(best, (2 << 13) | (8191 - r2))
            for c in range(b + 1, n):
                rc = 1 << ((places >> (4 * c)) & 15)
                sc = 1 << ((suits >> (2 * c)) & 3)
                if r2 & rc or s2 & sc:
                    continue
                r3 = r2 | rc
                s3 = s2 | sc
                best = max(best, (3 << 13) | (8191 - r3))
                for d in range(c + 1, n):
                    rd = 1 << ((places >> (4 * d)) & 15)
                    if r3 & rd or s3 & (1 << ((suits >> (2 * d)) & 3)):
                        continue
                    best = max(best, (4 << 13) | (8191 - (r3 | rd)))
    if best == 0:
        return 0
    return _badugi_value(8191 - (best & 8191), best >> 13)


def _badugi_value(ranks: int, size: int) -> int:
    """The strength of a badugi of ``size`` cards whose order positions are the bits of
    ``ranks``."""
    packed = 0
    shift = 16
    top = -1
    for position in range(12, -1, -1):
        if (ranks >> position) & 1:
            if top < 0:
                top = position
            packed |= (position + 1) << shift
            shift -= 4
    category = (size - 1) * BADUGI_SIZE_SPAN + (BADUGI_SIZE_SPAN - top)
    return (category << SHIFT) | (PACKED - packed)


def _groups(counts: Cards, packed_out: Cards) -> int:
    """The high code of rank counts (13 entries, in the order's positions) with no straights
    or flushes, and the packed ranks (largest group first, then higher) in ``packed_out[0]``.
    """
    packed = 0
    shift = 16
    first = 0
    second = 0
    for size in range(4, 0, -1):
        for position in range(12, -1, -1):
            if counts[position] == size:
                if first == 0:
                    first = size
                elif second == 0:
                    second = size
                if shift >= 0:
                    packed |= (position + 1) << shift
                    shift -= 4
    packed_out[0] = packed
    if first == 4:
        return 8
    if first == 3 and second >= 2:
        return 7
    if first == 3:
        return 4
    if first == 2 and second == 2:
        return 3
    if first == 2:
        return 2
    return 1


def _five_high(cards: Cards, picks: Cards, count: int, line: Cards, line_len: int,
               soko_hands: int) -> int:
    """The plain high code and packed ranks of ``count`` (at most five) cards ``picks`` into
    ``cards``, straights along ``line`` (a rank sequence, ace at both ends), as
    ``code << 20 | packed``; with ``soko_hands`` a four-flush (code 12) and a four-straight
    (code 11) are found too (codes remapped by the caller)."""
    counts = [0] * 13
    suit_counts = [0, 0, 0, 0]
    present = 0
    for k in range(count):
        card = cards[picks[k]]
        counts[card >> 2] += 1
        suit_counts[card & 3] += 1
        present |= 1 << (card >> 2)
    out = [0]
    code = _groups(counts, out)
    packed = out[0]
    flush_suit = -1
    four_suit = -1
    for suit in range(4):
        if suit_counts[suit] == 5:
            flush_suit = suit
        elif suit_counts[suit] == 4:
            four_suit = suit
    straight_top = -1
    four_top = -1
    for start in range(line_len - 4):
        run = 1
        for k in range(start, start + 5):
            if not (present >> line[k]) & 1:
                run = 0
                break
        if run and count == 5:
            straight_top = line[start + 4]
    if soko_hands:
        for start in range(line_len - 3):
            run = 1
            for k in range(start, start + 4):
                if not (present >> line[k]) & 1:
                    run = 0
                    break
            if run:
                four_top = start + 3
    if code == 1 and straight_top >= 0:
        code = 9 if flush_suit >= 0 else 5
        packed = (straight_top + 1) << 16
    elif flush_suit >= 0 and code < 6:
        code = 6
    elif soko_hands and code <= 2 and (four_suit >= 0 or four_top >= 0):
        odd = 0
        if four_suit >= 0:
            code = 12
            packed = 0
            shift = 16
            for position in range(12, -1, -1):
                for k in range(count):
                    card = cards[picks[k]]
                    if card >> 2 == position and card & 3 == four_suit:
                        packed |= (position + 1) << shift
                        shift -= 4
            for k in range(count):
                card = cards[picks[k]]
                if card & 3 != four_suit:
                    odd = card >> 2
            if count == 5:
                packed |= odd + 1
        else:
            code = 11
            top_rank = line[four_top]
            odd = -1
            used = [0] * 13
            for k in range(four_top - 3, four_top + 1):
                used[line[k]] = 1
            for k in range(count):
                rank = cards[picks[k]] >> 2
                if used[rank] == 1:
                    used[rank] = 2
                elif rank > odd:
                    odd = rank
            packed = (top_rank + 1) << 16
            if odd >= 0:
                packed |= (odd + 1) << 12
    return (code << SHIFT) | packed


def _best_of_fives(cards: Cards, n: int, line: Cards, line_len: int, soko_hands: int,
                   codes: Cards) -> int:
    """The best five (or all, when fewer) of the first ``n`` cards, codes remapped by
    ``codes`` (soko's 11 and 12 are its four-straight and four-flush)."""
    best = 0
    picks = [0, 0, 0, 0, 0]
    if n <= 5:
        for k in range(n):
            picks[k] = k
        value = _five_high(cards, picks, n, line, line_len, soko_hands)
        return _remap(value, codes)
    for a in range(n):
        for b in range(a + 1, n):
            for c in range(b + 1, n):
                for d in range(c + 1, n):
                    for e in range(d + 1, n):
                        picks[0] = a
                        picks[1] = b
                        picks[2] = c
                        picks[3] = d
                        picks[4] = e
                        value = _remap(_five_high(cards, picks, 5, line, line_len, soko_hands),
                                       codes)
                        if value > best:
                            best = value
    return best


def _remap(value: int, codes: Cards) -> int:
    code = value >> SHIFT
    if code == 11:
        number = 3
    elif code == 12:
        number = 4
    else:
        number = codes[code]
    return (number << SHIFT) | (value & PACKED)


_HIGH_LINE = (12, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)


def soko(cards: Cards, n: int) -> int:
    """Soko (Canadian stud): high, with a four-flush and below it a four-straight ranked
    between one pair and two pair (category numbers :data:`SOKO_CODES`, 3 and 4)."""
    return _best_of_fives(cards, n, _HIGH_LINE, 14, 1, SOKO_CODES)


def mexican(cards: Cards, n: int) -> int:
    """High in the 41-card deck (no 8s, 9s or 10s): a flush beats a full house, and
    straights run across the gap (5-6-7-J-Q, 7-J-Q-K-A) (category numbers
    :data:`MEXICAN_CODES`)."""
    return _best_of_fives(cards, n, _MEXICAN_LINE, 11, 0, MEXICAN_CODES)


def razz_high(cards: Cards, n: int) -> int:
    """Razz high: ace-to-five ranks (aces low, no straights or flushes), unpaired beats
    paired as in razz, and within a category the higher hand wins (K-Q-J-10-9 is best).

    Categories: unpaired ``6 + top`` (top 0 ace ... 12 king), then one pair 5, two pair 4,
    three of a kind 3, full house 2, four of a kind 1."""
    counts = [0] * 13
    for k in range(n):
        counts[_position(cards[k] >> 2, 1)] += 1
    distinct = 0
    for position in range(13):
        if counts[position]:
            distinct += 1
    if distinct >= 5 or n <= 5:
        chosen = [0] * 13
        taken = 0
        if distinct >= 5:
            for position in range(12, -1, -1):
                if counts[position] and taken < 5:
                    chosen[position] = 1
                    taken += 1
        else:
            for position in range(13):
                chosen[position] = counts[position]
        return _razz_high_value(chosen)
    present = [0] * 13
    kinds = 0
    for position in range(13):
        if counts[position]:
            present[kinds] = position
            kinds += 1
    best = 0
    trial = [0] * 13
    # Fewer than five ranks in six to eight cards: try every way to keep five of them.
    for a in range(kinds):
        for b in range(a, kinds):
            for c in range(b, kinds):
                for d in range(c, kinds):
                    for e in range(d, kinds):
                        for position in range(13):
                            trial[position] = 0
                        trial[present[a]] += 1
                        trial[present[b]] += 1
                        trial[present[c]] += 1
                        trial[present[d]] += 1
                        trial[present[e]] += 1
                        fits = 1
                        for position in range(13):
                            if trial[position] > counts[position]:
                                fits = 0
                        if fits:
                            value = _razz_high_value(trial)
                            if value > best:
                                best = value
    return best


def _razz_high_value(counts: Cards) -> int:
    out = [0]
    code = _groups(counts, out)
    packed = out[0]
    if code == 1:
        category = 6 + ((packed >> 16) - 1)
    elif code == 2:
        category = 5
    elif code == 3:
        category = 4
    elif code == 4:
        category = 3
    elif code == 7:
        category = 2
    else:
        category = 1
    return (category << SHIFT) | packed


def two_card_high(cards: Cards, n: int) -> int:
    """The best two cards for high: a pair (category 2) beats any two unpaired cards
    (category 1), higher pair first, else the high card then the second; aces high."""
    counts = [0] * 13
    for k in range(n):
        counts[cards[k] >> 2] += 1
    for rank in range(12, -1, -1):
        if counts[rank] >= 2:
            return (2 << SHIFT) | ((rank + 1) << 16)
    packed = 0
    shift = 16
    for rank in range(12, -1, -1):
        if counts[rank] and shift >= 12:
            packed |= (rank + 1) << shift
            shift -= 4
    return (1 << SHIFT) | packed


def two_card_a5(cards: Cards, n: int) -> int:
    """The best two cards for ace-to-five low: unpaired (category ``14 - top``, top 0 ace
    ... 12 king) beats a pair (category 1); the lower top card wins, then the other."""
    counts = [0] * 13
    for k in range(n):
        counts[_position(cards[k] >> 2, 1)] += 1
    low = -1
    second = -1
    for position in range(13):
        if counts[position]:
            if low < 0:
                low = position
            elif second < 0:
                second = position
    if second < 0 and counts[low] >= 2:
        return (1 << SHIFT) | (PACKED - ((low + 1) << 16))
    if second < 0:
        return ((14 - low) << SHIFT) | (PACKED - ((low + 1) << 16))
    packed = ((second + 1) << 16) | ((low + 1) << 12)
    return ((14 - second) << SHIFT) | (PACKED - packed)


ROW_FUNCTIONS: tuple[Any, ...] = (_position, _badugi_value, badugi, _groups, _five_high,
                                  _remap, _best_of_fives, soko, mexican, _razz_high_value,
                                  razz_high, two_card_high, two_card_a5)
"""Every function of this module, callees first (for the compiled batch)."""
