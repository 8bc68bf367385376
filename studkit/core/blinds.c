/* Blinds: forced bets posted before the deal by the two players on the dealer's left.
 *
 * The big blind is a live bet the others must call; the first player after it acts first,
 * and it may raise when the others only call. In fixed limit a big blind of one small bet is
 * a full bet; a smaller one is like a bring-in, and the first raise completes to the small
 * bet. In spread, pot and no limit the smallest raise is the big blind. */
#include "core.h"

void sk_post_blinds(const sk_rules *r, sk_hand *h, sk_log *log) {
    int posted = 0;
    for (int k = 0; k < h->n && posted < 2; k++) {
        int s = h->order[k];
        if (h->stack[s] <= 0) continue;
        int64_t blind = posted == 0 ? r->small_blind : r->big_blind;
        int64_t put = blind < h->stack[s] ? blind : h->stack[s];
        h->stack[s] -= put;
        sk_stack_changed(h, s);
        h->bets[s] += put;
        h->contrib[s] += put;
        if (posted == 1) h->big_blind_seat = s;
        sk_emit(log, SK_EV_BLIND, s, posted, put, 0);
        posted++;
    }
}

int sk_open_blind_round(const sk_rules *r, sk_hand *h) {
    int big = h->big_blind_seat;
    if (big < 0) return 0;
    int64_t top = 0;
    for (int s = 0; s < h->n; s++)
        if (h->bets[s] > top) top = h->bets[s];
    h->bet = top;
    if (r->structure == SK_FIXED_LIMIT && top < h->size) {
        h->posted = top; /* below the small bet: the first raise completes */
    } else {
        h->last_full = top;
        h->increment = r->big_blind;
        h->raises = 1;
    }
    int s = sk_first_from(h->to_act, sk_next_seat(big, h->n)); /* the first after the big blind */
    if (s < 0) return 0;
    h->leader = s;
    h->actor = s;
    h->phase = SK_PHASE_BET;
    return 1;
}
