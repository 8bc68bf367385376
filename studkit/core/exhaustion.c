/* The deck running out: how a street is dealt when the stub cannot give every live player
 * its cards.
 *
 * In order: the burned cards go back into the stub (reshuffle_burns), then the folded cards
 * (reuse_folded). Every round that can still go to all live players is dealt as usual; each
 * round left becomes one face-up community card every player uses (community_card). When
 * even that cannot finish the deal the hand cannot go on (SK_ERROR_EXHAUSTED). */
#include "core.h"

int sk_plan_short_street(sk_hand *h, int policy, int stub, int live, int *burn, int *rounds,
                         int *community) {
    int needed = *burn + *rounds * live;
    if (stub < needed && policy & SK_POLICY_RESHUFFLE_BURNS && h->nburned > 0) {
        for (int k = 0; k < h->nburned; k++) h->restock[k] = h->burned[k];
        h->restock_burned = h->nburned;
        stub += h->nburned;
        h->nburned = 0;
    }
    if (stub < needed && policy & SK_POLICY_REUSE_FOLDED && h->nmuck > 0) {
        for (int k = 0; k < h->nmuck; k++) h->restock[h->restock_burned + k] = h->muck[k];
        h->restock_folded = h->nmuck;
        stub += h->nmuck;
        h->nmuck = 0;
    }
    *community = 0;
    if (stub >= needed) return SK_OK;
    int usable = stub - *burn;
    int full = 0;
    if (usable > 0) {
        full = usable / live;
        if (full > *rounds) full = *rounds;
    }
    int short_rounds = *rounds - full;
    if (!(policy & SK_POLICY_COMMUNITY_CARD)) return SK_ERROR_EXHAUSTED;
    int spare = usable - full * live;
    if (spare < short_rounds) {
        if (stub - full * live < short_rounds) return SK_ERROR_EXHAUSTED;
        *burn = 0; /* no card to burn: the community card goes unburned */
    }
    *rounds = full;
    *community = short_rounds;
    return SK_OK;
}
