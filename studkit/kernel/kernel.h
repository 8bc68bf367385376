/* The batch kernel: blocks of whole hands played on the rules core by the shipped bots, each
 * hand a function of the run's seed and its index, counted into tally arrays. */
#ifndef STUDKIT_KERNEL_KERNEL_H
#define STUDKIT_KERNEL_KERNEL_H

#include <stdint.h>

#include "../core/core.h"
#include "../evaluation/many_cards.h"

/* The shipped bots the kernel plays, by id (studkit.kernel.plan.KERNEL_BOTS). */
enum { SK_BOT_RANDOM = 0, SK_BOT_CALLING = 1, SK_BOT_TAG = 2, SK_BOT_LAG = 3, SK_BOT_EQUITY = 4 };
/* Columns of the bots' table (a row per bot id). */
enum { SK_B_ENTER, SK_B_STAY, SK_B_BET, SK_B_BLUFF, SK_B_SIZE, SK_B_MAX_RAISES, SK_B_MARGIN,
       SK_B_TRIALS, SK_B_COLUMNS };

/* One run's setup. */
typedef struct sk_setup {
    const sk_rules *rules;
    int players;
    int64_t stack;
    const uint8_t *deck;
    int deck_size;
    int cards;               /* cards each player holds after the last street */
    int showing;             /* the showing hands' evaluator */
    int share_evaluator[SK_SHARES];
    int share_mode[SK_SHARES]; /* SK_CARDS_*: the cards each share's hand is made from */
    const int64_t *bots;     /* a bot id per seat */
    const double *bot_table; /* [seat][SK_B_COLUMNS]: each seat's bot's numbers */
    const int64_t *styles;   /* the rule-based bots' share styles, three numbers a share */
    int n_styles;
    sk_tables tables;
    /* wild ranks and jokers: each share's wild-card tables, and the showing hands' (a
     * table NULL: nothing is wild there); `by_cards`: the showdown ranks each hand from its
     * cards (wild cards, or a special ranking), never from the packed sums */
    int by_cards;
    sk_wild_ranking share_wild[SK_SHARES];
    sk_wild_ranking showing_wild;
    /* a joker played by its face (Mexican poker's: wild dealt down, the bug dealt up):
     * SK_JOKER_* (0: the deck's is not); whether the bots see one face up as the bug (an
     * ace), as it plays not face up and face up; each share's tables for a face-up one */
    int joker_face;
    int joker_seen_ace[2];
    sk_wild_ranking share_wild_up[SK_SHARES];
    /* a plugin's declaration (studkit.hooks.specs.DeclarationRule): after the betting of
     * street `declare_street` (-1: none); the shares' names' places in sorted order */
    int declare_street;
    int declare_may_tie;
    int declare_all_pots;
    int64_t declare_rank[SK_SHARES];
    /* pot shares a plugin ranks by down cards (studkit.hooks.specs.DownCardShare): the suit
     * that counts (-1: the share's evaluator ranks it), each rank's strength */
    int down_suit[SK_SHARES];
    int64_t down_values[SK_SHARES][13];
    /* a plugin's exposure of choice cards (studkit.hooks.specs.ChoiceExposure): whether
     * there is one, chosen before the deal, chosen by all before any is shown; and its
     * choose-before (a down card up, or none, before each street dealt up unless all are
     * exposed), chosen by all before any is shown */
    int expose;
    int expose_before;
    int expose_hidden;
    int expose_rolled;
    int expose_rolled_hidden;
    /* what a card dealt face up brings, by rank (studkit.hooks.specs.UpCardRule): extra
     * cards (how many; bit e: the e-th face up), a price to pay or fold (SK_NO_PRICE: none,
     * SK_POT_PRICE: the pot) */
    int up_rules;
    int8_t up_extra[13];
    int8_t up_extra_faces[13];
    int64_t up_price[13];
    /* a trade of a card for the next one (studkit.hooks.specs.TradeRule): after the betting
     * of the streets in `trade_streets` (a bit each); its cost; bit 0 down cards, bit 1 up
     * cards may go; an up card's replacement comes up */
    int32_t trade_streets;
    int64_t trade_cost;
    int trade_faces;
    int trade_as_thrown;
    /* wild ranks that change during a hand (studkit.hooks.kernel_rules.FollowedWildRule,
     * HoleWildRule; wild_ranks.c): whether there are; each share's and the showing hands'
     * wild-card tables with SK_WILD_SETS rows of card values; the rank whose face-up cards
     * make the next up card's rank wild (-1: none); each player's lowest hole card wild
     * (SK_HOLE_WILD_*) */
    int wild_sets;
    sk_wild_ranking share_sets[SK_SHARES];
    sk_wild_ranking showing_sets;
    int follow_trigger;
    int hole_wild;
    /* separate hands (studkit.hooks.kernel_rules.SplitRule; split_hands.c): before the deal
     * of street `split_street` (-1: none) each seat splits its cards into a big and a small
     * hand of these sizes, at least `split_min_down` down cards in each, the big one above
     * the small one where `split_ordered`; the bots score each hand with its evaluator; the
     * pot shares in split_part (SK_SPLIT_*_HAND) rank one hand by their evaluator */
    int split_street;
    int split_big;
    int split_small;
    int split_min_down;
    int split_ordered;
    int split_big_evaluator;
    int split_small_evaluator;
    int split_part[SK_SHARES];
} sk_setup;
#define SK_SPLIT_MOST 4 /* the most cards of a small hand */
#define SK_SPLITS 128   /* the most ways to choose them */
enum { SK_SPLIT_NO_HAND = 0, SK_SPLIT_BIG_HAND = 1, SK_SPLIT_SMALL_HAND = 2 };
/* The rows of card values of the changing wild sets: row r < 13, the base set and rank r;
 * SK_WILD_BASE, the base set alone (the deck's own wild ranks, and the trigger where it is
 * wild). */
enum { SK_WILD_BASE = 13, SK_WILD_SETS = 14 };
enum { SK_HOLE_WILD_NONE = 0, SK_HOLE_WILD_ACE_HIGH = 1, SK_HOLE_WILD_ACE_LOW = 2 };
/* When a joker played by its face plays its face-up part: dealt face up, or face up now. */
enum { SK_JOKER_PLAIN = 0, SK_JOKER_AS_DEALT = 1, SK_JOKER_AS_UP = 2 };
#define SK_NO_PRICE (-2)
#define SK_POT_PRICE (-1)

/* Cards drawn from a hand's stub outside a street's deal (a plugin's extra card): the stub,
 * the hand's random stream, the packed values of each seat's cards, and the record of the
 * cards dealt (NULL: none). */
typedef struct sk_draw {
    const sk_setup *k;
    uint8_t *stub;
    int *left;
    uint64_t *stream;
    int64_t *held;
    int64_t *up;
    int64_t *record;
    int64_t *recorded;
} sk_draw;

/* block.c: a card for `seat` (`up`: face up) drawn from the stub, counted and recorded as a
 * street's cards are. */
int sk_draw_card(sk_draw *d, int seat, int up);

/* The evaluator number of a pot share a plugin ranks by down cards (sk_setup.down_suit). */
#define SK_DOWN_CARD_SHARE (SK_SPECIAL_BASE + 100)

/* The strength pot share `x`, a plugin's share ranked by down cards (sk_setup.down_suit),
 * gives `count` down cards: the best of the suit's. */
static inline int64_t sk_down_share(const sk_setup *k, int x, const uint8_t *down, int count) {
    int64_t value = 0;
    for (int i = 0; i < count; i++) {
        int card = down[i];
        if (card < 52 && (card & 3) == k->down_suit[x] && k->down_values[x][card >> 2] > value)
            value = k->down_values[x][card >> 2];
    }
    return value;
}

/* Whether a joker plays its face-up part (sk_setup.joker_face): dealt face up, or, where the
 * rules say so, face up now (studkit.engine.jokers.joker_play). */
static inline int sk_joker_up(const sk_setup *k, const sk_hand *h, int card, int now_up) {
    return (h->jokers_up >> (card - 52) & 1) || (now_up && k->joker_face == SK_JOKER_AS_UP);
}

/* A card face up as the bots see it: a joker that plays as the bug there, an ace
 * (studkit.engine.jokers.bugs_as_aces). */
static inline int sk_seen_up(const sk_setup *k, const sk_hand *h, int card) {
    if (card < 52 || k->joker_face == SK_JOKER_PLAIN) return card;
    return k->joker_seen_ace[sk_joker_up(k, h, card, 1)] ? 48 : card;
}

/* The wild cards share `x` ranks seat `s`'s hand with: for a joker played by its face, the
 * face-up part where the seat's first joker plays it, or a joker is on the board
 * (studkit.engine.jokers.seat_joker_play). */
static inline const sk_wild_ranking *sk_seat_wild(const sk_setup *k, const sk_hand *h, int x,
                                                  int s) {
    if (k->joker_face == SK_JOKER_PLAIN) return &k->share_wild[x];
    for (int i = 0; i < h->ncommunity; i++)
        if (h->community[i] >= 52) return &k->share_wild_up[x];
    for (int i = 0; i < h->ncards[s]; i++) {
        int card = SK_CARD(h, s, i);
        if (card < 52) continue;
        int now_up = 0;
        for (int j = 0; j < h->nup[s]; j++) now_up |= SK_UP(h, s, j) == card;
        return sk_joker_up(k, h, card, now_up) ? &k->share_wild_up[x] : &k->share_wild[x];
    }
    return &k->share_wild[x];
}

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

/* players.c: the row of `options` the seat's bot takes (an aggressive row's total is set in
 * its `lo`). `raises`: completions, bets and raises so far on the street. */
int sk_bot_choice(const sk_setup *setup, const sk_hand *h, int seat, int raises,
                  sk_option *options, int count, uint64_t *stream);

/* players.c: what a seat sees, as studkit.bots.seen reads it from its view: its own cards
 * (down, up, then the board) into `own` (NULL: not wanted), how many; each live opponent's
 * up cards, opponent k's at opp[k * SK_CARDS], opp_n[k] of them, into *nopp opponents; a
 * joker face up as sk_seen_up shows it. */
int sk_seen_cards(const sk_setup *k, const sk_hand *h, int seat, int64_t *own, int64_t *opp,
                  int64_t *opp_n, int *nopp);

/* card_decisions.c: the card decisions asked at `step` (SK_STEP_*) of the hook phase the
 * hand is in, made by the seats' bots and taken; `held` and `up` are the packed values of
 * each seat's cards. With `record`, each choice is recorded there (`*recorded` so far, room
 * for `room`). 0, or SK_KERNEL_LONG / SK_KERNEL_CARDS. */
int sk_play_card_step(const sk_setup *k, sk_hand *h, int step, uint64_t *stream, int64_t *held,
                      int64_t *up, int64_t *record, int64_t *recorded, int64_t room);

/* declarations.c: the declaration after the betting of k->declare_street, made by the
 * seats' bots into `declared` (a choice per seat), recorded as sk_play_card_step records. */
int sk_play_declarations(const sk_setup *k, const sk_hand *h, uint64_t *stream,
                         int8_t *declared, int64_t *record, int64_t *recorded, int64_t room);

/* trades.c: the trade round after the betting of the street the hand is on, where
 * k->trade_streets says, by the seats' bots; cards drawn through `draw`; recorded as
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

/* wild_ranks.c: a card dealt face up (to a seat or the board) under Follow the Queen's
 * rule: `*set` becomes the row of the wild set in force, `*after_trigger` whether the card
 * was the trigger. */
void sk_follow_card(const sk_setup *k, int card, int *set, int *after_trigger);

/* wild_ranks.c: the row of the wild set a seat's hand is ranked with at the showdown, the
 * table's being `table_set`: its own lowest hole card's rank joins it where k->hole_wild. */
int sk_seat_wild_set(const sk_setup *k, const sk_hand *h, int seat, int table_set);

/* wild_ranks.c: who opens a betting round under Follow the Queen's rule: the best showing
 * hand (up cards and the board) with the wild set of row `set`, ties to the first from the
 * dealer's left. */
int sk_wild_leader(const sk_setup *k, const sk_hand *h, int set);

/* split_hands.c: the strength pot share `x` (k->split_part[x]) gives a seat's down and up
 * cards split with the small hand `small` (NULL: no split made, the first allowed one). */
int64_t sk_split_strength(const sk_setup *k, int x, const uint8_t *down, int ndown,
                          const uint8_t *up, int nup, const uint8_t *small);

/* split_hands.c: the splits made before the deal of k->split_street, by the seats' bots, into
 * `smalls` (each seat's small hand; a seat not asked keeps its row), recorded as
 * sk_play_card_step records. 0, or SK_KERNEL_LONG. */
int sk_play_splits(const sk_setup *k, const sk_hand *h, uint64_t *stream,
                   uint8_t smalls[][SK_SPLIT_MOST], int64_t *record, int64_t *recorded,
                   int64_t room);

#endif
