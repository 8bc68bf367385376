/* Wild ranks that change during a hand, the rules a plugin hands over as data: the rank that
 * follows a trigger dealt face up, wild for everyone (Follow the Queen,
 * studkit.hooks.kernel_rules.FollowedWildRule), and each player's own lowest hole card
 * (studkit.hooks.kernel_rules.HoleWildRule).
 *
 * The wild cards' tables do not depend on which ranks are wild, only the cards' packed
 * values do (studkit/evaluation/wild_lookup.h): the setup holds one row of values per wild
 * set (SK_WILD_SETS), and a hand's evaluations pick the row of the set in force. The
 * general engine plays the same rules through the plugins' own hooks
 * (plugins/follow_the_queen.py, plugins/low_hole_wild.py). */
#include "game.h"

void sk_follow_card(const sk_game *k, int card, int *set, int *after_trigger) {
    if (card >= 52) { /* a joker dealt face up follows nothing and is followed by nothing */
        *after_trigger = 0;
        return;
    }
    int rank = card >> 2;
    if (rank == k->follow_trigger) { /* no rank follows yet: the one dealt next up will */
        *set = SK_WILD_BASE;
        *after_trigger = 1;
        return;
    }
    if (*after_trigger) *set = rank;
    *after_trigger = 0;
}

int sk_seat_wild_set(const sk_game *k, const sk_hand *h, int seat, int table_set) {
    if (k->hole_wild == SK_HOLE_WILD_NONE) return table_set;
    int lowest = -1, lowest_key = 99; /* the lowest down rank, the ace low where it counts */
    for (int i = 0; i < h->ndown[seat]; i++) {
        int card = SK_DOWN(h, seat, i);
        if (card >= 52) continue; /* a joker has no rank */
        int rank = card >> 2;
        int key = rank == 12 && k->hole_wild == SK_HOLE_WILD_ACE_LOW ? -1 : rank;
        if (key < lowest_key) {
            lowest_key = key;
            lowest = rank;
        }
    }
    return lowest < 0 ? SK_WILD_BASE : lowest;
}

int sk_wild_leader(const sk_game *k, const sk_hand *h, int set) {
    sk_wild_ranking wild = k->showing_sets;
    wild.values += set * SK_DECK;
    uint8_t cards[SK_CARDS + SK_BOARD];
    int64_t best = -1;
    int leader = -1;
    for (int i = 0; i < h->n; i++) { /* from the dealer's left: the first of the best */
        int s = h->order[i];
        if (h->folded[s]) continue;
        int count = 0;
        for (int c = 0; c < h->nup[s]; c++) cards[count++] = SK_UP(h, s, c);
        for (int c = 0; c < h->ncommunity; c++) cards[count++] = h->community[c];
        int64_t value = count ? sk_evaluate_many(&k->tables, k->showing, &wild, cards, count) : 0;
        if (value > best) {
            best = value;
            leader = s;
        }
    }
    return leader;
}
