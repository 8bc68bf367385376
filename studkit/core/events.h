/* What the core reports as it plays: a log of small records, and the betting verbs' codes.
 *
 * The driver owns the log and empties it after each call: the engine turns each record into
 * its typed event (studkit.engine.events), the batch kernel counts what it needs (awards)
 * and keeps the rest only when it records hands for a replay. The log is not part of the
 * hand's state.
 */
#ifndef STUDKIT_CORE_EVENTS_H
#define STUDKIT_CORE_EVENTS_H

#include <stdint.h>

/* The betting verbs, one code each: the engine, the kernel, the bots and the RL actions all
 * number them so (studkit.core.VERBS gives their names in this order). */
enum {
    SK_FOLD = 0,
    SK_CHECK = 1,
    SK_CALL = 2,
    SK_BRING_IN = 3,
    SK_COMPLETE = 4,
    SK_BET = 5,
    SK_RAISE = 6,
    SK_VERBS = 7
};

/* Event kinds and their fields. */
enum {
    SK_EV_ANTE = 0,       /* seat, a: amount */
    SK_EV_BLIND = 1,      /* seat, a: amount, x: 0 small, 1 big */
    SK_EV_STREET = 2,     /* x: the street's index */
    SK_EV_DEAL = 3,       /* seat, a: card, x: 1 face up */
    SK_EV_BURN = 4,       /* a: card */
    SK_EV_COMMUNITY = 5,  /* a: card */
    SK_EV_ACTION = 6,     /* seat, x: verb, a: the seat's total bet after it, b: chips added */
    SK_EV_RETURN = 7,     /* seat, a: the uncalled bet given back */
    SK_EV_SHOW = 8,       /* seat: its cards turned up */
    SK_EV_MUCK = 9,       /* seat */
    SK_EV_AWARD = 10,     /* seat, a: amount, x: pot << 8 | share + 1 (0: won uncontested),
                             b: the strength it won with (0: none) */
    SK_EV_KINDS = 11
};

typedef struct sk_event {
    int16_t kind;
    int16_t seat;
    int32_t x;
    int64_t a;
    int64_t b;
} sk_event;

/* The log: `events[0 .. count)`, grown as needed; `mask` has a bit per kind to keep (the
 * batch kernel keeps only what it counts). */
typedef struct sk_log {
    sk_event *events;
    int32_t count;
    int32_t capacity;
    int32_t mask;
    int32_t failed;  /* the log could not grow: records were lost */
} sk_log;

#define SK_LOG_EVERYTHING ((1 << SK_EV_KINDS) - 1)

/* The kinds a build of the core logs at all: every kind, unless the build says fewer (the
 * batch kernel's compiles in only the awards it counts, so the records it would drop are
 * never made). A log's mask chooses among these at run time. */
#ifndef SK_LOG_KINDS
#define SK_LOG_KINDS SK_LOG_EVERYTHING
#endif

void sk_log_add(sk_log *log, int kind, int seat, int32_t x, int64_t a, int64_t b);

static inline void sk_emit(sk_log *log, int kind, int seat, int32_t x, int64_t a, int64_t b) {
    if (SK_LOG_KINDS >> kind & 1 && log->mask >> kind & 1) {
        if (log->count < log->capacity) {
            sk_event *e = &log->events[log->count++];
            e->kind = (int16_t)kind;
            e->seat = (int16_t)seat;
            e->x = x;
            e->a = a;
            e->b = b;
        } else {
            sk_log_add(log, kind, seat, x, a, b);
        }
    }
}

#endif
