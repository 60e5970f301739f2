# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Kernels for many small graphs held as one disjoint union (one CSR).

A sweep solves a whole batch in one matching and one decomposition of the
union; what is asked per graph is then split by ``vertex_start`` offsets.

The arrays come from the decoders (graph6.pyx) or from a caller: each kernel
checks every size, offset and id it will index with before its loops, and
raises ValueError for arrays that do not describe a union (a bad input line
must never become a read or write outside an array).
"""

import numpy as np

from libc.stdint cimport int64_t, uint8_t, uint32_t, uint64_t
from ._types cimport index_t


cdef bint _ascending_within(const int64_t[::1] starts, int64_t limit) noexcept:
    """Whether ``starts`` ascends from >= 0 to <= ``limit`` (offsets into an array)."""
    cdef Py_ssize_t i, n = starts.shape[0]
    cdef bint ok
    if n == 0:
        return True
    with nogil:
        ok = 0 <= starts[0] and starts[n - 1] <= limit
        for i in range(n - 1):
            ok &= starts[i] <= starts[i + 1]
    return ok


cdef bint _csr_in_bounds(const index_t[::1] offsets, const index_t[::1] neighbors) noexcept:
    """Whether every row of the CSR lies in ``neighbors`` and every entry is a vertex id
    (the loops index by them; symmetry and repeats do not matter to memory)."""
    cdef Py_ssize_t i, n = offsets.shape[0] - 1, m = neighbors.shape[0]
    cdef bint ok
    with nogil:
        ok = offsets[0] == 0 and offsets[n] <= m
        for i in range(n):
            ok &= offsets[i] <= offsets[i + 1]
        # only the entries the rows reach are read
        for i in range(offsets[n] if ok else 0):
            ok &= <uint32_t> neighbors[i] < <uint64_t> n
    return ok


def bipartite_parts(
    const index_t[::1] offsets, const index_t[::1] neighbors, const int64_t[::1] vertex_start
):
    """Whether each graph of the union (vertices ``vertex_start[g]`` up to
    ``vertex_start[g + 1]``) is bipartite: uint8 per graph, one BFS 2-colouring."""
    cdef Py_ssize_t n_graphs = vertex_start.shape[0] - 1
    cdef Py_ssize_t n = offsets.shape[0] - 1
    if n < 0 or n_graphs < 0:
        raise ValueError("offsets and vertex_start need at least one entry")
    if not _csr_in_bounds(offsets, neighbors):
        raise ValueError("offsets and neighbors are not a CSR adjacency")
    if not _ascending_within(vertex_start, n):
        raise ValueError(f"vertex_start must ascend within 0..{n}")
    result = np.ones(n_graphs, dtype=np.uint8)
    cdef uint8_t[::1] bipartite = result
    cdef uint8_t[::1] colour = np.zeros(n, dtype=np.uint8)  # 0 = not reached, 1 or 2
    cdef index_t[::1] queue = np.empty(max(n, 1), dtype=np.int32)
    cdef Py_ssize_t g, head, tail
    cdef index_t root, v, w, k
    with nogil:
        for g in range(n_graphs):
            for root in range(vertex_start[g], vertex_start[g + 1]):
                if colour[root] or not bipartite[g]:
                    continue
                colour[root] = 1
                queue[0] = root
                head = 0
                tail = 1
                while head < tail and bipartite[g]:
                    v = queue[head]
                    head += 1
                    for k in range(offsets[v], offsets[v + 1]):
                        w = neighbors[k]
                        if colour[w] == 0:
                            colour[w] = 3 - colour[v]
                            queue[tail] = w
                            tail += 1
                        elif colour[w] == colour[v]:
                            bipartite[g] = 0
                            break
    return result


def union_csr(
    const int64_t[::1] n_vertices, const int64_t[::1] edge_start, const index_t[:, ::1] edges,
    bint may_repeat,
):
    """The CSR of the disjoint union of many graphs, straight from their edge lists.

    Graph ``g`` has ``n_vertices[g]`` vertices and the edges
    ``edges[edge_start[g]:edge_start[g + 1]]`` in its own 0-based ids; in the union
    its vertices start at ``vertex_start[g]``. Loops are dropped; repeats collapse
    when ``may_repeat`` (graph6 never repeats an edge: the check is skipped).
    Rows are not sorted: the matching kernels do not need it.

    Returns ``(vertex_start, offsets, neighbors)``: int64, int32, int32.
    """
    cdef Py_ssize_t n_graphs = n_vertices.shape[0], g
    if edge_start.shape[0] != n_graphs + 1:
        raise ValueError("edge_start needs one entry more than n_vertices")
    if edges.shape[1] != 2:
        raise ValueError("edges must have 2 columns")
    if not _ascending_within(edge_start, edges.shape[0]):
        raise ValueError(f"edge_start must ascend within 0..{edges.shape[0]}")
    vertex_start_array = np.empty(n_graphs + 1, dtype=np.int64)
    cdef int64_t[::1] vertex_start = vertex_start_array
    cdef int64_t total = 0, entries = 0, e, base, k, kept, size
    cdef index_t u, v, a, b
    cdef bint bad = False
    with nogil:
        vertex_start[0] = 0
        for g in range(n_graphs):
            # each count is checked before it is added: the sum cannot overflow
            if not 0 <= n_vertices[g] <= 2147483646 - total:
                bad = True
                break
            total += n_vertices[g]
            vertex_start[g + 1] = total
    if bad or 2 * edges.shape[0] > 2147483646:
        raise ValueError("a batch too large for int32 ids, or a negative vertex count")
    offsets_array = np.zeros(total + 1, dtype=np.int32)
    cdef index_t[::1] offsets = offsets_array
    with nogil:
        for g in range(n_graphs):
            base = vertex_start[g]
            size = n_vertices[g]
            for e in range(edge_start[g], edge_start[g + 1]):
                a = edges[e, 0]
                b = edges[e, 1]
                # an id outside its graph would index another graph's rows, or no row
                if <uint32_t> a >= <uint64_t> size or <uint32_t> b >= <uint64_t> size:
                    bad = True
                    break
                u = <index_t> (a + base)
                v = <index_t> (b + base)
                if u != v:
                    offsets[u + 1] += 1
                    offsets[v + 1] += 1
            if bad:
                break
    if bad:
        raise ValueError(f"edges[{e}] names a vertex outside its graph {g}")
    with nogil:
        for k in range(total):
            offsets[k + 1] += offsets[k]
        entries = offsets[total]
    neighbors_array = np.empty(entries, dtype=np.int32)
    cdef index_t[::1] neighbors = neighbors_array
    cdef index_t[::1] slot = offsets_array[:total].copy()
    cdef index_t[::1] seen
    with nogil:
        for g in range(n_graphs):
            base = vertex_start[g]
            for e in range(edge_start[g], edge_start[g + 1]):
                u = <index_t> (edges[e, 0] + base)
                v = <index_t> (edges[e, 1] + base)
                if u != v:
                    neighbors[slot[u]] = v
                    slot[u] += 1
                    neighbors[slot[v]] = u
                    slot[v] += 1
    if not may_repeat:
        return vertex_start_array, offsets_array, neighbors_array
    # collapse repeats: a row keeps the first copy of each neighbour (seen[w] = row + 1)
    seen = np.zeros(total, dtype=np.int32)
    with nogil:
        kept = 0
        for u in range(total):
            k = offsets[u]
            offsets[u] = <index_t> kept
            for e in range(k, offsets[u + 1]):
                v = neighbors[e]
                if seen[v] != u + 1:
                    seen[v] = u + 1
                    neighbors[kept] = v
                    kept += 1
        offsets[total] = <index_t> kept
    return vertex_start_array, offsets_array, neighbors_array[:kept].copy()
