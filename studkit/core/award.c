/* Splitting the pots among the hands shown.
 *
 * Each pot, less its part of the rake (rake.c), is divided among the pot shares by weight,
 * counting only the shares in which an eligible hand has a strength above 0 (a share nobody
 * qualifies for goes to the others: with no qualifying low, high takes all). Each share goes
 * to its best eligible hand; tied hands split it equally (a tie for low in hi-lo is
 * quartering). A pot no eligible hand has any strength in is split among its eligible seats
 * as a tie in the odd-chip share.
 *
 * Odd chips: a pot that does not divide among its shares gives its odd chips one at a time
 * to the odd-chip share (the hi-lo side) or, when that share did not qualify, to the first
 * share that did, then on in order. A share that does not divide among its tied winners
 * gives them one at a time in the share's odd-chip order: the first hand shown, or the hand
 * with the highest (lowest) card by suit among all its cards or the five it plays; seats
 * missing from an order come after it, by seat. */
#include "core.h"

static int card_key(const sk_rules *r, int card, int low) {
    int rank = card >> 2;
    if (low && rank == 12) rank = -1; /* the ace is low */
    return (rank + 1) * 4 + r->suit_pos[card & 3];
}

/* The seat's key for the odd chips (smaller goes first): its highest card, or its lowest. */
static int seat_key(const sk_rules *r, const uint8_t *cards, int count, int low) {
    int found = 0;
    int best = 0;
    for (int i = 0; i < count; i++) {
        int c = cards[i];
        if (c >= 52) continue;
        int key = card_key(r, c, low);
        if (!found || (low ? key < best : key > best)) best = key;
        found = 1;
    }
    if (!found) best = -1;
    return low ? best : -best;
}

/* Each share's odd-chip order (`orders[share * SK_SEATS + k]`, -1 after the last). */
static void odd_chip_orders(const sk_rules *r, const sk_hand *h, const uint8_t *played,
                            int8_t *orders) {
    int8_t base[SK_SEATS];
    int count = 0;
    for (int i = 0; i < h->nshown; i++) base[count++] = h->shown[i];
    for (int i = 0; i < h->nmucked; i++) base[count++] = h->mucked[i];
    int low = r->odd_chip_method == SK_ODD_LOW_CARD_BY_SUIT;
    for (int k = 0; k < r->shares; k++) {
        int8_t *order = &orders[k * SK_SEATS];
        int keys[SK_SEATS];
        for (int i = 0; i < SK_SEATS; i++) order[i] = -1;
        for (int i = 0; i < count; i++) {
            int s = base[i];
            order[i] = (int8_t)s;
            if (r->odd_chip_method == SK_ODD_FIRST_SHOWN) continue;
            if (r->odd_chip_hand) {
                const uint8_t *five = &played[(k * SK_SEATS + s) * SK_PLAYED];
                int n = 0;
                while (n < SK_PLAYED && five[n] != SK_NO_CARD) n++;
                keys[i] = seat_key(r, five, n, low);
            } else {
                keys[i] = seat_key(r, &h->cards[s * SK_CARDS], h->ncards[s], low);
            }
        }
        if (r->odd_chip_method == SK_ODD_FIRST_SHOWN) continue;
        for (int i = 1; i < count; i++) { /* a stable insertion sort by key */
            int8_t s = order[i];
            int key = keys[i];
            int j = i - 1;
            while (j >= 0 && keys[j] > key) {
                keys[j + 1] = keys[j];
                order[j + 1] = order[j];
                j--;
            }
            keys[j + 1] = key;
            order[j + 1] = s;
        }
    }
}

/* Pay `amount` equally to the seats of `winners`, odd chips one each in `order` (read only
 * when there is more than one winner). */
static void split(sk_hand *h, sk_log *log, int pot, int share, int64_t amount, int32_t winners,
                  const int8_t *order, const int64_t *strengths, int64_t *pay) {
    int32_t x = pot << 8 | (share + 1);
    if (!(winners & (winners - 1))) { /* one winner takes it all */
        int s = __builtin_ctz((unsigned)winners);
        pay[s] += amount;
        sk_emit(log, SK_EV_AWARD, s, x, amount, strengths[share * SK_SEATS + s]);
        return;
    }
    int n = h->n;
    int8_t ordered[SK_SEATS];
    int count = 0;
    int32_t placed = 0;
    for (int i = 0; i < SK_SEATS && order[i] >= 0; i++) {
        int s = order[i];
        if (winners >> s & 1 && !(placed >> s & 1)) {
            ordered[count++] = (int8_t)s;
            placed |= 1 << s;
        }
    }
    for (int s = 0; s < n; s++)
        if (winners >> s & 1 && !(placed >> s & 1)) ordered[count++] = (int8_t)s;
    int64_t each = amount / count;
    int64_t odd = amount - each * count;
    for (int i = 0; i < count; i++) {
        int s = ordered[i];
        int64_t chips = i < odd ? each + 1 : each;
        pay[s] += chips;
        sk_emit(log, SK_EV_AWARD, s, x, chips, strengths[share * SK_SEATS + s]);
    }
}

/* The shares of a pot some eligible hand has a strength in (`which`), and each one's best
 * hands (`winners`, a bit per seat); how many. */
static int pot_winners(const sk_rules *r, const sk_hand *h, int32_t eligible,
                       const int64_t *strengths, int *which, int32_t *winners) {
    int n = h->n;
    int count = 0;
    for (int k = 0; k < r->shares; k++) {
        int64_t best = 0;
        int32_t mask = 0;
        for (int s = 0; s < n; s++) {
            if (!(eligible >> s & 1)) continue;
            int64_t value = strengths[k * SK_SEATS + s];
            if (value > best) {
                best = value;
                mask = 1 << s;
            } else if (value == best && best > 0) {
                mask |= 1 << s;
            }
        }
        if (mask) {
            which[count] = k;
            winners[count] = mask;
            count++;
        }
    }
    return count;
}

/* Whether paying the pot found by pot_winners needs an odd-chip order: some share is tied,
 * or nobody has a strength and the eligible seats split it. */
static int tied(int count, const int32_t *winners, int32_t eligible) {
    if (count == 0) return (eligible & (eligible - 1)) != 0;
    for (int i = 0; i < count; i++)
        if (winners[i] & (winners[i] - 1)) return 1;
    return 0;
}

/* Pay one pot's `amount` to the shares and winners pot_winners found. */
static void pay_pot(const sk_rules *r, sk_hand *h, sk_log *log, int pot, int64_t amount,
                    int32_t eligible, const int64_t *strengths, const int8_t *orders, int count,
                    const int *which, const int32_t *winners, int64_t *pay) {
    int odd_share = r->odd_chip_share;
    if (count == 0) {
        split(h, log, pot, odd_share, amount, eligible, &orders[odd_share * SK_SEATS], strengths,
              pay);
        return;
    }
    if (count == 1) {
        split(h, log, pot, which[0], amount, winners[0], &orders[which[0] * SK_SEATS], strengths,
              pay);
        return;
    }
    int64_t weight = 0;
    for (int i = 0; i < count; i++) weight += r->share_weight[which[i]];
    int64_t portion[SK_SHARES];
    int64_t given = 0;
    int first = 0;
    for (int i = count - 1; i >= 0; i--) {
        portion[i] = amount * r->share_weight[which[i]] / weight;
        given += portion[i];
        if (which[i] == odd_share) first = i;
    }
    int64_t odd = amount - given;
    for (int i = first; odd > 0; i = (i + 1) % count, odd--) portion[i]++;
    for (int i = 0; i < count; i++)
        if (portion[i])
            split(h, log, pot, which[i], portion[i], winners[i], &orders[which[i] * SK_SEATS],
                  strengths, pay);
}

void sk_split_pot(const sk_rules *r, sk_hand *h, sk_log *log, int pot, int64_t amount,
                  int32_t eligible, const int64_t *strengths, const int8_t *orders,
                  int64_t *pay) {
    int which[SK_SHARES];
    int32_t winners[SK_SHARES];
    int count = pot_winners(r, h, eligible, strengths, which, winners);
    pay_pot(r, h, log, pot, amount, eligible, strengths, orders, count, which, winners, pay);
}

int sk_award(const sk_rules *r, sk_hand *h, sk_log *log, const int64_t *strengths,
             const int8_t *orders, const uint8_t *played) {
    if (h->phase != SK_PHASE_SHOWDOWN && h->phase != SK_PHASE_ODD_CHIPS) return SK_ERROR_PHASE;
    int8_t own[SK_SHARES * SK_SEATS]; /* the odd-chip orders, once a tie needs them */
    int ordered = 0;
    int64_t pay[SK_SEATS] = {0};
    int64_t net[SK_POTS]; /* the pots less the rake */
    sk_rake_pots(r, h->rake, h->npots, h->pot_amount, net);
    for (int p = 0; p < h->npots; p++) {
        int64_t amount = net[p];
        if (amount == 0) continue;
        int32_t eligible = h->pot_eligible[p];
        const int64_t *pot = &strengths[p * SK_SHARES * SK_SEATS];
        int which[SK_SHARES];
        int32_t winners[SK_SHARES];
        int count = pot_winners(r, h, eligible, pot, which, winners);
        if (!ordered && tied(count, winners, eligible)) {
            odd_chip_orders(r, h, played, own);
            for (int k = 0; orders != NULL && k < r->shares; k++) /* a plugin's orders */
                if (orders[k * SK_SEATS] != SK_RULES_ORDER)
                    for (int i = 0; i < SK_SEATS; i++)
                        own[k * SK_SEATS + i] = orders[k * SK_SEATS + i];
            ordered = 1;
        }
        pay_pot(r, h, log, p, amount, eligible, pot, own, count, which, winners, pay);
    }
    for (int s = 0; s < h->n; s++) {
        h->stack[s] += pay[s];
        sk_stack_changed(h, s);
    }
    h->phase = SK_PHASE_OVER;
    h->actor = -1;
    h->forced = -1;
    return SK_OK;
}
