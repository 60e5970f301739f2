# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Linear algebra over GF(2) for the edge game: banded elimination, kernels, flips.

Matrices are 0/1 sparse matrices given as CSR (``indptr`` int64, ``indices``
int32, each row's columns strictly increasing), in an order where they are
*banded*: every row's columns lie close to each other and rows are ordered by
their first column (a board in row-major order; any graph after a
reverse Cuthill-McKee order, :func:`rcm_order`).

**Elimination** (:func:`eliminate`) goes through the columns in increasing
order. A row is loaded when the sweep reaches its first column; it lives in a
window of ``W`` 64-bit words used as a ring (column ``j`` is bit ``j % 64`` of
word ``(j // 64) % W``). At column ``c`` the rows whose first set bit is ``c``
(a bucket per column, linked lists) are all the candidates: the one whose last
column is smallest becomes the pivot (least fill), the others get it XORed in
and move to the bucket of their new first bit, or are dependent when nothing is
left. Every active row has no bit below ``c`` and none above
``H(c) = max(last column of the rows loaded by c)`` (an XOR joins two such
supports), so the ring holds it when ``W`` covers ``H(c) - c`` for every ``c``:
:func:`band_words` computes that bound, and the elimination refuses a smaller
``W``. On a board ``W`` is about two rows of cells; on a graph whose order has
no band it is the whole width, and the same code is dense elimination.
A row's work is the XOR of a pivot's words; ``carry`` rows (64 right-hand sides
as one word per row, or a whole transform) follow the same operations.

**Back substitution** (:func:`back_substitute`) walks the pivot columns from
the last to the first: ``x[c] = base[c] ^ XOR of x[j] over the pivot row's
other bits``; a free column keeps ``base[c]``. With 64 random words at the free
columns and 0 elsewhere, ``x`` holds 64 random vectors of the null space at once
(lane ``k`` is bit ``k`` of every word); with right-hand sides at the pivot
columns, 64 solutions.

**Flips** (:class:`Transforms`): invertible ``P`` and ``Q`` with
``P A Q = diag(I_r, 0)`` kept while single entries of ``A`` flip (a move of the
edge game toggles one entry: a rank-one change), in O((rows + columns) * width
/ 64) word operations a flip; the rows of ``P`` past ``r`` span the left
kernel, the columns of ``Q`` past ``r`` the right kernel, and the first ``r``
give solutions of ``A z = e_x``.

Long loops poll the stop flag; a stopped kernel returns early and says so.
"""

import numpy as np

from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t

from ._stop cimport stop_requested

from ._stop import check

cdef extern from *:
    """
    static inline int mg_ctz64(unsigned long long x) { return __builtin_ctzll(x); }
    static inline int mg_popcount64(unsigned long long x) { return __builtin_popcountll(x); }
    """
    int mg_ctz64(unsigned long long x) noexcept nogil
    int mg_popcount64(unsigned long long x) noexcept nogil

cdef int64_t POLL = 4096  # columns between looks at the stop flag
_EMPTY_MASK = np.empty(0, dtype=np.uint8)

__all__ = [
    "Transforms",
    "back_substitute",
    "back_substitute_words",
    "band_words",
    "check_csr",
    "component_sides",
    "echelon_fill",
    "eliminate",
    "eliminate_logged",
    "rcm_order",
    "set_bits",
    "solve_carried",
    "transpose_csr",
]


# -- checks ------------------------------------------------------------------------


def check_csr(const int64_t[::1] indptr, const int32_t[::1] indices, int64_t n_cols):
    """Raise ValueError unless ``indptr``/``indices`` are a CSR matrix with ``n_cols``
    columns whose rows are strictly increasing."""
    cdef Py_ssize_t n_rows = indptr.shape[0] - 1, r
    cdef int64_t k, start, end
    if n_rows < 0 or n_cols < 0:
        raise ValueError("indptr must have one entry more than there are rows")
    if indptr[0] != 0 or indptr[n_rows] != indices.shape[0]:
        raise ValueError("indptr must start at 0 and end at len(indices)")
    cdef int bad = 0
    with nogil:
        for r in range(n_rows):
            start = indptr[r]
            end = indptr[r + 1]
            if end < start or end > indices.shape[0]:
                bad = 1
                break
            for k in range(start, end):
                if indices[k] < 0 or indices[k] >= n_cols or (
                    k > start and indices[k] <= indices[k - 1]
                ):
                    bad = 2
                    break
            if bad:
                break
    if bad == 1:
        raise ValueError(f"indptr decreases or overruns at row {r}")
    if bad == 2:
        raise ValueError(f"row {r} has a column out of range or out of order")


def band_words(
    const int64_t[::1] indptr,
    const int32_t[::1] indices,
    int64_t n_cols,
    const uint8_t[::1] row_mask,
):
    """Words of the ring the elimination of this matrix needs (at least 1): the most,
    over columns ``c``, of words from ``c`` to ``H(c)`` (see the module docstring).
    Rows with ``row_mask[r] == 0`` are left out (an empty mask keeps every row)."""
    check_csr(indptr, indices, n_cols)
    cdef Py_ssize_t n_rows = indptr.shape[0] - 1, r, c
    if row_mask.shape[0] not in (0, n_rows):
        raise ValueError("row_mask must have one entry per row (or none)")
    last_array = np.full(max(n_cols, 1), -1, dtype=np.int64)
    cdef int64_t[::1] last = last_array
    cdef int64_t lo, hi, reach = -1, need, words = 1
    cdef bint masked = row_mask.shape[0] != 0
    with nogil:
        for r in range(n_rows):
            if indptr[r] == indptr[r + 1] or (masked and not row_mask[r]):
                continue
            lo = indices[indptr[r]]
            hi = indices[indptr[r + 1] - 1]
            if hi > last[lo]:
                last[lo] = hi
        for c in range(n_cols):
            if last[c] > reach:
                reach = last[c]
            if reach >= c:
                need = (reach >> 6) - (c >> 6) + 1
                if need > words:
                    words = need
    return int(words)


# -- elimination ---------------------------------------------------------------------


cdef inline void _xor_ring(
    uint64_t *dst, const uint64_t *src, int64_t w0, int64_t w1, int64_t W
) noexcept nogil:
    """dst ^= src on the ring words of absolute words w0 .. w1."""
    cdef int64_t i0 = w0 % W, count = w1 - w0 + 1, first, k
    first = W - i0
    if first > count:
        first = count
    for k in range(first):
        dst[i0 + k] ^= src[i0 + k]
    for k in range(count - first):
        dst[k] ^= src[k]


cdef inline uint64_t _above(int64_t c) noexcept nogil:
    """The bits of a word above bit ``c % 64``."""
    return ~((<uint64_t> 2 << (c & 63)) - 1)


cdef inline int64_t _lead_after(
    const uint64_t *row, int64_t c, int64_t hi, int64_t W
) noexcept nogil:
    """The first set column of a ring row after column ``c`` (up to ``hi``), or -1."""
    cdef int64_t w = c >> 6, last = hi >> 6, i = w % W
    cdef uint64_t word = row[i] & _above(c)
    while True:
        if word:
            return (w << 6) + mg_ctz64(word)
        w += 1
        if w > last:
            return -1
        i += 1
        if i == W:  # the ring wraps (no division a word)
            i = 0
        word = row[i]


cdef int64_t _eliminate(
    const int64_t *indptr, const int32_t *indices, int64_t n_rows, int64_t n_cols,
    const uint8_t *row_mask, int64_t W, uint64_t *store, int32_t *hi, int32_t *head,
    int32_t *after, uint8_t *loaded, int32_t *pivot_row, int32_t *zero_rows,
    int64_t *n_zero, uint64_t *carry, int64_t carry_words, int64_t *most_active,
    int32_t *ops, int64_t ops_cap, int64_t *n_ops,
) noexcept nogil:
    """The elimination of the module docstring; returns the rank, or -1 if stopped."""
    cdef int64_t r, c, k, j, q, p, following, lead, best_hi, rank = 0, active = 0
    cdef uint64_t *row
    for r in range(n_rows):
        if row_mask != NULL and not row_mask[r]:
            continue
        if indptr[r] == indptr[r + 1]:
            zero_rows[n_zero[0]] = <int32_t> r  # an empty row depends on nothing
            n_zero[0] += 1
            continue
        j = indices[indptr[r]]
        after[r] = head[j]
        head[j] = <int32_t> r
        hi[r] = indices[indptr[r + 1] - 1]
    for c in range(n_cols):
        if (c & (POLL - 1)) == POLL - 1 and stop_requested():
            return -1
        q = head[c]
        if q < 0:
            continue
        p = -1
        best_hi = n_cols
        while q >= 0:
            if not loaded[q]:
                row = store + q * W
                for k in range(indptr[q], indptr[q + 1]):
                    j = indices[k]
                    row[(j >> 6) % W] ^= (<uint64_t> 1) << (j & 63)
                loaded[q] = 1
                active += 1
                if active > most_active[0]:
                    most_active[0] = active
            if hi[q] < best_hi:
                best_hi = hi[q]
                p = q
            q = after[q]
        pivot_row[c] = <int32_t> p
        rank += 1
        active -= 1
        q = head[c]
        while q >= 0:
            following = after[q]
            if q != p:
                if ops != NULL:  # the log: row q got column c's pivot row
                    if n_ops[0] < ops_cap:
                        ops[2 * n_ops[0]] = <int32_t> q
                        ops[2 * n_ops[0] + 1] = <int32_t> c
                    n_ops[0] += 1
                _xor_ring(store + q * W, store + p * W, c >> 6, best_hi >> 6, W)
                if best_hi > hi[q]:
                    hi[q] = <int32_t> best_hi
                if carry != NULL:
                    for k in range(carry_words):
                        carry[q * carry_words + k] ^= carry[p * carry_words + k]
                lead = _lead_after(store + q * W, c, hi[q], W)
                if lead < 0:
                    zero_rows[n_zero[0]] = <int32_t> q
                    n_zero[0] += 1
                    active -= 1
                else:
                    after[q] = head[lead]
                    head[lead] = <int32_t> q
            q = following
    return rank


def eliminate(
    const int64_t[::1] indptr,
    const int32_t[::1] indices,
    int64_t n_cols,
    const uint8_t[::1] row_mask,
    int64_t W,
    uint64_t[:, ::1] carry=None,
    int32_t[:, ::1] ops=None,
):
    """Eliminate the rows of a banded CSR matrix (see the module docstring).

    ``row_mask``: rows with 0 are left out (an empty mask keeps all). ``W``: ring
    words per row, at least :func:`band_words`. ``carry``: optional ``(n_rows, k)``
    words per row that follow the row operations (right-hand sides, a transform),
    changed in place.

    Returns ``(rank, pivot_row, store, last, zero_rows, most_active)``, or None if
    stopped: ``pivot_row[c]`` the row that is the pivot of column ``c`` (-1: free
    column), ``store`` the rows' rings ``(n_rows, W)`` (a pivot row's ring is its
    echelon row), ``last[r]`` an upper bound of row ``r``'s last column, the
    dependent rows (empty ones first) and the most rows active at once.
    """
    cdef Py_ssize_t n_rows = indptr.shape[0] - 1
    if W < band_words(indptr, indices, n_cols, row_mask):
        raise ValueError("W is smaller than the band needs (see band_words)")
    cdef int64_t carry_words = 0
    cdef uint64_t *carry_ptr = NULL
    if carry is not None:
        if carry.shape[0] != n_rows:
            raise ValueError("carry must have one row per matrix row")
        carry_words = carry.shape[1]
        if carry_words:
            carry_ptr = &carry[0, 0]
    store_array = np.zeros((max(n_rows, 1), W), dtype=np.uint64)
    last_array = np.full(max(n_rows, 1), -1, dtype=np.int32)
    head_array = np.full(max(n_cols, 1), -1, dtype=np.int32)
    after_array = np.full(max(n_rows, 1), -1, dtype=np.int32)
    loaded_array = np.zeros(max(n_rows, 1), dtype=np.uint8)
    pivot_array = np.full(max(n_cols, 1), -1, dtype=np.int32)
    zero_array = np.empty(max(n_rows, 1), dtype=np.int32)
    cdef uint64_t[:, ::1] store = store_array
    cdef int32_t[::1] last = last_array, head = head_array, after = after_array
    cdef int32_t[::1] pivot_row = pivot_array, zero_rows = zero_array
    cdef uint8_t[::1] loaded = loaded_array
    cdef int64_t rank, n_zero = 0, most_active = 0
    cdef const uint8_t *mask = &row_mask[0] if row_mask.shape[0] else NULL
    cdef const int32_t *columns = &indices[0] if indices.shape[0] else NULL
    cdef int32_t *ops_ptr = NULL
    cdef int32_t no_room[2]
    cdef int64_t ops_cap = 0, n_ops = 0
    if ops is not None:
        ops_cap = ops.shape[0]
        ops_ptr = &ops[0, 0] if ops_cap else no_room  # capacity 0: counted, not written
    with nogil:
        rank = _eliminate(
            &indptr[0], columns, n_rows, n_cols, mask, W, &store[0, 0], &last[0],
            &head[0], &after[0], &loaded[0], &pivot_row[0], &zero_rows[0], &n_zero,
            carry_ptr, carry_words, &most_active, ops_ptr, ops_cap, &n_ops,
        )
    if rank < 0:
        return None
    result = (
        int(rank),
        pivot_array[:n_cols],
        store_array[:n_rows],
        last_array[:n_rows],
        zero_array[:n_zero],
        int(most_active),
    )
    return result if ops is None else (*result, int(n_ops))


def eliminate_logged(
    const int64_t[::1] indptr,
    const int32_t[::1] indices,
    int64_t n_cols,
    int64_t W,
    int32_t[:, ::1] ops,
):
    """:func:`eliminate` of every row that also logs its row operations: ``ops[k] =
    (q, c)`` says row ``q`` got the pivot row of column ``c`` added, in the order
    done, while they fit; the tuple :func:`eliminate` returns, then how many there
    were (more than ``len(ops)``: run again with room for them). None if stopped."""
    if ops.shape[1] != 2:
        raise ValueError("ops must have two columns")
    return eliminate(indptr, indices, n_cols, _EMPTY_MASK, W, None, ops)


def back_substitute(
    const int32_t[::1] pivot_row,
    const uint64_t[:, ::1] store,
    const int32_t[::1] last,
    uint64_t[::1] x,
):
    """Solve the echelon rows of :func:`eliminate` for 64 lanes at once, in place:
    on entry ``x[c]`` is the right-hand side of the pivot row of column ``c`` (or
    the value of a free column), on return the solution. False if stopped."""
    if x.shape[0] != pivot_row.shape[0]:
        raise ValueError("back_substitute: the arrays' sizes disagree")
    return back_substitute_words(pivot_row, store, last, np.asarray(x).reshape(-1, 1))


cdef int _back_substitute_words(
    const int32_t *pivot_row, const uint64_t *store, const int32_t *last, int64_t W,
    int64_t n_cols, uint64_t *x, int64_t words,
) noexcept nogil:
    """Back substitution (see the module docstring) with ``words`` words of lanes per
    column: ``x`` is ``n_cols x words``, row-major; -1 if stopped."""
    cdef int64_t c, p, w, end, k, j, i
    cdef uint64_t word
    cdef const uint64_t *row
    cdef uint64_t *acc
    cdef const uint64_t *other
    for c in range(n_cols - 1, -1, -1):
        if (c & (POLL - 1)) == 0 and stop_requested():
            return -1
        p = pivot_row[c]
        if p < 0:
            continue
        row = store + p * W
        acc = x + c * words
        w = c >> 6
        end = last[p] >> 6
        i = w % W
        word = row[i] & _above(c)
        while True:
            while word:
                j = (w << 6) + mg_ctz64(word)
                other = x + j * words
                if words == 1:
                    acc[0] ^= other[0]
                else:
                    for k in range(words):
                        acc[k] ^= other[k]
                word &= word - 1
            w += 1
            if w > end:
                break
            i += 1
            if i == W:  # the ring wraps (no division a word)
                i = 0
            word = row[i]
    return 0


def back_substitute_words(
    const int32_t[::1] pivot_row,
    const uint64_t[:, ::1] store,
    const int32_t[::1] last,
    uint64_t[:, ::1] x,
):
    """:func:`back_substitute` with ``64 * k`` lanes: ``x`` has shape
    ``(n_cols, k)``. False if stopped."""
    cdef int64_t n_cols = pivot_row.shape[0], W = store.shape[1], n_rows = store.shape[0]
    cdef int64_t c
    if x.shape[0] != n_cols or last.shape[0] != n_rows or W < 1:
        raise ValueError("back_substitute_words: the arrays' sizes disagree")
    for c in range(n_cols):
        if pivot_row[c] >= n_rows or (pivot_row[c] >= 0 and last[pivot_row[c]] >= n_cols):
            raise ValueError(f"pivot_row[{c}] names no row of the store")
    if n_cols == 0 or x.shape[1] == 0:
        return True
    cdef int done
    with nogil:
        done = _back_substitute_words(
            &pivot_row[0], &store[0, 0], &last[0], W, n_cols, &x[0, 0], x.shape[1]
        )
    return done == 0


def solve_carried(
    const int32_t[::1] pivot_row,
    const uint64_t[:, ::1] store,
    const int32_t[::1] last,
    const uint64_t[:, ::1] carry,
):
    """Solutions of the systems whose right-hand sides rode the elimination as
    ``carry`` (``n_rows x k`` words): ``x`` (``n_cols x k`` words) with ``x[c]`` the
    carried words of column ``c``'s pivot row, back-substituted (free columns 0).
    None if stopped."""
    cdef int64_t n_cols = pivot_row.shape[0], n_rows = store.shape[0], c, k
    cdef int64_t words = carry.shape[1]
    if carry.shape[0] != n_rows:
        raise ValueError("carry must have one row per matrix row")
    x_array = np.zeros((n_cols, words), dtype=np.uint64)
    cdef uint64_t[:, ::1] x = x_array
    for c in range(n_cols):
        if pivot_row[c] >= n_rows:
            raise ValueError(f"pivot_row[{c}] names no row of the store")
    with nogil:
        for c in range(n_cols):
            if pivot_row[c] >= 0:
                for k in range(words):
                    x[c, k] = carry[pivot_row[c], k]
    if not back_substitute_words(pivot_row, store, last, x_array):
        return None
    return x_array


def set_bits(const uint64_t[:, ::1] x):
    """Every set bit of an ``n x k``-word array: ``(rows, lanes)`` as int64 arrays,
    by row then lane (lane ``64 * word + bit``)."""
    cdef int64_t n = x.shape[0], words = x.shape[1], r, k, count = 0, i = 0
    cdef uint64_t word
    with nogil:
        for r in range(n):
            for k in range(words):
                count += mg_popcount64(x[r, k])
    rows_array = np.empty(count, dtype=np.int64)
    lanes_array = np.empty(count, dtype=np.int64)
    cdef int64_t[::1] rows = rows_array, lanes = lanes_array
    with nogil:
        for r in range(n):
            for k in range(words):
                word = x[r, k]
                while word:
                    rows[i] = r
                    lanes[i] = (k << 6) + mg_ctz64(word)
                    word &= word - 1
                    i += 1
    return rows_array, lanes_array


def echelon_fill(const int32_t[::1] pivot_row, const uint64_t[:, ::1] store):
    """Set bits of the echelon rows: the fill the elimination left (for the benchmarks)."""
    cdef int64_t total = 0, c, k, W = store.shape[1]
    if store.shape[0] == 0:
        return 0
    with nogil:
        for c in range(pivot_row.shape[0]):
            if 0 <= pivot_row[c] < store.shape[0]:
                for k in range(W):
                    total += mg_popcount64(store[pivot_row[c], k])
    return int(total)


# -- the graph's parts ------------------------------------------------------------------


def component_sides(
    const int32_t[::1] offsets, const int32_t[::1] neighbors, const uint8_t[::1] odd_loop
):
    """Components of a graph (CSR, symmetric) and a 2-colouring of each: returns
    ``(component, side, bipartite)``: per vertex its component (numbered from 0 in
    order of their least vertex) and side (0/1, breadth-first from that vertex), and
    per component whether it is bipartite (no odd cycle, and no vertex with
    ``odd_loop``)."""
    cdef Py_ssize_t n = offsets.shape[0] - 1
    if n < 0 or offsets[0] != 0 or offsets[n] != neighbors.shape[0] or odd_loop.shape[0] != n:
        raise ValueError("offsets, neighbors and odd_loop disagree in size")
    cdef Py_ssize_t v
    for v in range(n):
        if offsets[v + 1] < offsets[v]:
            raise ValueError("offsets decrease")
    for v in range(neighbors.shape[0]):
        if not 0 <= neighbors[v] < n:
            raise ValueError("a neighbour is out of range")
    component_array = np.full(n, -1, dtype=np.int32)
    side_array = np.zeros(n, dtype=np.uint8)
    good_array = np.ones(max(n, 1), dtype=np.uint8)
    queue_array = np.empty(max(n, 1), dtype=np.int32)
    cdef int32_t[::1] component = component_array, queue = queue_array
    cdef uint8_t[::1] side = side_array, good = good_array
    cdef int32_t root, u, w, count = 0
    cdef int64_t head, tail, k
    with nogil:
        for root in range(n):
            if component[root] >= 0:
                continue
            component[root] = count
            queue[0] = root
            head = 0
            tail = 1
            while head < tail:
                u = queue[head]
                head += 1
                if odd_loop[u]:
                    good[count] = 0
                for k in range(offsets[u], offsets[u + 1]):
                    w = neighbors[k]
                    if component[w] < 0:
                        component[w] = count
                        side[w] = 1 - side[u]
                        queue[tail] = w
                        tail += 1
                    elif side[w] == side[u]:
                        good[count] = 0
            count += 1
    return component_array, side_array, good_array[:count].astype(bool)


def transpose_csr(const int64_t[::1] indptr, const int32_t[::1] indices, int64_t n_cols):
    """The transpose of a CSR matrix (rows increasing in every column's list): a
    counting sort, ``(indptr, indices)`` of the ``n_cols`` rows of the transpose."""
    check_csr(indptr, indices, n_cols)
    cdef Py_ssize_t n_rows = indptr.shape[0] - 1, r
    tptr_array = np.zeros(n_cols + 1, dtype=np.int64)
    tind_array = np.empty(indices.shape[0], dtype=np.int32)
    fill_array = np.empty(max(n_cols, 1), dtype=np.int64)
    cdef int64_t[::1] tptr = tptr_array, fill = fill_array
    cdef int32_t[::1] tind = tind_array
    cdef int64_t k, c
    with nogil:
        for k in range(indices.shape[0]):
            tptr[indices[k] + 1] += 1
        for c in range(n_cols):
            tptr[c + 1] += tptr[c]
            fill[c] = tptr[c]
        for r in range(n_rows):
            for k in range(indptr[r], indptr[r + 1]):
                c = indices[k]
                tind[fill[c]] = <int32_t> r
                fill[c] += 1
    return tptr_array, tind_array


# -- a banded order for any graph -------------------------------------------------------


def rcm_order(const int32_t[::1] offsets, const int32_t[::1] neighbors):
    """A reverse Cuthill-McKee order of a graph (CSR, symmetric): ``order[k]`` is
    the vertex in place ``k``. Each component starts at a vertex of least degree in
    the last level of a breadth-first search from the last level of another (a
    pseudo-peripheral vertex); a vertex's new neighbours are queued by increasing
    degree (up to 32 of them sorted; more keep their CSR order)."""
    cdef Py_ssize_t n = offsets.shape[0] - 1
    if n < 0 or offsets[0] != 0 or offsets[n] != neighbors.shape[0]:
        raise ValueError("offsets must be CSR offsets of neighbors")
    cdef Py_ssize_t v
    for v in range(n):
        if offsets[v + 1] < offsets[v]:
            raise ValueError("offsets decrease")
    for v in range(neighbors.shape[0]):
        if not 0 <= neighbors[v] < n:
            raise ValueError("a neighbour is out of range")
    order_array = np.empty(n, dtype=np.int32)
    seen_array = np.zeros(n, dtype=np.int64)  # the last sweep that reached a vertex
    level_array = np.zeros(n, dtype=np.int32)
    queue_array = np.empty(n, dtype=np.int32)
    cdef int32_t[::1] order = order_array, level = level_array, queue = queue_array
    cdef int64_t[::1] seen = seen_array
    cdef int64_t placed = 0, head, tail, start, k, i, b, stamp = 0, key, sweep
    cdef int32_t root, u, w, far
    with nogil:
        for root in range(n):
            if seen[root] != 0:
                continue
            far = root
            for sweep in range(2):
                stamp += 1
                queue[0] = far
                seen[far] = stamp
                level[far] = 0
                head = 0
                tail = 1
                while head < tail:
                    u = queue[head]
                    head += 1
                    for k in range(offsets[u], offsets[u + 1]):
                        w = neighbors[k]
                        if seen[w] != stamp:
                            seen[w] = stamp
                            level[w] = level[u] + 1
                            queue[tail] = w
                            tail += 1
                far = queue[tail - 1]
                i = tail - 1
                while i >= 0 and level[queue[i]] == level[queue[tail - 1]]:
                    w = queue[i]
                    if offsets[w + 1] - offsets[w] < offsets[far + 1] - offsets[far]:
                        far = w
                    i -= 1
            stamp += 1
            start = placed
            order[placed] = far
            seen[far] = stamp
            placed += 1
            head = start
            while head < placed:
                u = order[head]
                head += 1
                b = placed
                for k in range(offsets[u], offsets[u + 1]):
                    w = neighbors[k]
                    if seen[w] != stamp:
                        seen[w] = stamp
                        order[placed] = w
                        placed += 1
                if placed - b <= 32:
                    _sort_by_degree(order, b, placed, offsets)
            _reverse(order, start, placed - 1)
    return order_array


cdef inline void _sort_by_degree(
    int32_t[::1] order, int64_t first, int64_t end, const int32_t[::1] offsets
) noexcept nogil:
    """Insertion sort of ``order[first:end]`` by degree (stable)."""
    cdef int64_t i, b, key
    cdef int32_t w
    for i in range(first + 1, end):
        w = order[i]
        key = offsets[w + 1] - offsets[w]
        b = i - 1
        while b >= first and offsets[order[b] + 1] - offsets[order[b]] > key:
            order[b + 1] = order[b]
            b -= 1
        order[b + 1] = w


cdef inline void _reverse(int32_t[::1] order, int64_t a, int64_t b) noexcept nogil:
    cdef int32_t w
    while a < b:
        w = order[a]
        order[a] = order[b]
        order[b] = w
        a += 1
        b -= 1


# -- flips: P A Q = diag(I_r, 0) kept up to date ---------------------------------------------


cdef class Transforms:
    """Invertible ``P`` (rows x rows) and ``Q`` (columns x columns) over GF(2) with
    ``P A Q = diag(I_r, 0)``, kept while entries of ``A`` flip.

    Built from ``A`` as a banded CSR matrix (``indptr``, ``indices``, ``n_cols``,
    ring words ``W``). ``P`` is stored by rows, ``Q`` by columns (``Qt``), each a
    dense bit matrix: rows past :attr:`rank` are bases of the left kernel (``P``)
    and of the right kernel (``Qt``).
    """

    cdef readonly int64_t n_rows, n_cols, rank
    cdef int64_t wr, wc
    cdef uint64_t[:, ::1] P
    cdef uint64_t[:, ::1] Qt
    cdef uint8_t[::1] a
    cdef uint8_t[::1] b
    cdef uint64_t[::1] v

    def __init__(
        self,
        const int64_t[::1] indptr,
        const int32_t[::1] indices,
        int64_t n_cols,
        int64_t W,
    ):
        cdef int64_t n_rows = indptr.shape[0] - 1, r, m, c, k, lane, base, f
        self.n_rows = n_rows
        self.n_cols = n_cols
        self.wr = (n_rows + 63) >> 6
        self.wc = (n_cols + 63) >> 6
        carry_array = np.zeros((n_rows, self.wr), dtype=np.uint64)
        cdef uint64_t[:, ::1] carry = carry_array
        for r in range(n_rows):
            carry[r, r >> 6] = (<uint64_t> 1) << (r & 63)
        result = eliminate(indptr, indices, n_cols, np.empty(0, np.uint8), W, carry_array)
        if result is None:
            check()  # raises Stopped
        rank, pivot_array, store_array, last_array, zero_array, _ = result
        self.rank = rank
        cdef int32_t[::1] pivot_row = pivot_array, zero_rows = zero_array
        p_array = np.zeros((n_rows, self.wr), dtype=np.uint64)
        qt_array = np.zeros((n_cols, self.wc), dtype=np.uint64)
        self.P = p_array
        self.Qt = qt_array
        pivots = np.flatnonzero(pivot_array >= 0).astype(np.int64)
        free = np.flatnonzero(pivot_array < 0).astype(np.int64)
        cdef int64_t[::1] pivot_cols = pivots, free_cols = free
        # P: the pivot rows' transforms in pivot order, then the dependent rows'
        for m in range(rank):
            self.P[m, :] = carry[pivot_row[pivot_cols[m]], :]
        for m in range(zero_rows.shape[0]):
            self.P[rank + m, :] = carry[zero_rows[m], :]
        # Q: column m < rank solves U z = e_m; column rank + i is the null vector with
        # free column free_cols[i] = 1 (other free columns 0); 64 at a time
        x_array = np.zeros(max(n_cols, 1), dtype=np.uint64)
        cdef uint64_t[::1] x = x_array
        cdef uint64_t word
        for base in range(0, n_cols, 64):
            x_array[:] = 0
            for lane in range(64):
                m = base + lane
                if m >= n_cols:
                    break
                c = pivot_cols[m] if m < rank else free_cols[m - rank]
                x[c] |= (<uint64_t> 1) << lane
            if not back_substitute(pivot_array, store_array, last_array, x_array[:n_cols]):
                check()
            for c in range(n_cols):
                word = x[c]
                while word:
                    lane = mg_ctz64(word)
                    word &= word - 1
                    self.Qt[base + lane, c >> 6] |= (<uint64_t> 1) << (c & 63)
        self.a = np.zeros(max(n_rows, 1), dtype=np.uint8)
        self.b = np.zeros(max(n_cols, 1), dtype=np.uint8)
        self.v = np.zeros(max(self.wr, self.wc, 1), dtype=np.uint64)

    @staticmethod
    def memory(int64_t n_rows, int64_t n_cols):
        """Bytes the dense ``P`` and ``Q`` of an ``n_rows x n_cols`` matrix take."""
        return 8 * (n_rows * ((n_rows + 63) >> 6) + n_cols * ((n_cols + 63) >> 6))

    cdef inline bint _p(self, int64_t m, int64_t x) noexcept nogil:
        return _bit(self.P, m, x)

    cdef inline bint _q(self, int64_t m, int64_t y) noexcept nogil:
        return _bit(self.Qt, m, y)

    cdef inline void _prow_xor(self, int64_t dst, int64_t src) noexcept nogil:
        _row_xor(self.P, self.wr, dst, src)

    cdef inline void _qrow_xor(self, int64_t dst, int64_t src) noexcept nogil:
        _row_xor(self.Qt, self.wc, dst, src)

    cdef inline void _prow_swap(self, int64_t i, int64_t j) noexcept nogil:
        _row_swap(self.P, self.wr, i, j)

    cdef inline void _qrow_swap(self, int64_t i, int64_t j) noexcept nogil:
        _row_swap(self.Qt, self.wc, i, j)

    def flip(self, int64_t x, int64_t y):
        """``A[x, y] ^= 1``: re-diagonalise ``P A Q`` by row operations on ``P`` and
        column operations on ``Q``.

        ``P A' Q = D + a b^T`` with ``a = P e_x`` and ``b = Q^T e_y``; split both at
        ``r``. If ``a`` and ``b`` both reach past ``r`` (``e_x`` outside the column
        space, ``e_y`` outside the row space), clear ``a`` to one ``e_i`` and ``b`` to
        one ``e_j`` (``i, j >= r``: rows and columns of zeros in ``D``, so ``D`` is
        unchanged) and swap them to ``r``: the rank grows by one. If only ``b`` does,
        clear it to ``e_j``, then cancel column ``j``'s ``a`` with the identity's
        columns; only ``a``: the same with rows. If neither, the top block is
        ``I + a b^T``: invertible (its own inverse) when ``b.a = 0``, applied to ``P``;
        else singular with ``a`` in its kernel: pick ``i`` with ``a_i = b_i = 1``,
        zero row and column ``i`` (replace column ``i`` of ``Q`` by ``Q a`` and row
        ``i`` of ``P`` by ``b^T P``), invert the rest (``I + a' b'^T`` with
        ``b'.a' = 0``) and swap ``i`` to ``r - 1``: the rank drops by one. Each case
        is O(rows + columns) row operations of a row's words."""
        if not (0 <= x < self.n_rows and 0 <= y < self.n_cols):
            raise ValueError("flip: entry out of range")
        with nogil:
            self._flip(x, y)

    cdef void _flip(self, int64_t x, int64_t y) noexcept nogil:
        cdef int64_t m, i = -1, j = -1, r = self.rank, k
        cdef int s = 0
        for m in range(self.n_rows):
            self.a[m] = self._p(m, x)
            if m >= r and self.a[m] and i < 0:
                i = m
        for m in range(self.n_cols):
            self.b[m] = self._q(m, y)
            if m >= r and self.b[m] and j < 0:
                j = m
        if i >= 0 and j >= 0:  # x outside the column space, y outside the row space
            for m in range(self.n_rows):
                if m != i and self.a[m]:
                    self._prow_xor(m, i)
            for m in range(self.n_cols):
                if m != j and self.b[m]:
                    self._qrow_xor(m, j)
            self._prow_swap(i, r)
            self._qrow_swap(j, r)
            self.rank = r + 1
        elif j >= 0:  # the column of x is in the column space: column operations
            for m in range(self.n_cols):
                if m != j and self.b[m]:
                    self._qrow_xor(m, j)
            for m in range(r):
                if self.a[m]:
                    self._qrow_xor(j, m)
        elif i >= 0:
            for m in range(self.n_rows):
                if m != i and self.a[m]:
                    self._prow_xor(m, i)
            for m in range(r):
                if self.b[m]:
                    self._prow_xor(i, m)
        else:  # both in: the top block becomes I + a b^T
            for m in range(r):
                s ^= self.a[m] & self.b[m]
            if s:
                for m in range(r):
                    if self.a[m] and self.b[m]:
                        i = m
                        break
            for k in range(self.wr):
                self.v[k] = 0
            for m in range(r):
                if self.b[m] and m != i:
                    for k in range(self.wr):
                        self.v[k] ^= self.P[m, k]
            if s:  # singular: index i drops out of the rank
                # Q's column i becomes the sum of the columns m < r with a[m] (kills N a)
                for m in range(r):
                    if self.a[m] and m != i:
                        self._qrow_xor(i, m)
                for k in range(self.wr):
                    self.P[i, k] ^= self.v[k]
            for m in range(r):
                if self.a[m] and m != i:
                    for k in range(self.wr):
                        self.P[m, k] ^= self.v[k]
            if s:
                self._prow_swap(i, r - 1)
                self._qrow_swap(i, r - 1)
                self.rank = r - 1

    # -- questions -------------------------------------------------------------

    def in_left_kernel_support(self, int64_t x):
        """Whether some ``z`` with ``z^T A = 0`` has ``z[x] = 1``."""
        if not 0 <= x < self.n_rows:
            raise ValueError("row out of range")
        return _any_bit(self.P, self.rank, self.n_rows, x)

    def in_right_kernel_support(self, int64_t y):
        """Whether some ``z`` with ``A z = 0`` has ``z[y] = 1``."""
        if not 0 <= y < self.n_cols:
            raise ValueError("column out of range")
        return _any_bit(self.Qt, self.rank, self.n_cols, y)

    def left_kernel_support(self):
        """Per row: in the support of the left kernel (uint8)."""
        return _combined(self.P, self.rank, self.n_rows, self.P, -1, self.n_rows)

    def right_kernel_support(self):
        """Per column: in the support of the right kernel (uint8)."""
        return _combined(self.Qt, self.rank, self.n_cols, self.Qt, -1, self.n_cols)

    def solve_row(self, int64_t x):
        """A ``z`` (uint8 per column) with ``A z = e_x``; meaningful when ``x`` is
        outside the left kernel's support."""
        if not 0 <= x < self.n_rows:
            raise ValueError("row out of range")
        return _combined(self.Qt, 0, self.rank, self.P, x, self.n_cols)

    def solve_column(self, int64_t y):
        """A ``z`` (uint8 per row) with ``z^T A = e_y^T``; meaningful when ``y`` is
        outside the right kernel's support."""
        if not 0 <= y < self.n_cols:
            raise ValueError("column out of range")
        return _combined(self.P, 0, self.rank, self.Qt, y, self.n_rows)

    def matrices(self):
        """Copies of ``P`` and ``Q`` as uint8 arrays (for tests)."""
        p = np.zeros((self.n_rows, self.n_rows), dtype=np.uint8)
        qt = np.zeros((self.n_cols, self.n_cols), dtype=np.uint8)
        for m in range(self.n_rows):
            p[m] = _bits(self.P[m], self.n_rows)
        for m in range(self.n_cols):
            qt[m] = _bits(self.Qt[m], self.n_cols)
        return p, qt.T.copy()


cdef inline bint _bit(uint64_t[:, ::1] rows, int64_t m, int64_t j) noexcept nogil:
    return (rows[m, j >> 6] >> (j & 63)) & 1


cdef inline void _row_xor(
    uint64_t[:, ::1] rows, int64_t words, int64_t dst, int64_t src
) noexcept nogil:
    cdef int64_t k
    for k in range(words):
        rows[dst, k] ^= rows[src, k]


cdef inline void _row_swap(
    uint64_t[:, ::1] rows, int64_t words, int64_t i, int64_t j
) noexcept nogil:
    cdef int64_t k
    cdef uint64_t t
    if i != j:
        for k in range(words):
            t = rows[i, k]
            rows[i, k] = rows[j, k]
            rows[j, k] = t


cdef bint _any_bit(uint64_t[:, ::1] rows, int64_t first, int64_t end, int64_t j) noexcept nogil:
    """Whether one of ``rows[first:end]`` has bit ``j``."""
    cdef int64_t m
    for m in range(first, end):
        if _bit(rows, m, j):
            return True
    return False


cdef object _combined(
    uint64_t[:, ::1] rows, int64_t first, int64_t end, uint64_t[:, ::1] select, int64_t j,
    int64_t n,
):
    """The OR (``j`` < 0) of ``rows[first:end]``, or the XOR of those ``rows[m]`` whose
    ``select[m]`` has bit ``j``, as ``n`` uint8 bits."""
    cdef int64_t words = rows.shape[1], m, k
    acc_array = np.zeros(max(words, 1), dtype=np.uint64)
    cdef uint64_t[::1] acc = acc_array
    with nogil:
        for m in range(first, end):
            if j < 0:
                for k in range(words):
                    acc[k] |= rows[m, k]
            elif _bit(select, m, j):
                for k in range(words):
                    acc[k] ^= rows[m, k]
    return _bits(acc_array, n)


def _bits(words, Py_ssize_t n):
    """The first ``n`` bits of 64-bit words (bit ``k`` of word ``w`` is ``64 w + k``),
    as uint8."""
    little = np.ascontiguousarray(words, dtype="<u8")
    return np.unpackbits(little.view(np.uint8), bitorder="little")[:n]
