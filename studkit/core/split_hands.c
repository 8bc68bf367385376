/* Separate hands (Outhouse), the rule a plugin hands over as data
 * (studkit.hooks.kernel_rules.SplitRule; the general engine plays it through the plugin's own
 * hooks, plugins/split_hands.py): before the deal of the split street each live seat sets its
 * cards into a big and a small hand, among the splits the rule allows (at least min_down
 * down cards in each hand, the big hand above the small one in the pai gow order where any
 * split puts it there); the pot shares of each hand rank it at the showdown, and a player who
 * made no split plays the first allowed one. */
#include <string.h>

#include "game.h"


/* The pai gow order: whether `big` ranks above `small` (jokers pair nothing). The big hand's
 * ranks as bit sets: held, held twice or more, three times or more. */
static int big_beats_small(const uint8_t *big, int nbig, const uint8_t *small, int nsmall) {
    int seen = 0, two = 0, three = 0, suits = 0, nranks = 0;
    for (int i = 0; i < nbig; i++) {
        if (big[i] >= 52) continue;
        int bit = 1 << (big[i] >> 2);
        three |= two & bit;
        two |= seen & bit;
        nranks += !(seen & bit);
        seen |= bit;
        suits |= 1 << (big[i] & 3);
    }
    int low[SK_SPLIT_MOST], nlow = 0; /* the small hand's ranks, high to low */
    for (int i = 0; i < nsmall; i++) {
        if (small[i] >= 52) continue;
        int rank = small[i] >> 2, at = nlow++;
        while (at > 0 && low[at - 1] < rank) {
            low[at] = low[at - 1];
            at--;
        }
        low[at] = rank;
    }
    int small_pair = nlow == 2 && low[0] == low[1];
    if ((two & (two - 1)) || three) return 1; /* two pairs or more, or three of a kind */
    if (two) return !small_pair || 31 - __builtin_clz(two) > low[0];
    int wheel = seen == (1 << 12 | 0xF);
    if (nbig == 5 && nranks == 5 &&
        ((suits & (suits - 1)) == 0 || 31 - __builtin_clz(seen) - __builtin_ctz(seen) == 4 ||
         wheel))
        return 1; /* a straight or a flush */
    if (small_pair) return 0;
    for (int i = 0, left = seen; i < nlow; i++) { /* the top cards, compared as lists */
        if (left == 0) return 0;
        int top = 31 - __builtin_clz(left);
        if (top != low[i]) return top > low[i];
        left &= ~(1 << top);
    }
    return 1;
}

/* The allowed small hands of the seat's cards, in the plugin's order (combinations of the
 * cards sorted by number), into `out` (k->split_small cards each), the first `most` of them
 * at most, and each one's big hand into `bigs` (k->split_big cards; NULL: not wanted); how
 * many. */
int sk_allowed_splits(const sk_game *k, const uint8_t *down, int ndown, const uint8_t *up,
                          int nup, uint8_t out[][SK_SPLIT_MOST], uint8_t bigs[][SK_CARDS],
                          int most) {
    int n = ndown + nup, small = k->split_small;
    if (n != k->split_big + small || n > SK_CARDS) return 0;
    uint8_t cards[SK_CARDS], hidden[SK_CARDS];
    for (int i = 0; i < n; i++) { /* sorted, each marked down or up */
        int card = i < ndown ? down[i] : up[i - ndown], at = i;
        while (at > 0 && cards[at - 1] > card) {
            cards[at] = cards[at - 1];
            hidden[at] = hidden[at - 1];
            at--;
        }
        cards[at] = (uint8_t)card;
        hidden[at] = i < ndown;
    }
    int pick[SK_SPLIT_MOST], fair = 0, ordered = 0;
    uint8_t fair_out[SK_SPLITS][SK_SPLIT_MOST], fair_big[SK_SPLITS][SK_CARDS];
    for (int i = 0; i < small; i++) pick[i] = i;
    while (1) {
        uint8_t in_small[SK_SPLIT_MOST] = {0}, in_big[SK_CARDS] = {0};
        int down_small = 0, nbig = 0, at = 0;
        for (int i = 0; i < n; i++) {
            if (at < small && pick[at] == i) {
                in_small[at++] = cards[i];
                down_small += hidden[i];
            } else {
                in_big[nbig++] = cards[i];
            }
        }
        if (down_small >= k->split_min_down && ndown - down_small >= k->split_min_down &&
            fair < SK_SPLITS) {
            /* whole rows (a fixed size: no call), of which the first cards are the hand's */
            if (k->split_ordered && !ordered) { /* kept in case no split is ordered */
                memcpy(fair_out[fair], in_small, SK_SPLIT_MOST);
                if (bigs != NULL) memcpy(fair_big[fair], in_big, SK_CARDS);
            }
            fair++;
            if (!k->split_ordered || big_beats_small(in_big, nbig, in_small, small)) {
                if (bigs != NULL) memcpy(bigs[ordered], in_big, SK_CARDS);
                memcpy(out[ordered++], in_small, SK_SPLIT_MOST);
                if (ordered == most) return ordered; /* enough: the rest cannot come first */
            }
        }
        int i = small - 1; /* the next combination */
        while (i >= 0 && pick[i] == n - small + i) i--;
        if (i < 0) break;
        pick[i]++;
        for (int j = i + 1; j < small; j++) pick[j] = pick[j - 1] + 1;
    }
    if (ordered || !k->split_ordered) return ordered;
    if (fair > most) fair = most;
    memcpy(out, fair_out, (size_t)fair * SK_SPLIT_MOST);
    if (bigs != NULL) memcpy(bigs, fair_big, (size_t)fair * SK_CARDS);
    return fair;
}

/* The strength of the `count` cards of `part` by evaluator `ev`, no card wild. */
int64_t sk_part_strength(const sk_game *k, int ev, const uint8_t *part, int count) {
    static const sk_wild_ranking natural = {0};
    return sk_evaluate_many(&k->tables, ev, &natural, part, count);
}

/* The big hand: the cards not in `small`. */
static int big_of(const uint8_t *down, int ndown, const uint8_t *up, int nup,
                  const uint8_t *small, int nsmall, uint8_t *out) {
    int count = 0;
    for (int i = 0; i < ndown + nup; i++) {
        uint8_t card = i < ndown ? down[i] : up[i - ndown];
        int in_small = 0;
        for (int j = 0; j < nsmall; j++) in_small |= small[j] == card;
        if (!in_small) out[count++] = card;
    }
    return count;
}

int64_t sk_split_strength(const sk_game *k, int x, const uint8_t *down, int ndown,
                          const uint8_t *up, int nup, const uint8_t *small) {
    uint8_t first[1][SK_SPLIT_MOST], last[SK_SPLIT_MOST], big[SK_CARDS];
    int nsmall = k->split_small;
    if (small == NULL) { /* no split made: the first allowed one, else the last cards */
        if (sk_allowed_splits(k, down, ndown, up, nup, first, NULL, 1) > 0) {
            small = first[0];
        } else {
            int n = ndown + nup;
            if (nsmall > n) nsmall = n;
            for (int i = 0; i < nsmall; i++) {
                int c = n - nsmall + i;
                last[i] = c < ndown ? down[c] : up[c - ndown];
            }
            small = last;
        }
    }
    if (k->split_part[x] == SK_SPLIT_SMALL_HAND)
        return sk_part_strength(k, k->share_evaluator[x], small, nsmall);
    int nbig = big_of(down, ndown, up, nup, small, nsmall, big);
    return sk_part_strength(k, k->share_evaluator[x], big, nbig);
}
