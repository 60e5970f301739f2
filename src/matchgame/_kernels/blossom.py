"""Maximum matching on general graphs (Edmonds' blossoms) and Gallai-Edmonds sets.

Internally vertices are 1-based so that 0 can be the null vertex: ``match[0]``,
``pre[0]`` and ``fa[0]`` are 0, which lets the root of a search stop every walk
without a test. Blossoms are contracted with a union-find over bases (``fa``),
the lowest common ancestor is found with a time stamp (``dfn``), and only the
vertices a search labelled are reset afterwards.
"""

from __future__ import annotations

import numpy as np

from ._jit import kernel

EVEN = 1  # outer: reachable from an exposed vertex by an even alternating path
ODD = 2  # inner


@kernel
def _find(fa, x):
    root = x
    while fa[root] != root:
        root = fa[root]
    while fa[x] != root:
        nxt = fa[x]
        fa[x] = root
        x = nxt
    return root


@kernel
def _lca(x, y, fa, pre, match, dfn, stamp):
    """Base of the blossom closed by the edge x-y; 0 if x and y lie in different trees."""
    while True:
        if x != 0:
            x = _find(fa, x)
            if dfn[x] == stamp:
                return x
            dfn[x] = stamp
            x = pre[match[x]]
        x, y = y, x
        if x == 0 and y == 0:
            return 0


@kernel
def _shrink(x, y, base, fa, pre, match, label, queue, tail):
    """Contract the half of the blossom from x up to ``base``; its odd vertices turn even."""
    while _find(fa, x) != base:
        pre[x] = y
        y = match[x]
        if label[y] == ODD:
            label[y] = EVEN
            queue[tail] = y
            tail += 1
        if fa[x] == x:
            fa[x] = base
        if fa[y] == y:
            fa[y] = base
        x = pre[y]
    return tail


@kernel
def _grow(
    offsets,
    neighbors,
    match,
    fa,
    pre,
    label,
    dfn,
    dead,
    queue,
    head,
    tail,
    touched,
    n_touched,
    stamp,
):
    """Run the alternating search on the queued even vertices.

    Returns ``(end, n_touched, stamp, status)``: status 1 with ``end`` the
    odd vertex reached next to an exposed one (augmenting path found), 0 when
    the search is exhausted, -1 when an even-even edge joins two different
    trees (an augmenting path through two roots).
    """
    while head < tail:
        x = queue[head]
        head += 1
        for k in range(offsets[x - 1], offsets[x]):
            y = neighbors[k] + 1
            if dead[y] or label[y] == ODD or _find(fa, x) == _find(fa, y):
                continue
            if label[y] == 0:
                label[y] = ODD
                pre[y] = x
                touched[n_touched] = y
                n_touched += 1
                if match[y] == 0:
                    return y, n_touched, stamp, 1
                z = match[y]
                label[z] = EVEN
                touched[n_touched] = z
                n_touched += 1
                queue[tail] = z
                tail += 1
            else:
                stamp += 1
                base = _lca(x, y, fa, pre, match, dfn, stamp)
                if base == 0:
                    return 0, n_touched, stamp, -1
                tail = _shrink(x, y, base, fa, pre, match, label, queue, tail)
                tail = _shrink(y, x, base, fa, pre, match, label, queue, tail)
    return 0, n_touched, stamp, 0


@kernel
def _search_state(mate):
    """1-based ``match`` from ``mate`` and fresh search arrays (see the module doc)."""
    n = mate.shape[0]
    match = np.zeros(n + 1, dtype=np.int32)
    for v in range(n):
        match[v + 1] = mate[v] + 1
    fa = np.arange(n + 1, dtype=np.int32)
    pre = np.zeros(n + 1, dtype=np.int32)
    label = np.zeros(n + 1, dtype=np.uint8)
    dfn = np.zeros(n + 1, dtype=np.int64)
    dead = np.zeros(n + 1, dtype=np.uint8)
    queue = np.empty(n + 1, dtype=np.int32)
    return match, fa, pre, label, dfn, dead, queue


@kernel
def edmonds_matching(offsets, neighbors, mate):
    """Complete ``mate`` (0-based, -1 exposed) to a maximum matching, in place.

    One search from every exposed vertex. A failed search leaves a Hungarian
    tree, which no later augmenting path can use, so its vertices are deleted
    for good: failed searches cost O(E) in total. Returns the augmentations made.
    """
    n = mate.shape[0]
    match, fa, pre, label, dfn, dead, queue = _search_state(mate)
    touched = np.empty(n + 1, dtype=np.int32)
    stamp = 0
    augmented = 0
    for s in range(1, n + 1):
        if match[s] != 0 or dead[s]:
            continue
        label[s] = EVEN
        touched[0] = s
        queue[0] = s
        end, n_touched, stamp, status = _grow(
            offsets, neighbors, match, fa, pre, label, dfn, dead, queue, 0, 1, touched, 1, stamp
        )
        if status == 1:
            u = end
            while u != 0:
                v = pre[u]
                w = match[v]
                match[u] = v
                match[v] = u
                u = w
            augmented += 1
        for i in range(n_touched):
            v = touched[i]
            if status != 1:
                dead[v] = 1
            fa[v] = v
            pre[v] = 0
            label[v] = 0
    for v in range(n):
        mate[v] = match[v + 1] - 1
    return augmented


@kernel
def gallai_edmonds_labels(offsets, neighbors, mate):
    """Label every vertex EVEN (set D), ODD (set A) or 0 (set C), given a maximum matching.

    One alternating forest grown from all exposed vertices at once, blossoms
    contracted: the even vertices are exactly those some maximum matching
    misses. Returns an empty array if ``mate`` is not maximum.
    """
    n = mate.shape[0]
    match, fa, pre, label, dfn, dead, queue = _search_state(mate)
    touched = np.empty(n + 1, dtype=np.int32)  # each vertex is labelled at most once
    tail = 0
    for v in range(1, n + 1):
        if match[v] == 0:
            label[v] = EVEN
            queue[tail] = v
            tail += 1
    _, _, _, status = _grow(
        offsets, neighbors, match, fa, pre, label, dfn, dead, queue, 0, tail, touched, 0, 0
    )
    if status != 0:
        return np.empty(0, dtype=np.uint8)
    return label[1:].copy()


@kernel
def missable_paths(offsets, neighbors, mate, targets):
    """For each target v (matched, missable), an even alternating path from v to
    an exposed vertex: v, mate(v), ..., exposed. Flipping it gives a maximum
    matching that misses v.

    Found as an augmenting path from mate(v) in the graph without v. Returns the
    paths concatenated and their offsets; a path is empty if none exists.
    """
    n = mate.shape[0]
    match, fa, pre, label, dfn, dead, queue = _search_state(mate)
    touched = np.empty(n + 1, dtype=np.int32)
    lengths = np.zeros(targets.shape[0] + 1, dtype=np.int64)
    out = np.empty(0, dtype=np.int32)
    stamp = 0
    size = 0
    for t in range(targets.shape[0]):
        v = targets[t] + 1
        root = match[v]
        match[root] = 0
        match[v] = 0
        dead[v] = 1
        label[root] = EVEN
        touched[0] = root
        queue[0] = root
        end, n_touched, stamp, status = _grow(
            offsets, neighbors, match, fa, pre, label, dfn, dead, queue, 0, 1, touched, 1, stamp
        )
        if status == 1:
            # the walk end, pre[end], match[pre[end]], ... reaches the root
            walk = [end - 1]
            u = end
            while u != 0:  # match[root] is 0 while v is removed
                x = pre[u]
                walk.append(x - 1)
                u = match[x]
                if u != 0:
                    walk.append(u - 1)
            needed = size + len(walk) + 1
            if needed > out.shape[0]:
                grown = np.empty(max(2 * needed, 64), dtype=np.int32)
                grown[:size] = out[:size]
                out = grown
            out[size] = v - 1
            size += 1
            for i in range(len(walk) - 1, -1, -1):
                out[size] = walk[i]
                size += 1
        lengths[t + 1] = size
        for i in range(n_touched):
            x = touched[i]
            fa[x] = x
            pre[x] = 0
            label[x] = 0
        dead[v] = 0
        match[root] = v
        match[v] = root
    return out[:size].copy(), lengths
