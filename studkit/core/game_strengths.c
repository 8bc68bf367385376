/* The hands' strengths as a game ranks them (studkit/core/game.h), which compiled drivers of
 * whole hands supply the rules core with: the showing hands' values that choose who acts
 * first, and each live hand's showdown strength per pot share, from the evaluators' tables
 * (wild cards, jokers played by their face, a plugin's share by down cards or separate
 * hands included). Packed sums of a seat's card values rank up to eight natural cards at
 * once (studkit/evaluation/lookup.h). */
#include <string.h>

#include "game.h"

#define SK_EVALUATED 8 /* the most cards the tables rank */

void sk_showing_values(const sk_game *k, const sk_ranker *ranker, const sk_hand *h,
                       const int64_t *up, int64_t *values) {
    const sk_rules *r = k->rules;
    int board = r->board_in_showing ? h->ncommunity : 0;
    int by_sums = !board && k->showing_wild.table == NULL && k->showing < SK_SPECIAL_BASE;
    uint8_t cards[SK_CARDS + SK_BOARD];
    for (int s = 0; s < h->n; s++) {
        values[s] = 0;
        if (h->folded[s]) continue;
        int count = h->nup[s];
        int64_t value = -1;
        if (by_sums && count <= SK_EVALUATED) value = sk_rank(ranker, up[s], count);
        if (value < 0) { /* a suit may show five cards, the board counts, or a joker: every card */
            for (int i = 0; i < count; i++) cards[i] = SK_UP(h, s, i);
            for (int i = 0; i < board; i++) cards[count + i] = h->community[i];
            count += board;
            value = count ? sk_evaluate_many(&k->tables, k->showing, &k->showing_wild, cards,
                                             count)
                          : 0;
        }
        values[s] = value;
    }
}

int sk_showdown_strengths(const sk_game *k, const sk_ranker *rankers, const sk_hand *h,
                          const int64_t *held, int64_t *table, uint8_t *played, int wild_set,
                          uint8_t smalls[][SK_SPLIT_MOST]) {
    const sk_rules *r = k->rules;
    uint8_t cards[SK_CARDS + SK_BOARD];
    int shares = r->shares;
    int by_sums = !k->by_cards && h->ncommunity == 0; /* natural cards of the seats' own */
    if (played != NULL) memset(played, SK_NO_CARD, SK_SHARES * SK_SEATS * SK_PLAYED);
    for (int x = 0; x < shares; x++) {
        int ev = k->share_evaluator[x];
        int suit = k->down_suit[x];
        for (int s = 0; s < h->n; s++) {
            int64_t value = 0;
            if (suit >= 0) { /* a plugin's share: the seat's best down card of the suit */
                if (!h->folded[s]) value = sk_down_share(k, x, &SK_DOWN(h, s, 0), h->ndown[s]);
            } else if (k->split_part[x]) { /* one of the seat's separate hands */
                if (!h->folded[s])
                    value = sk_split_strength(k, x, &SK_DOWN(h, s, 0), h->ndown[s],
                                              &SK_UP(h, s, 0), h->nup[s],
                                              smalls[s][0] == SK_NO_CARD ? NULL : smalls[s]);
            } else if (!h->folded[s]) {
                int count = h->ncards[s];
                value = -1;
                /* eight cards at most: their packed values' sum */
                if (by_sums && count <= SK_EVALUATED)
                    value = sk_rank(&rankers[x], held[s], count);
                if (value < 0 || (played != NULL && r->odd_chip_hand)) {
                    for (int i = 0; i < count; i++) cards[i] = SK_CARD(h, s, i);
                    for (int i = 0; i < h->ncommunity; i++) cards[count + i] = h->community[i];
                    if (value < 0 && k->wild_sets) { /* the seat's wild set's values */
                        sk_wild_ranking wild = k->share_sets[x];
                        wild.values += sk_seat_wild_set(k, h, s, wild_set) * SK_DECK;
                        value = sk_evaluate_mode(&k->tables, ev, &wild, k->share_mode[x], cards,
                                                 count, h->ncommunity);
                    }
                    if (value < 0)
                        value = sk_evaluate_mode(&k->tables, ev, sk_seat_wild(k, h, x, s),
                                                 k->share_mode[x], cards, count, h->ncommunity);
                    count += h->ncommunity;
                    if (played != NULL) {
                        if (count > SK_EVALUATED) return 0;
                        sk_best_five(&k->tables, cards, count, ev,
                                     &played[(x * SK_SEATS + s) * SK_PLAYED]);
                    }
                }
            }
            table[x * SK_SEATS + s] = value;
        }
    }
    for (int p = 1; p < h->npots; p++)
        memcpy(&table[p * SK_SHARES * SK_SEATS], table, sizeof(int64_t) * SK_SHARES * SK_SEATS);
    return 1;
}
