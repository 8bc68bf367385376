/* The batch kernel: blocks of whole hands of a game (studkit/core/game.h) played on the rules
 * core by the seats' bots (studkit/bots/seats.h), each hand a function of the run's seed and
 * its index, counted into tally arrays. */
#ifndef STUDKIT_KERNEL_KERNEL_H
#define STUDKIT_KERNEL_KERNEL_H

#include <stdint.h>

#include "../bots/seats.h"
#include "../core/game.h"

/* One run's setup: the game, who sits at its seats, and how deep their stacks are. */
typedef struct sk_setup {
    sk_game game;
    sk_seats seats;
    int players;
    int64_t stack;
} sk_setup;

/* Cards drawn from a hand's stub outside a street's deal (a plugin's extra card): the stub,
 * the hand's random stream, the packed values of each seat's cards, and the record of the
 * cards dealt (NULL: none). */
typedef struct sk_draw {
    const sk_game *k;
    uint8_t *stub;
    int *left;
    uint64_t *stream;
    int64_t *held;
    int64_t *up;
    int64_t *record;
    int64_t *recorded;
} sk_draw;

/* block.c: a card for `seat` (`up`: face up) drawn from the stub of the sk_draw `context`,
 * counted and recorded as a street's cards are; -1 when the stub is empty (an sk_card_source's
 * draw). */
int sk_draw_card(void *context, int seat, int up);

/* Slots of the scalar tally. */
enum { T_HANDS, T_SHOWDOWNS, T_SPLITS, T_SCOOPS, T_COMMUNITY, T_BRING_IN, T_COMPLETED,
       T_ACTIONS, T_ACTIONS_SQ, T_POT, T_POT_SQ, T_AT_SHOWDOWN, T_AT_SHOWDOWN_SQ, T_CAPPED,
       T_OPEN_PAIR, T_OPEN_PAIR_TAKEN, T_SLOTS };

/* Where a block's counts go (arrays the caller allocates, zeroed or holding earlier counts). */
typedef struct sk_tally {
    int64_t *totals;           /* T_SLOTS */
    int64_t *pots;             /* by pot size: players * stack + 1 */
    int64_t *ended;            /* by street the hand ended on */
    int64_t *mix;              /* [street][verb] decisions */
    int64_t *share_awards;     /* by share: main pots that paid it */
    int64_t *seats;            /* [3][players]: net, net squared, hands won */
    int64_t *categories;       /* [share][slot]: the winning strengths' slots */
    const int64_t *strengths;  /* [share][slot]: each share's strengths, sorted */
    int64_t slots;             /* a row's length */
    int64_t *design;           /* the design counts, SK_DESIGN_SIZE (below) */
} sk_tally;

/* The design counts (studkit.simulation.tally.Tally's), one after another: by position from
 * the dealer's left the net chips, then their squares; the hands in which a seat had to bring
 * in; in those, by position from that seat, the net chips, then their squares; by street the
 * pot as its betting ended, its square, and the hands that played that betting; by pair of
 * seats i < j the products of their net chips, at [i * players + j]; by street the hands
 * with one winner and a best board shown, then those the board's leader won; the lead
 * changes, and their squares. */
#define SK_DESIGN_SIZE(players, streets) \
    (4 * (players) + 1 + 5 * (streets) + (players) * (players) + 2)

#define SK_RECORD_CARDS 160
#define SK_RECORD_DECISIONS 400
/* Hands recorded for a replay by the engine (rows == 0: none). */
typedef struct sk_records {
    int64_t rows;
    int64_t *cards;      /* [row][SK_RECORD_CARDS]: (target + 2) << 8 | card */
    int64_t *decisions;  /* [row][SK_RECORD_DECISIONS]: verb << 56 | amount */
    int64_t *counts;     /* [row][2]: cards and decisions recorded */
    int64_t *payoffs;    /* [row][players] */
} sk_records;

/* The recorded codes of card decisions, after the betting verbs (SK_VERBS): the card chosen
 * (SK_KEEP_CARD: an optional flip declined); and of a declaration: the choice's index. */
enum { SK_RECORD_FLIP = 8, SK_RECORD_DISCARD = 9, SK_RECORD_DECLARATION = 10,
       SK_RECORD_EXPOSE = 11, SK_RECORD_PAY = 12, SK_RECORD_TRADE = 13, SK_RECORD_KEEP_HAND = 14,
       SK_RECORD_ARRANGE = 15 };

enum { SK_KERNEL_EXHAUSTED = 1, SK_KERNEL_LONG = 2, SK_KERNEL_MEMORY = 3, SK_KERNEL_CARDS = 4 };

/* Play hands start .. stop - 1; 0, or (index << 8) | SK_KERNEL_* for the first hand the
 * rules cannot finish. */
int64_t sk_play_block(const sk_setup *setup, int64_t start, int64_t stop, int64_t seed,
                      sk_tally *tally, sk_records *records);

/* card_decisions.c: the card decisions asked at `step` (SK_STEP_*) of the hook phase the
 * hand is in, made by the seats' bots and taken; `held` and `up` are the packed values of
 * each seat's cards. With `record`, each choice is recorded there (`*recorded` so far, room
 * for `room`). 0, or SK_KERNEL_LONG / SK_KERNEL_CARDS. */
int sk_play_card_step(const sk_setup *k, sk_hand *h, int step, uint64_t *stream, int64_t *held,
                      int64_t *up, int64_t *record, int64_t *recorded, int64_t room);

/* declarations.c: the declaration after the betting of the game's declare_street, made by the
 * seats' bots into `declared` (a choice per seat), recorded as sk_play_card_step records. */
int sk_play_declarations(const sk_setup *k, const sk_hand *h, uint64_t *stream,
                         int8_t *declared, int64_t *record, int64_t *recorded, int64_t room);

/* trades.c: the trade round after the betting of the street the hand is on, where
 * the game's trade_streets says, by the seats' bots; cards drawn through `draw`; recorded as
 * sk_play_card_step records. 0, or SK_KERNEL_*. */
int sk_play_trades(const sk_setup *k, sk_hand *h, sk_log *log, sk_draw *draw, uint64_t *stream,
                   int64_t *record, int64_t *recorded, int64_t room);

/* up_cards.c: what the cards dealt face up on the street (`fallen`, to `fallen_seat`, in the
 * order dealt) bring: extra cards drawn through `draw`, then each price paid or folded by
 * the seats' bots (recorded as sk_play_card_step records; a fold counted in the street's
 * `mix` and `decisions`). 0, or SK_KERNEL_*. */
int sk_play_up_cards(const sk_setup *k, sk_hand *h, sk_log *log, sk_draw *draw,
                     const uint8_t *fallen, const int8_t *fallen_seat, int nfallen,
                     uint64_t *stream, int64_t *record, int64_t *recorded, int64_t room,
                     int64_t *mix, int *decisions);

/* split_hands.c: the splits made before the deal of the game's split_street, by the seats'
 * bots, into `smalls` (each seat's small hand; a seat not asked keeps its row), recorded as
 * sk_play_card_step records. 0, or SK_KERNEL_LONG. */
int sk_play_splits(const sk_setup *k, const sk_hand *h, uint64_t *stream,
                   uint8_t smalls[][SK_SPLIT_MOST], int64_t *record, int64_t *recorded,
                   int64_t room);

#endif
