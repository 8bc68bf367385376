/* The card decisions of a hook phase at the kernel's seats: the core asks (sk_card_requests,
 * sk_expose_requests for a plugin's choice cards, sk_card_options), the seats' bots choose
 * (studkit/bots/seats.c), the core's effect functions turn the cards up or throw them away. */
#include "kernel.h"
#include "streams.h"

/* A card's effect on the packed values the kernel keeps of each seat's cards. */
static void account(const sk_game *k, const sk_hand *h, int kind, int seat, int card,
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

int sk_play_card_step(const sk_setup *setup, sk_hand *h, int step, uint64_t *stream, int64_t *held,
                      int64_t *up, int64_t *record, int64_t *recorded, int64_t room) {
    const sk_game *k = &setup->game;
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
            int card = options[sk_bot_card(k, &setup->seats, h, q, options, count, stream)];
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
