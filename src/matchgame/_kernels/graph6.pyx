# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""graph6 and sparse6 lines decoded straight into batched arrays.

One call decodes every line of a buffer: the vertex count of each graph, and all
edges in one array (local 0-based ids), the edges of graph ``g`` being
``edges[edge_start[g]:edge_start[g + 1]]``. No Python object is made per graph,
which is what lets a sweep of millions of graphs cost microseconds per graph.

Formats (B. McKay, https://users.cecs.anu.edu.au/~bdm/data/formats.txt): every
byte of a line is 63..126 (6 data bits each, most significant first); ``N(n)``
is one byte ``n + 63`` for ``n <= 62``, else ``~`` and 3 bytes (18 bits), else
``~~`` and 6 bytes (36 bits). graph6: ``N(n)`` then the upper triangle of the
adjacency matrix column by column. sparse6: ``:`` then ``N(n)`` then pairs
``(b, x)`` of 1 and ``k`` bits. Both may start with ``>>graph6<<`` or
``>>sparse6<<``. Incremental sparse6 (``;``) is refused.
"""

import numpy as np

from libc.stdint cimport int32_t, int64_t, uint8_t, uint16_t, uint64_t
from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memchr

# Largest vertex count accepted: vertex ids are int32 (matchgame.core.graph.INDEX_DTYPE).
DEF MAX_N = 2147483646

# error codes -> messages (the Python layer adds the line number)
ERRORS = {
    1: "a byte outside the graph6/sparse6 range 63..126",
    2: "the line ends inside its vertex count",
    3: "the line is shorter than its vertex count says (truncated, or the count lies)",
    4: "the line is longer than its vertex count says",
    5: "incremental sparse6 (';') is not supported; write plain sparse6 (':')",
    6: "more than 2147483646 vertices",
    7: "the vertex count is larger than the line can describe",
}


cdef struct Edges:
    int32_t *pairs  # 2 ints per edge
    int64_t size
    int64_t capacity


cdef inline int _push(Edges *e, int64_t u, int64_t v) noexcept nogil:
    """Append the edge u-v; -1 if memory ran out."""
    cdef int64_t new_capacity
    cdef int32_t *grown
    if e.size == e.capacity:
        new_capacity = e.capacity * 2 + 1024
        grown = <int32_t *> realloc(e.pairs, new_capacity * 2 * sizeof(int32_t))
        if grown == NULL:
            return -1
        e.pairs = grown
        e.capacity = new_capacity
    e.pairs[2 * e.size] = <int32_t> u
    e.pairs[2 * e.size + 1] = <int32_t> v
    e.size += 1
    return 0


cdef int _vertex_count(const uint8_t *p, Py_ssize_t length, int64_t *n, Py_ssize_t *used) noexcept nogil:
    """Read N(n) at ``p``; returns 0 or an error code. ``n`` is 0 .. 2**36 - 1 on success:
    every byte read is checked to be 63..126 (the callers size arrays by it)."""
    cdef Py_ssize_t i, width
    cdef int64_t value = 0
    if length < 1:
        return 2
    if p[0] < 63 or p[0] > 126:  # a byte below 63 would be a negative count
        return 1
    if p[0] != 126:
        n[0] = p[0] - 63
        used[0] = 1
        return 0
    if length >= 2 and p[1] == 126:
        width = 6
        p += 2
        length -= 2
        used[0] = 8
    else:
        width = 3
        p += 1
        length -= 1
        used[0] = 4
    if length < width:
        return 2
    for i in range(width):
        if p[i] < 63 or p[i] > 126:
            return 1
        value = (value << 6) | (p[i] - 63)
    n[0] = value
    return 0


cdef int _graph6(const uint8_t *p, Py_ssize_t length, int64_t n, Edges *e) noexcept nogil:
    """The upper triangle, column by column; ``p`` points past N(n)."""
    cdef int64_t bits, needed, i, j, bit = 0
    for i in range(length):  # a bad byte is named as such, whatever the length says
        if p[i] < 63 or p[i] > 126:
            return 1
    # n(n-1)/2 bits must fit in 6 * length: check before multiplying (no overflow)
    if <double> n * (n - 1) > 12.0 * length + 12.0:
        return 3
    bits = n * (n - 1) // 2
    needed = (bits + 5) // 6
    if length < needed:
        return 3
    if length > needed:
        return 4
    cdef Py_ssize_t c
    cdef int value, shift
    j = 1
    i = 0
    # byte by byte, six bits each (no division per bit: the decoder's hot loop)
    for c in range(needed):
        value = p[c] - 63
        for shift in range(5, -1, -1):
            if bit == bits:
                break
            if (value >> shift) & 1:
                if _push(e, i, j) < 0:
                    return -1
            i += 1
            if i == j:
                j += 1
                i = 0
            bit += 1
    return 0


cdef int _sparse6(const uint8_t *p, Py_ssize_t length, int64_t n, Edges *e) noexcept nogil:
    """Pairs (b, x) of 1 and k bits; ``p`` points past N(n)."""
    cdef int k = 1
    cdef int64_t total = 6 * <int64_t> length, bit = 0, v = 0, x, b
    cdef int i
    cdef Py_ssize_t c
    for c in range(length):
        if p[c] < 63 or p[c] > 126:
            return 1
    while (<int64_t> 1 << k) < n:
        k += 1
    while bit + 1 + k <= total:
        b = ((p[bit // 6] - 63) >> (5 - bit % 6)) & 1
        bit += 1
        x = 0
        for i in range(k):
            x = (x << 1) | (((p[bit // 6] - 63) >> (5 - bit % 6)) & 1)
            bit += 1
        if b:
            v += 1
        if x >= n or v >= n:  # padding (all ones, or a 0 bit then k ones) ends the list
            break
        if x > v:
            v = x
        elif _push(e, x, v) < 0:
            return -1
    return 0


def decode_lines(const uint8_t[::1] data):
    """Decode every non-blank line of ``data`` (graph6 or sparse6, mixed freely).

    Returns
    -------
    n_vertices : ndarray of int64, one per graph
    edge_start : ndarray of int64, ``n_graphs + 1`` offsets into ``edges``
    edges : ndarray of int32, shape ``(n_edges, 2)``, local 0-based ids
    sparse : bool
        Whether any line was sparse6 (whose edges may repeat or be loops).
    error : tuple ``(line, code)`` or None
        The 1-based line of the first bad line and its code in :data:`ERRORS`;
        the arrays then hold the graphs of the lines before it.
    """
    cdef Py_ssize_t size = data.shape[0], start = 0, stop, length, used = 0, skip
    cdef const uint8_t *p
    cdef int64_t line = 0, n = 0, g_count = 0, g_capacity = 1024, sparse_vertices = 0
    cdef int status = 0
    cdef bint is_sparse, any_sparse = False
    cdef Edges e
    e.pairs = NULL
    e.size = 0
    e.capacity = 0
    cdef int64_t *counts = <int64_t *> malloc(g_capacity * sizeof(int64_t))
    cdef int64_t *starts = <int64_t *> malloc((g_capacity + 1) * sizeof(int64_t))
    cdef int64_t *grown
    if counts == NULL or starts == NULL:
        free(counts)
        free(starts)
        raise MemoryError()
    starts[0] = 0
    with nogil:
        while start < size:
            stop = start
            while stop < size and data[stop] != 10:
                stop += 1
            line += 1
            p = &data[0] + start
            length = stop - start
            start = stop + 1
            if length and p[length - 1] == 13:  # CRLF
                length -= 1
            if length >= 10 and p[0] == 62 and p[1] == 62:  # >>graph6<< or >>sparse6<<
                skip = 0
                if p[2] == 103 and p[8] == 60 and p[9] == 60:
                    skip = 10  # >>graph6<<
                elif length >= 11 and p[2] == 115 and p[9] == 60 and p[10] == 60:
                    skip = 11  # >>sparse6<<
                if skip:
                    p += skip
                    length -= skip
            if length == 0:
                continue
            if p[0] == 59:
                status = 5
                break
            is_sparse = p[0] == 58
            if is_sparse:
                p += 1
                length -= 1
                any_sparse = True
            status = _vertex_count(p, length, &n, &used)
            if status:
                break
            if n > MAX_N:
                status = 6
                break
            if is_sparse:
                # n vertices cost memory though written in a few bytes: bound their sum
                # by the bytes seen so far, so memory stays a multiple of the input
                sparse_vertices += n
                if sparse_vertices > 64 * (start + 1024):
                    status = 7
                    break
                status = _sparse6(p + used, length - used, n, &e)
            else:
                status = _graph6(p + used, length - used, n, &e)
            if status:
                break
            if g_count == g_capacity:
                g_capacity *= 2
                grown = <int64_t *> realloc(counts, g_capacity * sizeof(int64_t))
                if grown == NULL:
                    status = -1
                    break
                counts = grown
                grown = <int64_t *> realloc(starts, (g_capacity + 1) * sizeof(int64_t))
                if grown == NULL:
                    status = -1
                    break
                starts = grown
            counts[g_count] = n
            g_count += 1
            starts[g_count] = e.size
    try:
        if status == -1:
            raise MemoryError()
        n_vertices = np.empty(g_count, dtype=np.int64)
        edge_start = np.empty(g_count + 1, dtype=np.int64)
        edges = np.empty((e.size, 2), dtype=np.int32)
        if g_count:
            n_vertices[:] = <int64_t[:g_count]> counts
        edge_start[:] = <int64_t[:g_count + 1]> starts
        if e.size:
            edges.reshape(-1)[:] = <int32_t[:2 * e.size]> e.pairs
    finally:
        free(counts)
        free(starts)
        free(e.pairs)
    error = (line, status) if status else None
    return n_vertices, edge_start, edges, any_sparse, error


# -- graph6 straight into the CSR of the union (the sweep's fast path) ------------------

cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_popcount(unsigned int) nogil

# Largest vertex count of the fused decoder: one uint64 adjacency row per vertex.
DEF ROW_BITS = 64
DEF TRIANGLE_BITS = 2016  # ROW_BITS * (ROW_BITS - 1) / 2


# Where bit k of a graph6 upper triangle is in the line (the same for every n): byte
# k // 6, bit 5 - k % 6 of its 6 (highest first); tables, not a division per bit.
cdef uint16_t _TRIANGLE_BYTE[TRIANGLE_BITS]
cdef uint8_t _TRIANGLE_SHIFT[TRIANGLE_BITS]


cdef void _fill_triangle() noexcept:
    cdef int k
    for k in range(TRIANGLE_BITS):
        _TRIANGLE_BYTE[k] = <uint16_t> (k // 6)
        _TRIANGLE_SHIFT[k] = <uint8_t> (5 - k % 6)


_fill_triangle()


cdef int _small_graph6_line(
    const uint8_t *p, Py_ssize_t length, int64_t *n, Py_ssize_t *data_start
) noexcept nogil:
    """Check one line (header and CRLF already cut) is plain graph6 of at most 64 vertices
    and well formed; set its vertex count and where its bits start. 0 if so, else 1."""
    cdef Py_ssize_t used = 0, i
    cdef int64_t needed
    if p[0] < 63 or p[0] > 126:  # sparse6 (':'), incremental sparse6 (';'), a bad byte
        return 1
    if _vertex_count(p, length, n, &used):
        return 1
    if n[0] > ROW_BITS:
        return 1
    needed = (n[0] * (n[0] - 1) // 2 + 5) // 6
    if length - used != needed:
        return 1
    for i in range(used, length):
        if p[i] < 63 or p[i] > 126:
            return 1
    data_start[0] = used
    return 0


def decode_graph6_union(const uint8_t[::1] data):
    """The CSR of the disjoint union of the graphs of ``data``, straight from graph6.

    The sweep's hot path: the same arrays as :func:`decode_lines` followed by
    ``batch.union_csr``, without the edge list between them (decoding and
    building the union were two thirds of a sweep's time on ``geng 10``; this
    is ~30% cheaper than both). Each line's upper triangle becomes one 64-bit
    adjacency row per vertex, whose set bits, lowest first, are the vertex's
    row of the CSR: neighbours ascending, which is the order ``union_csr``
    gives graph6 edges (column by column), so the arrays, and the matchings
    found, are the same.

    Only plain, well-formed graph6 of at most 64 vertices per line is taken:
    for anything else (sparse6, a larger graph, a bad line) it returns None and
    the caller decodes the chunk the general way, which names the error.

    Returns
    -------
    ``(vertex_start, offsets, neighbors)`` (int64, int32, int32) or None.
    """
    cdef Py_ssize_t size = data.shape[0], start = 0, stop, length, used = 0, c
    cdef const uint8_t *base = &data[0] if size else NULL
    cdef const uint8_t *p
    cdef const uint8_t *newline
    cdef int64_t n = 0, g_count = 0, total = 0, entries = 0, bits, needed, last_bits
    # a line of a graph is at least a byte and its newline: at most size / 2 + 1 graphs
    cdef int64_t *line_bits = <int64_t *> malloc((size // 2 + 2) * sizeof(int64_t))
    cdef int64_t *line_n = <int64_t *> malloc((size // 2 + 2) * sizeof(int64_t))
    cdef int refused = 0
    if line_bits == NULL or line_n == NULL:
        free(line_bits)
        free(line_n)
        raise MemoryError()
    try:
        # pass 1: check every line; note where its bits start, count vertices and edges
        with nogil:
            while start < size:
                p = base + start
                newline = <const uint8_t *> memchr(p, 10, size - start)
                stop = size if newline == NULL else newline - base
                length = stop - start
                start = stop + 1
                if length and p[length - 1] == 13:  # CRLF
                    length -= 1
                if length >= 10 and p[0] == 62 and p[1] == 62:  # a >>graph6<< header
                    if p[2] == 103 and p[8] == 60 and p[9] == 60:
                        p += 10
                        length -= 10
                    else:
                        refused = 1
                        break
                if length == 0:
                    continue
                if _small_graph6_line(p, length, &n, &used):
                    refused = 1
                    break
                line_bits[g_count] = (p + used) - base
                line_n[g_count] = n
                g_count += 1
                total += n
                bits = n * (n - 1) // 2
                needed = (bits + 5) // 6
                for c in range(needed):
                    if c == needed - 1:  # the padding bits of the last byte do not count
                        last_bits = bits - 6 * c
                        entries += __builtin_popcount(
                            ((p[used + c] - 63) >> (6 - last_bits)) & ((1 << last_bits) - 1)
                        )
                    else:
                        entries += __builtin_popcount(p[used + c] - 63)
        if refused or total > 2147483646 or 2 * entries > 2147483646:
            return None
        entries *= 2
        return _fill_union(base, line_bits, line_n, g_count, total, entries)
    finally:
        free(line_bits)
        free(line_n)


cdef object _fill_union(
    const uint8_t *base, const int64_t *line_bits, const int64_t *line_n,
    int64_t g_count, int64_t total, int64_t entries,
):
    """Pass 2 of :func:`decode_graph6_union`: the lines are known good; fill the arrays."""
    vertex_start_array = np.empty(g_count + 1, dtype=np.int64)
    offsets_array = np.empty(total + 1, dtype=np.int32)
    neighbors_array = np.empty(entries + 1, dtype=np.int32)  # + 1: see the fixed-step rows
    cdef int64_t[::1] vertex_start = vertex_start_array
    cdef int32_t[::1] offsets = offsets_array
    cdef int32_t[::1] neighbors = neighbors_array
    cdef uint64_t rows[ROW_BITS]
    cdef uint64_t row
    cdef const uint8_t *p
    cdef int64_t g, n, k, first = 0, v
    cdef int32_t filled = 0
    cdef int i, j, w
    cdef uint64_t bit, lower
    with nogil:
        offsets[0] = 0
        for g in range(g_count):
            n = line_n[g]
            p = base + line_bits[g]
            vertex_start[g] = first
            # column by column, every bit ORed in set or not: no branch per bit (one per
            # set bit mispredicts half the time on random graphs). Column j is row j's
            # lower neighbours, kept in a register, and one bit of each row above it.
            k = 0
            rows[0] = 0
            for j in range(1, n):
                lower = 0
                for i in range(j):
                    bit = ((p[_TRIANGLE_BYTE[k]] - 63) >> _TRIANGLE_SHIFT[k]) & 1
                    lower |= bit << i
                    rows[i] |= bit << j
                    k += 1
                rows[j] = lower
            for v in range(n):
                row = rows[v]
                if n <= 16:
                    # a fixed n steps per row: no branch that depends on the degree
                    for w in range(n):
                        neighbors[filled] = <int32_t> (first + w)
                        filled += <int32_t> ((row >> w) & 1)
                else:
                    while row:
                        neighbors[filled] = <int32_t> (first + __builtin_ctzll(row))
                        filled += 1
                        row &= row - 1
                offsets[first + v + 1] = filled
            first += n
        vertex_start[g_count] = first
    return vertex_start_array, offsets_array, neighbors_array[:entries]
