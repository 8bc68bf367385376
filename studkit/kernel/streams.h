/* The kernel's random streams: one splitmix64 stream per hand (studkit/bots/stream.h), a
 * function of the run's seed and the hand's index alone, so that blocks of hands played
 * anywhere add up to the same totals. Every card and every random choice of a hand is drawn
 * from its stream. */
#ifndef STUDKIT_KERNEL_STREAMS_H
#define STUDKIT_KERNEL_STREAMS_H

#include <stdint.h>

#include "../bots/stream.h"

/* Hand `index`'s stream of a run seeded `seed`. */
static inline void sk_seed_stream(uint64_t *state, int64_t seed, int64_t index) {
    *state = (uint64_t)(seed & INT64_C(0x7FFFFFFFFFFFFFFF));
    uint64_t mixed = sk_next_u64(state);
    *state = mixed ^ (uint64_t)index;
    *state = sk_next_u64(state);
}

#endif
