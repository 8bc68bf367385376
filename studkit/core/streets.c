/* The streets in turn: each street's deal (the burn, each round of cards to every live player
 * from the dealer's left, the board cards, or what the deck-exhaustion rules say when the
 * stub is short), then its betting round, then the next street or the showdown. */
#include "core.h"

static int live_players(const sk_hand *h) {
    int live = 0;
    for (int s = 0; s < h->n; s++) live += !h->folded[s];
    return live;
}

void sk_next_street(const sk_rules *r, sk_hand *h, sk_log *log) {
    if (r->hooks && h->street >= 0 && !h->hook_done) {
        h->phase = SK_PHASE_BETWEEN_STREETS; /* a twist or declare round first */
        h->actor = -1;
        return;
    }
    h->hook_done = 0;
    h->street++;
    if (h->street == r->streets) {
        h->npots = sk_build_pots(h->n, h->contrib, h->folded, h->dead, h->pot_amount,
                                 h->pot_eligible);
        h->phase = SK_PHASE_SHOWDOWN;
        h->actor = -1;
        return;
    }
    int st = h->street;
    sk_emit(log, SK_EV_STREET, -1, st, 0, 0);
    h->need = r->street_rounds[st] * live_players(h) + (r->street_burn[st] ? 1 : 0) +
              r->street_board[st];
    h->phase = SK_PHASE_DEAL;
    h->actor = -1;
}

/* Whether round `k`'s card goes to `seat` face up: as the street says, or, for a card dealt
 * up unless the player holds no down card, up when the seat holds one (`downs` counts each
 * seat's down cards as the street is planned). */
static int face(const sk_rules *r, int st, int k, int seat, int *downs) {
    int up = r->street_faces[st] >> k & 1;
    int rolled = r->street_rolled[st];
    if (!rolled) return up;
    if (!(rolled >> k & 1)) {
        downs[seat] += !up;
        return up;
    }
    if (downs[seat] > 0) return 1;
    downs[seat] += 1; /* the card goes down: the seat now holds one */
    return 0;
}

static void due(sk_hand *h, int seat, int up) {
    h->due_seat[h->ndue] = (int8_t)seat;
    h->due_up[h->ndue] = (int8_t)up;
    h->ndue++;
}

int sk_deal(const sk_rules *r, sk_hand *h, sk_log *log, int stub, int policy) {
    if (h->phase != SK_PHASE_DEAL) return SK_ERROR_PHASE;
    int st = h->street;
    int burn = r->street_burn[st] ? 1 : 0;
    int rounds = r->street_rounds[st];
    int board = r->street_board[st];
    int live = live_players(h);
    int community = 0;
    h->restock_burned = h->restock_folded = 0;
    if (stub < h->need) {
        if (policy < 0)
            policy = (r->reshuffle_burns ? SK_POLICY_RESHUFFLE_BURNS : 0) |
                     (r->reuse_folded ? SK_POLICY_REUSE_FOLDED : 0) |
                     (r->community_card ? SK_POLICY_COMMUNITY_CARD : 0);
        int error = sk_plan_short_street(h, policy, stub, live, &burn, &rounds, &community);
        if (error) {
            h->error = error;
            return error;
        }
    }
    if (burn + rounds * live + community + board > SK_DUE) return SK_ERROR_TOO_MANY_CARDS;
    h->ndue = 0;
    h->next_due = 0;
    if (burn) due(h, SK_TO_BURN, 0);
    int downs[SK_SEATS];
    for (int s = 0; s < h->n; s++) downs[s] = h->ndown[s];
    for (int k = 0; k < rounds; k++)
        for (int i = 0; i < h->n; i++) {
            int s = h->order[i];
            if (!h->folded[s]) due(h, s, face(r, st, k, s, downs));
        }
    for (int k = 0; k < community + board; k++) due(h, SK_TO_BOARD, 1);
    h->after_cards = SK_PHASE_AFTER_DEAL;
    if (h->restock_burned + h->restock_folded) {
        h->phase = SK_PHASE_RESTOCK;
        return SK_OK;
    }
    return sk_restocked(r, h, log);
}

int sk_restocked(const sk_rules *r, sk_hand *h, sk_log *log) {
    if (h->phase != SK_PHASE_RESTOCK && h->phase != SK_PHASE_DEAL) return SK_ERROR_PHASE;
    h->restock_burned = h->restock_folded = 0;
    if (h->next_due < h->ndue) {
        h->phase = SK_PHASE_CARDS;
        return SK_OK;
    }
    sk_after_deal(r, h, log);
    return SK_OK;
}

int sk_give(const sk_rules *r, sk_hand *h, int seat, int up) {
    (void)r;
    if (seat < 0 || seat >= h->n || h->folded[seat]) return SK_ERROR_SEAT;
    if (h->phase != SK_PHASE_CARDS) {
        h->after_cards = h->phase;
        h->ndue = h->next_due = 0;
        h->phase = SK_PHASE_CARDS;
    }
    if (h->ndue == SK_DUE) return SK_ERROR_TOO_MANY_CARDS;
    due(h, seat, up);
    return SK_OK;
}

int sk_place(const sk_rules *r, sk_hand *h, sk_log *log, int card) {
    if (h->phase != SK_PHASE_CARDS) return SK_ERROR_PHASE;
    int seat = h->due_seat[h->next_due];
    int up = h->due_up[h->next_due];
    if (seat >= 0) {
        int count = h->ncards[seat];
        if (count == SK_CARDS) return SK_ERROR_TOO_MANY_CARDS;
        SK_CARD(h, seat, count) = (uint8_t)card;
        h->ncards[seat] = (int8_t)(count + 1);
        if (up) {
            SK_UP(h, seat, h->nup[seat]) = (uint8_t)card;
            h->nup[seat]++;
        } else {
            SK_DOWN(h, seat, h->ndown[seat]) = (uint8_t)card;
            h->ndown[seat]++;
        }
        sk_emit(log, SK_EV_DEAL, seat, up, card, 0);
    } else if (seat == SK_TO_BURN) {
        if (h->nburned == SK_BURNS) return SK_ERROR_TOO_MANY_CARDS;
        h->burned[h->nburned++] = (uint8_t)card;
        sk_emit(log, SK_EV_BURN, -1, 0, card, 0);
    } else {
        if (h->ncommunity == SK_BOARD) return SK_ERROR_TOO_MANY_CARDS;
        h->community[h->ncommunity++] = (uint8_t)card;
        sk_emit(log, SK_EV_COMMUNITY, -1, 0, card, 0);
    }
    h->next_due++;
    if (h->next_due < h->ndue) return SK_OK;
    h->ndue = h->next_due = 0;
    int after = h->after_cards;
    if (after == SK_PHASE_AFTER_DEAL) {
        sk_after_deal(r, h, log);
    } else {
        h->phase = after; /* a plugin's card: back to the hook that gave it */
    }
    return SK_OK;
}

void sk_after_deal(const sk_rules *r, sk_hand *h, sk_log *log) {
    if (r->hooks && !h->hook_done) {
        h->phase = SK_PHASE_AFTER_DEAL; /* the plugins see the cards first */
        h->actor = -1;
        return;
    }
    h->hook_done = 0;
    if (r->street_betting[h->street] && sk_start_round(r, h, log)) return;
    if (!h->exposed && h->n_in >= 2 && sk_active(h) < 2) sk_expose(r, h, log);
    sk_next_street(r, h, log);
}
