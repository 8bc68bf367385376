/* Separate hands (Outhouse, studkit/core/split_hands.c) at the kernel's seats: before the
 * deal of the split street each live seat, from the dealer's left, sets its cards into a big
 * and a small hand, as its bot chooses among the splits the rule allows
 * (studkit/bots/seats.c), recorded one card of the small hand at a time. */
#include "kernel.h"

int sk_play_splits(const sk_setup *setup, const sk_hand *h, uint64_t *stream,
                   uint8_t smalls[][SK_SPLIT_MOST], int64_t *record, int64_t *recorded,
                   int64_t room) {
    const sk_game *k = &setup->game;
    if (h->street + 1 != k->split_street || h->n_in < 2) return 0;
    for (int i = 0; i < h->n; i++) {
        int seat = (h->order[0] + i) % h->n;
        if (h->folded[seat] || !sk_bot_split(k, &setup->seats, h, seat, smalls[seat], stream))
            continue;
        for (int c = 0; record != NULL && c < k->split_small; c++) {
            if (*recorded >= room) return SK_KERNEL_LONG;
            record[(*recorded)++] = (int64_t)SK_RECORD_ARRANGE << 56 | smalls[seat][c];
        }
    }
    return 0;
}
