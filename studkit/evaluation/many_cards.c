/* Hands of any size, wild ranks and the special rankings included, and the ways a share
 * makes its hand from a seat's cards and the board (many_cards.h). */
#include "many_cards.h"

/* A special ranking's strength of 1 to 8 natural cards (`context`: the tables). */
static int64_t special_plain(const void *context, int ev, const uint8_t *cards, int count) {
    if (ev == SK_ACTION_RAZZ) {
        int64_t value = sk_evaluate((const sk_tables *)context, cards, count, SK_A5_LOW_ROW);
        return sk_face_card(cards, count) ? value + SK_ACTION_RAZZ_FACE : value;
    }
    return sk_special(ev - SK_SPECIAL_BASE, cards, count);
}

/* Eight cards or fewer. */
static int64_t part_strength(const sk_tables *t, int ev, const sk_wild_ranking *wild,
                             const uint8_t *cards, int count) {
    if (ev >= SK_SPECIAL_BASE) {
        if (wild->special_jokers || wild->special_ranks)
            return sk_special_wild(wild, special_plain, t, ev, cards, count);
        return special_plain(t, ev, cards, count);
    }
    int64_t value = sk_wild_strength(wild, t->by_row + t->index_row * t->width, cards, count);
    return value >= 0 ? value : sk_evaluate(t, cards, count, ev);
}

int64_t sk_evaluate_many(const sk_tables *t, int ev, const sk_wild_ranking *wild,
                         const uint8_t *cards, int count) {
    if (count <= SK_MOST_CARDS) return part_strength(t, ev, wild, cards, count);
    /* every eight-card part: the positions it takes, in increasing order */
    int pick[SK_MOST_CARDS];
    uint8_t part[SK_MOST_CARDS];
    for (int i = 0; i < SK_MOST_CARDS; i++) pick[i] = i;
    int64_t best = -1;
    for (;;) {
        for (int i = 0; i < SK_MOST_CARDS; i++) part[i] = cards[pick[i]];
        int64_t value = part_strength(t, ev, wild, part, SK_MOST_CARDS);
        if (value > best) best = value;
        int i = SK_MOST_CARDS - 1; /* the last position that can still move on */
        while (i >= 0 && pick[i] == count - SK_MOST_CARDS + i) i--;
        if (i < 0) return best;
        pick[i]++;
        for (int j = i + 1; j < SK_MOST_CARDS; j++) pick[j] = pick[j - 1] + 1;
    }
}

int64_t sk_evaluate_mode(const sk_tables *t, int ev, const sk_wild_ranking *wild, int mode,
                         const uint8_t *cards, int own, int board) {
    if (mode == SK_CARDS_ALL) return sk_evaluate_many(t, ev, wild, cards, own + board);
    if (mode == SK_CARDS_OWN) return sk_evaluate_many(t, ev, wild, cards, own);
    if (own < 2 || board < 3) return 0;
    const uint8_t *on_board = cards + own;
    int64_t best = 0;
    uint8_t five[5];
    for (int a = 0; a < own; a++)
        for (int b = a + 1; b < own; b++)
            for (int c = 0; c < board; c++)
                for (int d = c + 1; d < board; d++)
                    for (int e = d + 1; e < board; e++) {
                        five[0] = cards[a];
                        five[1] = cards[b];
                        five[2] = on_board[c];
                        five[3] = on_board[d];
                        five[4] = on_board[e];
                        int64_t value = sk_evaluate_many(t, ev, wild, five, 5);
                        if (value > best) best = value;
                    }
    return best;
}
