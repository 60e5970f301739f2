# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Directed graphs in linear time: strongly connected components, which vertices can
reach a cycle, which can be reached from a vertex, and the retrograde labels of a token
game along arcs.

A digraph arrives in CSR form: the arcs from ``v`` are the positions
``offsets[v]:offsets[v + 1]`` of ``heads`` (parallel arcs and self-loops allowed).
Components are numbered as Tarjan's algorithm closes them, sinks first, so every arc
``u -> v`` has ``component[u] >= component[v]``; the other functions take the vertices
grouped by component (``order``, ``starts``: component ``c`` is
``order[starts[c]:starts[c + 1]]``) and walk the components in that order.

Checked here before the loops: ``offsets``/``heads`` a CSR digraph (``_checks.pxd``:
O(1) always, a pass in full-check mode), every array's length, ``order`` a
permutation of the vertices and ``starts`` its bounds (a pass, always: the loops
index by them). That ``order`` lists the components sinks first is the caller's
(:func:`strong_components` gives it).
"""

import numpy as np

from libc.stdint cimport int8_t, int64_t, uint8_t
from libc.stdlib cimport free, malloc

from ._checks cimport check_graph
from ._stop cimport stop_requested
from ._types cimport index_t

__all__ = ["reached", "reaches_a_cycle", "settle", "strong_components"]

cdef int64_t POLL = 1 << 14


cdef index_t _tarjan(
    const index_t[::1] offsets, const index_t[::1] heads, index_t[::1] component,
    index_t *number, index_t *low, uint8_t *on_stack, index_t *stack, index_t *frame_v,
    index_t *frame_k,
) noexcept nogil:
    """Tarjan's algorithm with an explicit stack of frames (a vertex and its next arc);
    the number of components, or -1 when stopped."""
    cdef Py_ssize_t n = offsets.shape[0] - 1
    cdef index_t counter = 0, found = 0, depth, top = 0, root, v, w, k, u
    cdef int64_t steps = 0
    for root in range(n):
        if number[root] >= 0:
            continue
        number[root] = counter
        low[root] = counter
        counter += 1
        stack[top] = root
        top += 1
        on_stack[root] = 1
        frame_v[0] = root
        frame_k[0] = offsets[root]
        depth = 1
        while depth > 0:
            steps += 1
            if (steps & (POLL - 1)) == 0 and stop_requested():
                return -1
            v = frame_v[depth - 1]
            k = frame_k[depth - 1]
            if k < offsets[v + 1]:
                frame_k[depth - 1] = k + 1
                w = heads[k]
                if number[w] < 0:
                    number[w] = counter
                    low[w] = counter
                    counter += 1
                    stack[top] = w
                    top += 1
                    on_stack[w] = 1
                    frame_v[depth] = w
                    frame_k[depth] = offsets[w]
                    depth += 1
                elif on_stack[w] and number[w] < low[v]:
                    low[v] = number[w]
                continue
            depth -= 1
            if low[v] == number[v]:  # v roots a component: everything above it on the stack
                while True:
                    top -= 1
                    u = stack[top]
                    on_stack[u] = 0
                    component[u] = found
                    if u == v:
                        break
                found += 1
            if depth > 0 and low[v] < low[frame_v[depth - 1]]:
                low[frame_v[depth - 1]] = low[v]
    return found


def strong_components(const index_t[::1] offsets, const index_t[::1] heads):
    """The strongly connected components: ``(component, count)``, ``component`` an
    int32 per vertex, numbered sinks first (every arc ``u -> v`` has ``component[u] >=
    component[v]``); ``(None, 0)`` when the thread's stop flag was raised.

    >>> import numpy as np
    >>> i32 = lambda values: np.array(values, dtype=np.int32)
    >>> component, count = strong_components(i32([0, 1, 3, 3]), i32([1, 0, 2]))
    >>> component.tolist(), count  # 0 <-> 1, then 1 -> 2, a sink
    ([1, 1, 0], 2)
    """
    check_graph(offsets, heads)
    cdef Py_ssize_t n = offsets.shape[0] - 1, v
    component = np.full(n, -1, dtype=np.int32)
    cdef index_t[::1] out = component
    cdef index_t found
    cdef index_t *number = <index_t *> malloc(max(n, 1) * sizeof(index_t))
    cdef index_t *low = <index_t *> malloc(max(n, 1) * sizeof(index_t))
    cdef uint8_t *on_stack = <uint8_t *> malloc(max(n, 1) * sizeof(uint8_t))
    cdef index_t *stack = <index_t *> malloc(max(n, 1) * sizeof(index_t))
    cdef index_t *frame_v = <index_t *> malloc(max(n, 1) * sizeof(index_t))
    cdef index_t *frame_k = <index_t *> malloc(max(n, 1) * sizeof(index_t))
    try:
        if (number == NULL or low == NULL or on_stack == NULL or stack == NULL
                or frame_v == NULL or frame_k == NULL):
            raise MemoryError("no memory for the components' stacks")
        with nogil:
            for v in range(n):
                number[v] = -1
                on_stack[v] = 0
            found = _tarjan(offsets, heads, out, number, low, on_stack, stack, frame_v, frame_k)
    finally:
        free(number)
        free(low)
        free(on_stack)
        free(stack)
        free(frame_v)
        free(frame_k)
    if found < 0:
        return None, 0
    return component, int(found)


cdef int _check_order(
    const index_t[::1] offsets, const index_t[::1] order, const index_t[::1] starts
) except -1:
    """``order`` a permutation of the vertices, ``starts`` its bounds per component."""
    cdef Py_ssize_t n = offsets.shape[0] - 1, c, v, n_components = starts.shape[0] - 1
    cdef bint bad = False
    if order.shape[0] != n:
        raise ValueError(f"order must list the {n} vertices, got {order.shape[0]} entries")
    if n_components < 0 or starts[0] != 0 or starts[n_components] != n:
        raise ValueError(f"starts must run from 0 to the {n} vertices")
    seen = np.zeros(max(n, 1), dtype=np.uint8)
    cdef uint8_t[::1] marks = seen
    with nogil:
        for c in range(n_components):
            bad |= starts[c + 1] < starts[c]
        for v in range(n):
            if <size_t> order[v] >= <size_t> n or marks[order[v]]:
                bad = True
                break
            marks[order[v]] = 1
    if bad:
        raise ValueError("order must be a permutation of the vertices, starts increasing")
    return 0


def reaches_a_cycle(
    const index_t[::1] offsets,
    const index_t[::1] heads,
    const index_t[::1] order,
    const index_t[::1] starts,
):
    """Per vertex (uint8): whether a cycle (a self-loop is one) can be reached from it:
    its component has two vertices or a loop, or an arc leads to a vertex that can.
    ``order``/``starts``: the vertices by component, sinks first. None when stopped.

    >>> import numpy as np
    >>> i32 = lambda values: np.array(values, dtype=np.int32)
    >>> reaches_a_cycle(i32([0, 1, 2, 2]), i32([1, 1]), i32([2, 1, 0]), i32([0, 1, 2, 3])).tolist()
    [1, 1, 0]
    """
    check_graph(offsets, heads)
    _check_order(offsets, order, starts)
    cdef Py_ssize_t n = offsets.shape[0] - 1, n_components = starts.shape[0] - 1, c
    reaches = np.zeros(n, dtype=np.uint8)
    cdef uint8_t[::1] out = reaches
    cdef index_t v, k, i
    cdef bint stopped = False
    with nogil:
        for c in range(n_components):
            if (c & (POLL - 1)) == 0 and stop_requested():
                stopped = True
                break
            if starts[c + 1] - starts[c] > 1:
                for i in range(starts[c], starts[c + 1]):
                    out[order[i]] = 1
                continue
            v = order[starts[c]]
            for k in range(offsets[v], offsets[v + 1]):
                if heads[k] == v or out[heads[k]]:
                    out[v] = 1
                    break
    return None if stopped else reaches


def settle(
    const index_t[::1] offsets,
    const index_t[::1] heads,
    const index_t[::1] order,
    const index_t[::1] starts,
    int8_t[::1] mover_wins,
    index_t[::1] move,
    Py_ssize_t start,
):
    """Retrograde labels, component by component from ``start`` (sinks first): a
    component of one vertex ``v`` and no loop is settled at once (the player to move
    there wins iff an arc leads to a vertex where the mover loses: ``mover_wins[v]`` 1,
    and ``move[v]`` that arc's position in ``heads``; else 0 and -1). Returns the
    first component it cannot settle so (two vertices or a loop: the caller settles
    it, then asks again from the next), or the number of components when done; -1
    when stopped. Every arc out of a component must lead to settled vertices
    (``mover_wins`` 0 or 1; -1: not yet).

    >>> import numpy as np
    >>> i32 = lambda values: np.array(values, dtype=np.int32)
    >>> wins, move = np.full(3, -1, dtype=np.int8), np.full(3, -1, dtype=np.int32)
    >>> settle(i32([0, 1, 2, 2]), i32([1, 2]), i32([2, 1, 0]), i32([0, 1, 2, 3]), wins, move, 0)
    3
    >>> wins.tolist(), move.tolist()  # a path 0 -> 1 -> 2
    ([0, 1, 0], [-1, 1, -1])
    """
    check_graph(offsets, heads)
    _check_order(offsets, order, starts)
    cdef Py_ssize_t n = offsets.shape[0] - 1, n_components = starts.shape[0] - 1, c
    if mover_wins.shape[0] != n or move.shape[0] != n:
        raise ValueError(f"mover_wins and move must have {n} entries")
    if start < 0 or start > n_components:
        raise ValueError(f"start must be a component, 0..{n_components}")
    cdef index_t v, k, w, found
    cdef bint loop
    cdef Py_ssize_t result = n_components, unsettled = -1
    with nogil:
        for c in range(start, n_components):
            if (c & (POLL - 1)) == 0 and stop_requested():
                result = -1
                break
            if starts[c + 1] - starts[c] > 1:
                result = c
                break
            v = order[starts[c]]
            loop = False
            found = -1
            for k in range(offsets[v], offsets[v + 1]):
                w = heads[k]
                if w == v:
                    loop = True
                    break
                if mover_wins[w] < 0:
                    unsettled = w
                    break
                if found < 0 and mover_wins[w] == 0:
                    found = k
            if loop:
                result = c
                break
            if unsettled >= 0:
                break
            mover_wins[v] = 1 if found >= 0 else 0
            move[v] = found
    if unsettled >= 0:
        raise ValueError(f"vertex {unsettled} is not settled: order must list sinks first")
    return result


def reached(
    const index_t[::1] offsets,
    const index_t[::1] heads,
    const uint8_t[::1] keep,
    Py_ssize_t start,
):
    """The vertices that can be reached from ``start`` (itself first, then in the order
    found; int32) along the arcs ``keep`` marks (a flag per position of ``heads``); None
    when the thread's stop flag was raised. It takes time in what it reaches, not in
    the whole digraph (beyond a byte a vertex, zeroed).

    >>> import numpy as np
    >>> i32 = lambda values: np.array(values, dtype=np.int32)
    >>> offsets, heads = i32([0, 1, 2, 2, 4]), i32([1, 0, 1, 2])  # 0 <-> 1, 3 -> 1, 3 -> 2
    >>> every = np.ones(4, dtype=np.uint8)
    >>> reached(offsets, heads, every, 2).tolist(), sorted(reached(offsets, heads, every, 3).tolist())
    ([2], [0, 1, 2, 3])
    >>> reached(offsets, heads, np.array([1, 1, 1, 0], dtype=np.uint8), 3).tolist()
    [3, 1, 0]
    """
    check_graph(offsets, heads)
    cdef Py_ssize_t n = offsets.shape[0] - 1
    if keep.shape[0] != heads.shape[0]:
        raise ValueError(f"keep must have a flag for each of the {heads.shape[0]} arcs")
    if start < 0 or start >= n:
        raise ValueError(f"start must be a vertex, 0..{n - 1}")
    seen = np.zeros(n, dtype=np.uint8)
    cdef uint8_t[::1] marks = seen
    found = np.empty(n, dtype=np.int32)
    cdef index_t[::1] out = found
    cdef index_t v, w, k
    cdef Py_ssize_t done = 0, count = 1
    cdef int64_t steps = 0
    cdef bint stopped = False
    with nogil:  # found[done:count]: the vertices found whose arcs are not read yet
        marks[start] = 1
        out[0] = <index_t> start
        while done < count:
            steps += 1
            if (steps & (POLL - 1)) == 0 and stop_requested():
                stopped = True
                break
            v = out[done]
            done += 1
            for k in range(offsets[v], offsets[v + 1]):
                w = heads[k]
                if keep[k] and not marks[w]:
                    marks[w] = 1
                    out[count] = w
                    count += 1
    return None if stopped else found[:count]
