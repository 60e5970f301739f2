# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Maximum matching on general graphs (Edmonds' blossoms) and Gallai-Edmonds sets.

Internally vertices are 1-based so that 0 can be the null vertex: ``match[0]``,
``pre[0]`` and ``fa[0]`` are 0, which lets the root of a search stop every walk
without a test. Blossoms are contracted with a union-find over bases (``fa``),
the lowest common ancestor is found with a time stamp (``dfn``), and only the
vertices a search labelled are reset afterwards.

Checked here before the loops (``_checks.pxd``, one pass over the arrays):
``offsets``/``neighbors`` a CSR graph, ``mate`` a matching of it; array lengths,
vertex ids and undo marks passed in. :class:`IncrementalMatching` checks once, when
made; ``alive`` stays shared with its caller (read as flags only).
"""

import numpy as np

from libc.stdint cimport int64_t, uint8_t
from libc.stdlib cimport free, realloc
from libc.string cimport memcpy

from ._checks cimport check_graph, check_matching
from ._stop cimport stop_requested
from ._stop import Stopped
from ._types cimport index_t

cdef enum:
    _EVEN = 1  # outer: reachable from an exposed vertex by an even alternating path
    _ODD = 2  # inner

EVEN = _EVEN
ODD = _ODD


cdef struct Search:
    # the graph (0-based CSR) and the search state (1-based, see the module doc)
    const index_t *offsets
    const index_t *neighbors
    index_t *match
    index_t *fa
    index_t *pre
    uint8_t *label
    int64_t *dfn
    uint8_t *dead
    index_t *queue
    index_t *touched  # every vertex labelled since the last reset
    Py_ssize_t n_touched
    int64_t stamp
    index_t meet_x  # the even-even edge joining two trees, when _grow returns -1
    index_t meet_y


cdef void _one_based(const index_t *mate, index_t *match, Py_ssize_t n) noexcept nogil:
    """``match[v + 1] = mate[v] + 1``; anything but a vertex id counts as exposed (0),
    so no later index is out of range. Branch-free: the compiler vectorises it."""
    cdef Py_ssize_t v
    match[0] = 0
    for v in range(n):
        match[v + 1] = (mate[v] + 1) * (<size_t> mate[v] < <size_t> n)


cdef class _State:
    """The arrays behind a ``Search``, alive as long as this object."""

    cdef object graph, label_array, arrays
    cdef Search s

    def __cinit__(self, const index_t[::1] offsets, const index_t[::1] neighbors,
                  const index_t[::1] mate):
        cdef Py_ssize_t n = mate.shape[0]
        check_graph(offsets, neighbors)
        check_matching(mate, offsets.shape[0] - 1)
        self.graph = (offsets, neighbors)  # the memoryviews hold the buffers
        self.label_array = np.zeros(n + 1, dtype=np.uint8)
        cdef index_t[::1] match = np.empty(n + 1, dtype=np.int32)
        cdef index_t[::1] fa = np.arange(n + 1, dtype=np.int32)
        cdef index_t[::1] pre = np.zeros(n + 1, dtype=np.int32)
        cdef uint8_t[::1] label = self.label_array
        cdef int64_t[::1] dfn = np.zeros(n + 1, dtype=np.int64)
        cdef uint8_t[::1] dead = np.zeros(n + 1, dtype=np.uint8)
        cdef index_t[::1] queue = np.empty(n + 1, dtype=np.int32)
        cdef index_t[::1] touched = np.empty(n + 1, dtype=np.int32)
        self.arrays = (match, fa, pre, dfn, dead, queue, touched)
        with nogil:
            _one_based(&mate[0] if n else NULL, &match[0], n)
        self.s.offsets = &offsets[0]
        self.s.neighbors = &neighbors[0]  # not read when there are no edges
        self.s.match = &match[0]
        self.s.fa = &fa[0]
        self.s.pre = &pre[0]
        self.s.label = &label[0]
        self.s.dfn = &dfn[0]
        self.s.dead = &dead[0]
        self.s.queue = &queue[0]
        self.s.touched = &touched[0]
        self.s.n_touched = 0
        self.s.stamp = 0


cdef inline index_t _find(index_t *fa, index_t x) noexcept nogil:
    cdef index_t root = x, nxt
    while fa[root] != root:
        root = fa[root]
    while fa[x] != root:
        nxt = fa[x]
        fa[x] = root
        x = nxt
    return root


cdef index_t _lca(Search *s, index_t x, index_t y) noexcept nogil:
    """Base of the blossom closed by the edge x-y; 0 if x and y lie in different trees."""
    cdef index_t t
    s.stamp += 1
    while True:
        if x != 0:
            x = _find(s.fa, x)
            if s.dfn[x] == s.stamp:
                return x
            s.dfn[x] = s.stamp
            x = s.pre[s.match[x]]
        t = x
        x = y
        y = t
        if x == 0 and y == 0:
            return 0


cdef Py_ssize_t _shrink(
    Search *s, index_t x, index_t y, index_t base, Py_ssize_t tail
) noexcept nogil:
    """Contract the half of the blossom from x up to ``base``; its odd vertices turn even."""
    while _find(s.fa, x) != base:
        s.pre[x] = y
        y = s.match[x]
        if s.label[y] == _ODD:
            s.label[y] = _EVEN
            s.queue[tail] = y
            tail += 1
        if s.fa[x] == x:
            s.fa[x] = base
        if s.fa[y] == y:
            s.fa[y] = base
        x = s.pre[y]
    return tail


cdef int _grow(Search *s, Py_ssize_t head, Py_ssize_t tail, index_t *end) noexcept nogil:
    """Run the alternating search on the queued even vertices ``queue[head:tail]``.

    Returns 1 with ``end`` the odd vertex reached next to an exposed one
    (augmenting path found), 0 when the search is exhausted, -1 when an
    even-even edge joins two different trees (an augmenting path through two
    roots; the edge is left in ``meet_x``, ``meet_y``).
    """
    cdef index_t x, y, z, k, base
    while head < tail:
        x = s.queue[head]
        head += 1
        for k in range(s.offsets[x - 1], s.offsets[x]):
            y = s.neighbors[k] + 1
            if s.dead[y] or s.label[y] == _ODD or _find(s.fa, x) == _find(s.fa, y):
                continue
            if s.label[y] == 0:
                s.label[y] = _ODD
                s.pre[y] = x
                s.touched[s.n_touched] = y
                s.n_touched += 1
                if s.match[y] == 0:
                    end[0] = y
                    return 1
                z = s.match[y]
                s.label[z] = _EVEN
                s.touched[s.n_touched] = z
                s.n_touched += 1
                s.queue[tail] = z
                tail += 1
            else:
                base = _lca(s, x, y)
                if base == 0:
                    s.meet_x = x
                    s.meet_y = y
                    return -1
                tail = _shrink(s, x, y, base, tail)
                tail = _shrink(s, y, x, base, tail)
    return 0


cdef void _reset_touched(Search *s, bint kill) noexcept nogil:
    """Unlabel the vertices of the last search (deleting them for good if ``kill``)."""
    cdef Py_ssize_t i
    cdef index_t v
    for i in range(s.n_touched):
        v = s.touched[i]
        if kill:
            s.dead[v] = 1
        s.fa[v] = v
        s.pre[v] = 0
        s.label[v] = 0
    s.n_touched = 0


cdef int64_t _edmonds(Search *s, Py_ssize_t n) noexcept nogil:
    cdef index_t src, u, v, w, end = 0
    cdef int status
    cdef int64_t augmented = 0
    for src in range(1, n + 1):
        if s.match[src] != 0 or s.dead[src]:
            continue
        if stop_requested():  # the caller's check raises Stopped: a partial matching is never used
            break
        s.label[src] = _EVEN
        s.touched[0] = src
        s.n_touched = 1
        s.queue[0] = src
        status = _grow(s, 0, 1, &end)
        if status == 1:
            u = end
            while u != 0:
                v = s.pre[u]
                w = s.match[v]
                s.match[u] = v
                s.match[v] = u
                u = w
            augmented += 1
        # a failed search leaves a Hungarian tree: no later augmenting path uses it
        _reset_touched(s, status != 1)
    return augmented


def edmonds_matching(
    const index_t[::1] offsets, const index_t[::1] neighbors, index_t[::1] mate
):
    """Complete ``mate`` (0-based, -1 exposed) to a maximum matching, in place.

    One search from every exposed vertex. A failed search leaves a Hungarian
    tree, which no later augmenting path can use, so its vertices are deleted
    for good: failed searches cost O(E) in total. Returns the augmentations made.
    """
    cdef _State state = _State(offsets, neighbors, mate)
    cdef Py_ssize_t n = mate.shape[0], v
    cdef int64_t augmented
    with nogil:
        augmented = _edmonds(&state.s, n)
        for v in range(n):
            mate[v] = state.s.match[v + 1] - 1
    return augmented


def gallai_edmonds_labels(
    const index_t[::1] offsets, const index_t[::1] neighbors, const index_t[::1] mate
):
    """Label every vertex EVEN (set D), ODD (set A) or 0 (set C), given a maximum matching.

    One alternating forest grown from all exposed vertices at once, blossoms
    contracted: the even vertices are exactly those some maximum matching
    misses. Returns an empty array if ``mate`` is not maximum.
    """
    cdef _State state = _State(offsets, neighbors, mate)
    cdef Search *s = &state.s
    cdef Py_ssize_t n = mate.shape[0], tail = 0
    cdef index_t v, end = 0
    cdef int status
    with nogil:
        for v in range(1, n + 1):
            if s.match[v] == 0:
                s.label[v] = _EVEN
                s.queue[tail] = v
                tail += 1
        status = _grow(s, 0, tail, &end)
    if status != 0:
        return np.empty(0, dtype=np.uint8)
    return state.label_array[1:].copy()


cdef struct Paths:
    index_t *data
    Py_ssize_t size
    Py_ssize_t capacity


cdef bint _append_path(Paths *out, index_t v, const index_t *walk, Py_ssize_t length) noexcept nogil:
    """Append v and then ``walk`` reversed; False if memory ran out."""
    cdef Py_ssize_t needed = out.size + length + 1, capacity, i
    cdef index_t *grown
    if needed > out.capacity:
        capacity = max(2 * needed, 64)
        grown = <index_t *> realloc(out.data, capacity * sizeof(index_t))
        if grown == NULL:
            return False
        out.data = grown
        out.capacity = capacity
    out.data[out.size] = v - 1
    out.size += 1
    for i in range(length - 1, -1, -1):
        out.data[out.size] = walk[i]
        out.size += 1
    return True


cdef int _missable_paths(
    Search *s, Py_ssize_t n, const index_t[::1] targets, int64_t[::1] lengths,
    index_t[::1] walk, Paths *out,
) noexcept nogil:
    """Fill ``out`` and ``lengths``; 0 on success, -1 out of memory, -2 a broken walk,
    -3 stopped (see _stop)."""
    cdef Py_ssize_t t, length
    cdef index_t v, root, u, x, end = 0
    cdef int status
    for t in range(targets.shape[0]):
        if stop_requested():
            return -3
        v = targets[t] + 1
        root = s.match[v]
        if root != 0:  # v is matched: search from its partner with v removed
            s.match[root] = 0
            s.match[v] = 0
            s.dead[v] = 1
            s.label[root] = _EVEN
            s.touched[0] = root
            s.n_touched = 1
            s.queue[0] = root
            status = _grow(s, 0, 1, &end)
            if status == 1:
                # the walk end, pre[end], match[pre[end]], ... reaches the root
                walk[0] = end - 1
                length = 1
                u = end
                while u != 0:  # match[root] is 0 while v is removed
                    if length + 2 > walk.shape[0]:
                        return -2  # longer than a simple path can be
                    x = s.pre[u]
                    walk[length] = x - 1
                    length += 1
                    u = s.match[x]
                    if u != 0:
                        walk[length] = u - 1
                        length += 1
                if not _append_path(out, v, &walk[0], length):
                    return -1
            _reset_touched(s, False)
            s.dead[v] = 0
            s.match[root] = v
            s.match[v] = root
        lengths[t + 1] = out.size
    return 0


def missable_paths(
    const index_t[::1] offsets, const index_t[::1] neighbors, const index_t[::1] mate,
    const index_t[::1] targets,
):
    """For each target v (matched, missable), an even alternating path from v to
    an exposed vertex: v, mate(v), ..., exposed. Flipping it gives a maximum
    matching that misses v.

    Found as an augmenting path from mate(v) in the graph without v. Returns the
    paths concatenated and their offsets; a path is empty if none exists.
    """
    cdef _State state = _State(offsets, neighbors, mate)
    cdef Py_ssize_t n = mate.shape[0], t
    for t in range(targets.shape[0]):
        if not 0 <= targets[t] < n:
            raise ValueError(f"target {targets[t]} is not a vertex")
    lengths = np.zeros(targets.shape[0] + 1, dtype=np.int64)
    cdef int64_t[::1] lengths_view = lengths
    cdef index_t[::1] walk = np.empty(n + 2, dtype=np.int32)
    cdef Paths out = Paths(NULL, 0, 0)
    cdef index_t[::1] paths_view
    cdef int status
    try:
        with nogil:
            status = _missable_paths(&state.s, n, targets, lengths_view, walk, &out)
        if status == -1:
            raise MemoryError()
        if status == -2:
            raise RuntimeError("the blossom search returned a walk longer than the graph")
        if status == -3:
            raise Stopped()
        paths = np.empty(out.size, dtype=np.int32)
        paths_view = paths
        if out.size:
            memcpy(&paths_view[0], out.data, out.size * sizeof(index_t))
    finally:
        free(out.data)
    return paths, lengths


# -- a maximum matching kept under vertex deletions (the game engine on any graph) --

cdef class IncrementalMatching:
    """A maximum matching of the alive vertices of a graph, kept up to date as
    vertices are deleted, with an undo log.

    ``alive`` (uint8, 0-based) is owned by the caller and kept in sync. The
    theorem's test :meth:`essential` runs one Edmonds search (blossoms
    contracted) from the token's partner with the token set aside: an exposed
    vertex reached means an even alternating path from the token to it, which is
    flipped so that the token is exposed (the matching stays maximum).

    Two questions are answered without a search (H is the alive graph, M the
    matching, D(H) the vertices some maximum matching of H misses):

    - *Exposed token.* ``t`` exposed in M is in D(H): not essential.
    - *After a lost position* (the free rule). If the last deletion removed a
      vertex ``d`` exposed in M, every alive neighbour ``v`` of ``d`` is
      essential in H - d. Proof: ``d`` was exposed in a maximum matching, so
      ``d`` was in D(H); by the theorem the player to move at ``d`` loses, so
      every move ``d -> v`` leaves a position the next player wins, i.e. ``v``
      is covered by every maximum matching of H - d. The same in matching terms:
      M stays maximum in H - d, and an even alternating path in H - d from an
      exposed vertex is one in H, so D(H - d) is within D(H); a neighbour of
      ``d`` in D(H) lies in d's factor-critical component K of D(H), and K - d is
      matched inside itself by M, which no alternating path from another exposed
      vertex can enter (its first vertex in K - d would follow a D-vertex of H
      outside K adjacent to K, or a matching edge leaving K - d). Flips made by
      :meth:`essential` between that deletion and the question change M, not H,
      so the rule holds until the next deletion; :meth:`mark` saves it.

    The free rule makes the search after every lost position disappear: in a
    game record those are the moves of the player who had lost, about half of
    all moves. A question still searches when the last deleted vertex was
    essential (the previous player could win).

    *The two-root search.* With the token ``t`` set aside, M' = M - t w is a
    matching of H - t whose exposed vertices are those of M plus ``w``; ``t`` is
    essential iff M' is maximum in H - t, i.e. iff no augmenting path for M'
    exists (then a flip exposes ``t``). Any such path ends at ``w``, since one
    between two vertices exposed in M would augment M in H. The search grows an
    Edmonds forest from ``w`` and from one more exposed vertex ``h``, the one a
    deletion exposed last (after an essential token ``v`` is deleted, its
    partner; on random graphs nearly every path found ends there), and stops
    at the first augmenting path: an unlabelled exposed vertex next to an even
    one (the path ends at ``w``), or an edge between the even vertices of the two
    trees (the path is ``w ... x - y ... h``; both halves are flipped up to their
    roots as in ``_flip_to_root``). Meeting in the middle, each tree grows to
    about half the path's length instead of one tree to all of it.

    Completeness: suppose the forest is exhausted. Let O be its odd vertices and
    U the unlabelled ones. Every neighbour of an even vertex is odd or in the
    same blossom, so the even blossoms (odd sets, |O| + 2 of them; |O| + 1 and
    1 + a below when ``h`` is missing) are
    components of (H - t) - O, and M' matches U inside U maximally (an
    augmenting path inside U would augment M in H). Any matching N of H - t
    then leaves at least 2 + a of the blossoms with an exposed vertex, where a
    is the number of vertices of O it matches into U, and at least
    |U| - 2 nu(H[U]) - a vertices of U exposed: at least as many as M' exposes.
    So M' is maximum and ``t`` is essential; no search from the other exposed
    vertices is needed.

    *The kept forest.* A failed search for ``t`` leaves a forest for H - t and
    M - t w whose odd vertices are in A(H - t): such a vertex ``z`` is next to an
    even one (in D), and a maximum matching N missing ``z`` would, by the count
    above with ``z`` no longer matching a blossom, expose at least two more
    vertices than M' does. The labels are kept (not reset) and, once ``t`` is
    deleted, an odd vertex asked about is essential without a search. They stay
    true while the walk deletes odd vertices: those are in A, and deleting an
    A-vertex leaves D, A - a and C as they were (the Lovasz-Plummer stability
    lemma). Any other deletion, any search and any undo drop the forest (its
    labels are reset, at the cost the failed search already paid): deleting a
    vertex of D or C may move vertices of A to C or D.

    Cost. Questions after a lost position, questions on an exposed token and
    the partner's question after a winning move are O(degree). A successful
    search costs the two balls that meet; a failing one the region the two
    trees can reach (everything alternating paths from ``w`` and ``h`` reach,
    as before). Failing searches are the positions where a player who could
    win made a losing move; apart from the kept forest they are not amortised:
    a walk with many of them on a large graph still costs O(n) each.
    """

    cdef _State state
    cdef uint8_t[::1] alive
    cdef index_t *log  # pairs (index, old): index <= n a match entry, n + 1 + v dead[v]
    cdef Py_ssize_t log_len, log_cap, n
    cdef bint logging
    cdef public int64_t n_exposed
    cdef index_t lost_vertex  # the last deleted vertex if it was exposed (1-based), else 0
    cdef index_t recent_exposed  # the vertex a deletion exposed last (a hint, checked on use)
    # the kept forest of the last failed search (class doc): 0 none, 1 built for the
    # alive graph minus ``forest_token``, 2 valid for the alive graph
    cdef int forest_state
    cdef index_t forest_token
    cdef public int64_t n_searches  # searches run (the free questions are not counted)
    # a deliberate fault, only for the tests that check they would catch one:
    # 1 = the free rule after any deletion, 2 = no search (a matched token is essential),
    # 3 = even vertices of the kept forest read as essential too
    cdef public int fault

    def __cinit__(self, const index_t[::1] offsets, const index_t[::1] neighbors,
                  const index_t[::1] mate, uint8_t[::1] alive, bint logging=True):
        cdef Py_ssize_t v, n = mate.shape[0]
        if alive.shape[0] != n:
            raise ValueError("alive and mate disagree on the number of vertices")
        self.state = _State(offsets, neighbors, mate)
        self.alive = alive
        self.n = n
        self.logging = logging
        self.log = NULL
        self.log_len = self.log_cap = 0
        self.n_exposed = 0
        self.lost_vertex = 0
        self.recent_exposed = 0
        self.forest_state = 0
        self.forest_token = 0
        self.n_searches = 0
        self.fault = 0
        for v in range(n):
            if not alive[v]:
                self.state.s.dead[v + 1] = 1
            elif self.state.s.match[v + 1] == 0:
                self.n_exposed += 1

    def __dealloc__(self):
        free(self.log)

    cdef int _reserve(self) except -1:
        """Room for one operation: at most two entries per vertex, plus a few."""
        cdef Py_ssize_t need = self.log_len + 2 * (self.n + 4)
        cdef index_t *grown
        if not self.logging or need <= self.log_cap:
            return 0
        grown = <index_t *> realloc(self.log, 2 * need * 2 * sizeof(index_t))
        if grown == NULL:
            raise MemoryError("no memory for the undo log")
        self.log = grown
        self.log_cap = 2 * need
        return 0

    cdef inline void _set(self, index_t v, index_t value) noexcept nogil:
        """``match[v] = value`` (1-based), logged."""
        if self.logging:
            self.log[2 * self.log_len] = v
            self.log[2 * self.log_len + 1] = self.state.s.match[v]
            self.log_len += 1
        self.state.s.match[v] = value

    cdef bint _essential(self, index_t t) noexcept nogil:
        cdef Search *s = &self.state.s
        cdef index_t w = s.match[t], end = 0, hint = self.recent_exposed, x, y, x_mate, y_mate
        cdef Py_ssize_t tail = 1
        cdef int status
        if w == 0:
            return False
        if self.n_exposed == 0:
            return True
        if self.lost_vertex != 0 and self._adjacent(t, self.lost_vertex):
            return True  # the free rule (class docstring)
        if self.forest_state == 2 and (
            s.label[t] == _ODD or (self.fault == 3 and s.label[t] == _EVEN)
        ):
            return True  # odd in the kept forest: in A (class docstring)
        if self.fault == 2:
            return True
        self._drop_forest()  # a search starts from clean labels
        self.n_searches += 1
        # set the token aside: its partner becomes a root, and so does the vertex
        # exposed last, where the path usually ends (the two-root search, class doc)
        s.dead[t] = 1
        s.match[t] = 0
        s.match[w] = 0
        s.label[w] = _EVEN
        s.touched[0] = w
        s.queue[0] = w
        if hint != 0 and hint != t and hint != w and not s.dead[hint] and s.match[hint] == 0:
            s.label[hint] = _EVEN
            s.touched[1] = hint
            s.queue[1] = hint
            tail = 2
        s.n_touched = tail
        status = _grow(s, 0, tail, &end)
        s.dead[t] = 0
        s.match[t] = w
        s.match[w] = t
        if status == 0:
            # keep the forest: once t is deleted, its odd vertices are in A
            self.forest_state = 1
            self.forest_token = t
            return True
        self._set(t, 0)
        self._set(w, 0)
        if status == 1:
            self._flip_to_root(end)  # end ... w: w's match is 0, the walk stops there
        else:  # w ... x - y ... hint: match x with y, then flip each side to its root
            x = s.meet_x
            y = s.meet_y
            x_mate = s.match[x]
            y_mate = s.match[y]
            self._set(x, y)
            self._set(y, x)
            self._flip_to_root(x_mate)
            self._flip_to_root(y_mate)
        _reset_touched(s, False)
        return False

    cdef void _flip_to_root(self, index_t u) noexcept nogil:
        """Flip the alternating path u, pre[u], match[pre[u]], ... up to its tree's root
        (exposed: the walk stops there); ``u`` is 0 or an odd vertex whose mate
        leaves the path (the edge the caller matched instead)."""
        cdef Search *s = &self.state.s
        cdef index_t v, after
        while u != 0:
            v = s.pre[u]
            after = s.match[v]
            self._set(u, v)
            self._set(v, u)
            u = after

    cdef void _drop_forest(self) noexcept nogil:
        """Forget the kept forest (its labels, blossoms and tree pointers)."""
        if self.forest_state != 0:
            _reset_touched(&self.state.s, False)
            self.forest_state = 0

    cdef void _delete(self, index_t v) noexcept nogil:
        cdef Search *s = &self.state.s
        cdef index_t w = s.match[v]
        # the kept forest survives deleting the token it was built without, then
        # deleting its odd vertices (A-vertices: the stability lemma); nothing else
        if self.forest_state == 1 and v == self.forest_token:
            self.forest_state = 2
        elif not (self.forest_state == 2 and s.label[v] == _ODD and w != 0):
            self._drop_forest()
        if self.logging:
            self.log[2 * self.log_len] = <index_t> (self.n + 1 + v)
            self.log[2 * self.log_len + 1] = s.dead[v]
            self.log_len += 1
        s.dead[v] = 1
        self.alive[v - 1] = 0
        if w != 0:
            self._set(v, 0)
            self._set(w, 0)
            self.n_exposed += 1
            self.lost_vertex = v if self.fault == 1 else 0
            self.recent_exposed = w
        else:
            self.n_exposed -= 1
            self.lost_vertex = v

    cdef bint _adjacent(self, index_t v, index_t u) noexcept nogil:
        """Whether ``u`` is a neighbour of ``v`` (1-based; O(degree of v))."""
        cdef Search *s = &self.state.s
        cdef index_t k
        for k in range(s.offsets[v - 1], s.offsets[v]):
            if s.neighbors[k] + 1 == u:
                return True
        return False

    cdef index_t _checked(self, Py_ssize_t v) except 0:
        if not 0 <= v < self.n:
            raise IndexError(f"vertex {v} is not in the graph")
        return <index_t> (v + 1)

    def essential(self, Py_ssize_t t):
        """Whether every maximum matching of the alive graph covers alive ``t``;
        when not, the matching is changed so that ``t`` is exposed."""
        cdef index_t t1 = self._checked(t)
        cdef bint result
        if self.state.s.dead[t1]:
            raise ValueError(f"vertex {t} is deleted")
        self._reserve()
        with nogil:
            result = self._essential(t1)
        return result

    def delete(self, Py_ssize_t v):
        """Delete alive ``v``, which must be exposed or essential (ask :meth:`essential`)."""
        cdef index_t v1 = self._checked(v)
        if self.state.s.dead[v1]:
            raise ValueError(f"vertex {v} is deleted")
        self._reserve()
        with nogil:
            self._delete(v1)

    def mark(self):
        """A point to :meth:`undo` back to."""
        return (self.log_len, self.n_exposed, self.lost_vertex)

    def undo(self, mark):
        """Revert every change made since ``mark``."""
        if type(mark) is not tuple or len(mark) != 3:  # indexed unchecked below
            raise ValueError("not a mark of this matching")
        cdef Py_ssize_t target = mark[0], k, index
        cdef index_t old
        if not 0 <= target <= self.log_len or not 0 <= mark[2] <= self.n:
            raise ValueError("not a mark of this matching")
        with nogil:
            self._drop_forest()  # the forest is not logged: it may not fit the old graph
            k = self.log_len
            while k > target:
                k -= 1
                index = self.log[2 * k]
                old = self.log[2 * k + 1]
                if index <= self.n:
                    self.state.s.match[index] = old
                else:
                    self.state.s.dead[index - self.n - 1] = <uint8_t> old
                    self.alive[index - self.n - 2] = 1 - <uint8_t> old
            self.log_len = target
        self.n_exposed = mark[1]
        self.lost_vertex = mark[2]

    def mate(self):
        """The matching, 0-based (-1 exposed), as a new array."""
        cdef Py_ssize_t v
        out = np.empty(self.n, dtype=np.int32)
        cdef index_t[::1] view = out
        for v in range(self.n):
            view[v] = self.state.s.match[v + 1] - 1
        return out

    def partner(self, Py_ssize_t v):
        """The partner of ``v`` (-1 if exposed)."""
        return self.state.s.match[self._checked(v)] - 1

    def walk(self, const index_t[::1] path):
        """Verdicts along a walk (as in ``incremental.walk``): ``mover_wins`` and a
        winning reply per position; the walk must be legal (checked by the caller)."""
        cdef Py_ssize_t t, steps = path.shape[0]
        for t in range(steps):
            self._checked(path[t])
        mover_wins = np.zeros(steps, dtype=np.uint8)
        replies = np.full(steps, -1, dtype=np.int32)
        cdef uint8_t[::1] wins = mover_wins
        cdef index_t[::1] reply = replies
        cdef index_t token
        self.logging = False
        with nogil:
            for t in range(steps):
                if stop_requested():  # the caller's check raises Stopped
                    break
                token = path[t] + 1
                if self._essential(token):
                    wins[t] = 1
                    reply[t] = self.state.s.match[token] - 1
                if t + 1 < steps:
                    self._delete(token)
        return mover_wins, replies
