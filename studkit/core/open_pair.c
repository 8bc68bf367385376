/* The open-pair option: on the street it names, a pair showing on any live board lets every
 * player bet or raise the small or the big bet (docs/variant-reference.md, open_pair_street). */
#include "core.h"

int sk_any_open_pair(const sk_hand *h) {
    for (int s = 0; s < h->n; s++) {
        if (h->folded[s]) continue;
        int count = h->nup[s];
        for (int i = 0; i < count; i++) {
            int a = SK_UP(h, s, i);
            if (a >= 52) continue; /* a joker pairs nothing */
            for (int j = i + 1; j < count; j++) {
                int b = SK_UP(h, s, j);
                if (b < 52 && a >> 2 == b >> 2) return 1;
            }
        }
    }
    return 0;
}
