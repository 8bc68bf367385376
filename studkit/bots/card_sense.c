/* The shipped bots' sense for card decisions (studkit.bots.card_sense): which card to throw
 * away, which to turn up and which to trade for the next one, by the hand-strength score
 * (strength.c). The general engine's
 * bots call these through studkit.bots._decide; the batch kernel calls them directly. */
#include "decide.h"

#define MOST_CARDS 64

static int held_in(const int64_t *cards, int count, int64_t card) {
    for (int i = 0; i < count; i++)
        if (cards[i] == card) return 1;
    return 0;
}

int sk_keep_best(const int64_t *down, int n_down, const int64_t *up, int n_up,
                 const int64_t *offered, int n_offered, const int64_t *opp, int width,
                 const int64_t *opp_n, int n_opp, int to_come, int final, const int64_t *styles,
                 int n_styles) {
    /* the cards kept: the seat's down and up cards, less the down cards it chose already in
     * this decision (held, but no longer offered) */
    int64_t kept[MOST_CARDS];
    int n_kept = 0;
    for (int i = 0; i < n_down && n_kept < MOST_CARDS; i++)
        if (held_in(offered, n_offered, down[i])) kept[n_kept++] = down[i];
    for (int i = 0; i < n_up && n_kept < MOST_CARDS; i++) kept[n_kept++] = up[i];
    int best = -1;
    double best_score = -1.0;
    int64_t rest[MOST_CARDS];
    for (int k = 0; k < n_offered; k++) {
        int n_rest = 0;
        for (int i = 0; i < n_kept; i++)
            if (kept[i] != offered[k]) rest[n_rest++] = kept[i];
        int come = final - n_rest < to_come ? final - n_rest : to_come;
        if (come < 0) come = 0;
        double score = sk_score_cards(rest, n_rest, opp, width, opp_n, n_opp, come, styles,
                                      n_styles);
        if (score > best_score) {
            best = k;
            best_score = score;
        }
    }
    return best;
}

int sk_show_least(const int64_t *up, int n_up, const int64_t *offered, int n_offered,
                  int may_keep, const int64_t *opp, int width, const int64_t *opp_n, int n_opp,
                  const int64_t *styles, int n_styles) {
    if (may_keep) return -1;
    int64_t shown[MOST_CARDS + 1];
    int n_shown = n_up < MOST_CARDS ? n_up : MOST_CARDS;
    for (int i = 0; i < n_shown; i++) shown[i] = up[i];
    int best = -1;
    double best_score = 2.0;
    for (int k = 0; k < n_offered; k++) {
        shown[n_shown] = offered[k];
        double score = sk_score_cards(shown, n_shown + 1, opp, width, opp_n, n_opp, 0, styles,
                                      n_styles);
        if (score < best_score) {
            best = k;
            best_score = score;
        }
    }
    return best;
}

int sk_twist_choice(const int64_t *own, int n_own, const int64_t *offered, int n_offered,
                    const int64_t *opp, int width, const int64_t *opp_n, int n_opp, int to_come,
                    const int64_t *styles, int n_styles) {
    double best = sk_score_cards(own, n_own, opp, width, opp_n, n_opp, to_come, styles,
                                 n_styles) + SK_TWIST_GAIN;
    int choice = -1;
    int64_t rest[MOST_CARDS];
    for (int k = 0; k < n_offered; k++) {
        int n_rest = 0;
        for (int i = 0; i < n_own && n_rest < MOST_CARDS; i++)
            if (own[i] != offered[k]) rest[n_rest++] = own[i];
        double score = sk_score_cards(rest, n_rest, opp, width, opp_n, n_opp, to_come + 1,
                                      styles, n_styles);
        if (score > best) {
            best = score;
            choice = k;
        }
    }
    return choice;
}

int sk_keeps_hole(int hole, const int64_t *up, int n_up) {
    if (hole >= 52) return 1; /* a joker stays hidden */
    int top = 0, rank = hole >> 2;
    for (int i = 0; i < n_up; i++) {
        if (up[i] >= 52) continue; /* a joker pairs nothing */
        int r = (int)(up[i] >> 2);
        if (r == rank) return 1; /* a pair stays hidden */
        if (r > top) top = r;
    }
    return rank >= top; /* and so does the best card */
}
