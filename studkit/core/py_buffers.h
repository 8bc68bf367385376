/* Arrays from Python into C: the one check of a buffer's layout the C extensions' bindings
 * (the game's and the kernel's) share. Include after Python.h. */
#ifndef STUDKIT_CORE_PY_BUFFERS_H
#define STUDKIT_CORE_PY_BUFFERS_H

/* `array`'s buffer into `out`, C-contiguous, of `itemsize`-byte items of `kind` ('i' integers,
 * 'u' bytes, 'd' floats), writable where asked; 0, or -1 with the exception set (`what` names
 * the argument in its message). */
static inline int sk_buffer_of(PyObject *array, Py_buffer *out, Py_ssize_t itemsize, char kind,
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

#endif
