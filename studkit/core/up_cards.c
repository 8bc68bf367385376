/* What a card dealt face up brings, the rule a plugin hands over as data
 * (studkit.hooks.kernel_rules.UpCardRule: Baseball's four, an extra card; its three, pay the
 * pot or fold; the general engine plays it through the plugin's own hooks,
 * plugins/baseball.py).
 *
 * Once a street is dealt, each card dealt face up, in the order dealt, brings its rank's
 * extra cards at once (while the stub lasts; each falls under the rules in turn, before the
 * next card's) and then, where the rank has a price, a decision: pay it or fold. The
 * decisions follow in the order they arose; a seat that folded, has no chips, or is the last
 * player in is not asked. A joker brings nothing. */
#include "game.h"

typedef struct {
    const sk_game *k;
    sk_hand *h;
    sk_log *log;
    sk_card_source source;
    int8_t *asked, *ranks;
    int *nasked;
} falling;

/* The rule of `card` dealt face up to `seat`: its extra cards, then its price asked. */
static int fall(falling *f, int seat, int card) {
    const sk_game *k = f->k;
    sk_hand *h = f->h;
    if (card >= 52) return SK_OK;
    int rank = card >> 2;
    for (int e = 0; e < k->up_extra[rank]; e++) {
        int up = k->up_extra_faces[rank] >> e & 1;
        int extra = f->source.draw(f->source.context, seat, up);
        if (extra < 0) break; /* the stub is empty: no extra card */
        int error = sk_give(k->rules, h, seat, up);
        if (error == SK_OK) error = sk_place(k->rules, h, f->log, extra);
        if (error == SK_OK && up) error = fall(f, seat, extra);
        if (error != SK_OK) return error;
    }
    if (k->up_price[rank] != SK_NO_PRICE && !h->folded[seat] && h->stack[seat] > 0 &&
        *f->nasked < SK_CARDS * SK_SEATS) {
        f->ranks[*f->nasked] = (int8_t)rank;
        f->asked[(*f->nasked)++] = (int8_t)seat;
    }
    return SK_OK;
}

int sk_up_cards_fall(const sk_game *k, sk_hand *h, sk_log *log, const uint8_t *fallen,
                     const int8_t *fallen_seat, int nfallen, sk_card_source source,
                     int8_t *asked, int8_t *ranks, int *nasked) {
    falling f = {k, h, log, source, asked, ranks, nasked};
    *nasked = 0;
    for (int i = 0; i < nfallen; i++) {
        int error = fall(&f, fallen_seat[i], fallen[i]);
        if (error != SK_OK) return error;
    }
    return SK_OK;
}

int64_t sk_up_card_price(const sk_game *k, const sk_hand *h, int seat, int rank) {
    if (h->n_in < 2 || h->folded[seat] || h->stack[seat] <= 0) return SK_NO_PRICE;
    int64_t price = k->up_price[rank];
    if (price == SK_POT_PRICE) price = sk_pot_now(h);
    return price < h->stack[seat] ? price : h->stack[seat];
}
