/* studkit.kernel._kernel: the batch kernel for Python.
 *
 *   Setup(rules, players, stack, deck, cards, showing, share_evaluators, bots, bot_table,
 *         styles, values, modes, by_row, flush, index_row, wild=None, share_modes=None,
 *         declaration=None, down_shares=None, expose=None, up_rules=None, trade=None)
 *                      one run's setup (the arrays are held while it lives); `wild`, for
 *                      wild ranks and jokers: (shares, showing), per share and for the
 *                      showing hands (or None) a ranking's (values, table, fill or None,
 *                      layers per wild count): the cards' packed values, the combined table,
 *                      the flush fills, as studkit.evaluation.wildtables.WildLayout has them;
 *                      `trade`: a trade of a card for the next one, as (the streets after
 *                      whose betting, a bit each; the cost; the faces that may go, bit 0
 *                      down, bit 1 up; an up card's replacement comes up);
 *                      `up_rules`: what a card dealt face up brings, as [(rank, the
 *                      extra cards' faces (1 up), price: -2 none, -1 the pot)];
 *                      `expose`: a plugin's exposure of choice cards, as (before the
 *                      deal, hidden until all chose);
 *                      `down_shares`: pot shares a plugin ranks by down cards, as
 *                      [(share, suit, a strength per rank)];
 *                      `declaration`: a plugin's declaration as (street, swing may tie,
 *                      forfeit all pots, each share's name's place in sorted order);
 *                      `share_modes`: per share how its hand is made (0 all cards, 1 the
 *                      seat's own, 2 the Omaha rule)
 *   play_block(setup, start, stop, seed, totals, pots, ended, mix, share_awards, seats,
 *              categories, strengths, record_cards, record_decisions, record_counts,
 *              record_payoffs, design) -> 0, or (index << 8) | code for a hand that cannot
 *              finish (design: DESIGN_SIZE(players, streets) counts, kernel.h's layout)
 *
 * The arrays are numpy arrays (any buffer of the right item type, C-contiguous); the tally
 * arrays are added to. The hands run without the GIL. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#include "../core/py_numbers.h"
#include "kernel.h"

enum { V_DECK, V_BOT_TABLE, V_STYLES, V_VALUES, V_MODES, V_BY_ROW, V_FLUSH, V_VIEWS };
#define V_MOST (V_VIEWS + 9 * (SK_SHARES + 1)) /* with the wild cards' tables, thrice */

typedef struct {
    PyObject_HEAD
    sk_setup setup;
    sk_rules rules;
    int64_t bots[SK_SEATS];
    Py_buffer views[V_MOST];
    int held;
} SetupObject;

static int buffer_of(PyObject *array, Py_buffer *out, Py_ssize_t itemsize, char kind,
                     int writable, const char *what) {
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(array, out, flags) < 0) return -1;
    const char *format = out->format ? out->format : "B";
    if (*format == '<' || *format == '=' || *format == '@') format++;
    char got = *format;
    int ok = out->itemsize == itemsize;
    if (kind == 'i') ok &= got == 'l' || got == 'q' || got == 'i' || got == 'b';
    else if (kind == 'u') ok &= got == 'B' || got == 'c';
    else ok &= got == 'd';
    if (!ok) {
        PyErr_Format(PyExc_TypeError, "%s: expected %zd-byte %s items, not '%s'", what, itemsize,
                     kind == 'd' ? "float" : "integer", out->format ? out->format : "B");
        PyBuffer_Release(out);
        return -1;
    }
    return 0;
}

static void Setup_dealloc(SetupObject *self) {
    for (int i = 0; i < self->held; i++) PyBuffer_Release(&self->views[i]);
    Py_TYPE(self)->tp_free((PyObject *)self);
}


/* Holds one more array while the setup lives; its buffer, or NULL (an exception set). */
static const Py_buffer *hold(SetupObject *self, PyObject *array, Py_ssize_t itemsize, char kind,
                             const char *what) {
    if (self->held == V_MOST) {
        PyErr_Format(PyExc_ValueError, "%s: too many arrays", what);
        return NULL;
    }
    if (buffer_of(array, &self->views[self->held], itemsize, kind, 0, what) < 0) return NULL;
    return &self->views[self->held++];
}

/* One ranking's wild-card tables: (values, table, fill or None, layers per wild count);
 * `sets` rows of values, one per card each. A special ranking's: (wild ranks, jokers,
 * categories where the bug is any card, five-of-a-kind category), four numbers. */
static int read_wild(SetupObject *self, PyObject *spec, sk_wild_ranking *w, int sets) {
    PyObject *values, *table, *fill;
    long long bugs;
    if (PyTuple_Check(spec) && PyTuple_GET_SIZE(spec) == 4 &&
        PyLong_Check(PyTuple_GET_ITEM(spec, 0))) {
        long long any;
        if (!PyArg_ParseTuple(spec, "iiLi:special wild", &w->special_ranks, &w->special_jokers,
                              &any, &w->five_kind))
            return -1;
        if (w->special_ranks >> 13 || w->special_jokers < SK_SPECIAL_JOKERS_WILD ||
            w->special_jokers > SK_SPECIAL_JOKERS_BUG || w->five_kind < 0 || w->five_kind > 63) {
            PyErr_SetString(PyExc_ValueError, "special wild: ranks, jokers, categories, five");
            return -1;
        }
        w->bug_any = any;
        return 0;
    }
    if (!PyArg_ParseTuple(spec, "OOOL:wild tables", &values, &table, &fill, &bugs)) return -1;
    const Py_buffer *view = hold(self, values, 8, 'i', "wild values");
    if (view == NULL) return -1;
    if (view->len != 8 * SK_DECK * sets) {
        PyErr_Format(PyExc_ValueError, "wild values: %d rows of one per card, %d", sets,
                     SK_DECK);
        return -1;
    }
    w->values = view->buf;
    Py_ssize_t layer = (SK_MOST_CARDS + 1) * bugs;
    view = hold(self, table, 8, 'i', "wild table");
    if (view == NULL) return -1;
    if (bugs < 1 || view->len == 0 || view->len / 8 % layer != 0) {
        PyErr_SetString(PyExc_ValueError, "wild table: rows of every layer");
        return -1;
    }
    w->table = view->buf;
    w->bugs = (int)bugs;
    w->rows = view->len / 8 / layer;
    if (fill == Py_None) return 0;
    view = hold(self, fill, 8, 'i', "wild fill");
    if (view == NULL) return -1;
    if (view->len != 8 * (SK_MOST_CARDS + 1) * SK_SUIT_RANKS) {
        PyErr_SetString(PyExc_ValueError, "wild fill: a row per number of fillers");
        return -1;
    }
    w->fill = view->buf;
    return 0;
}

/* Each share's wild-card tables into `each`, `sets` rows of values apiece. */
static int read_share_wild(SetupObject *self, PyObject *per_share, int shares,
                           sk_wild_ranking *each, int sets) {
    PyObject *list = PySequence_Fast(per_share, "wild: the shares' tables");
    if (list == NULL) return -1;
    int ok = PySequence_Fast_GET_SIZE(list) == shares;
    if (!ok) PyErr_SetString(PyExc_ValueError, "wild: one share's tables per share");
    for (int x = 0; ok && x < shares; x++)
        ok = read_wild(self, PySequence_Fast_GET_ITEM(list, x), &each[x], sets) == 0;
    Py_DECREF(list);
    return ok ? 0 : -1;
}

/* The wild cards' tables: (per share its tables, the showing hands' tables or None, a joker
 * played by its face or None: (SK_JOKER_*, whether the bots see it face up as the bug, not
 * dealt up and dealt up, per share its tables for a joker played face up)). */
static int set_wild(SetupObject *self, PyObject *wild, int shares) {
    PyObject *per_share, *showing, *face = Py_None;
    if (!PyArg_ParseTuple(wild, "OO|O:wild", &per_share, &showing, &face)) return -1;
    sk_setup *k = &self->setup;
    if (read_share_wild(self, per_share, shares, k->share_wild, 1) < 0) return -1;
    k->by_cards = 1;
    if (showing != Py_None && read_wild(self, showing, &k->showing_wild, 1) < 0) return -1;
    if (face == Py_None) return 0;
    PyObject *up;
    if (!PyArg_ParseTuple(face, "i(pp)O:wild face", &k->joker_face, &k->joker_seen_ace[0],
                          &k->joker_seen_ace[1], &up))
        return -1;
    if (k->joker_face != SK_JOKER_AS_DEALT && k->joker_face != SK_JOKER_AS_UP) {
        PyErr_SetString(PyExc_ValueError, "wild face: SK_JOKER_AS_DEALT or SK_JOKER_AS_UP");
        return -1;
    }
    return read_share_wild(self, up, shares, k->share_wild_up, 1);
}

/* Wild ranks that change during a hand: (the followed trigger rank or -1, SK_HOLE_WILD_*,
 * per share its tables, the showing hands' tables), SK_WILD_SETS rows of values each. */
static int set_wild_sets(SetupObject *self, PyObject *spec, int shares) {
    PyObject *per_share, *showing;
    sk_setup *k = &self->setup;
    if (!PyArg_ParseTuple(spec, "iiOO:wild_sets", &k->follow_trigger, &k->hole_wild, &per_share,
                          &showing))
        return -1;
    if (k->follow_trigger < -1 || k->follow_trigger > 12 || k->hole_wild < SK_HOLE_WILD_NONE ||
        k->hole_wild > SK_HOLE_WILD_ACE_LOW) {
        PyErr_SetString(PyExc_ValueError, "wild_sets: a rank or -1, and a hole-card rule");
        return -1;
    }
    if (read_share_wild(self, per_share, shares, k->share_sets, SK_WILD_SETS) < 0 ||
        read_wild(self, showing, &k->showing_sets, SK_WILD_SETS) < 0)
        return -1;
    k->wild_sets = 1;
    k->by_cards = 1;
    return 0;
}

/* Pot shares ranked by down cards: [(share, suit, thirteen strengths by rank), ...]. */
static int read_down_shares(sk_setup *k, PyObject *down, int shares) {
    PyObject *list = PySequence_Fast(down, "down_shares: a sequence");
    if (list == NULL) return -1;
    int ok = 1;
    for (Py_ssize_t i = 0; ok && i < PySequence_Fast_GET_SIZE(list); i++) {
        PyObject *values;
        int share, suit;
        ok = PyArg_ParseTuple(PySequence_Fast_GET_ITEM(list, i), "iiO:down share", &share,
                              &suit, &values);
        if (!ok) break;
        if (share < 0 || share >= shares || suit < 0 || suit > 3) {
            PyErr_SetString(PyExc_ValueError, "down_shares: a share of the rules and a suit");
            ok = 0;
            break;
        }
        ok = sk_read_numbers(values, k->down_values[share], 13, "down share values") == 13;
        if (!ok && !PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "down_shares: a strength per rank, 13");
        k->down_suit[share] = suit;
    }
    Py_DECREF(list);
    return ok ? 0 : -1;
}

/* What a card dealt face up brings: [(rank, extra faces as 0/1, price or -2 none, -1 pot)]. */
static int read_up_rules(sk_setup *k, PyObject *rules) {
    PyObject *list = PySequence_Fast(rules, "up_rules: a sequence");
    if (list == NULL) return -1;
    int ok = 1;
    for (Py_ssize_t i = 0; ok && i < PySequence_Fast_GET_SIZE(list); i++) {
        PyObject *faces;
        int rank;
        long long price;
        ok = PyArg_ParseTuple(PySequence_Fast_GET_ITEM(list, i), "iOL:up rule", &rank, &faces,
                              &price);
        if (!ok) break;
        int64_t face[8];
        int extra = sk_read_numbers(faces, face, 8, "up rule faces");
        if (extra < 0 || rank < 0 || rank > 12 || price < SK_NO_PRICE) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "up_rules: a rank, faces, a price");
            ok = 0;
            break;
        }
        k->up_extra[rank] = (int8_t)extra;
        k->up_extra_faces[rank] = 0;
        for (int e = 0; e < extra; e++) k->up_extra_faces[rank] |= (int8_t)((face[e] != 0) << e);
        k->up_price[rank] = price;
        k->up_rules = 1;
    }
    Py_DECREF(list);
    return ok ? 0 : -1;
}

/* Separate hands: (street, big, small, min down each, ordered, the big and the small hand's
 * evaluator numbers, per share SK_SPLIT_*_HAND). */
static int set_split(sk_setup *k, PyObject *split, int shares) {
    PyObject *parts;
    if (!PyArg_ParseTuple(split, "iiiipiiO:split", &k->split_street, &k->split_big,
                          &k->split_small, &k->split_min_down, &k->split_ordered,
                          &k->split_big_evaluator, &k->split_small_evaluator, &parts))
        return -1;
    int64_t each[SK_SHARES];
    int given = sk_read_numbers(parts, each, SK_SHARES, "split parts");
    if (given < 0) return -1;
    if (given != shares || k->split_street < 1 || k->split_street >= k->rules->streets ||
        k->split_small < 1 || k->split_small > SK_SPLIT_MOST || k->split_big < 1 ||
        k->split_big + k->split_small > SK_CARDS) {
        PyErr_SetString(PyExc_ValueError, "split: a street after the first, hands the kernel "
                                          "holds, a part per share");
        return -1;
    }
    for (int x = 0; x < shares; x++) k->split_part[x] = (int)each[x];
    k->by_cards = 1;
    return 0;
}

static int Setup_init(SetupObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"rules", "players", "stack", "deck", "cards", "showing",
                               "share_evaluators", "bots", "bot_table",
                               "styles", "values", "modes", "by_row", "flush", "index_row",
                               "wild", "share_modes", "declaration", "down_shares", "expose",
                               "up_rules", "trade", "wild_sets", "split", NULL};
    Py_buffer rules;
    int players, cards, showing;
    long long stack, index_row;
    PyObject *deck, *evaluators, *bots, *bot_table, *styles, *values, *modes, *by_row, *flush;
    PyObject *wild = Py_None, *modes_in = Py_None, *declaration = Py_None, *down = Py_None;
    PyObject *expose = Py_None, *up_rules = Py_None, *trade = Py_None, *sets = Py_None;
    PyObject *split = Py_None;
    if (self->held) {
        PyErr_SetString(PyExc_TypeError, "a Setup is made once");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "y*iLOiiOOOOOOOOL|OOOOOOOOO:Setup", keywords,
                                     &rules, &players, &stack, &deck, &cards, &showing,
                                     &evaluators, &bots, &bot_table, &styles, &values, &modes,
                                     &by_row, &flush, &index_row, &wild, &modes_in,
                                     &declaration, &down, &expose, &up_rules, &trade, &sets,
                                     &split))
        return -1;
    int ok = rules.len == (Py_ssize_t)sizeof(sk_rules);
    if (ok) memcpy(&self->rules, rules.buf, sizeof(sk_rules));
    PyBuffer_Release(&rules);
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "rules: not the packed rules of this build");
        return -1;
    }
    if (players < 2 || players > SK_SEATS) {
        PyErr_Format(PyExc_ValueError, "the kernel plays 2 to %d seats", SK_SEATS);
        return -1;
    }
    sk_setup *k = &self->setup;
    memset(k, 0, sizeof *k);
    k->rules = &self->rules;
    k->players = players;
    k->stack = stack;
    k->cards = cards;
    k->showing = showing;
    k->tables.index_row = index_row;
    int64_t numbers[SK_SHARES];
    int count = sk_read_numbers(evaluators, numbers, SK_SHARES, "share_evaluators");
    if (count < 0) return -1;
    for (int i = 0; i < count; i++) {
        k->share_evaluator[i] = (int)numbers[i];
        k->by_cards |= numbers[i] >= SK_SPECIAL_BASE;
    }
    if (modes_in != Py_None) { /* each share's SK_CARDS_* (default: all its cards) */
        int64_t ways[SK_SHARES];
        int given = sk_read_numbers(modes_in, ways, SK_SHARES, "share_modes");
        if (given < 0) return -1;
        for (int i = 0; i < given; i++) {
            if (ways[i] < SK_CARDS_ALL || ways[i] > SK_CARDS_OMAHA) {
                PyErr_Format(PyExc_ValueError, "share_modes: %lld is no way of making a hand",
                             (long long)ways[i]);
                return -1;
            }
            k->share_mode[i] = (int)ways[i];
            k->by_cards |= ways[i] != SK_CARDS_ALL;
        }
    }
    if (sk_read_numbers(bots, self->bots, SK_SEATS, "bots") < 0) return -1;
    k->bots = self->bots;
    struct { PyObject *array; Py_ssize_t size; char kind; const char *what; } arrays[V_VIEWS] = {
        {deck, 1, 'u', "deck"}, {bot_table, 8, 'd', "bot_table"}, {styles, 8, 'i', "styles"},
        {values, 8, 'i', "values"}, {modes, 8, 'i', "modes"}, {by_row, 4, 'i', "by_row"},
        {flush, 4, 'i', "flush"},
    };
    for (int i = 0; i < V_VIEWS; i++) {
        if (buffer_of(arrays[i].array, &self->views[i], arrays[i].size, arrays[i].kind, 0,
                      arrays[i].what) < 0)
            return -1;
        self->held = i + 1;
    }
    k->deck = self->views[V_DECK].buf;
    k->deck_size = (int)self->views[V_DECK].len;
    k->bot_table = self->views[V_BOT_TABLE].buf;
    k->styles = self->views[V_STYLES].buf;
    k->n_styles = (int)(self->views[V_STYLES].len / 8 / 3);
    k->tables.values = self->views[V_VALUES].buf;
    k->tables.modes = self->views[V_MODES].buf;
    k->tables.by_row = self->views[V_BY_ROW].buf;
    k->tables.width = self->views[V_BY_ROW].ndim == 2 ? self->views[V_BY_ROW].shape[1] : 0;
    k->tables.flush = self->views[V_FLUSH].buf;
    if (k->tables.width == 0) {
        PyErr_SetString(PyExc_ValueError, "by_row: a two-dimensional array");
        return -1;
    }
    if (wild != Py_None && set_wild(self, wild, count) < 0) return -1;
    k->follow_trigger = -1;
    if (sets != Py_None && set_wild_sets(self, sets, count) < 0) return -1;
    k->split_street = -1;
    if (split != Py_None && set_split(k, split, count) < 0) return -1;
    for (int x = 0; x < SK_SHARES; x++) k->down_suit[x] = -1;
    if (down != Py_None && read_down_shares(k, down, count) < 0) return -1;
    for (int rank = 0; rank < 13; rank++) k->up_price[rank] = SK_NO_PRICE;
    if (up_rules != Py_None && read_up_rules(k, up_rules) < 0) return -1;
    if (trade != Py_None) { /* (streets as a bit mask, cost, faces: bit 0 down 1 up, as thrown) */
        long long streets, cost;
        if (!PyArg_ParseTuple(trade, "LLip:trade", &streets, &cost, &k->trade_faces,
                              &k->trade_as_thrown))
            return -1;
        if (streets <= 0 || streets >= (1LL << self->rules.streets) || cost < 0) {
            PyErr_SetString(PyExc_ValueError, "trade: streets of the rules and a cost");
            return -1;
        }
        k->trade_streets = (int32_t)streets;
        k->trade_cost = cost;
    }
    if (expose != Py_None) { /* (before the deal, hidden until all chose; choose-before, hidden) */
        if (!PyArg_ParseTuple(expose, "pppp:expose", &k->expose_before, &k->expose_hidden,
                              &k->expose_rolled, &k->expose_rolled_hidden))
            return -1;
        k->expose = 1;
    }
    k->declare_street = -1;
    if (declaration != Py_None) { /* (street, may_tie, all_pots, each share's name rank) */
        PyObject *ranks;
        int street, may_tie, all_pots;
        if (!PyArg_ParseTuple(declaration, "iiiO:declaration", &street, &may_tie, &all_pots,
                              &ranks))
            return -1;
        int given = sk_read_numbers(ranks, k->declare_rank, SK_SHARES, "declaration ranks");
        if (given < 0) return -1;
        if (street < 0 || street >= self->rules.streets || given != self->rules.shares ||
            k->n_styles != given) {
            PyErr_SetString(PyExc_ValueError,
                            "declaration: a street of the rules, a name rank and a style per share");
            return -1;
        }
        k->declare_street = street;
        k->declare_may_tie = may_tie;
        k->declare_all_pots = all_pots;
    }
    return 0;
}

static PyTypeObject SetupType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "studkit.kernel._kernel.Setup",
    .tp_doc = "One run's setup for the batch kernel.",
    .tp_basicsize = sizeof(SetupObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Setup_init,
    .tp_dealloc = (destructor)Setup_dealloc,
};

enum { O_TOTALS, O_POTS, O_ENDED, O_MIX, O_SHARES, O_SEATS, O_CATEGORIES, O_STRENGTHS,
       O_REC_CARDS, O_REC_DECISIONS, O_REC_COUNTS, O_REC_PAYOFFS, O_DESIGN, O_ARRAYS };

static PyObject *play_block(PyObject *module, PyObject *args) {
    PyObject *setup;
    long long start, stop, seed;
    PyObject *arrays[O_ARRAYS];
    if (!PyArg_ParseTuple(args, "O!LLLOOOOOOOOOOOOO:play_block", &SetupType, &setup, &start,
                          &stop, &seed, &arrays[0], &arrays[1], &arrays[2], &arrays[3],
                          &arrays[4], &arrays[5], &arrays[6], &arrays[7], &arrays[8],
                          &arrays[9], &arrays[10], &arrays[11], &arrays[12]))
        return NULL;
    static const char *names[O_ARRAYS] = {"totals", "pots", "ended", "mix", "share_awards",
                                          "seats", "categories", "strengths", "record_cards",
                                          "record_decisions", "record_counts", "record_payoffs",
                                          "design"};
    Py_buffer views[O_ARRAYS];
    int held = 0;
    PyObject *out = NULL;
    for (; held < O_ARRAYS; held++)
        if (buffer_of(arrays[held], &views[held], 8, 'i', held != O_STRENGTHS, names[held]) <
            0)
            goto release;
    const sk_setup *k = &((SetupObject *)setup)->setup;
    int n = k->players;
    int64_t rows = views[O_REC_COUNTS].len / 8 / 2;
    int record = views[O_REC_CARDS].len >= rows * 8 * SK_RECORD_CARDS &&
                 views[O_REC_DECISIONS].len >= rows * 8 * SK_RECORD_DECISIONS &&
                 views[O_REC_PAYOFFS].len >= rows * 8 * n && rows >= stop - start && rows > 0 &&
                 views[O_REC_CARDS].len > 8;
    int64_t slots = views[O_STRENGTHS].ndim == 2 ? views[O_STRENGTHS].shape[1] : 0;
    if (views[O_TOTALS].len < 8 * T_SLOTS ||
        views[O_POTS].len < 8 * (n * k->stack + 1) ||
        views[O_ENDED].len < 8 * k->rules->streets ||
        views[O_MIX].len < 8 * k->rules->streets * SK_VERBS ||
        views[O_SHARES].len < 8 * k->rules->shares || views[O_SEATS].len < 8 * 3 * n ||
        views[O_CATEGORIES].len < views[O_STRENGTHS].len || slots == 0 ||
        views[O_DESIGN].len < 8 * SK_DESIGN_SIZE(n, k->rules->streets)) {
        PyErr_SetString(PyExc_ValueError, "play_block: a tally array is too small");
        goto release;
    }
    sk_tally tally = {views[O_TOTALS].buf, views[O_POTS].buf, views[O_ENDED].buf,
                      views[O_MIX].buf, views[O_SHARES].buf, views[O_SEATS].buf,
                      views[O_CATEGORIES].buf, views[O_STRENGTHS].buf, slots,
                      views[O_DESIGN].buf};
    sk_records records = {record ? rows : 0, views[O_REC_CARDS].buf, views[O_REC_DECISIONS].buf,
                          views[O_REC_COUNTS].buf, views[O_REC_PAYOFFS].buf};
    int64_t result;
    Py_BEGIN_ALLOW_THREADS
    result = sk_play_block(k, start, stop, seed, &tally, &records);
    Py_END_ALLOW_THREADS
    out = PyLong_FromLongLong(result);
release:
    for (int i = 0; i < held; i++) PyBuffer_Release(&views[i]);
    return out;
}

/* evaluate(values, modes, by_row, flush, index_row, cards, evaluator): one hand's strength
 * by the kernel's tables (what its showdowns rank with). */
static PyObject *evaluate(PyObject *module, PyObject *args) {
    PyObject *arrays[4], *cards_in;
    long long index_row;
    int ev;
    sk_wild_ranking wild = {0};
    if (!PyArg_ParseTuple(args, "OOOOLOi|(iiLi):evaluate", &arrays[0], &arrays[1], &arrays[2],
                          &arrays[3], &index_row, &cards_in, &ev, &wild.special_ranks,
                          &wild.special_jokers, &wild.bug_any, &wild.five_kind))
        return NULL;
    int jokers = wild.special_jokers != SK_SPECIAL_JOKERS_NONE && ev >= SK_SPECIAL_BASE;
    Py_buffer views[4];
    static const Py_ssize_t sizes[4] = {8, 8, 4, 4};
    static const char *names[4] = {"values", "modes", "by_row", "flush"};
    int held = 0;
    PyObject *out = NULL;
    for (; held < 4; held++)
        if (buffer_of(arrays[held], &views[held], sizes[held], 'i', 0, names[held]) < 0)
            goto release;
    PyObject *seq = PySequence_Fast(cards_in, "cards: a sequence of card numbers");
    if (seq == NULL) goto release;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    uint8_t cards[8];
    int known = ev >= 0 && views[2].ndim == 2 &&
                (ev < views[2].shape[0] - 1 || (ev >= SK_SPECIAL_BASE && ev <= SK_ACTION_RAZZ));
    if (count < 1 || count > 8 || !known) {
        PyErr_SetString(PyExc_ValueError, "evaluate: 1 to 8 cards and a known evaluator");
        Py_DECREF(seq);
        goto release;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if ((c == -1 && PyErr_Occurred()) || c < 0 || c >= (jokers ? SK_DECK : 52)) {
            if (!PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "no card %ld here", c);
            Py_DECREF(seq);
            goto release;
        }
        cards[i] = (uint8_t)c;
    }
    Py_DECREF(seq);
    sk_tables tables = {views[0].buf, views[1].buf, views[2].buf, views[2].shape[1], index_row,
                        views[3].buf};
    if (ev < SK_SPECIAL_BASE) wild = (sk_wild_ranking){0};
    out = PyLong_FromLongLong(sk_evaluate_many(&tables, ev, &wild, cards, (int)count));
release:
    for (int i = 0; i < held; i++) PyBuffer_Release(&views[i]);
    return out;
}

static PyMethodDef module_methods[] = {
    {"evaluate", evaluate, METH_VARARGS,
     "evaluate(values, modes, by_row, flush, index_row, cards, evaluator, special_wild=None): "
     "a hand's strength (a table evaluator's row, or SPECIAL_BASE + a special ranking's number "
     "with its wild cards as studkit.evaluation.special_wild.compiled_wild gives them)"},
    {"play_block", play_block, METH_VARARGS,
     "play_block(setup, start, stop, seed, totals, pots, ended, mix, share_awards, seats, "
     "categories, strengths, record_cards, record_decisions, record_counts, record_payoffs, "
     "design)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT, "studkit.kernel._kernel",
    "The batch kernel (C): blocks of whole hands on the rules core, counted.", -1,
    module_methods,
};

PyMODINIT_FUNC PyInit__kernel(void) {
    if (PyType_Ready(&SetupType) < 0) return NULL;
    PyObject *m = PyModule_Create(&kernel_module);
    if (m == NULL) return NULL;
    Py_INCREF(&SetupType);
    if (PyModule_AddObject(m, "Setup", (PyObject *)&SetupType) < 0 ||
        PyModule_AddIntConstant(m, "TALLY_SLOTS", T_SLOTS) < 0 ||
        PyModule_AddIntConstant(m, "RECORD_CARDS", SK_RECORD_CARDS) < 0 ||
        PyModule_AddIntConstant(m, "RECORD_DECISIONS", SK_RECORD_DECISIONS) < 0 ||
        PyModule_AddIntConstant(m, "RECORD_FLIP", SK_RECORD_FLIP) < 0 ||
        PyModule_AddIntConstant(m, "RECORD_DISCARD", SK_RECORD_DISCARD) < 0 ||
        PyModule_AddIntConstant(m, "KEEP_CARD", SK_KEEP_CARD) < 0 ||
        PyModule_AddIntConstant(m, "RECORD_DECLARATION", SK_RECORD_DECLARATION) < 0 ||
        PyModule_AddIntConstant(m, "DOWN_CARD_SHARE", SK_DOWN_CARD_SHARE) < 0 ||
        PyModule_AddIntConstant(m, "RECORD_EXPOSE", SK_RECORD_EXPOSE) < 0 ||
        PyModule_AddIntConstant(m, "RECORD_PAY", SK_RECORD_PAY) < 0 ||
        PyModule_AddIntConstant(m, "RECORD_TRADE", SK_RECORD_TRADE) < 0 ||
        PyModule_AddIntConstant(m, "RECORD_KEEP_HAND", SK_RECORD_KEEP_HAND) < 0 ||
        PyModule_AddIntConstant(m, "RECORD_ARRANGE", SK_RECORD_ARRANGE) < 0 ||
        PyModule_AddIntConstant(m, "EXHAUSTED", SK_KERNEL_EXHAUSTED) < 0 ||
        PyModule_AddIntConstant(m, "LONG", SK_KERNEL_LONG) < 0 ||
        PyModule_AddIntConstant(m, "MEMORY", SK_KERNEL_MEMORY) < 0 ||
        PyModule_AddIntConstant(m, "CARDS", SK_KERNEL_CARDS) < 0 ||
        PyModule_AddIntConstant(m, "SPECIAL_BASE", SK_SPECIAL_BASE) < 0 ||
        PyModule_AddIntConstant(m, "A5_LOW_ROW", SK_A5_LOW_ROW) < 0 ||
        PyModule_AddIntConstant(m, "ACTION_RAZZ_FACE", SK_ACTION_RAZZ_FACE) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
