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
