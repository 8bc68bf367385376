/* A hand of any size ranked by the built-in evaluators' tables, wild ranks included: the C
 * counterpart of studkit.hooks.evaluators.ManyCardsEvaluator over the tables of lookup.h and
 * wild_lookup.h. */
#ifndef STUDKIT_EVALUATION_MANY_CARDS_H
#define STUDKIT_EVALUATION_MANY_CARDS_H

#include <stdint.h>

#include "lookup.h"
#include "wild_lookup.h"

/* The strength evaluator `ev` gives `count` cards: by its wild-card tables `wild` where
 * they hold a wild card or a bug, else by the plain tables; more than eight cards score the
 * best of every eight-card part. */
int64_t sk_evaluate_many(const sk_tables *t, int ev, const sk_wild_ranking *wild,
                         const uint8_t *cards, int count);

#endif
