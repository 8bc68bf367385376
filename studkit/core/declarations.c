/* A declaration judged at the showdown (stud-family 2.6: high-low declare), the rule a plugin
 * hands the batch kernel as data (studkit.hooks.specs.DeclarationRule; the general engine's
 * players are judged by the plugin's own studkit_adjust_strengths, the same rule).
 *
 * Each pot is judged among its eligible seats: a seat competes only for the share it
 * declared, or for every share (a swing); a swing must win every share against its rivals
 * (the pot's other eligible seats, or every seat that declared with `all_pots`), beating
 * them, or tying where `may_tie`, else it wins nothing of the pot. */
#include "core.h"

/* Whether `seat`'s kept strengths win every share against `rivals`. */
static int wins_every_share(const int64_t *kept, int shares, int n, int seat, int32_t rivals,
                            int may_tie) {
    for (int x = 0; x < shares; x++) {
        const int64_t *row = &kept[x * SK_SEATS];
        int64_t mine = row[seat], best = 0;
        for (int s = 0; s < n; s++)
            if (s != seat && (rivals >> s & 1) && row[s] > best) best = row[s];
        if (mine == 0 || mine < best || (mine == best && !may_tie)) return 0;
    }
    return 1;
}

void sk_judge_declarations(const sk_hand *h, int shares, const int8_t *declared, int may_tie,
                           int all_pots, int64_t *strengths) {
    int n = h->n;
    int32_t everyone = 0; /* the seats that declared */
    for (int s = 0; s < n; s++)
        if (declared[s] >= 0) everyone |= SK_BIT(s);
    for (int p = 0; p < h->npots; p++) {
        int64_t *table = &strengths[p * SK_SHARES * SK_SEATS];
        int32_t seats = h->pot_eligible[p] & everyone;
        int64_t kept[SK_SHARES * SK_SEATS] = {0};
        for (int x = 0; x < shares; x++)
            for (int s = 0; s < n; s++)
                if (declared[s] == x || declared[s] == shares)
                    kept[x * SK_SEATS + s] = table[x * SK_SEATS + s];
        int32_t rivals = all_pots ? everyone : seats;
        int32_t failed = 0;
        for (int s = 0; s < n; s++)
            if ((seats >> s & 1) && declared[s] == shares &&
                !wins_every_share(kept, shares, n, s, rivals, may_tie))
                failed |= SK_BIT(s);
        for (int x = 0; x < shares; x++)
            for (int s = 0; s < n; s++)
                table[x * SK_SEATS + s] =
                    ((seats & ~failed) >> s & 1) ? kept[x * SK_SEATS + s] : 0;
    }
}
