/* studkit.core._core: the rules core for Python.
 *
 *   Rules(**fields)            the compiled rules (every field of SK_RULES_FIELDS)
 *   Records(...)               the event records a hand logs (built once per Rules)
 *   State(rules, records, events)
 *                              a hand's state (SK_HAND_FIELDS, each a read-only attribute)
 *                              and the core's functions as its methods; each appends the
 *                              events it causes to `events`, as typed records
 *   build_pots(contrib, folded, dead)
 *   Game(...)                  a game as compiled drivers play it whole (game_binding.c)
 *
 * Everything here translates: the rules are in the other files of this folder. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <string.h>

#include "core.h"
#include "game_object.h"
#include "py_numbers.h"

/* ------------------------------------------------------------------ field tables */

enum { T_I8, T_U8, T_I32, T_I64 };

typedef struct {
    const char *name;
    Py_ssize_t offset;
    int type;
    Py_ssize_t length;                    /* 0: a number */
    Py_ssize_t (*used)(const sk_hand *h); /* a hand's array: the entries in use */
    const char *from;                     /* a rules field: the setting it comes from */
} field;

#define TYPE_OF(t) _Generic((t)0, int8_t: T_I8, uint8_t: T_U8, int32_t: T_I32, int64_t: T_I64)

/* One descriptor per field, generated from the declarations. */
#define RULES_NUMBER(type, name, from) \
    static const field R_##name = {#name, offsetof(sk_rules, name), TYPE_OF(type), 0, NULL, from};
#define RULES_ARRAY(type, name, length, from)                                             \
    static const field R_##name = {#name, offsetof(sk_rules, name), TYPE_OF(type), length, \
                                   NULL, from};
SK_RULES_FIELDS(RULES_NUMBER, RULES_ARRAY)

#define HAND_NUMBER(type, name) \
    static const field H_##name = {#name, offsetof(sk_hand, name), TYPE_OF(type), 0, NULL, NULL};
#define HAND_ARRAY(type, name, length, in_use)                                            \
    static Py_ssize_t used_##name(const sk_hand *h) { return (Py_ssize_t)(in_use); }      \
    static const field H_##name = {#name, offsetof(sk_hand, name), TYPE_OF(type), length, \
                                   used_##name, NULL};
SK_HAND_FIELDS(HAND_NUMBER, HAND_ARRAY)

#define RULES_NUMBER_REF(type, name, from) &R_##name,
#define RULES_ARRAY_REF(type, name, length, from) &R_##name,
static const field *const RULES_TABLE[] = {SK_RULES_FIELDS(RULES_NUMBER_REF, RULES_ARRAY_REF) NULL};
#define HAND_NUMBER_REF(type, name) &H_##name,
#define HAND_ARRAY_REF(type, name, length, in_use) &H_##name,
static const field *const HAND_TABLE[] = {SK_HAND_FIELDS(HAND_NUMBER_REF, HAND_ARRAY_REF) NULL};

static int64_t read_at(const char *base, int type, Py_ssize_t i) {
    switch (type) {
    case T_I8: return ((const int8_t *)base)[i];
    case T_U8: return ((const uint8_t *)base)[i];
    case T_I32: return ((const int32_t *)base)[i];
    default: return ((const int64_t *)base)[i];
    }
}

static int write_at(char *base, int type, Py_ssize_t i, PyObject *value, const char *name) {
    long long v = PyLong_AsLongLong(value);
    if (v == -1 && PyErr_Occurred()) {
        PyErr_Format(PyExc_TypeError, "field %s: expected an integer, not %R", name, value);
        return -1;
    }
    int64_t lo = INT64_MIN, hi = INT64_MAX;
    if (type == T_I8) lo = INT8_MIN, hi = INT8_MAX;
    else if (type == T_U8) lo = 0, hi = UINT8_MAX;
    else if (type == T_I32) lo = INT32_MIN, hi = INT32_MAX;
    if (v < lo || v > hi) {
        PyErr_Format(PyExc_OverflowError, "field %s: %lld is out of range", name, v);
        return -1;
    }
    switch (type) {
    case T_I8: ((int8_t *)base)[i] = (int8_t)v; break;
    case T_U8: ((uint8_t *)base)[i] = (uint8_t)v; break;
    case T_I32: ((int32_t *)base)[i] = (int32_t)v; break;
    default: ((int64_t *)base)[i] = (int64_t)v;
    }
    return 0;
}

static PyObject *field_names(const field *const *table) {
    PyObject *out = PyList_New(0);
    if (out == NULL) return NULL;
    for (const field *const *at = table; *at != NULL; at++) {
        const field *f = *at;
        static const char codes[] = {'b', 'B', 'i', 'q'}; /* struct module codes, by T_* */
        PyObject *item =
            f->from != NULL
                ? Py_BuildValue("(snnCs)", f->name, f->length, f->offset, codes[f->type], f->from)
                : Py_BuildValue("(snnC)", f->name, f->length, f->offset, codes[f->type]);
        if (item == NULL || PyList_Append(out, item) < 0) {
            Py_XDECREF(item);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(item);
    }
    PyObject *tuple = PyList_AsTuple(out);
    Py_DECREF(out);
    return tuple;
}

static PyObject *read_field(const char *base, const field *f, Py_ssize_t count) {
    if (f->length == 0) return PyLong_FromLongLong(read_at(base + f->offset, f->type, 0));
    PyObject *out = PyList_New(count);
    if (out == NULL) return NULL;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *v = PyLong_FromLongLong(read_at(base + f->offset, f->type, i));
        if (v == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, v);
    }
    return out;
}

/* ------------------------------------------------------------------ Rules */

typedef struct {
    PyObject_HEAD
    sk_rules r;
} RulesObject;

/* Write the fields given by name into `r`; with `all`, every field must be given. */
static int set_rules_fields(sk_rules *r, PyObject *kwargs, int all) {
    Py_ssize_t used = 0;
    for (const field *const *at = RULES_TABLE; *at != NULL; at++) {
        const field *f = *at;
        PyObject *value = kwargs ? PyDict_GetItemString(kwargs, f->name) : NULL;
        if (value == NULL) {
            if (!all) continue;
            PyErr_Format(PyExc_TypeError, "Rules: the field %s is missing", f->name);
            return -1;
        }
        used++;
        char *base = (char *)r + f->offset;
        if (f->length == 0) {
            if (write_at(base, f->type, 0, value, f->name) < 0) return -1;
            continue;
        }
        PyObject *seq = PySequence_Fast(value, "a rules array field takes a sequence");
        if (seq == NULL) return -1;
        Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
        if (count > f->length) {
            PyErr_Format(PyExc_ValueError, "Rules: %s holds at most %zd values, not %zd",
                         f->name, f->length, count);
            Py_DECREF(seq);
            return -1;
        }
        memset(base, 0, (size_t)(f->length * (f->type == T_I64 ? 8 : f->type == T_I32 ? 4 : 1)));
        for (Py_ssize_t i = 0; i < count; i++)
            if (write_at(base, f->type, i, PySequence_Fast_GET_ITEM(seq, i), f->name) < 0) {
                Py_DECREF(seq);
                return -1;
            }
        Py_DECREF(seq);
    }
    if (kwargs && PyDict_GET_SIZE(kwargs) != used) {
        PyObject *key, *value;
        Py_ssize_t pos = 0;
        while (PyDict_Next(kwargs, &pos, &key, &value)) {
            int known = 0;
            for (const field *const *at = RULES_TABLE; *at != NULL; at++)
                known |= PyUnicode_CompareWithASCIIString(key, (*at)->name) == 0;
            if (!known) {
                PyErr_Format(PyExc_TypeError, "Rules: no field %R", key);
                return -1;
            }
        }
    }
    return 0;
}

static int Rules_init(RulesObject *self, PyObject *args, PyObject *kwargs) {
    if (PyTuple_GET_SIZE(args) != 0) {
        PyErr_SetString(PyExc_TypeError, "Rules takes its fields by name");
        return -1;
    }
    memset(&self->r, 0, sizeof self->r);
    return set_rules_fields(&self->r, kwargs, 1);
}

static PyObject *Rules_get(RulesObject *self, void *closure) {
    const field *f = closure;
    return read_field((const char *)&self->r, f, f->length);
}

#define RULES_NUMBER_GETSET(type, name, from) \
    {#name, (getter)Rules_get, NULL, NULL, (void *)&R_##name},
#define RULES_ARRAY_GETSET(type, name, length, from) \
    {#name, (getter)Rules_get, NULL, NULL, (void *)&R_##name},
static PyGetSetDef Rules_getset[] = {
    SK_RULES_FIELDS(RULES_NUMBER_GETSET, RULES_ARRAY_GETSET){NULL, NULL, NULL, NULL, NULL}};

static PyObject *Rules_pack(RulesObject *self, PyObject *unused) {
    return PyBytes_FromStringAndSize((const char *)&self->r, sizeof self->r);
}

static PyTypeObject RulesType;

static PyObject *Rules_replace(RulesObject *self, PyObject *args, PyObject *kwargs) {
    if (PyTuple_GET_SIZE(args) != 0) {
        PyErr_SetString(PyExc_TypeError, "Rules.replace takes its fields by name");
        return NULL;
    }
    RulesObject *copy = PyObject_New(RulesObject, &RulesType);
    if (copy == NULL) return NULL;
    copy->r = self->r;
    if (set_rules_fields(&copy->r, kwargs, 0) < 0) {
        Py_DECREF(copy);
        return NULL;
    }
    return (PyObject *)copy;
}

static PyMethodDef Rules_methods[] = {
    {"pack", (PyCFunction)Rules_pack, METH_NOARGS,
     "the rules as bytes (what the batch kernel's Setup takes)"},
    {"replace", (PyCFunction)(void (*)(void))Rules_replace, METH_VARARGS | METH_KEYWORDS,
     "replace(**fields): a copy with the fields given changed"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject RulesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "studkit.core._core.Rules",
    .tp_doc = "A variant's compiled rules at its stakes (every field of rules.h).",
    .tp_basicsize = sizeof(RulesObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Rules_init,
    .tp_getset = Rules_getset,
    .tp_methods = Rules_methods,
};

/* ------------------------------------------------------------------ Records */

/* The event records a hand logs, shared: built once per compiled rules in Python. */
typedef struct {
    PyObject_HEAD
    PyObject *dealt_up;    /* [seat][card] DealEvent, for the first seats */
    PyObject *dealt_down;
    PyObject *burned;      /* [card] BurnEvent */
    PyObject *community;   /* [card] CommunityEvent */
    PyObject *streets;     /* [street] StreetEvent */
    PyObject *cards;       /* [card] Card */
    PyObject *verbs;       /* [verb] kind name */
    PyObject *classes;     /* the record classes, by SK_EV_* kind */
    PyObject *names;       /* the event kinds' names, by SK_EV_* kind */
    PyObject *blinds;      /* ("small", "big") */
    PyObject *shares;      /* the pot shares' names */
    PyObject *describe;    /* describe(share, strength) -> the hand's name */
    PyObject *action;      /* the Action record class (what legal() lists) */
    PyObject *actions;     /* a dict: shared action and ante records */
    PyObject *legal;       /* a dict: shared Action records */
} RecordsObject;

static int Records_init(RecordsObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"dealt_up", "dealt_down", "burned", "community", "streets",
                               "cards", "verbs", "classes", "names", "blinds", "shares",
                               "describe", "action", NULL};
    PyObject *fields[13];
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!O!O!O!O!O!O!O!O!O!O!OO!:Records", keywords,
                                     &PyTuple_Type, &fields[0], &PyTuple_Type, &fields[1],
                                     &PyTuple_Type, &fields[2], &PyTuple_Type, &fields[3],
                                     &PyTuple_Type, &fields[4], &PyTuple_Type, &fields[5],
                                     &PyTuple_Type, &fields[6], &PyTuple_Type, &fields[7],
                                     &PyTuple_Type, &fields[8], &PyTuple_Type, &fields[9],
                                     &PyTuple_Type, &fields[10], &fields[11], &PyType_Type,
                                     &fields[12]))
        return -1;
    if (PyTuple_GET_SIZE(fields[7]) != SK_EV_KINDS || PyTuple_GET_SIZE(fields[8]) != SK_EV_KINDS) {
        PyErr_SetString(PyExc_ValueError, "Records: one class and name per event kind");
        return -1;
    }
    PyObject **slots[] = {&self->dealt_up, &self->dealt_down, &self->burned, &self->community,
                          &self->streets, &self->cards, &self->verbs, &self->classes,
                          &self->names, &self->blinds, &self->shares, &self->describe,
                          &self->action};
    for (int i = 0; i < 13; i++) {
        Py_INCREF(fields[i]);
        Py_XSETREF(*slots[i], fields[i]);
    }
    Py_XSETREF(self->actions, PyDict_New());
    Py_XSETREF(self->legal, PyDict_New());
    return self->actions && self->legal ? 0 : -1;
}

static int Records_traverse(RecordsObject *self, visitproc visit, void *arg) {
    Py_VISIT(self->dealt_up);
    Py_VISIT(self->dealt_down);
    Py_VISIT(self->burned);
    Py_VISIT(self->community);
    Py_VISIT(self->streets);
    Py_VISIT(self->cards);
    Py_VISIT(self->verbs);
    Py_VISIT(self->classes);
    Py_VISIT(self->names);
    Py_VISIT(self->blinds);
    Py_VISIT(self->shares);
    Py_VISIT(self->describe);
    Py_VISIT(self->action);
    Py_VISIT(self->actions);
    Py_VISIT(self->legal);
    return 0;
}

static int Records_clear(RecordsObject *self) {
    Py_CLEAR(self->dealt_up);
    Py_CLEAR(self->dealt_down);
    Py_CLEAR(self->burned);
    Py_CLEAR(self->community);
    Py_CLEAR(self->streets);
    Py_CLEAR(self->cards);
    Py_CLEAR(self->verbs);
    Py_CLEAR(self->classes);
    Py_CLEAR(self->names);
    Py_CLEAR(self->blinds);
    Py_CLEAR(self->shares);
    Py_CLEAR(self->describe);
    Py_CLEAR(self->action);
    Py_CLEAR(self->actions);
    Py_CLEAR(self->legal);
    return 0;
}

static void Records_dealloc(RecordsObject *self) {
    PyObject_GC_UnTrack(self);
    Records_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyTypeObject RecordsType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "studkit.core._core.Records",
    .tp_doc = "The event records a hand of some compiled rules logs (shared records).",
    .tp_basicsize = sizeof(RecordsObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Records_init,
    .tp_traverse = (traverseproc)Records_traverse,
    .tp_clear = (inquiry)Records_clear,
    .tp_dealloc = (destructor)Records_dealloc,
};

/* A record of class `cls` with these items (a tuple subclass: no constructor frame). */
static PyObject *record(PyObject *cls, Py_ssize_t size, PyObject **items) {
    PyTypeObject *type = (PyTypeObject *)cls;
    PyObject *out = type->tp_alloc(type, size);
    if (out == NULL) {
        for (Py_ssize_t i = 0; i < size; i++) Py_XDECREF(items[i]);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < size; i++) {
        if (items[i] == NULL) {
            for (Py_ssize_t j = i; j < size; j++) Py_XDECREF(items[j]);
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, items[i]);
    }
    return out;
}

static PyObject *name_of(RecordsObject *rec, int kind) {
    PyObject *name = PyTuple_GET_ITEM(rec->names, kind);
    Py_INCREF(name);
    return name;
}

static PyObject *shared(PyObject *table, Py_ssize_t a, Py_ssize_t b) {
    PyObject *row = table;
    if (b >= 0) {
        if (a >= PyTuple_GET_SIZE(table)) return NULL;
        row = PyTuple_GET_ITEM(table, a);
        a = b;
    }
    if (a < 0 || a >= PyTuple_GET_SIZE(row)) return NULL;
    PyObject *out = PyTuple_GET_ITEM(row, a);
    Py_INCREF(out);
    return out;
}

static PyObject *cards_tuple(RecordsObject *rec, const uint8_t *cards, int count) {
    PyObject *out = PyTuple_New(count);
    if (out == NULL) return NULL;
    for (int i = 0; i < count; i++) {
        PyObject *card = PyTuple_GET_ITEM(rec->cards, cards[i]);
        Py_INCREF(card);
        PyTuple_SET_ITEM(out, i, card);
    }
    return out;
}

static PyObject *cards_list(RecordsObject *rec, const uint8_t *cards, int count) {
    PyObject *out = PyList_New(count);
    if (out == NULL) return NULL;
    for (int i = 0; i < count; i++) {
        PyObject *card = PyTuple_GET_ITEM(rec->cards, cards[i]);
        Py_INCREF(card);
        PyList_SET_ITEM(out, i, card);
    }
    return out;
}

/* A cached record (actions, antes) by key, else made. */
static PyObject *cached(RecordsObject *rec, long long key, PyObject *cls, Py_ssize_t size,
                        PyObject **items) {
    PyObject *k = PyLong_FromLongLong(key);
    if (k == NULL) {
        for (Py_ssize_t i = 0; i < size; i++) Py_XDECREF(items[i]);
        return NULL;
    }
    PyObject *found = PyDict_GetItemWithError(rec->actions, k);
    if (found != NULL) {
        Py_DECREF(k);
        for (Py_ssize_t i = 0; i < size; i++) Py_XDECREF(items[i]);
        Py_INCREF(found);
        return found;
    }
    PyObject *made = record(cls, size, items);
    if (made != NULL && PyDict_GET_SIZE(rec->actions) < 8192 &&
        PyDict_SetItem(rec->actions, k, made) < 0) {
        Py_DECREF(made);
        made = NULL;
    }
    Py_DECREF(k);
    return made;
}

/* ------------------------------------------------------------------ State */

typedef struct {
    PyObject_HEAD
    sk_hand h;
    sk_log log;
    RulesObject *rules;
    RecordsObject *records;
    PyObject *events;     /* the hand's event list */
    int64_t *strengths;   /* the showdown's table, from sk_showdown to sk_award */
} StateObject;

static PyTypeObject StateType;
static PyObject *StudkitCoreError; /* set at import: studkit.core._core.CoreError */

static PyObject *event_record(StateObject *self, const sk_event *e) {
    RecordsObject *rec = self->records;
    sk_hand *h = &self->h;
    PyObject *cls = PyTuple_GET_ITEM(rec->classes, e->kind);
    PyObject *items[6];
    switch (e->kind) {
    case SK_EV_DEAL: {
        PyObject *found = shared(e->x ? rec->dealt_up : rec->dealt_down, e->seat, (Py_ssize_t)e->a);
        if (found != NULL) return found;
        items[0] = name_of(rec, e->kind);
        items[1] = PyLong_FromLong(e->seat);
        items[2] = shared(rec->cards, (Py_ssize_t)e->a, -1);
        items[3] = PyBool_FromLong(e->x);
        return record(cls, 4, items);
    }
    case SK_EV_BURN:
        return shared(rec->burned, (Py_ssize_t)e->a, -1);
    case SK_EV_COMMUNITY:
        return shared(rec->community, (Py_ssize_t)e->a, -1);
    case SK_EV_STREET:
        return shared(rec->streets, e->x, -1);
    case SK_EV_ACTION: {
        items[0] = PyTuple_GET_ITEM(rec->verbs, e->x);
        Py_INCREF(items[0]);
        items[1] = PyLong_FromLong(e->seat);
        items[2] = PyLong_FromLongLong(e->a);
        items[3] = PyLong_FromLongLong(e->b);
        if (e->seat < 16 && e->a >= 0 && e->a < (1 << 24) && e->b >= 0 && e->b < (1 << 24)) {
            long long key = ((((long long)e->a << 24 | e->b) << 4 | e->seat) << 4 | e->x) << 1;
            return cached(rec, key, cls, 4, items);
        }
        return record(cls, 4, items);
    }
    case SK_EV_ANTE: {
        items[0] = name_of(rec, e->kind);
        items[1] = PyLong_FromLong(e->seat);
        items[2] = PyLong_FromLongLong(e->a);
        if (e->seat < 16 && e->a >= 0 && e->a < (1 << 24)) {
            long long key = (((long long)e->a << 4 | e->seat) << 1) | 1;
            return cached(rec, key, cls, 3, items);
        }
        return record(cls, 3, items);
    }
    case SK_EV_BLIND:
        items[0] = name_of(rec, e->kind);
        items[1] = PyLong_FromLong(e->seat);
        items[2] = PyLong_FromLongLong(e->a);
        items[3] = PyTuple_GET_ITEM(rec->blinds, e->x ? 1 : 0);
        Py_INCREF(items[3]);
        return record(cls, 4, items);
    case SK_EV_RETURN:
        items[0] = name_of(rec, e->kind);
        items[1] = PyLong_FromLong(e->seat);
        items[2] = PyLong_FromLongLong(e->a);
        return record(cls, 3, items);
    case SK_EV_SHOW:
        items[0] = name_of(rec, e->kind);
        items[1] = PyLong_FromLong(e->seat);
        items[2] = cards_tuple(rec, &h->cards[e->seat * SK_CARDS], h->ncards[e->seat]);
        return record(cls, 3, items);
    case SK_EV_MUCK:
        items[0] = name_of(rec, e->kind);
        items[1] = PyLong_FromLong(e->seat);
        return record(cls, 2, items);
    case SK_EV_AWARD: {
        int share = (e->x & 0xFF) - 1;
        items[0] = name_of(rec, e->kind);
        items[1] = PyLong_FromLong(e->seat);
        items[2] = PyLong_FromLongLong(e->a);
        items[3] = PyLong_FromLong(e->x >> 8);
        if (share < 0) {
            items[4] = PyUnicode_FromString("");
        } else {
            items[4] = PyTuple_GET_ITEM(rec->shares, share);
            Py_INCREF(items[4]);
        }
        if (share >= 0 && e->b > 0)
            items[5] = PyObject_CallFunction(rec->describe, "iL", share, (long long)e->b);
        else
            items[5] = PyUnicode_FromString("");
        return record(cls, 6, items);
    }
    default:
        PyErr_Format(PyExc_SystemError, "the rules core logged an unknown event kind %d", e->kind);
        return NULL;
    }
}

/* Move the log's records into the hand's event list. */
static int drain(StateObject *self) {
    sk_log *log = &self->log;
    int ok = 0;
    for (int32_t i = 0; i < log->count; i++) {
        PyObject *event = event_record(self, &log->events[i]);
        if (event == NULL || PyList_Append(self->events, event) < 0) {
            Py_XDECREF(event);
            ok = -1;
            break;
        }
        Py_DECREF(event);
    }
    log->count = 0;
    if (log->failed) {
        log->failed = 0;
        if (ok == 0) PyErr_NoMemory();
        ok = -1;
    }
    return ok;
}

/* The result of a core call: None, or the refusal's code as a CoreError. */
static PyObject *done(StateObject *self, int error) {
    if (drain(self) < 0) return NULL;
    if (error) {
        PyObject *code = PyLong_FromLong(error);
        if (code != NULL) {
            PyErr_SetObject(StudkitCoreError, code);
            Py_DECREF(code);
        }
        return NULL;
    }
    Py_RETURN_NONE;
}

static int State_init(StateObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"rules", "records", "events", NULL};
    PyObject *rules, *records, *events;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!O!O!:State", keywords, &RulesType, &rules,
                                     &RecordsType, &records, &PyList_Type, &events))
        return -1;
    memset(&self->h, 0, sizeof self->h);
    self->h.phase = SK_PHASE_OVER;
    self->h.actor = -1;
    self->h.npots = -1;
    Py_INCREF(rules);
    Py_XSETREF(self->rules, (RulesObject *)rules);
    Py_INCREF(records);
    Py_XSETREF(self->records, (RecordsObject *)records);
    Py_INCREF(events);
    Py_XSETREF(self->events, events);
    self->log.mask = SK_LOG_EVERYTHING;
    return 0;
}

static int State_traverse(StateObject *self, visitproc visit, void *arg) {
    Py_VISIT(self->rules);
    Py_VISIT(self->records);
    Py_VISIT(self->events);
    return 0;
}

static int State_clear(StateObject *self) {
    Py_CLEAR(self->rules);
    Py_CLEAR(self->records);
    Py_CLEAR(self->events);
    return 0;
}

static void State_dealloc(StateObject *self) {
    PyObject_GC_UnTrack(self);
    State_clear(self);
    free(self->log.events);
    free(self->strengths);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

#define R (&self->rules->r)
#define H (&self->h)
#define LOG (&self->log)

/* The numbers of a sequence, one per seat, into `out`: exactly `n` of them, or any count up
 * to SK_SEATS when `n` is -1; how many, or -1 with the exception set. */
static int read_seat_values(PyObject *values, int n, int64_t *out) {
    int count = sk_read_numbers(values, out, SK_SEATS, "one number per seat");
    if (count >= 0 && n >= 0 && count != n) {
        PyErr_Format(PyExc_ValueError, "one number per seat: expected %d, not %d", n, count);
        return -1;
    }
    return count;
}

static PyObject *State_begin(StateObject *self, PyObject *args) {
    int n, button;
    PyObject *stacks;
    if (!PyArg_ParseTuple(args, "iiO:begin", &n, &button, &stacks)) return NULL;
    if (n < 1 || n > SK_SEATS) {
        PyErr_Format(PyExc_ValueError, "the rules core plays 1 to %d seats, not %d", SK_SEATS, n);
        return NULL;
    }
    int64_t values[SK_SEATS];
    if (read_seat_values(stacks, n, values) < 0) return NULL;
    sk_begin(R, H, LOG, n, button, values);
    return done(self, SK_OK);
}

static PyObject *State_deal(StateObject *self, PyObject *args) {
    int stub, policy = -1;
    if (!PyArg_ParseTuple(args, "i|i:deal", &stub, &policy)) return NULL;
    return done(self, sk_deal(R, H, LOG, stub, policy));
}

static PyObject *State_restocked(StateObject *self, PyObject *unused) {
    return done(self, sk_restocked(R, H, LOG));
}

static PyObject *State_place(StateObject *self, PyObject *card) {
    long c = PyLong_AsLong(card);
    if (c == -1 && PyErr_Occurred()) return NULL;
    if (c < 0 || c >= SK_DECK) {
        PyErr_Format(PyExc_ValueError, "no card number %ld", c);
        return NULL;
    }
    return done(self, sk_place(R, H, LOG, (int)c));
}

/* due(): the cards still due, [(seat, up)] (seat SK_TO_BURN or SK_TO_BOARD for the table). */
static PyObject *State_due(StateObject *self, PyObject *unused) {
    int first = H->phase == SK_PHASE_CARDS ? H->next_due : H->ndue;
    PyObject *out = PyList_New(H->ndue - first);
    if (out == NULL) return NULL;
    for (int i = first; i < H->ndue; i++) {
        PyObject *item = Py_BuildValue("(iO)", H->due_seat[i], H->due_up[i] ? Py_True : Py_False);
        if (item == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i - first, item);
    }
    return out;
}

/* place_all(cards): each card due in turn (as many as are due). */
static PyObject *State_place_all(StateObject *self, PyObject *cards) {
    PyObject *seq = PySequence_Fast(cards, "place_all takes a sequence of cards");
    if (seq == NULL) return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    if (H->phase != SK_PHASE_CARDS || count != H->ndue - H->next_due) {
        Py_DECREF(seq);
        return done(self, SK_ERROR_PHASE);
    }
    uint8_t due[SK_DUE];
    for (Py_ssize_t i = 0; i < count; i++) {
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (c == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return NULL;
        }
        if (c < 0 || c >= SK_DECK) {
            Py_DECREF(seq);
            PyErr_Format(PyExc_ValueError, "no card number %ld", c);
            return NULL;
        }
        due[i] = (uint8_t)c;
    }
    Py_DECREF(seq);
    return done(self, sk_place_all(R, H, LOG, due));
}

static PyObject *State_give(StateObject *self, PyObject *args) {
    int seat, up;
    if (!PyArg_ParseTuple(args, "ip:give", &seat, &up)) return NULL;
    return done(self, sk_give(R, H, seat, up));
}

static PyObject *State_lead(StateObject *self, PyObject *values) {
    int64_t v[SK_SEATS];
    if (read_seat_values(values, H->n, v) < 0) return NULL;
    return done(self, sk_lead(R, H, LOG, v));
}

static PyObject *State_options(StateObject *self, PyObject *unused) {
    sk_option options[SK_OPTIONS];
    int count = sk_options(R, H, options);
    PyObject *out = PyList_New(count);
    if (out == NULL) return NULL;
    for (int i = 0; i < count; i++) {
        PyObject *row = Py_BuildValue("(iLL)", options[i].verb, (long long)options[i].lo,
                                      (long long)options[i].hi);
        if (row == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, row);
    }
    return out;
}

/* legal(): the actor's legal decisions as Action records (shared: they are immutable). */
static PyObject *State_legal(StateObject *self, PyObject *unused) {
    RecordsObject *rec = self->records;
    sk_option options[SK_OPTIONS];
    int count = sk_options(R, H, options);
    PyObject *out = PyList_New(count);
    if (out == NULL) return NULL;
    for (int i = 0; i < count; i++) {
        sk_option *o = &options[i];
        PyObject *found = NULL, *key = NULL;
        if (o->hi < (INT64_C(1) << 28)) {
            key = PyLong_FromLongLong(((o->lo << 28 | o->hi) << 3) | o->verb);
            if (key == NULL) goto fail;
            found = PyDict_GetItemWithError(rec->legal, key);
            if (found == NULL && PyErr_Occurred()) {
                Py_DECREF(key);
                goto fail;
            }
        }
        if (found != NULL) {
            Py_INCREF(found);
        } else {
            PyObject *items[4];
            items[0] = PyTuple_GET_ITEM(rec->verbs, o->verb);
            Py_INCREF(items[0]);
            if (o->verb == SK_FOLD || o->verb == SK_CHECK) {
                items[1] = Py_None, items[2] = Py_None, items[3] = Py_None;
                Py_INCREF(Py_None), Py_INCREF(Py_None), Py_INCREF(Py_None);
            } else if (o->verb == SK_CALL || o->verb == SK_BRING_IN) {
                items[1] = PyLong_FromLongLong(o->lo);
                items[2] = Py_None, items[3] = Py_None;
                Py_INCREF(Py_None), Py_INCREF(Py_None);
            } else {
                items[1] = PyLong_FromLongLong(o->lo);
                items[2] = PyLong_FromLongLong(o->lo);
                items[3] = PyLong_FromLongLong(o->hi);
            }
            found = record(rec->action, 4, items);
            if (found == NULL) {
                Py_XDECREF(key);
                goto fail;
            }
            if (key != NULL && PyDict_GET_SIZE(rec->legal) < 16384 &&
                PyDict_SetItem(rec->legal, key, found) < 0) {
                Py_DECREF(found);
                Py_DECREF(key);
                goto fail;
            }
        }
        Py_XDECREF(key);
        PyList_SET_ITEM(out, i, found);
    }
    return out;
fail:
    Py_DECREF(out);
    return NULL;
}

static PyObject *State_check(StateObject *self, PyObject *args) {
    int verb;
    long long amount = -1;
    if (!PyArg_ParseTuple(args, "i|L:check", &verb, &amount)) return NULL;
    int64_t chips = 0;
    if (sk_check(R, H, verb, amount, &chips)) return PyLong_FromLong(-1);
    return PyLong_FromLongLong(chips);
}

/* passive(): the actor checks, calls or brings in (the last of its passive rows). */
static PyObject *State_passive(StateObject *self, PyObject *unused) {
    if (H->phase != SK_PHASE_BET || H->actor < 0) return done(self, SK_ERROR_PHASE);
    sk_option options[SK_OPTIONS];
    int count = sk_passive(R, H, options);
    sk_take(R, H, LOG, options[count - 1].verb, options[count - 1].lo);
    return done(self, SK_OK);
}

static PyObject *State_act(StateObject *self, PyObject *args) {
    int verb;
    long long amount = -1;
    if (!PyArg_ParseTuple(args, "i|L:act", &verb, &amount)) return NULL;
    return done(self, sk_act(R, H, LOG, verb, amount));
}

/* The showdown's strengths table from [pot][share][seat] sequences. */
static int read_strengths(StateObject *self, PyObject *by_pot) {
    int npots = H->npots > 0 ? H->npots : 0;
    size_t size = sizeof(int64_t) * SK_POTS * SK_SHARES * SK_SEATS;
    if (self->strengths == NULL) {
        self->strengths = malloc(size);
        if (self->strengths == NULL) {
            PyErr_NoMemory();
            return -1;
        }
    }
    memset(self->strengths, 0, size);
    PyObject *pots = PySequence_Fast(by_pot, "strengths: a table per pot");
    if (pots == NULL) return -1;
    if (PySequence_Fast_GET_SIZE(pots) != npots) {
        Py_DECREF(pots);
        PyErr_Format(PyExc_ValueError, "strengths: %d pots, not %zd tables", npots,
                     PySequence_Fast_GET_SIZE(pots));
        return -1;
    }
    for (int p = 0; p < npots; p++) {
        PyObject *rows = PySequence_Fast(PySequence_Fast_GET_ITEM(pots, p), "a row per share");
        if (rows == NULL) goto fail;
        if (PySequence_Fast_GET_SIZE(rows) != R->shares) {
            Py_DECREF(rows);
            PyErr_Format(PyExc_ValueError, "strengths: %d shares per pot", R->shares);
            goto fail;
        }
        for (int k = 0; k < R->shares; k++) {
            if (read_seat_values(PySequence_Fast_GET_ITEM(rows, k), H->n,
                                 &self->strengths[(p * SK_SHARES + k) * SK_SEATS]) < 0) {
                Py_DECREF(rows);
                goto fail;
            }
        }
        Py_DECREF(rows);
    }
    Py_DECREF(pots);
    return 0;
fail:
    Py_DECREF(pots);
    return -1;
}

/* The cards each hand plays, [share][seat][cards]. */
static int read_played(StateObject *self, PyObject *rows_in, uint8_t *played) {
    memset(played, SK_NO_CARD, SK_SHARES * SK_SEATS * SK_PLAYED);
    PyObject *rows = PySequence_Fast(rows_in, "played: a row per share");
    if (rows == NULL) return -1;
    int ok = -1;
    if (PySequence_Fast_GET_SIZE(rows) != R->shares) {
        PyErr_Format(PyExc_ValueError, "played: %d shares", R->shares);
        goto out;
    }
    for (int k = 0; k < R->shares; k++) {
        PyObject *seats = PySequence_Fast(PySequence_Fast_GET_ITEM(rows, k), "a list per seat");
        if (seats == NULL) goto out;
        for (Py_ssize_t s = 0; s < PySequence_Fast_GET_SIZE(seats) && s < H->n; s++) {
            PyObject *cards = PySequence_Fast(PySequence_Fast_GET_ITEM(seats, s), "cards");
            if (cards == NULL) {
                Py_DECREF(seats);
                goto out;
            }
            for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(cards) && i < SK_PLAYED; i++) {
                long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(cards, i));
                if ((c == -1 && PyErr_Occurred()) || c < 0 || c >= SK_DECK) {
                    if (!PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "no card number %ld", c);
                    Py_DECREF(cards);
                    Py_DECREF(seats);
                    goto out;
                }
                played[(k * SK_SEATS + s) * SK_PLAYED + i] = (uint8_t)c;
            }
            Py_DECREF(cards);
        }
        Py_DECREF(seats);
    }
    ok = 0;
out:
    Py_DECREF(rows);
    return ok;
}

static PyObject *State_showdown(StateObject *self, PyObject *args) {
    PyObject *by_pot, *played_in = Py_None;
    if (!PyArg_ParseTuple(args, "O|O:showdown", &by_pot, &played_in)) return NULL;
    if (H->phase != SK_PHASE_SHOWDOWN) return done(self, SK_ERROR_PHASE);
    if (read_strengths(self, by_pot) < 0) return NULL;
    uint8_t played[SK_SHARES * SK_SEATS * SK_PLAYED];
    if (played_in != Py_None && read_played(self, played_in, played) < 0) return NULL;
    return done(self, sk_showdown(R, H, LOG, self->strengths,
                                  played_in == Py_None ? NULL : played));
}

static PyObject *State_award(StateObject *self, PyObject *args) {
    PyObject *orders_in = Py_None, *played_in = Py_None;
    if (!PyArg_ParseTuple(args, "|OO:award", &orders_in, &played_in)) return NULL;
    if (H->phase != SK_PHASE_ODD_CHIPS || self->strengths == NULL)
        return done(self, SK_ERROR_PHASE);
    int8_t orders[SK_SHARES * SK_SEATS];
    uint8_t played[SK_SHARES * SK_SEATS * SK_PLAYED];
    if (played_in != Py_None && read_played(self, played_in, played) < 0) return NULL;
    if (orders_in != Py_None) {
        PyObject *rows = PySequence_Fast(orders_in, "orders: one per share (or None)");
        if (rows == NULL) return NULL;
        if (PySequence_Fast_GET_SIZE(rows) != R->shares) {
            Py_DECREF(rows);
            PyErr_Format(PyExc_ValueError, "orders: %d shares", R->shares);
            return NULL;
        }
        for (int k = 0; k < R->shares; k++) {
            int8_t *order = &orders[k * SK_SEATS];
            memset(order, -1, SK_SEATS);
            PyObject *given = PySequence_Fast_GET_ITEM(rows, k);
            if (given == Py_None) {
                order[0] = SK_RULES_ORDER;
                continue;
            }
            PyObject *seats = PySequence_Fast(given, "an odd-chip order is a list of seats");
            if (seats == NULL) {
                Py_DECREF(rows);
                return NULL;
            }
            int count = 0;
            for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seats) && count < SK_SEATS; i++) {
                long s = PyLong_AsLong(PySequence_Fast_GET_ITEM(seats, i));
                if (s == -1 && PyErr_Occurred()) {
                    Py_DECREF(seats);
                    Py_DECREF(rows);
                    return NULL;
                }
                if (0 <= s && s < H->n) order[count++] = (int8_t)s; /* others win nothing */
            }
            Py_DECREF(seats);
        }
        Py_DECREF(rows);
    }
    return done(self, sk_award(R, H, LOG, self->strengths, orders_in == Py_None ? NULL : orders,
                               played_in == Py_None ? NULL : played));
}

static PyObject *State_resume(StateObject *self, PyObject *unused) {
    return done(self, sk_resume(R, H, LOG));
}

static PyObject *State_choose(StateObject *self, PyObject *seat) {
    long s = PyLong_AsLong(seat);
    if (s == -1 && PyErr_Occurred()) return NULL;
    return done(self, sk_choose(H, (int)s));
}

static PyObject *State_pay(StateObject *self, PyObject *args) {
    int seat;
    long long amount;
    if (!PyArg_ParseTuple(args, "iL:add_dead", &seat, &amount)) return NULL;
    return done(self, sk_pay(H, seat, amount));
}

static PyObject *State_fold_seat(StateObject *self, PyObject *seat) {
    long s = PyLong_AsLong(seat);
    if (s == -1 && PyErr_Occurred()) return NULL;
    return done(self, sk_fold_seat(R, H, LOG, (int)s));
}

static PyObject *State_concede(StateObject *self, PyObject *seat) {
    long s = PyLong_AsLong(seat);
    if (s == -1 && PyErr_Occurred()) return NULL;
    return done(self, sk_concede(R, H, (int)s));
}

static PyObject *State_set_rake(StateObject *self, PyObject *amount) {
    long long chips = PyLong_AsLongLong(amount);
    if (chips == -1 && PyErr_Occurred()) return NULL;
    return done(self, sk_set_rake(H, chips));
}

static PyObject *State_turn_up(StateObject *self, PyObject *args) {
    int seat, card;
    if (!PyArg_ParseTuple(args, "ii:turn_up", &seat, &card)) return NULL;
    return done(self, sk_turn_up(H, seat, card));
}

static PyObject *State_remove_card(StateObject *self, PyObject *args) {
    int seat, card;
    if (!PyArg_ParseTuple(args, "ii:remove_card", &seat, &card)) return NULL;
    return done(self, sk_remove_card(H, seat, card));
}

static int seat_arg(StateObject *self, PyObject *seat) {
    long s = PyLong_AsLong(seat);
    if (s == -1 && PyErr_Occurred()) return -1;
    if (s < 0 || s >= H->n) {
        PyErr_Format(PyExc_IndexError, "no seat %ld: the hand has seats 0 to %d", s, H->n - 1);
        return -1;
    }
    return (int)s;
}

static PyObject *State_held(StateObject *self, PyObject *seat) {
    int s = seat_arg(self, seat);
    if (s < 0) return NULL;
    return cards_list(self->records, &H->cards[s * SK_CARDS], H->ncards[s]);
}

static PyObject *State_held_up(StateObject *self, PyObject *seat) {
    int s = seat_arg(self, seat);
    if (s < 0) return NULL;
    return cards_list(self->records, &H->up[s * SK_CARDS], H->nup[s]);
}

static PyObject *State_held_down(StateObject *self, PyObject *seat) {
    int s = seat_arg(self, seat);
    if (s < 0) return NULL;
    return cards_list(self->records, &H->down[s * SK_CARDS], H->ndown[s]);
}

/* boards(with_board): per seat, its up cards (and the community cards with `with_board`) as
 * a list; None for a folded seat. */
static PyObject *State_boards(StateObject *self, PyObject *with_board) {
    int board = PyObject_IsTrue(with_board);
    if (board < 0) return NULL;
    PyObject *out = PyList_New(H->n);
    if (out == NULL) return NULL;
    for (int s = 0; s < H->n; s++) {
        PyObject *cards;
        if (H->folded[s]) {
            cards = Py_None;
            Py_INCREF(cards);
        } else {
            int up = H->nup[s], extra = board ? H->ncommunity : 0;
            cards = PyList_New(up + extra);
            if (cards == NULL) {
                Py_DECREF(out);
                return NULL;
            }
            for (int i = 0; i < up + extra; i++) {
                int c = i < up ? SK_UP(H, s, i) : H->community[i - up];
                PyObject *card = PyTuple_GET_ITEM(self->records->cards, c);
                Py_INCREF(card);
                PyList_SET_ITEM(cards, i, card);
            }
        }
        PyList_SET_ITEM(out, s, cards);
    }
    return out;
}

static PyObject *State_table_cards(StateObject *self, PyObject *which) {
    long w = PyLong_AsLong(which);
    if (w == -1 && PyErr_Occurred()) return NULL;
    switch (w) {
    case 0: return cards_list(self->records, H->community, H->ncommunity);
    case 1: return cards_list(self->records, H->burned, H->nburned);
    case 2: return cards_list(self->records, H->muck, H->nmuck);
    default: return cards_list(self->records, H->restock, H->restock_burned + H->restock_folded);
    }
}

/* The core's rule queries on the state as it is (nothing changes). */
static PyObject *State_forced_seat(StateObject *self, PyObject *unused) {
    return PyLong_FromLong(sk_forced_seat(R, H));
}

static PyObject *State_open_pair(StateObject *self, PyObject *unused) {
    return PyBool_FromLong(sk_any_open_pair(H));
}

static PyObject *State_best_board(StateObject *self, PyObject *values) {
    int64_t v[SK_SEATS];
    if (read_seat_values(values, H->n, v) < 0) return NULL;
    return PyLong_FromLong(sk_best_board(R, H, v));
}

static PyObject *State_street_leader(StateObject *self, PyObject *unused) {
    if (H->street < 0 || H->street >= R->streets) return PyLong_FromLong(-1);
    return PyLong_FromLong(sk_street_leader(R, H));
}

static PyObject *State_save(StateObject *self, PyObject *unused) {
    return PyBytes_FromStringAndSize((const char *)&self->h, sizeof self->h);
}

static PyObject *State_load(StateObject *self, PyObject *saved) {
    if (!PyBytes_Check(saved) || PyBytes_GET_SIZE(saved) != (Py_ssize_t)sizeof self->h) {
        PyErr_SetString(PyExc_ValueError, "not a saved hand state of this build");
        return NULL;
    }
    memcpy(&self->h, PyBytes_AS_STRING(saved), sizeof self->h);
    Py_RETURN_NONE;
}

static PyObject *State_copy(StateObject *self, PyObject *events) {
    if (!PyList_Check(events)) {
        PyErr_SetString(PyExc_TypeError, "copy takes the copy's event list");
        return NULL;
    }
    StateObject *twin = (StateObject *)StateType.tp_alloc(&StateType, 0);
    if (twin == NULL) return NULL;
    memcpy(&twin->h, &self->h, sizeof self->h);
    twin->log.mask = self->log.mask;
    Py_INCREF(self->rules);
    twin->rules = self->rules;
    Py_INCREF(self->records);
    twin->records = self->records;
    Py_INCREF(events);
    twin->events = events;
    return (PyObject *)twin;
}

static PyMethodDef State_methods[] = {
    {"begin", (PyCFunction)State_begin, METH_VARARGS, "begin(n, button, stacks): antes, blinds, the first street"},
    {"deal", (PyCFunction)State_deal, METH_VARARGS, "deal(stub, policy=-1): the street's deal"},
    {"restocked", (PyCFunction)State_restocked, METH_NOARGS, "the restock cards are in the stub"},
    {"place", (PyCFunction)State_place, METH_O, "place(card): the next card due"},
    {"give", (PyCFunction)State_give, METH_VARARGS, "give(seat, up): queue a plugin's card"},
    {"due", (PyCFunction)State_due, METH_NOARGS, "the cards still due: [(seat, up)]"},
    {"place_all", (PyCFunction)State_place_all, METH_O, "place_all(cards): every card due"},
    {"lead", (PyCFunction)State_lead, METH_O, "lead(values): the showing hands' values"},
    {"options", (PyCFunction)State_options, METH_NOARGS, "the actor's legal decisions, (verb, lo, hi)"},
    {"legal", (PyCFunction)State_legal, METH_NOARGS, "the actor's legal decisions, as Action records"},
    {"check", (PyCFunction)State_check, METH_VARARGS, "check(verb, amount=-1): its chips or total, -1 if illegal"},
    {"act", (PyCFunction)State_act, METH_VARARGS, "act(verb, amount=-1): take a legal decision"},
    {"passive", (PyCFunction)State_passive, METH_NOARGS,
     "the actor checks, calls or brings in: the last of its passive decisions"},
    {"showdown", (PyCFunction)State_showdown, METH_VARARGS, "showdown(strengths, played=None)"},
    {"award", (PyCFunction)State_award, METH_VARARGS, "award(orders=None, played=None)"},
    {"resume", (PyCFunction)State_resume, METH_NOARGS, "go on from a hook phase"},
    {"choose", (PyCFunction)State_choose, METH_O, "choose(seat): another bring-in or first actor"},
    {"add_dead", (PyCFunction)State_pay, METH_VARARGS, "add_dead(seat, amount): chips from its stack to dead money"},
    {"fold_seat", (PyCFunction)State_fold_seat, METH_O, "fold_seat(seat): a plugin's fold"},
    {"concede", (PyCFunction)State_concede, METH_O,
     "concede(seat): the seat mucks unshown at the showdown (muck_concedes)"},
    {"set_rake", (PyCFunction)State_set_rake, METH_O,
     "set_rake(amount): the rake the pots pay at the award"},
    {"turn_up", (PyCFunction)State_turn_up, METH_VARARGS, "turn_up(seat, card)"},
    {"remove_card", (PyCFunction)State_remove_card, METH_VARARGS, "remove_card(seat, card)"},
    {"held", (PyCFunction)State_held, METH_O, "held(seat): the seat's cards in deal order"},
    {"held_up", (PyCFunction)State_held_up, METH_O, "held_up(seat): its up cards"},
    {"held_down", (PyCFunction)State_held_down, METH_O, "held_down(seat): its down cards"},
    {"table_cards", (PyCFunction)State_table_cards, METH_O, "table_cards(0 community, 1 burned, 2 muck, 3 restock)"},
    {"boards", (PyCFunction)State_boards, METH_O,
     "boards(with_board): per seat its up cards (and the community's), None if folded"},
    {"forced_seat", (PyCFunction)State_forced_seat, METH_NOARGS,
     "the seat the bring-in falls to now (-1: none)"},
    {"any_open_pair", (PyCFunction)State_open_pair, METH_NOARGS,
     "whether a live board shows a pair (the open-pair option)"},
    {"best_board", (PyCFunction)State_best_board, METH_O,
     "best_board(values): the best showing hand's seat"},
    {"street_leader", (PyCFunction)State_street_leader, METH_NOARGS,
     "who opens the street without ranking the boards (-1: the boards decide)"},
    {"save", (PyCFunction)State_save, METH_NOARGS, "the state as bytes"},
    {"load", (PyCFunction)State_load, METH_O, "load(saved): the state from save()"},
    {"copy", (PyCFunction)State_copy, METH_O, "copy(events): the same state, logging to events"},
    {NULL, NULL, 0, NULL},
};

/* Fields as attributes: a number, or the array's entries in use. */
static PyObject *State_get(StateObject *self, void *closure) {
    const field *f = closure;
    return read_field((const char *)&self->h, f, f->used ? f->used(&self->h) : 0);
}

#define HAND_NUMBER_GETSET(type, name) {#name, (getter)State_get, NULL, NULL, (void *)&H_##name},
#define HAND_ARRAY_GETSET(type, name, length, in_use) \
    {#name, (getter)State_get, NULL, NULL, (void *)&H_##name},
static PyGetSetDef State_getset[] = {
    SK_HAND_FIELDS(HAND_NUMBER_GETSET, HAND_ARRAY_GETSET){NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject StateType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "studkit.core._core.State",
    .tp_doc = "A hand's state (hand.h) and the rules core's functions.",
    .tp_basicsize = sizeof(StateObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)State_init,
    .tp_traverse = (traverseproc)State_traverse,
    .tp_clear = (inquiry)State_clear,
    .tp_dealloc = (destructor)State_dealloc,
    .tp_methods = State_methods,
    .tp_getset = State_getset,
};

/* ------------------------------------------------------------------ module */

static PyObject *core_build_pots(PyObject *module, PyObject *args) {
    PyObject *contrib_in, *folded_in;
    long long dead = 0;
    if (!PyArg_ParseTuple(args, "OO|L:build_pots", &contrib_in, &folded_in, &dead)) return NULL;
    PyObject *contrib = PySequence_Fast(contrib_in, "contributions: a sequence");
    if (contrib == NULL) return NULL;
    PyObject *folded = PySequence_Fast(folded_in, "folded: a sequence");
    if (folded == NULL) {
        Py_DECREF(contrib);
        return NULL;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(contrib);
    PyObject *out = NULL;
    if (n > SK_SEATS || PySequence_Fast_GET_SIZE(folded) != n) {
        PyErr_Format(PyExc_ValueError, "build_pots: up to %d seats, a folded flag each", SK_SEATS);
        goto done;
    }
    int64_t c[SK_SEATS];
    int8_t f[SK_SEATS];
    for (Py_ssize_t s = 0; s < n; s++) {
        c[s] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(contrib, s));
        if (c[s] == -1 && PyErr_Occurred()) goto done;
        int flag = PyObject_IsTrue(PySequence_Fast_GET_ITEM(folded, s));
        if (flag < 0) goto done;
        f[s] = (int8_t)flag;
    }
    int64_t amount[SK_POTS];
    int32_t eligible[SK_POTS];
    int count = sk_build_pots((int)n, c, f, dead, amount, eligible);
    out = PyList_New(count);
    if (out == NULL) goto done;
    for (int p = 0; p < count; p++) {
        PyObject *row = Py_BuildValue("(Li)", (long long)amount[p], eligible[p]);
        if (row == NULL) {
            Py_CLEAR(out);
            goto done;
        }
        PyList_SET_ITEM(out, p, row);
    }
done:
    Py_DECREF(contrib);
    Py_DECREF(folded);
    return out;
}

/* uncalled_bet(contributions): (seat, amount) nobody matched, or None. */
static PyObject *core_uncalled_bet(PyObject *module, PyObject *contributions) {
    int64_t chips[SK_SEATS];
    int n = read_seat_values(contributions, -1, chips);
    if (n < 0) return NULL;
    int64_t amount = 0;
    int seat = sk_uncalled(n, chips, &amount);
    if (seat < 0) Py_RETURN_NONE;
    return Py_BuildValue("(iL)", seat, (long long)amount);
}

/* plan_short_street(policy, stub, live, burn, rounds, burned, folded): how a street of
 * `rounds` cards for `live` players is dealt from a stub of `stub` cards, with `burned` and
 * `folded` cards that may go back into it: (error, burns restocked, folded restocked, burn,
 * rounds, community cards), error 0 or ERROR_EXHAUSTED (the restock counts still given). */
static PyObject *core_plan_short_street(PyObject *module, PyObject *args) {
    int policy, stub, live, burn, rounds, burned, folded;
    if (!PyArg_ParseTuple(args, "iiipiii:plan_short_street", &policy, &stub, &live, &burn,
                          &rounds, &burned, &folded))
        return NULL;
    if (live < 1 || burned < 0 || folded < 0 || burned > SK_BURNS || folded > SK_MUCK) {
        PyErr_SetString(PyExc_ValueError, "plan_short_street: no such street");
        return NULL;
    }
    sk_hand h;
    memset(&h, 0, sizeof h);
    h.nburned = burned;
    h.nmuck = folded;
    int community = 0;
    int error = sk_plan_short_street(&h, policy, stub, live, &burn, &rounds, &community);
    return Py_BuildValue("(iiiiii)", error, h.restock_burned, h.restock_folded, burn, rounds,
                         community);
}

/* split_pots(n, pots, weights, strengths, orders, odd_share): every pot, [(amount, eligible
 * mask)], split among the shares (weights), [share][seat] strengths, [share] odd-chip
 * orders: (payouts, [(pot, share, seats, amounts)]). */
static PyObject *core_split_pots(PyObject *module, PyObject *args) {
    int n, odd_share;
    PyObject *pots_in, *weights_in, *strengths_in, *orders_in;
    if (!PyArg_ParseTuple(args, "iOOOOi:split_pots", &n, &pots_in, &weights_in, &strengths_in,
                          &orders_in, &odd_share))
        return NULL;
    sk_rules r;
    memset(&r, 0, sizeof r);
    sk_hand h;
    memset(&h, 0, sizeof h);
    int64_t strengths[SK_SHARES * SK_SEATS] = {0};
    int8_t orders[SK_SHARES * SK_SEATS];
    memset(orders, -1, sizeof orders);
    PyObject *weights = NULL, *pots = NULL, *rows = NULL, *order_rows = NULL, *out = NULL;
    sk_log log = {0};
    log.mask = SK_LOG_EVERYTHING;
    if (n < 1 || n > SK_SEATS) {
        PyErr_Format(PyExc_ValueError, "split_pots: 1 to %d seats", SK_SEATS);
        return NULL;
    }
    h.n = n;
    weights = PySequence_Fast(weights_in, "weights: a sequence");
    if (weights == NULL) goto done;
    int shares = (int)PySequence_Fast_GET_SIZE(weights);
    if (shares < 1 || shares > SK_SHARES || odd_share < 0 || odd_share >= shares) {
        PyErr_Format(PyExc_ValueError, "split_pots: 1 to %d shares", SK_SHARES);
        goto done;
    }
    r.shares = shares;
    r.odd_chip_share = odd_share;
    for (int k = 0; k < shares; k++) {
        r.share_weight[k] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(weights, k));
        if (r.share_weight[k] == -1 && PyErr_Occurred()) goto done;
    }
    rows = PySequence_Fast(strengths_in, "strengths: a row per share");
    order_rows = PySequence_Fast(orders_in, "orders: one per share");
    if (rows == NULL || order_rows == NULL) goto done;
    if (PySequence_Fast_GET_SIZE(rows) != shares || PySequence_Fast_GET_SIZE(order_rows) != shares) {
        PyErr_SetString(PyExc_ValueError, "split_pots: strengths and orders for every share");
        goto done;
    }
    for (int k = 0; k < shares; k++) {
        PyObject *row = PySequence_Fast(PySequence_Fast_GET_ITEM(rows, k), "a share's strengths");
        if (row == NULL) goto done;
        for (Py_ssize_t s = 0; s < PySequence_Fast_GET_SIZE(row) && s < n; s++) {
            strengths[k * SK_SEATS + s] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(row, s));
            if (strengths[k * SK_SEATS + s] == -1 && PyErr_Occurred()) {
                Py_DECREF(row);
                goto done;
            }
        }
        Py_DECREF(row);
        PyObject *order = PySequence_Fast(PySequence_Fast_GET_ITEM(order_rows, k), "an order");
        if (order == NULL) goto done;
        int count = 0;
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(order) && count < SK_SEATS; i++) {
            long seat = PyLong_AsLong(PySequence_Fast_GET_ITEM(order, i));
            if (seat == -1 && PyErr_Occurred()) {
                Py_DECREF(order);
                goto done;
            }
            if (0 <= seat && seat < n) orders[k * SK_SEATS + count++] = (int8_t)seat;
        }
        Py_DECREF(order);
    }
    pots = PySequence_Fast(pots_in, "pots: [(amount, eligible mask)]");
    if (pots == NULL) goto done;
    int64_t pay[SK_SEATS] = {0};
    for (Py_ssize_t p = 0; p < PySequence_Fast_GET_SIZE(pots); p++) {
        long long amount;
        long eligible;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(pots, p), "Ll", &amount, &eligible))
            goto done;
        if (amount <= 0 || eligible <= 0) continue;
        sk_split_pot(&r, &h, &log, (int)p, amount, (int32_t)eligible, strengths, orders, pay);
    }
    if (log.failed) {
        PyErr_NoMemory();
        goto done;
    }
    PyObject *payouts = PyList_New(n);
    PyObject *awards = PyList_New(0);
    if (payouts == NULL || awards == NULL) {
        Py_XDECREF(payouts);
        Py_XDECREF(awards);
        goto done;
    }
    for (int s = 0; s < n; s++) PyList_SET_ITEM(payouts, s, PyLong_FromLongLong(pay[s]));
    for (int i = 0; i < log.count;) {
        int x = log.events[i].x;
        int j = i;
        while (j < log.count && log.events[j].x == x) j++;
        PyObject *seats = PyTuple_New(j - i), *amounts = PyTuple_New(j - i);
        if (seats == NULL || amounts == NULL) {
            Py_XDECREF(seats);
            Py_XDECREF(amounts);
            Py_DECREF(payouts);
            Py_DECREF(awards);
            goto done;
        }
        for (int k = i; k < j; k++) {
            PyTuple_SET_ITEM(seats, k - i, PyLong_FromLong(log.events[k].seat));
            PyTuple_SET_ITEM(amounts, k - i, PyLong_FromLongLong(log.events[k].a));
        }
        PyObject *award = Py_BuildValue("(iiNN)", x >> 8, (x & 0xFF) - 1, seats, amounts);
        if (award == NULL || PyList_Append(awards, award) < 0) {
            Py_XDECREF(award);
            Py_DECREF(payouts);
            Py_DECREF(awards);
            goto done;
        }
        Py_DECREF(award);
        i = j;
    }
    out = Py_BuildValue("(NN)", payouts, awards);
done:
    Py_XDECREF(weights);
    Py_XDECREF(rows);
    Py_XDECREF(order_rows);
    Py_XDECREF(pots);
    free(log.events);
    return out;
}

/* structure(code, rules, round, op, a=0, b=0): one betting structure's rule (code: its
 * SK_* number) under `rules` (a Rules), on a betting round given as a dict of hand fields by
 * name (bet, last_full, increment, posted, size, max_bet, open_pair, big_made, players...).
 * op 0: the targets (a: to call, b: the pot) -> [(lo, hi)]; op 1: what the forced player may
 * open for (b: the pot); op 2: record an aggressive action to a -> (full, the round's new
 * last_full, increment, big_made). */
static PyObject *core_structure(PyObject *module, PyObject *args) {
    int code, op;
    RulesObject *rules;
    PyObject *fields;
    long long a = 0, b = 0;
    if (!PyArg_ParseTuple(args, "iO!O!i|LL:structure", &code, &RulesType, &rules, &PyDict_Type,
                          &fields, &op, &a, &b))
        return NULL;
    if (code < SK_FIXED_LIMIT || code > SK_NO_LIMIT || op < 0 || op > 2) {
        PyErr_SetString(PyExc_ValueError, "structure: no such structure or rule");
        return NULL;
    }
    sk_rules r = rules->r;
    sk_hand h;
    memset(&h, 0, sizeof h);
    r.structure = code;
    r.completes = code == SK_FIXED_LIMIT || code == SK_SPREAD_LIMIT;
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(fields, &pos, &key, &value)) {
        const field *found = NULL;
        for (const field *const *at = HAND_TABLE; *at != NULL && found == NULL; at++)
            if ((*at)->length == 0 && PyUnicode_CompareWithASCIIString(key, (*at)->name) == 0)
                found = *at;
        if (found == NULL) {
            PyErr_Format(PyExc_TypeError, "structure: %R is not a number of a hand's state", key);
            return NULL;
        }
        PyObject *number = PyNumber_Index(value);
        if (number == NULL) return NULL;
        int failed = write_at((char *)&h + found->offset, found->type, 0, number, found->name);
        Py_DECREF(number);
        if (failed < 0) return NULL;
    }
    if (op == 2) {
        int full = sk_record(&r, &h, a);
        return Py_BuildValue("(OLLO)", full ? Py_True : Py_False, (long long)h.last_full,
                             (long long)h.increment, h.big_made ? Py_True : Py_False);
    }
    int64_t lo[2], hi[2];
    int count = op == 0 ? sk_targets(&r, &h, a, b, lo, hi) : sk_forced_targets(&r, &h, b, lo, hi);
    PyObject *out = PyList_New(count);
    if (out == NULL) return NULL;
    for (int i = 0; i < count; i++)
        PyList_SET_ITEM(out, i, Py_BuildValue("(LL)", (long long)lo[i], (long long)hi[i]));
    return out;
}

static PyMethodDef module_methods[] = {
    {"structure", core_structure, METH_VARARGS,
     "structure(code, rules, round, op, a=0, b=0): a betting structure's rule on a betting round"},
    {"uncalled_bet", core_uncalled_bet, METH_O,
     "uncalled_bet(contributions): (seat, amount) nobody matched, or None"},
    {"plan_short_street", core_plan_short_street, METH_VARARGS,
     "plan_short_street(policy, stub, live, burn, rounds, burned, folded)"},
    {"split_pots", core_split_pots, METH_VARARGS,
     "split_pots(n, pots, weights, strengths, orders, odd_share): (payouts, awards)"},
    {"build_pots", core_build_pots, METH_VARARGS,
     "build_pots(contributions, folded, dead=0): [(amount, eligible seats as a bit mask)]"},
    {"evaluate", sk_game_evaluate, METH_VARARGS,
     "evaluate(values, modes, by_row, flush, index_row, cards, evaluator, special_wild=None): "
     "a hand's strength (a table evaluator's row, or SPECIAL_BASE + a special ranking's number "
     "with its wild cards as studkit.evaluation.special_wild.compiled_wild gives them)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "studkit.core._core",
    "The rules core (C): the compiled rules, a hand's state and the rules' functions.", -1,
    module_methods,
};

static int add_int(PyObject *m, const char *name, long value) {
    return PyModule_AddIntConstant(m, name, value);
}

PyMODINIT_FUNC PyInit__core(void) {
    if (PyType_Ready(&RulesType) < 0 || PyType_Ready(&RecordsType) < 0 ||
        PyType_Ready(&StateType) < 0 || PyType_Ready(&sk_game_type) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&core_module);
    if (m == NULL) return NULL;
    StudkitCoreError = PyErr_NewExceptionWithDoc(
        "studkit.core._core.CoreError", "A call the rules core refused: its code is args[0].",
        PyExc_ValueError, NULL);
    if (StudkitCoreError == NULL || PyModule_AddObject(m, "CoreError", StudkitCoreError) < 0)
        goto fail;
    Py_INCREF(StudkitCoreError);
    Py_INCREF(&RulesType);
    Py_INCREF(&RecordsType);
    Py_INCREF(&StateType);
    Py_INCREF(&sk_game_type);
    if (PyModule_AddObject(m, "Rules", (PyObject *)&RulesType) < 0 ||
        PyModule_AddObject(m, "Records", (PyObject *)&RecordsType) < 0 ||
        PyModule_AddObject(m, "State", (PyObject *)&StateType) < 0 ||
        PyModule_AddObject(m, "Game", (PyObject *)&sk_game_type) < 0)
        goto fail;
    PyObject *rules_fields = field_names(RULES_TABLE);
    PyObject *hand_fields = field_names(HAND_TABLE);
    if (rules_fields == NULL || hand_fields == NULL ||
        PyModule_AddObject(m, "RULES_FIELDS", rules_fields) < 0 ||
        PyModule_AddObject(m, "HAND_FIELDS", hand_fields) < 0)
        goto fail;
    if (sk_game_add_constants(m) < 0) goto fail;
    if (add_int(m, "SEATS", SK_SEATS) || add_int(m, "STREETS", SK_STREETS) ||
        add_int(m, "SHARES", SK_SHARES) || add_int(m, "CARDS", SK_CARDS) ||
        add_int(m, "STATE_SIZE", (long)sizeof(sk_hand)) ||
        add_int(m, "POLICY_RESHUFFLE_BURNS", SK_POLICY_RESHUFFLE_BURNS) ||
        add_int(m, "POLICY_REUSE_FOLDED", SK_POLICY_REUSE_FOLDED) ||
        add_int(m, "POLICY_COMMUNITY_CARD", SK_POLICY_COMMUNITY_CARD) ||
        add_int(m, "TO_BURN", SK_TO_BURN) || add_int(m, "TO_BOARD", SK_TO_BOARD))
        goto fail;
    static const struct { const char *name; long value; } phases[] = {
        {"DEAL", SK_PHASE_DEAL}, {"RESTOCK", SK_PHASE_RESTOCK}, {"CARDS", SK_PHASE_CARDS},
        {"SHOWING", SK_PHASE_SHOWING}, {"BET", SK_PHASE_BET}, {"SHOWDOWN", SK_PHASE_SHOWDOWN},
        {"OVER", SK_PHASE_OVER}, {"AFTER_DEAL", SK_PHASE_AFTER_DEAL},
        {"BETWEEN_STREETS", SK_PHASE_BETWEEN_STREETS}, {"BRING_IN", SK_PHASE_BRING_IN},
        {"FIRST_ACTOR", SK_PHASE_FIRST_ACTOR}, {"ODD_CHIPS", SK_PHASE_ODD_CHIPS},
    };
    PyObject *names = PyTuple_New(SK_PHASES);
    if (names == NULL) goto fail;
    for (int i = 0; i < SK_PHASES; i++) {
        PyObject *name = PyUnicode_FromString(phases[i].name);
        if (name == NULL) {
            Py_DECREF(names);
            goto fail;
        }
        PyTuple_SET_ITEM(names, phases[i].value, name);
    }
    if (PyModule_AddObject(m, "PHASES", names) < 0) goto fail;
    static const struct { const char *name; int code; } verbs[] = {
        {"fold", SK_FOLD}, {"check", SK_CHECK}, {"call", SK_CALL}, {"bring-in", SK_BRING_IN},
        {"complete", SK_COMPLETE}, {"bet", SK_BET}, {"raise", SK_RAISE},
    };
    PyObject *verb_names = PyTuple_New(SK_VERBS);
    if (verb_names == NULL) goto fail;
    for (int i = 0; i < SK_VERBS; i++) {
        PyObject *name = PyUnicode_FromString(verbs[i].name);
        if (name == NULL) {
            Py_DECREF(verb_names);
            goto fail;
        }
        PyTuple_SET_ITEM(verb_names, verbs[i].code, name);
    }
    if (PyModule_AddObject(m, "VERBS", verb_names) < 0) goto fail;
    static const struct { const char *name; long value; } errors[] = {
        {"ERROR_ILLEGAL", SK_ERROR_ILLEGAL}, {"ERROR_PHASE", SK_ERROR_PHASE},
        {"ERROR_EXHAUSTED", SK_ERROR_EXHAUSTED}, {"ERROR_TOO_MANY_CARDS", SK_ERROR_TOO_MANY_CARDS},
        {"ERROR_NO_CARD", SK_ERROR_NO_CARD}, {"ERROR_NO_CHIPS", SK_ERROR_NO_CHIPS},
        {"ERROR_SEAT", SK_ERROR_SEAT},
    };
    for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++)
        if (add_int(m, errors[i].name, errors[i].value)) goto fail;
    return m;
fail:
    Py_DECREF(m);
    return NULL;
}
