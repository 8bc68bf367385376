/* The special rankings in C: badugi (ace low and ace high), soko, the 41-card Mexican deck's
 * high, razz high and the two-card hands; the same strengths as
 * studkit.evaluation.special_hands, whose functions these follow line for line (the batch
 * kernel's; the general engine calls the Python ones). Action razz is ace-to-five low plus a
 * class for a face card (sk_face_card). */
#ifndef STUDKIT_EVALUATION_SPECIAL_H
#define STUDKIT_EVALUATION_SPECIAL_H

#include <stdint.h>

/* The special rankings, by number (studkit.kernel.plan.SPECIAL_IDS). */
enum {
    SK_SPECIAL_BADUGI = 0,
    SK_SPECIAL_BADUGI_ACE_HIGH = 1,
    SK_SPECIAL_SOKO = 2,
    SK_SPECIAL_MEXICAN = 3,
    SK_SPECIAL_RAZZ_HIGH = 4,
    SK_SPECIAL_TWO_CARD_HIGH = 5,
    SK_SPECIAL_TWO_CARD_A5 = 6,
    SK_SPECIALS = 7
};

/* The strength special ranking `kind` gives the `count` cards (1 to 8 natural cards). */
int64_t sk_special(int kind, const uint8_t *cards, int count);

/* Whether a jack, queen or king is among the cards (action razz's face hands). */
static inline int sk_face_card(const uint8_t *cards, int count) {
    for (int i = 0; i < count; i++)
        if (cards[i] < 52 && cards[i] >> 2 >= 9 && cards[i] >> 2 <= 11) return 1;
    return 0;
}

#endif
