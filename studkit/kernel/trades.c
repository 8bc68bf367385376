/* A trade of a card for the next one (studkit/core/trades.c) at the kernel's seats: each seat
 * asked keeps its hand or trades the card its bot chooses (studkit/bots/seats.c), the next
 * card drawn from the hand's stub. */
#include "kernel.h"

int sk_play_trades(const sk_setup *setup, sk_hand *h, sk_log *log, sk_draw *draw,
                   uint64_t *stream, int64_t *record, int64_t *recorded, int64_t room) {
    const sk_game *k = &setup->game;
    int8_t seats[SK_SEATS];
    int asked = sk_trade_seats(k, h, seats);
    for (int i = 0; i < asked; i++) {
        int seat = seats[i];
        int64_t cards[1 + SK_CARDS]; /* keep the hand, then the cards that may go */
        int count = sk_trade_offer(k, h, seat, *draw->left, cards);
        int row = sk_bot_trade(k, &setup->seats, h, seat, cards, count, stream);
        if (record != NULL) {
            if (*recorded >= room) return SK_KERNEL_LONG;
            record[(*recorded)++] = row == 0 ? (int64_t)SK_RECORD_KEEP_HAND << 56
                                             : (int64_t)SK_RECORD_TRADE << 56 | cards[row];
        }
        if (row == 0) continue;
        int card = (int)cards[row], was_up;
        sk_card_source source = {sk_draw_card, draw};
        if (sk_trade(k, h, log, seat, card, source, &was_up) != SK_OK) return SK_KERNEL_CARDS;
        int64_t value = k->tables.values[card]; /* the packed values lose the card thrown */
        draw->held[seat] -= value;
        if (was_up) draw->up[seat] -= value;
    }
    return 0;
}
