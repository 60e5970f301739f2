"""General graph kernels."""

from __future__ import annotations

import numpy as np

from ._jit import kernel


@kernel
def two_colouring(offsets, neighbors):
    """BFS 2-colouring (uint8 per vertex); an empty array if an odd cycle exists."""
    n = offsets.shape[0] - 1
    colour = np.full(n, 255, dtype=np.uint8)
    queue = np.empty(n, dtype=np.int32)
    for root in range(n):
        if colour[root] != 255:
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
                if colour[w] == 255:
                    colour[w] = 1 - colour[v]
                    queue[tail] = w
                    tail += 1
                elif colour[w] == colour[v]:
                    return np.empty(0, dtype=np.uint8)
    return colour


@kernel
def csr_from_edges(n, sources, targets):
    """Symmetric CSR arrays of an edge list: loops dropped, repeats collapsed, lists sorted."""
    counts = np.zeros(n + 1, dtype=np.int64)
    for i in range(sources.shape[0]):
        u = sources[i]
        v = targets[i]
        if u != v:
            counts[u + 1] += 1
            counts[v + 1] += 1
    for v in range(n):
        counts[v + 1] += counts[v]
    slots = counts[:-1].copy()
    raw = np.empty(counts[n], dtype=np.int32)
    for i in range(sources.shape[0]):
        u = sources[i]
        v = targets[i]
        if u != v:
            raw[slots[u]] = v
            slots[u] += 1
            raw[slots[v]] = u
            slots[v] += 1
    offsets = np.zeros(n + 1, dtype=np.int32)
    size = 0
    for v in range(n):
        start = counts[v]
        stop = counts[v + 1]
        if stop - start > 32:
            raw[start:stop] = np.sort(raw[start:stop])
        else:  # insertion sort in place: most lists are short
            for i in range(start + 1, stop):
                x = raw[i]
                j = i - 1
                while j >= start and raw[j] > x:
                    raw[j + 1] = raw[j]
                    j -= 1
                raw[j + 1] = x
        previous = -1
        for i in range(start, stop):
            w = raw[i]
            if w != previous:
                raw[size] = w
                size += 1
                previous = w
        offsets[v + 1] = size
    return offsets, raw[:size].copy()


@kernel
def component_sizes_without(offsets, neighbors, removed):
    """Label the components of the graph minus ``removed`` (uint8 mask).

    Returns ``(component, sizes)``: ``component[v]`` (-1 for removed vertices)
    and the size of every component.
    """
    n = offsets.shape[0] - 1
    component = np.full(n, -1, dtype=np.int32)
    sizes = np.zeros(n, dtype=np.int64)
    queue = np.empty(max(n, 1), dtype=np.int32)
    count = 0
    for root in range(n):
        if removed[root] or component[root] >= 0:
            continue
        component[root] = count
        queue[0] = root
        head = 0
        tail = 1
        while head < tail:
            v = queue[head]
            head += 1
            for k in range(offsets[v], offsets[v + 1]):
                w = neighbors[k]
                if not removed[w] and component[w] < 0:
                    component[w] = count
                    queue[tail] = w
                    tail += 1
        sizes[count] = tail
        count += 1
    return component, sizes[:count].copy()
