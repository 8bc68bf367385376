/* The rules core: one definition of every rule of a stud hand, run by the engine's Hand (one
 * hand, from Python) and by the batch kernel (millions, in a compiled loop).
 *
 * Each rule lives in the file named for it; this header declares what each offers. The
 * functions a driver calls take the compiled rules (read only), the hand's state and the
 * log, and return SK_OK or an SK_ERROR_* code (the hand is left unchanged on a refusal).
 */
#ifndef STUDKIT_CORE_CORE_H
#define STUDKIT_CORE_CORE_H

#include <stddef.h>
#include <stdint.h>

#include "events.h"
#include "hand.h"
#include "rules.h"

/* The pot as it stands: every chip put in so far, dead money (a plugin's payments) too. */
static inline int64_t sk_pot_now(const sk_hand *h) {
    int64_t pot = h->dead;
    for (int s = 0; s < h->n; s++) pot += h->contrib[s];
    return pot;
}

/* ---- setup.c: a new hand (seats, antes, blinds) -------------------------------------- */
/* The hand of `n` seats with these stacks, the button at `button`: antes and blinds posted,
 * the first street waiting for its deal. */
void sk_begin(const sk_rules *r, sk_hand *h, sk_log *log, int n, int button,
              const int64_t *stacks);

/* ---- streets.c: the streets in turn and their deal ----------------------------------- */
/* SK_PHASE_DEAL: deal the street from a stub of `stub` cards (`policy`: the deck-exhaustion
 * switches as SK_POLICY_* bits, or -1 for the rules' own). */
int sk_deal(const sk_rules *r, sk_hand *h, sk_log *log, int stub, int policy);
/* SK_PHASE_RESTOCK: the driver has put the restock cards back into its stub. */
int sk_restocked(const sk_rules *r, sk_hand *h, sk_log *log);
/* SK_PHASE_CARDS: the next card due is `card`. */
int sk_place(const sk_rules *r, sk_hand *h, sk_log *log, int card);
/* SK_PHASE_CARDS: every card still due, in order (h->ndue - h->next_due of them), as
 * sk_place one at a time would place them (an error stops at the card refused). */
int sk_place_all(const sk_rules *r, sk_hand *h, sk_log *log, const uint8_t *cards);
/* Queue a card for `seat` (a plugin's extra card): SK_PHASE_CARDS until it is placed, then
 * back to the phase the hand was in. */
int sk_give(const sk_rules *r, sk_hand *h, int seat, int up);
/* A street is over: the next one, or the showdown (internal to the core's flow). */
void sk_next_street(const sk_rules *r, sk_hand *h, sk_log *log);
/* A street's cards are dealt: its betting round, or on (internal). */
void sk_after_deal(const sk_rules *r, sk_hand *h, sk_log *log);

/* ---- exhaustion.c: the deck running out ---------------------------------------------- */
#define SK_POLICY_RESHUFFLE_BURNS 1
#define SK_POLICY_REUSE_FOLDED 2
#define SK_POLICY_COMMUNITY_CARD 4
/* How a street of `rounds` cards for `live` players is dealt from a stub of `stub` cards:
 * the restock (burns, then folded cards, moved to h->restock), then *burn, *rounds dealt as
 * usual and *community cards for the rest. SK_ERROR_EXHAUSTED when it cannot be done. */
int sk_plan_short_street(sk_hand *h, int policy, int stub, int live, int *burn, int *rounds,
                         int *community);

/* ---- open_pair.c ----------------------------------------------------------------------- */
/* Whether a live player's up cards hold a pair (the open-pair option). */
int sk_any_open_pair(const sk_hand *h);

/* ---- bring_in.c ---------------------------------------------------------------------- */
/* The seat forced to bring in, after the short-stack policy; -1 for none. */
int sk_forced_seat(const sk_rules *r, const sk_hand *h);

/* ---- first_actor.c --------------------------------------------------------------------- */
/* Who opens the street's betting; -1 when the showing hands must be ranked first. */
int sk_street_leader(const sk_rules *r, const sk_hand *h);
/* SK_PHASE_SHOWING: `values[seat]` ranks each live seat's showing hand (higher opens). */
int sk_lead(const sk_rules *r, sk_hand *h, sk_log *log, const int64_t *values);
/* The best showing hand's seat: ties by position, or by the highest card by suit. */
int sk_best_board(const sk_rules *r, const sk_hand *h, const int64_t *values);

/* ---- blinds.c ---------------------------------------------------------------------------- */
void sk_post_blinds(const sk_rules *r, sk_hand *h, sk_log *log);
/* The first round on top of the blinds; 0 when no blind was posted. */
int sk_open_blind_round(const sk_rules *r, sk_hand *h);

/* ---- rounds.c: a betting round from its start to its end ---------------------------- */
/* Set up the street's round; 0 when fewer than two can bet. */
int sk_start_round(const sk_rules *r, sk_hand *h, sk_log *log);
/* The round's first actor is `leader`: the first who must act from there. */
void sk_open_round(const sk_rules *r, sk_hand *h, sk_log *log, int leader);
/* An uncalled bet: what the largest of `chips` (a bet or a contribution per seat) holds beyond
 * the next largest into *amount; its seat, or -1 when the largest is matched. */
int sk_uncalled(int n, const int64_t *chips, int64_t *amount);
void sk_end_round(const sk_rules *r, sk_hand *h, sk_log *log);
/* Whether two or more live players have chips left: the betting can go on. */
int sk_betting_open(const sk_hand *h);
/* Every live hand turned up at once: the betting is closed by all-ins. */
void sk_expose(const sk_rules *r, sk_hand *h, sk_log *log);
/* One player left: the pot is theirs. */
void sk_win_uncontested(const sk_rules *r, sk_hand *h, sk_log *log);

/* ---- structures.c: the four betting structures --------------------------------------- */
/* Ranges of totals the actor may bet or raise to, before its stack; how many (1 or 2). */
int sk_targets(const sk_rules *r, const sk_hand *h, int64_t to_call, int64_t pot,
               int64_t *lo, int64_t *hi);
/* What the forced player may open for instead of bringing in. */
int sk_forced_targets(const sk_rules *r, const sk_hand *h, int64_t pot, int64_t *lo,
                      int64_t *hi);
/* An aggressive action to `to`: whether it is a full bet or raise (updates the sizing). */
int sk_record(const sk_rules *r, sk_hand *h, int64_t to);
/* Whether the raise cap is lifted now (heads-up). */
int sk_uncapped(const sk_rules *r, const sk_hand *h);

/* ---- legal.c: what the actor may do ------------------------------------------------- */
typedef struct sk_option {
    int32_t verb;
    int64_t lo;  /* the chips a call or bring-in puts in; the least total of a bet */
    int64_t hi;  /* the largest total of a bet (== lo for one amount) */
} sk_option;
#define SK_OPTIONS 6
/* The passive decisions of the actor (bring in; fold, call; check); how many. */
int sk_passive(const sk_rules *r, const sk_hand *h, sk_option *out);
/* Every legal decision of the actor, passive first; how many. */
int sk_options(const sk_rules *r, const sk_hand *h, sk_option *out);
/* Whether `verb` to `amount` (-1: the one amount allowed) is legal; *chips gets what it
 * puts in (call, bring-in) or the total it bets (complete, bet, raise). */
int sk_check(const sk_rules *r, const sk_hand *h, int verb, int64_t amount, int64_t *chips);

/* ---- verbs.c: what each decision does ------------------------------------------------ */
/* The actor takes `verb` (`amount` as sk_check gives it), unchecked. */
void sk_take(const sk_rules *r, sk_hand *h, sk_log *log, int verb, int64_t amount);
/* A folded seat's cards go to the muck (as many as it has room for). */
void sk_muck_cards(sk_hand *h, int seat);
/* sk_check, then sk_take. */
int sk_act(const sk_rules *r, sk_hand *h, sk_log *log, int verb, int64_t amount);

/* ---- pots.c: the main pot and side pots ----------------------------------------------- */
/* From each seat's contribution; how many pots (amounts, eligible seats as bit masks). */
int sk_build_pots(int n, const int64_t *contrib, const int8_t *folded, int64_t dead,
                  int64_t *amount, int32_t *eligible);

/* ---- rake.c: the house's take ---------------------------------------------------------- */
/* The rake the pots pay at the award (an amount, 0: none); before the award only. */
int sk_set_rake(sk_hand *h, int64_t amount);
/* Each of `npots` pots' `amount` less its part of `rake` (the main pot first, or by size:
 * rake_by_size), into `net`. */
void sk_rake_pots(const sk_rules *r, int64_t rake, int npots, const int64_t *amount,
                  int64_t *net);

/* ---- showdown.c: who shows, who mucks ------------------------------------------------- */
#define SK_PLAYED 8     /* room for the cards a hand plays, per share and seat */
#define SK_NO_CARD 255  /* fills the rest */
/* The live seats in the order they show; how many. */
int sk_show_order(const sk_rules *r, const sk_hand *h, int npots, const int32_t *eligible,
                  int8_t *out);
/* With muck_concedes: `seat` mucks at the showdown unshown, conceding (before the award,
 * while the hands are unseen; never the last live hand not conceding). */
int sk_concede(const sk_rules *r, sk_hand *h, int seat);
/* SK_PHASE_SHOWDOWN: show or muck, then award. `strengths[(pot * SK_SHARES + share) *
 * SK_SEATS + seat]` is each live hand's strength in each pot, before the share's qualifier
 * (0: no hand; the table is changed: qualified, and mucked hands score 0); `played` the
 * cards each hand plays per share and seat, SK_PLAYED each (for odd_chip_hand; NULL
 * otherwise). With hooks the hand stops at SK_PHASE_ODD_CHIPS before the award. */
int sk_showdown(const sk_rules *r, sk_hand *h, sk_log *log, int64_t *strengths,
                const uint8_t *played);

/* ---- award.c: splitting the pots ---------------------------------------------------- */
/* Split every pot among the shares and the hands shown (the strengths as sk_showdown left
 * them). The odd-chip orders are the rules' own (from `played` where they name the cards
 * played), but where `orders[share * SK_SEATS]` gives another: seats, -1 after the last
 * (SK_RULES_ORDER first: the rules' own for that share; NULL: for every share). */
#define SK_RULES_ORDER (-2)
int sk_award(const sk_rules *r, sk_hand *h, sk_log *log, const int64_t *strengths,
             const int8_t *orders, const uint8_t *played);
/* Split one pot's `amount` among the shares by weight and each share among its best
 * hands; `strengths[share * SK_SEATS + seat]`, payouts added to `pay`. */
void sk_split_pot(const sk_rules *r, sk_hand *h, sk_log *log, int pot, int64_t amount,
                  int32_t eligible, const int64_t *strengths, const int8_t *orders,
                  int64_t *pay);

/* ---- hooks.c: the hook phases and the effects plugins' records have ------------------- */
/* The hook of the phase the hand is in has run: go on. */
int sk_resume(const sk_rules *r, sk_hand *h, sk_log *log);
/* SK_PHASE_BRING_IN, SK_PHASE_FIRST_ACTOR: `seat` instead of h->choice. */
int sk_choose(sk_hand *h, int seat);
/* A payment: chips from the seat's stack to dead money. */
int sk_pay(sk_hand *h, int seat, int64_t amount);
/* The seat folds (a decision it refused to pay for). */
int sk_fold_seat(const sk_rules *r, sk_hand *h, sk_log *log, int seat);
/* A down card turned face up. */
int sk_turn_up(sk_hand *h, int seat, int card);
/* A card taken from the seat into the muck. */
int sk_remove_card(sk_hand *h, int seat, int card);

/* ---- card_choices.c: the flips and discards a street's data asks for --------------- */
enum { SK_CHOICE_FLIP = 1, SK_CHOICE_DISCARD = 2, SK_CHOICE_EXPOSE = 3 };
/* The steps that ask for card decisions, in order: at SK_PHASE_AFTER_DEAL the street's flips,
 * then its discards after the deal; at SK_PHASE_BETWEEN_STREETS its discards after the
 * betting, then the choices made before the next street's deal. */
enum { SK_STEP_FLIPS_DEALT, SK_STEP_EXPOSE_DEALT, SK_STEP_OFFERS, SK_STEP_EXPOSE_NEXT };
#define SK_KEEP_CARD 255 /* an optional choice declined: every card stays down */
typedef struct sk_card_request {
    int8_t seat;
    int8_t kind;     /* SK_CHOICE_* */
    int8_t count;    /* decisions in a row, a card each */
    int8_t street;   /* the street whose data asks */
    int8_t optional; /* a choice the seat may decline (SK_KEEP_CARD) */
    int8_t hidden;   /* chosen by all before any is shown */
} sk_card_request;
/* The card decisions asked at `step` of the hook phase the hand is in, in the order asked
 * (at most one per seat); how many. */
int sk_card_requests(const sk_rules *r, const sk_hand *h, int step, sk_card_request *out);
/* The choices of the cards a street deals "choice" (street_choice), as a plugin plays them
 * (roll your own: studkit.hooks.specs.ChoiceExposure): each live seat holding enough down
 * cards turns that many up, chosen among them; after the street's deal (SK_STEP_EXPOSE_DEALT),
 * or, with `before`, before it (SK_STEP_EXPOSE_NEXT; the first street's after its deal);
 * `hidden`: chosen by all before any is shown. With `rolled` (choose-before, Mexican stud),
 * before the deal of each street after the first that deals up unless all are exposed
 * (street_rolled), each live seat holding a down card may turn one up or keep them all down,
 * chosen by all before any is shown where `rolled_hidden`. Requests as sk_card_requests. */
int sk_expose_requests(const sk_rules *r, const sk_hand *h, int step, int before, int hidden,
                       int rolled, int rolled_hidden, sk_card_request *out);
/* The cards `q`'s seat may choose, `chosen` (`nchosen` cards) taken already by this request:
 * SK_KEEP_CARD first where the flip may be declined; how many. */
int sk_card_options(const sk_rules *r, const sk_hand *h, const sk_card_request *q,
                    const uint8_t *chosen, int nchosen, uint8_t *out);
/* A choice's effect: the card turned up (SK_KEEP_CARD: none, where it may be declined) or
 * thrown away. */
int sk_card_take(sk_hand *h, int kind, int seat, int card);

/* ---- declarations.c: a declaration judged, pot by pot --------------------------------- */
/* `declared[seat]`: the share the seat competes for, `shares` for every share (a swing), -1
 * for no declaration (folded); `strengths` as sk_showdown takes them, changed pot by pot to
 * what each seat keeps of them (a swing that fails keeps nothing of that pot). */
void sk_judge_declarations(const sk_hand *h, int shares, const int8_t *declared, int may_tie,
                           int all_pots, int64_t *strengths);

/* ---- log.c ----------------------------------------------------------------------------- */
void sk_log_add(sk_log *log, int kind, int seat, int32_t x, int64_t a, int64_t b);

/* Seats clockwise: the seat after `s` at a table of `n`. */
static inline int sk_next_seat(int s, int n) { return s + 1 < n ? s + 1 : 0; }

/* The first seat of the set `seats` (a bit each) at or after `seat`, clockwise; -1 for an
 * empty set. */
static inline int sk_first_from(int32_t seats, int seat) {
    uint32_t all = (uint32_t)seats;
    uint32_t after = all >> seat << seat; /* the seats from `seat` to the last */
    uint32_t pick = after ? after : all;
    return pick ? __builtin_ctz(pick) : -1;
}

/* The first seat of `seats` after `seat` clockwise, `seat` itself never; -1 for none. */
static inline int sk_next_in(int32_t seats, int seat) {
    return sk_first_from(seats & ~SK_BIT(seat), seat);
}

/* `seat` has acted: the next to act, or the round's end (inline: every decision passes here). */
static inline void sk_pass_turn(const sk_rules *r, sk_hand *h, sk_log *log, int seat) {
    int next = sk_next_in(h->to_act, seat);
    if (next >= 0) {
        h->actor = next;
        return;
    }
    h->actor = -1;
    sk_end_round(r, h, log);
}

/* The live players with chips left: the seats that can still bet. */
static inline int32_t sk_can_bet(const sk_hand *h) { return h->live & ~h->all_in; }

/* The seat's stack changed: whether it has chips behind (h->all_in). */
static inline void sk_stack_changed(sk_hand *h, int seat) {
    if (h->stack[seat] > 0)
        h->all_in &= ~SK_BIT(seat);
    else
        h->all_in |= SK_BIT(seat);
}

#endif
