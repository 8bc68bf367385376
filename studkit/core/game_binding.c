/* studkit.core._core.Game: a game as compiled drivers play it whole (game.h's sk_game), made
 * from Python once per run by the compile step that builds its arrays
 * (studkit.game.compile.compiled_game):
 *
 *   Game(rules, deck, cards, showing, share_evaluators, values, modes, by_row, flush,
 *        index_row, wild=None, share_modes=None, declaration=None, down_shares=None,
 *        expose=None, up_rules=None, trade=None, wild_sets=None, split=None)
 *
 * `rules`: Rules.pack()'s bytes; `deck`: the card numbers (bytes); `cards`: the most each
 * player holds, board included; `showing` and `share_evaluators`: evaluator numbers; the
 * evaluators' tables (studkit.evaluation.lookup_tables.EvalTables); `wild`, for wild ranks and
 * jokers: (shares, showing[, face]), per share and for the showing hands (or None) a
 * ranking's (values, table, fill or None, layers per wild count) as
 * studkit.evaluation.wildtables.WildLayout has them, or a special ranking's four numbers;
 * `share_modes`: per share how its hand is made (0 all cards, 1 the seat's own, 2 the Omaha
 * rule); `declaration`: (street, swing may tie, forfeit all pots, each share's name's place in
 * sorted order); `down_shares`: [(share, suit, a strength per rank)]; `expose`: (before the
 * deal, hidden until all chose, choose-before, its choices hidden); `up_rules`: [(rank, the
 * extra cards' faces (1 up), price: -2 none, -1 the pot)]; `trade`: (the streets after whose
 * betting, a bit each; the cost; the faces that may go, bit 0 down, bit 1 up; an up card's
 * replacement comes up); `wild_sets`: (the followed trigger rank or -1, SK_HOLE_WILD_*, per
 * share its tables, the showing hands'), SK_WILD_SETS rows of values each; `split`: (street,
 * big, small, min down each, ordered, the big and the small hand's evaluator numbers, per
 * share SK_SPLIT_*_HAND). The arrays are numpy arrays (any buffer of the right item type,
 * C-contiguous), held while the game lives. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#include "game_object.h"
#include "py_buffers.h"
#include "py_numbers.h"

/* Holds one more array while the game lives; its buffer, or NULL (an exception set). */
static const Py_buffer *hold(sk_game_object *self, PyObject *array, Py_ssize_t itemsize, char kind,
                             const char *what) {
    if (self->held == SK_GAME_VIEWS) {
        PyErr_Format(PyExc_ValueError, "%s: too many arrays", what);
        return NULL;
    }
    if (sk_buffer_of(array, &self->views[self->held], itemsize, kind, 0, what) < 0) return NULL;
    return &self->views[self->held++];
}

/* One ranking's wild-card tables: (values, table, fill or None, layers per wild count);
 * `sets` rows of values, one per card each. A special ranking's: (wild ranks, jokers,
 * categories where the bug is any card, five-of-a-kind category), four numbers. */
static int read_wild(sk_game_object *self, PyObject *spec, sk_wild_ranking *w, int sets) {
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
static int read_share_wild(sk_game_object *self, PyObject *per_share, int shares,
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
static int set_wild(sk_game_object *self, PyObject *wild, int shares) {
    PyObject *per_share, *showing, *face = Py_None;
    if (!PyArg_ParseTuple(wild, "OO|O:wild", &per_share, &showing, &face)) return -1;
    sk_game *k = &self->game;
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
static int set_wild_sets(sk_game_object *self, PyObject *spec, int shares) {
    PyObject *per_share, *showing;
    sk_game *k = &self->game;
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
static int read_down_shares(sk_game *k, PyObject *down, int shares) {
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
static int read_up_rules(sk_game *k, PyObject *rules) {
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
static int set_split(sk_game *k, PyObject *split, int shares) {
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

static int Game_init(sk_game_object *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"rules", "deck", "cards", "showing", "share_evaluators",
                               "values", "modes", "by_row", "flush", "index_row", "wild",
                               "share_modes", "declaration", "down_shares", "expose",
                               "up_rules", "trade", "wild_sets", "split", NULL};
    Py_buffer rules;
    int cards, showing;
    long long index_row;
    PyObject *deck, *evaluators, *values, *modes, *by_row, *flush;
    PyObject *wild = Py_None, *modes_in = Py_None, *declaration = Py_None, *down = Py_None;
    PyObject *expose = Py_None, *up_rules = Py_None, *trade = Py_None, *sets = Py_None;
    PyObject *split = Py_None;
    if (self->held || self->ready) {
        PyErr_SetString(PyExc_TypeError, "a Game is made once");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "y*OiiOOOOOL|OOOOOOOOO:Game", keywords,
                                     &rules, &deck, &cards, &showing, &evaluators, &values,
                                     &modes, &by_row, &flush, &index_row, &wild, &modes_in,
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
    sk_game *k = &self->game;
    memset(k, 0, sizeof *k);
    k->rules = &self->rules;
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
    struct { PyObject *array; Py_ssize_t size; char kind; const char *what; }
        arrays[SK_GAME_ARRAYS] = {
            {deck, 1, 'u', "deck"}, {values, 8, 'i', "values"}, {modes, 8, 'i', "modes"},
            {by_row, 4, 'i', "by_row"}, {flush, 4, 'i', "flush"},
        };
    for (int i = 0; i < SK_GAME_ARRAYS; i++) {
        if (sk_buffer_of(arrays[i].array, &self->views[i], arrays[i].size, arrays[i].kind, 0,
                         arrays[i].what) < 0)
            return -1;
        self->held = i + 1;
    }
    k->deck = self->views[SK_GAME_DECK].buf;
    k->deck_size = (int)self->views[SK_GAME_DECK].len;
    k->tables.values = self->views[SK_GAME_VALUES].buf;
    k->tables.modes = self->views[SK_GAME_MODES].buf;
    const Py_buffer *by = &self->views[SK_GAME_BY_ROW];
    k->tables.by_row = by->buf;
    k->tables.width = by->ndim == 2 ? by->shape[1] : 0;
    k->tables.flush = self->views[SK_GAME_FLUSH].buf;
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
        if (street < 0 || street >= self->rules.streets || given != self->rules.shares) {
            PyErr_SetString(PyExc_ValueError,
                            "declaration: a street of the rules and a name rank per share");
            return -1;
        }
        k->declare_street = street;
        k->declare_may_tie = may_tie;
        k->declare_all_pots = all_pots;
    }
    self->ready = 1;
    return 0;
}

static void Game_dealloc(sk_game_object *self) {
    for (int i = 0; i < self->held; i++) PyBuffer_Release(&self->views[i]);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

PyTypeObject sk_game_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "studkit.core._core.Game",
    .tp_doc = "A game as compiled drivers play it whole: the rules, the deck, the evaluators' "
              "tables and wild cards, and the rules plugins hand over as data (game.h).",
    .tp_basicsize = sizeof(sk_game_object),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Game_init,
    .tp_dealloc = (destructor)Game_dealloc,
};

/* evaluate(values, modes, by_row, flush, index_row, cards, evaluator): one hand's strength
 * by a compiled game's tables (what its showdowns rank with). */
PyObject *sk_game_evaluate(PyObject *module, PyObject *args) {
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
        if (sk_buffer_of(arrays[held], &views[held], sizes[held], 'i', 0, names[held]) < 0)
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

int sk_game_add_constants(PyObject *m) {
    return PyModule_AddIntConstant(m, "DOWN_CARD_SHARE", SK_DOWN_CARD_SHARE) < 0 ||
                   PyModule_AddIntConstant(m, "SPECIAL_BASE", SK_SPECIAL_BASE) < 0 ||
                   PyModule_AddIntConstant(m, "A5_LOW_ROW", SK_A5_LOW_ROW) < 0 ||
                   PyModule_AddIntConstant(m, "ACTION_RAZZ_FACE", SK_ACTION_RAZZ_FACE) < 0
               ? -1
               : 0;
}
