# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Dense GF(2) elimination of the core that structured elimination leaves
(``gf2sparse.markowitz``; the caller is ``games/edge/_structured.py``).

Rows are 64-bit words; row echelon form by the Method of the Four Russians
(Arlazarov, Dinic, Kronrod, Faradzev 1970; M4RI's ``mzd_echelonize_m4ri``): up to
32 pivots found at a time, the 256 sums of each group of 8 of their rows tabled in
Gray-code order, and every row below cleared at those columns by one table row a
group, in one sweep. A basis of the right kernel is then back-substituted from the
free columns, every basis vector at once (64 a word). The entry point checks the
sizes and indices it is handed before its ``nogil`` loops and polls the stop flag.
"""

import numpy as np

from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset

from ._stop cimport stop_requested

__all__ = ["dense_kernel"]

cdef extern from *:
    """
    static inline int mg_ctz64d(unsigned long long x) { return __builtin_ctzll(x); }
    """
    int mg_ctz64d(unsigned long long x) noexcept nogil

cdef int64_t POLL = 1024


# -- dense elimination -----------------------------------------------------------------

DEF K = 8  # pivots a table
DEF G = 4  # tables a pass: up to G * K pivots cleared in one sweep of the rows below


cdef inline bint _get(const uint64_t *row, int64_t j) noexcept nogil:
    return (row[j >> 6] >> (j & 63)) & 1


cdef inline void _xor_from(uint64_t *dst, const uint64_t *src, int64_t w0, int64_t words) noexcept nogil:
    cdef int64_t w
    for w in range(w0, words):
        dst[w] ^= src[w]


cdef int64_t _echelon(
    uint64_t *m, int64_t n_rows, int64_t n_cols, int64_t words, int32_t *pivot_col,
    uint64_t *tables,
) noexcept nogil:
    """Row echelon form in place (Four Russians: up to G * K pivots found a block, the
    rows below cleared at their columns by G table rows each); the pivot rows come
    first, ``pivot_col[i]`` the column of row ``i``'s pivot, and a pivot row is 0 at
    every earlier pivot column. Returns the rank, or -1 if stopped."""
    cdef int64_t r = 0, c = 0, found, i, t, w0, g, prev, bit, index, blocks = 0, group
    cdef int64_t base, size
    cdef int64_t cols[G * K]
    cdef uint64_t *row
    cdef uint64_t *other
    cdef uint64_t *table
    cdef uint64_t tmp
    cdef int64_t w
    while r < n_rows and c < n_cols:
        blocks += 1
        if (blocks & 15) == 0 and stop_requested():
            return -1
        found = 0
        w0 = c >> 6
        while found < G * K and c < n_cols and r + found < n_rows:
            # a row at or below r + found with a 1 at column c, once the block's
            # pivots so far are cleared from it
            for i in range(r + found, n_rows):
                row = m + i * words
                for t in range(found):
                    if _get(row, cols[t]):
                        _xor_from(row, m + (r + t) * words, w0, words)
                if _get(row, c):
                    if i != r + found:
                        other = m + (r + found) * words
                        for w in range(w0, words):
                            tmp = row[w]
                            row[w] = other[w]
                            other[w] = tmp
                    row = m + (r + found) * words
                    for t in range(found):  # earlier pivot rows of the block: clear c
                        if _get(m + (r + t) * words, c):
                            _xor_from(m + (r + t) * words, row, w0, words)
                    cols[found] = c
                    found += 1
                    break
            c += 1
        if found == 0:
            continue
        # each group of K pivot rows: its 2^K sums in Gray-code order
        for group in range(0, found, K):
            table = tables + (group // K) * (1 << K) * words
            size = found - group if found - group < K else K
            memset(table, 0, words * sizeof(uint64_t))
            prev = 0
            for g in range(1, 1 << size):
                index = g ^ (g >> 1)
                bit = mg_ctz64d(<unsigned long long> (index ^ prev))
                memcpy(table + index * words, table + prev * words, words * sizeof(uint64_t))
                _xor_from(table + index * words, m + (r + group + bit) * words, w0, words)
                prev = index
        for i in range(r + found, n_rows):
            row = m + i * words
            for group in range(0, found, K):
                table = tables + (group // K) * (1 << K) * words
                size = found - group if found - group < K else K
                index = 0
                for t in range(size):
                    if _get(row, cols[group + t]):
                        index |= 1 << t
                if index:
                    _xor_from(row, table + index * words, w0, words)
        for t in range(found):
            pivot_col[r + t] = <int32_t> cols[t]
        r += found
    return r


def dense_kernel(const int64_t[::1] indptr, const int32_t[::1] indices, int64_t n_cols):
    """A basis of the right kernel of a CSR matrix, by dense elimination (see the
    module docstring): ``(rank, basis)``, ``basis`` an ``(n_cols, words)`` array whose
    bit ``k`` (word ``k // 64``) at column ``j`` is entry ``j`` of basis vector
    ``k``; None if stopped."""
    cdef int64_t n_rows = indptr.shape[0] - 1, k, j, words, rank, f, i, nullity, at
    cdef int64_t lw, w, pc
    if n_rows < 0 or n_cols < 0 or n_cols >= 2**31:
        raise ValueError("dense_kernel: the matrix's sizes are out of range")
    if indptr[0] != 0 or indptr[n_rows] != indices.shape[0]:
        raise ValueError("dense_kernel: indptr must start at 0 and end at len(indices)")
    for k in range(n_rows):
        if indptr[k + 1] < indptr[k]:
            raise ValueError(f"dense_kernel: indptr decreases at row {k}")
    for j in range(indices.shape[0]):
        if indices[j] < 0 or indices[j] >= n_cols:
            raise ValueError(f"dense_kernel: entry {j} is out of range")
    words = max((n_cols + 63) >> 6, 1)
    matrix = np.zeros((max(n_rows, 1), words), dtype=np.uint64)
    tables = np.zeros((G << K, words), dtype=np.uint64)
    pivots = np.full(max(n_rows, 1), -1, dtype=np.int32)
    cdef uint64_t[:, ::1] m = matrix, tab = tables
    cdef int32_t[::1] piv = pivots
    with nogil:
        for k in range(n_rows):
            for j in range(indptr[k], indptr[k + 1]):
                m[k, indices[j] >> 6] ^= (<uint64_t> 1) << (indices[j] & 63)
        rank = _echelon(&m[0, 0], n_rows, n_cols, words, &piv[0], &tab[0, 0])
    if rank < 0:
        return None
    del tables
    nullity = n_cols - rank
    lw = max((nullity + 63) >> 6, 1)
    basis = np.zeros((max(n_cols, 1), lw), dtype=np.uint64)
    is_pivot = np.zeros(max(n_cols, 1), dtype=np.uint8)
    cdef uint8_t[::1] pivotal = is_pivot
    cdef uint64_t[:, ::1] b = basis
    cdef uint64_t word
    cdef const uint64_t *row
    with nogil:
        for i in range(rank):
            pivotal[piv[i]] = 1
        at = 0
        for f in range(n_cols):  # basis vector ``at``: 1 at free column f, 0 at the others
            if not pivotal[f]:
                b[f, at >> 6] |= (<uint64_t> 1) << (at & 63)
                at += 1
        # back substitution, every basis vector at once: a pivot column's entry is the
        # sum of the entries at the other 1s of its row (all at later columns)
        for i in range(rank - 1, -1, -1):
            if (i & (POLL - 1)) == 0 and stop_requested():
                rank = -1
                break
            pc = piv[i]
            row = &m[i, 0]
            for w in range(pc >> 6, words):
                word = row[w]
                if w == (pc >> 6):
                    word &= ~((<uint64_t> 2 << (pc & 63)) - 1)
                while word:
                    j = (w << 6) + mg_ctz64d(word)
                    for k in range(lw):
                        b[pc, k] ^= b[j, k]
                    word &= word - 1
    if rank < 0:
        return None
    return int(rank), basis[:n_cols]
