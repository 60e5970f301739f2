# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""GF(2) elimination for matrices with no band: structured, then dense.

**Structured elimination** (:func:`markowitz`), as the filters of integer-factoring
codes do it (msieve, CADO-NFS merge): pivots are taken in the sparse matrix while
they are cheap, by Markowitz's rule: the column ``c`` and its lightest row ``r``
with the least ``(|row r| - 1)(|column c| - 1)`` (the fill the pivot can make;
singletons cost nothing), kept in a heap and checked when taken. A pivot
``(r, c)`` adds row ``r`` to every other row holding ``c`` and sets row ``r`` and
column ``c`` aside, recording

- ``R_k``: the other columns of row ``r`` then: ``A z = 0`` gives
  ``z_c = sum of z over R_k`` (the right kernel, solved back from the last pivot);
- ``C_k``: the other rows holding ``c`` then: ``w^T A = 0`` gives
  ``w_r = sum of w over C_k`` (the left kernel; see :func:`back_substitute_pivots`).

What is left, the core, has the same kernels as ``A`` up to those two maps (a
linear bijection each way). It stops at the first pivot dearer than ``max_cost``
or when the core's entries would pass ``max_entries``.

The core is eliminated densely by ``gf2dense.dense_kernel``.

The callers (``games/edge/_structured.py``) validate their arrays; these entry
points check sizes and indices again before their ``nogil`` loops, and poll the
stop flag in long loops (None when stopped).
"""

import numpy as np

from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memcpy, memset

from ._stop cimport stop_requested

__all__ = ["back_substitute_pivots", "markowitz"]

cdef extern from *:
    """
    static inline int mg_ctz64s(unsigned long long x) { return __builtin_ctzll(x); }
    """
    int mg_ctz64s(unsigned long long x) noexcept nogil

cdef int64_t POLL = 1024


# -- growable arrays ---------------------------------------------------------------


cdef struct Vec:
    int32_t *data
    int64_t size
    int64_t cap


cdef int _reserve(Vec *v, int64_t need) noexcept nogil:
    """Room for ``need`` items; -1 if memory ran out."""
    cdef int64_t cap
    cdef int32_t *data
    if need <= v.cap:
        return 0
    cap = v.cap * 2 if v.cap else 4
    while cap < need:
        cap *= 2
    data = <int32_t *> realloc(v.data, cap * sizeof(int32_t))
    if data == NULL:
        return -1
    v.data = data
    v.cap = cap
    return 0


cdef inline int _push(Vec *v, int32_t x) noexcept nogil:
    if v.size == v.cap and _reserve(v, v.size + 1) < 0:
        return -1
    v.data[v.size] = x
    v.size += 1
    return 0


cdef inline void _remove(Vec *v, int32_t x) noexcept nogil:
    """Take ``x`` out of an unordered list (it is there once)."""
    cdef int64_t k
    for k in range(v.size):
        if v.data[k] == x:
            v.size -= 1
            v.data[k] = v.data[v.size]
            return


cdef int64_t _heap_push(int64_t **heap, int64_t *size, int64_t *cap, int64_t key) noexcept nogil:
    cdef int64_t i, parent, new_cap
    cdef int64_t *grown
    if size[0] == cap[0]:
        new_cap = cap[0] * 2 if cap[0] else 64
        grown = <int64_t *> realloc(heap[0], new_cap * sizeof(int64_t))
        if grown == NULL:
            return -1
        heap[0] = grown
        cap[0] = new_cap
    i = size[0]
    size[0] += 1
    while i > 0:
        parent = (i - 1) >> 1
        if heap[0][parent] <= key:
            break
        heap[0][i] = heap[0][parent]
        i = parent
    heap[0][i] = key
    return 0


cdef int64_t _heap_pop(int64_t *heap, int64_t *size) noexcept nogil:
    cdef int64_t top = heap[0], last, i = 0, child
    size[0] -= 1
    last = heap[size[0]]
    while True:
        child = 2 * i + 1
        if child >= size[0]:
            break
        if child + 1 < size[0] and heap[child + 1] < heap[child]:
            child += 1
        if heap[child] >= last:
            break
        heap[i] = heap[child]
        i = child
    if size[0] > 0:
        heap[i] = last
    return top


# -- structured elimination ------------------------------------------------------------


cdef struct State:
    Vec *rows
    Vec *cols
    uint8_t *row_done
    uint8_t *col_done
    Vec r_out
    Vec c_out
    Vec merged
    int64_t entries


cdef int64_t _cost(State *s, int32_t c, int32_t *best) noexcept nogil:
    """Markowitz's cost of column ``c`` and its lightest row (``best``); -1: empty."""
    cdef Vec *col = &s.cols[c]
    cdef int64_t k, length, least = -1
    if col.size == 0:
        return -1
    for k in range(col.size):
        length = s.rows[col.data[k]].size
        if least < 0 or length < least:
            least = length
            best[0] = col.data[k]
    return (least - 1) * (col.size - 1)


cdef int _pivot(State *s, int32_t r, int32_t c) noexcept nogil:
    """Eliminate column ``c`` with row ``r`` (see the module docstring); -1: no memory."""
    cdef Vec *row = &s.rows[r]
    cdef Vec *col = &s.cols[c]
    cdef Vec *other
    cdef int64_t k, i, a, b
    cdef int32_t q, x, y
    for k in range(row.size):
        if row.data[k] != c and _push(&s.r_out, row.data[k]) < 0:
            return -1
    for k in range(col.size):
        if col.data[k] != r and _push(&s.c_out, col.data[k]) < 0:
            return -1
    for k in range(col.size):
        q = col.data[k]
        if q == r:
            continue
        other = &s.rows[q]
        # the sorted symmetric difference of row q and row r into s.merged
        if _reserve(&s.merged, other.size + row.size) < 0:
            return -1
        a = 0
        b = 0
        i = 0
        while a < other.size or b < row.size:
            if b >= row.size or (a < other.size and other.data[a] < row.data[b]):
                s.merged.data[i] = other.data[a]
                i += 1
                a += 1
            elif a >= other.size or row.data[b] < other.data[a]:
                y = row.data[b]
                s.merged.data[i] = y
                i += 1
                b += 1
                if y != c and _push(&s.cols[y], q) < 0:  # q now holds y
                    return -1
            else:  # in both: cancels
                y = row.data[b]
                if y != c:
                    _remove(&s.cols[y], q)
                a += 1
                b += 1
        s.entries += i - other.size
        if _reserve(other, i) < 0:
            return -1
        memcpy(other.data, s.merged.data, i * sizeof(int32_t))
        other.size = i
    for k in range(row.size):
        y = row.data[k]
        if y != c:
            _remove(&s.cols[y], r)
    s.entries -= row.size
    row.size = 0
    col.size = 0
    s.row_done[r] = 1
    s.col_done[c] = 1
    return 0


def markowitz(
    const int64_t[::1] indptr,
    const int32_t[::1] indices,
    int64_t n_cols,
    int64_t max_cost,
    int64_t max_entries,
):
    """Structured elimination of a CSR matrix (rows strictly increasing) until the
    cheapest pivot costs more than ``max_cost`` or the entries left would pass
    ``max_entries`` (see the module docstring).

    Returns ``(pivot_rows, pivot_cols, r_ptr, r_ind, c_ptr, c_ind, core_ptr,
    core_ind, core_rows, core_cols)``: the pivots in order, ``R_k`` and ``C_k`` as
    CSR, the core's rows (original ids ``core_rows``) as CSR over the original
    column ids, and the columns left (``core_cols``); None if stopped. MemoryError
    if an allocation fails.
    """
    cdef int64_t n_rows = indptr.shape[0] - 1, k, j
    if n_rows < 0 or n_cols < 0 or n_rows >= 2**31 or n_cols >= 2**31:
        raise ValueError("markowitz: the matrix's sizes are out of range")
    if indptr[0] != 0 or indptr[n_rows] != indices.shape[0]:
        raise ValueError("markowitz: indptr must start at 0 and end at len(indices)")
    for k in range(n_rows):
        if indptr[k + 1] < indptr[k]:
            raise ValueError(f"markowitz: indptr decreases at row {k}")
        for j in range(indptr[k], indptr[k + 1]):
            if indices[j] < 0 or indices[j] >= n_cols or (
                j > indptr[k] and indices[j] <= indices[j - 1]
            ):
                raise ValueError(f"markowitz: row {k} has a column out of range or order")
    if max_cost > 2**31 - 1:  # costs are packed in the heap's keys above 32 bits
        max_cost = 2**31 - 1
    cdef State s
    memset(&s, 0, sizeof(State))
    cdef int64_t *heap = NULL
    cdef int64_t heap_size = 0, heap_cap = 0, key, cost, stopped = 0, failed = 0, p = 0
    cdef int32_t r, c, best = 0
    s.rows = <Vec *> malloc(max(n_rows, 1) * sizeof(Vec))
    s.cols = <Vec *> malloc(max(n_cols, 1) * sizeof(Vec))
    s.row_done = <uint8_t *> malloc(max(n_rows, 1))
    s.col_done = <uint8_t *> malloc(max(n_cols, 1))
    pivots_r = []
    if s.rows == NULL or s.cols == NULL or s.row_done == NULL or s.col_done == NULL:
        free(s.rows)
        free(s.cols)
        free(s.row_done)
        free(s.col_done)
        raise MemoryError("markowitz: no memory for the rows and columns")
    memset(s.rows, 0, max(n_rows, 1) * sizeof(Vec))
    memset(s.cols, 0, max(n_cols, 1) * sizeof(Vec))
    memset(s.row_done, 0, max(n_rows, 1))
    memset(s.col_done, 0, max(n_cols, 1))
    order = np.empty(max(n_rows, 1), dtype=np.int32)
    order_c = np.empty(max(n_rows, 1), dtype=np.int32)
    r_ptr_array = np.zeros(max(n_rows, 1) + 1, dtype=np.int64)
    c_ptr_array = np.zeros(max(n_rows, 1) + 1, dtype=np.int64)
    cdef int32_t[::1] out_r = order, out_c = order_c
    cdef int64_t[::1] r_ptr = r_ptr_array, c_ptr = c_ptr_array
    with nogil:
        for k in range(n_rows):
            if _reserve(&s.rows[k], indptr[k + 1] - indptr[k]) < 0:
                failed = 1
                break
            for j in range(indptr[k], indptr[k + 1]):
                s.rows[k].data[s.rows[k].size] = indices[j]
                s.rows[k].size += 1
                if _push(&s.cols[indices[j]], <int32_t> k) < 0:
                    failed = 1
                    break
            if failed:
                break
        s.entries = indices.shape[0]
        if not failed:
            for c in range(n_cols):
                cost = _cost(&s, c, &best)
                if cost >= 0 and cost <= max_cost:
                    if _heap_push(&heap, &heap_size, &heap_cap, (cost << 32) | c) < 0:
                        failed = 1
                        break
        while not failed and heap_size > 0:
            if (p & (POLL - 1)) == POLL - 1 and stop_requested():
                stopped = 1
                break
            key = _heap_pop(heap, &heap_size)
            c = <int32_t> (key & <int64_t> 0xFFFFFFFF)
            if s.col_done[c]:
                continue
            cost = _cost(&s, c, &best)
            if cost < 0:
                continue  # an empty column: free, it stays in the core
            if cost != (key >> 32):
                if cost <= max_cost:
                    if _heap_push(&heap, &heap_size, &heap_cap, (cost << 32) | c) < 0:
                        failed = 1
                continue
            if s.entries + cost > max_entries:
                break
            r = best
            if _pivot(&s, r, c) < 0:
                failed = 1
                break
            out_r[p] = r
            out_c[p] = c
            p += 1
            r_ptr[p] = s.r_out.size
            c_ptr[p] = s.c_out.size
            # the columns of the pivot row changed weight: their costs again
            for j in range(r_ptr[p - 1], r_ptr[p]):
                c = s.r_out.data[j]
                cost = _cost(&s, c, &best)
                if cost >= 0 and cost <= max_cost:
                    if _heap_push(&heap, &heap_size, &heap_cap, (cost << 32) | c) < 0:
                        failed = 1
                        break
    free(heap)
    result = None
    if not failed and not stopped:
        result = _result(&s, n_rows, n_cols, p, order, order_c, r_ptr_array, c_ptr_array)
    _free_state(&s, n_rows, n_cols)
    if failed:
        raise MemoryError("markowitz: no memory for the fill")
    return result


cdef object _result(
    State *s, int64_t n_rows, int64_t n_cols, int64_t p, object order, object order_c,
    object r_ptr, object c_ptr,
):
    """The arrays :func:`markowitz` returns, copied out of the state."""
    cdef int64_t k, total = 0, at = 0
    r_ind = np.empty(s.r_out.size, dtype=np.int32)
    c_ind = np.empty(s.c_out.size, dtype=np.int32)
    cdef int32_t[::1] rv = r_ind, cv = c_ind
    if s.r_out.size:
        memcpy(&rv[0], s.r_out.data, s.r_out.size * sizeof(int32_t))
    if s.c_out.size:
        memcpy(&cv[0], s.c_out.data, s.c_out.size * sizeof(int32_t))
    rows = [k for k in range(n_rows) if not s.row_done[k]]
    core_rows = np.array(rows, dtype=np.int32)
    core_cols = np.array([k for k in range(n_cols) if not s.col_done[k]], dtype=np.int32)
    for k in rows:
        total += s.rows[k].size
    core_ptr = np.zeros(len(rows) + 1, dtype=np.int64)
    core_ind = np.empty(total, dtype=np.int32)
    cdef int64_t[::1] cp = core_ptr
    cdef int32_t[::1] ci = core_ind
    for k in range(len(rows)):
        if s.rows[rows[k]].size:
            memcpy(&ci[at], s.rows[rows[k]].data, s.rows[rows[k]].size * sizeof(int32_t))
        at += s.rows[rows[k]].size
        cp[k + 1] = at
    return (
        order[:p].copy(), order_c[:p].copy(), r_ptr[: p + 1].copy(), r_ind,
        c_ptr[: p + 1].copy(), c_ind, core_ptr, core_ind, core_rows, core_cols,
    )


cdef void _free_state(State *s, int64_t n_rows, int64_t n_cols) noexcept:
    cdef int64_t k
    for k in range(n_rows):
        free(s.rows[k].data)
    for k in range(n_cols):
        free(s.cols[k].data)
    free(s.rows)
    free(s.cols)
    free(s.row_done)
    free(s.col_done)
    free(s.r_out.data)
    free(s.c_out.data)
    free(s.merged.data)


def back_substitute_pivots(
    const int32_t[::1] targets,
    const int64_t[::1] ptr,
    const int32_t[::1] ind,
    uint64_t[:, ::1] values,
):
    """``values[targets[k]] = XOR of values[ind[ptr[k]:ptr[k + 1]]]``, from the last
    ``k`` to the first, every word of a row at once (a kernel basis of the core,
    lifted through the pivots of :func:`markowitz`). False if stopped."""
    cdef int64_t p = targets.shape[0], n = values.shape[0], words = values.shape[1]
    cdef int64_t k, j, w, t, src
    if ptr.shape[0] != p + 1 or (p and (ptr[0] != 0 or ptr[p] != ind.shape[0])):
        raise ValueError("back_substitute_pivots: ptr does not fit targets and ind")
    for k in range(p):
        if targets[k] < 0 or targets[k] >= n or ptr[k + 1] < ptr[k]:
            raise ValueError(f"back_substitute_pivots: pivot {k} is out of range")
    for j in range(ind.shape[0]):
        if ind[j] < 0 or ind[j] >= n:
            raise ValueError(f"back_substitute_pivots: entry {j} is out of range")
    cdef bint stopped = False
    with nogil:
        for k in range(p - 1, -1, -1):
            if (k & (POLL - 1)) == 0 and stop_requested():
                stopped = True
                break
            t = targets[k]
            for w in range(words):
                values[t, w] = 0
            for j in range(ptr[k], ptr[k + 1]):
                src = ind[j]
                for w in range(words):
                    values[t, w] ^= values[src, w]
    return not stopped
