/* The shipped bots' decisions in C: the one definition both engines follow.
 *
 * The general engine's bots (studkit/bots/players.py) call these through
 * studkit.bots._decide; the batch kernel calls them directly. A decision is reduced to
 * numbers: the verbs on offer (a bit mask, bit v for verb v of studkit.core.VERBS), the
 * seat's score or equity, the raises so far on the street, the price of a call and the pot.
 * strategy.c turns those into the verb to take and, for a bet or raise, its total;
 * strength.c is the rule-based bots' hand score. */
#ifndef STUDKIT_BOTS_DECIDE_H
#define STUDKIT_BOTS_DECIDE_H

#include <stdint.h>

#define SK_FIRST (-1) /* "the first legal action": nothing else fits */
/* The equity bot deals its completions in groups of this many, and after each group asks
 * sk_equity_settled whether the rest can change its decision. */
#define SK_EQUITY_STEP 25

/* How strength.c scores a pot share (the first of its three style numbers): 0 high, 1 low,
 * else one of these. */
#define SK_KIND_BADUGI 2
#define SK_KIND_RAZZ_HIGH 3
#define SK_KIND_TWO_CARD 4
#define SK_KIND_ACTION_RAZZ 5
#define SK_KIND_SOKO 6

/* strategy.c */
double sk_crowded(double raw, int opponents);
int sk_aggressive_kind(int avail);
int sk_style_rolls(int avail, int raises, int max_raises, double score, double bet);
int sk_style_choice(double enter, double stay, double bet, double bluff, int max_raises,
                    double score, int raises, int first_street, int64_t to_call, int64_t pot,
                    int avail, double u);
int sk_equity_choice(double value, double margin, int players, int raises, int64_t to_call,
                     int64_t pot, int avail);
int sk_equity_settled(double won, int deals, double margin, int players, int raises,
                      int64_t to_call, int64_t pot, int avail);
int64_t sk_sized_total(int64_t low, int64_t high, int64_t my_bet, int64_t to_call, int64_t pot,
                       double fraction);

/* strength.c: the score of `own[0 .. n_own)`; opponent k's up cards are
 * `opp[k * width .. k * width + opp_n[k])`; `styles` three numbers per share. */
double sk_score_cards(const int64_t *own, int n_own, const int64_t *opp, int width,
                      const int64_t *opp_n, int n_opp, int to_come, const int64_t *styles,
                      int n_styles);

/* card_sense.c: the index into `offered` of the card to throw away (the one whose loss
 * leaves the best score of the rest, with `to_come` more cards up to `final`); the seat's
 * down cards no longer offered were chosen already and count as gone. */
int sk_keep_best(const int64_t *down, int n_down, const int64_t *up, int n_up,
                 const int64_t *offered, int n_offered, const int64_t *opp, int width,
                 const int64_t *opp_n, int n_opp, int to_come, int final, const int64_t *styles,
                 int n_styles);
/* The index into `offered` of the down card to turn up: the one leaving the weakest-looking
 * board (against the opponents' up cards, as sk_score_cards takes them; none: n_opp 0);
 * -1 (show nothing) where `may_keep`. */
int sk_show_least(const int64_t *up, int n_up, const int64_t *offered, int n_offered,
                  int may_keep, const int64_t *opp, int width, const int64_t *opp_n, int n_opp,
                  const int64_t *styles, int n_styles);

/* Whether a seat with one card in the hole, asked before a card that comes
 * down only to a player with none (choose-before), keeps `hole` down rather than showing it:
 * a joker, a card pairing an up card (`n_up` of them) or outranking them all stays hidden. */
int sk_keeps_hole(int hole, const int64_t *up, int n_up);

/* The index into `offered` of the card to trade for the next one (a twist): the one whose
 * loss, with one more card to come, leaves the best score, if it beats the score of `own`
 * kept by SK_TWIST_GAIN; -1 to keep the hand. */
#define SK_TWIST_GAIN 0.05
int sk_twist_choice(const int64_t *own, int n_own, const int64_t *offered, int n_offered,
                    const int64_t *opp, int width, const int64_t *opp_n, int n_opp, int to_come,
                    const int64_t *styles, int n_styles);

/* shares.c: the choice a seat makes where it may compete for some pot shares only: the index
 * of the share its `own` cards score best for (each share's three style numbers, -1 first
 * for a share the score does not know; ties go to the highest `name_rank`), or `shares`
 * (every share) where `every_offered` and each scores at least SK_EVERY_SHARE_SCORE. */
#define SK_EVERY_SHARE_SCORE 0.85
/* Whether a seat pays `price` to stay in a pot of `pot`: when the price is at most half the
 * pot, or when its cards score at least SK_PAY_SCORE for some share (as sk_share_choice
 * scores them). */
#define SK_PAY_SCORE 0.5
int sk_pays(const int64_t *own, int n_own, const int64_t *opp, int width, const int64_t *opp_n,
            int n_opp, const int64_t *styles, int shares, int64_t price, int64_t pot);
int sk_share_choice(const int64_t *own, int n_own, const int64_t *opp, int width,
                    const int64_t *opp_n, int n_opp, const int64_t *styles,
                    const int64_t *name_rank, int shares, int every_offered);

#endif
