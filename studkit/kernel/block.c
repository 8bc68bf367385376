/* A block of whole hands: each dealt from its own random stream, played on the rules core by
 * the seats' bots from the antes to the awards, and counted. The loop only supplies what the
 * core waits for (cards from the stub, the showing hands' and the showdown's strengths as the
 * game ranks them, studkit/core/game_strengths.c, the bots' decisions); every rule is the
 * core's. */
#include <stdlib.h>
#include <string.h>

#include "kernel.h"
#include "streams.h"

/* Where `strength` is among the share's sorted strengths: the last at or below it (a binary
 * search). A row lists every strength of a table evaluator, and the least strength of each
 * category of a special ranking. */
static int64_t slot_of(const sk_tally *t, int share, int64_t strength) {
    const int64_t *row = &t->strengths[share * t->slots];
    int64_t lo = 0, hi = t->slots - 1;
    while (lo < hi) {
        int64_t mid = (lo + hi + 1) / 2;
        if (row[mid] <= strength)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

int sk_draw_card(void *context, int seat, int up) {
    sk_draw *d = context;
    if (*d->left == 0) return -1;
    int i = (int)sk_below(d->stream, *d->left);
    int card = d->stub[i];
    d->stub[i] = d->stub[--*d->left];
    int64_t value = d->k->tables.values[card];
    d->held[seat] += value;
    if (up) d->up[seat] += value;
    if (d->record != NULL) {
        if (*d->recorded < SK_RECORD_CARDS) d->record[*d->recorded] = (int64_t)(seat + 2) << 8 | card;
        (*d->recorded)++;
    }
    return card;
}

int64_t sk_play_block(const sk_setup *setup, int64_t start, int64_t stop, int64_t seed,
                      sk_tally *t, sk_records *rec) {
    const sk_game *k = &setup->game;
    const sk_rules *r = k->rules;
    int n = setup->players;
    int streets = r->streets;
    int shares = r->shares;
    int64_t stacks[SK_SEATS];
    for (int s = 0; s < n; s++) stacks[s] = setup->stack;
    sk_hand h;
    sk_log log = {0};
    log.mask = SK_LOG_KINDS; /* the awards only (setup.py) */
    log.capacity = 256;
    log.events = malloc(sizeof(sk_event) * (size_t)log.capacity);
    int64_t *table = malloc(sizeof(int64_t) * SK_POTS * SK_SHARES * SK_SEATS);
    if (log.events == NULL || table == NULL) {
        free(log.events);
        free(table);
        return start << 8 | SK_KERNEL_MEMORY;
    }
    uint8_t played[SK_SHARES * SK_SEATS * SK_PLAYED];
    uint8_t stub[SK_DECK + SK_BURNS + SK_MUCK];
    sk_option options[SK_OPTIONS];
    int64_t values[SK_SEATS];
    uint8_t dealt[SK_DUE];
    int64_t up[SK_SEATS], held[SK_SEATS]; /* the packed values of each seat's cards so far */
    int8_t declared[SK_SEATS];            /* each seat's declaration (-1: none) */
    uint8_t fallen[SK_DUE];               /* the street's cards dealt face up, for the */
    int8_t fallen_seat[SK_DUE];           /* plugins' up-card rules (k->up_rules) */
    int nfallen = 0;
    int wild_set = SK_WILD_BASE, after_trigger = 0; /* wild ranks that change (k->wild_sets) */
    uint8_t smalls[SK_SEATS][SK_SPLIT_MOST]; /* each seat's small hand (k->split_street) */
    const int64_t *packed = k->tables.values;
    /* the table evaluators' rows (a special ranking has none: it ranks from the cards) */
    sk_ranker showing_ranker = {0}, rankers[SK_SHARES] = {{0}};
    if (k->showing < SK_SPECIAL_BASE) showing_ranker = sk_ranker_of(&k->tables, k->showing);
    for (int x = 0; x < shares; x++)
        if (k->share_evaluator[x] < SK_SPECIAL_BASE)
            rankers[x] = sk_ranker_of(&k->tables, k->share_evaluator[x]);
    int32_t calling = 0; /* the calling stations' seats, a bit each */
    for (int s = 0; s < n; s++) calling |= (int32_t)(setup->seats.bots[s] == SK_BOT_CALLING) << s;
    int64_t result = 0;
    int button = (int)(start % n); /* hand `index` deals from seat index % n */
    for (int64_t index = start; index < stop; index++) {
        int64_t row = rec->rows > 0 ? index - start : -1;
        uint64_t stream;
        sk_seed_stream(&stream, seed, index);
        memcpy(stub, k->deck, (size_t)k->deck_size);
        int left = k->deck_size;
        log.count = 0;
        memset(up, 0, sizeof up);
        memset(held, 0, sizeof held);
        memset(declared, -1, sizeof declared);
        nfallen = 0;
        wild_set = SK_WILD_BASE;
        after_trigger = 0;
        if (k->split_street >= 0) memset(smalls, SK_NO_CARD, sizeof smalls);
        sk_begin(r, &h, &log, n, button, stacks);
        button = sk_next_seat(button, n); /* the next hand's */
        int raises = 0, decisions = 0, forced_seen = 0, completed = 0;
        int64_t ncards = 0, ndecisions = 0;
        for (int over = 0; !over;) {
            switch (h.phase) {
            case SK_PHASE_DEAL:
                raises = 0;
                if (sk_deal(r, &h, &log, left, -1) != SK_OK) {
                    result = index << 8 | SK_KERNEL_EXHAUSTED;
                    goto done;
                }
                break;
            case SK_PHASE_RESTOCK: { /* burns, then folded cards, back to the stub's end */
                int back = h.restock_burned + h.restock_folded;
                for (int i = 0; i < back; i++) stub[left++] = h.restock[i];
                sk_restocked(r, &h, &log);
                break;
            }
            case SK_PHASE_CARDS: { /* the cards due, drawn in the order they are dealt */
                int first = h.next_due, count = h.ndue - first;
                const int8_t *seats = &h.due_seat[first], *faces = &h.due_up[first];
                for (int c = 0; c < count; c++) {
                    int i = (int)sk_below(&stream, left);
                    int card = stub[i];
                    stub[i] = stub[--left];
                    dealt[c] = (uint8_t)card;
                    int target = seats[c];
                    if (target >= 0) {
                        int64_t value = packed[card];
                        held[target] += value;
                        if (faces[c]) up[target] += value;
                    }
                }
                if (k->up_rules)
                    for (int c = 0; c < count && nfallen < SK_DUE; c++)
                        if (seats[c] >= 0 && faces[c]) {
                            fallen[nfallen] = dealt[c];
                            fallen_seat[nfallen++] = seats[c];
                        }
                if (k->follow_trigger >= 0) /* every card dealt face up, in order */
                    for (int c = 0; c < count; c++)
                        if (faces[c] && seats[c] != SK_TO_BURN)
                            sk_follow_card(k, dealt[c], &wild_set, &after_trigger);
                if (row >= 0)
                    for (int c = 0; c < count; c++) {
                        if (ncards < SK_RECORD_CARDS)
                            rec->cards[row * SK_RECORD_CARDS + ncards] =
                                (int64_t)(seats[c] + 2) << 8 | dealt[c];
                        ncards++;
                    }
                if (sk_place_all(r, &h, &log, dealt) != SK_OK) {
                    result = index << 8 | SK_KERNEL_CARDS;
                    goto done;
                }
                break;
            }
            case SK_PHASE_SHOWING:
                sk_showing_values(k, &showing_ranker, &h, up, values);
                sk_lead(r, &h, &log, values);
                break;
            case SK_PHASE_BET: { /* the street's decisions, one after another */
                int street = h.street;
                int64_t *mix = &t->mix[street * SK_VERBS];
                do {
                    int seat = h.actor;
                    int pick;
                    if (calling >> seat & 1) {
                        pick = sk_passive(r, &h, options) - 1; /* check, call or bring in */
                    } else {
                        int count = sk_options(r, &h, options);
                        pick = sk_bot_choice(k, &setup->seats, &h, seat, raises, options, count, &stream);
                    }
                    int verb = options[pick].verb;
                    int64_t amount = options[pick].lo;
                    mix[verb]++;
                    decisions++;
                    raises += verb >= SK_COMPLETE;
                    if (street == 0) {
                        forced_seen |= verb == SK_BRING_IN;
                        completed |= verb == SK_COMPLETE;
                    }
                    if (row >= 0) {
                        if (ndecisions >= SK_RECORD_DECISIONS) {
                            result = index << 8 | SK_KERNEL_LONG;
                            goto done;
                        }
                        rec->decisions[row * SK_RECORD_DECISIONS + ndecisions++] =
                            (int64_t)verb << 56 | amount;
                    }
                    sk_take(r, &h, &log, verb, amount);
                } while (h.phase == SK_PHASE_BET);
                break;
            }
            case SK_PHASE_SHOWDOWN: {
                uint8_t *cards = r->odd_chip_hand ? played : NULL;
                if (!sk_showdown_strengths(k, rankers, &h, held, table, cards, wild_set, smalls)) {
                    result = index << 8 | SK_KERNEL_CARDS;
                    goto done;
                }
                if (k->declare_street >= 0)
                    sk_judge_declarations(&h, shares, declared, k->declare_may_tie,
                                          k->declare_all_pots, table);
                sk_showdown(r, &h, &log, table, cards);
                break;
            }
            case SK_PHASE_AFTER_DEAL:
            case SK_PHASE_BETWEEN_STREETS: { /* the card decisions the streets ask for */
                int step = h.phase == SK_PHASE_AFTER_DEAL ? SK_STEP_FLIPS_DEALT : SK_STEP_OFFERS;
                int64_t *record = row >= 0 ? &rec->decisions[row * SK_RECORD_DECISIONS] : NULL;
                if (nfallen) { /* what the cards dealt face up bring, first */
                    sk_draw draw = {k, stub, &left, &stream, held, up,
                                    row >= 0 ? &rec->cards[row * SK_RECORD_CARDS] : NULL,
                                    &ncards};
                    int error = sk_play_up_cards(setup, &h, &log, &draw, fallen, fallen_seat, nfallen,
                                                 &stream, record, &ndecisions,
                                                 SK_RECORD_DECISIONS,
                                                 &t->mix[h.street * SK_VERBS], &decisions);
                    nfallen = 0;
                    if (error) {
                        result = index << 8 | error;
                        goto done;
                    }
                }
                for (int last = step + 1; step <= last; step++) {
                    int error = sk_play_card_step(setup, &h, step, &stream, held, up, record,
                                                  &ndecisions, SK_RECORD_DECISIONS);
                    if (!error && step == SK_STEP_OFFERS && k->trade_streets) { /* a trade round */
                        sk_draw draw = {k, stub, &left, &stream, held, up,
                                        row >= 0 ? &rec->cards[row * SK_RECORD_CARDS] : NULL,
                                        &ncards};
                        error = sk_play_trades(setup, &h, &log, &draw, &stream, record, &ndecisions,
                                               SK_RECORD_DECISIONS);
                    }
                    if (!error && step == SK_STEP_OFFERS) /* the declaration after the offers */
                        error = sk_play_declarations(setup, &h, &stream, declared, record,
                                                     &ndecisions, SK_RECORD_DECISIONS);
                    if (!error && step == SK_STEP_EXPOSE_NEXT && k->split_street >= 0)
                        error = sk_play_splits(setup, &h, &stream, smalls, record, &ndecisions,
                                               SK_RECORD_DECISIONS);
                    if (error) {
                        result = index << 8 | error;
                        goto done;
                    }
                }
                sk_resume(r, &h, &log);
                break;
            }
            case SK_PHASE_FIRST_ACTOR: /* the best showing hand with the wild ranks in force */
                if (k->follow_trigger >= 0) sk_choose(&h, sk_wild_leader(k, &h, wild_set));
                sk_resume(r, &h, &log);
                break;
            case SK_PHASE_BRING_IN:
                sk_resume(r, &h, &log);
                break;
            case SK_PHASE_ODD_CHIPS:
                sk_award(r, &h, &log, table, NULL, r->odd_chip_hand ? played : NULL);
                break;
            default: /* SK_PHASE_OVER */
                over = 1;
            }
        }
        if (log.failed) {
            result = index << 8 | SK_KERNEL_MEMORY;
            goto done;
        }
        /* the hand's counts */
        int64_t pot = h.dead; /* dead money: a plugin's payments */
        int64_t *design = t->design, *forced = &design[2 * n];
        int64_t paid[SK_SEATS];
        for (int s = 0; s < n; s++) {
            pot += h.contrib[s];
            int64_t payoff = h.stack[s] - setup->stack;
            paid[s] = payoff;
            t->seats[s] += payoff;
            t->seats[n + s] += payoff * payoff;
            t->seats[2 * n + s] += payoff > 0;
            if (row >= 0) rec->payoffs[row * n + s] = payoff;
            int from_left = s - h.button - 1 + (s <= h.button ? n : 0);
            design[from_left] += payoff;
            design[n + from_left] += payoff * payoff;
            if (h.bring_in_seat >= 0) {
                int from_forced = s - h.bring_in_seat + (s < h.bring_in_seat ? n : 0);
                forced[1 + from_forced] += payoff;
                forced[1 + n + from_forced] += payoff * payoff;
            }
        }
        forced[0] += h.bring_in_seat >= 0;
        int64_t *by_street = &forced[1 + 2 * n];
        for (int st = 0; st < streets; st++)
            if (h.rounds_played >> st & 1) {
                int64_t at = h.street_pot[st];
                by_street[st] += at;
                by_street[streets + st] += at * at;
                by_street[2 * streets + st]++;
            }
        int64_t *products = &by_street[3 * streets];
        for (int i = 0; i < n; i++)
            if (paid[i])
                for (int j = i + 1; j < n; j++) products[i * n + j] += paid[i] * paid[j];
        int64_t *leads = &products[n * n], best = paid[0];
        int winner = 0, winners = 0;
        for (int s = 1; s < n; s++)
            if (paid[s] > best) {
                best = paid[s];
                winner = s;
            }
        for (int s = 0; s < n; s++) winners += paid[s] == best;
        if (best <= 0 || winners != 1) winner = -1;
        int64_t changes = 0;
        for (int st = 0, previous = -1; st < streets; st++) {
            int seat = h.board_leader[st];
            if (seat < 0) continue;
            if (winner >= 0) {
                leads[st]++;
                leads[streets + st] += seat == winner;
            }
            changes += previous >= 0 && seat != previous;
            previous = seat;
        }
        leads[2 * streets] += changes;
        leads[2 * streets + 1] += changes * changes;
        if (row >= 0) {
            rec->counts[row * 2] = ncards < SK_RECORD_CARDS ? ncards : SK_RECORD_CARDS;
            rec->counts[row * 2 + 1] = ndecisions;
        }
        int64_t *totals = t->totals;
        totals[T_HANDS]++;
        totals[T_ACTIONS] += decisions;
        totals[T_ACTIONS_SQ] += (int64_t)decisions * decisions;
        totals[T_POT] += pot;
        totals[T_POT_SQ] += pot * pot;
        t->pots[pot]++;
        t->ended[h.street < streets ? h.street : streets - 1]++;
        if (h.ncommunity) totals[T_COMMUNITY]++;
        totals[T_CAPPED] += h.capped_streets != 0;
        totals[T_OPEN_PAIR] += h.open_pair_streets != 0;
        totals[T_OPEN_PAIR_TAKEN] += h.open_pair_taken != 0;
        if (forced_seen || completed) {
            totals[T_BRING_IN]++;
            totals[T_COMPLETED] += completed;
        }
        int live = h.n_in; /* the players who did not fold */
        if (live >= 2) {
            /* from the awards: who won chips, whether a pot was split, and the strength that
             * won each share of the main pot (-1: the share took none of it) */
            int64_t main[SK_SHARES];
            for (int x = 0; x < shares; x++) main[x] = -1;
            int32_t won = 0, paid = 0;
            int split = 0, pot_index = -1;
            for (int i = 0; i < log.count; i++) {
                const sk_event *e = &log.events[i];
                int pot_of = e->x >> 8;
                int share = (e->x & 0xFF) - 1;
                if (pot_of != pot_index) {
                    split |= (paid & (paid - 1)) != 0; /* more than one seat */
                    paid = 0;
                    pot_index = pot_of;
                }
                if (e->a > 0) {
                    paid |= 1 << e->seat;
                    won |= 1 << e->seat;
                }
                if (pot_of == 0 && share >= 0) main[share] = e->b;
            }
            split |= (paid & (paid - 1)) != 0; /* more than one seat */
            totals[T_SHOWDOWNS]++;
            totals[T_AT_SHOWDOWN] += live;
            totals[T_AT_SHOWDOWN_SQ] += (int64_t)live * live;
            totals[T_SPLITS] += split;
            totals[T_SCOOPS] += won != 0 && (won & (won - 1)) == 0; /* one seat won it all */
            for (int x = 0; x < shares; x++) {
                if (main[x] < 0) continue;
                t->share_awards[x]++;
                if (main[x] > 0) t->categories[x * t->slots + slot_of(t, x, main[x])]++;
            }
        }
    }
done:
    free(log.events);
    free(table);
    return result;
}
