/* The card decisions of a hook phase at the kernel's seats: the core asks (sk_card_requests,
 * sk_expose_requests for a plugin's choice cards, sk_card_options), the seats' bots choose,
 * the core's effect functions turn the cards up or throw them away. `random` picks any card
 * on offer; the other shipped bots throw away what their best hand does not need and turn
 * up what shows least, or, asked to show their one hole card before a card that comes down
 * only to a player with none, keep a pair or their best card hidden
 * (studkit/bots/card_sense.c, the general engine's bots' choice too). */
#include "../bots/decide.h"
#include "kernel.h"
#include "streams.h"

/* The row of `options` the seat's bot takes for request `q`. */
static int bot_card(const sk_setup *k, const sk_hand *h, const sk_card_request *q,
                    const uint8_t *options, int count, uint64_t *stream) {
    if (k->bots[q->seat] == SK_BOT_RANDOM) return (int)sk_below(stream, count);
    const sk_rules *r = k->rules;
    int seat = q->seat;
    int64_t offered[SK_CARDS + 1], up[SK_CARDS];
    int n_offered = 0, keep = -1;
    for (int i = 0; i < count; i++) {
        if (options[i] == SK_KEEP_CARD) keep = i;
        else offered[n_offered++] = options[i];
    }
    int n_up = h->nup[seat];
    for (int i = 0; i < n_up; i++) up[i] = sk_seen_up(k, h, SK_UP(h, seat, i));
    int64_t opp[SK_SEATS * SK_CARDS], opp_n[SK_SEATS]; /* the opponents' up cards */
    int nopp;
    sk_seen_cards(k, h, seat, NULL, opp, opp_n, &nopp);
    int pick;
    if (q->kind == SK_CHOICE_FLIP) { /* the board alone */
        pick = sk_show_least(up, n_up, offered, n_offered, keep >= 0, NULL, 0, NULL, 0,
                             k->styles, k->n_styles);
    } else if (q->kind == SK_CHOICE_EXPOSE && keep >= 0 && n_offered == 1) { /* choose-before */
        pick = sk_keeps_hole((int)offered[0], up, n_up) ? -1 : 0;
    } else if (q->kind == SK_CHOICE_EXPOSE) { /* against the opponents' boards */
        pick = sk_show_least(up, n_up, offered, n_offered, 0, opp, SK_CARDS, opp_n, nopp,
                             k->styles, k->n_styles);
    } else {
        int64_t down[SK_CARDS];
        int n_down = h->ndown[seat];
        for (int i = 0; i < n_down; i++) down[i] = SK_DOWN(h, seat, i);
        int to_come = 0, board = 0; /* the streets after this one; the board cards */
        for (int st = 0; st < r->streets; st++) {
            if (st > h->street) to_come += r->street_rounds[st];
            board += r->street_board[st];
        }
        pick = sk_keep_best(down, n_down, up, n_up, offered, n_offered, opp, SK_CARDS, opp_n,
                            nopp, to_come, k->cards - board, k->styles, k->n_styles);
    }
    if (pick < 0) return keep >= 0 ? keep : 0;
    for (int i = 0, seen = 0; i < count; i++) /* offered[pick]'s row */
        if (options[i] != SK_KEEP_CARD && seen++ == pick) return i;
    return 0;
}

/* A card's effect on the packed values the kernel keeps of each seat's cards. */
static void account(const sk_setup *k, const sk_hand *h, int kind, int seat, int card,
                    int64_t *held, int64_t *up) {
    if (card == SK_KEEP_CARD) return;
    int64_t value = k->tables.values[card];
    if (kind != SK_CHOICE_DISCARD) { /* turned up */
        up[seat] += value;
        return;
    }
    held[seat] -= value;
    for (int i = 0; i < h->nup[seat]; i++)
        if (SK_UP(h, seat, i) == card) up[seat] -= value;
}

int sk_play_card_step(const sk_setup *k, sk_hand *h, int step, uint64_t *stream, int64_t *held,
                      int64_t *up, int64_t *record, int64_t *recorded, int64_t room) {
    sk_card_request requests[2 * SK_SEATS];
    int asked = sk_card_requests(k->rules, h, step, requests);
    if (k->expose) /* a plugin's exposure of choice cards */
        asked += sk_expose_requests(k->rules, h, step, k->expose_before, k->expose_hidden,
                                    k->expose_rolled, k->expose_rolled_hidden, &requests[asked]);
    uint8_t shown_later[SK_SEATS * SK_CARDS]; /* simultaneous choices, in the order made */
    int8_t later_seat[SK_SEATS * SK_CARDS], later_kind[SK_SEATS * SK_CARDS];
    int later = 0;
    for (int a = 0; a < asked; a++) {
        const sk_card_request *q = &requests[a];
        uint8_t chosen[SK_CARDS + 1], options[SK_CARDS + 1];
        for (int c = 0; c < q->count; c++) {
            int count = sk_card_options(k->rules, h, q, chosen, c, options);
            if (count == 0) break;
            int card = options[bot_card(k, h, q, options, count, stream)];
            chosen[c] = (uint8_t)card;
            if (record != NULL) {
                if (*recorded >= room) return SK_KERNEL_LONG;
                int code = q->kind == SK_CHOICE_FLIP      ? SK_RECORD_FLIP
                           : q->kind == SK_CHOICE_DISCARD ? SK_RECORD_DISCARD
                                                          : SK_RECORD_EXPOSE;
                record[(*recorded)++] = (int64_t)code << 56 | card;
            }
            if (q->hidden) {
                shown_later[later] = (uint8_t)card;
                later_kind[later] = q->kind;
                later_seat[later++] = q->seat;
                continue;
            }
            account(k, h, q->kind, q->seat, card, held, up);
            if (sk_card_take(h, q->kind, q->seat, card) != SK_OK) return SK_KERNEL_CARDS;
        }
    }
    for (int i = 0; i < later; i++) { /* every choice is made: shown together */
        account(k, h, later_kind[i], later_seat[i], shown_later[i], held, up);
        if (sk_card_take(h, later_kind[i], later_seat[i], shown_later[i]) != SK_OK)
            return SK_KERNEL_CARDS;
    }
    return 0;
}
