/* Wild cards in the built-in evaluators' table lookups, in C (the batch kernel's; the same
 * strengths studkit.evaluation gives a hand with wild ranks).
 *
 * A wild card's packed value counts it in a field of its own and nowhere else
 * (studkit.evaluation.wildtables.card_values), so the natural cards' sum still names their
 * rank multiset. The combined table of a ranking holds, per number of wild cards, the best
 * strength of each multiset completed by that many wild cards (five of a kind included where
 * the variant allows it); a high ranking's flushes are then looked up per suit, from the
 * suit's natural ranks and the wild cards that fill it. The tables are built in Python
 * (studkit.evaluation.wildtables.WildLayout) and passed in. */
#ifndef STUDKIT_EVALUATION_WILD_LOOKUP_H
#define STUDKIT_EVALUATION_WILD_LOOKUP_H

#include <stddef.h>
#include <stdint.h>

#include "lookup.h"

#define SK_COUNT_SHIFT 31
#define SK_WILD_SHIFT 35
#define SK_BUG_SHIFT 39
#define SK_MOST_CARDS 8 /* the most cards the tables rank */
#define SK_SUIT_RANKS 8192 /* a flush fill table's row: one entry per set of a suit's ranks */

/* One ranking's wild-card tables. */
typedef struct sk_wild_ranking {
    const int64_t *values; /* per card 0-53: its packed value, wild cards in the wild field
                            * and bugs in the bug field */
    const int64_t *table; /* layer (wilds * bugs + bug cards) * rows + multiset row; NULL:
                           * nothing is wild */
    const int64_t *fill;  /* high rankings: [fillers][a suit's natural ranks]; else NULL */
    int64_t rows;         /* multiset rows per layer */
    int bugs;             /* layers per number of wild cards */
    /* a special ranking's wild cards, each tried as every card it may stand for
     * (special_wild.h): the wild ranks, a bit each; the jokers (SK_SPECIAL_JOKERS_*); the
     * categories in which the bug stands for any card, a bit each; the five-of-a-kind
     * category (0: none) */
    int special_ranks;
    int special_jokers;
    int64_t bug_any;
    int five_kind;
} sk_wild_ranking;

/* The strength of `count` cards by the ranking's wild-card tables; -1 when nothing is wild,
 * or they hold no wild card or bug, or too many cards (the plain tables rank them). `index`
 * is the multiset index (the tables' row index_row). */
static inline int64_t sk_wild_strength(const sk_wild_ranking *w, const int32_t *index,
                                       const uint8_t *cards, int count) {
    if (w->table == NULL) return -1;
    const int64_t *values = w->values;
    int64_t total = SK_SUIT_START;
    for (int i = 0; i < count; i++) total += values[cards[i]];
    int64_t wilds = total >> SK_WILD_SHIFT & 15, bugs = total >> SK_BUG_SHIFT & 7;
    if (!wilds && !bugs) return -1;
    if ((total >> SK_COUNT_SHIFT & 15) + wilds + bugs > SK_MOST_CARDS) return -1;
    int64_t rank = total & SK_RANK_MASK;
    int64_t row = (int64_t)index[rank & SK_LO_MASK] + index[SK_BY_HI + (rank >> 17)];
    int64_t best = w->table[(wilds * w->bugs + bugs) * w->rows + row];
    if (w->fill == NULL) return best;
    int64_t fillers = wilds + bugs;
    for (int suit = 0; suit < 4; suit++) {
        if ((total >> (SK_SUIT_SHIFT + 4 * suit) & 15) - 3 + fillers < 5) continue;
        int mask = 0; /* the suit's natural ranks */
        for (int i = 0; i < count; i++)
            if ((cards[i] & 3) == suit && values[cards[i]] >> SK_COUNT_SHIFT & 15)
                mask |= 1 << (cards[i] >> 2);
        int64_t flush = w->fill[fillers * SK_SUIT_RANKS + mask];
        if (flush > best) best = flush;
    }
    return best;
}

#endif
