/* A hand's state: everything the rules core reads and changes, declared once.
 *
 * SK_HAND_FIELDS generates the struct sk_hand and the field table the Python side reads
 * (studkit.core.HAND_FIELDS): the engine's queries, its snapshots, clones and pickles (the
 * struct is copied whole), the seat views and the batch kernel all derive from this one
 * declaration. Only the core's functions change it.
 *
 * A hand moves through named phases (SK_PHASE_*). In each, the core waits for one thing from
 * the driver that plays it (the engine's Hand, or the batch kernel): cards, the showing
 * hands' values, a player's decision, the showdown's hand strengths, or (with plugins) the
 * end of a hook's work. The driver supplies it through the function the phase names, and
 * the core runs on to the next phase.
 */
#ifndef STUDKIT_CORE_HAND_H
#define STUDKIT_CORE_HAND_H

#include <stdint.h>

#include "rules.h"

#define SK_CARDS 32    /* the most cards one seat holds */
#define SK_BOARD 24    /* the most community cards */
#define SK_BURNS 24    /* the most burned cards at once */
#define SK_MUCK 64     /* the most folded cards at once */
#define SK_DUE 128     /* the most cards due at once (a street's deal) */
#define SK_POTS SK_SEATS

/* Phases: what the hand waits for. */
enum {
    SK_PHASE_DEAL = 0,       /* a street's deal: sk_deal(stub size, policy) */
    SK_PHASE_RESTOCK = 1,    /* cards go back into the stub: put them there, sk_restocked() */
    SK_PHASE_CARDS = 2,      /* cards are due (due_seat/due_up): sk_place(card) */
    SK_PHASE_SHOWING = 3,    /* who opens: the showing hands' values, sk_lead(values) */
    SK_PHASE_BET = 4,        /* `actor` decides: sk_act(verb, amount) */
    SK_PHASE_SHOWDOWN = 5,   /* the pots are built: strengths, sk_showdown(...) */
    SK_PHASE_OVER = 6,       /* the pots are awarded */
    /* Hook phases, only with rules->hooks: the driver runs the plugins, applies what they
     * return through the effect functions, then sk_resume(). */
    SK_PHASE_AFTER_DEAL = 7,      /* a street's cards are dealt */
    SK_PHASE_BETWEEN_STREETS = 8, /* a street's betting is over (before the next street) */
    SK_PHASE_BRING_IN = 9,        /* `choice` is to bring in: sk_choose(seat) may change it */
    SK_PHASE_FIRST_ACTOR = 10,    /* `choice` opens the betting: sk_choose(seat) likewise */
    SK_PHASE_ODD_CHIPS = 11,      /* shown and mucked: sk_award(orders) with the odd-chip orders */
    SK_PHASES = 12
};

/* S(type, name): a number; A(type, name, length, used): a fixed array, of which `used` (an
 * expression of the hand `h`) entries are in use.
 *
 * The numbers and the per-seat arrays come first; the lists of cards, of the deal due and
 * of the pots and the shown hands come last, from `cards` on (SK_HAND_LISTS): only as many
 * entries as their counts say are in use, so a new hand clears the state up to them. */
#define SK_HAND_FIELDS(S, A)                                                                 \
    /* the table */                                                                         \
    S(int32_t, n)                      /* seats */                                           \
    S(int32_t, button)                 /* the dealer's seat */                               \
    A(int8_t, order, SK_SEATS, h->n)   /* the seats from the dealer's left */                \
    /* where the hand stands */                                                             \
    S(int32_t, phase)                  /* SK_PHASE_* */                                      \
    S(int32_t, street)                 /* the street's index; -1 before the first */         \
    S(int32_t, actor)                  /* the seat to decide (SK_PHASE_BET); -1 none */      \
    S(int32_t, choice)                 /* the seat a hook phase may change */                \
    S(int32_t, n_in)                   /* players not folded */                              \
    S(int32_t, exposed)                /* every live hand turned up (all-ins) */             \
    S(int32_t, leader)                 /* who opened this street's betting; -1 none */       \
    S(int32_t, big_blind_seat)         /* -1: no big blind posted */                         \
    S(int32_t, hook_done)              /* the hook of this phase has run */                  \
    S(int32_t, error)                  /* SK_ERROR_*: why the hand cannot go on */           \
    /* chips */                                                                             \
    A(int64_t, stack, SK_SEATS, h->n)    /* chips behind */                                  \
    A(int64_t, bets, SK_SEATS, h->n)     /* put in on this street */                         \
    A(int64_t, contrib, SK_SEATS, h->n)  /* put in this hand */                              \
    S(int64_t, dead)                   /* chips in the pot that are nobody's stake */        \
    S(int64_t, rake)                   /* the house's take from the pots at the award */     \
    S(int32_t, rounds_played)          /* the streets whose betting ended, a bit each */     \
    S(int32_t, capped_streets)         /* the streets where the raise cap was reached */     \
    S(int32_t, open_pair_streets)      /* where the open-pair option was live, */            \
    S(int32_t, open_pair_taken)        /* and where a big bet was made under it */           \
    A(int8_t, board_leader, SK_STREETS, h->street + 1) /* best board, -1: none, by street */ \
    A(int64_t, street_pot, SK_STREETS, h->street + 1) /* the pot as each one's ended */       \
    A(int8_t, folded, SK_SEATS, h->n)                                                        \
    S(int32_t, live)                   /* the seats not folded, a bit each (SK_BIT) */       \
    S(int32_t, all_in)                 /* the seats with no chips behind, a bit each */      \
    /* the betting round */                                                                 \
    S(int64_t, bet)                    /* the highest total bet: what all must match */      \
    S(int64_t, last_full)              /* the last full bet or raise (0: none yet) */        \
    S(int64_t, increment)              /* the last full raise's size: the least next */      \
    S(int64_t, posted)                 /* the bring-in posted this round (0: none) */        \
    S(int64_t, size)                   /* fixed limit: the street's bet */                   \
    S(int64_t, max_bet)                /* spread limit: the largest bet or raise */          \
    S(int32_t, open_pair)              /* the open-pair option is live this round */         \
    S(int32_t, big_made)               /* a big bet was made under it: big steps only */     \
    S(int32_t, raises)                 /* full bets and raises made (the cap's count) */     \
    S(int32_t, capped_multi)           /* the cap was reached with more than two in */       \
    S(int32_t, players)                /* players in when the round began */                 \
    S(int32_t, forced)                 /* the seat that must bring in; -1 none */            \
    S(int32_t, bring_in_seat)          /* the seat that had to bring in; -1 none */          \
    S(int32_t, aggressor)              /* the last to bet, raise or bring in; -1 none */     \
    S(int32_t, last_checker)           /* the last to check; -1 none */                      \
    S(int32_t, to_act)                 /* the seats that must still act this round */        \
    S(int32_t, may_raise)              /* the seats the betting is open to */                \
    /* how many cards each holds, and the table's (the cards themselves are listed below) */ \
    A(int8_t, ncards, SK_SEATS, h->n)                                                        \
    A(int8_t, nup, SK_SEATS, h->n)                                                           \
    A(int8_t, ndown, SK_SEATS, h->n)                                                         \
    S(int32_t, ncommunity)                                                                   \
    S(int32_t, nburned)                                                                      \
    S(int32_t, nmuck)                  /* folded players' cards */                           \
    S(int32_t, jokers_up)              /* the jokers dealt face up, a bit each (52: bit 0) */ \
    /* the deal in progress */                                                              \
    S(int32_t, need)                   /* the street's cards, before the deck may run out */ \
    S(int32_t, ndue)                   /* cards due */                                       \
    S(int32_t, next_due)               /* the next of them */                                \
    S(int32_t, after_cards)            /* the phase once the cards due are dealt */          \
    S(int32_t, restock_burned)         /* cards going back to the stub: the burns, */        \
    S(int32_t, restock_folded)         /* then the folded cards */                           \
    /* the pots and the showdown */                                                         \
    S(int32_t, npots)                  /* -1 until the pots are final */                     \
    S(int32_t, nshown)                                                                       \
    S(int32_t, nmucked)                                                                      \
    S(int32_t, conceded)               /* the seats that muck unshown to concede, a bit each */ \
    /* SK_HAND_LISTS: the cards, in the order dealt (seat s: cards[s * SK_CARDS + i]) */     \
    A(uint8_t, cards, SK_SEATS * SK_CARDS, SK_SEATS * SK_CARDS)                              \
    A(uint8_t, up, SK_SEATS * SK_CARDS, SK_SEATS * SK_CARDS)                                 \
    A(uint8_t, down, SK_SEATS * SK_CARDS, SK_SEATS * SK_CARDS)                               \
    A(uint8_t, community, SK_BOARD, h->ncommunity)                                           \
    A(uint8_t, burned, SK_BURNS, h->nburned)                                                 \
    A(uint8_t, muck, SK_MUCK, h->nmuck)                                                      \
    /* the cards due: a seat, SK_TO_BURN or SK_TO_BOARD each, and whether face up */        \
    A(int8_t, due_seat, SK_DUE, h->ndue)                                                     \
    A(int8_t, due_up, SK_DUE, h->ndue)                                                       \
    A(uint8_t, restock, SK_BURNS + SK_MUCK, h->restock_burned + h->restock_folded)           \
    /* the pots (amounts, eligible seats a bit each) and the seats shown and mucked */       \
    A(int64_t, pot_amount, SK_POTS, (h->npots > 0 ? h->npots : 0))                           \
    A(int32_t, pot_eligible, SK_POTS, (h->npots > 0 ? h->npots : 0))                         \
    A(int8_t, shown, SK_SEATS, h->nshown)     /* in the order shown */                      \
    A(int8_t, mucked, SK_SEATS, h->nmucked)   /* in the order mucked at the showdown */

/* The first of the lists (see SK_HAND_FIELDS). */
#define SK_HAND_LISTS cards

#define SK_DECLARE_HAND_ARRAY(type, name, length, used) type name[length];

typedef struct sk_hand {
    SK_HAND_FIELDS(SK_DECLARE_NUMBER, SK_DECLARE_HAND_ARRAY)
} sk_hand;

/* Where a card goes, besides a seat. */
#define SK_TO_BURN (-1)
#define SK_TO_BOARD (-2)

/* Why a hand cannot go on (sk_hand.error), or why a call was refused. */
enum {
    SK_OK = 0,
    SK_ERROR_ILLEGAL = 1,        /* not a legal decision now */
    SK_ERROR_PHASE = 2,          /* the hand is not waiting for that */
    SK_ERROR_EXHAUSTED = 3,      /* the deck ran out and the rules cannot finish the deal */
    SK_ERROR_TOO_MANY_CARDS = 4, /* more cards than the state holds */
    SK_ERROR_NO_CARD = 5,        /* a card the seat does not hold */
    SK_ERROR_NO_CHIPS = 6,       /* a payment larger than the stack */
    SK_ERROR_SEAT = 7            /* not a live seat */
};

/* A seat's bit in the sets of seats kept as bit masks (live, all_in, to_act, may_raise). */
#define SK_BIT(seat) ((int32_t)1 << (seat))

#define SK_CARD(h, seat, i) ((h)->cards[(seat) * SK_CARDS + (i)])
#define SK_UP(h, seat, i) ((h)->up[(seat) * SK_CARDS + (i)])
#define SK_DOWN(h, seat, i) ((h)->down[(seat) * SK_CARDS + (i)])

#endif
