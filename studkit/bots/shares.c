/* Which pot shares the shipped bots compete for where a rule lets each player choose (a
 * high-low declaration): the share their cards score best for, or every share with a hand
 * strong for each; and whether they pay a price to stay in (Baseball's three dealt up). The
 * general engine's bots call these through studkit.bots._decide; the batch kernel calls
 * them directly. */
#include "decide.h"

#define MOST_SHARES 8

/* Each share's score of the hand as it will be shown (no card to come); a share the score
 * does not know scores one half. How many shares. */
static int share_scores(const int64_t *own, int n_own, const int64_t *opp, int width,
                        const int64_t *opp_n, int n_opp, const int64_t *styles, int shares,
                        double *scores) {
    if (shares > MOST_SHARES) shares = MOST_SHARES;
    for (int x = 0; x < shares; x++) {
        const int64_t *style = &styles[3 * x];
        scores[x] = style[0] < 0 ? 0.5
                                 : sk_score_cards(own, n_own, opp, width, opp_n, n_opp, 0,
                                                  style, 1);
    }
    return shares;
}

int sk_pays(const int64_t *own, int n_own, const int64_t *opp, int width, const int64_t *opp_n,
            int n_opp, const int64_t *styles, int shares, int64_t price, int64_t pot) {
    if (2 * price <= pot) return 1; /* at most half the pot it stays in for */
    double scores[MOST_SHARES];
    shares = share_scores(own, n_own, opp, width, opp_n, n_opp, styles, shares, scores);
    for (int x = 0; x < shares; x++)
        if (scores[x] >= SK_PAY_SCORE) return 1;
    return 0;
}

int sk_share_choice(const int64_t *own, int n_own, const int64_t *opp, int width,
                    const int64_t *opp_n, int n_opp, const int64_t *styles,
                    const int64_t *name_rank, int shares, int every_offered) {
    double scores[MOST_SHARES];
    double least = 2.0;
    shares = share_scores(own, n_own, opp, width, opp_n, n_opp, styles, shares, scores);
    for (int x = 0; x < shares; x++)
        if (scores[x] < least) least = scores[x];
    if (every_offered && shares > 0 && least >= SK_EVERY_SHARE_SCORE) return shares;
    int best = 0;
    for (int x = 1; x < shares; x++) /* ties: the share whose name sorts last */
        if (scores[x] > scores[best] ||
            (scores[x] == scores[best] && name_rank[x] > name_rank[best]))
            best = x;
    return best;
}
