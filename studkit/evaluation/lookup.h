/* The built-in evaluators' table lookups in C (the batch kernel's; the same strengths
 * studkit.evaluation.Evaluator gives).
 *
 * A card's packed value (studkit/evaluation/packing.py) summed over a hand names its rank
 * multiset, whose strength is one lookup (through the dense multiset index, a row of the
 * rank tables), and a suit with five or more cards is looked up in the ranking's flush
 * table. The tables are built in Python (studkit.evaluation.lookup_tables) and passed in. */
#ifndef STUDKIT_EVALUATION_LOOKUP_H
#define STUDKIT_EVALUATION_LOOKUP_H

#include <stdint.h>

#define SK_SUIT_SHIFT 42
#define SK_RANK_MASK ((INT64_C(1) << 31) - 1)
#define SK_LO_MASK ((INT64_C(1) << 17) - 1)
#define SK_SUIT_START (INT64_C(3) << 42 | INT64_C(3) << 46 | INT64_C(3) << 50 | INT64_C(3) << 54)
#define SK_FLUSH_BITS (INT64_C(8) << 42 | INT64_C(8) << 46 | INT64_C(8) << 50 | INT64_C(8) << 54)
#define SK_BY_HI 78125 /* 5 ** 7: where the high ranks' part of the multiset index starts */

/* how an evaluator uses the flush table */
enum { SK_MODE_RANKS = 0, SK_MODE_HIGH = 1, SK_MODE_LOW_FLUSH = 2 };

typedef struct sk_tables {
    const int64_t *values;  /* per card 0-51: its packed value */
    const int64_t *modes;   /* per evaluator: SK_MODE_* */
    const int32_t *by_row;  /* per evaluator a row of strengths; row `index_row` the index */
    int64_t width;          /* a row's length */
    int64_t index_row;
    const int32_t *flush;   /* per evaluator, 8192 entries: by a suit's 13-bit rank set */
} sk_tables;

/* One evaluator's lookup of rank multisets, its rows found once for many hands. */
typedef struct sk_ranker {
    const int32_t *index;     /* the multiset index (row index_row of by_row) */
    const int32_t *strengths; /* the evaluator's row of strengths */
    int64_t mode;             /* SK_MODE_*: whether a flush counts */
} sk_ranker;

static inline sk_ranker sk_ranker_of(const sk_tables *t, int ev) {
    sk_ranker k = {t->by_row + t->index_row * t->width, t->by_row + ev * t->width, t->modes[ev]};
    return k;
}

/* The strength of the rank multiset that cards whose packed values sum to `total` (from
 * SK_SUIT_START) hold: one lookup through the multiset index. */
static inline int64_t sk_ranks_strength(const sk_ranker *k, int64_t total) {
    int64_t rank = total & SK_RANK_MASK;
    int64_t row = (int64_t)k->index[rank & SK_LO_MASK] + k->index[SK_BY_HI + (rank >> 17)];
    return k->strengths[row];
}

/* sk_rank_strength by a ranker. */
static inline int64_t sk_rank(const sk_ranker *k, int64_t values, int count) {
    if (count == 0) return 0;
    int64_t total = SK_SUIT_START + values;
    if (total & SK_FLUSH_BITS && k->mode) return -1;
    return sk_ranks_strength(k, total);
}

/* The strength of `count` cards (1 to 8) for evaluator `ev`. */
int64_t sk_evaluate(const sk_tables *t, const uint8_t *cards, int count, int ev);
/* The strength of `count` cards whose packed values sum to `values`, or -1 when a suit holds
 * five of them and the evaluator counts flushes (then sk_evaluate must see the cards). */
int64_t sk_rank_strength(const sk_tables *t, int64_t values, int count, int ev);
/* The cards the best hand plays (the first five-card combination, in order, with the hand's
 * strength; all of them below five) into `out`; how many (0: the hand scores nothing). */
int sk_best_five(const sk_tables *t, const uint8_t *cards, int count, int ev, uint8_t *out);

#endif
