/* The rake: the house's take from the pots, an amount the driver gives (a card room's history
 * states it). It comes off the pots before they are split (before a hi-lo pot is halved):
 * from the main pot first, then each side pot in turn (Full Tilt, Americas Cardroom), or, with
 * rake_by_size, from every pot in proportion to its size, the chips the proportions leave over
 * coming off the pots with the largest remainders, the earlier pot first on a tie (PokerStars:
 * pots of $0.44 and $0.64 raked $0.05 are paid as "Main pot $0.42. Side pot $0.61."). It
 * never takes more than the pots hold; a hand won without a showdown pays it too. */
#include "core.h"

int sk_set_rake(sk_hand *h, int64_t amount) {
    if (amount < 0) return SK_ERROR_NO_CHIPS;
    if (h->phase == SK_PHASE_OVER || h->phase == SK_PHASE_ODD_CHIPS) return SK_ERROR_PHASE;
    h->rake = amount;
    return SK_OK;
}

void sk_rake_pots(const sk_rules *r, int64_t rake, int npots, const int64_t *amount,
                  int64_t *net) {
    int64_t total = 0;
    for (int p = 0; p < npots; p++) {
        total += amount[p];
        net[p] = amount[p];
    }
    if (rake > total) rake = total;
    if (rake <= 0) return;
    if (!r->rake_by_size) { /* the main pot first */
        for (int p = 0; p < npots && rake > 0; p++) {
            int64_t chips = rake < net[p] ? rake : net[p];
            net[p] -= chips;
            rake -= chips;
        }
        return;
    }
    int64_t left[SK_POTS]; /* what each pot's proportion leaves over, in 1/total chips */
    int64_t taken = 0;
    for (int p = 0; p < npots; p++) {
        __int128 part = (__int128)rake * amount[p];
        int64_t chips = (int64_t)(part / total);
        left[p] = (int64_t)(part % total);
        net[p] -= chips;
        taken += chips;
    }
    for (; taken < rake; taken++) { /* a chip each from the largest remainders */
        int most = 0;
        for (int p = 1; p < npots; p++)
            if (left[p] > left[most]) most = p;
        net[most]--;
        left[most] = -1;
    }
}
