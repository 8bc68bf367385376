/* Who opens a street's betting without a bring-in: the first live player on the dealer's
 * left where the round opens by seat; last street's leader when no card was dealt face up
 * (the boards are as they were), or after a community card where the rules say so; else the
 * best showing hand, ties by position (closest to the dealer's left) or by the highest card
 * by suit. The showing hands' values come from the driver's evaluator (SK_PHASE_SHOWING). */
#include "core.h"

int sk_street_leader(const sk_rules *r, const sk_hand *h) {
    int st = h->street;
    int previous = h->leader;
    if (r->street_by_position[st]) {
        for (int k = 0; k < h->n; k++)
            if (!h->folded[h->order[k]]) return h->order[k];
    }
    if (previous >= 0 && !r->street_faces_up[st] && !h->folded[previous] && st > 0 &&
        h->ncommunity == 0)
        return previous;
    if (h->ncommunity > 0 && r->community_previous_leader && previous >= 0 &&
        !h->folded[previous])
        return previous;
    return -1;
}

static int suit_key(const sk_rules *r, const sk_hand *h, int seat, int with_board) {
    int best = -1;
    for (int i = 0; i < h->nup[seat]; i++) {
        int k = r->tie_key[SK_UP(h, seat, i)];
        if (k > best) best = k;
    }
    if (with_board)
        for (int i = 0; i < h->ncommunity; i++) {
            int k = r->tie_key[h->community[i]];
            if (k > best) best = k;
        }
    return best;
}

int sk_best_board(const sk_rules *r, const sk_hand *h, const int64_t *values) {
    int64_t best = -1;
    int leader = -1;
    for (int k = 0; k < h->n; k++) {
        int s = h->order[k];
        if (h->folded[s]) continue;
        int64_t value = values[s];
        if (value > best) {
            best = value;
            leader = s;
        } else if (value == best && r->suit_tie_break) {
            if (suit_key(r, h, s, r->board_in_showing) > suit_key(r, h, leader, r->board_in_showing))
                leader = s;
        }
    }
    return leader;
}

int sk_lead(const sk_rules *r, sk_hand *h, sk_log *log, const int64_t *values) {
    if (h->phase != SK_PHASE_SHOWING) return SK_ERROR_PHASE;
    int leader = sk_best_board(r, h, values);
    h->board_leader[h->street] = (int8_t)leader; /* the tallies' leader of the street */
    sk_open_round(r, h, log, leader);
    return SK_OK;
}
