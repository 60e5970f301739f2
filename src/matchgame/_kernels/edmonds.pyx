# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""A maximum matching of a general graph and its Gallai-Edmonds labels, in one pass.

Edmonds' algorithm, one search (an alternating tree, blossoms contracted) from
each vertex still exposed when its turn comes. A search that fails leaves a
*Hungarian tree* H: every neighbour of an even vertex of H is an odd vertex of
H, an even vertex of the same blossom, or a vertex of an earlier Hungarian tree
(then an odd one: an even vertex there has all its neighbours in that tree or
earlier ones). No augmenting path can enter H later (it would have to leave H
through an even vertex), so later searches skip H and never change its matched
edges: H is *settled*, with its labels.

Why the settled labels are the Gallai-Edmonds decomposition: a vertex exposed
at the end was exposed at its own turn (vertices are never unmatched), so its
search ran and failed; every exposed vertex of the final matching is therefore
the root of a settled tree. The settled trees form an alternating forest of the
final matching in which every neighbour of an even vertex is odd or in the
even vertex's own blossom: exactly the forest Edmonds' search from all exposed
vertices at once ends with when the matching is maximum (no augmenting path),
and that forest's even vertices are the set D (missed by some maximum
matching), its odd ones the set A, the unlabelled ones C (Gallai-Edmonds
structure theorem). So the final "label all vertices" pass that
``blossom.gallai_edmonds_labels`` makes after a matching is not needed.

Vertices are 1-based inside, so that 0 is the null vertex (its partner and its
predecessor are 0 and stop every walk up a tree). Each vertex's search state is
one 16-byte record (partner, blossom base, predecessor, label), so looking at a
neighbour costs one cache line rather than one per array.

Checked here before the loops (``_checks.pxd``, one pass over the arrays):
``offsets``/``neighbors`` a CSR graph, ``mate`` a matching of it.
"""

import numpy as np

from libc.stdint cimport int64_t, uint8_t
from libc.stdlib cimport free, malloc

from ._checks cimport check_graph, check_matching
from ._stop cimport stop_requested
from ._types cimport index_t

cdef enum:
    UNLABELLED = 0
    EVEN_LABEL = 1  # reached from the root by an even alternating path
    ODD_LABEL = 2
    SETTLED = 4  # or-ed into the label of a vertex of a Hungarian tree: final

EVEN = EVEN_LABEL
ODD = ODD_LABEL


cdef struct VertexState:
    index_t partner  # 0 = exposed
    index_t base  # union-find link: the base of the blossom holding the vertex
    index_t came_from  # next vertex on the alternating path back to the root
    uint8_t label


cdef struct Forest:
    const index_t *offsets  # 0-based CSR
    const index_t *neighbors
    VertexState *vertex  # 1-based, entry 0 the null vertex
    int64_t *seen_at  # per base: the stamp of the last common-base walk that met it
    int64_t stamp
    index_t *queue  # even vertices still to scan
    index_t *touched  # vertices labelled by the current search
    Py_ssize_t n_touched


cdef inline index_t _blossom_base(VertexState *vertex, index_t x) noexcept nogil:
    cdef index_t root = x, up
    while vertex[root].base != root:
        root = vertex[root].base
    while vertex[x].base != root:  # path compression
        up = vertex[x].base
        vertex[x].base = root
        x = up
    return root


cdef index_t _common_base(Forest *f, index_t x, index_t y) noexcept nogil:
    """The base of the blossom that the edge between even vertices x and y of one tree
    closes: walk up from both ends in turn until one walk meets a base the other saw."""
    cdef VertexState *vertex = f.vertex
    cdef index_t other
    f.stamp += 1
    while x != 0 or y != 0:
        if x != 0:
            x = _blossom_base(vertex, x)
            if f.seen_at[x] == f.stamp:
                return x
            f.seen_at[x] = f.stamp
            x = vertex[vertex[x].partner].came_from  # the even vertex above; 0 past the root
        other = x
        x = y
        y = other
    return 0  # not reached: both ends are in the tree of the same root


cdef Py_ssize_t _contract(
    Forest *f, index_t x, index_t y, index_t base, Py_ssize_t tail
) noexcept nogil:
    """Fold the path from even x up to ``base`` into the blossom, coming from y. Its odd
    vertices become even (queued): a walk around the blossom reaches them evenly, and
    ``came_from`` of the path's even vertices now points that way round."""
    cdef VertexState *vertex = f.vertex
    cdef index_t odd
    while _blossom_base(vertex, x) != base:
        vertex[x].came_from = y
        odd = vertex[x].partner
        if vertex[odd].label == ODD_LABEL:
            vertex[odd].label = EVEN_LABEL
            f.queue[tail] = odd
            tail += 1
        if vertex[x].base == x:
            vertex[x].base = base
        if vertex[odd].base == odd:
            vertex[odd].base = base
        y = odd
        x = vertex[odd].came_from
    return tail


cdef index_t _search(Forest *f, index_t root) noexcept nogil:
    """Grow the alternating tree of ``root``; the exposed vertex it reaches (the end of
    an augmenting path), or 0 if the tree is Hungarian."""
    cdef VertexState *vertex = f.vertex
    cdef Py_ssize_t head = 0, tail = 1
    cdef index_t x, y, mate, base, k, stop
    cdef uint8_t label
    vertex[root].label = EVEN_LABEL
    f.queue[0] = root
    f.touched[0] = root
    f.n_touched = 1
    while head < tail:
        x = f.queue[head]
        head += 1
        stop = f.offsets[x]
        for k in range(f.offsets[x - 1], stop):
            y = f.neighbors[k] + 1
            label = vertex[y].label
            if label == UNLABELLED:  # a matched vertex outside every tree: it joins
                vertex[y].label = ODD_LABEL
                vertex[y].came_from = x
                f.touched[f.n_touched] = y
                f.n_touched += 1
                mate = vertex[y].partner
                if mate == 0:
                    return y
                vertex[mate].label = EVEN_LABEL
                f.touched[f.n_touched] = mate
                f.n_touched += 1
                f.queue[tail] = mate
                tail += 1
            elif label == EVEN_LABEL:  # odd, settled and same-blossom neighbours are inert
                base = _blossom_base(vertex, x)
                if base == _blossom_base(vertex, y):
                    continue
                base = _common_base(f, x, y)
                tail = _contract(f, x, y, base, tail)
                tail = _contract(f, y, x, base, tail)
    return 0


cdef void _augment(VertexState *vertex, index_t end) noexcept nogil:
    """Flip the path from the exposed vertex ``end`` back to its root."""
    cdef index_t u = end, v, next_u
    while u != 0:
        v = vertex[u].came_from
        next_u = vertex[v].partner
        vertex[u].partner = v
        vertex[v].partner = u
        u = next_u


cdef void _finish_search(Forest *f, bint hungarian) noexcept nogil:
    cdef VertexState *vertex = f.vertex
    cdef Py_ssize_t i
    cdef index_t v
    if hungarian:
        for i in range(f.n_touched):
            vertex[f.touched[i]].label |= SETTLED
    else:
        for i in range(f.n_touched):
            v = f.touched[i]
            vertex[v].label = UNLABELLED
            vertex[v].base = v
            vertex[v].came_from = 0
    f.n_touched = 0


cdef int64_t _match_and_label(Forest *f, Py_ssize_t n) noexcept nogil:
    """Search from every exposed vertex in turn; the number of augmentations, or -1 if
    stopped (see _stop)."""
    cdef index_t root, end
    cdef int64_t augmented = 0
    for root in range(1, n + 1):
        if f.vertex[root].partner != 0 or f.vertex[root].label != UNLABELLED:
            continue  # matched, or settled in an earlier tree
        if stop_requested():
            return -1
        end = _search(f, root)
        if end != 0:
            _augment(f.vertex, end)
            augmented += 1
        _finish_search(f, end == 0)
    return augmented


def maximum_matching_labels(
    const index_t[::1] offsets, const index_t[::1] neighbors, index_t[::1] mate
):
    """Complete ``mate`` (0-based, -1 exposed) to a maximum matching, in place, and
    return the Gallai-Edmonds labels: uint8 per vertex, EVEN (set D), ODD (set A) or 0
    (set C). See the module doc for why one pass gives both.

    If another thread's stop flag is raised (see _stop) the kernel returns early
    with ``mate`` a valid but maybe not maximum matching and the labels meaningless:
    the caller checks the flag.
    """
    cdef Py_ssize_t n = mate.shape[0], v
    check_graph(offsets, neighbors)
    check_matching(mate, offsets.shape[0] - 1)
    labels = np.empty(n, dtype=np.uint8)
    cdef uint8_t[::1] label_view = labels
    cdef index_t[::1] queue = np.empty(n + 1, dtype=np.int32)
    cdef index_t[::1] touched = np.empty(n + 1, dtype=np.int32)
    cdef int64_t[::1] seen_at = np.zeros(n + 1, dtype=np.int64)
    cdef Forest f
    cdef VertexState *vertex = <VertexState *> malloc((n + 1) * sizeof(VertexState))
    cdef index_t partner
    if vertex == NULL:
        raise MemoryError()
    f.offsets = &offsets[0]
    f.neighbors = &neighbors[0] if neighbors.shape[0] else NULL  # not read without edges
    f.vertex = vertex
    f.seen_at = &seen_at[0]
    f.stamp = 0
    f.queue = &queue[0]
    f.touched = &touched[0]
    f.n_touched = 0
    try:
        with nogil:
            vertex[0].partner = 0
            vertex[0].base = 0
            vertex[0].came_from = 0
            vertex[0].label = UNLABELLED
            for v in range(n):
                partner = mate[v]
                # anything but a vertex id counts as exposed, so no index leaves the arrays
                vertex[v + 1].partner = (partner + 1) * (<size_t> partner < <size_t> n)
                vertex[v + 1].base = <index_t> (v + 1)
                vertex[v + 1].came_from = 0
                vertex[v + 1].label = UNLABELLED
            _match_and_label(&f, n)
            for v in range(n):
                mate[v] = vertex[v + 1].partner - 1
                label_view[v] = vertex[v + 1].label & (EVEN_LABEL | ODD_LABEL)
    finally:
        free(vertex)
    return labels
