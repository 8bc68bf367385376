/* A declaration at the kernel's seats (a plugin's studkit.hooks.specs.DeclarationRule): after
 * the declaring street's betting each live player, from the dealer's left, chooses the pot
 * shares it competes for; `random` any choice, the other shipped bots the share their cards
 * score best for, or every share with a hand strong for each (studkit/bots/shares.c, the
 * general engine's bots' choice too). The core judges the declarations at the showdown
 * (sk_judge_declarations). */
#include "../bots/decide.h"
#include "kernel.h"
#include "streams.h"

static int bot_declaration(const sk_setup *k, const sk_hand *h, int seat, uint64_t *stream) {
    int shares = k->rules->shares;
    if (k->bots[seat] == SK_BOT_RANDOM) return (int)sk_below(stream, shares + 1);
    int64_t own[SK_CARDS + SK_BOARD], opp[SK_SEATS * SK_CARDS], opp_n[SK_SEATS];
    int nopp;
    int n_own = sk_seen_cards(k, h, seat, own, opp, opp_n, &nopp);
    return sk_share_choice(own, n_own, opp, SK_CARDS, opp_n, nopp, k->styles, k->declare_rank,
                           shares, 1);
}

int sk_play_declarations(const sk_setup *k, const sk_hand *h, uint64_t *stream,
                         int8_t *declared, int64_t *record, int64_t *recorded, int64_t room) {
    if (h->street != k->declare_street || h->n_in < 2) return 0;
    for (int i = 0; i < h->n; i++) {
        int seat = h->order[i];
        if (h->folded[seat]) continue;
        int choice = bot_declaration(k, h, seat, stream);
        declared[seat] = (int8_t)choice;
        if (record != NULL) {
            if (*recorded >= room) return SK_KERNEL_LONG;
            record[(*recorded)++] = (int64_t)SK_RECORD_DECLARATION << 56 | choice;
        }
    }
    return 0;
}
