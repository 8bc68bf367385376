/* A hand of any size ranked by the built-in evaluators' tables, wild ranks included: the C
 * counterpart of studkit.hooks.evaluators.ManyCardsEvaluator over the tables of lookup.h and
 * wild_lookup.h. */
#ifndef STUDKIT_EVALUATION_MANY_CARDS_H
#define STUDKIT_EVALUATION_MANY_CARDS_H

#include <stdint.h>

#include "lookup.h"
#include "special.h"
#include "special_wild.h"
#include "wild_lookup.h"

/* Evaluator numbers: the lookup tables' rows (studkit.evaluation.lookup_tables.EVALUATORS)
 * below SK_SPECIAL_BASE, then the special rankings (SK_SPECIAL_BASE + SK_SPECIAL_*) and
 * action razz: ace-to-five low (the tables' row SK_A5_LOW_ROW) with the face hands a class
 * above, SK_ACTION_RAZZ_FACE higher (the a5-low ranking's 18 low categories). */
#define SK_SPECIAL_BASE 64
#define SK_ACTION_RAZZ (SK_SPECIAL_BASE + SK_SPECIALS)
#define SK_A5_LOW_ROW 1
#define SK_ACTION_RAZZ_FACE (INT64_C(18) << 20)

/* The strength evaluator `ev` gives `count` cards: by its wild-card tables `wild` where
 * they hold a wild card or a bug, else by the plain tables or the special ranking; more
 * than eight cards score the best of every eight-card part. */
int64_t sk_evaluate_many(const sk_tables *t, int ev, const sk_wild_ranking *wild,
                         const uint8_t *cards, int count);

/* How a pot share makes its hand (studkit.evaluation.board_hands.CARDS_MODES). */
enum { SK_CARDS_ALL = 0, SK_CARDS_OWN = 1, SK_CARDS_OMAHA = 2 };

/* The strength of the hand `mode` makes from a seat's `own` cards followed by `board` board
 * cards in `cards`: all of them, the own ones only, or the Omaha rule (exactly two own and
 * three board cards; 0, no hand, with fewer), as board_hands.evaluate_cards makes it. */
int64_t sk_evaluate_mode(const sk_tables *t, int ev, const sk_wild_ranking *wild, int mode,
                         const uint8_t *cards, int own, int board);

#endif
