/* The built-in evaluators' table lookups (see lookup.h). */
#include "lookup.h"

static inline int64_t rank_lookup(const sk_tables *t, int64_t total, int ev) {
    sk_ranker k = sk_ranker_of(t, ev);
    return sk_ranks_strength(&k, total);
}

static inline int64_t sum(const sk_tables *t, const uint8_t *cards, int count) {
    int64_t total = SK_SUIT_START;
    for (int k = 0; k < count; k++) total += t->values[cards[k]];
    return total;
}

/* The ranks (a 13-bit mask) of the suit holding five or more of the cards. */
static int suited_mask(const uint8_t *cards, int count, int64_t total) {
    int suit = 0;
    while (suit < 4 && !((total >> (SK_SUIT_SHIFT + 4 * suit)) & 8)) suit++;
    int mask = 0;
    for (int k = 0; k < count; k++)
        if ((cards[k] & 3) == suit) mask |= 1 << (cards[k] >> 2);
    return mask;
}

int64_t sk_rank_strength(const sk_tables *t, int64_t values, int count, int ev) {
    sk_ranker k = sk_ranker_of(t, ev);
    return sk_rank(&k, values, count);
}

/* A low-with-flushes evaluator on exactly five cards. */
static int64_t five(const sk_tables *t, const uint8_t *cards, int ev) {
    int64_t total = sum(t, cards, 5);
    if (total & SK_FLUSH_BITS) return t->flush[ev * 8192 + suited_mask(cards, 5, total)];
    return rank_lookup(t, total, ev);
}

int64_t sk_evaluate(const sk_tables *t, const uint8_t *cards, int count, int ev) {
    int64_t total = sum(t, cards, count);
    int64_t strength = rank_lookup(t, total, ev);
    int64_t mode = t->modes[ev];
    if (mode == SK_MODE_RANKS || !(total & SK_FLUSH_BITS)) return strength;
    if (mode == SK_MODE_HIGH) {
        int64_t flush = t->flush[ev * 8192 + suited_mask(cards, count, total)];
        return flush > strength ? flush : strength;
    }
    if (count == 5) return five(t, cards, ev);
    int64_t best = 0; /* a low that counts flushes, of six to eight cards: its best five */
    uint8_t hand[5];
    for (int a = 0; a < count; a++)
        for (int b = a + 1; b < count; b++)
            for (int c = b + 1; c < count; c++)
                for (int d = c + 1; d < count; d++)
                    for (int e = d + 1; e < count; e++) {
                        hand[0] = cards[a], hand[1] = cards[b], hand[2] = cards[c];
                        hand[3] = cards[d], hand[4] = cards[e];
                        int64_t value = five(t, hand, ev);
                        if (value > best) best = value;
                    }
    return best;
}

int sk_best_five(const sk_tables *t, const uint8_t *cards, int count, int ev, uint8_t *out) {
    int64_t strength = sk_evaluate(t, cards, count, ev);
    if (strength == 0) return 0;
    if (count <= 5) {
        for (int k = 0; k < count; k++) out[k] = cards[k];
        return count;
    }
    uint8_t hand[5];
    for (int a = 0; a < count; a++)
        for (int b = a + 1; b < count; b++)
            for (int c = b + 1; c < count; c++)
                for (int d = c + 1; d < count; d++)
                    for (int e = d + 1; e < count; e++) {
                        hand[0] = cards[a], hand[1] = cards[b], hand[2] = cards[c];
                        hand[3] = cards[d], hand[4] = cards[e];
                        if (sk_evaluate(t, hand, 5, ev) == strength) {
                            for (int k = 0; k < 5; k++) out[k] = hand[k];
                            return 5;
                        }
                    }
    return 0;
}
