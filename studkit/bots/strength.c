/* The rule-based bots' hand score, 0 (hopeless) to 1 (the nuts): studkit.bots.strength's
 * heuristic, from a seat's own cards, the cards still to come and the opponents' up cards.
 * Cards: rank c >> 2, suit c & 3, 52 and up wild. */
#include "decide.h"

#define ACE 12
#define KIND_BADUGI SK_KIND_BADUGI
#define KIND_RAZZ_HIGH SK_KIND_RAZZ_HIGH
#define KIND_TWO_CARD SK_KIND_TWO_CARD
#define KIND_ACTION_RAZZ SK_KIND_ACTION_RAZZ
#define KIND_SOKO SK_KIND_SOKO

static double dmax(double a, double b) { return a > b ? a : b; }
static double dmin(double a, double b) { return a < b ? a : b; }
static int imax(int a, int b) { return a > b ? a : b; }

static int bits5(int64_t mask) {
    int count = 0;
    for (int k = 0; k < 5; k++) count += (int)((mask >> k) & 1);
    return count;
}

/* The most distinct ranks inside one window of five consecutive ranks (bit 0 an ace played
 * low, bit r + 1 rank r). */
static int longest_run(int64_t present) {
    int best = bits5(present);
    for (int low = 1; low < 10; low++) {
        int window = bits5(present >> low);
        if (window > best) best = window;
    }
    return best;
}

static double high_made(const int64_t *cards, int off, int count) {
    int64_t ranks = 0, suits = 0;
    int wild = 0;
    for (int k = off; k < off + count; k++) {
        int64_t c = cards[k];
        if (c >= 52) {
            wild++;
        } else {
            ranks += (int64_t)1 << (3 * (c >> 2));
            suits += (int64_t)1 << (4 * (c & 3));
        }
    }
    int top_count = 0, second = 0, top_rank = -1, high = -1;
    int64_t present = 0;
    for (int rank = 12; rank >= 0; rank--) {
        int n = (int)((ranks >> (3 * rank)) & 7);
        if (n == 0) continue;
        present |= (int64_t)1 << (rank + 1);
        if (rank > high) high = rank;
        if (n > top_count) {
            second = top_count;
            top_count = n;
            top_rank = rank;
        } else if (n > second) {
            second = n;
        }
    }
    if (present >> (ACE + 1) & 1) present |= 1;
    top_count += wild;
    int most = 0;
    for (int suit = 0; suit < 4; suit++) {
        int n = (int)((suits >> (4 * suit)) & 15);
        if (n > most) most = n;
    }
    if (top_count >= 4) return 0.97;
    if (top_count == 3 && second >= 2) return 0.94;
    if (most + wild >= 5) return 0.9;
    if (count >= 5 && longest_run(present) + wild >= 5) return 0.87;
    if (top_count == 3) return 0.76 + 0.04 * imax(top_rank, 0) / 12;
    if (top_count == 2 && second == 2) return 0.6 + 0.08 * imax(top_rank, 0) / 12;
    if (top_count == 2) return 0.32 + 0.2 * imax(top_rank, 0) / 12;
    return 0.08 + 0.1 * imax(high, 0) / 12;
}

static double high_draws(const int64_t *cards, int off, int count, int to_come) {
    if (to_come <= 0) return 0.0;
    double bonus = 0.0;
    int64_t suits = 0, present = 0;
    for (int k = off; k < off + count; k++) {
        int64_t c = cards[k];
        if (c < 52) {
            suits += (int64_t)1 << (4 * (c & 3));
            int64_t rank = c >> 2;
            present |= (int64_t)1 << (rank + 1);
            if (rank == ACE) present |= 1;
        }
    }
    int most = 0;
    for (int suit = 0; suit < 4; suit++) {
        int n = (int)((suits >> (4 * suit)) & 15);
        if (n > most) most = n;
    }
    double late = to_come >= 2 ? 1.0 : 0.6;
    if (3 <= most && most < 5 && most + to_come >= 5) bonus = dmax(bonus, 0.08 * (most - 2) * late);
    int run = longest_run(present);
    if (3 <= run && run < 5 && run + to_come >= 5) bonus = dmax(bonus, 0.06 * (run - 2) * late);
    return bonus;
}

static double low_score(const int64_t *cards, int off, int count, int to_come, int ace_low,
                        int qualify_top) {
    int64_t present = 0;
    int wild = 0;
    for (int k = off; k < off + count; k++) {
        int64_t c = cards[k];
        if (c >= 52) {
            wild++;
            continue;
        }
        int rank = (int)(c >> 2);
        int order;
        if (ace_low == 2) /* razz high: ace-to-five ranks with the king best */
            order = 12 - (rank == ACE ? 0 : rank + 1);
        else if (ace_low)
            order = rank == ACE ? 0 : rank + 1;
        else
            order = rank;
        present |= (int64_t)1 << order;
    }
    int limit = qualify_top >= 0 ? qualify_top : 8;
    int lows = 0, fifth = -1, highest = limit;
    for (int order = 0; order <= limit; order++) {
        if (present >> order & 1) {
            lows++;
            if (lows == 5) fifth = order;
            highest = order;
        }
    }
    int distinct = lows + wild < 5 ? lows + wild : 5;
    if (distinct >= 5) {
        int top = lows >= 5 ? fifth : limit;
        return 1.0 - 0.07 * imax(0, top - 4);
    }
    int need = 5 - distinct;
    if (need > to_come) return qualify_top >= 0 ? 0.05 : 0.12;
    return 0.2 + 0.13 * distinct - 0.02 * imax(0, highest - 4) - 0.05 * imax(0, need - 2);
}

static double badugi_score(const int64_t *cards, int n, int to_come, int ace_low) {
    int64_t ranks = 0, suits = 0;
    int size = 0, top = 0;
    for (int order = 0; order < 13; order++) {
        for (int k = 0; k < n; k++) {
            int64_t c = cards[k];
            if (c >= 52) continue;
            int rank = (int)(c >> 2);
            int place = ace_low ? (rank == ACE ? 0 : rank + 1) : rank;
            if (place != order || (ranks >> order) & 1 || (suits >> (c & 3)) & 1) continue;
            ranks |= (int64_t)1 << order;
            suits |= (int64_t)1 << (c & 3);
            size++;
            top = order;
        }
    }
    if (size >= 4) return 0.55 + 0.45 * imax(0, 12 - top) / 9;
    double draw = to_come >= 1 ? 0.12 : 0.0;
    if (size == 3) return 0.2 + 0.15 * imax(0, 12 - top) / 10 + draw;
    return 0.04 + 0.03 * size + draw / 2;
}

static double two_card_score(const int64_t *cards, int n, int ace_low) {
    int64_t ranks = 0;
    int pair = -1;
    for (int k = 0; k < n; k++) {
        int64_t c = cards[k];
        if (c >= 52) continue;
        int rank = (int)(c >> 2);
        if ((ranks >> rank) & 1 && rank > pair) pair = rank;
        ranks |= (int64_t)1 << rank;
    }
    if (!ace_low) {
        if (pair >= 0) return 0.6 + 0.4 * pair / 12;
        int high = -1;
        for (int rank = 0; rank < 13; rank++)
            if ((ranks >> rank) & 1) high = rank;
        return 0.1 + 0.4 * imax(high, 0) / 12;
    }
    int64_t places = 0;
    for (int rank = 0; rank < 13; rank++)
        if ((ranks >> rank) & 1) places |= (int64_t)1 << (rank == ACE ? 0 : rank + 1);
    int found = 0, second = -1;
    for (int order = 0; order < 13; order++)
        if ((places >> order) & 1) {
            found++;
            if (found == 2) second = order;
        }
    if (second < 0) return 0.05;
    return 1.0 - 0.075 * (second - 1);
}

static int four_card_hands(const int64_t *cards, int n) {
    int64_t suits = 0, present = 0;
    for (int k = 0; k < n; k++) {
        int64_t c = cards[k];
        if (c >= 52) continue;
        suits += (int64_t)1 << (4 * (c & 3));
        present |= (int64_t)1 << ((c >> 2) + 1);
        if (c >> 2 == ACE) present |= 1;
    }
    for (int suit = 0; suit < 4; suit++)
        if (((suits >> (4 * suit)) & 15) >= 4) return 1;
    for (int low = 0; low < 11; low++)
        if (((present >> low) & 15) == 15) return 1;
    return 0;
}

static int has_face(const int64_t *cards, int n) {
    for (int k = 0; k < n; k++) {
        int64_t c = cards[k];
        if (c < 52 && 9 <= c >> 2 && c >> 2 <= 11) return 1;
    }
    return 0;
}

static double low_vs_boards(const int64_t *own, int n_own, const int64_t *opp, int width,
                            const int64_t *opp_n, int n_opp, int to_come, int ace_low,
                            int qualify_top) {
    double mine = low_score(own, 0, n_own, to_come, ace_low, qualify_top);
    int64_t shortest = 0;
    for (int k = 0; k < n_opp; k++)
        if (k == 0 || opp_n[k] < shortest) shortest = opp_n[k];
    int hidden = (int)(n_own - shortest + to_come);
    double theirs = 0.0;
    int found = 0;
    for (int k = 0; k < n_opp; k++) {
        if (opp_n[k] > 0) {
            double value = low_score(opp, k * width, (int)opp_n[k], hidden, ace_low, qualify_top);
            if (!found || value > theirs) {
                theirs = value;
                found = 1;
            }
        }
    }
    return mine * (theirs > mine ? 0.75 : 1.0);
}

static double share_score(const int64_t *own, int n_own, const int64_t *opp, int width,
                          const int64_t *opp_n, int n_opp, int to_come, int low, int ace_low,
                          int qualify_top) {
    if (low == KIND_BADUGI) return badugi_score(own, n_own, to_come, ace_low);
    if (low == KIND_TWO_CARD) return two_card_score(own, n_own, ace_low);
    if (low == KIND_RAZZ_HIGH) return low_score(own, 0, n_own, to_come, 2, -1);
    if (low == KIND_ACTION_RAZZ) {
        double razz = low_vs_boards(own, n_own, opp, width, opp_n, n_opp, to_come, 1, -1);
        if (has_face(own, n_own)) return dmin(1.0, 0.3 + 0.7 * razz);
        return razz * (to_come == 0 ? 0.3 : 0.6);
    }
    if (low == 1)
        return low_vs_boards(own, n_own, opp, width, opp_n, n_opp, to_come, ace_low, qualify_top);
    double made = high_made(own, 0, n_own);
    if (low == KIND_SOKO && made < 0.56 && four_card_hands(own, n_own))
        made = 0.56; /* a four-flush or four-straight: between one pair and two pair */
    double threat = 1.0; /* below 1 when an opponent's up cards alone beat the hand */
    for (int k = 0; k < n_opp; k++) {
        if (opp_n[k] == 0) continue;
        double theirs = high_made(opp, k * width, (int)opp_n[k]);
        if (theirs >= made)
            threat = dmin(threat, 0.65);
        else if (theirs >= made - 0.1)
            threat = dmin(threat, 0.85);
    }
    return dmin(1.0, made * threat + high_draws(own, 0, n_own, to_come));
}

double sk_score_cards(const int64_t *own, int n_own, const int64_t *opp, int width,
                      const int64_t *opp_n, int n_opp, int to_come, const int64_t *styles,
                      int n_styles) {
    if (n_styles == 0) return 0.5;
    double best = 0.0, rest = 0.0;
    for (int i = 0; i < n_styles; i++) {
        double value = share_score(own, n_own, opp, width, opp_n, n_opp, to_come,
                                   (int)styles[3 * i], (int)styles[3 * i + 1],
                                   (int)styles[3 * i + 2]);
        if (i == 0) {
            best = value;
        } else if (value > best) {
            rest += best;
            best = value;
        } else {
            rest += value;
        }
    }
    return dmin(1.0, best + 0.25 * rest);
}
