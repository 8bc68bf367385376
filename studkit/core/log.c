/* The event log's growth (sk_emit writes in place while there is room). */
#include <stdlib.h>

#include "core.h"

void sk_log_add(sk_log *log, int kind, int seat, int32_t x, int64_t a, int64_t b) {
    if (!(log->mask >> kind & 1)) return;
    if (log->count == log->capacity) {
        int32_t capacity = log->capacity ? 2 * log->capacity : 64;
        sk_event *grown = realloc(log->events, (size_t)capacity * sizeof *grown);
        if (grown == NULL) {
            log->failed = 1;
            return;
        }
        log->events = grown;
        log->capacity = capacity;
    }
    sk_event *e = &log->events[log->count++];
    e->kind = (int16_t)kind;
    e->seat = (int16_t)seat;
    e->x = x;
    e->a = a;
    e->b = b;
}
