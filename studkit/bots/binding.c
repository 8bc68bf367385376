/* studkit.bots._decide: the shipped bots' decisions (strategy.c, strength.c, card_sense.c,
 * shares.c) for Python.
 *
 * The general engine's bots call these, the batch kernel calls the same C functions
 * directly: one definition of each decision. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "../core/py_numbers.h"
#include "decide.h"

static PyObject *crowded(PyObject *m, PyObject *args) {
    double raw;
    int opponents;
    if (!PyArg_ParseTuple(args, "di:crowded", &raw, &opponents)) return NULL;
    return PyFloat_FromDouble(sk_crowded(raw, opponents));
}

static PyObject *aggressive_kind(PyObject *m, PyObject *args) {
    int avail;
    if (!PyArg_ParseTuple(args, "i:aggressive_kind", &avail)) return NULL;
    return PyLong_FromLong(sk_aggressive_kind(avail));
}

static PyObject *style_rolls(PyObject *m, PyObject *args) {
    int avail, raises, max_raises;
    double score, bet;
    if (!PyArg_ParseTuple(args, "iiidd:style_rolls", &avail, &raises, &max_raises, &score, &bet))
        return NULL;
    return PyBool_FromLong(sk_style_rolls(avail, raises, max_raises, score, bet));
}

static PyObject *style_choice(PyObject *m, PyObject *args) {
    double enter, stay, bet, bluff, score, u;
    int max_raises, raises, first_street, avail;
    long long to_call, pot;
    if (!PyArg_ParseTuple(args, "ddddidipLLid:style_choice", &enter, &stay, &bet, &bluff,
                          &max_raises, &score, &raises, &first_street, &to_call, &pot, &avail,
                          &u))
        return NULL;
    return PyLong_FromLong(sk_style_choice(enter, stay, bet, bluff, max_raises, score, raises,
                                           first_street, to_call, pot, avail, u));
}

static PyObject *equity_choice(PyObject *m, PyObject *args) {
    double value, margin;
    int players, raises, avail;
    long long to_call, pot;
    if (!PyArg_ParseTuple(args, "ddiiLLi:equity_choice", &value, &margin, &players, &raises,
                          &to_call, &pot, &avail))
        return NULL;
    if (players < 1) {
        PyErr_SetString(PyExc_ValueError, "equity_choice: players must be at least 1");
        return NULL;
    }
    return PyLong_FromLong(sk_equity_choice(value, margin, players, raises, to_call, pot, avail));
}

static PyObject *equity_settled(PyObject *m, PyObject *args) {
    double won, margin;
    int deals, players, raises, avail;
    long long to_call, pot;
    if (!PyArg_ParseTuple(args, "didiiLLi:equity_settled", &won, &deals, &margin, &players,
                          &raises, &to_call, &pot, &avail))
        return NULL;
    if (deals < 1 || players < 1) {
        PyErr_SetString(PyExc_ValueError, "equity_settled: deals and players must be positive");
        return NULL;
    }
    return PyBool_FromLong(
        sk_equity_settled(won, deals, margin, players, raises, to_call, pot, avail));
}

static PyObject *sized_total(PyObject *m, PyObject *args) {
    long long low, high, my_bet, to_call, pot;
    double fraction;
    if (!PyArg_ParseTuple(args, "LLLLLd:sized_total", &low, &high, &my_bet, &to_call, &pot,
                          &fraction))
        return NULL;
    return PyLong_FromLongLong(sk_sized_total(low, high, my_bet, to_call, pot, fraction));
}

#define MOST 64

/* What a card sense reads beside the seat's own cards: the opponents' up cards (flat,
 * `width` a board, `opp_n` each board's count) and the pot shares' styles. */
typedef struct {
    int64_t opp[MOST * 8], opp_n[MOST * 8], styles[MOST * 8];
    int width, n_opp, n_styles;
} boards;

/* The opponents' boards and the styles into `b`; 0, or -1 with the exception set (`what`
 * names the function). */
static int read_boards(PyObject *opp_in, int width, PyObject *opp_n_in, PyObject *styles_in,
                       boards *b, const char *what) {
    const Py_ssize_t most = MOST * 8;
    int n_opp_cards = sk_read_numbers(opp_in, b->opp, most, "opponents' cards");
    if (n_opp_cards < 0) return -1;
    b->n_opp = sk_read_numbers(opp_n_in, b->opp_n, most, "opponents' counts");
    if (b->n_opp < 0) return -1;
    b->n_styles = sk_read_numbers(styles_in, b->styles, most, "styles");
    if (b->n_styles < 0) return -1;
    b->width = width;
    for (int k = 0; k < b->n_opp; k++)
        if (b->opp_n[k] < 0 || b->opp_n[k] > width || (k + 1) * width > n_opp_cards) {
            PyErr_Format(PyExc_ValueError, "%s: opponents' cards do not fit width", what);
            return -1;
        }
    return 0;
}

/* score_cards(own, opp, width, opp_n, to_come, styles): the flat sequences of
 * studkit.bots.strength.score_cards. */
static PyObject *score_cards(PyObject *m, PyObject *args) {
    PyObject *own_in, *opp_in, *opp_n_in, *styles_in;
    int width, to_come;
    if (!PyArg_ParseTuple(args, "OOiOiO:score_cards", &own_in, &opp_in, &width, &opp_n_in,
                          &to_come, &styles_in))
        return NULL;
    int64_t own[MOST * 8];
    boards b;
    int n_own = sk_read_numbers(own_in, own, MOST * 8, "own cards");
    if (n_own < 0 || read_boards(opp_in, width, opp_n_in, styles_in, &b, "score_cards") < 0)
        return NULL;
    return PyFloat_FromDouble(sk_score_cards(own, n_own, b.opp, width, b.opp_n, b.n_opp,
                                             to_come, b.styles, b.n_styles / 3));
}

/* keep_best(down, up, offered, opp, width, opp_n, to_come, final, styles): the index of the
 * card to throw away (studkit.bots.card_sense.keep_best). */
static PyObject *keep_best(PyObject *m, PyObject *args) {
    PyObject *down_in, *up_in, *offered_in, *opp_in, *opp_n_in, *styles_in;
    int width, to_come, final;
    if (!PyArg_ParseTuple(args, "OOOOiOiiO:keep_best", &down_in, &up_in, &offered_in, &opp_in,
                          &width, &opp_n_in, &to_come, &final, &styles_in))
        return NULL;
    int64_t down[MOST], up[MOST], offered[MOST];
    boards b;
    int n_down = sk_read_numbers(down_in, down, MOST, "down cards");
    if (n_down < 0) return NULL;
    int n_up = sk_read_numbers(up_in, up, MOST, "up cards");
    if (n_up < 0) return NULL;
    int n_offered = sk_read_numbers(offered_in, offered, MOST, "offered cards");
    if (n_offered < 0 || read_boards(opp_in, width, opp_n_in, styles_in, &b, "keep_best") < 0)
        return NULL;
    return PyLong_FromLong(sk_keep_best(down, n_down, up, n_up, offered, n_offered, b.opp,
                                        width, b.opp_n, b.n_opp, to_come, final, b.styles,
                                        b.n_styles / 3));
}

/* show_least(up, offered, may_keep, opp, width, opp_n, styles): the index of the card to
 * turn up, -1 to keep every card down (studkit.bots.card_sense.show_least). */
static PyObject *show_least(PyObject *m, PyObject *args) {
    PyObject *up_in, *offered_in, *opp_in, *opp_n_in, *styles_in;
    int may_keep, width;
    if (!PyArg_ParseTuple(args, "OOpOiOO:show_least", &up_in, &offered_in, &may_keep, &opp_in,
                          &width, &opp_n_in, &styles_in))
        return NULL;
    int64_t up[MOST], offered[MOST];
    boards b;
    int n_up = sk_read_numbers(up_in, up, MOST, "up cards");
    if (n_up < 0) return NULL;
    int n_offered = sk_read_numbers(offered_in, offered, MOST, "offered cards");
    if (n_offered < 0 || read_boards(opp_in, width, opp_n_in, styles_in, &b, "show_least") < 0)
        return NULL;
    return PyLong_FromLong(sk_show_least(up, n_up, offered, n_offered, may_keep, b.opp, width,
                                         b.opp_n, b.n_opp, b.styles, b.n_styles / 3));
}

/* share_choice(own, opp, width, opp_n, styles, name_rank, every_offered): the index of the
 * pot share to compete for, or the number of shares for every share. */
static PyObject *share_choice(PyObject *m, PyObject *args) {
    PyObject *own_in, *opp_in, *opp_n_in, *styles_in, *rank_in;
    int width, every;
    if (!PyArg_ParseTuple(args, "OOiOOOp:share_choice", &own_in, &opp_in, &width, &opp_n_in,
                          &styles_in, &rank_in, &every))
        return NULL;
    int64_t own[MOST], rank[MOST];
    boards b;
    int n_own = sk_read_numbers(own_in, own, MOST, "own cards");
    if (n_own < 0 || read_boards(opp_in, width, opp_n_in, styles_in, &b, "share_choice") < 0)
        return NULL;
    int shares = sk_read_numbers(rank_in, rank, MOST, "name ranks");
    if (shares < 0) return NULL;
    if (b.n_styles != 3 * shares) {
        PyErr_SetString(PyExc_ValueError, "share_choice: three style numbers per share");
        return NULL;
    }
    return PyLong_FromLong(sk_share_choice(own, n_own, b.opp, width, b.opp_n, b.n_opp, b.styles,
                                           rank, shares, every));
}

/* pays(own, opp, width, opp_n, styles, price, pot): whether to pay the price to stay in. */
static PyObject *pays(PyObject *m, PyObject *args) {
    PyObject *own_in, *opp_in, *opp_n_in, *styles_in;
    int width;
    long long price, pot;
    if (!PyArg_ParseTuple(args, "OOiOOLL:pays", &own_in, &opp_in, &width, &opp_n_in, &styles_in,
                          &price, &pot))
        return NULL;
    int64_t own[MOST];
    boards b;
    int n_own = sk_read_numbers(own_in, own, MOST, "own cards");
    if (n_own < 0 || read_boards(opp_in, width, opp_n_in, styles_in, &b, "pays") < 0)
        return NULL;
    return PyBool_FromLong(sk_pays(own, n_own, b.opp, width, b.opp_n, b.n_opp, b.styles,
                                   b.n_styles / 3, price, pot));
}

/* keeps_hole(hole, up): whether the hole card stays down (studkit.bots.card_sense.keeps_hole). */
static PyObject *keeps_hole(PyObject *m, PyObject *args) {
    PyObject *up_in;
    int hole;
    if (!PyArg_ParseTuple(args, "iO:keeps_hole", &hole, &up_in)) return NULL;
    int64_t up[MOST];
    int n_up = sk_read_numbers(up_in, up, MOST, "up cards");
    if (n_up < 0) return NULL;
    return PyBool_FromLong(sk_keeps_hole(hole, up, n_up));
}

/* twist_choice(own, offered, opp, width, opp_n, to_come, styles): the index of the card to
 * trade for the next one, -1 to keep the hand. */
static PyObject *twist_choice(PyObject *m, PyObject *args) {
    PyObject *own_in, *offered_in, *opp_in, *opp_n_in, *styles_in;
    int width, to_come;
    if (!PyArg_ParseTuple(args, "OOOiOiO:twist_choice", &own_in, &offered_in, &opp_in, &width,
                          &opp_n_in, &to_come, &styles_in))
        return NULL;
    int64_t own[MOST], offered[MOST];
    boards b;
    int n_own = sk_read_numbers(own_in, own, MOST, "own cards");
    if (n_own < 0) return NULL;
    int n_offered = sk_read_numbers(offered_in, offered, MOST, "offered cards");
    if (n_offered < 0 ||
        read_boards(opp_in, width, opp_n_in, styles_in, &b, "twist_choice") < 0)
        return NULL;
    return PyLong_FromLong(sk_twist_choice(own, n_own, offered, n_offered, b.opp, width,
                                           b.opp_n, b.n_opp, to_come, b.styles,
                                           b.n_styles / 3));
}

static PyMethodDef methods[] = {
    {"crowded", crowded, METH_VARARGS, "crowded(raw, opponents)"},
    {"aggressive_kind", aggressive_kind, METH_VARARGS, "aggressive_kind(avail)"},
    {"style_rolls", style_rolls, METH_VARARGS, "style_rolls(avail, raises, max_raises, score, bet)"},
    {"style_choice", style_choice, METH_VARARGS,
     "style_choice(enter, stay, bet, bluff, max_raises, score, raises, first_street, to_call, "
     "pot, avail, u)"},
    {"equity_choice", equity_choice, METH_VARARGS,
     "equity_choice(value, margin, players, raises, to_call, pot, avail)"},
    {"equity_settled", equity_settled, METH_VARARGS,
     "equity_settled(won, deals, margin, players, raises, to_call, pot, avail)"},
    {"sized_total", sized_total, METH_VARARGS,
     "sized_total(low, high, my_bet, to_call, pot, fraction)"},
    {"score_cards", score_cards, METH_VARARGS,
     "score_cards(own, opp, width, opp_n, to_come, styles)"},
    {"keep_best", keep_best, METH_VARARGS,
     "keep_best(down, up, offered, opp, width, opp_n, to_come, final, styles)"},
    {"show_least", show_least, METH_VARARGS,
     "show_least(up, offered, may_keep, opp, width, opp_n, styles)"},
    {"pays", pays, METH_VARARGS, "pays(own, opp, width, opp_n, styles, price, pot)"},
    {"keeps_hole", keeps_hole, METH_VARARGS, "keeps_hole(hole, up)"},
    {"twist_choice", twist_choice, METH_VARARGS,
     "twist_choice(own, offered, opp, width, opp_n, to_come, styles)"},
    {"share_choice", share_choice, METH_VARARGS,
     "share_choice(own, opp, width, opp_n, styles, name_rank, every_offered)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef decide_module = {
    PyModuleDef_HEAD_INIT, "studkit.bots._decide",
    "The shipped bots' decisions (C), shared with the batch kernel.", -1, methods,
};

PyMODINIT_FUNC PyInit__decide(void) {
    PyObject *m = PyModule_Create(&decide_module);
    if (m == NULL) return NULL;
    if (PyModule_AddIntConstant(m, "FIRST", SK_FIRST) < 0 ||
        PyModule_AddIntConstant(m, "EQUITY_STEP", SK_EQUITY_STEP) < 0 ||
        PyModule_AddIntConstant(m, "KIND_BADUGI", SK_KIND_BADUGI) < 0 ||
        PyModule_AddIntConstant(m, "KIND_RAZZ_HIGH", SK_KIND_RAZZ_HIGH) < 0 ||
        PyModule_AddIntConstant(m, "KIND_TWO_CARD", SK_KIND_TWO_CARD) < 0 ||
        PyModule_AddIntConstant(m, "KIND_ACTION_RAZZ", SK_KIND_ACTION_RAZZ) < 0 ||
        PyModule_AddIntConstant(m, "KIND_SOKO", SK_KIND_SOKO) < 0 ||
        PyModule_AddObject(m, "EVERY_SHARE_SCORE", PyFloat_FromDouble(SK_EVERY_SHARE_SCORE)) < 0 ||
        PyModule_AddObject(m, "PAY_SCORE", PyFloat_FromDouble(SK_PAY_SCORE)) < 0 ||
        PyModule_AddObject(m, "TWIST_GAIN", PyFloat_FromDouble(SK_TWIST_GAIN)) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
