/* The compiled rules of a variant at its stakes: every number the rules core reads.
 *
 * Declared once, as the X-macro SK_RULES_FIELDS: the C struct sk_rules is generated from it,
 * and so is the table of field names, offsets and lengths that the Python compile step
 * (studkit/core/compile.py) fills the struct through. Each field names the model setting it
 * comes from, so a new rule switch is one line here and the code in the core that reads it.
 *
 * Every field is a plain integer (or a fixed array of them). Booleans are 0 or 1.
 */
#ifndef STUDKIT_CORE_RULES_H
#define STUDKIT_CORE_RULES_H

#include <stdint.h>

#define SK_SEATS 16     /* the most seats at a table (a variant file allows 10) */
#define SK_STREETS 12   /* the most streets in a variant */
#define SK_SHARES 4     /* the most pot shares */
#define SK_DECK 54      /* card numbers 0-53: 52 the first joker */

/* betting structures */
enum { SK_FIXED_LIMIT = 0, SK_SPREAD_LIMIT = 1, SK_POT_LIMIT = 2, SK_NO_LIMIT = 3 };
/* heads-up uncapping of the raise cap */
enum { SK_UNCAP_NEVER = 0, SK_UNCAP_IF_HEADS_UP_BEFORE_CAP = 1, SK_UNCAP_IF_ROUND_BEGAN_HEADS_UP = 2 };
/* how odd chips of a tie are given out */
enum { SK_ODD_FIRST_SHOWN = 0, SK_ODD_HIGH_CARD_BY_SUIT = 1, SK_ODD_LOW_CARD_BY_SUIT = 2 };
/* when a street's discard is made (the model's discard.when, in its order) */
enum { SK_DISCARD_BEFORE_DEAL = 0, SK_DISCARD_AFTER_DEAL = 1, SK_DISCARD_AFTER_BETTING = 2 };

#define SK_NO_LIMIT_TOP ((int64_t)1 << 62)

/* S(type, name, from): a number; A(type, name, length, from): a fixed array.
 *
 * `from` says where the compile step (studkit/core/compile.py) takes the value, so that a new
 * switch of the variant model is one line here and the core's code that reads it:
 *   "section.key"              the model's setting (a number; yes/no as 1/0);
 *   "section.key == value"     1 when the setting is that value, else 0;
 *   "section.key: a | b | c"   the setting's place in the list (0, 1, 2: the SK_* codes);
 *   ""                         worked out by the compile step from several settings or the
 *                              stakes.
 * A setting under a section the variant does not have (no bring-in) reads 0. */
#define SK_RULES_FIELDS(S, A)                                                                  \
    /* forced bets */                                                                       \
    S(int64_t, ante, "")                 /* each player's ante (0: none) */              \
    S(int64_t, bring_in, "")             /* the bring-in (0: none) */                     \
    S(int64_t, small_blind, "")          /* 0: no blinds */                               \
    S(int64_t, big_blind, "")                                                             \
    S(int32_t, bring_in_street, "first_betting_street") /* the round the bring-in opens */ \
    S(int32_t, bring_in_partial, "")     /* short of it: post what it has */              \
    S(int32_t, bring_in_called_as_posted,                                                 \
      "forced_bets.bring_in.short_stack == partial-call") /* a partial bring-in is called */ \
    S(int32_t, may_complete, "forced_bets.bring_in.may_complete") /* or complete instead */ \
    A(int32_t, force_key, SK_DECK, "")      /* per card: larger is forced first; -1 never */ \
    /* betting */                                                                           \
    S(int32_t, structure,                                                                 \
      "betting.structure: fixed-limit | spread-limit | pot-limit | no-limit")             \
    S(int32_t, completes, "")            /* the bring-in is completed (limit games) */    \
    S(int64_t, big_bet, "")                                                               \
    S(int64_t, min_open, "")             /* pot and no limit: the smallest opening bet */ \
    S(int64_t, round_min, "")            /* spread limit: the smallest bet */             \
    S(int32_t, max_raises, "")           /* the raise cap; -1 for none */                 \
    S(int32_t, uncap, "betting.heads_up_uncapped: "                                       \
      "never | if-heads-up-before-cap | if-round-began-heads-up")                         \
    S(int32_t, half_bet, "betting.half_bet_reopens") /* a short all-in of half a bet reopens */ \
    S(int32_t, short_full, "betting.short_all_in_is_full") /* any short all-in is full */ \
    S(int32_t, completion_is_raise, "betting.completion_is_raise") /* counts as a raise */ \
    S(int32_t, free_fold, "betting.fold_when_check_is_free") /* fold with nothing to call */ \
    /* who acts first */                                                                    \
    S(int32_t, suit_tie_break, "action_order.tie_break == suit") /* by the high card's suit */ \
    A(int32_t, tie_key, SK_DECK, "")        /* per card: rank then suit in the deck's order */ \
    S(int32_t, community_previous_leader,                                                 \
      "deck_exhaustion.community_first_actor == previous-street")                         \
    S(int32_t, board_in_showing, "action_order.board_includes_community")                 \
    /* streets */                                                                           \
    S(int32_t, streets, "")                                                               \
    A(int32_t, street_rounds, SK_STREETS, "")   /* cards each live player gets */         \
    A(int32_t, street_faces, SK_STREETS, "")    /* bit k: round k is dealt face up */     \
    A(int32_t, street_rolled, SK_STREETS, "")   /* bit k: up unless the player holds no down */ \
    A(int32_t, street_burn, SK_STREETS, "")                                               \
    A(int32_t, street_board, SK_STREETS, "")    /* board cards dealt to the table after */ \
    A(int32_t, street_betting, SK_STREETS, "")                                            \
    A(int32_t, street_faces_up, SK_STREETS, "") /* any card of it is dealt face up */     \
    A(int32_t, street_by_position, SK_STREETS, "") /* its round opens by seat, not by board */ \
    A(int32_t, street_open_pair, SK_STREETS, "")   /* the open-pair option applies */     \
    A(int64_t, street_size, SK_STREETS, "")     /* fixed limit: the street's bet */       \
    A(int64_t, street_round_max, SK_STREETS, "") /* spread limit: the largest bet */      \
    /* card decisions (stud-family 2.3, 2.5): what a street's flip and discard ask of each live \
     * player (card_choices.c) */                                                           \
    A(int32_t, street_flip, SK_STREETS, "")     /* down cards each turns up (0: no flip) */ \
    A(int32_t, street_flip_optional, SK_STREETS, "") /* or keeps them all down */         \
    A(int32_t, street_discard, SK_STREETS, "")  /* cards each throws away (0: none) */    \
    A(int32_t, street_discard_when, SK_STREETS, "") /* SK_DISCARD_*: when they are thrown */ \
    A(int32_t, street_discard_any, SK_STREETS, "")  /* up cards may go too */             \
    A(int32_t, street_choices_hidden, SK_STREETS, "") /* bit 0: flips, bit 1: discards are \
                                                       * chosen by all before any is shown */ \
    A(int32_t, street_choice, SK_STREETS, "")   /* cards dealt "choice": down, until the  \
                                                 * player turns as many down cards up */  \
    /* the deck running out */                                                              \
    S(int32_t, reshuffle_burns, "deck_exhaustion.reshuffle_burns")                        \
    S(int32_t, reuse_folded, "deck_exhaustion.reuse_folded")                              \
    S(int32_t, community_card, "deck_exhaustion.community_card")                          \
    /* the showdown */                                                                      \
    S(int32_t, shares, "")                                                                \
    A(int64_t, share_weight, SK_SHARES, "")                                               \
    A(int64_t, share_qualifier, SK_SHARES, "") /* the least strength that qualifies (0: any) */ \
    S(int32_t, odd_chip_share, "")       /* the share that takes a split pot's odd chips */ \
    S(int32_t, odd_chip_method,                                                           \
      "odd_chips.method: first-shown | high-card-by-suit | low-card-by-suit")             \
    S(int32_t, odd_chip_hand, "odd_chips.cards == hand") /* by the five cards played */   \
    A(int32_t, suit_pos, 4, "")             /* each suit's place in the deck's suit order */ \
    S(int32_t, show_from_last_checker, "showdown.no_bet_order == last-checker")           \
    S(int32_t, losers_may_muck, "showdown.losers_may_muck")                               \
    S(int32_t, ignore_qualifiers, "showdown.if_nobody_qualifies == ignore-qualifiers")    \
    S(int32_t, muck_concedes, "showdown.muck_concedes") /* a player may muck to concede */ \
    S(int32_t, rake_by_size, "showdown.rake_from == pots-by-size") /* else main pot first */ \
    /* plugins */                                                                           \
    S(int32_t, hooks, "")                /* stop at the hook phases */

#define SK_DECLARE_NUMBER(type, name) type name;
#define SK_DECLARE_RULES_NUMBER(type, name, from) type name;
#define SK_DECLARE_RULES_ARRAY(type, name, length, from) type name[length];

typedef struct sk_rules {
    SK_RULES_FIELDS(SK_DECLARE_RULES_NUMBER, SK_DECLARE_RULES_ARRAY)
} sk_rules;

#endif
