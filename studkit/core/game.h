/* A game as compiled code plays it whole: the rules core's rules, the deck, the evaluators
 * and wild cards that rank its hands, and the rules a plugin hands over as data
 * (studkit.hooks.kernel_rules). Python builds one as studkit.core.Game (game_binding.c,
 * compiled by studkit.game); the batch kernel plays a run on one, and the seats' bots
 * (studkit/bots/seats.c) read it to see what a seat sees. The rule forms built on it are in
 * this folder (wild_ranks.c, split_hands.c, up_cards.c, trades.c, declarations.c,
 * card_choices.c), and so are the hands' strengths as it ranks them (game_strengths.c). */
#ifndef STUDKIT_CORE_GAME_H
#define STUDKIT_CORE_GAME_H

#include <stdint.h>

#include "../evaluation/many_cards.h"
#include "core.h"

/* A game. */
typedef struct sk_game {
    const sk_rules *rules;
    const uint8_t *deck;
    int deck_size;
    int cards;               /* cards each player holds after the last street */
    int showing;             /* the showing hands' evaluator */
    int share_evaluator[SK_SHARES];
    int share_mode[SK_SHARES]; /* SK_CARDS_*: the cards each share's hand is made from */
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
} sk_game;
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


/* The evaluator number of a pot share a plugin ranks by down cards (sk_game.down_suit). */
#define SK_DOWN_CARD_SHARE (SK_SPECIAL_BASE + 100)

/* The strength pot share `x`, a plugin's share ranked by down cards (sk_game.down_suit),
 * gives `count` down cards: the best of the suit's. */
static inline int64_t sk_down_share(const sk_game *k, int x, const uint8_t *down, int count) {
    int64_t value = 0;
    for (int i = 0; i < count; i++) {
        int card = down[i];
        if (card < 52 && (card & 3) == k->down_suit[x] && k->down_values[x][card >> 2] > value)
            value = k->down_values[x][card >> 2];
    }
    return value;
}

/* Whether a joker plays its face-up part (sk_game.joker_face): dealt face up, or, where the
 * rules say so, face up now (studkit.engine.jokers.joker_play). */
static inline int sk_joker_up(const sk_game *k, const sk_hand *h, int card, int now_up) {
    return (h->jokers_up >> (card - 52) & 1) || (now_up && k->joker_face == SK_JOKER_AS_UP);
}

/* A card face up as the bots see it: a joker that plays as the bug there, an ace
 * (studkit.engine.jokers.bugs_as_aces). */
static inline int sk_seen_up(const sk_game *k, const sk_hand *h, int card) {
    if (card < 52 || k->joker_face == SK_JOKER_PLAIN) return card;
    return k->joker_seen_ace[sk_joker_up(k, h, card, 1)] ? 48 : card;
}

/* The wild cards share `x` ranks seat `s`'s hand with: for a joker played by its face, the
 * face-up part where the seat's first joker plays it, or a joker is on the board
 * (studkit.engine.jokers.seat_joker_play). */
static inline const sk_wild_ranking *sk_seat_wild(const sk_game *k, const sk_hand *h, int x,
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

/* Where the rule forms take a card outside a street's deal (a plugin's extra or traded
 * card): `draw` deals the next card of the driver's stub to `seat` (`up`: face up) and
 * returns it, or -1 when the stub is empty. */
typedef struct sk_card_source {
    int (*draw)(void *context, int seat, int up);
    void *context;
} sk_card_source;

/* up_cards.c: what the cards dealt face up on a street (`fallen`, to `fallen_seat`, in the
 * order dealt) bring (k->up_rules): each card's extra cards at once, drawn from `source`
 * while it lasts and placed, each falling under the rules in turn before the next card's;
 * then the seats asked to pay a price, in the order asked, into `asked` with the rank each
 * pays for in `ranks` (`*nasked` of them, room for SK_CARDS * SK_SEATS). SK_OK or an
 * SK_ERROR_* code. */
int sk_up_cards_fall(const sk_game *k, sk_hand *h, sk_log *log, const uint8_t *fallen,
                     const int8_t *fallen_seat, int nfallen, sk_card_source source,
                     int8_t *asked, int8_t *ranks, int *nasked);

/* up_cards.c: the price `seat` is asked for a card of `rank` dealt face up (the pot as it
 * stands, or the rule's chips, at most its stack), or SK_NO_PRICE: the seat is not asked
 * (it folded, has no chips, or is the last player in). */
int64_t sk_up_card_price(const sk_game *k, const sk_hand *h, int seat, int rank);

/* trades.c: the seats asked to trade after the betting of the street the hand is on, in
 * turn, into `out` (k->trade_streets; two or more players live); how many. */
int sk_trade_seats(const sk_game *k, const sk_hand *h, int8_t *out);

/* trades.c: what `seat` may do in a trade round, into `cards`: row 0 keeps the hand, then
 * each card it may trade (none when it cannot pay or the stub of `stub` cards is empty);
 * how many rows. */
int sk_trade_offer(const sk_game *k, const sk_hand *h, int seat, int stub, int64_t *cards);

/* trades.c: `seat` trades `card`: pays the cost as dead money, throws the card into the
 * muck and is dealt the next from `source` (face up for an up card where k->trade_as_thrown);
 * `*was_up` says whether the card thrown was face up. SK_OK or an SK_ERROR_* code. */
int sk_trade(const sk_game *k, sk_hand *h, sk_log *log, int seat, int card,
             sk_card_source source, int *was_up);

/* game_strengths.c: the showing hands' values, into `values` (0 for a folded seat): each
 * live seat's up cards (and the board where it counts; a joker as the rules rank it in
 * boards; more than eight cards: the best eight-card part). `up` holds each seat's up cards'
 * packed values, summed as they were dealt; `ranker` the showing evaluator's row (a special
 * ranking has none). */
void sk_showing_values(const sk_game *k, const sk_ranker *ranker, const sk_hand *h,
                       const int64_t *up, int64_t *values);

/* game_strengths.c: the showdown's strengths of every live hand (the core applies the
 * qualifiers), the same in every pot, into `table` ([pot][share][seat]); and, where the odd
 * chips go by the cards a hand plays, those cards into `played` (NULL: not wanted). `held`
 * holds each seat's cards' packed values, summed as they were dealt; `rankers` each share's
 * evaluator row; `wild_set` is the row of the wild set in force where the wild ranks change
 * during the hand; `smalls` each seat's small hand of a split (SK_NO_CARD first: none made).
 * 0 when a hand is too large to find the cards it plays. */
int sk_showdown_strengths(const sk_game *k, const sk_ranker *rankers, const sk_hand *h,
                          const int64_t *held, int64_t *table, uint8_t *played, int wild_set,
                          uint8_t smalls[][SK_SPLIT_MOST]);

/* wild_ranks.c: a card dealt face up (to a seat or the board) under Follow the Queen's
 * rule: `*set` becomes the row of the wild set in force, `*after_trigger` whether the card
 * was the trigger. */
void sk_follow_card(const sk_game *k, int card, int *set, int *after_trigger);

/* wild_ranks.c: the row of the wild set a seat's hand is ranked with at the showdown, the
 * table's being `table_set`: its own lowest hole card's rank joins it where k->hole_wild. */
int sk_seat_wild_set(const sk_game *k, const sk_hand *h, int seat, int table_set);

/* wild_ranks.c: who opens a betting round under Follow the Queen's rule: the best showing
 * hand (up cards and the board) with the wild set of row `set`, ties to the first from the
 * dealer's left. */
int sk_wild_leader(const sk_game *k, const sk_hand *h, int set);

/* split_hands.c: the allowed small hands of a seat's `ndown` down and `nup` up cards, in the
 * plugin's order (combinations of the cards sorted by number), into `out` (k->split_small
 * cards each), the first `most` of them at most, and each one's big hand into `bigs`
 * (k->split_big cards; NULL: not wanted); how many. */
int sk_allowed_splits(const sk_game *k, const uint8_t *down, int ndown, const uint8_t *up,
                      int nup, uint8_t out[][SK_SPLIT_MOST], uint8_t bigs[][SK_CARDS], int most);

/* split_hands.c: the strength of the `count` cards of a split's `part` by evaluator `ev`, no
 * card wild. */
int64_t sk_part_strength(const sk_game *k, int ev, const uint8_t *part, int count);

/* split_hands.c: the strength pot share `x` (k->split_part[x]) gives a seat's down and up
 * cards split with the small hand `small` (NULL: no split made, the first allowed one). */
int64_t sk_split_strength(const sk_game *k, int x, const uint8_t *down, int ndown,
                          const uint8_t *up, int nup, const uint8_t *small);

#endif
