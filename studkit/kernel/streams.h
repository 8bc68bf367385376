/* The kernel's random streams: one splitmix64 stream per hand, a function of the run's seed
 * and the hand's index alone, so that blocks of hands played anywhere add up to the same
 * totals. Every card and every random choice of a hand is drawn from its stream. */
#ifndef STUDKIT_KERNEL_STREAMS_H
#define STUDKIT_KERNEL_STREAMS_H

#include <stdint.h>

static inline uint64_t sk_next_u64(uint64_t *state) {
    *state += UINT64_C(0x9E3779B97F4A7C15);
    uint64_t z = *state;
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* A float uniform in [0, 1). */
static inline double sk_uniform(uint64_t *state) {
    return (double)(sk_next_u64(state) >> 11) * (1.0 / 9007199254740992.0);
}

/* An int uniform in 0 .. k - 1. */
static inline int64_t sk_below(uint64_t *state, int64_t k) {
    return (int64_t)(sk_uniform(state) * (double)k);
}

/* Hand `index`'s stream of a run seeded `seed`. */
static inline void sk_seed_stream(uint64_t *state, int64_t seed, int64_t index) {
    *state = (uint64_t)(seed & INT64_C(0x7FFFFFFFFFFFFFFF));
    uint64_t mixed = sk_next_u64(state);
    *state = mixed ^ (uint64_t)index;
    *state = sk_next_u64(state);
}

#endif
