/* A declaration at the kernel's seats (a plugin's studkit.hooks.specs.DeclarationRule): after
 * the declaring street's betting each live player, from the dealer's left, chooses the pot
 * shares it competes for, as its bot decides (studkit/bots/seats.c). The core judges the
 * declarations at the showdown (sk_judge_declarations). */
#include "kernel.h"
#include "streams.h"

int sk_play_declarations(const sk_setup *setup, const sk_hand *h, uint64_t *stream,
                         int8_t *declared, int64_t *record, int64_t *recorded, int64_t room) {
    const sk_game *k = &setup->game;
    if (h->street != k->declare_street || h->n_in < 2) return 0;
    for (int i = 0; i < h->n; i++) {
        int seat = h->order[i];
        if (h->folded[seat]) continue;
        int choice = sk_bot_declaration(k, &setup->seats, h, seat, stream);
        declared[seat] = (int8_t)choice;
        if (record != NULL) {
            if (*recorded >= room) return SK_KERNEL_LONG;
            record[(*recorded)++] = (int64_t)SK_RECORD_DECLARATION << 56 | choice;
        }
    }
    return 0;
}
