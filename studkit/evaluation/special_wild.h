/* Wild cards in the special rankings, in C: each wild card tried as every card it may stand
 * for, as studkit.evaluation.special_wild.wild_strength does (the batch kernel's; the general
 * engine calls the Python one). */
#ifndef STUDKIT_EVALUATION_SPECIAL_WILD_H
#define STUDKIT_EVALUATION_SPECIAL_WILD_H

#include <stdint.h>

#include "wild_lookup.h"

/* How a special ranking plays the jokers (sk_wild_ranking.special_jokers). */
enum { SK_SPECIAL_JOKERS_NONE = 0, SK_SPECIAL_JOKERS_WILD = 1, SK_SPECIAL_JOKERS_BUG = 2 };

/* A ranking of 1 to 8 natural cards. */
typedef int64_t (*sk_plain_ranking)(const void *context, int ev, const uint8_t *cards,
                                    int count);

/* Whether the special ranking `w` plays any card of `cards` as a wild card or the bug. */
int sk_special_has_wild(const sk_wild_ranking *w, const uint8_t *cards, int count);

/* The best strength `plain` gives the `count` cards (8 at most) with each wild card replaced
 * by a card the hand does not hold naturally; the bug by an ace, or by any card where the
 * hand it makes is in a category of w->bug_any; five of a kind first where w->five_kind. */
int64_t sk_special_wild(const sk_wild_ranking *w, sk_plain_ranking plain, const void *context,
                        int ev, const uint8_t *cards, int count);

#endif
