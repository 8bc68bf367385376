/* Wild cards in the special rankings (special_wild.h), line for line with
 * studkit.evaluation.special_wild.wild_strength. */
#include "special_wild.h"

#define SHIFT 20
#define ACE 12

static int is_wild(const sk_wild_ranking *w, int card) {
    if (card >= 52) return w->special_jokers != SK_SPECIAL_JOKERS_NONE;
    return w->special_ranks >> (card >> 2) & 1;
}

int sk_special_has_wild(const sk_wild_ranking *w, const uint8_t *cards, int count) {
    for (int i = 0; i < count; i++)
        if (is_wild(w, cards[i])) return 1;
    return 0;
}

typedef struct {
    const sk_wild_ranking *w;
    sk_plain_ranking plain;
    const void *context;
    int ev;
    uint8_t hand[8];    /* the natural cards, then the wild cards' stand-ins */
    int naturals;
    int wilds;
    int bug[8];         /* per wild card: whether it plays as the bug */
    uint64_t taken;     /* the cards held naturally or standing in */
    int64_t best;
} search;

/* Every stand-in for wild card `index` on, the earlier ones placed. */
static void stand_in(search *s, int index) {
    if (index == s->wilds) {
        int64_t value = s->plain(s->context, s->ev, s->hand, s->naturals + s->wilds);
        if (value <= s->best) return;
        for (int i = 0; i < s->wilds; i++)
            if (s->bug[i] && s->hand[s->naturals + i] >> 2 != ACE &&
                !(s->w->bug_any >> (value >> SHIFT) & 1))
                return; /* the bug stands for a non-ace outside a straight or flush */
        s->best = value;
        return;
    }
    for (int card = 0; card < 52; card++) {
        if (s->taken >> card & 1) continue;
        s->taken |= UINT64_C(1) << card;
        s->hand[s->naturals + index] = (uint8_t)card;
        stand_in(s, index + 1);
        s->taken &= ~(UINT64_C(1) << card);
    }
}

int64_t sk_special_wild(const sk_wild_ranking *w, sk_plain_ranking plain, const void *context,
                        int ev, const uint8_t *cards, int count) {
    search s = {.w = w, .plain = plain, .context = context, .ev = ev};
    int bugs = 0;
    for (int i = 0; i < count; i++) {
        int card = cards[i];
        if (is_wild(w, card)) {
            s.bug[s.wilds] = card >= 52 && w->special_jokers == SK_SPECIAL_JOKERS_BUG;
            bugs += s.bug[s.wilds];
            s.wilds++;
        } else {
            s.hand[s.naturals++] = (uint8_t)card;
            s.taken |= UINT64_C(1) << card;
        }
    }
    if (!s.wilds) return plain(context, ev, s.hand, s.naturals);
    if (w->five_kind) {
        int counts[13] = {0};
        for (int i = 0; i < s.naturals; i++) counts[s.hand[i] >> 2]++;
        int fully = s.wilds - bugs;
        for (int rank = ACE; rank >= 0; rank--)
            if (counts[rank] + fully + (rank == ACE ? bugs : 0) >= 5)
                return (int64_t)w->five_kind << SHIFT | (int64_t)(rank + 1) << 16;
    }
    s.best = 0;
    stand_in(&s, 0);
    return s.best;
}
