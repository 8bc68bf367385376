/* The main pot and side pots, from what each seat put in this hand (after an uncalled bet was
 * returned): every live player's stake is matched up to the smallest all-in for the main
 * pot, the balance up to the next all-in makes the first side pot, and so on. Chips of
 * folded players count toward every level they reached; chips a folded player put in above
 * the highest live stake go to the last pot. Adjacent levels with the same eligible players
 * merge, and empty pots are left out. Dead money (a plugin's payment) belongs to the main
 * pot and never makes a side pot of its own. An all-in for less than the ante falls out of
 * the same rule. */
#include "core.h"

int sk_build_pots(int n, const int64_t *contrib, const int8_t *folded, int64_t dead,
                  int64_t *amount, int32_t *eligible) {
    int64_t total = 0;
    int64_t top = -1;
    int64_t low = -1;
    int32_t live = 0;
    for (int s = 0; s < n; s++) {
        int64_t chips = contrib[s];
        total += chips;
        if (!folded[s]) {
            live |= 1 << s;
            if (chips > top) top = chips;
            if (low < 0 || chips < low) low = chips;
        }
    }
    if (total + dead == 0) return 0;
    if (low == top) { /* nobody all in for less than the others: one pot */
        amount[0] = total + dead;
        eligible[0] = live;
        return 1;
    }
    int count = 0;
    int64_t previous = 0;
    for (;;) {
        int64_t level = -1; /* the next live stake above the previous level */
        for (int s = 0; s < n; s++)
            if (live >> s & 1 && contrib[s] > previous && (level < 0 || contrib[s] < level))
                level = contrib[s];
        if (level < 0) break;
        int last = level == top;
        int64_t chips_in = 0;
        int32_t in = 0;
        for (int s = 0; s < n; s++) {
            int64_t chips = contrib[s];
            if (chips > previous) chips_in += (last || chips < level ? chips : level) - previous;
            if (live >> s & 1 && chips >= level) in |= 1 << s;
        }
        previous = level;
        if (chips_in == 0) continue;
        if (count && eligible[count - 1] == in) {
            amount[count - 1] += chips_in;
        } else {
            amount[count] = chips_in;
            eligible[count] = in;
            count++;
        }
    }
    if (dead) {
        if (count) {
            amount[0] += dead;
        } else {
            amount[0] = dead;
            eligible[0] = live;
            count = 1;
        }
    }
    return count;
}
