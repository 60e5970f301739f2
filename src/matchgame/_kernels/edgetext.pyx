# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The edge lines of a well-formed edge list, read in one pass over the bytes.

The general reader (readers/edgelists.py) first finds every line, then parses
numbers, then range-checks them, each a pass over the data, so that any problem
gets its exact message. This kernel reads only the common case, strictly: each
of the ``m`` lines is two unsigned decimal numbers in ``1 .. n`` separated by
spaces, tabs or CRs, and after them only blank lines. Anything else makes it
give up (return None) and the general reader runs, so a bad input gets the same
error as before. Every input it accepts the general reader accepts with the
same edges: its language is a subset of the general one.
"""

import numpy as np

from libc.stdint cimport int64_t, uint8_t


cdef inline bint _is_blank(uint8_t c) noexcept nogil:
    return c == 32 or c == 9 or c == 13  # space, tab, CR (as the general reader)


cdef inline Py_ssize_t _number(
    const uint8_t *text, Py_ssize_t pos, Py_ssize_t size, int64_t n, int64_t *value
) noexcept nogil:
    """Read blanks then a number in 1 .. n at ``pos``; the position after it, or -1."""
    cdef int64_t x = 0
    cdef Py_ssize_t first
    while pos < size and _is_blank(text[pos]):
        pos += 1
    first = pos
    while pos < size and 48 <= text[pos] <= 57:
        x = x * 10 + (text[pos] - 48)
        if x > n:
            return -1  # out of range (and no overflow: 10 * n + 9 < 2**63 for n < 2**59)
        pos += 1
    if pos == first or x == 0:
        return -1
    value[0] = x
    return pos


cdef Py_ssize_t _read_edges(
    const uint8_t *text, Py_ssize_t pos, Py_ssize_t size, int64_t n, Py_ssize_t m,
    int64_t *sources, int64_t *targets,
) noexcept nogil:
    """Fill the 0-based ends of the ``m`` edges; 0 on success, -1 to give up."""
    cdef Py_ssize_t i
    cdef int64_t u, v
    for i in range(m):
        pos = _number(text, pos, size, n, &u)
        if pos < 0 or pos == size or not _is_blank(text[pos]):
            return -1
        pos = _number(text, pos, size, n, &v)
        if pos < 0:
            return -1
        while pos < size and _is_blank(text[pos]):
            pos += 1
        if pos < size:
            if text[pos] != 10:
                return -1
            pos += 1
        elif i + 1 < m:
            return -1  # the text ended before the m-th edge
        sources[i] = u - 1
        targets[i] = v - 1
    for i in range(pos, size):  # only blank lines may follow
        if not (_is_blank(text[i]) or text[i] == 10):
            return -1
    return 0


def parse_edge_lines(const uint8_t[::1] text, Py_ssize_t start, int64_t n, Py_ssize_t m):
    """``(sources, targets)``, int64 and 0-based, of the ``m`` edge lines that begin at
    byte ``start`` of ``text``; None if the text is not of the strict common form
    (module doc). ``n`` must be below 2**59 (ValueError otherwise)."""
    if not 0 <= start <= text.shape[0] or m < 0 or not 0 <= n < (1 << 59):
        raise ValueError("start, m or n out of range")
    if m > text.shape[0]:  # every edge takes at least four bytes
        return None
    sources = np.empty(m, dtype=np.int64)
    targets = np.empty(m, dtype=np.int64)
    cdef int64_t[::1] source_view = sources, target_view = targets
    cdef Py_ssize_t status
    cdef const uint8_t *data = &text[0] if text.shape[0] else NULL
    if m == 0:
        status = _read_edges(data, start, text.shape[0], n, 0, NULL, NULL)
    else:
        with nogil:
            status = _read_edges(
                data, start, text.shape[0], n, m, &source_view[0], &target_view[0]
            )
    return None if status < 0 else (sources, targets)
