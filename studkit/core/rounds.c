/* A betting round from its start to its end: who may bet, who opens (the bring-in, the
 * blinds, the first actor), the turn passing clockwise, uncalled bets returned, and what
 * happens when the round closes: the pot to the last player in, every hand turned up when
 * all-ins have closed the betting, or the next street. */
#include "core.h"

int sk_betting_open(const sk_hand *h) {
    int32_t can = sk_can_bet(h);
    return (can & (can - 1)) != 0; /* more than one */
}

/* Whether a player who can bet still owes part of a blind posted before the first round:
 * with the blinds all in, the one player left with chips must call or fold. */
static int owes_a_blind(const sk_rules *r, const sk_hand *h) {
    if (h->street != 0 || r->big_blind <= 0) return 0;
    int64_t top = 0;
    for (int s = 0; s < h->n; s++)
        if (h->bets[s] > top) top = h->bets[s];
    for (int s = 0; s < h->n; s++)
        if (!h->folded[s] && h->stack[s] > 0 && h->bets[s] < top) return 1;
    return 0;
}

int sk_start_round(const sk_rules *r, sk_hand *h, sk_log *log) {
    int32_t can = sk_can_bet(h); /* each live player with chips must act, and may bet */
    if (!(can & (can - 1)) && !owes_a_blind(r, h)) { /* fewer than two */
        h->to_act = 0;
        return 0;
    }
    h->to_act = can;
    h->may_raise = can;
    int st = h->street;
    h->bet = h->last_full = h->posted = 0;
    h->increment = r->min_open;
    h->size = r->street_size[st];
    h->open_pair = r->street_open_pair[st] && sk_any_open_pair(h);
    if (h->open_pair) h->open_pair_streets |= SK_BIT(st);
    h->big_made = 0;
    h->max_bet = r->street_round_max[st];
    h->raises = 0;
    h->capped_multi = 0;
    h->players = h->n_in;
    h->aggressor = -1;
    h->last_checker = -1;
    if (st == 0 && r->big_blind > 0 && sk_open_blind_round(r, h)) return 1;
    if (st == r->bring_in_street && r->bring_in > 0) {
        int forced = sk_forced_seat(r, h);
        if (forced >= 0) {
            h->choice = forced;
            if (r->hooks) {
                h->phase = SK_PHASE_BRING_IN; /* a plugin may choose another seat */
                h->actor = -1;
                return 1;
            }
            h->forced = h->bring_in_seat = forced;
            h->leader = forced;
            h->actor = forced;
            h->phase = SK_PHASE_BET;
            return 1;
        }
    }
    int leader = sk_street_leader(r, h);
    if (leader >= 0 && st > 0 && leader == h->board_leader[st - 1])
        h->board_leader[st] = (int8_t)leader; /* the boards as they were: the same best one */
    if (leader < 0) {
        h->phase = SK_PHASE_SHOWING; /* the showing hands decide */
        h->actor = -1;
        return 1;
    }
    sk_open_round(r, h, log, leader);
    return 1;
}

void sk_open_round(const sk_rules *r, sk_hand *h, sk_log *log, int leader) {
    (void)log;
    if (r->hooks && h->phase != SK_PHASE_FIRST_ACTOR) {
        h->choice = leader;
        h->phase = SK_PHASE_FIRST_ACTOR; /* a plugin may choose another seat */
        h->actor = -1;
        return;
    }
    h->leader = leader;
    /* the first who must act from the leader on (two players who can bet guarantee one) */
    h->actor = sk_first_from(h->to_act, leader);
    h->phase = SK_PHASE_BET;
}

int sk_uncalled(int n, const int64_t *chips, int64_t *amount) {
    int64_t top = 0, second = 0;
    int top_seat = -1;
    for (int s = 0; s < n; s++) {
        if (chips[s] > top) {
            second = top;
            top = chips[s];
            top_seat = s;
        } else if (chips[s] > second) {
            second = chips[s];
        }
    }
    if (top_seat < 0 || top == second) return -1;
    *amount = top - second;
    return top_seat;
}

void sk_end_round(const sk_rules *r, sk_hand *h, sk_log *log) {
    int n = h->n;
    int64_t bet = 0; /* whether any chips were bet this round */
    for (int s = 0; s < n; s++) bet |= h->bets[s];
    if (bet) {
        int64_t back;
        int top_seat = sk_uncalled(n, h->bets, &back);
        if (top_seat >= 0) { /* the highest bet was not matched: give back what nobody called */
            h->stack[top_seat] += back;
            sk_stack_changed(h, top_seat);
            h->contrib[top_seat] -= back;
            sk_emit(log, SK_EV_RETURN, top_seat, 0, back, 0);
        }
        for (int s = 0; s < n; s++) h->bets[s] = 0;
    }
    h->street_pot[h->street] = sk_pot_now(h); /* as the street's betting ended, for the tallies */
    h->rounds_played |= SK_BIT(h->street);
    h->actor = -1;
    if (h->n_in == 1) {
        sk_win_uncontested(r, h, log);
        return;
    }
    if (!h->exposed && !sk_betting_open(h)) sk_expose(r, h, log);
    sk_next_street(r, h, log);
}

void sk_expose(const sk_rules *r, sk_hand *h, sk_log *log) {
    int64_t amount[SK_POTS];
    int32_t eligible[SK_POTS];
    h->exposed = 1;
    int npots = sk_build_pots(h->n, h->contrib, h->folded, h->dead, amount, eligible);
    h->nshown = sk_show_order(r, h, npots, eligible, h->shown);
    for (int k = 0; k < h->nshown; k++) sk_emit(log, SK_EV_SHOW, h->shown[k], 0, 0, 0);
}

void sk_win_uncontested(const sk_rules *r, sk_hand *h, sk_log *log) {
    int winner = -1;
    int64_t total = h->dead;
    for (int s = 0; s < h->n; s++) {
        total += h->contrib[s];
        if (winner < 0 && !h->folded[s]) winner = s; /* the one live seat */
    }
    h->npots = 0;
    if (total) {
        h->pot_amount[0] = total;
        h->pot_eligible[0] = 1 << winner;
        h->npots = 1;
    }
    int64_t won = total;
    sk_rake_pots(r, h->rake, h->npots, &total, &won);
    h->stack[winner] += won;
    sk_stack_changed(h, winner);
    sk_emit(log, SK_EV_AWARD, winner, 0, won, 0);
    h->phase = SK_PHASE_OVER;
    h->actor = -1;
    h->forced = -1;
}
