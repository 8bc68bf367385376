/* The shipped bots' decisions (see decide.h); the constants are studkit.bots.strategy's. */
#include <math.h>

#include "../core/events.h"
#include "decide.h"

#define NEAR_NUTS 0.9         /* a style raises again past its max_raises above this */
#define EQUITY_RAISES 3       /* the equity bot's raise limit on a street */
#define EQUITY_NEAR_NUTS 0.85 /* and the equity that raises past it */
#define EQUITY_CLEAR 2.5      /* standard errors from a threshold: the side is settled */

double sk_crowded(double raw, int opponents) {
    return raw - 0.02 * (double)(opponents - 1 > 0 ? opponents - 1 : 0);
}

int sk_aggressive_kind(int avail) {
    if (avail >> SK_RAISE & 1) return SK_RAISE;
    if (avail >> SK_BET & 1) return SK_BET;
    if (avail >> SK_COMPLETE & 1) return SK_COMPLETE;
    return -1;
}

/* Check, else bring in, else call when `call_ok`, else fold, else call, else the first. */
static int passive(int avail, int call_ok) {
    if (avail >> SK_CHECK & 1) return SK_CHECK;
    if (avail >> SK_BRING_IN & 1) return SK_BRING_IN;
    if (call_ok && avail >> SK_CALL & 1) return SK_CALL;
    if (avail >> SK_FOLD & 1) return SK_FOLD;
    if (avail >> SK_CALL & 1) return SK_CALL;
    return SK_FIRST;
}

static int style_raise(int avail, int raises, int max_raises, double score) {
    int kind = sk_aggressive_kind(avail);
    if (kind >= 0 && raises >= max_raises && score < NEAR_NUTS) return -1;
    return kind;
}

int sk_style_rolls(int avail, int raises, int max_raises, double score, double bet) {
    return style_raise(avail, raises, max_raises, score) >= 0 && !(score >= bet);
}

static double price(int64_t to_call, int64_t pot) {
    int64_t whole = pot + to_call > 1 ? pot + to_call : 1;
    return (double)to_call / (double)whole;
}

int sk_style_choice(double enter, double stay, double bet, double bluff, int max_raises,
                    double score, int raises, int first_street, int64_t to_call, int64_t pot,
                    int avail, double u) {
    int kind = style_raise(avail, raises, max_raises, score);
    if (kind >= 0 && (score >= bet || u < bluff)) return kind;
    double threshold = first_street ? enter : stay;
    /* cheap calls (a big pot relative to the price) lower the bar a little */
    return passive(avail, score >= threshold - (0.25 - price(to_call, pot)) * 0.4);
}

int sk_equity_choice(double value, double margin, int players, int raises, int64_t to_call,
                     int64_t pot, int avail) {
    double fair = 1.0 / players;
    int kind = sk_aggressive_kind(avail);
    if (kind >= 0 && raises >= EQUITY_RAISES && value < EQUITY_NEAR_NUTS) kind = -1;
    if (kind >= 0 && value >= fair * margin && value > 0.3) return kind;
    return passive(avail, value >= price(to_call, pot));
}

static int clear(double value, int deals, double threshold) {
    double spread = EQUITY_CLEAR * sqrt(threshold * (1.0 - threshold) / deals);
    return fabs(value - threshold) > spread;
}

int sk_equity_settled(double won, int deals, double margin, int players, int raises,
                      int64_t to_call, int64_t pot, int avail) {
    double value = won / deals;
    if (sk_aggressive_kind(avail) >= 0) {
        double threshold = margin / players;
        if (threshold < 0.3) threshold = 0.3;
        if (raises >= EQUITY_RAISES && threshold < EQUITY_NEAR_NUTS) threshold = EQUITY_NEAR_NUTS;
        if (!clear(value, deals, threshold)) return 0;
        if (value > threshold) return 1; /* it bets or raises whatever a call would cost */
    }
    int asks_price = !(avail >> SK_CHECK & 1 || avail >> SK_BRING_IN & 1);
    if (asks_price && avail >> SK_CALL & 1 && avail >> SK_FOLD & 1)
        return clear(value, deals, price(to_call, pot));
    return 1;
}

int64_t sk_sized_total(int64_t low, int64_t high, int64_t my_bet, int64_t to_call, int64_t pot,
                       double fraction) {
    int64_t target = my_bet + to_call + (int64_t)rint(fraction * (double)(pot + to_call));
    if (target < low) target = low;
    return target < high ? target : high;
}
