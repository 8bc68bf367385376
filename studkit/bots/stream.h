/* A random stream (splitmix64) the bots draw their choices from: the caller owns its state.
 * The batch kernel seeds one per hand and deals that hand's cards from it too
 * (studkit/kernel/streams.h). */
#ifndef STUDKIT_BOTS_STREAM_H
#define STUDKIT_BOTS_STREAM_H

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

#endif
