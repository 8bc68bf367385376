/* The game as a Python object (studkit.core.Game, game_binding.c): an sk_game with the compiled
 * rules and the arrays its pointers read, held while the object lives. Compiled drivers in
 * other extensions (the batch kernel) read its `game` through this layout. Include after
 * Python.h. */
#ifndef STUDKIT_CORE_GAME_OBJECT_H
#define STUDKIT_CORE_GAME_OBJECT_H

#include "game.h"

enum { SK_GAME_DECK, SK_GAME_VALUES, SK_GAME_MODES, SK_GAME_BY_ROW, SK_GAME_FLUSH,
       SK_GAME_ARRAYS };
#define SK_GAME_VIEWS (SK_GAME_ARRAYS + 9 * (SK_SHARES + 1)) /* the wild cards' tables, thrice */

typedef struct {
    PyObject_HEAD
    sk_game game;
    sk_rules rules;
    Py_buffer views[SK_GAME_VIEWS];
    int held;
    int ready; /* made: __init__ succeeded */
} sk_game_object;

/* The Game type (game_binding.c), in the extension that defines it (studkit.core._core);
 * another extension finds it as studkit.core._core.Game. */
extern PyTypeObject sk_game_type;

/* evaluate(values, modes, by_row, flush, index_row, cards, evaluator, special_wild=None): a
 * hand's strength by a compiled game's tables (game_binding.c). */
PyObject *sk_game_evaluate(PyObject *module, PyObject *args);

/* The game's evaluator numbers as constants of module `m`: 0, or -1 with the exception set. */
int sk_game_add_constants(PyObject *m);

#endif
