/* A new hand: the seats from the dealer's left, the antes, the blinds, the first street. */
#include <stddef.h>
#include <string.h>

#include "core.h"

void sk_begin(const sk_rules *r, sk_hand *h, sk_log *log, int n, int button,
              const int64_t *stacks) {
    /* every number and per-seat array zero; the lists after them are empty by their counts
     * (what an earlier hand left there is never read) */
    memset(h, 0, offsetof(sk_hand, SK_HAND_LISTS));
    h->n = n;
    h->button = button;
    for (int k = 0, s = button % n; k < n; k++) {
        s = sk_next_seat(s, n);
        h->order[k] = (int8_t)s;
    }
    h->street = -1;
    h->actor = -1;
    h->choice = -1;
    h->n_in = n;
    h->live = SK_BIT(n) - 1;
    h->leader = -1;
    h->big_blind_seat = -1;
    h->forced = -1;
    h->bring_in_seat = -1;
    memset(h->board_leader, -1, sizeof h->board_leader);
    h->aggressor = -1;
    h->last_checker = -1;
    h->npots = -1;
    h->big_made = 0;
    h->size = r->big_bet;
    h->max_bet = r->round_min;
    h->players = n;
    for (int s = 0; s < n; s++) {
        h->stack[s] = stacks[s];
        sk_stack_changed(h, s);
    }
    int64_t ante = r->ante;
    if (ante > 0) {
        /* every seat antes from the dealer's left; one short of it is all in for what it has */
        for (int k = 0; k < n; k++) {
            int s = h->order[k];
            int64_t amount = ante < h->stack[s] ? ante : h->stack[s];
            h->stack[s] -= amount;
            sk_stack_changed(h, s);
            h->contrib[s] += amount;
            sk_emit(log, SK_EV_ANTE, s, 0, amount, 0);
        }
    }
    if (r->big_blind > 0) sk_post_blinds(r, h, log);
    sk_next_street(r, h, log);
}
