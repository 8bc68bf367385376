/* The bring-in: the player whose up cards rank lowest (or highest) by the rules' force key
 * (rank, then the deck's suit order, the ace high or low, jokers and wild cards as the
 * variant says) must open, and the short-stack policy when it cannot post it. */
#include "core.h"

static int can_post(const sk_rules *r, int64_t stack) {
    return stack >= r->bring_in || (r->bring_in_partial && stack > 0);
}

int sk_forced_seat(const sk_rules *r, const sk_hand *h) {
    int best = -1;
    int forced = -1;
    for (int k = 0; k < h->n; k++) {
        int s = h->order[k];
        if (h->folded[s]) continue;
        for (int i = 0; i < h->nup[s]; i++) {
            int key = r->force_key[SK_UP(h, s, i)];
            if (key > best) {
                best = key;
                forced = s;
            }
        }
    }
    if (forced < 0) return -1;
    if (can_post(r, h->stack[forced])) return forced;
    /* The player who cannot bring in is passed: the next player clockwise who can does
     * (with the partial policy, a next player short of it posts what it has). */
    int s = forced;
    for (int k = 0; k < h->n - 1; k++) {
        s = sk_next_seat(s, h->n);
        if (!h->folded[s] && can_post(r, h->stack[s])) return s;
    }
    s = forced;
    for (int k = 0; k < h->n - 1; k++) {
        s = sk_next_seat(s, h->n);
        if (!h->folded[s] && h->stack[s] > 0) return s; /* the first who can post part */
    }
    return -1;
}
