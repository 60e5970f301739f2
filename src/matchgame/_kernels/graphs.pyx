# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""General graph kernels: 2-colouring, CSR from an edge list, components.

Checked here before the loops: ``offsets``/``neighbors`` a CSR graph
(``_checks.pxd``, one pass over the arrays), array lengths and vertex ids passed in
(``csr_from_edges`` checks every id it is given). :class:`AliveNeighbours` checks
once, when made; ``alive`` stays shared with its caller (read as flags only).
"""

import numpy as np

from libc.stdint cimport int64_t, uint8_t, uint64_t
from libc.stdlib cimport qsort

from ._checks cimport check_graph
from ._types cimport index_t

cdef uint8_t UNCOLOURED = 255


cdef bint _two_colour(
    const index_t[::1] offsets, const index_t[::1] neighbors, uint8_t[::1] colour,
    index_t[::1] queue,
) noexcept nogil:
    """BFS from every uncoloured vertex; False at the first odd cycle."""
    cdef Py_ssize_t n = colour.shape[0], head, tail
    cdef index_t root, v, w, k
    for root in range(n):
        if colour[root] != UNCOLOURED:
            continue
        colour[root] = 0
        queue[0] = root
        head = 0
        tail = 1
        while head < tail:
            v = queue[head]
            head += 1
            for k in range(offsets[v], offsets[v + 1]):
                w = neighbors[k]
                if colour[w] == UNCOLOURED:
                    colour[w] = 1 - colour[v]
                    queue[tail] = w
                    tail += 1
                elif colour[w] == colour[v]:
                    return False
    return True


def two_colouring(const index_t[::1] offsets, const index_t[::1] neighbors):
    """BFS 2-colouring (uint8 per vertex); an empty array if an odd cycle exists."""
    check_graph(offsets, neighbors)
    cdef Py_ssize_t n = offsets.shape[0] - 1
    result = np.empty(n, dtype=np.uint8)  # np.full costs more than the work on small graphs
    cdef uint8_t[::1] colour = result
    cdef index_t[::1] queue = np.empty(n, dtype=np.int32)
    cdef bint bipartite
    with nogil:
        colour[:] = UNCOLOURED
        bipartite = _two_colour(offsets, neighbors, colour, queue)
    return result if bipartite else np.empty(0, dtype=np.uint8)


cdef int _compare_index(const void *a, const void *b) noexcept nogil:
    cdef index_t x = (<const index_t *> a)[0], y = (<const index_t *> b)[0]
    return (x > y) - (x < y)


cdef void _sort_short(index_t[::1] raw, int64_t start, int64_t stop) noexcept nogil:
    """Insertion sort of raw[start:stop]: most adjacency lists are short."""
    cdef int64_t i, j
    cdef index_t x
    for i in range(start + 1, stop):
        x = raw[i]
        j = i - 1
        while j >= start and raw[j] > x:
            raw[j + 1] = raw[j]
            j -= 1
        raw[j + 1] = x


cdef int64_t _fill_csr(
    const int64_t[::1] sources, const int64_t[::1] targets, int64_t[::1] counts,
    int64_t[::1] slots, index_t[::1] raw, index_t[::1] offsets,
) noexcept nogil:
    """Counting sort of both directions of every edge, then sort and dedupe each list.

    ``counts`` holds the prefix sums of the degrees on entry; the deduplicated
    lists are compacted to the front of ``raw``. Returns their total length.
    """
    cdef Py_ssize_t n = offsets.shape[0] - 1, i
    cdef int64_t u, v, start, stop, size = 0
    cdef index_t w, previous
    for i in range(sources.shape[0]):
        u = sources[i]
        v = targets[i]
        if u != v:
            raw[slots[u]] = <index_t> v
            slots[u] += 1
            raw[slots[v]] = <index_t> u
            slots[v] += 1
    offsets[0] = 0
    for v in range(n):
        start = counts[v]
        stop = counts[v + 1]
        if stop - start > 32:
            qsort(&raw[start], stop - start, sizeof(index_t), _compare_index)
        else:
            _sort_short(raw, start, stop)
        previous = -1
        for i in range(start, stop):
            w = raw[i]
            if w != previous:
                raw[size] = w
                size += 1
                previous = w
        offsets[v + 1] = <index_t> size
    return size


def csr_from_edges(Py_ssize_t n, const int64_t[::1] sources, const int64_t[::1] targets):
    """Symmetric CSR arrays of an edge list: loops dropped, repeats collapsed, lists sorted.

    Vertex ids must lie in ``0 .. n - 1`` (``Graph.from_edges`` checks them and says
    which; here an id outside is a ValueError before anything is written).
    Returns ``(offsets, neighbors)``, both int32.
    """
    if sources.shape[0] != targets.shape[0]:
        raise ValueError("sources and targets differ in length")
    if not 0 <= n <= 2147483646:
        raise ValueError("n must be a vertex count 0 .. 2**31 - 2")
    counts_array = np.zeros(n + 1, dtype=np.int64)
    cdef int64_t[::1] counts = counts_array
    cdef Py_ssize_t i
    cdef int64_t u, v
    cdef bint outside = False
    with nogil:
        for i in range(sources.shape[0]):
            u = sources[i]
            v = targets[i]
            if <uint64_t> u >= <uint64_t> n or <uint64_t> v >= <uint64_t> n:
                outside = True
                break
            if u != v:
                counts[u + 1] += 1
                counts[v + 1] += 1
    if outside:
        raise ValueError(f"edge {i} names a vertex outside 0..{n - 1}")
    with nogil:
        for i in range(n):
            counts[i + 1] += counts[i]
    if counts[n] > 2147483647:
        raise ValueError("more adjacency entries than int32 offsets hold")
    cdef int64_t[::1] slots = counts_array[:n].copy()
    raw_array = np.empty(counts[n], dtype=np.int32)
    offsets_array = np.empty(n + 1, dtype=np.int32)
    cdef index_t[::1] raw = raw_array, offsets = offsets_array
    cdef int64_t size
    with nogil:
        size = _fill_csr(sources, targets, counts, slots, raw, offsets)
    return offsets_array, raw_array[:size].copy()


cdef Py_ssize_t _label_components(
    const index_t[::1] offsets, const index_t[::1] neighbors, const uint8_t[::1] removed,
    index_t[::1] component, int64_t[::1] sizes, index_t[::1] queue,
) noexcept nogil:
    cdef Py_ssize_t n = component.shape[0], head, tail, count = 0
    cdef index_t root, v, w, k
    for root in range(n):
        if removed[root] or component[root] >= 0:
            continue
        component[root] = <index_t> count
        queue[0] = root
        head = 0
        tail = 1
        while head < tail:
            v = queue[head]
            head += 1
            for k in range(offsets[v], offsets[v + 1]):
                w = neighbors[k]
                if not removed[w] and component[w] < 0:
                    component[w] = <index_t> count
                    queue[tail] = w
                    tail += 1
        sizes[count] = tail
        count += 1
    return count


def component_sizes_without(
    const index_t[::1] offsets, const index_t[::1] neighbors, const uint8_t[::1] removed
):
    """Label the components of the graph minus ``removed`` (uint8 mask).

    Returns ``(component, sizes)``: ``component[v]`` (-1 for removed vertices)
    and the size of every component.
    """
    check_graph(offsets, neighbors)
    cdef Py_ssize_t n = offsets.shape[0] - 1
    if removed.shape[0] != n:
        raise ValueError("removed must have one entry per vertex")
    component_array = np.empty(n, dtype=np.int32)
    sizes_array = np.zeros(n, dtype=np.int64)
    cdef index_t[::1] component = component_array
    cdef int64_t[::1] sizes = sizes_array
    cdef index_t[::1] queue = np.empty(max(n, 1), dtype=np.int32)
    cdef Py_ssize_t count
    with nogil:
        component[:] = -1
        count = _label_components(offsets, neighbors, removed, component, sizes, queue)
    return component_array, sizes_array[:count].copy()



cdef class AliveNeighbours:
    """The alive neighbours of a vertex, and adjacency tests, for a position's legal
    moves: ``alive`` (uint8, 1 = not visited) is shared with the caller."""

    cdef const index_t[::1] offsets
    cdef const index_t[::1] neighbors
    cdef const uint8_t[::1] alive
    cdef Py_ssize_t n

    def __cinit__(self, const index_t[::1] offsets, const index_t[::1] neighbors,
                  const uint8_t[::1] alive):
        check_graph(offsets, neighbors)
        if alive.shape[0] != offsets.shape[0] - 1:
            raise ValueError("alive needs an entry per vertex")
        self.offsets = offsets
        self.neighbors = neighbors
        self.alive = alive
        self.n = alive.shape[0]

    cdef index_t _vertex(self, Py_ssize_t v) except -1:
        if not 0 <= v < self.n:
            raise IndexError(f"vertex {v} is not in the graph")
        return <index_t> v

    def of(self, Py_ssize_t v):
        """The alive neighbours of ``v``, increasing, as a list of ids."""
        cdef index_t u = self._vertex(v), k, w
        out = []
        for k in range(self.offsets[u], self.offsets[u + 1]):
            w = self.neighbors[k]
            if self.alive[w]:
                out.append(w)
        return out

    def count(self, Py_ssize_t v):
        """How many alive neighbours ``v`` has."""
        cdef index_t u = self._vertex(v), k
        cdef Py_ssize_t total = 0
        for k in range(self.offsets[u], self.offsets[u + 1]):
            total += self.alive[self.neighbors[k]]
        return total

    def adjacent(self, Py_ssize_t u, Py_ssize_t v):
        """Whether ``u - v`` is an edge (alive or not)."""
        cdef index_t a = self._vertex(u), b = self._vertex(v), k
        for k in range(self.offsets[a], self.offsets[a + 1]):
            if self.neighbors[k] == b:
                return True
        return False

    def is_alive(self, Py_ssize_t v):
        return self.alive[self._vertex(v)] != 0
