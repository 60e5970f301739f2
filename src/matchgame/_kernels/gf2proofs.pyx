# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Proofs read off a banded echelon form (the edge game's certificates).

:func:`gf2.eliminate_logged` leaves pivot rows in rings of ``W`` words (column ``j``
is bit ``j % 64`` of word ``(j // 64) % W``) and a log of its row operations.
Here:

- :func:`ring_bits`: every pivot row's set columns, as CSR (the vectors ``r_c``);
- :func:`unit_proofs`: for every coordinate ``v`` whose unit vector ``e_v`` is a
  sum of the matrix's rows, that sum as a short program: ``e_v = r_v + r_j + ... +
  e_u + ...``, pivot rows ``r_j`` and unit vectors ``e_u`` of coordinates proved
  before (the coordinates are proved from the last to the first). The residual
  ``e_v + r_v + ...`` is reduced at its lowest column: by ``e_u`` when ``u`` is
  proved already, else by the pivot row of ``u``. It stays within the band (an
  active row of the elimination had its span), so a ring of ``W`` words holds it.

The callers (``games/edge/_proofs.py``) pass what :func:`gf2.eliminate_logged`
returned; the sizes and indices are checked again here before the ``nogil`` loops.
"""

import numpy as np

from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, realloc
from libc.string cimport memset

from ._stop cimport stop_requested

__all__ = ["ring_bits", "unit_proofs"]

cdef extern from *:
    """
    static inline int mg_ctz64p(unsigned long long x) { return __builtin_ctzll(x); }
    """
    int mg_ctz64p(unsigned long long x) noexcept nogil

cdef int64_t POLL = 4096


cdef inline uint64_t _from(int64_t c) noexcept nogil:
    """The bits of a word from bit ``c % 64`` up."""
    return ~((<uint64_t> 1 << (c & 63)) - 1)


def _check_echelon(pivot_row, store, last):
    cdef const int32_t[::1] piv = pivot_row
    cdef const int32_t[::1] hi = last
    cdef int64_t n_cols = piv.shape[0], n_rows = store.shape[0], c, W = store.shape[1]
    if hi.shape[0] != n_rows or W < 1:
        raise ValueError("the echelon's arrays disagree in size")
    for c in range(n_cols):
        if piv[c] >= n_rows or (piv[c] >= 0 and (hi[piv[c]] >= n_cols or hi[piv[c]] < c)):
            raise ValueError(f"pivot_row[{c}] names no row of the store")
        if piv[c] >= 0 and (hi[piv[c]] >> 6) - (c >> 6) >= W:
            raise ValueError(f"the pivot row of column {c} overruns its ring")


cdef int64_t _pivot_bits(
    const int32_t[::1] pivot_row, const uint64_t[:, ::1] store, const int32_t[::1] last,
    int64_t c, int32_t *out,
) noexcept nogil:
    """The set columns of column ``c``'s pivot row, written to ``out`` unless it is
    NULL; returns how many."""
    cdef int64_t W = store.shape[1], p = pivot_row[c], w, end, count = 0
    cdef uint64_t word
    if p < 0:
        return 0
    end = last[p] >> 6
    for w in range(c >> 6, end + 1):
        word = store[p, w % W]
        if w == (c >> 6):
            word &= _from(c)
        if w == end and (last[p] & 63) != 63:
            word &= (<uint64_t> 2 << (last[p] & 63)) - 1
        while word:
            if out != NULL:
                out[count] = <int32_t> ((w << 6) + mg_ctz64p(word))
            count += 1
            word &= word - 1
    return count


def ring_bits(
    const int32_t[::1] pivot_row, const uint64_t[:, ::1] store, const int32_t[::1] last
):
    """The set columns of every pivot row: ``(ptr, columns)``, row of column ``c``'s
    pivot at ``columns[ptr[c]:ptr[c + 1]]`` (increasing; empty for a free column)."""
    _check_echelon(pivot_row, store, last)
    cdef int64_t n_cols = pivot_row.shape[0], c, total = 0
    ptr_array = np.zeros(n_cols + 1, dtype=np.int64)
    cdef int64_t[::1] ptr = ptr_array
    with nogil:
        for c in range(n_cols):
            total += _pivot_bits(pivot_row, store, last, c, NULL)
            ptr[c + 1] = total
    columns_array = np.empty(max(total, 1), dtype=np.int32)
    cdef int32_t[::1] columns = columns_array
    with nogil:
        for c in range(n_cols):
            _pivot_bits(pivot_row, store, last, c, &columns[ptr[c]])
    return ptr_array, columns_array[:total]


cdef struct Out:
    int64_t *data
    int64_t size
    int64_t cap


cdef int _emit(Out *out, int64_t x) noexcept nogil:
    cdef int64_t cap
    cdef int64_t *data
    if out.size == out.cap:
        cap = out.cap * 2 if out.cap else 1024
        data = <int64_t *> realloc(out.data, cap * sizeof(int64_t))
        if data == NULL:
            return -1
        out.data = data
        out.cap = cap
    out.data[out.size] = x
    out.size += 1
    return 0


def unit_proofs(
    const int32_t[::1] pivot_row,
    const uint64_t[:, ::1] store,
    const int32_t[::1] last,
    const int32_t[::1] order,
):
    """The programs of the module docstring for the coordinates ``order`` (every
    coordinate to prove, decreasing): ``(ptr, refs)``, coordinate ``order[k]``'s
    terms at ``refs[ptr[k]:ptr[k + 1]]``, each ``2 * u`` (the pivot row of ``u``) or
    ``2 * u + 1`` (``e_u``, proved earlier). ValueError if a coordinate is not
    provable; None if stopped."""
    _check_echelon(pivot_row, store, last)
    cdef int64_t n_cols = pivot_row.shape[0], W = store.shape[1], n = order.shape[0]
    cdef int64_t k, v, j, lo, hi, w, p, a, b, failed = 0, stopped = 0, at
    for k in range(n):
        if order[k] < 0 or order[k] >= n_cols or (k and order[k] >= order[k - 1]):
            raise ValueError("order must hold decreasing coordinates")
    proved_array = np.zeros(max(n_cols, 1), dtype=np.uint8)
    ring_array = np.zeros(W, dtype=np.uint64)
    ptr_array = np.zeros(n + 1, dtype=np.int64)
    cdef uint8_t[::1] proved = proved_array
    cdef uint64_t[::1] ring = ring_array
    cdef int64_t[::1] ptr = ptr_array
    cdef Out out
    out.data = NULL
    out.size = 0
    out.cap = 0
    cdef uint64_t word
    with nogil:
        for k in range(n):
            if (k & (POLL - 1)) == POLL - 1 and stop_requested():
                stopped = 1
                break
            v = order[k]
            ring[(v >> 6) % W] = (<uint64_t> 1) << (v & 63)
            lo = v
            hi = v
            while True:
                # the lowest set column of the residual, from lo
                j = -1
                w = lo >> 6
                word = ring[w % W] & _from(lo)
                while True:
                    if word:
                        j = (w << 6) + mg_ctz64p(word)
                        break
                    w += 1
                    if w > (hi >> 6):
                        break
                    word = ring[w % W]
                if j < 0:
                    break
                if j != v and proved[j]:
                    if _emit(&out, 2 * j + 1) < 0:
                        failed = 1
                        break
                    ring[(j >> 6) % W] ^= (<uint64_t> 1) << (j & 63)
                else:
                    p = pivot_row[j]
                    if p < 0:
                        failed = 2
                        break
                    if _emit(&out, 2 * j) < 0:
                        failed = 1
                        break
                    for a in range(j >> 6, (last[p] >> 6) + 1):
                        b = a % W
                        ring[b] ^= store[p, b]
                    if last[p] > hi:
                        hi = last[p]
                lo = j
            if failed:
                break
            for a in range(W):
                ring[a] = 0
            proved[v] = 1
            ptr[k + 1] = out.size
    if failed == 1 or stopped:
        free(out.data)
        if failed:
            raise MemoryError("unit_proofs: no memory for the programs")
        return None
    if failed == 2:
        free(out.data)
        raise ValueError(f"coordinate {v} is not a sum of the rows (no pivot at {j})")
    refs_array = np.empty(out.size, dtype=np.int64)
    cdef int64_t[::1] refs = refs_array
    for at in range(out.size):
        refs[at] = out.data[at]
    free(out.data)
    return ptr_array, refs_array
