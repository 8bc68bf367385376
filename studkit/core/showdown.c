/* The showdown: who shows first, and who may muck.
 *
 * Hands are shown clockwise from the last bettor or raiser of the last betting round (with
 * no bet there: the last player to check, or the round's first actor); side-pot contenders
 * show before a player all in for a smaller pot. With losers_may_muck, a hand that cannot win
 * or tie any share of any pot against the hands already shown is mucked unshown; in a pot no
 * hand shown qualifies for, that includes the ways the pot could still be split (chopped
 * among every hand: each is shown; shared as if without qualifiers: a hand beaten there by
 * one shown mucks). Hands turned up when all-ins closed the betting were shown then, once,
 * and none of them mucks.
 *
 * With muck_concedes, a player may also muck by choice (sk_concede, any time before the
 * award while its hand is unseen): it concedes, its hand is never judged, and the pots go to
 * the best hands among the others. */
#include <string.h>

#include "core.h"

int sk_show_order(const sk_rules *r, const sk_hand *h, int npots, const int32_t *eligible,
                  int8_t *out) {
    int n = h->n;
    int start = h->aggressor;
    if (start < 0 || h->folded[start]) start = r->show_from_last_checker ? h->last_checker : h->leader;
    if (start < 0 || h->folded[start]) start = h->leader;
    if (start < 0 || h->folded[start]) start = sk_next_seat(h->button, n);
    int count = 0;
    int s = start;
    for (int k = 0; k < n; k++) {
        if (!h->folded[s]) out[count++] = (int8_t)s;
        s = sk_next_seat(s, n);
    }
    if (npots > 1) { /* side-pot contenders first: a stable sort by the last pot each may win */
        int last[SK_SEATS];
        for (int k = 0; k < count; k++) {
            last[k] = -1;
            for (int p = 0; p < npots; p++)
                if (eligible[p] >> out[k] & 1) last[k] = p;
        }
        for (int k = 1; k < count; k++) {
            int8_t seat = out[k];
            int key = last[k];
            int j = k - 1;
            while (j >= 0 && last[j] < key) {
                out[j + 1] = out[j];
                last[j + 1] = last[j];
                j--;
            }
            out[j + 1] = seat;
            last[j + 1] = key;
        }
    }
    return count;
}

#define AT(strengths, pot, share, seat) \
    (strengths)[((pot) * SK_SHARES + (share)) * SK_SEATS + (seat)]

/* Whether `seat` could win or tie a share of a pot it is in, against the best shown so far
 * (`best[pot * SK_SHARES + share]`, `seen` a bit per pot some hand was shown for). */
static int can_win(const sk_rules *r, const sk_hand *h, int seat, const int64_t *judged,
                   const int64_t *raw, const int64_t *best, int32_t seen) {
    int shares = r->shares;
    for (int p = 0; p < h->npots; p++) {
        int32_t in = h->pot_eligible[p];
        if (!(in >> seat & 1)) continue;
        if (!(seen >> p & 1)) return 1;
        int qualified = 0; /* a hand shown qualifies for a share of this pot */
        for (int k = 0; k < shares; k++) {
            int64_t mine = AT(judged, p, k, seat);
            int64_t top = best[p * SK_SHARES + k];
            if (mine > 0 && mine >= top) return 1;
            if (top > 0) qualified = 1;
        }
        if (qualified) continue;
        if (raw == NULL) return 1; /* the pot may be chopped among every hand: show */
        /* shared as if without qualifiers: the best of the hands shown, unqualified */
        int any = 0;
        for (int k = 0; k < shares; k++) {
            int64_t most = 0;
            for (int i = 0; i < h->nshown; i++) {
                int s = h->shown[i];
                if (in >> s & 1 && raw[k * SK_SEATS + s] > most) most = raw[k * SK_SEATS + s];
            }
            if (most > 0) any = 1;
            int64_t mine = raw[k * SK_SEATS + seat];
            if (mine > 0 && mine >= most) return 1;
        }
        if (!any) return 1; /* nor without them: the pot may be chopped among every hand */
    }
    return 0;
}

int sk_concede(const sk_rules *r, sk_hand *h, int seat) {
    if (!r->muck_concedes || h->phase == SK_PHASE_OVER || h->phase == SK_PHASE_ODD_CHIPS ||
        h->exposed)
        return SK_ERROR_ILLEGAL;
    if (seat < 0 || seat >= h->n || h->folded[seat]) return SK_ERROR_SEAT;
    int32_t conceded = h->conceded | SK_BIT(seat);
    if (!(h->live & ~conceded)) return SK_ERROR_ILLEGAL; /* the last hand in shows */
    h->conceded = conceded;
    return SK_OK;
}

int sk_showdown(const sk_rules *r, sk_hand *h, sk_log *log, int64_t *strengths,
                const uint8_t *played) {
    if (h->phase != SK_PHASE_SHOWDOWN) return SK_ERROR_PHASE;
    int n = h->n;
    int shares = r->shares;
    int npots = h->npots;
    /* Who conceded has no hand and no claim: out of every pot some other player is in. */
    int32_t conceded = h->exposed ? 0 : h->conceded & h->live;
    for (int p = 0; conceded && p < npots; p++) {
        int32_t in = h->pot_eligible[p];
        if (in & ~conceded) h->pot_eligible[p] = in & ~conceded;
        for (int k = 0; k < shares; k++)
            for (int s = 0; s < n; s++)
                if (conceded >> s & 1) AT(strengths, p, k, s) = 0;
    }
    /* The qualifiers: a hand below a share's qualifier scores nothing in it. Without
     * plugins, ignore_qualifiers keeps the strengths as given (`raw`, the same in every pot)
     * for a pot in which no eligible hand qualifies for any share: it is shared as if no
     * share had a qualifier. */
    int64_t unqualified[SK_SHARES * SK_SEATS];
    const int64_t *raw = NULL;
    if (r->ignore_qualifiers && !r->hooks && npots > 0) {
        memcpy(unqualified, strengths, sizeof unqualified);
        raw = unqualified;
    }
    for (int p = 0; p < npots; p++)
        for (int k = 0; k < shares; k++) {
            int64_t least = r->share_qualifier[k];
            if (least <= 0) continue;
            for (int s = 0; s < n; s++)
                if (AT(strengths, p, k, s) < least) AT(strengths, p, k, s) = 0;
        }
    /* The strengths each pot is awarded with: with ignore_qualifiers, a pot nobody qualifies
     * for takes the unqualified ones. Mucking is judged by the qualified (`judged`). */
    int64_t given[SK_POTS * SK_SHARES * SK_SEATS];
    const int64_t *judged = strengths;
    if (raw != NULL) {
        memcpy(given, strengths, sizeof(int64_t) * (size_t)(npots * SK_SHARES * SK_SEATS));
        judged = given;
        for (int p = 0; p < npots; p++) {
            int32_t in = h->pot_eligible[p];
            int any = 0;
            for (int k = 0; k < shares; k++)
                for (int s = 0; s < n; s++) any |= in >> s & 1 && AT(strengths, p, k, s) > 0;
            if (any) continue;
            for (int k = 0; k < shares; k++)
                for (int s = 0; s < n; s++) AT(strengths, p, k, s) = raw[k * SK_SEATS + s];
        }
    }
    int8_t order[SK_SEATS];
    int live = 0;
    h->nmucked = 0;
    if (h->exposed) {
        for (int i = 0; i < h->nshown; i++)
            if (!h->folded[h->shown[i]]) order[live++] = h->shown[i];
    } else {
        int8_t all[SK_SEATS];
        int count = sk_show_order(r, h, npots, h->pot_eligible, all);
        for (int i = 0; i < count; i++) { /* who conceded mucks unjudged, in the show order */
            int s = all[i];
            if (conceded >> s & 1) {
                h->mucked[h->nmucked++] = (int8_t)s;
                sk_emit(log, SK_EV_MUCK, s, 0, 0, 0);
            } else {
                order[live++] = (int8_t)s;
            }
        }
    }
    int may_muck = r->losers_may_muck && !h->exposed;
    h->nshown = 0;
    if (npots == 1 && shares == 1) {
        /* One pot, one share: a hand mucks when it is below the best shown so far. */
        int64_t best_shown = -1;
        for (int i = 0; i < live; i++) {
            int s = order[i];
            int64_t mine = AT(strengths, 0, 0, s);
            if (may_muck && h->nshown > 0 && mine < best_shown) {
                h->mucked[h->nmucked++] = (int8_t)s;
                sk_emit(log, SK_EV_MUCK, s, 0, 0, 0);
                AT(strengths, 0, 0, s) = 0;
                continue;
            }
            h->shown[h->nshown++] = (int8_t)s;
            if (!h->exposed) sk_emit(log, SK_EV_SHOW, s, 0, 0, 0);
            if (mine > best_shown) best_shown = mine;
        }
    } else {
        int64_t best[SK_POTS * SK_SHARES];
        int32_t seen = 0;
        for (int i = 0; i < live; i++) {
            int s = order[i];
            if (may_muck && h->nshown > 0 && !can_win(r, h, s, judged, raw, best, seen)) {
                h->mucked[h->nmucked++] = (int8_t)s;
                sk_emit(log, SK_EV_MUCK, s, 0, 0, 0);
                for (int p = 0; p < npots; p++)
                    for (int k = 0; k < shares; k++) AT(strengths, p, k, s) = 0;
                continue;
            }
            h->shown[h->nshown++] = (int8_t)s;
            if (!h->exposed) sk_emit(log, SK_EV_SHOW, s, 0, 0, 0);
            for (int p = 0; p < npots; p++) {
                if (!(h->pot_eligible[p] >> s & 1)) continue;
                for (int k = 0; k < shares; k++) {
                    int64_t mine = AT(judged, p, k, s);
                    if (!(seen >> p & 1) || mine > best[p * SK_SHARES + k])
                        best[p * SK_SHARES + k] = mine;
                }
                seen |= 1 << p;
            }
        }
    }
    if (r->hooks) {
        h->phase = SK_PHASE_ODD_CHIPS; /* a plugin may give the odd chips its own way */
        return SK_OK;
    }
    return sk_award(r, h, log, strengths, NULL, played);
}
