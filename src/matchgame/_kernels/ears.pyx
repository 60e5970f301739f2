# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Witnesses that the components of D are factor-critical, for the vertex game's
certificates on graphs with odd cycles (``games/vertex/certificate.py``).

Given a maximum matching M and the set D of the Gallai-Edmonds decomposition,
:func:`odd_ears` finds an *odd ear decomposition* of every component K of G[D],
and :func:`component_links` one *link* per component that M matches out of D.

**Ears.** M matches K near-perfectly: all of K but one vertex r, its *base*,
which M leaves exposed or matches outside D. One Edmonds search from r inside K
(an alternating tree, blossoms contracted) ends with all of K in one blossom,
since K is factor-critical. The search records each blossom B as what it is, an
odd cycle of *children* C_0, C_1, ..., C_2k (earlier blossoms or single
vertices; C_0 holds the base of B) with the edge e_j = (e_j-, e_j+) from C_j to
C_j+1 (indices mod 2k + 1): for odd j an edge of M between the two children's
bases, for even j an edge outside M. The decomposition is read off that tree:

- ``path(B, c)``: an even alternating path in B from its base to its vertex c.
  If c is in C_i with i even it runs forwards, C_0, C_1, ..., C_i; with i odd
  backwards, C_0, C_2k, ..., C_i; through each child from its base to the end
  of its cycle edge, or from that end to its base, by the child's own ``path``.
- ``ears(B, c)``: ears that add the rest of B once ``path(B, c)`` is built:
  first the children on that path, each completed the same way; then one ear
  through the children it misses (from C_i to C_0 forwards, or from C_0 to C_i),
  alternating and so of odd length; then those children, completed.
- A component's decomposition: the ear ``[r]`` (its start), then ``ears(K, r)``.

Every vertex is new in exactly one ear and each ear has an even number of
vertices: an odd ear decomposition of a spanning subgraph of K (Lovasz), which
``games/vertex/_proofs.py`` checks without any of this. Both recursions run on
explicit stacks; the child of B that holds c is found by binary search in a
depth-first numbering of the blossom tree. Cost: O(m alpha) for the search
(nothing is augmented: one tree per component) and O(|D| log) for the ears.

**Links.** A component K that M matches out of D (its base r to a in A) links
to a vertex y of another component next to a; following the links from any
component reaches one with an exposed vertex, without a cycle. They are found by
one breadth-first search over the components from those with an exposed vertex.

Preconditions (the caller's): ``offsets``/``neighbors`` are a Graph's CSR,
checked when the Graph is built. Array lengths are checked here before the
loops; a ``mate`` entry that is no vertex, or whose partner does not point
back, counts as exposed, so no index leaves the arrays. A D that is not the
Gallai-Edmonds set of a maximum matching gives an error code, not a witness.
"""

import numpy as np

from libc.stdint cimport int64_t, uint8_t
from libc.stdlib cimport free, malloc

from ._stop cimport stop_requested
from ._stop import Stopped
from ._types cimport index_t

cdef enum:
    # labels of the search; _ODD and _OUT (a vertex outside D) are passed over alike
    _UNSEEN = 0
    _EVEN = 1
    _ODD = 2
    _OUT = 3

cdef enum:
    # status codes
    _DONE = 0
    _TWO_BASES = 1  # an edge joins the trees of two bases: D holds two of one component
    _NOT_EVEN = 2  # a vertex of D no even alternating path reaches from its base
    _STOPPED = 3

cdef enum:
    _EARS = 0
    _PATH = 1

DONE, TWO_BASES, NOT_EVEN = _DONE, _TWO_BASES, _NOT_EVEN


cdef struct Vertex:
    # what the search reads of a neighbour, in one cache line (the search is bound by
    # memory: one look per edge)
    index_t up  # union-find over the vertices of one outermost blossom (union by size)
    index_t dmate  # the partner inside D, -1 for a base
    index_t parent  # an odd vertex: the even vertex that labelled it
    uint8_t label


cdef struct Tree:
    # the graph (0-based CSR)
    const index_t *offsets
    const index_t *neighbors
    Py_ssize_t n
    # the search: vertices 0 .. n - 1 are nodes, blossoms n, n + 1, ...
    Vertex *v
    index_t *size  # a union-find root: the vertices of its set
    index_t *outer  # a union-find root: the outermost node its set makes up
    index_t *base  # blossom b: its base vertex, base[b - n]
    index_t *seen  # node -> stamp of the last walk to a common blossom that met it
    index_t stamp
    index_t *queue
    Py_ssize_t n_nodes
    # blossom b: children kids[first[b - n] : first[b - n] + count[b - n]] in cycle
    # order, and the edge j from child j to child j + 1 as (tail[.], head[.])
    index_t *first
    index_t *count
    index_t *kids
    index_t *tail
    index_t *head
    Py_ssize_t n_kids


cdef inline index_t _base(Tree *t, index_t x) noexcept nogil:
    return x if x < t.n else t.base[x - t.n]


cdef inline index_t _set(Tree *t, index_t x) noexcept nogil:
    """The union-find root of vertex x's set (path halving)."""
    cdef Vertex *v = t.v
    while v[x].up != x:
        v[x].up = v[v[x].up].up
        x = v[x].up
    return x


cdef inline index_t _outer(Tree *t, index_t x) noexcept nogil:
    """The outermost node (blossom, or x itself) holding vertex x."""
    return t.outer[_set(t, x)]


cdef inline void _join(Tree *t, index_t node, index_t *into) noexcept nogil:
    """Merge the set of ``node``'s vertices into ``into[0]``'s (-1: none yet), by size."""
    cdef index_t a = _set(t, _base(t, node)), b = into[0]
    if b < 0:
        into[0] = a
        return
    if t.size[a] > t.size[b]:
        a, b = b, a
    t.v[a].up = b
    t.size[b] += t.size[a]
    into[0] = b


cdef inline index_t _above(Tree *t, index_t node) noexcept nogil:
    """The outermost even node above the outermost ``node`` in its tree; -1 at a base."""
    cdef index_t odd = t.v[_base(t, node)].dmate
    if odd < 0:
        return -1
    return _outer(t, t.v[odd].parent)


cdef index_t _meeting(Tree *t, index_t x, index_t y) noexcept nogil:
    """The blossom where the walks up from outermost x and y meet, or -1 (two trees)."""
    cdef index_t swap
    t.stamp += 1
    while x >= 0 or y >= 0:
        if x >= 0:
            if t.seen[x] == t.stamp:
                return x
            t.seen[x] = t.stamp
            x = _above(t, x)
        swap = x
        x = y
        y = swap
    return -1


cdef Py_ssize_t _half(Tree *t, index_t node, index_t meet, Py_ssize_t at) noexcept nogil:
    """Write the walk up from ``node`` to ``meet`` (excluded) at ``kids[at:]``: each
    node, and in ``tail``/``head`` the ends of the edge up from it (its own end
    first). Returns the number written (even)."""
    cdef Py_ssize_t k = at
    cdef index_t odd, base
    while node != meet:
        base = _base(t, node)
        odd = t.v[base].dmate
        t.kids[k] = node
        t.tail[k] = base
        t.head[k] = odd
        t.kids[k + 1] = odd
        t.tail[k + 1] = odd
        t.head[k + 1] = t.v[odd].parent
        k += 2
        node = _outer(t, t.v[odd].parent)
    return k - at


cdef Py_ssize_t _contract(
    Tree *t, index_t x, index_t y, index_t meet, Py_ssize_t queued
) noexcept nogil:
    """Make the blossom closed by the edge x - y (even vertices, outermost nodes
    below ``meet``): children meet, then down to x's node, then from y's node up;
    its odd vertices turn even and are queued."""
    cdef Py_ssize_t s = t.n_kids, k, n_x, n_y, length
    cdef index_t node, swap, joined, blossom = <index_t> t.n_nodes
    # x's half goes in walk order at s + 1 ..., is reversed (downwards from meet),
    # and its edges, stored with the child below them, move to the child above
    n_x = _half(t, _outer(t, x), meet, s + 1)
    for k in range(n_x // 2):
        swap = t.kids[s + 1 + k]
        t.kids[s + 1 + k] = t.kids[s + n_x - k]
        t.kids[s + n_x - k] = swap
        swap = t.tail[s + 1 + k]
        t.tail[s + 1 + k] = t.tail[s + n_x - k]
        t.tail[s + n_x - k] = swap
        swap = t.head[s + 1 + k]
        t.head[s + 1 + k] = t.head[s + n_x - k]
        t.head[s + n_x - k] = swap
    for k in range(n_x):  # the edge from child k to child k + 1, walked downwards
        swap = t.head[s + 1 + k]
        t.head[s + k] = t.tail[s + 1 + k]
        t.tail[s + k] = swap
    t.kids[s] = meet
    t.tail[s + n_x] = x
    t.head[s + n_x] = y
    n_y = _half(t, _outer(t, y), meet, s + n_x + 1)
    length = 1 + n_x + n_y
    t.first[blossom - t.n] = <index_t> s
    t.count[blossom - t.n] = <index_t> length
    t.n_kids += length
    t.n_nodes += 1
    t.base[blossom - t.n] = _base(t, meet)
    joined = -1
    for k in range(s, s + length):
        node = t.kids[k]
        _join(t, node, &joined)
        if node < t.n and t.v[node].label == _ODD:
            t.v[node].label = _EVEN
            t.queue[queued] = node
            queued += 1
    t.outer[joined] = blossom
    return queued


cdef int _search(Tree *t) noexcept nogil:
    """Grow one alternating tree from every base of D at once (no edge of G[D] joins
    two components); a status code."""
    cdef Py_ssize_t head = 0, queued = 0, k
    cdef index_t v, x, y, z, meet
    cdef Vertex *vertex = t.v
    for v in range(t.n):
        if vertex[v].label == _UNSEEN and vertex[v].dmate < 0:
            vertex[v].label = _EVEN
            t.queue[queued] = v
            queued += 1
    while head < queued:
        if (head & 0xFFFF) == 0 and stop_requested():
            return _STOPPED
        x = t.queue[head]
        head += 1
        for k in range(t.offsets[x], t.offsets[x + 1]):
            y = t.neighbors[k]
            if vertex[y].label >= _ODD:  # odd, or outside D
                continue
            if vertex[y].label == _UNSEEN:  # matched inside D (every base is labelled)
                z = vertex[y].dmate
                vertex[y].label = _ODD
                vertex[y].parent = x
                vertex[z].label = _EVEN
                t.queue[queued] = z
                queued += 1
                continue
            if _set(t, x) == _set(t, y):
                continue
            meet = _meeting(t, _outer(t, x), _outer(t, y))
            if meet < 0:
                return _TWO_BASES
            queued = _contract(t, x, y, meet, queued)
    for v in range(t.n):
        if vertex[v].label != _EVEN and vertex[v].label != _OUT:
            return _NOT_EVEN
    return _DONE


cdef struct Frames:
    uint8_t *kind  # _EARS or _PATH
    uint8_t *reverse  # a path written from its far end to the base
    index_t *node
    index_t *target
    index_t *child  # the child of node holding target
    index_t *step


cdef struct Writer:
    index_t *out
    Py_ssize_t size
    index_t *order  # node -> its first leaf in the depth-first order of the blossom tree


cdef inline index_t _child_holding(Tree *t, Writer *w, index_t blossom, index_t c) noexcept nogil:
    """Which child of ``blossom`` holds vertex c: the last whose first leaf is not
    after c (the children are numbered depth-first in cycle order)."""
    cdef index_t low = 0, high = t.count[blossom - t.n] - 1, middle
    cdef index_t start = t.first[blossom - t.n], place = w.order[c]
    while low < high:
        middle = (low + high + 1) // 2
        if w.order[t.kids[start + middle]] <= place:
            low = middle
        else:
            high = middle - 1
    return low


cdef inline index_t _route_length(index_t i, index_t length) noexcept nogil:
    return i + 1 if i % 2 == 0 else length + 1 - i


cdef inline index_t _route_child(index_t p, index_t i, index_t length) noexcept nogil:
    if i % 2 == 0 or p == 0:
        return p
    return length - p


cdef inline index_t _target(
    Tree *t, index_t blossom, index_t i, index_t c, index_t j
) noexcept nogil:
    """Where the path to c leaves (or enters) child j, away from the child's base."""
    cdef index_t s = t.first[blossom - t.n], length = t.count[blossom - t.n]
    if j == i:
        return c
    if j == 0:
        return t.tail[s] if i % 2 == 0 else t.head[s + length - 1]
    if j % 2 == 1:
        return t.head[s + j - 1]
    return t.tail[s + j]


cdef inline Py_ssize_t _push(
    Frames *f, Py_ssize_t top, uint8_t kind, index_t node, index_t target, uint8_t reverse
) noexcept nogil:
    f.kind[top] = kind
    f.node[top] = node
    f.target[top] = target
    f.reverse[top] = reverse
    f.child[top] = -1
    f.step[top] = 0
    return top + 1


cdef Py_ssize_t _run(Tree *t, Writer *w, Frames *f, Py_ssize_t top) noexcept nogil:
    """Run the frames on the stack until it is empty; ears go to ``w.out``."""
    cdef index_t node, c, i, length, route, rest, step, j, q, s
    cdef uint8_t flip
    while top > 0:
        node = f.node[top - 1]
        c = f.target[top - 1]
        if node < t.n or (f.kind[top - 1] == _PATH and c == t.base[node - t.n]):
            if f.kind[top - 1] == _PATH:  # a single vertex: the path is c itself
                w.out[w.size] = c
                w.size += 1
            top -= 1
            continue
        if f.child[top - 1] < 0:
            f.child[top - 1] = _child_holding(t, w, node, c)
        i = f.child[top - 1]
        s = t.first[node - t.n]
        length = t.count[node - t.n]
        route = _route_length(i, length)
        step = f.step[top - 1]
        f.step[top - 1] = step + 1
        if f.kind[top - 1] == _PATH:
            if step == route:
                top -= 1
                continue
            q = step if not f.reverse[top - 1] else route - 1 - step
            j = _route_child(q, i, length)
            flip = 0 if (j == 0 or j % 2 == i % 2) else 1
            top = _push(f, top, _PATH, t.kids[s + j], _target(t, node, i, c, j),
                        flip ^ f.reverse[top - 1])
            continue
        # ears(node, c): the children on the path, one ear through the others, them
        rest = length - route
        if step < route:
            j = _route_child(step, i, length)
            top = _push(f, top, _EARS, t.kids[s + j], _target(t, node, i, c, j), 0)
            continue
        if rest == 0 or step == route + 2 * rest + 2:
            top -= 1
            continue
        if step == route:  # the ear's first end, already built
            w.out[w.size] = t.tail[s + i] if i % 2 == 0 else t.tail[s]
            w.size += 1
            continue
        if step == route + rest + 1:  # its last end, and the ear's end mark
            w.out[w.size] = t.head[s + length - 1] if i % 2 == 0 else t.head[s + i - 1]
            w.out[w.size + 1] = -1
            w.size += 2
            continue
        q = step - route - 1 if step <= route + rest else step - route - rest - 2
        j = i + 1 + q if i % 2 == 0 else 1 + q
        if step <= route + rest:
            top = _push(f, top, _PATH, t.kids[s + j], _target(t, node, i, c, j), j % 2)
        else:
            top = _push(f, top, _EARS, t.kids[s + j], _target(t, node, i, c, j), 0)
    return top


cdef int _write(Tree *t, Writer *w, Frames *f, index_t *component, index_t *starts,
                index_t *stack, index_t *next_kid, Py_ssize_t *found) noexcept nogil:
    """Number the blossom trees depth-first, then write every component's ears;
    ``found`` gets the number of components."""
    cdef Py_ssize_t v, depth, placed = 0, n_components = 0
    cdef index_t top, node, j
    for v in range(t.n):
        if t.v[v].label == _OUT or t.v[v].dmate >= 0:
            continue
        top = _outer(t, <index_t> v)
        stack[0] = top
        next_kid[0] = 0
        depth = 1
        while depth > 0:
            node = stack[depth - 1]
            if node < t.n:
                w.order[node] = <index_t> placed
                placed += 1
                component[node] = <index_t> n_components
                depth -= 1
                continue
            j = next_kid[depth - 1]
            if j == 0:
                w.order[node] = <index_t> placed
            if j == t.count[node - t.n]:
                depth -= 1
                continue
            next_kid[depth - 1] = j + 1
            stack[depth] = t.kids[t.first[node - t.n] + j]
            next_kid[depth] = 0
            depth += 1
        starts[n_components] = <index_t> v
        n_components += 1
    found[0] = n_components
    for j in range(n_components):
        if stop_requested():
            return _STOPPED
        v = starts[j]
        w.out[w.size] = <index_t> v
        w.out[w.size + 1] = -1
        w.size += 2
        _push(f, 0, _EARS, _outer(t, <index_t> v), <index_t> v, 0)
        _run(t, w, f, 1)
    return _DONE


def odd_ears(
    const index_t[::1] offsets, const index_t[::1] neighbors, const index_t[::1] mate,
    const uint8_t[::1] in_d,
):
    """An odd ear decomposition of every component of G[D] (``in_d``, uint8), from
    the maximum matching ``mate`` (0-based, -1 exposed).

    Returns ``(status, ears, component, starts)``: ``status`` DONE, TWO_BASES or
    NOT_EVEN (D is not the Gallai-Edmonds set of ``mate``; the arrays are then
    empty); ``ears`` (int32) every ear's vertices followed by -1, a component's
    first ear its base alone; ``component`` (int32) the component of every vertex
    of D, numbered in the order of ``starts`` (-1 outside D); ``starts`` the bases.
    Raises Stopped if the thread's stop flag is raised.
    """
    cdef Py_ssize_t n = mate.shape[0], v, capacity, n_blossoms
    cdef index_t partner
    if offsets.shape[0] != n + 1 or in_d.shape[0] != n:
        raise ValueError(f"mate and in_d must have {offsets.shape[0] - 1} entries")
    if n and (offsets[0] != 0 or offsets[n] != neighbors.shape[0]):
        raise ValueError("offsets do not describe neighbors")
    capacity = n + n // 2 + 1  # vertices and blossoms (each merges at least 3 nodes)
    size_array = np.ones(max(n, 1), dtype=np.int32)
    outer_array = np.arange(max(n, 1), dtype=np.int32)
    base_array = np.empty(n // 2 + 1, dtype=np.int32)
    seen_array = np.zeros(capacity, dtype=np.int32)
    queue_array = np.empty(max(n, 1), dtype=np.int32)
    first_array = np.zeros(n // 2 + 1, dtype=np.int32)
    count_array = np.zeros(n // 2 + 1, dtype=np.int32)
    kids_array = np.empty(capacity, dtype=np.int32)
    tail_array = np.empty(capacity, dtype=np.int32)
    head_array = np.empty(capacity, dtype=np.int32)
    cdef index_t[::1] size = size_array, outer = outer_array, base = base_array
    cdef index_t[::1] seen = seen_array
    cdef index_t[::1] queue = queue_array, first = first_array, count = count_array
    cdef index_t[::1] kids = kids_array, tail = tail_array, head = head_array
    cdef Tree t
    cdef int status
    cdef Vertex *vertex = <Vertex *> malloc(max(n, 1) * sizeof(Vertex))
    if vertex == NULL:
        raise MemoryError()
    t.offsets = &offsets[0]
    t.neighbors = &neighbors[0] if neighbors.shape[0] else NULL  # not read without edges
    t.n = n
    t.v = vertex
    t.size = &size[0]
    t.outer = &outer[0]
    t.base = &base[0]
    t.seen = &seen[0]
    t.stamp = 0
    t.queue = &queue[0]
    t.n_nodes = n
    t.first = &first[0]
    t.count = &count[0]
    t.kids = &kids[0]
    t.tail = &tail[0]
    t.head = &head[0]
    t.n_kids = 0
    try:
        with nogil:
            for v in range(n):
                partner = mate[v]
                vertex[v].up = <index_t> v
                vertex[v].parent = -1
                vertex[v].label = _UNSEEN if in_d[v] else _OUT
                vertex[v].dmate = -1
                if in_d[v] and 0 <= partner < n and in_d[partner] and mate[partner] == v:
                    vertex[v].dmate = partner
            status = _search(&t)
        if status == _STOPPED:
            raise Stopped()
        empty = np.empty(0, dtype=np.int32)
        if status != _DONE:
            return status, empty, empty, empty
        return _ears(&t, n, in_d)
    finally:
        free(vertex)


cdef _ears(Tree *t, Py_ssize_t n, const uint8_t[::1] in_d):
    """odd_ears' second half: the ears read off the search's blossom trees."""
    cdef Py_ssize_t n_blossoms
    cdef int status
    n_blossoms = t.n_nodes - n
    n_in_d = int(np.count_nonzero(np.asarray(in_d)))
    # each vertex of D once; a start ear one end mark more; any other ear 3 more
    out_array = np.empty(2 * n_in_d + 3 * n_blossoms + 1, dtype=np.int32)
    order_array = np.empty(t.n_nodes + 1, dtype=np.int32)
    component_array = np.full(n, -1, dtype=np.int32)
    starts_array = np.empty(max(n, 1), dtype=np.int32)
    depth = n_blossoms + 2  # a stack holds one node a level of the blossom tree
    stack_array = np.empty(depth, dtype=np.int32)
    next_array = np.empty(depth, dtype=np.int32)
    frame_kind = np.empty(depth, dtype=np.uint8)
    frame_reverse = np.empty(depth, dtype=np.uint8)
    frame_node = np.empty(depth, dtype=np.int32)
    frame_target = np.empty(depth, dtype=np.int32)
    frame_child = np.empty(depth, dtype=np.int32)
    frame_step = np.empty(depth, dtype=np.int32)
    cdef index_t[::1] out = out_array, order = order_array, component = component_array
    cdef index_t[::1] starts = starts_array, stack = stack_array, next_kid = next_array
    cdef uint8_t[::1] kind_view = frame_kind, reverse_view = frame_reverse
    cdef index_t[::1] node_view = frame_node, target_view = frame_target
    cdef index_t[::1] child_view = frame_child, step_view = frame_step
    cdef Writer w
    cdef Frames f
    cdef Py_ssize_t n_components = 0
    w.out = &out[0]
    w.size = 0
    w.order = &order[0]
    f.kind = &kind_view[0]
    f.reverse = &reverse_view[0]
    f.node = &node_view[0]
    f.target = &target_view[0]
    f.child = &child_view[0]
    f.step = &step_view[0]
    with nogil:
        status = _write(t, &w, &f, &component[0] if n else NULL, &starts[0], &stack[0],
                        &next_kid[0], &n_components)
    if status == _STOPPED:
        raise Stopped()
    return status, out_array[: w.size].copy(), component_array, starts_array[:n_components].copy()


cdef int _links(
    const index_t[::1] offsets, const index_t[::1] neighbors, const index_t[::1] mate,
    const index_t[::1] component, index_t[::1] link, index_t[::1] members,
    const index_t[::1] where, uint8_t[::1] reached, index_t[::1] queue,
) noexcept nogil:
    """Breadth-first over the components from those with an exposed vertex: a
    component matched out of D (to a) is reached from a vertex y next to a."""
    cdef Py_ssize_t n = mate.shape[0], head = 0, queued = 0, k, n_components
    cdef index_t v, y, a, partner, joined
    n_components = reached.shape[0]
    for v in range(n):
        if component[v] >= 0 and not (0 <= mate[v] < n):
            reached[component[v]] = 1
    for k in range(n_components):
        if reached[k]:
            for v in range(where[k], where[k + 1]):
                queue[queued] = members[v]
                queued += 1
    while head < queued:
        if (head & 0xFFFF) == 0 and stop_requested():
            return _STOPPED
        y = queue[head]
        head += 1
        for k in range(offsets[y], offsets[y + 1]):
            a = neighbors[k]
            if component[a] >= 0:
                continue
            partner = mate[a]
            if not (0 <= partner < n) or component[partner] < 0:
                continue
            joined = component[partner]
            if reached[joined]:
                continue
            reached[joined] = 1
            link[joined] = y
            for v in range(where[joined], where[joined + 1]):
                queue[queued] = members[v]
                queued += 1
    for k in range(n_components):
        if not reached[k]:
            return _NOT_EVEN
    return _DONE


def component_links(
    const index_t[::1] offsets, const index_t[::1] neighbors, const index_t[::1] mate,
    const index_t[::1] component, Py_ssize_t n_components,
):
    """One link per component of D (``component``: its number for every vertex of D,
    -1 elsewhere, as :func:`odd_ears` gives it): -1 for a component with a vertex
    ``mate`` leaves exposed, else a vertex y of another component next to the
    partner of the component's base, every chain of links ending at a component
    with an exposed vertex. Returns ``(status, link)``; status NOT_EVEN if some
    component cannot be linked (D is not the Gallai-Edmonds set of ``mate``).
    """
    cdef Py_ssize_t n = mate.shape[0], v
    if offsets.shape[0] != n + 1 or component.shape[0] != n:
        raise ValueError(f"mate and component must have {offsets.shape[0] - 1} entries")
    if n_components < 0:
        raise ValueError("n_components must be >= 0")
    for v in range(n):
        if not -1 <= component[v] < n_components:
            raise ValueError(f"component[{v}] = {component[v]} is not a component")
    labels = np.asarray(component)
    inside = labels >= 0
    members_array = np.flatnonzero(inside).astype(np.int32)
    members_array = members_array[np.argsort(labels[inside], kind="stable")]
    where_array = np.zeros(n_components + 1, dtype=np.int32)
    np.cumsum(np.bincount(labels[inside], minlength=n_components), out=where_array[1:])
    link_array = np.full(n_components, -1, dtype=np.int32)
    reached_array = np.zeros(n_components, dtype=np.uint8)
    queue_array = np.empty(max(members_array.shape[0], 1), dtype=np.int32)
    cdef index_t[::1] link = link_array, members = members_array, where = where_array
    cdef index_t[::1] queue = queue_array
    cdef uint8_t[::1] reached = reached_array
    cdef int status
    with nogil:
        status = _links(offsets, neighbors, mate, component, link, members, where, reached,
                        queue)
    if status == _STOPPED:
        raise Stopped()
    return status, link_array
