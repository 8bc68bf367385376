/* The special rankings (special.h), following studkit.evaluation.special_hands. Strengths are
 * `category << 20 | tiebreak`, the tiebreak holding ranks one nibble each from bit 16 down. */
#include "special.h"

#define SHIFT 20
#define PACKED ((INT64_C(1) << SHIFT) - 1)
#define ACE 12
#define BADUGI_SIZE_SPAN 13

static const int SOKO_CODES[] = {0, 1, 2, 5, 6, 7, 8, 9, 10, 11};
static const int MEXICAN_CODES[] = {0, 1, 2, 3, 4, 5, 7, 6, 8, 9, 10};
/* straight orders, the ace at both ends; the Mexican deck has no 8s, 9s or 10s */
static const int HIGH_LINE[] = {12, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
static const int MEXICAN_LINE[] = {12, 0, 1, 2, 3, 4, 5, 9, 10, 11, 12};

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

/* A rank's place in the order: ace-low (ace 0, deuce 1, ..., king 12) or deuce 0. */
static int position(int rank, int ace_low) {
    if (ace_low) return rank == ACE ? 0 : rank + 1;
    return rank;
}

/* A badugi of `size` cards whose order positions are the bits of `ranks`. */
static int64_t badugi_value(int ranks, int size) {
    int64_t packed = 0;
    int shift = 16, top = -1;
    for (int p = 12; p >= 0; p--) {
        if (!(ranks >> p & 1)) continue;
        if (top < 0) top = p;
        packed |= (int64_t)(p + 1) << shift;
        shift -= 4;
    }
    int64_t category = (int64_t)(size - 1) * BADUGI_SIZE_SPAN + (BADUGI_SIZE_SPAN - top);
    return category << SHIFT | (PACKED - packed);
}

/* The best badugi: the most cards with no two of one rank or suit, then the lowest top card,
 * then the next (ace low, or ace high with `ace_high`). */
static int64_t badugi(const uint8_t *cards, int n, int ace_high) {
    int64_t best = 0;
    int low = 1 - ace_high;
    int rank[8], suit[8];
    for (int k = 0; k < n; k++) {
        rank[k] = 1 << position(cards[k] >> 2, low);
        suit[k] = 1 << (cards[k] & 3);
    }
    for (int a = 0; a < n; a++) {
        best = max64(best, 1 << 13 | (8191 - rank[a]));
        for (int b = a + 1; b < n; b++) {
            if (rank[a] & rank[b] || suit[a] & suit[b]) continue;
            int r2 = rank[a] | rank[b], s2 = suit[a] | suit[b];
            best = max64(best, 2 << 13 | (8191 - r2));
            for (int c = b + 1; c < n; c++) {
                if (r2 & rank[c] || s2 & suit[c]) continue;
                int r3 = r2 | rank[c], s3 = s2 | suit[c];
                best = max64(best, 3 << 13 | (8191 - r3));
                for (int d = c + 1; d < n; d++) {
                    if (r3 & rank[d] || s3 & suit[d]) continue;
                    best = max64(best, 4 << 13 | (8191 - (r3 | rank[d])));
                }
            }
        }
    }
    if (best == 0) return 0;
    return badugi_value(8191 - (int)(best & 8191), (int)(best >> 13));
}

/* The high code of rank counts (13 entries, in the order's positions) with no straights or
 * flushes, and the packed ranks (largest group first, then higher) into `packed_out`. */
static int groups(const int *counts, int64_t *packed_out) {
    int64_t packed = 0;
    int shift = 16, first = 0, second = 0;
    for (int size = 4; size >= 1; size--)
        for (int p = 12; p >= 0; p--) {
            if (counts[p] != size) continue;
            if (first == 0)
                first = size;
            else if (second == 0)
                second = size;
            if (shift >= 0) {
                packed |= (int64_t)(p + 1) << shift;
                shift -= 4;
            }
        }
    *packed_out = packed;
    if (first == 4) return 8;
    if (first == 3 && second >= 2) return 7;
    if (first == 3) return 4;
    if (first == 2 && second == 2) return 3;
    if (first == 2) return 2;
    return 1;
}

/* Whether every rank of line[start .. start + length - 1] is present. */
static int runs(int present, const int *line, int start, int length) {
    for (int k = start; k < start + length; k++)
        if (!(present >> line[k] & 1)) return 0;
    return 1;
}

/* The plain high code and packed ranks of `count` (at most five) cards `picks` into `cards`,
 * straights along `line`, as `code << 20 | packed`; with `soko_hands` a four-flush (code 12)
 * and a four-straight (code 11) too. */
static int64_t five_high(const uint8_t *cards, const int *picks, int count, const int *line,
                         int line_len, int soko_hands) {
    int counts[13] = {0}, suit_counts[4] = {0}, present = 0;
    for (int k = 0; k < count; k++) {
        int card = cards[picks[k]];
        counts[card >> 2]++;
        suit_counts[card & 3]++;
        present |= 1 << (card >> 2);
    }
    int64_t packed;
    int code = groups(counts, &packed);
    int flush_suit = -1, four_suit = -1;
    for (int suit = 0; suit < 4; suit++) {
        if (suit_counts[suit] == 5)
            flush_suit = suit;
        else if (suit_counts[suit] == 4)
            four_suit = suit;
    }
    int straight_top = -1, four_top = -1;
    for (int start = 0; start < line_len - 4; start++)
        if (runs(present, line, start, 5) && count == 5) straight_top = line[start + 4];
    if (soko_hands)
        for (int start = 0; start < line_len - 3; start++)
            if (runs(present, line, start, 4)) four_top = start + 3;
    if (code == 1 && straight_top >= 0) {
        code = flush_suit >= 0 ? 9 : 5;
        packed = (int64_t)(straight_top + 1) << 16;
    } else if (flush_suit >= 0 && code < 6) {
        code = 6;
    } else if (soko_hands && code <= 2 && (four_suit >= 0 || four_top >= 0)) {
        int odd = 0;
        if (four_suit >= 0) {
            code = 12;
            packed = 0;
            int shift = 16;
            for (int p = 12; p >= 0; p--)
                for (int k = 0; k < count; k++) {
                    int card = cards[picks[k]];
                    if (card >> 2 == p && (card & 3) == four_suit) {
                        packed |= (int64_t)(p + 1) << shift;
                        shift -= 4;
                    }
                }
            for (int k = 0; k < count; k++) {
                int card = cards[picks[k]];
                if ((card & 3) != four_suit) odd = card >> 2;
            }
            if (count == 5) packed |= odd + 1;
        } else {
            code = 11;
            int top_rank = line[four_top];
            int used[13] = {0};
            odd = -1;
            for (int k = four_top - 3; k <= four_top; k++) used[line[k]] = 1;
            for (int k = 0; k < count; k++) {
                int r = cards[picks[k]] >> 2;
                if (used[r] == 1)
                    used[r] = 2;
                else if (r > odd)
                    odd = r;
            }
            packed = (int64_t)(top_rank + 1) << 16;
            if (odd >= 0) packed |= (int64_t)(odd + 1) << 12;
        }
    }
    return (int64_t)code << SHIFT | packed;
}

static int64_t remap(int64_t value, const int *codes) {
    int code = (int)(value >> SHIFT);
    int number = code == 11 ? 3 : code == 12 ? 4 : codes[code];
    return (int64_t)number << SHIFT | (value & PACKED);
}

/* The best five (or all, when fewer) of the `n` cards, codes remapped by `codes`. */
static int64_t best_of_fives(const uint8_t *cards, int n, const int *line, int line_len,
                             int soko_hands, const int *codes) {
    int picks[5];
    if (n <= 5) {
        for (int k = 0; k < n; k++) picks[k] = k;
        return remap(five_high(cards, picks, n, line, line_len, soko_hands), codes);
    }
    int64_t best = 0;
    for (picks[0] = 0; picks[0] < n; picks[0]++)
        for (picks[1] = picks[0] + 1; picks[1] < n; picks[1]++)
            for (picks[2] = picks[1] + 1; picks[2] < n; picks[2]++)
                for (picks[3] = picks[2] + 1; picks[3] < n; picks[3]++)
                    for (picks[4] = picks[3] + 1; picks[4] < n; picks[4]++)
                        best = max64(best, remap(five_high(cards, picks, 5, line, line_len,
                                                           soko_hands),
                                                 codes));
    return best;
}

static int64_t razz_high_value(const int *counts) {
    int64_t packed;
    int code = groups(counts, &packed);
    int64_t category;
    if (code == 1)
        category = 6 + ((packed >> 16) - 1);
    else if (code == 2)
        category = 5;
    else if (code == 3)
        category = 4;
    else if (code == 4)
        category = 3;
    else if (code == 7)
        category = 2;
    else
        category = 1;
    return category << SHIFT | packed;
}

/* Razz high: ace-to-five ranks, unpaired beats paired, and the higher hand wins within a
 * category. */
static int64_t razz_high(const uint8_t *cards, int n) {
    int counts[13] = {0};
    for (int k = 0; k < n; k++) counts[position(cards[k] >> 2, 1)]++;
    int distinct = 0;
    for (int p = 0; p < 13; p++) distinct += counts[p] != 0;
    if (distinct >= 5 || n <= 5) {
        int chosen[13] = {0};
        if (distinct >= 5) {
            int taken = 0;
            for (int p = 12; p >= 0; p--)
                if (counts[p] && taken < 5) {
                    chosen[p] = 1;
                    taken++;
                }
        } else {
            for (int p = 0; p < 13; p++) chosen[p] = counts[p];
        }
        return razz_high_value(chosen);
    }
    int present[13], kinds = 0;
    for (int p = 0; p < 13; p++)
        if (counts[p]) present[kinds++] = p;
    int64_t best = 0;
    int pick[5];
    /* fewer than five ranks in six to eight cards: every way to keep five of them */
    for (pick[0] = 0; pick[0] < kinds; pick[0]++)
        for (pick[1] = pick[0]; pick[1] < kinds; pick[1]++)
            for (pick[2] = pick[1]; pick[2] < kinds; pick[2]++)
                for (pick[3] = pick[2]; pick[3] < kinds; pick[3]++)
                    for (pick[4] = pick[3]; pick[4] < kinds; pick[4]++) {
                        int trial[13] = {0}, fits = 1;
                        for (int i = 0; i < 5; i++) trial[present[pick[i]]]++;
                        for (int p = 0; p < 13; p++) fits &= trial[p] <= counts[p];
                        if (fits) best = max64(best, razz_high_value(trial));
                    }
    return best;
}

/* The best two cards for high: a pair beats two unpaired cards. */
static int64_t two_card_high(const uint8_t *cards, int n) {
    int seen = 0, paired = 0; /* the ranks held, and held twice or more, a bit each */
    for (int k = 0; k < n; k++) {
        int bit = 1 << (cards[k] >> 2);
        paired |= seen & bit;
        seen |= bit;
    }
    if (paired) return (int64_t)2 << SHIFT | (int64_t)(32 - __builtin_clz(paired)) << 16;
    if (!seen) return (int64_t)1 << SHIFT;
    int top = 31 - __builtin_clz(seen), rest = seen & ~(1 << top);
    int64_t packed = (int64_t)(top + 1) << 16;
    if (rest) packed |= (int64_t)(32 - __builtin_clz(rest)) << 12;
    return (int64_t)1 << SHIFT | packed;
}

/* The best two cards for ace-to-five low: unpaired beats a pair, the lower top card wins. */
static int64_t two_card_a5(const uint8_t *cards, int n) {
    int counts[13] = {0};
    for (int k = 0; k < n; k++) counts[position(cards[k] >> 2, 1)]++;
    int low = -1, second = -1;
    for (int p = 0; p < 13; p++) {
        if (!counts[p]) continue;
        if (low < 0)
            low = p;
        else if (second < 0)
            second = p;
    }
    int64_t top = (int64_t)(low + 1) << 16;
    if (second < 0 && counts[low] >= 2) return (int64_t)1 << SHIFT | (PACKED - top);
    if (second < 0) return (int64_t)(14 - low) << SHIFT | (PACKED - top);
    int64_t packed = (int64_t)(second + 1) << 16 | (int64_t)(low + 1) << 12;
    return (int64_t)(14 - second) << SHIFT | (PACKED - packed);
}

int64_t sk_special(int kind, const uint8_t *cards, int count) {
    switch (kind) {
    case SK_SPECIAL_BADUGI:
        return badugi(cards, count, 0);
    case SK_SPECIAL_BADUGI_ACE_HIGH:
        return badugi(cards, count, 1);
    case SK_SPECIAL_SOKO:
        return best_of_fives(cards, count, HIGH_LINE, 14, 1, SOKO_CODES);
    case SK_SPECIAL_MEXICAN:
        return best_of_fives(cards, count, MEXICAN_LINE, 11, 0, MEXICAN_CODES);
    case SK_SPECIAL_RAZZ_HIGH:
        return razz_high(cards, count);
    case SK_SPECIAL_TWO_CARD_HIGH:
        return two_card_high(cards, count);
    case SK_SPECIAL_TWO_CARD_A5:
        return two_card_a5(cards, count);
    default:
        return 0;
    }
}
