/* The four betting structures: to what totals the actor may bet or raise (before its stack),
 * and whether an aggressive action is a full bet or raise that reopens the betting.
 *
 * Fixed limit: one bet of the street's size (small or big); with the open-pair option a
 * small or a big one, and after a big one big steps only. A short all-in is a full raise
 * from half a bet (half_bet) or always (short_full), else it does not reopen the betting.
 * Spread limit: any bet within the spread; a raise at least the previous raise.
 * Pot limit: at least the last full raise, at most the pot after calling.
 * No limit: at least the last full bet or raise, up to all the chips; short all-ins that add
 * up to a full raise reopen the betting.
 * The raise cap (max_raises) holds in the limit structures, lifted heads-up as `uncap` says. */
#include "core.h"

int sk_targets(const sk_rules *r, const sk_hand *h, int64_t to_call, int64_t pot,
               int64_t *lo, int64_t *hi) {
    int64_t base = h->last_full;
    switch (r->structure) {
    case SK_FIXED_LIMIT:
        if (h->big_made) {
            lo[0] = hi[0] = base + r->big_bet;
            return 1;
        }
        lo[0] = hi[0] = base + h->size;
        if (h->open_pair && r->big_bet != h->size) {
            lo[1] = hi[1] = base + r->big_bet;
            return 2;
        }
        return 1;
    case SK_SPREAD_LIMIT: {
        int64_t step = h->increment > r->round_min ? h->increment : r->round_min;
        int64_t low = base + step;
        if (low <= h->bet) low = h->bet + 1;
        int64_t high = base + h->max_bet;
        lo[0] = low;
        hi[0] = high > low ? high : low;
        return 1;
    }
    case SK_POT_LIMIT: {
        int64_t low = h->bet + h->increment;
        int64_t high = h->bet + pot + to_call;
        lo[0] = low;
        hi[0] = high > low ? high : low;
        return 1;
    }
    default:
        lo[0] = h->bet + h->increment;
        hi[0] = SK_NO_LIMIT_TOP;
        return 1;
    }
}

int sk_forced_targets(const sk_rules *r, const sk_hand *h, int64_t pot, int64_t *lo,
                      int64_t *hi) {
    if (r->completes) return sk_targets(r, h, 0, pot, lo, hi);
    /* pot and no limit: open for at least twice the bring-in */
    int64_t low = 2 * r->bring_in;
    int64_t high = r->structure == SK_NO_LIMIT ? SK_NO_LIMIT_TOP : pot;
    lo[0] = low;
    hi[0] = high > low ? high : low;
    return 1;
}

int sk_record(const sk_rules *r, sk_hand *h, int64_t to) {
    int64_t base = h->last_full;
    switch (r->structure) {
    case SK_FIXED_LIMIT: {
        int64_t step = h->big_made ? r->big_bet : h->size;
        if (to - base >= step) {
            if (h->open_pair && to - base >= r->big_bet) {
                h->big_made = 1;
                h->open_pair_taken |= SK_BIT(h->street);
            }
            h->last_full = to;
            return 1;
        }
        int64_t measured = to - (h->posted > base ? h->posted : base);
        if (r->short_full || (r->half_bet && 2 * measured >= step)) {
            h->last_full = to;
            return 1;
        }
        return 0;
    }
    case SK_SPREAD_LIMIT: {
        int64_t step = h->increment > r->round_min ? h->increment : r->round_min;
        if (to - base >= step) {
            h->increment = to - base;
            h->last_full = to;
            return 1;
        }
        return 0;
    }
    default:
        if (to - h->bet >= h->increment) {
            h->increment = to - h->bet;
            h->last_full = to;
            return 1;
        }
        if (to - base >= h->increment) {
            h->last_full = to;
            return 1;
        }
        return 0;
    }
}

int sk_uncapped(const sk_rules *r, const sk_hand *h) {
    switch (r->uncap) {
    case SK_UNCAP_IF_HEADS_UP_BEFORE_CAP:
        return h->n_in == 2 && !h->capped_multi;
    case SK_UNCAP_IF_ROUND_BEGAN_HEADS_UP:
        return h->players == 2;
    default:
        return 0;
    }
}
