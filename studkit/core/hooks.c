/* The hook phases and the effects of plugins' records.
 *
 * With plugins (rules->hooks) the hand stops at named phases: after a street's deal, between
 * streets, when the bring-in or the first actor is chosen, and before the odd chips are
 * given. The driver runs the plugins there; what they return changes the hand only through
 * the effect functions here (a payment, a fold, a card turned up, a card taken, a card
 * given: sk_give), then sk_resume() goes on from the phase. */
#include "core.h"

int sk_choose(sk_hand *h, int seat) {
    if (h->phase != SK_PHASE_BRING_IN && h->phase != SK_PHASE_FIRST_ACTOR) return SK_ERROR_PHASE;
    if (seat < 0 || seat >= h->n || h->folded[seat]) return SK_ERROR_SEAT;
    h->choice = seat;
    return SK_OK;
}

int sk_resume(const sk_rules *r, sk_hand *h, sk_log *log) {
    switch (h->phase) {
    case SK_PHASE_AFTER_DEAL:
        if (h->n_in == 1) {
            sk_win_uncontested(r, h, log);
            return SK_OK;
        }
        h->hook_done = 1;
        sk_after_deal(r, h, log);
        return SK_OK;
    case SK_PHASE_BETWEEN_STREETS:
        if (h->n_in == 1) {
            sk_win_uncontested(r, h, log);
            return SK_OK;
        }
        h->hook_done = 1;
        sk_next_street(r, h, log);
        return SK_OK;
    case SK_PHASE_BRING_IN:
        h->forced = h->bring_in_seat = h->choice;
        h->leader = h->choice;
        h->actor = h->choice;
        h->phase = SK_PHASE_BET;
        return SK_OK;
    case SK_PHASE_FIRST_ACTOR:
        sk_open_round(r, h, log, h->choice);
        return SK_OK;
    default:
        return SK_ERROR_PHASE;
    }
}

int sk_pay(sk_hand *h, int seat, int64_t amount) {
    if (seat < 0 || seat >= h->n) return SK_ERROR_SEAT;
    if (amount < 0 || amount > h->stack[seat]) return SK_ERROR_NO_CHIPS;
    h->stack[seat] -= amount;
    sk_stack_changed(h, seat);
    h->dead += amount; /* dead money: the payer's loss, not a stake to match */
    return SK_OK;
}

int sk_fold_seat(const sk_rules *r, sk_hand *h, sk_log *log, int seat) {
    (void)r;
    if (seat < 0 || seat >= h->n || h->folded[seat]) return SK_ERROR_SEAT;
    h->folded[seat] = 1;
    h->live &= ~SK_BIT(seat);
    h->n_in--;
    h->to_act &= ~SK_BIT(seat);
    sk_muck_cards(h, seat);
    sk_emit(log, SK_EV_ACTION, seat, SK_FOLD, 0, 0);
    return SK_OK;
}

static int find(const uint8_t *cards, int count, int card) {
    for (int i = 0; i < count; i++)
        if (cards[i] == card) return i;
    return -1;
}

static void take_out(uint8_t *cards, int8_t *count, int at) {
    for (int i = at; i + 1 < *count; i++) cards[i] = cards[i + 1];
    (*count)--;
}

int sk_turn_up(sk_hand *h, int seat, int card) {
    if (seat < 0 || seat >= h->n) return SK_ERROR_SEAT;
    uint8_t *down = &h->down[seat * SK_CARDS];
    int at = find(down, h->ndown[seat], card);
    if (at < 0) return SK_ERROR_NO_CARD;
    take_out(down, &h->ndown[seat], at);
    SK_UP(h, seat, h->nup[seat]) = (uint8_t)card;
    h->nup[seat]++;
    return SK_OK;
}

int sk_remove_card(sk_hand *h, int seat, int card) {
    if (seat < 0 || seat >= h->n) return SK_ERROR_SEAT;
    uint8_t *held = &h->cards[seat * SK_CARDS];
    int at = find(held, h->ncards[seat], card);
    if (at < 0) return SK_ERROR_NO_CARD;
    take_out(held, &h->ncards[seat], at);
    uint8_t *up = &h->up[seat * SK_CARDS];
    int i = find(up, h->nup[seat], card);
    if (i >= 0) {
        take_out(up, &h->nup[seat], i);
    } else {
        uint8_t *down = &h->down[seat * SK_CARDS];
        i = find(down, h->ndown[seat], card);
        if (i >= 0) take_out(down, &h->ndown[seat], i);
    }
    if (h->nmuck < SK_MUCK) h->muck[h->nmuck++] = (uint8_t)card;
    return SK_OK;
}
