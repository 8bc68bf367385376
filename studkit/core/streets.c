/* The streets in turn: each street's deal (the burn, each round of cards to every live player
 * from the dealer's left, the board cards, or what the deck-exhaustion rules say when the
 * stub is short), then its betting round, then the next street or the showdown. */
#include "core.h"

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
    h->need = r->street_rounds[st] * h->n_in + (r->street_burn[st] ? 1 : 0) +
              r->street_board[st];
    h->phase = SK_PHASE_DEAL;
    h->actor = -1;
}

/* The faces of `rounds` rounds to the live seats (`seats`, from the dealer's left) on a
 * street that deals some cards up unless the player holds no down card (`rolled`, a bit
 * per round): such a card is up when the seat holds a down card, and the others as the
 * street says (`faces`); into `up`, round after round. */
static void rolled_faces(const sk_hand *h, int faces, int rolled, int rounds,
                         const int8_t *seats, int nlive, int8_t *up) {
    int downs[SK_SEATS]; /* each seat's down cards, as the street is planned */
    for (int s = 0; s < h->n; s++) downs[s] = h->ndown[s];
    for (int k = 0; k < rounds; k++) {
        int face = faces >> k & 1;
        for (int i = 0; i < nlive; i++, up++) {
            int s = seats[i];
            if (!(rolled >> k & 1)) {
                downs[s] += !face;
                *up = (int8_t)face;
            } else if (downs[s] > 0) {
                *up = 1;
            } else {
                downs[s] += 1; /* the card goes down: the seat now holds one */
                *up = 0;
            }
        }
    }
}

int sk_deal(const sk_rules *r, sk_hand *h, sk_log *log, int stub, int policy) {
    if (h->phase != SK_PHASE_DEAL) return SK_ERROR_PHASE;
    int st = h->street;
    int n = h->n;
    int burn = r->street_burn[st] ? 1 : 0;
    int rounds = r->street_rounds[st];
    int board = r->street_board[st];
    int live = h->n_in;
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
    /* the cards due: the burn, each round to every live player from the dealer's left, the
     * community and board cards */
    int due = 0;
    if (burn) {
        h->due_seat[due] = SK_TO_BURN;
        h->due_up[due++] = 0;
    }
    int8_t seats[SK_SEATS]; /* the live seats from the dealer's left */
    int nlive = 0;
    for (int i = 0; i < n; i++) {
        int s = h->order[i];
        seats[nlive] = (int8_t)s;
        nlive += h->live >> s & 1;
    }
    int faces = r->street_faces[st];
    int rolled = r->street_rolled[st];
    if (rolled) rolled_faces(h, faces, rolled, rounds, seats, nlive, &h->due_up[due]);
    for (int k = 0; k < rounds; k++) {
        int8_t face = (int8_t)(faces >> k & 1);
        for (int i = 0; i < nlive; i++, due++) {
            h->due_seat[due] = seats[i];
            if (!rolled) h->due_up[due] = face;
        }
    }
    for (int k = 0; k < community + board; k++) {
        h->due_seat[due] = SK_TO_BOARD;
        h->due_up[due++] = 1;
    }
    h->ndue = due;
    h->next_due = 0;
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
    h->due_seat[h->ndue] = (int8_t)seat;
    h->due_up[h->ndue] = (int8_t)up;
    h->ndue++;
    return SK_OK;
}

/* `card` to where it is due: to `seat` (`up` or down), to the burn or to the board. */
/* always inlined: the batch kernel places every card through it */
__attribute__((always_inline)) static inline int put(sk_hand *h, sk_log *log, int seat, int up,
                                                     int card) {
    if (seat >= 0) {
        int count = h->ncards[seat];
        if (count == SK_CARDS) return SK_ERROR_TOO_MANY_CARDS;
        int faced = up ? h->nup[seat] : h->ndown[seat];
        h->ncards[seat] = (int8_t)(count + 1);
        SK_CARD(h, seat, count) = (uint8_t)card;
        if (up) {
            h->nup[seat] = (int8_t)(faced + 1);
            SK_UP(h, seat, faced) = (uint8_t)card;
            if (card >= 52) h->jokers_up |= 1 << (card - 52);
        } else {
            h->ndown[seat] = (int8_t)(faced + 1);
            SK_DOWN(h, seat, faced) = (uint8_t)card;
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
    return SK_OK;
}

/* Every card due is dealt: the street goes on, or a plugin's card returns to its hook. */
static void all_placed(const sk_rules *r, sk_hand *h, sk_log *log) {
    h->ndue = h->next_due = 0;
    int after = h->after_cards;
    if (after == SK_PHASE_AFTER_DEAL) {
        sk_after_deal(r, h, log);
    } else {
        h->phase = after; /* a plugin's card: back to the hook that gave it */
    }
}

int sk_place(const sk_rules *r, sk_hand *h, sk_log *log, int card) {
    if (h->phase != SK_PHASE_CARDS) return SK_ERROR_PHASE;
    int next = h->next_due;
    int error = put(h, log, h->due_seat[next], h->due_up[next], card);
    if (error) return error;
    h->next_due = next + 1;
    if (next + 1 == h->ndue) all_placed(r, h, log);
    return SK_OK;
}

int sk_place_all(const sk_rules *r, sk_hand *h, sk_log *log, const uint8_t *cards) {
    if (h->phase != SK_PHASE_CARDS) return SK_ERROR_PHASE;
    int first = h->next_due, last = h->ndue;
    for (int i = first; i < last; i++) {
        int error = put(h, log, h->due_seat[i], h->due_up[i], cards[i - first]);
        if (error) {
            h->next_due = i; /* the cards before it are placed */
            return error;
        }
    }
    all_placed(r, h, log);
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
    if (!h->exposed && h->n_in >= 2 && !sk_betting_open(h)) sk_expose(r, h, log);
    sk_next_street(r, h, log);
}
