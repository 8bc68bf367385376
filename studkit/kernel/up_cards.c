/* What a card dealt face up brings, as a plugin hands it over (studkit.hooks.specs.UpCardRule:
 * Baseball's four, an extra card; its three, pay the pot or fold), at the kernel's seats.
 *
 * Once a street is dealt, each card dealt face up, in the order dealt, brings its rank's
 * extra cards at once (drawn from the stub while it lasts; each falls under the rules in
 * turn, before the next card's) and then, where the rank has a price, a decision: pay it or
 * fold. The decisions follow in the order they arose, as the general engine's plugin host
 * asks them (studkit/engine/plugin_play.py); the payment goes in as dead money and the fold
 * through the core's effect functions. `random` pays or folds at random; the other shipped
 * bots pay a price of half the pot or less, or with a hand scoring well for some share
 * (studkit/bots/shares.c, the general engine's bots' choice too). */
#include "../bots/decide.h"
#include "kernel.h"
#include "streams.h"

typedef struct {
    const sk_setup *k;
    sk_hand *h;
    sk_log *log;
    sk_draw *draw;
    int8_t asked[SK_CARDS * SK_SEATS]; /* the seats asked to pay, in order, */
    int8_t rank[SK_CARDS * SK_SEATS];  /* and the rank each pays for */
    int nasked;
} falling;

/* The rule of `card` dealt face up to `seat`: its extra cards, then its price asked. */
static int fall(falling *f, int seat, int card) {
    const sk_setup *k = f->k;
    sk_hand *h = f->h;
    if (card >= 52) return 0; /* a joker brings nothing */
    int rank = card >> 2;
    for (int e = 0; e < k->up_extra[rank]; e++) {
        if (*f->draw->left == 0) break; /* the stub is empty: no extra card */
        int up = k->up_extra_faces[rank] >> e & 1;
        int extra = sk_draw_card(f->draw, seat, up);
        if (sk_give(k->rules, h, seat, up) != SK_OK || sk_place(k->rules, h, f->log, extra) != SK_OK)
            return SK_KERNEL_CARDS;
        if (up) {
            int error = fall(f, seat, extra);
            if (error) return error;
        }
    }
    if (k->up_price[rank] != SK_NO_PRICE && !h->folded[seat] && h->stack[seat] > 0 &&
        f->nasked < (int)sizeof f->asked) {
        f->rank[f->nasked] = (int8_t)rank;
        f->asked[f->nasked++] = (int8_t)seat;
    }
    return 0;
}

/* Whether the seat's bot pays `price` to stay in a pot of `pot`. */
static int bot_pays(const sk_setup *k, const sk_hand *h, int seat, int64_t price, int64_t pot,
                    uint64_t *stream) {
    if (k->bots[seat] == SK_BOT_RANDOM) return sk_below(stream, 2) == 0;
    int64_t own[SK_CARDS + SK_BOARD], opp[SK_SEATS * SK_CARDS], opp_n[SK_SEATS];
    int nopp;
    int n_own = sk_seen_cards(k, h, seat, own, opp, opp_n, &nopp);
    return sk_pays(own, n_own, opp, SK_CARDS, opp_n, nopp, k->styles, k->rules->shares, price,
                   pot);
}

int sk_play_up_cards(const sk_setup *k, sk_hand *h, sk_log *log, sk_draw *draw,
                     const uint8_t *fallen, const int8_t *fallen_seat, int nfallen,
                     uint64_t *stream, int64_t *record, int64_t *recorded, int64_t room,
                     int64_t *mix, int *decisions) {
    falling f = {k, h, log, draw, {0}, {0}, 0};
    for (int i = 0; i < nfallen; i++) {
        int error = fall(&f, fallen_seat[i], fallen[i]);
        if (error) return error;
    }
    for (int i = 0; i < f.nasked && h->n_in > 1; i++) {
        int seat = f.asked[i];
        if (h->folded[seat] || h->stack[seat] <= 0) continue;
        int64_t pot = h->dead;
        for (int s = 0; s < h->n; s++) pot += h->contrib[s];
        int64_t price = k->up_price[f.rank[i]] == SK_POT_PRICE ? pot : k->up_price[f.rank[i]];
        if (price > h->stack[seat]) price = h->stack[seat];
        int paying = bot_pays(k, h, seat, price, pot, stream);
        if (record != NULL) {
            if (*recorded >= room) return SK_KERNEL_LONG;
            record[(*recorded)++] = paying ? (int64_t)SK_RECORD_PAY << 56 | price
                                           : (int64_t)SK_FOLD << 56;
        }
        if (paying) {
            sk_pay(h, seat, price);
        } else { /* a fold: a decision the tally counts, as the general engine's does */
            sk_fold_seat(k->rules, h, log, seat);
            mix[SK_FOLD]++;
            (*decisions)++;
        }
    }
    return 0;
}
