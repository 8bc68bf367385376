/* Card decisions (stud-family 2.3, 2.5): the flips and discards a street's data asks of every
 * live player, all-in players too, at the hook phases; and the turning up of a street's
 * "choice" cards (roll your own), as a plugin hands it over (sk_expose_requests).
 *
 * At SK_PHASE_AFTER_DEAL a street's flip is asked as its last down card reaches each seat,
 * then its discard made after the deal; at SK_PHASE_BETWEEN_STREETS the discard made after
 * the street's betting (from the player who opened it), then the choices made before the next
 * street's deal: its discard before the deal, or the flip of a street that deals no card.
 * Each request is one decision per card, `count` in a row by the same seat. A street's
 * simultaneous choices (street_choices_hidden) are all made before any is shown: the driver
 * takes them once the step's last decision is made, in the order they were made; others
 * take effect at once. The shipped `flip` and `discard` plugins ask the general engine's
 * players the same (plugins/flip.py, plugins/discard.py); the batch kernel plays them from
 * here. */
#include "core.h"

/* The seats from the dealer's left, live ones only, starting at `first`. */
static int turn_order(const sk_hand *h, int first, int8_t *out) {
    int count = 0;
    for (int i = 0; i < h->n; i++) {
        int s = (first + i) % h->n;
        if (!h->folded[s]) out[count++] = (int8_t)s;
    }
    return count;
}

/* The cards a request of `kind` on `street` asks each seat for, and those it may choose
 * among. */
static int wanted_of(const sk_rules *r, int kind, int street) {
    return kind == SK_CHOICE_FLIP      ? r->street_flip[street]
           : kind == SK_CHOICE_DISCARD ? r->street_discard[street]
                                       : r->street_choice[street];
}

/* The cards a discard may take from the seat. */
static int discardable(const sk_rules *r, const sk_hand *h, int street, int seat) {
    return h->ndown[seat] + (r->street_discard_any[street] ? h->nup[seat] : 0);
}

static int least(int a, int b) { return a < b ? a : b; }

/* One request per seat of `seats` that has a card to choose (`count` at most). */
static int ask(const sk_rules *r, const sk_hand *h, int street, int kind, int hidden,
               const int8_t *seats, int nseats, sk_card_request *out) {
    int asked = 0;
    for (int i = 0; i < nseats; i++) {
        int s = seats[i];
        int have = kind == SK_CHOICE_DISCARD ? discardable(r, h, street, s) : h->ndown[s];
        int wanted = wanted_of(r, kind, street);
        /* an exposure of choice cards needs them all: a seat short of down cards is not asked */
        if (kind == SK_CHOICE_EXPOSE && have < wanted) continue;
        int count = least(wanted, have);
        if (count < 1) continue;
        sk_card_request *q = &out[asked++];
        q->seat = (int8_t)s;
        q->kind = (int8_t)kind;
        q->count = (int8_t)count;
        q->street = (int8_t)street;
        q->optional = (int8_t)(kind == SK_CHOICE_FLIP && r->street_flip_optional[street]);
        q->hidden = (int8_t)hidden;
    }
    return asked;
}

/* The street's own hidden flag for its flips (bit 0) or discards (bit 1). */
static int hidden_of(const sk_rules *r, int kind, int street) {
    return r->street_choices_hidden[street] >> (kind == SK_CHOICE_DISCARD) & 1;
}

int sk_expose_requests(const sk_rules *r, const sk_hand *h, int step, int before, int hidden,
                       int rolled, int rolled_hidden, sk_card_request *out) {
    int st = h->street;
    if (st < 0 || st >= r->streets || h->n_in < 2) return 0;
    int8_t seats[SK_SEATS];
    int nseats = turn_order(h, h->order[0], seats);
    if (step == SK_STEP_EXPOSE_NEXT && rolled && st + 1 < r->streets && r->street_rolled[st + 1]) {
        int asked = 0; /* choose-before: one down card up, or keep them all down */
        for (int i = 0; i < nseats; i++) {
            if (h->ndown[seats[i]] == 0) continue;
            out[asked] = (sk_card_request){.seat = seats[i], .kind = SK_CHOICE_EXPOSE, .count = 1,
                                           .street = (int8_t)(st + 1), .optional = 1,
                                           .hidden = (int8_t)rolled_hidden};
            asked++;
        }
        return asked;
    }
    if (step == SK_STEP_EXPOSE_DEALT && r->street_choice[st] && (!before || st == 0))
        return ask(r, h, st, SK_CHOICE_EXPOSE, hidden, seats, nseats, out);
    if (step == SK_STEP_EXPOSE_NEXT && before && st + 1 < r->streets && r->street_choice[st + 1])
        return ask(r, h, st + 1, SK_CHOICE_EXPOSE, hidden, seats, nseats, out);
    return 0;
}

int sk_card_requests(const sk_rules *r, const sk_hand *h, int step, sk_card_request *out) {
    int st = h->street;
    if (st < 0 || st >= r->streets || h->n_in < 2) return 0;
    int8_t seats[SK_SEATS];
    int nseats = turn_order(h, h->order[0], seats);
    int deals_down = r->street_rounds[st] > 0 &&
                     r->street_faces[st] != (1 << r->street_rounds[st]) - 1;
    switch (step) {
    case SK_STEP_FLIPS_DEALT: /* as each seat's last down card of the street is dealt */
        if (!r->street_flip[st] || !deals_down) return 0;
        return ask(r, h, st, SK_CHOICE_FLIP, hidden_of(r, SK_CHOICE_FLIP, st), seats, nseats,
                   out);
    case SK_STEP_EXPOSE_DEALT:
        if (!r->street_discard[st] || r->street_discard_when[st] != SK_DISCARD_AFTER_DEAL)
            return 0;
        return ask(r, h, st, SK_CHOICE_DISCARD, hidden_of(r, SK_CHOICE_DISCARD, st), seats,
                   nseats, out);
    case SK_STEP_OFFERS: /* from the player who opened the street's betting */
        if (!r->street_discard[st] || r->street_discard_when[st] != SK_DISCARD_AFTER_BETTING)
            return 0;
        nseats = turn_order(h, h->leader >= 0 ? h->leader : h->order[0], seats);
        return ask(r, h, st, SK_CHOICE_DISCARD, hidden_of(r, SK_CHOICE_DISCARD, st), seats,
                   nseats, out);
    case SK_STEP_EXPOSE_NEXT: {
        int next = st + 1;
        if (next >= r->streets) return 0;
        if (r->street_discard[next] && r->street_discard_when[next] == SK_DISCARD_BEFORE_DEAL)
            return ask(r, h, next, SK_CHOICE_DISCARD, hidden_of(r, SK_CHOICE_DISCARD, next),
                       seats, nseats, out);
        if (r->street_flip[next] && r->street_rounds[next] == 0)
            return ask(r, h, next, SK_CHOICE_FLIP, hidden_of(r, SK_CHOICE_FLIP, next), seats,
                       nseats, out);
        return 0;
    }
    default:
        return 0;
    }
}

static int taken(const uint8_t *chosen, int nchosen, int card) {
    for (int i = 0; i < nchosen; i++)
        if (chosen[i] == card) return 1;
    return 0;
}

int sk_card_options(const sk_rules *r, const sk_hand *h, const sk_card_request *q,
                    const uint8_t *chosen, int nchosen, uint8_t *out) {
    int s = q->seat;
    int count = 0;
    if (q->optional) out[count++] = SK_KEEP_CARD;
    for (int i = 0; i < h->ndown[s]; i++)
        if (!taken(chosen, nchosen, SK_DOWN(h, s, i))) out[count++] = SK_DOWN(h, s, i);
    if (q->kind == SK_CHOICE_DISCARD && r->street_discard_any[q->street])
        for (int i = 0; i < h->nup[s]; i++)
            if (!taken(chosen, nchosen, SK_UP(h, s, i))) out[count++] = SK_UP(h, s, i);
    return count;
}

int sk_card_take(sk_hand *h, int kind, int seat, int card) {
    if (card == SK_KEEP_CARD) return kind == SK_CHOICE_DISCARD ? SK_ERROR_NO_CARD : SK_OK;
    return kind == SK_CHOICE_DISCARD ? sk_remove_card(h, seat, card) : sk_turn_up(h, seat, card);
}
