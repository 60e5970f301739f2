# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Kernels for many small graphs held as one disjoint union (one CSR).

A sweep solves a whole batch in one matching and one decomposition of the
union; what is asked per graph is then split by ``vertex_start`` offsets.
"""

import numpy as np

from libc.stdint cimport int64_t, uint8_t
from ._types cimport index_t


def bipartite_parts(
    const index_t[::1] offsets, const index_t[::1] neighbors, const int64_t[::1] vertex_start
):
    """Whether each graph of the union (vertices ``vertex_start[g]`` up to
    ``vertex_start[g + 1]``) is bipartite: uint8 per graph, one BFS 2-colouring."""
    cdef Py_ssize_t n_graphs = vertex_start.shape[0] - 1
    cdef Py_ssize_t n = offsets.shape[0] - 1
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
    vertex_start_array = np.empty(n_graphs + 1, dtype=np.int64)
    cdef int64_t[::1] vertex_start = vertex_start_array
    cdef int64_t total = 0, entries = 0, e, base, k, kept
    cdef index_t u, v
    with nogil:
        vertex_start[0] = 0
        for g in range(n_graphs):
            total += n_vertices[g]
            vertex_start[g + 1] = total
    if total > 2147483646 or 2 * edges.shape[0] > 2147483646:
        raise ValueError("a batch too large for int32 ids: split it")
    offsets_array = np.zeros(total + 1, dtype=np.int32)
    cdef index_t[::1] offsets = offsets_array
    with nogil:
        for g in range(n_graphs):
            base = vertex_start[g]
            for e in range(edge_start[g], edge_start[g + 1]):
                u = <index_t> (edges[e, 0] + base)
                v = <index_t> (edges[e, 1] + base)
                if u != v:
                    offsets[u + 1] += 1
                    offsets[v + 1] += 1
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
