/* The shipped bots at the seats of a game played on the rules core in compiled code (the
 * batch kernel's seats): seats.c. Each takes the game (studkit/core/game.h), the seats'
 * bots, the hand's state and a random stream (stream.h), and returns its choice. */
#ifndef STUDKIT_BOTS_SEATS_H
#define STUDKIT_BOTS_SEATS_H

#include <stdint.h>

#include "../core/game.h"
#include "decide.h"

/* The shipped bots, by id (studkit.bots.compiled.COMPILED_BOTS). */
enum { SK_BOT_RANDOM = 0, SK_BOT_CALLING = 1, SK_BOT_TAG = 2, SK_BOT_LAG = 3, SK_BOT_EQUITY = 4 };
/* Columns of the bots' table (a row per seat). */
enum { SK_B_ENTER, SK_B_STAY, SK_B_BET, SK_B_BLUFF, SK_B_SIZE, SK_B_MAX_RAISES, SK_B_MARGIN,
       SK_B_TRIALS, SK_B_COLUMNS };

/* Who sits at the seats. */
typedef struct sk_seats {
    const int64_t *bots;     /* a bot id per seat */
    const double *bot_table; /* [seat][SK_B_COLUMNS]: each seat's bot's numbers */
    const int64_t *styles;   /* the rule-based bots' share styles, three numbers a share */
    int n_styles;
} sk_seats;

/* The row of `options` the seat's bot takes (an aggressive row's total is set in its `lo`).
 * `raises`: completions, bets and raises so far on the street. */
int sk_bot_choice(const sk_game *k, const sk_seats *b, const sk_hand *h, int seat, int raises,
                  sk_option *options, int count, uint64_t *stream);

/* What a seat sees, as studkit.bots.seen reads it from its view: its own cards (down, up,
 * then the board) into `own` (NULL: not wanted), how many; each live opponent's up cards,
 * opponent k's at opp[k * SK_CARDS], opp_n[k] of them, into *nopp opponents; a joker face up
 * as sk_seen_up shows it. */
int sk_seen_cards(const sk_game *k, const sk_hand *h, int seat, int64_t *own, int64_t *opp,
                  int64_t *opp_n, int *nopp);

/* The row of `options` (cards, SK_KEEP_CARD: none) the seat's bot takes for request `q`. */
int sk_bot_card(const sk_game *k, const sk_seats *b, const sk_hand *h, const sk_card_request *q,
                const uint8_t *options, int count, uint64_t *stream);

/* The row of `cards` (0: keep the hand; then each card that may be traded) the seat's bot
 * takes in a trade round. */
int sk_bot_trade(const sk_game *k, const sk_seats *b, const sk_hand *h, int seat,
                 const int64_t *cards, int count, uint64_t *stream);

/* The seat's declaration: a pot share's index, or the number of shares for all of them. */
int sk_bot_declaration(const sk_game *k, const sk_seats *b, const sk_hand *h, int seat,
                       uint64_t *stream);

/* Whether the seat's bot pays `price` to stay in a pot of `pot`. */
int sk_bot_pays(const sk_game *k, const sk_seats *b, const sk_hand *h, int seat, int64_t price,
                int64_t pot, uint64_t *stream);

/* The seat's split of its cards into a big and a small hand: the small hand into `chosen`
 * (k->split_small cards, in the order chosen); 0 where no split is allowed. */
int sk_bot_split(const sk_game *k, const sk_seats *b, const sk_hand *h, int seat,
                 uint8_t *chosen, uint64_t *stream);

#endif
