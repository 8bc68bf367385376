/* The shipped bots at the seats of a game played on the rules core in compiled code (the
 * batch kernel's seats): each decision of `random`, `calling-station`, `tag`, `lag` and
 * `equity`, betting and card decisions alike.
 *
 * tag and lag score the hand (sk_score_cards) and decide by their style (sk_style_choice),
 * equity by sk_equity_choice: the general engine's bots call the same functions
 * (studkit.bots._decide). What this file does itself is gather the facts a seat may see from
 * the hand's state (the ones studkit.bots.seen reads from a view) and, for equity, estimate
 * the equity by Monte Carlo over the unseen cards as studkit.bots.estimate poses it: the
 * opponents' down cards unknown, folded players' up cards dead, each share won by its best
 * qualifying hand, ties split.
 *
 * The card decisions a plugin's rule asks: `random` takes any choice on offer; the others
 * throw away what their best hand does not need and turn up what shows least, or, asked to
 * show their one hole card before a card that comes down only to a player with none, keep a
 * pair or their best card hidden, and trade the card whose loss leaves the best hand with
 * one more card to come when that gains enough (card_sense.c); declare the share their cards
 * score best for, or every share with a hand strong for each, and pay a price of half the
 * pot or less, or with a hand scoring well for some share (shares.c); and split their cards
 * where the big hand's strength plus SK_SMALL_WEIGHT times the small hand's is highest, as
 * the split_hands plugin's bot does: the general engine's bots choose the same. */
#include <string.h>

#include "seats.h"
#include "stream.h"

#define SK_SMALL_WEIGHT 1.5

/* A uniformly random row, and a uniformly random total within an aggressive row's range. */
static int random_row(sk_option *options, int count, uint64_t *stream) {
    int i = (int)sk_below(stream, count);
    if (options[i].verb >= SK_COMPLETE) {
        int64_t lo = options[i].lo;
        options[i].lo = lo + sk_below(stream, options[i].hi - lo + 1);
    }
    return i;
}

/* The row of the first option of verb `code`, an aggressive one's total sized. */
static int row_of_verb(int code, sk_option *options, int count, int64_t my_bet,
                       int64_t to_call, int64_t pot, double fraction) {
    if (code == SK_FIRST) return 0;
    for (int i = 0; i < count; i++)
        if (options[i].verb == code) {
            if (code >= SK_COMPLETE)
                options[i].lo = sk_sized_total(options[i].lo, options[i].hi, my_bet, to_call,
                                               pot, fraction);
            return i;
        }
    return 0;
}

/* Step k of a partial shuffle of the unseen cards: the card it puts in place. */
static uint8_t pick(uint8_t *stub, int k, int nstub, uint64_t *stream) {
    int j = k + (int)sk_below(stream, nstub - k);
    uint8_t card = stub[j];
    stub[j] = stub[k];
    stub[k] = card;
    return card;
}

/* The seat's equity from up to `trials` random completions, dealt in groups of SK_EQUITY_STEP
 * until sk_equity_settled says the decision is settled; -1 when the spot cannot be posed
 * (a discard to come, uneven hands, or unseen cards that cannot finish the deal). The board
 * cards out count for every player, the rest of the board is dealt like any unseen card; a
 * pot share a plugin ranks by down cards sees each player's down cards, the cards still to
 * come down where the streets deal them down (as studkit.equity poses it). */
static double equity(const sk_game *k, const sk_hand *h, int seat, const int8_t *opponents,
                     int nopp, int trials, double margin, int raises, int64_t to_call,
                     int64_t pot, int avail, uint64_t *stream) {
    const sk_rules *r = k->rules;
    /* a discard still to come: who wins depends on the cards each keeps */
    if (r->street_discard[h->street] &&
        r->street_discard_when[h->street] == SK_DISCARD_AFTER_BETTING)
        return -1.0;
    for (int st = h->street + 1; st < r->streets; st++)
        if (r->street_discard[st]) return -1.0;
    int ncards = h->ncards[seat];
    /* a hand no street ends on (a plugin's extra card), or of too many cards: not posed, as
     * studkit.equity refuses it (the ends from the last discard on, where there is one) */
    int last = -1, held = 0, board = 0, ends = 0;
    int8_t down_at[SK_CARDS]; /* each own card's place in the deal: dealt down, */
    int8_t up_at[SK_CARDS];   /* and dealt up or up unless all are exposed */
    for (int st = 0; st < r->streets; st++) {
        if (r->street_discard[st]) last = st;
        board += r->street_board[st];
        for (int c = 0; c < r->street_rounds[st] && held + c < SK_CARDS; c++) {
            down_at[held + c] = !(r->street_faces[st] >> c & 1);
            up_at[held + c] = (r->street_faces[st] | r->street_rolled[st]) >> c & 1;
        }
        held += r->street_rounds[st] - r->street_discard[st];
        ends |= st >= last && held == ncards;
    }
    if (!ends || ncards > k->cards - board) return -1.0;
    int board_out = board ? h->ncommunity : 0, board_more = board - board_out;
    int nup = h->nup[seat];
    int ndown = ncards - nup;
    /* a joker played by its face: the hands as studkit.bots.estimate.in_deal_order lists
     * them, each card in its place in the deal where the down ones fit the streets, else the
     * down cards first; the up cards as the seat sees them (sk_seen_up) */
    int face = k->joker_face != SK_JOKER_PLAIN, fits = 1;
    if (face) {
        int downs = 0;
        for (int i = 0; i < ncards && i < SK_CARDS; i++) downs += down_at[i];
        fits = downs == ndown;
    }
    uint64_t known = 0, bit;
    for (int i = 0; i < ndown; i++) known |= UINT64_C(1) << SK_DOWN(h, seat, i);
    for (int i = 0; i < nup + board_out; i++) {
        int card = i < nup ? sk_seen_up(k, h, SK_UP(h, seat, i)) : h->community[i - nup];
        bit = UINT64_C(1) << card;
        if (known & bit) return -1.0; /* a card twice: the spot cannot be posed */
        known |= bit;
    }
    for (int s = 0; s < h->n; s++) {
        if (s == seat) continue;
        if (!h->folded[s] && h->nup[s] != nup) return -1.0;
        for (int i = 0; i < h->nup[s]; i++) {
            int card = h->folded[s] ? SK_UP(h, s, i) : sk_seen_up(k, h, SK_UP(h, s, i));
            bit = UINT64_C(1) << card;
            if (known & bit) return -1.0;
            known |= bit;
        }
    }
    uint8_t stub[SK_DECK];
    int nstub = 0;
    for (int i = 0; i < k->deck_size; i++)
        if (!(known >> k->deck[i] & 1)) stub[nstub++] = k->deck[i];
    int players = nopp + 1;
    int left = nstub - nopp * ndown - board_more;
    int community = 0;
    int dealt = 0;
    for (int st = 0; st < r->streets; st++) {
        int rounds = r->street_rounds[st];
        dealt += rounds;
        if (dealt <= ncards) continue;
        int need = rounds * players;
        if (need <= left)
            left -= need;
        else if (r->community_card && !board && rounds == 1 && left >= 1) {
            left -= 1;
            community++;
        } else
            return -1.0;
    }
    if (left < 0) return -1.0;
    int shared = community + board_more; /* drawn first, the same for every player */
    int own_more = k->cards - board - ncards - community;
    int shares = r->shares;
    int by_down = 0; /* a share reads the down (and up) cards apart */
    for (int x = 0; x < shares; x++) by_down |= k->down_suit[x] >= 0 || k->split_part[x];
    double total = 0.0;
    int deals = 0;
    uint8_t cards[SK_CARDS + SK_BOARD], down[SK_CARDS], upc[SK_CARDS];
    while (deals < trials) {
        /* a partial shuffle of the unseen cards, drawn as they are dealt: the shared cards,
         * the seat's, then each opponent's, stopping once the seat has lost */
        for (int i = 0; i < shared; i++) pick(stub, i, nstub, stream);
        int drawn = shared;
        int64_t best[SK_SHARES] = {0}, mine[SK_SHARES] = {0};
        int winners[SK_SHARES] = {0};
        for (int p = 0; p < players; p++) {
            int count = 0, ndowns = 0, nups = 0;
            if (face) { /* in the places in_deal_order gives them */
                int s = p ? opponents[p - 1] : seat;
                for (int i = 0, u = 0, d = 0; i < ncards; i++) {
                    int is_down = fits ? down_at[i] : i < ndown;
                    cards[count++] = !is_down ? sk_seen_up(k, h, SK_UP(h, s, u++))
                                     : p      ? pick(stub, drawn++, nstub, stream)
                                              : SK_DOWN(h, s, d++);
                }
            } else if (p == 0) {
                for (int i = 0; i < ncards; i++) cards[count++] = SK_CARD(h, seat, i);
                for (int i = 0; by_down && i < ndown; i++) down[ndowns++] = SK_DOWN(h, seat, i);
                for (int i = 0; by_down && i < nup; i++) upc[nups++] = SK_UP(h, seat, i);
            } else {
                int s = opponents[p - 1];
                for (int i = 0; i < h->nup[s]; i++) cards[count++] = SK_UP(h, s, i);
                for (int i = 0; by_down && i < h->nup[s]; i++) upc[nups++] = SK_UP(h, s, i);
                for (int i = 0; i < ndown; i++) {
                    cards[count] = pick(stub, drawn++, nstub, stream);
                    if (by_down) down[ndowns++] = cards[count];
                    count++;
                }
            }
            for (int i = 0; i < own_more; i++) {
                cards[count] = pick(stub, drawn++, nstub, stream);
                if (by_down && ncards + i < SK_CARDS && down_at[ncards + i])
                    down[ndowns++] = cards[count];
                else if (by_down)
                    upc[nups++] = cards[count];
                count++;
            }
            for (int i = 0; i < board_out; i++) cards[count + i] = h->community[i];
            for (int i = 0; i < shared; i++) cards[count + board_out + i] = stub[i];
            int joker_up = 0; /* a joker in a place dealt face up, or on the board */
            for (int i = 0; face && i < count + board_out + shared; i++)
                joker_up |= cards[i] >= 52 && (i >= count || i >= SK_CARDS || up_at[i]);
            for (int x = 0; x < shares; x++) {
                int64_t value =
                    k->down_suit[x] >= 0 ? sk_down_share(k, x, down, ndowns)
                    : k->split_part[x]   ? sk_split_strength(k, x, down, ndowns, upc, nups, NULL)
                    : sk_evaluate_mode(&k->tables, k->share_evaluator[x],
                                       joker_up ? &k->share_wild_up[x] : &k->share_wild[x],
                                       k->share_mode[x], cards, count, board_out + shared);
                if (value < r->share_qualifier[x]) value = 0;
                if (p == 0) mine[x] = value;
                if (value > best[x]) {
                    best[x] = value;
                    winners[x] = 1;
                } else if (value == best[x] && value > 0) {
                    winners[x]++;
                }
            }
            if (shares == 1 && best[0] > mine[0]) break; /* beaten: it wins nothing */
        }
        int64_t weight = 0;
        for (int x = 0; x < shares; x++)
            if (best[x] > 0) weight += r->share_weight[x];
        if (weight == 0) return -1.0;
        double won = 0.0;
        for (int x = 0; x < shares; x++)
            if (best[x] > 0 && mine[x] == best[x])
                won += (1.0 / winners[x]) * ((double)r->share_weight[x] / (double)weight);
        total += won;
        deals++;
        if (deals % SK_EQUITY_STEP == 0 && deals < trials &&
            sk_equity_settled(total, deals, margin, players, raises, to_call, pot, avail))
            break;
    }
    return total / (deals > 1 ? deals : 1);
}

/* A tag, lag or equity decision. */
static int thinking(const sk_game *k, const sk_seats *b, const sk_hand *h, int bot, int seat,
                    int raises, sk_option *options, int count, uint64_t *stream) {
    const double *bt = &b->bot_table[seat * SK_B_COLUMNS];
    int avail = 0;
    int64_t to_call = 0;
    for (int i = 0; i < count; i++) {
        avail |= 1 << options[i].verb;
        if (options[i].verb == SK_CALL) to_call = options[i].lo;
    }
    int64_t pot = sk_pot_now(h);
    int64_t my_bet = h->bets[seat];
    int64_t own[SK_CARDS + SK_BOARD], opp[SK_SEATS * SK_CARDS], opp_n[SK_SEATS];
    int nopp;
    int n_own = sk_seen_cards(k, h, seat, own, opp, opp_n, &nopp);
    if (bot == SK_BOT_EQUITY) {
        int8_t opponents[SK_SEATS];
        for (int s = 0, o = 0; s < h->n; s++)
            if (s != seat && !h->folded[s]) opponents[o++] = (int8_t)s;
        double value = equity(k, h, seat, opponents, nopp, (int)bt[SK_B_TRIALS], bt[SK_B_MARGIN],
                              raises, to_call, pot, avail, stream);
        if (value >= 0.0) {
            int code = sk_equity_choice(value, bt[SK_B_MARGIN], nopp + 1, raises, to_call, pot,
                                        avail);
            return row_of_verb(code, options, count, my_bet, to_call, pot,
                               value < 1.0 ? value : 1.0);
        }
    }
    int to_come = k->cards - n_own;
    if (to_come < 0) to_come = 0;
    double raw = sk_score_cards(own, n_own, opp, SK_CARDS, opp_n, nopp, to_come, b->styles,
                                b->n_styles);
    double score = sk_crowded(raw, nopp);
    int max_raises = (int)bt[SK_B_MAX_RAISES];
    double u = 1.0;
    if (sk_style_rolls(avail, raises, max_raises, score, bt[SK_B_BET])) u = sk_uniform(stream);
    int code = sk_style_choice(bt[SK_B_ENTER], bt[SK_B_STAY], bt[SK_B_BET], bt[SK_B_BLUFF],
                               max_raises, score, raises, h->street == k->rules->bring_in_street,
                               to_call, pot, avail, u);
    return row_of_verb(code, options, count, my_bet, to_call, pot, bt[SK_B_SIZE]);
}

int sk_seen_cards(const sk_game *k, const sk_hand *h, int seat, int64_t *own, int64_t *opp,
                  int64_t *opp_n, int *nopp) {
    int n_own = 0;
    if (own != NULL) {
        for (int i = 0; i < h->ndown[seat]; i++) own[n_own++] = SK_DOWN(h, seat, i);
        for (int i = 0; i < h->nup[seat]; i++) own[n_own++] = sk_seen_up(k, h, SK_UP(h, seat, i));
        for (int i = 0; i < h->ncommunity; i++) own[n_own++] = h->community[i];
    }
    *nopp = 0;
    for (int s = 0; s < h->n; s++) {
        if (s == seat || h->folded[s]) continue;
        opp_n[*nopp] = h->nup[s];
        for (int i = 0; i < h->nup[s]; i++)
            opp[*nopp * SK_CARDS + i] = sk_seen_up(k, h, SK_UP(h, s, i));
        (*nopp)++;
    }
    return n_own;
}

int sk_bot_choice(const sk_game *k, const sk_seats *b, const sk_hand *h, int seat, int raises,
                  sk_option *options, int count, uint64_t *stream) {
    int bot = (int)b->bots[seat];
    if (bot == SK_BOT_RANDOM) return random_row(options, count, stream);
    return thinking(k, b, h, bot, seat, raises, options, count, stream);
}

/* The row of `options` the seat's bot takes for request `q`. */
int sk_bot_card(const sk_game *k, const sk_seats *b, const sk_hand *h, const sk_card_request *q,
                const uint8_t *options, int count, uint64_t *stream) {
    if (b->bots[q->seat] == SK_BOT_RANDOM) return (int)sk_below(stream, count);
    const sk_rules *r = k->rules;
    int seat = q->seat;
    int64_t offered[SK_CARDS + 1], up[SK_CARDS];
    int n_offered = 0, keep = -1;
    for (int i = 0; i < count; i++) {
        if (options[i] == SK_KEEP_CARD) keep = i;
        else offered[n_offered++] = options[i];
    }
    int n_up = h->nup[seat];
    for (int i = 0; i < n_up; i++) up[i] = sk_seen_up(k, h, SK_UP(h, seat, i));
    int64_t opp[SK_SEATS * SK_CARDS], opp_n[SK_SEATS]; /* the opponents' up cards */
    int nopp;
    sk_seen_cards(k, h, seat, NULL, opp, opp_n, &nopp);
    int pick;
    if (q->kind == SK_CHOICE_FLIP) { /* the board alone */
        pick = sk_show_least(up, n_up, offered, n_offered, keep >= 0, NULL, 0, NULL, 0,
                             b->styles, b->n_styles);
    } else if (q->kind == SK_CHOICE_EXPOSE && keep >= 0 && n_offered == 1) { /* choose-before */
        pick = sk_keeps_hole((int)offered[0], up, n_up) ? -1 : 0;
    } else if (q->kind == SK_CHOICE_EXPOSE) { /* against the opponents' boards */
        pick = sk_show_least(up, n_up, offered, n_offered, 0, opp, SK_CARDS, opp_n, nopp,
                             b->styles, b->n_styles);
    } else {
        int64_t down[SK_CARDS];
        int n_down = h->ndown[seat];
        for (int i = 0; i < n_down; i++) down[i] = SK_DOWN(h, seat, i);
        int to_come = 0, board = 0; /* the streets after this one; the board cards */
        for (int st = 0; st < r->streets; st++) {
            if (st > h->street) to_come += r->street_rounds[st];
            board += r->street_board[st];
        }
        pick = sk_keep_best(down, n_down, up, n_up, offered, n_offered, opp, SK_CARDS, opp_n,
                            nopp, to_come, k->cards - board, b->styles, b->n_styles);
    }
    if (pick < 0) return keep >= 0 ? keep : 0;
    for (int i = 0, seen = 0; i < count; i++) /* offered[pick]'s row */
        if (options[i] != SK_KEEP_CARD && seen++ == pick) return i;
    return 0;
}

/* The row of `cards` (0: keep the hand; then each card that may be traded) the seat's bot
 * takes. */
int sk_bot_trade(const sk_game *k, const sk_seats *b, const sk_hand *h, int seat,
                 const int64_t *cards, int count, uint64_t *stream) {
    if (b->bots[seat] == SK_BOT_RANDOM) return (int)sk_below(stream, count);
    int64_t own[SK_CARDS + SK_BOARD], opp[SK_SEATS * SK_CARDS], opp_n[SK_SEATS];
    int nopp;
    int n_own = sk_seen_cards(k, h, seat, own, opp, opp_n, &nopp);
    int to_come = k->cards - n_own; /* as studkit.bots.seen counts it */
    if (to_come < 0) to_come = 0;
    int pick = sk_twist_choice(own, n_own, &cards[1], count - 1, opp, SK_CARDS, opp_n, nopp,
                               to_come, b->styles, b->n_styles);
    return pick + 1;
}

int sk_bot_declaration(const sk_game *k, const sk_seats *b, const sk_hand *h, int seat,
                       uint64_t *stream) {
    int shares = k->rules->shares;
    if (b->bots[seat] == SK_BOT_RANDOM) return (int)sk_below(stream, shares + 1);
    int64_t own[SK_CARDS + SK_BOARD], opp[SK_SEATS * SK_CARDS], opp_n[SK_SEATS];
    int nopp;
    int n_own = sk_seen_cards(k, h, seat, own, opp, opp_n, &nopp);
    return sk_share_choice(own, n_own, opp, SK_CARDS, opp_n, nopp, b->styles, k->declare_rank,
                           shares, 1);
}

/* Whether the seat's bot pays `price` to stay in a pot of `pot`. */
int sk_bot_pays(const sk_game *k, const sk_seats *b, const sk_hand *h, int seat, int64_t price,
                int64_t pot, uint64_t *stream) {
    if (b->bots[seat] == SK_BOT_RANDOM) return sk_below(stream, 2) == 0;
    int64_t own[SK_CARDS + SK_BOARD], opp[SK_SEATS * SK_CARDS], opp_n[SK_SEATS];
    int nopp;
    int n_own = sk_seen_cards(k, h, seat, own, opp, opp_n, &nopp);
    return sk_pays(own, n_own, opp, SK_CARDS, opp_n, nopp, b->styles, k->rules->shares, price,
                   pot);
}

/* The split the seat's bot makes: the allowed small hand whose hands score best together
 * (`bigs`: each one's big hand). */
static int best_split(const sk_game *k, uint8_t splits[][SK_SPLIT_MOST],
                      uint8_t bigs[][SK_CARDS], int count) {
    int best = 0;
    double best_value = -1.0;
    for (int i = 0; i < count; i++) {
        double value =
            (double)sk_part_strength(k, k->split_big_evaluator, bigs[i], k->split_big) /
                (double)(1 << 20) +
            SK_SMALL_WEIGHT *
                (double)sk_part_strength(k, k->split_small_evaluator, splits[i], k->split_small) /
                (double)(1 << 20);
        if (value > best_value) {
            best_value = value;
            best = i;
        }
    }
    return best;
}

int sk_bot_split(const sk_game *k, const sk_seats *b, const sk_hand *h, int seat,
                 uint8_t *chosen, uint64_t *stream) {
    uint8_t splits[SK_SPLITS][SK_SPLIT_MOST], bigs[SK_SPLITS][SK_CARDS];
    int thinks = b->bots[seat] != SK_BOT_RANDOM;
    int count = sk_allowed_splits(k, &SK_DOWN(h, seat, 0), h->ndown[seat], &SK_UP(h, seat, 0),
                                  h->nup[seat], splits, thinks ? bigs : NULL, SK_SPLITS);
    if (count == 0) return 0;
    if (thinks) {
        memcpy(chosen, splits[best_split(k, splits, bigs, count)], SK_SPLIT_MOST);
        return 1;
    }
    for (int c = 0; c < k->split_small; c++) { /* card by card: any card of an allowed split
                                                * holding those chosen so far */
        uint64_t offered = 0;
        for (int s = 0; s < count; s++) {
            int holds = 1;
            for (int j = 0; j < c; j++) {
                int in = 0;
                for (int m = 0; m < k->split_small; m++) in |= splits[s][m] == chosen[j];
                holds &= in;
            }
            for (int m = 0; holds && m < k->split_small; m++)
                offered |= UINT64_C(1) << splits[s][m];
        }
        for (int j = 0; j < c; j++) offered &= ~(UINT64_C(1) << chosen[j]);
        int pick = (int)sk_below(stream, __builtin_popcountll(offered));
        while (pick--) offered &= offered - 1;
        chosen[c] = (uint8_t)__builtin_ctzll(offered);
    }
    return 1;
}
