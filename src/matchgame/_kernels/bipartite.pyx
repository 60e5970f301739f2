# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Maximum matching kernels for bipartite graphs, and the alternating search.

``side`` (uint8) gives the bipartition: side 0 is the "left" side whose exposed
vertices push-relabel and Hopcroft-Karp grow paths from. ``mate`` (int32) is a
matching, -1 = exposed; the kernels that complete it change it in place.

Every entry point checks its arguments before its loops (``_checks.pxd``, one pass
over the arrays): ``offsets``/``neighbors`` a CSR graph, ``mate`` a matching of it
(-1 or a partner whose partner it is) and ``side`` a 2-colouring that every edge and
every pair crosses.
"""

import numpy as np

from libc.stdint cimport int64_t, uint8_t

from ._checks cimport check_graph, check_matching, check_sides
from ._stop cimport stop_requested
from ._types cimport index_t

# kernels look at the stop flag (another thread's request to stop) once per this many steps
cdef int64_t POLL = 1 << 14

cdef index_t INDEX_MAX = 2147483647


cdef int _check(
    const index_t[::1] offsets, const index_t[::1] neighbors, const index_t[::1] mate,
    const uint8_t[::1] side=None,
) except -1:
    """Refuse a graph that is no CSR, a ``mate`` that is no matching of it and, when given,
    a ``side`` that is no 2-colouring of both (_checks.pxd): the loops trust them."""
    check_graph(offsets, neighbors)
    check_matching(mate, offsets.shape[0] - 1)
    if side is not None:
        check_sides(offsets, neighbors, side, mate)
    return 0


cdef int64_t _karp_sipser(
    const index_t[::1] offsets, const index_t[::1] neighbors, index_t[::1] mate,
    index_t[::1] live_degree, index_t[::1] stack,
) noexcept nogil:
    cdef index_t n = <index_t> mate.shape[0], v, d, k, u, w, x, best, end, cursor = 0
    cdef Py_ssize_t top = 0
    cdef int64_t added = 0
    cdef int which
    cdef bint all_exposed = True
    for v in range(n):
        if mate[v] >= 0:
            all_exposed = False
            break
    for v in range(n):
        live_degree[v] = 0
        if all_exposed:  # the usual empty start: no neighbour list needs reading
            live_degree[v] = offsets[v + 1] - offsets[v]
        elif mate[v] < 0:
            d = 0
            for k in range(offsets[v], offsets[v + 1]):
                if mate[neighbors[k]] < 0:
                    d += 1
            live_degree[v] = d
    for v in range(n):
        if mate[v] < 0 and live_degree[v] == 1:
            stack[top] = v
            top += 1
    while True:
        if added % POLL == POLL - 1 and stop_requested():
            return added
        u = -1
        w = -1
        while top > 0:
            top -= 1
            v = stack[top]
            if mate[v] >= 0 or live_degree[v] != 1:
                continue
            for k in range(offsets[v], offsets[v + 1]):
                x = neighbors[k]
                if mate[x] < 0 and x != v:
                    u = v
                    w = x
                    break
            if u >= 0:
                break
        if u < 0:
            while cursor < n and (mate[cursor] >= 0 or live_degree[cursor] == 0):
                cursor += 1
            if cursor == n:
                break
            u = cursor
            best = INDEX_MAX
            for k in range(offsets[u], offsets[u + 1]):
                x = neighbors[k]
                if mate[x] < 0 and x != u and live_degree[x] < best:
                    best = live_degree[x]
                    w = x
            if w < 0:
                live_degree[u] = 0
                continue
        mate[u] = w
        mate[w] = u
        added += 1
        for which in range(2):
            end = u if which == 0 else w
            for k in range(offsets[end], offsets[end + 1]):
                x = neighbors[k]
                if mate[x] < 0:
                    live_degree[x] -= 1
                    # degrees only fall, so each vertex is pushed at most once
                    # (the test only guards against a CSR that lies)
                    if live_degree[x] == 1 and top < stack.shape[0]:
                        stack[top] = x
                        top += 1
    return added


def greedy_karp_sipser(
    const index_t[::1] offsets, const index_t[::1] neighbors, index_t[::1] mate
):
    """Extend ``mate`` greedily, in place; returns the number of pairs added.

    Karp-Sipser: a vertex with exactly one unmatched neighbour is matched to it
    first (that choice is always part of some maximum matching); otherwise the
    next unmatched vertex takes its unmatched neighbour of smallest remaining
    degree. Works on any graph.
    """
    cdef Py_ssize_t n = mate.shape[0]
    _check(offsets, neighbors, mate)
    cdef index_t[::1] live_degree = np.empty(n, dtype=np.int32)
    cdef index_t[::1] stack = np.empty(n, dtype=np.int32)
    cdef int64_t added
    with nogil:
        added = _karp_sipser(offsets, neighbors, mate, live_degree, stack)
    return added


cdef void _global_relabel(
    const index_t[::1] offsets, const index_t[::1] neighbors, const uint8_t[::1] side,
    const index_t[::1] mate, index_t[::1] label, index_t[::1] queue, index_t limit,
) noexcept nogil:
    """Exact distance labels of the right vertices to an exposed right vertex.

    A right vertex r reaches an exposed right vertex through r -> mate(r) ->
    another neighbour of mate(r) -> ...; labels count those steps (even numbers),
    and ``limit`` marks vertices that reach none.
    """
    cdef index_t n = <index_t> mate.shape[0], r, r2, u, k, next_label
    cdef Py_ssize_t head = 0, tail = 0
    for r in range(n):
        if side[r] == 1:
            if mate[r] < 0:
                label[r] = 0
                queue[tail] = r
                tail += 1
            else:
                label[r] = limit
    while head < tail:
        r = queue[head]
        head += 1
        next_label = label[r] + 2
        for k in range(offsets[r], offsets[r + 1]):
            u = neighbors[k]
            r2 = mate[u]
            if r2 >= 0 and label[r2] == limit:
                label[r2] = next_label
                queue[tail] = r2
                tail += 1


cdef int64_t _push_relabel(
    const index_t[::1] offsets, const index_t[::1] neighbors, const uint8_t[::1] side,
    index_t[::1] mate, double relabel_period, index_t[::1] label, index_t[::1] bfs_queue,
    index_t[::1] ring,
) noexcept nogil:
    cdef index_t n = <index_t> mate.shape[0], limit = n + 1, u, r, d, k, start, stop
    cdef index_t best, second, best_r, evicted
    cdef Py_ssize_t head = 0, tail = 0, size = n + 1
    cdef int64_t pushes = 0, work = 0
    cdef double budget
    for u in range(n):
        if side[u] == 0 and mate[u] < 0 and offsets[u + 1] > offsets[u]:
            ring[tail] = u
            tail += 1
    if tail == 0:
        return 0
    _global_relabel(offsets, neighbors, side, mate, label, bfs_queue, limit)
    budget = relabel_period * <double> (neighbors.shape[0] + n)
    while head != tail:
        if pushes % POLL == POLL - 1 and stop_requested():
            return pushes
        u = ring[head]
        head += 1
        if head == size:
            head = 0
        best = limit
        second = limit
        best_r = -1
        start = offsets[u]
        stop = offsets[u + 1]
        work += stop - start + 1
        for k in range(start, stop):
            r = neighbors[k]
            d = label[r]
            if d < second:
                if d < best:
                    second = best
                    best = d
                    best_r = r
                else:
                    second = d
        if best >= limit:
            continue  # no augmenting path from u, now or later
        evicted = mate[best_r]
        mate[best_r] = u
        mate[u] = best_r
        label[best_r] = second + 2 if second < limit else limit
        pushes += 1
        if evicted >= 0:
            mate[evicted] = -1
            ring[tail] = evicted
            tail += 1
            if tail == size:
                tail = 0
        if work > budget:
            work = 0
            _global_relabel(offsets, neighbors, side, mate, label, bfs_queue, limit)
    return pushes


def push_relabel(
    const index_t[::1] offsets, const index_t[::1] neighbors, const uint8_t[::1] side,
    index_t[::1] mate, double relabel_period,
):
    """Complete ``mate`` to a maximum matching of a bipartite graph, in place.

    Double-push FIFO push-relabel with periodic global relabelling: an exposed
    left vertex u takes the neighbour r of lowest label (evicting r's mate, who
    becomes active) and r is relabelled from u's second-best option. A global
    relabel (exact labels by BFS) runs whenever the adjacency entries scanned
    since the last one exceed ``relabel_period`` times the graph size.
    Returns the number of pushes.
    """
    cdef Py_ssize_t n = mate.shape[0]
    _check(offsets, neighbors, mate, side)
    cdef index_t[::1] label = np.empty(n, dtype=np.int32)
    cdef index_t[::1] bfs_queue = np.empty(n, dtype=np.int32)
    # each exposed left vertex sits in the ring at most once
    cdef index_t[::1] ring = np.empty(n + 1, dtype=np.int32)
    cdef int64_t pushes
    with nogil:
        pushes = _push_relabel(
            offsets, neighbors, side, mate, relabel_period, label, bfs_queue, ring
        )
    return pushes


cdef int64_t _short_augmentations(
    const index_t[::1] offsets, const index_t[::1] neighbors, const uint8_t[::1] side,
    index_t[::1] mate, int64_t budget, index_t[::1] seen, index_t[::1] parent,
    index_t[::1] queue, uint8_t[::1] dead, int64_t *n_stopped,
) noexcept nogil:
    """One breadth-first search for an augmenting path from every exposed left
    vertex, until ``budget`` adjacency entries have been scanned in all.

    A search that runs out of vertices leaves a Hungarian tree, which no later
    augmenting path can use: its vertices are marked dead and skipped from then
    on, so failed searches cost O(E) in all. A search stopped by the budget, and
    every exposed vertex not searched, is counted in ``n_stopped``.
    """
    cdef index_t n = <index_t> mate.shape[0], u, x, r, k, stamp = 0, nxt
    cdef Py_ssize_t head, tail, i
    cdef int64_t work = 0, augmented = 0
    cdef bint found, stopped
    n_stopped[0] = 0
    for u in range(n):
        if side[u] != 0 or mate[u] >= 0 or dead[u]:
            continue
        if work > budget:
            n_stopped[0] += 1
            continue
        if stamp % POLL == POLL - 1 and stop_requested():
            return augmented
        stamp += 1
        queue[0] = u
        head = 0
        tail = 1
        found = False
        stopped = False
        while head < tail and not found:
            x = queue[head]
            head += 1
            work += offsets[x + 1] - offsets[x] + 1
            if work > budget:
                stopped = True
                break
            for k in range(offsets[x], offsets[x + 1]):
                r = neighbors[k]
                if seen[r] == stamp or dead[r]:
                    continue
                seen[r] = stamp
                parent[r] = x
                if mate[r] < 0:  # flip the path u ... x - r
                    while True:
                        nxt = mate[x]
                        mate[x] = r
                        mate[r] = x
                        if x == u:
                            break
                        r = nxt
                        x = parent[r]
                    augmented += 1
                    found = True
                    break
                queue[tail] = mate[r]
                tail += 1
        if stopped:
            n_stopped[0] += 1
        elif not found:
            for i in range(tail):
                x = queue[i]
                dead[x] = 1
                for k in range(offsets[x], offsets[x + 1]):
                    dead[neighbors[k]] = 1
    return augmented


def short_augmentations(
    const index_t[::1] offsets, const index_t[::1] neighbors, const uint8_t[::1] side,
    index_t[::1] mate, int64_t budget,
):
    """Augment ``mate`` in place by one search per exposed left vertex, within a
    total ``budget`` of adjacency entries (see the cdef kernel): after Karp-Sipser
    on boards with many blocked cells most exposed vertices have a short path or
    none, and this finishes the matching. Returns the augmentations made and the
    exposed left vertices left unsearched (0: the matching is maximum)."""
    cdef Py_ssize_t n = mate.shape[0]
    _check(offsets, neighbors, mate, side)
    cdef index_t[::1] seen = np.zeros(n, dtype=np.int32)
    cdef index_t[::1] parent = np.empty(n, dtype=np.int32)
    cdef index_t[::1] queue = np.empty(n + 1, dtype=np.int32)
    cdef uint8_t[::1] dead = np.zeros(n, dtype=np.uint8)
    cdef int64_t augmented, n_stopped = 0
    with nogil:
        augmented = _short_augmentations(
            offsets, neighbors, side, mate, budget, seen, parent, queue, dead, &n_stopped
        )
    return augmented, n_stopped


cdef int64_t _hopcroft_karp(
    const index_t[::1] offsets, const index_t[::1] neighbors, const uint8_t[::1] side,
    index_t[::1] mate, index_t[::1] dist, index_t[::1] queue, index_t[::1] cursor,
    index_t[::1] stack,
) noexcept nogil:
    cdef index_t n = <index_t> mate.shape[0], u, w, r, k, x, nxt, root, found
    cdef Py_ssize_t head, tail, top, i
    cdef int64_t phases = 0
    cdef bint done, advanced
    while True:
        if stop_requested():
            return phases
        phases += 1
        tail = 0
        for u in range(n):
            if side[u] == 0:
                if mate[u] < 0:
                    dist[u] = 0
                    queue[tail] = u
                    tail += 1
                else:
                    dist[u] = INDEX_MAX
        head = 0
        found = INDEX_MAX
        while head < tail:
            u = queue[head]
            head += 1
            if dist[u] >= found:
                continue
            for k in range(offsets[u], offsets[u + 1]):
                w = mate[neighbors[k]]
                if w < 0:
                    if found == INDEX_MAX:
                        found = dist[u] + 1
                elif dist[w] == INDEX_MAX:
                    dist[w] = dist[u] + 1
                    queue[tail] = w
                    tail += 1
        if found == INDEX_MAX:
            return phases
        for u in range(n):
            cursor[u] = offsets[u]
        for root in range(n):
            if side[root] != 0 or mate[root] >= 0 or dist[root] != 0:
                continue
            if root % POLL == 0 and stop_requested():
                return phases
            top = 0
            stack[0] = root
            done = False
            while top >= 0 and not done:
                u = stack[top]
                advanced = False
                while cursor[u] < offsets[u + 1]:
                    r = neighbors[cursor[u]]
                    cursor[u] += 1
                    w = mate[r]
                    if w < 0:
                        if dist[u] + 1 == found:
                            # augment along the stack
                            for i in range(top, -1, -1):
                                x = stack[i]
                                nxt = mate[x]
                                mate[x] = r
                                mate[r] = x
                                r = nxt
                            done = True
                            break
                    elif dist[w] == dist[u] + 1:
                        top += 1
                        stack[top] = w
                        advanced = True
                        break
                if done:
                    break
                if not advanced:
                    dist[u] = INDEX_MAX
                    top -= 1


def hopcroft_karp(
    const index_t[::1] offsets, const index_t[::1] neighbors, const uint8_t[::1] side,
    index_t[::1] mate,
):
    """Complete ``mate`` to a maximum matching of a bipartite graph, in place.

    Hopcroft-Karp: BFS layers from all exposed left vertices, then a DFS (with an
    explicit stack) for vertex-disjoint shortest augmenting paths. Returns the
    number of phases.
    """
    cdef Py_ssize_t n = mate.shape[0]
    _check(offsets, neighbors, mate, side)
    cdef index_t[::1] dist = np.empty(n, dtype=np.int32)
    cdef index_t[::1] queue = np.empty(n, dtype=np.int32)
    cdef index_t[::1] cursor = np.empty(n, dtype=np.int32)
    cdef index_t[::1] stack = np.empty(n, dtype=np.int32)
    cdef int64_t phases
    with nogil:
        phases = _hopcroft_karp(offsets, neighbors, side, mate, dist, queue, cursor, stack)
    return phases


cdef void _even_alternating_bfs(
    const index_t[::1] offsets, const index_t[::1] neighbors, const index_t[::1] mate,
    uint8_t[::1] missable, index_t[::1] via, index_t[::1] queue,
) noexcept nogil:
    cdef index_t n = <index_t> mate.shape[0], v, x, w, k
    cdef Py_ssize_t head = 0, tail = 0
    for v in range(n):
        if mate[v] < 0:
            missable[v] = 1
            queue[tail] = v
            tail += 1
    while head < tail:
        if head % POLL == 0 and stop_requested():
            return
        x = queue[head]
        head += 1
        for k in range(offsets[x], offsets[x + 1]):
            w = mate[neighbors[k]]
            if w >= 0 and missable[w] == 0:
                missable[w] = 1
                via[w] = x
                queue[tail] = w
                tail += 1


def missable_bipartite(
    const index_t[::1] offsets, const index_t[::1] neighbors, const index_t[::1] mate
):
    """Vertices that some maximum matching misses, given a maximum matching.

    In a bipartite graph they are exactly those reached from an exposed vertex by
    an even alternating path (non-matching edge, then matching edge, ...). One BFS
    from all exposed vertices at once; each step stays on the start's side.
    Returns ``(missable, via)``: ``via[w]`` is the vertex the BFS reached ``w``
    from (the path continues w, mate(w), via[w], ...), -1 for exposed vertices
    and for vertices in every maximum matching.
    """
    cdef Py_ssize_t n = mate.shape[0]
    _check(offsets, neighbors, mate)
    missable_array = np.zeros(n, dtype=np.uint8)
    via_array = np.empty(n, dtype=np.int32)
    cdef uint8_t[::1] missable = missable_array
    cdef index_t[::1] via = via_array
    cdef index_t[::1] queue = np.empty(n, dtype=np.int32)
    with nogil:
        via[:] = -1
        _even_alternating_bfs(offsets, neighbors, mate, missable, via, queue)
    return missable_array, via_array
