/* A trade of a card for the next one (a twist, a buy), the rule a plugin hands over as data
 * (studkit.hooks.kernel_rules.TradeRule; the general engine plays it through the plugin's own
 * hooks, plugins/twist.py): after the betting of a trading street, with two or more players
 * live, each live seat in turn, from the player who opened that betting (else the dealer's
 * left), keeps its hand or pays the cost as dead money, throws one card away (into the muck)
 * and is dealt the next, face up only for an up card where the rule says so; a seat that
 * cannot pay, or an empty stub, may only keep its hand. */
#include "game.h"

int sk_trade_seats(const sk_game *k, const sk_hand *h, int8_t *out) {
    if (!(k->trade_streets >> h->street & 1) || h->n_in < 2) return 0;
    int first = h->leader >= 0 ? h->leader : h->order[0], count = 0;
    for (int i = 0; i < h->n; i++) {
        int seat = (first + i) % h->n;
        if (!h->folded[seat]) out[count++] = (int8_t)seat;
    }
    return count;
}

int sk_trade_offer(const sk_game *k, const sk_hand *h, int seat, int stub, int64_t *cards) {
    int count = 1; /* row 0: keep the hand */
    if (h->stack[seat] < k->trade_cost || stub <= 0) return count;
    if (k->trade_faces & 1)
        for (int c = 0; c < h->ndown[seat]; c++) cards[count++] = SK_DOWN(h, seat, c);
    if (k->trade_faces & 2)
        for (int c = 0; c < h->nup[seat]; c++) cards[count++] = SK_UP(h, seat, c);
    return count;
}

int sk_trade(const sk_game *k, sk_hand *h, sk_log *log, int seat, int card,
             sk_card_source source, int *was_up) {
    *was_up = 0;
    for (int c = 0; c < h->nup[seat]; c++) *was_up |= SK_UP(h, seat, c) == card;
    int up = *was_up && k->trade_as_thrown;
    int error = sk_pay(h, seat, k->trade_cost);
    if (error == SK_OK) error = sk_remove_card(h, seat, card);
    if (error != SK_OK) return error;
    int next = source.draw(source.context, seat, up);
    if (next < 0) return SK_ERROR_EXHAUSTED;
    error = sk_give(k->rules, h, seat, up);
    return error == SK_OK ? sk_place(k->rules, h, log, next) : error;
}
