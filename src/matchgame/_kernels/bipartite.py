"""Maximum matching kernels for bipartite graphs, and the alternating search.

``side`` (uint8) gives the bipartition: side 0 is the "left" side whose exposed
vertices push-relabel and Hopcroft-Karp grow paths from.
"""

from __future__ import annotations

import numpy as np

from ._jit import kernel


@kernel
def greedy_karp_sipser(offsets, neighbors, mate):
    """Extend ``mate`` greedily, in place; returns the number of pairs added.

    Karp-Sipser: a vertex with exactly one unmatched neighbour is matched to it
    first (that choice is always part of some maximum matching); otherwise the
    next unmatched vertex takes its unmatched neighbour of smallest remaining
    degree. Works on any graph.
    """
    n = mate.shape[0]
    live_degree = np.zeros(n, dtype=np.int32)
    for v in range(n):
        if mate[v] < 0:
            d = 0
            for k in range(offsets[v], offsets[v + 1]):
                if mate[neighbors[k]] < 0:
                    d += 1
            live_degree[v] = d
    stack = np.empty(n, dtype=np.int32)
    top = 0
    for v in range(n):
        if mate[v] < 0 and live_degree[v] == 1:
            stack[top] = v
            top += 1
    added = 0
    cursor = 0
    while True:
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
            best = np.int32(2147483647)
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
                    if live_degree[x] == 1:
                        stack[top] = x
                        top += 1
    return added


@kernel
def _global_relabel(offsets, neighbors, side, mate, label, queue, limit):
    """Exact distance labels of the right vertices to an exposed right vertex.

    A right vertex r reaches an exposed right vertex through r -> mate(r) ->
    another neighbour of mate(r) -> ...; labels count those steps (even numbers),
    and ``limit`` marks vertices that reach none.
    """
    n = mate.shape[0]
    head = 0
    tail = 0
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


@kernel
def push_relabel(offsets, neighbors, side, mate, relabel_period):
    """Complete ``mate`` to a maximum matching of a bipartite graph, in place.

    Double-push FIFO push-relabel with periodic global relabelling: an exposed
    left vertex u takes the neighbour r of lowest label (evicting r's mate, who
    becomes active) and r is relabelled from u's second-best option. A global
    relabel (exact labels by BFS) runs whenever the adjacency entries scanned
    since the last one exceed ``relabel_period`` times the graph size.
    Returns the number of pushes.
    """
    n = mate.shape[0]
    limit = np.int32(n + 1)
    label = np.empty(n, dtype=np.int32)
    bfs_queue = np.empty(n, dtype=np.int32)
    # each exposed left vertex sits in the ring at most once
    ring = np.empty(n + 1, dtype=np.int32)
    head = 0
    tail = 0
    for u in range(n):
        if side[u] == 0 and mate[u] < 0 and offsets[u + 1] > offsets[u]:
            ring[tail] = u
            tail += 1
    if tail == 0:
        return 0
    _global_relabel(offsets, neighbors, side, mate, label, bfs_queue, limit)
    budget = relabel_period * (neighbors.shape[0] + n)
    work = 0
    pushes = 0
    size = n + 1
    while head != tail:
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


@kernel
def hopcroft_karp(offsets, neighbors, side, mate):
    """Complete ``mate`` to a maximum matching of a bipartite graph, in place.

    Hopcroft-Karp: BFS layers from all exposed left vertices, then a DFS (with an
    explicit stack) for vertex-disjoint shortest augmenting paths. Returns the
    number of phases.
    """
    n = mate.shape[0]
    inf = np.int32(2147483647)
    dist = np.empty(n, dtype=np.int32)
    queue = np.empty(n, dtype=np.int32)
    cursor = np.empty(n, dtype=np.int32)
    stack = np.empty(n, dtype=np.int32)
    phases = 0
    while True:
        phases += 1
        tail = 0
        for u in range(n):
            if side[u] == 0:
                if mate[u] < 0:
                    dist[u] = 0
                    queue[tail] = u
                    tail += 1
                else:
                    dist[u] = inf
        head = 0
        found = inf
        while head < tail:
            u = queue[head]
            head += 1
            if dist[u] >= found:
                continue
            for k in range(offsets[u], offsets[u + 1]):
                w = mate[neighbors[k]]
                if w < 0:
                    if found == inf:
                        found = dist[u] + 1
                elif dist[w] == inf:
                    dist[w] = dist[u] + 1
                    queue[tail] = w
                    tail += 1
        if found == inf:
            return phases
        for u in range(n):
            cursor[u] = offsets[u]
        for root in range(n):
            if side[root] != 0 or mate[root] >= 0 or dist[root] != 0:
                continue
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
                    dist[u] = inf
                    top -= 1


@kernel
def missable_bipartite(offsets, neighbors, mate):
    """Vertices that some maximum matching misses, given a maximum matching.

    In a bipartite graph they are exactly those reached from an exposed vertex by
    an even alternating path (non-matching edge, then matching edge, ...). One BFS
    from all exposed vertices at once; each step stays on the start's side.
    Returns ``(missable, via)``: ``via[w]`` is the vertex the BFS reached ``w``
    from (the path continues w, mate(w), via[w], ...), -1 for exposed vertices
    and for vertices in every maximum matching.
    """
    n = mate.shape[0]
    missable = np.zeros(n, dtype=np.uint8)
    via = np.full(n, -1, dtype=np.int32)
    queue = np.empty(n, dtype=np.int32)
    tail = 0
    for v in range(n):
        if mate[v] < 0:
            missable[v] = 1
            queue[tail] = v
            tail += 1
    head = 0
    while head < tail:
        x = queue[head]
        head += 1
        for k in range(offsets[x], offsets[x + 1]):
            w = mate[neighbors[k]]
            if w >= 0 and missable[w] == 0:
                missable[w] = 1
                via[w] = x
                queue[tail] = w
                tail += 1
    return missable, via
