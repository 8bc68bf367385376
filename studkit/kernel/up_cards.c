/* What a card dealt face up brings (studkit/core/up_cards.c) at the kernel's seats: the extra
 * cards drawn from the hand's stub, then each price paid as dead money or folded, as the
 * seats' bots choose (studkit/bots/seats.c). */
#include "kernel.h"

int sk_play_up_cards(const sk_setup *setup, sk_hand *h, sk_log *log, sk_draw *draw,
                     const uint8_t *fallen, const int8_t *fallen_seat, int nfallen,
                     uint64_t *stream, int64_t *record, int64_t *recorded, int64_t room,
                     int64_t *mix, int *decisions) {
    const sk_game *k = &setup->game;
    int8_t asked[SK_CARDS * SK_SEATS], ranks[SK_CARDS * SK_SEATS];
    int nasked;
    sk_card_source source = {sk_draw_card, draw};
    if (sk_up_cards_fall(k, h, log, fallen, fallen_seat, nfallen, source, asked, ranks,
                         &nasked) != SK_OK)
        return SK_KERNEL_CARDS;
    for (int i = 0; i < nasked; i++) {
        int seat = asked[i];
        int64_t price = sk_up_card_price(k, h, seat, ranks[i]);
        if (price == SK_NO_PRICE) continue;
        int paying = sk_bot_pays(k, &setup->seats, h, seat, price, sk_pot_now(h), stream);
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
