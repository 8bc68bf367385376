/* The open-pair option: on the street it names, a pair showing on any live board lets every
 * player bet or raise the small or the big bet (docs/variant-reference.md, open_pair_street). */
#include "core.h"

int sk_any_open_pair(const sk_hand *h) {
    for (int s = 0; s < h->n; s++) {
        if (h->folded[s]) continue;
        int ranks = 0; /* a bit per rank showing */
        for (int i = 0; i < h->nup[s]; i++) {
            int card = SK_UP(h, s, i);
            if (card >= 52) continue; /* a joker pairs nothing */
            int rank = 1 << (card >> 2);
            if (ranks & rank) return 1;
            ranks |= rank;
        }
    }
    return 0;
}
