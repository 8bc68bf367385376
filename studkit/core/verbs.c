/* What each betting decision does to the hand, then the turn passes on. */
#include <string.h>

#include "core.h"

void sk_muck_cards(sk_hand *h, int seat) {
    int count = h->ncards[seat];
    int room = SK_MUCK - h->nmuck;
    if (count > room) count = room;
    if (count <= 0) return;
    memcpy(&h->muck[h->nmuck], &SK_CARD(h, seat, 0), (size_t)count);
    h->nmuck += count;
}

static void fold(const sk_rules *r, sk_hand *h, sk_log *log, int seat) {
    h->folded[seat] = 1;
    h->live &= ~SK_BIT(seat);
    h->n_in--;
    h->to_act &= ~SK_BIT(seat);
    sk_muck_cards(h, seat);
    sk_emit(log, SK_EV_ACTION, seat, SK_FOLD, h->bets[seat], 0);
    if (h->n_in == 1) {
        h->actor = -1;
        sk_end_round(r, h, log);
    } else {
        sk_pass_turn(r, h, log, seat);
    }
}

static void put_in(sk_hand *h, int seat, int64_t chips) {
    h->stack[seat] -= chips;
    sk_stack_changed(h, seat);
    h->bets[seat] += chips;
    h->contrib[seat] += chips;
}

static void bring_in(const sk_rules *r, sk_hand *h, sk_log *log, int seat, int64_t chips) {
    put_in(h, seat, chips);
    int64_t full = r->bring_in;
    if (chips < full && r->bring_in_called_as_posted) full = chips; /* call the partial one */
    h->forced = -1;
    h->bet = full;
    h->posted = full;
    if (!r->completes) {
        h->last_full = full;
        h->increment = full;
    }
    if (r->completion_is_raise) h->raises = 1;
    h->to_act = (h->to_act | sk_can_bet(h)) & ~SK_BIT(seat); /* everyone else answers it */
    h->may_raise &= ~SK_BIT(seat);
    h->aggressor = seat;
    sk_emit(log, SK_EV_ACTION, seat, SK_BRING_IN, h->bets[seat], chips);
    sk_pass_turn(r, h, log, seat);
}

static void aggress(const sk_rules *r, sk_hand *h, sk_log *log, int seat, int verb,
                    int64_t to) {
    int64_t chips = to - h->bets[seat];
    put_in(h, seat, chips);
    h->forced = -1;
    int32_t others = sk_can_bet(h) & ~SK_BIT(seat);
    if (sk_record(r, h, to)) { /* a full bet or raise: the betting reopens */
        h->raises++;
        if (r->max_raises >= 0 && h->raises > r->max_raises) {
            h->capped_streets |= SK_BIT(h->street);
            if (h->n_in > 2) h->capped_multi = 1;
        }
        h->to_act = others;
        h->may_raise = others;
    } else { /* short: those it raises must answer, but it reopens nothing */
        for (int32_t m = others; m; m &= m - 1) {
            int s = __builtin_ctz((unsigned)m);
            if (h->bets[s] < to) h->to_act |= SK_BIT(s);
        }
    }
    if (to > h->bet) h->bet = to;
    h->to_act &= ~SK_BIT(seat);
    h->may_raise &= ~SK_BIT(seat);
    h->aggressor = seat;
    sk_emit(log, SK_EV_ACTION, seat, verb, to, chips);
    sk_pass_turn(r, h, log, seat);
}

void sk_take(const sk_rules *r, sk_hand *h, sk_log *log, int verb, int64_t amount) {
    int seat = h->actor;
    switch (verb) {
    case SK_FOLD:
        fold(r, h, log, seat);
        return;
    case SK_CHECK:
        h->to_act &= ~SK_BIT(seat);
        h->may_raise &= ~SK_BIT(seat);
        h->last_checker = seat;
        sk_emit(log, SK_EV_ACTION, seat, SK_CHECK, h->bets[seat], 0);
        sk_pass_turn(r, h, log, seat);
        return;
    case SK_CALL:
        put_in(h, seat, amount);
        h->to_act &= ~SK_BIT(seat);
        h->may_raise &= ~SK_BIT(seat);
        sk_emit(log, SK_EV_ACTION, seat, SK_CALL, h->bets[seat], amount);
        sk_pass_turn(r, h, log, seat);
        return;
    case SK_BRING_IN:
        bring_in(r, h, log, seat, amount);
        return;
    default:
        aggress(r, h, log, seat, verb, amount);
    }
}

int sk_act(const sk_rules *r, sk_hand *h, sk_log *log, int verb, int64_t amount) {
    int64_t chips = 0;
    int error = sk_check(r, h, verb, amount, &chips);
    if (error) return error;
    sk_take(r, h, log, verb, chips);
    return SK_OK;
}
