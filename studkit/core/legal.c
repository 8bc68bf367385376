/* What the player to act may do: one check per verb, and the list of every decision whose
 * check passes. The engine's legal_actions(), can_x(), verify_x() and verbs, the kernel's
 * bots and the RL environments all ask these.
 *
 * Fold: facing a bet (with nothing to call too, where the rules' free_fold allows it), and
 * never instead of the bring-in. Check: nothing to call, and not the forced player. Call:
 * facing a bet (all in for less when short). Bring in: the forced player (all its chips when
 * short). Complete, bet or raise: the one aggressive kind open, to the structure's totals
 * cut to the stack, when the betting is open to the player, some other player could still
 * put in more, and the raise cap allows it. */
#include "core.h"

int sk_passive(const sk_rules *r, const sk_hand *h, sk_option *out) {
    int seat = h->actor;
    int64_t stack = h->stack[seat];
    if (h->forced == seat) {
        out[0].verb = SK_BRING_IN;
        out[0].lo = out[0].hi = r->bring_in < stack ? r->bring_in : stack;
        return 1;
    }
    int64_t owed = h->bet - h->bets[seat];
    if (owed > 0) {
        out[0].verb = SK_FOLD;
        out[0].lo = out[0].hi = 0;
        out[1].verb = SK_CALL;
        out[1].lo = out[1].hi = owed < stack ? owed : stack;
        return 2;
    }
    int count = 0;
    if (r->free_fold) { /* a fold though checking is free */
        out[count].verb = SK_FOLD;
        out[count].lo = out[count].hi = 0;
        count++;
    }
    out[count].verb = SK_CHECK; /* the last passive row: check_or_call takes it */
    out[count].lo = out[count].hi = 0;
    return count + 1;
}

/* The aggressive kind open to the actor and its ranges of totals (within its stack) into
 * out; how many (0: none). */
static int aggression(const sk_rules *r, const sk_hand *h, sk_option *out) {
    int seat = h->actor;
    int64_t stack = h->stack[seat];
    int64_t mine = h->bets[seat];
    int64_t cur = h->bet;
    if (stack <= cur - mine || !(h->may_raise >> seat & 1)) return 0;
    int someone = 0; /* another player who could put in more than the bet already made */
    for (int32_t m = h->live & ~SK_BIT(seat); m; m &= m - 1) {
        int s = __builtin_ctz((unsigned)m);
        if (h->stack[s] > 0 && h->bets[s] + h->stack[s] > cur) {
            someone = 1;
            break;
        }
    }
    if (!someone) return 0;
    int64_t lo[2], hi[2];
    int count;
    int verb;
    int64_t pot = r->structure == SK_FIXED_LIMIT ? 0 : sk_pot_now(h);
    if (h->forced == seat) { /* the forced player may complete (or open) instead */
        if (!r->may_complete) return 0;
        int64_t bring = r->bring_in;
        if (mine + stack <= bring && !r->short_full) return 0; /* a partial bring-in at most */
        verb = r->completes ? SK_COMPLETE : SK_BET;
        count = sk_forced_targets(r, h, pot, lo, hi);
        for (int i = 0; i < count; i++) {
            if (lo[i] <= bring) lo[i] = bring + 1;
            if (hi[i] <= bring) hi[i] = bring + 1;
        }
    } else {
        if (r->max_raises >= 0 && h->raises > r->max_raises && !sk_uncapped(r, h)) return 0;
        if (cur == 0)
            verb = SK_BET;
        else if (h->last_full == 0 && r->completes)
            verb = SK_COMPLETE;
        else
            verb = SK_RAISE;
        count = sk_targets(r, h, cur - mine, pot, lo, hi);
    }
    int64_t top = mine + stack;
    int made = 0;
    for (int i = 0; i < count; i++) {
        int64_t a = lo[i], b = hi[i];
        if (a >= top)
            a = b = top;
        else if (b > top)
            b = top;
        int repeated = 0;
        for (int j = 0; j < made; j++) repeated |= out[j].lo == a && out[j].hi == b;
        if (repeated) continue;
        out[made].verb = verb;
        out[made].lo = a;
        out[made].hi = b;
        made++;
    }
    return made;
}

int sk_options(const sk_rules *r, const sk_hand *h, sk_option *out) {
    if (h->phase != SK_PHASE_BET || h->actor < 0) return 0;
    int count = sk_passive(r, h, out);
    return count + aggression(r, h, out + count);
}

int sk_check(const sk_rules *r, const sk_hand *h, int verb, int64_t amount, int64_t *chips) {
    sk_option options[SK_OPTIONS];
    int count = sk_options(r, h, options);
    int found = 0;
    for (int i = 0; i < count; i++) {
        sk_option *o = &options[i];
        if (o->verb != verb) continue;
        if (verb <= SK_BRING_IN) { /* fold, check, call, bring-in: their one amount */
            if (amount >= 0 && amount != o->lo) return SK_ERROR_ILLEGAL;
            *chips = o->lo;
            return SK_OK;
        }
        if (amount < 0) { /* no amount: only where one total is allowed */
            if (o->lo != o->hi || found) return SK_ERROR_ILLEGAL;
            *chips = o->lo;
            found = 1;
            continue;
        }
        if (o->lo <= amount && amount <= o->hi) {
            *chips = amount;
            return SK_OK;
        }
    }
    return found ? SK_OK : SK_ERROR_ILLEGAL;
}
