/* Integers from Python into C: the one reader the C extensions' bindings (the rules core's,
 * the kernel's and the bots' decisions') share. Include after Python.h. */
#ifndef STUDKIT_CORE_PY_NUMBERS_H
#define STUDKIT_CORE_PY_NUMBERS_H

#include <stdint.h>

/* The integers of the sequence `values` into `out`, `most` at the most; how many, or -1 with
 * the exception set (`what` names the argument in its message). */
static inline int sk_read_numbers(PyObject *values, int64_t *out, Py_ssize_t most,
                                  const char *what) {
    PyObject *seq = PySequence_Fast(values, what);
    if (seq == NULL) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    if (count > most) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "%s: at most %zd numbers", what, most);
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        out[i] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(seq, i));
        if (out[i] == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    return (int)count;
}

#endif
