/* Hands of any size, wild ranks and the special rankings included (many_cards.h). */
#include "many_cards.h"

/* Eight cards or fewer. */
static int64_t part_strength(const sk_tables *t, int ev, const sk_wild_ranking *wild,
                             const uint8_t *cards, int count) {
    if (ev == SK_ACTION_RAZZ) {
        int64_t value = sk_evaluate(t, cards, count, SK_A5_LOW_ROW);
        return sk_face_card(cards, count) ? value + SK_ACTION_RAZZ_FACE : value;
    }
    if (ev >= SK_SPECIAL_BASE) return sk_special(ev - SK_SPECIAL_BASE, cards, count);
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
