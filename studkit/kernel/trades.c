/* A trade of a card for the next one (a twist, a buy), as a plugin hands it over
 * (studkit.hooks.specs.TradeRule), at the kernel's seats: after the betting of a trading
 * street, each live seat in turn, from the player who opened that betting (else the dealer's
 * left), keeps its hand or pays the cost as dead money, throws one card away (into the muck)
 * and is dealt the next from the stub, as the general engine's plugin host asks it
 * (studkit/engine/plugin_play.py). `random` takes any choice on offer; the other shipped bots
 * trade the card whose loss leaves the best hand with one more card to come, when that gains
 * enough (studkit/bots/card_sense.c, the general engine's bots' choice too). */
#include "../bots/decide.h"
#include "kernel.h"
#include "streams.h"

/* The row of `cards` (0: keep the hand; then each card that may be traded) the seat's bot
 * takes. */
static int bot_trade(const sk_setup *k, const sk_hand *h, int seat, const int64_t *cards,
                     int count, uint64_t *stream) {
    if (k->bots[seat] == SK_BOT_RANDOM) return (int)sk_below(stream, count);
    int64_t own[SK_CARDS + SK_BOARD], opp[SK_SEATS * SK_CARDS], opp_n[SK_SEATS];
    int nopp;
    int n_own = sk_seen_cards(k, h, seat, own, opp, opp_n, &nopp);
    int to_come = k->cards - n_own; /* as studkit.bots.seen counts it */
    if (to_come < 0) to_come = 0;
    int pick = sk_twist_choice(own, n_own, &cards[1], count - 1, opp, SK_CARDS, opp_n, nopp,
                               to_come, k->styles, k->n_styles);
    return pick + 1;
}

int sk_play_trades(const sk_setup *k, sk_hand *h, sk_log *log, sk_draw *draw, uint64_t *stream,
                   int64_t *record, int64_t *recorded, int64_t room) {
    if (!(k->trade_streets >> h->street & 1) || h->n_in < 2) return 0;
    int first = h->leader >= 0 ? h->leader : h->order[0];
    for (int i = 0; i < h->n; i++) {
        int seat = (first + i) % h->n;
        if (h->folded[seat]) continue;
        int64_t cards[1 + SK_CARDS]; /* keep the hand, then the cards that may go */
        int count = 1;
        if (h->stack[seat] >= k->trade_cost && *draw->left > 0) {
            if (k->trade_faces & 1)
                for (int c = 0; c < h->ndown[seat]; c++) cards[count++] = SK_DOWN(h, seat, c);
            if (k->trade_faces & 2)
                for (int c = 0; c < h->nup[seat]; c++) cards[count++] = SK_UP(h, seat, c);
        }
        int row = bot_trade(k, h, seat, cards, count, stream);
        if (record != NULL) {
            if (*recorded >= room) return SK_KERNEL_LONG;
            record[(*recorded)++] = row == 0 ? (int64_t)SK_RECORD_KEEP_HAND << 56
                                             : (int64_t)SK_RECORD_TRADE << 56 | cards[row];
        }
        if (row == 0) continue;
        int card = (int)cards[row];
        int was_up = 0;
        for (int c = 0; c < h->nup[seat]; c++) was_up |= SK_UP(h, seat, c) == card;
        int64_t value = k->tables.values[card];
        draw->held[seat] -= value;
        if (was_up) draw->up[seat] -= value;
        int up = was_up && k->trade_as_thrown;
        if (sk_pay(h, seat, k->trade_cost) != SK_OK || sk_remove_card(h, seat, card) != SK_OK)
            return SK_KERNEL_CARDS;
        int next = sk_draw_card(draw, seat, up);
        if (sk_give(k->rules, h, seat, up) != SK_OK || sk_place(k->rules, h, log, next) != SK_OK)
            return SK_KERNEL_CARDS;
    }
    return 0;
}
