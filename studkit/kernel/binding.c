/* studkit.kernel._kernel: the batch kernel for Python.
 *
 *   Setup(game, players, stack, bots, bot_table, styles)
 *                      one run's setup: the game (a studkit.core._core.Game, held while the
 *                      setup lives), the seats' bot ids (studkit.bots.compiled), their
 *                      numbers (a row per seat) and the shares' styles (three numbers each)
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

#include "../core/game_object.h"
#include "../core/py_buffers.h"
#include "../core/py_numbers.h"
#include "kernel.h"

/* studkit.core._core.Game, the type of a Setup's game (found when the module loads). */
static PyTypeObject *game_type;

typedef struct {
    PyObject_HEAD
    sk_setup setup;
    PyObject *game; /* the studkit.core._core.Game whose arrays the setup's game reads */
    int64_t bots[SK_SEATS];
    Py_buffer views[2]; /* the bots' table, their styles */
    int held;
} SetupObject;

static void Setup_dealloc(SetupObject *self) {
    for (int i = 0; i < self->held; i++) PyBuffer_Release(&self->views[i]);
    Py_XDECREF(self->game);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Setup_init(SetupObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"game", "players", "stack", "bots", "bot_table", "styles", NULL};
    PyObject *game, *bots, *bot_table, *styles;
    int players;
    long long stack;
    if (self->game != NULL) {
        PyErr_SetString(PyExc_TypeError, "a Setup is made once");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!iLOOO:Setup", keywords, game_type, &game,
                                     &players, &stack, &bots, &bot_table, &styles))
        return -1;
    if (players < 2 || players > SK_SEATS) {
        PyErr_Format(PyExc_ValueError, "the kernel plays 2 to %d seats", SK_SEATS);
        return -1;
    }
    if (!((sk_game_object *)game)->ready) {
        PyErr_SetString(PyExc_ValueError, "game: a Game that was not made (its __init__ failed)");
        return -1;
    }
    Py_INCREF(game);
    self->game = game;
    sk_setup *run = &self->setup;
    run->game = ((sk_game_object *)game)->game; /* its pointers read the game's arrays */
    run->players = players;
    run->stack = stack;
    if (sk_read_numbers(bots, self->bots, SK_SEATS, "bots") < 0) return -1;
    run->seats.bots = self->bots;
    if (sk_buffer_of(bot_table, &self->views[0], 8, 'd', 0, "bot_table") < 0) return -1;
    self->held = 1;
    if (sk_buffer_of(styles, &self->views[1], 8, 'i', 0, "styles") < 0) return -1;
    self->held = 2;
    run->seats.bot_table = self->views[0].buf;
    run->seats.styles = self->views[1].buf;
    run->seats.n_styles = (int)(self->views[1].len / 8 / 3);
    if (run->game.declare_street >= 0 && run->seats.n_styles != run->game.rules->shares) {
        PyErr_SetString(PyExc_ValueError, "styles: a style per share, for the declaration");
        return -1;
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
        if (sk_buffer_of(arrays[held], &views[held], 8, 'i', held != O_STRENGTHS, names[held]) <
            0)
            goto release;
    const sk_setup *run = &((SetupObject *)setup)->setup;
    int n = run->players;
    int64_t rows = views[O_REC_COUNTS].len / 8 / 2;
    int record = views[O_REC_CARDS].len >= rows * 8 * SK_RECORD_CARDS &&
                 views[O_REC_DECISIONS].len >= rows * 8 * SK_RECORD_DECISIONS &&
                 views[O_REC_PAYOFFS].len >= rows * 8 * n && rows >= stop - start && rows > 0 &&
                 views[O_REC_CARDS].len > 8;
    int64_t slots = views[O_STRENGTHS].ndim == 2 ? views[O_STRENGTHS].shape[1] : 0;
    if (views[O_TOTALS].len < 8 * T_SLOTS ||
        views[O_POTS].len < 8 * (n * run->stack + 1) ||
        views[O_ENDED].len < 8 * run->game.rules->streets ||
        views[O_MIX].len < 8 * run->game.rules->streets * SK_VERBS ||
        views[O_SHARES].len < 8 * run->game.rules->shares || views[O_SEATS].len < 8 * 3 * n ||
        views[O_CATEGORIES].len < views[O_STRENGTHS].len || slots == 0 ||
        views[O_DESIGN].len < 8 * SK_DESIGN_SIZE(n, run->game.rules->streets)) {
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
    result = sk_play_block(run, start, stop, seed, &tally, &records);
    Py_END_ALLOW_THREADS
    out = PyLong_FromLongLong(result);
release:
    for (int i = 0; i < held; i++) PyBuffer_Release(&views[i]);
    return out;
}

static PyMethodDef module_methods[] = {
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
    PyObject *core = PyImport_ImportModule("studkit.core._core");
    if (core == NULL) return NULL;
    game_type = (PyTypeObject *)PyObject_GetAttrString(core, "Game");
    Py_DECREF(core);
    if (game_type == NULL) return NULL;
    if (!PyType_Check(game_type) || game_type->tp_basicsize != sizeof(sk_game_object)) {
        PyErr_SetString(PyExc_ImportError, "studkit.core._core.Game is not the game this "
                                           "kernel was built with: rebuild studkit");
        return NULL;
    }
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
        PyModule_AddIntConstant(m, "RECORD_EXPOSE", SK_RECORD_EXPOSE) < 0 ||
        PyModule_AddIntConstant(m, "RECORD_PAY", SK_RECORD_PAY) < 0 ||
        PyModule_AddIntConstant(m, "RECORD_TRADE", SK_RECORD_TRADE) < 0 ||
        PyModule_AddIntConstant(m, "RECORD_KEEP_HAND", SK_RECORD_KEEP_HAND) < 0 ||
        PyModule_AddIntConstant(m, "RECORD_ARRANGE", SK_RECORD_ARRANGE) < 0 ||
        PyModule_AddIntConstant(m, "EXHAUSTED", SK_KERNEL_EXHAUSTED) < 0 ||
        PyModule_AddIntConstant(m, "LONG", SK_KERNEL_LONG) < 0 ||
        PyModule_AddIntConstant(m, "MEMORY", SK_KERNEL_MEMORY) < 0 ||
        PyModule_AddIntConstant(m, "CARDS", SK_KERNEL_CARDS) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
