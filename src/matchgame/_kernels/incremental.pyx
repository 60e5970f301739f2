# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""A maximum matching kept up to date while vertices are deleted (bipartite graphs).

State shared by the kernels (all arrays, owned by ``matchgame.games.vertex.engines``):

- ``alive`` (uint8): vertices not deleted yet;
- ``mate`` (int32): a maximum matching of the alive graph, -1 = exposed;
- ``known`` (uint8): vertices known to be covered by every maximum matching
  (see *Known vertices* below);
- ``exposed`` (int64, 2): alive exposed vertices on side 0 and side 1;
- ``seen``/``parent``/``queue`` (int32): scratch for the searches, ``seen``
  compared against ``counters[0]`` (a stamp) so it never needs clearing;
- ``counters`` (int64, 4): the stamp, the number of log entries, the last deleted
  vertex (-1: none) and whether it was exposed when deleted (1) or not (0);
- ``log`` (int32, (capacity, 2)) with ``counters[1]`` entries: every change to
  ``mate`` (as ``(v, old)``), ``known`` (as ``(n + v, old)``) or ``alive`` (as
  ``(-v - 1, old)``), so a caller can undo; a log of capacity 0 records nothing
  (nor does a full one: callers make room before every operation). ``exposed``
  and ``counters[2:]`` are saved and restored by the caller.

Invariant: ``mate`` is a maximum matching of the alive graph between calls.
Checked here before the loops: ``offsets``/``neighbors`` a CSR graph, ``mate`` a
matching of it and ``side`` a 2-colouring of both (``_checks.pxd``), the arrays'
lengths, the log's length within its capacity, every vertex passed in
(``_check_state``, ``_check_vertex``). :class:`BipartiteMatching` checks its arrays
once, when made; ``mate`` and ``alive`` stay shared with its caller, who must not
write ``mate`` (``alive`` is read as flags only). A mark given to ``undo`` must be one
that ``mark`` returned (checked for its shape and range).

The question is whether the token ``t`` is *missable*: some maximum matching
misses it, i.e. an even alternating path leads from ``t`` (through its partner)
to an exposed vertex of ``t``'s side. Call S the token's side; the missable
vertices of S are those reachable from its exposed vertices (the D part of the
Gallai-Edmonds / Dulmage-Mendelsohn decomposition), independent of the matching.

Known vertices. ``known[y] = 1`` promises, for alive ``y``: (K1) ``y`` is not
missable; (K2) every alive neighbour of ``mate[y]`` is known too. By (K2) the
known vertices of a side are closed under the alternating steps a search takes,
so a search may skip them: nothing it could reach through them is exposed. The
flags are kept exact by four rules:

- a search that finds no exposed vertex marks every vertex of S it visited (all
  of them reach only what it explored, plus known vertices);
- a flipped path changes partners; its S vertices are missable, so unknown,
  and nothing known of S reaches the path, so (K2) holds on S. Its other-side
  vertices may be known (they are matched into D): from each of those a forward
  search marks the new reach (not missable either, as the decomposition does
  not depend on the matching), restoring (K2);
- deleting a vertex only removes edges; deleting a matched ``v`` exposes its
  partner ``w``, which makes missable exactly the vertices that reach ``w``. If
  ``w`` is not known, no known vertex reaches it (by K2 it would be known), and
  nothing changes; if it is, a search backwards from ``w`` through known
  vertices only clears every known vertex that reaches it;
- deleting an exposed vertex shrinks the missable set of its side and leaves the
  other side's unchanged, so no flag becomes false.

The free rule. If the last deleted vertex ``d`` was exposed, ``d`` was missable,
its neighbours were in A (adjacent to D) and deleting ``d`` leaves the other
side's D unchanged, so every alive neighbour of ``d`` is covered by every
maximum matching now: the token after a losing mover's move is decided without
a search (the opponent of a losing mover always wins).

Cost. A query costs O(deg) when the token is exposed, known, next to a vertex
deleted while exposed, or its side has no exposed vertex. Otherwise one
breadth-first search visits each vertex at most once and either fails, and then
marks everything it visited (so its work is paid by new marks), or finds the
nearest exposed vertex and flips the path to it (its work is the ball around the
token up to that vertex; any engine that keeps a maximum matching must change at
least a path from the token to an exposed vertex here, since the symmetric
difference of two maximum matchings, one covering and one missing ``t``, holds
such a path). A deletion is O(1) plus O(degree) per flag it clears, each flag
paid by its marking. So a whole walk costs O(n + m) plus the successful searches
plus O(degree) for each re-marking of a vertex, and a vertex is marked again
only after a deletion has made it missable, i.e. after the token entered the
partner of a vertex that reaches it while no exposed vertex did. Repeated
failing searches over the same region -- the quadratic corner of a record that
keeps an exposed vertex out of reach (a serpentine with a walled-off cell, or a
row of mutual mistakes between two large regions) -- cost one search in all.
"""

import numpy as np

from libc.stdint cimport int64_t, uint8_t

from ._checks cimport check_graph, check_matching, check_sides
from ._stop cimport stop_requested
from ._types cimport index_t


cdef inline void _record(index_t[:, ::1] log, int64_t[::1] counters, index_t index,
                         index_t old) noexcept nogil:
    cdef int64_t k = counters[1]
    if k < log.shape[0]:
        log[k, 0] = index
        log[k, 1] = old
        counters[1] = k + 1


cdef inline void _set_known(uint8_t[::1] known, index_t[:, ::1] log, int64_t[::1] counters,
                            index_t v, uint8_t value) noexcept nogil:
    _record(log, counters, <index_t> (known.shape[0] + v), known[v])
    known[v] = value


cdef void _close(
    const index_t[::1] offsets, const index_t[::1] neighbors, const uint8_t[::1] alive,
    const index_t[::1] mate, uint8_t[::1] known, index_t[::1] queue, Py_ssize_t base,
    index_t start, index_t[:, ::1] log, int64_t[::1] counters,
) noexcept nogil:
    """Mark everything a search from known ``start`` reaches (``queue[base:]`` is the stack)."""
    cdef Py_ssize_t top = base + 1
    cdef index_t a, m, y, k
    queue[base] = start
    while top > base:
        top -= 1
        a = queue[top]
        m = mate[a]
        if m < 0:
            continue  # a known vertex is never exposed (K1)
        for k in range(offsets[m], offsets[m + 1]):
            y = neighbors[k]
            if alive[y] == 0 or known[y]:
                continue
            _set_known(known, log, counters, y, 1)
            queue[top] = y
            top += 1


cdef void _forget(
    const index_t[::1] offsets, const index_t[::1] neighbors, const uint8_t[::1] alive,
    const index_t[::1] mate, uint8_t[::1] known, index_t[::1] queue, index_t[:, ::1] log,
    int64_t[::1] counters, index_t w,
) noexcept nogil:
    """Clear the flag of ``w`` (just exposed) and of every known vertex that reaches it."""
    cdef Py_ssize_t top = 1
    cdef index_t a, z, y, k
    _set_known(known, log, counters, w, 0)
    queue[0] = w
    while top > 0:
        top -= 1
        a = queue[top]
        for k in range(offsets[a], offsets[a + 1]):
            z = neighbors[k]
            if alive[z] == 0:
                continue
            y = mate[z]
            if y < 0 or not known[y]:
                continue
            _set_known(known, log, counters, y, 0)
            queue[top] = y
            top += 1


cdef bint _next_to_exposed_deletion(
    const index_t[::1] offsets, const index_t[::1] neighbors, const int64_t[::1] counters,
    index_t v,
) noexcept nogil:
    """The free rule: the last deleted vertex was exposed and is a neighbour of ``v``."""
    cdef index_t k
    if counters[3] == 0 or counters[2] < 0:
        return False
    for k in range(offsets[v], offsets[v + 1]):
        if neighbors[k] == counters[2]:
            return True
    return False


cdef bint _essential(
    const index_t[::1] offsets, const index_t[::1] neighbors, const uint8_t[::1] side,
    const uint8_t[::1] alive, index_t[::1] mate, uint8_t[::1] known,
    const int64_t[::1] exposed, index_t[::1] seen, index_t[::1] parent, index_t[::1] queue,
    index_t[:, ::1] log, int64_t[::1] counters, index_t token,
) noexcept nogil:
    cdef index_t w = mate[token], z, y, m, k, next_y, stamp
    cdef Py_ssize_t head = 0, tail = 1, n_known = 0, i
    if w < 0:
        return False
    if exposed[side[token] & 1] == 0:
        return True  # no exposed vertex on the token's side to trade places with
    if known[token] or _next_to_exposed_deletion(offsets, neighbors, counters, token):
        return True
    counters[0] += 1
    stamp = <index_t> counters[0]
    queue[0] = w
    while head < tail:
        z = queue[head]
        head += 1
        for k in range(offsets[z], offsets[z + 1]):
            y = neighbors[k]
            if alive[y] == 0 or y == token or seen[y] == stamp or known[y]:
                continue
            seen[y] = stamp
            parent[y] = z
            m = mate[y]
            if m >= 0:
                queue[tail] = m
                tail += 1
                continue
            # y is exposed on the token's side: flip token-w-...-z-y, keeping the
            # known partners met on the way at the front of the (spent) queue
            while True:
                z = parent[y]
                next_y = mate[z]
                _record(log, counters, y, mate[y])
                _record(log, counters, z, mate[z])
                mate[y] = z
                mate[z] = y
                if known[z]:
                    queue[n_known] = z
                    n_known += 1
                if z == w:
                    break
                y = next_y
            _record(log, counters, token, mate[token])
            mate[token] = -1
            for i in range(n_known):
                _close(offsets, neighbors, alive, mate, known, queue, n_known, queue[i], log,
                       counters)
            return False
    # nothing exposed within reach: the token and everything visited are covered
    for i in range(tail):
        _set_known(known, log, counters, mate[queue[i]], 1)
    return True


cdef _check_state(
    Py_ssize_t n_offsets, const uint8_t[::1] side, const uint8_t[::1] alive,
    const index_t[::1] mate, const uint8_t[::1] known, Py_ssize_t n_exposed,
    const int64_t[::1] counters, Py_ssize_t n_log_rows, Py_ssize_t n_log_columns,
):
    """Refuse arrays of inconsistent sizes (``n_offsets`` -1: no graph): the loops trust them."""
    cdef Py_ssize_t n = mate.shape[0]
    if (side.shape[0] != n or alive.shape[0] != n or known.shape[0] != n
            or n_offsets not in (-1, n + 1)):
        raise ValueError("side, alive, mate, known and offsets disagree on the number of vertices")
    if n_exposed < 2 or counters.shape[0] < 4 or n_log_columns < 2:
        raise ValueError("exposed needs 2 entries, counters 4, the log 2 columns")
    if not 0 <= counters[1] <= n_log_rows:
        raise ValueError("counters[1] (the log's length) must be within the log")


cdef _check_graph_state(
    const index_t[::1] offsets, const index_t[::1] neighbors, const uint8_t[::1] side,
    const index_t[::1] mate,
):
    """The graph a CSR, ``mate`` a matching of it, ``side`` a 2-colouring of both."""
    check_graph(offsets, neighbors)
    check_matching(mate, offsets.shape[0] - 1)
    check_sides(offsets, neighbors, side, mate)


cdef _check_scratch(Py_ssize_t n, const index_t[::1] seen, const index_t[::1] parent,
                    const index_t[::1] queue):
    if seen.shape[0] < n or parent.shape[0] < n or queue.shape[0] < n:
        raise ValueError("seen, parent and queue need an entry per vertex")


cdef _check_vertex(Py_ssize_t v, Py_ssize_t n):
    if not 0 <= v < n:
        raise ValueError(f"{v} is not a vertex")


def token_is_essential(
    const index_t[::1] offsets, const index_t[::1] neighbors, const uint8_t[::1] side,
    const uint8_t[::1] alive, index_t[::1] mate, uint8_t[::1] known,
    const int64_t[::1] exposed, index_t[::1] seen, index_t[::1] parent, index_t[::1] queue,
    index_t[:, ::1] log, int64_t[::1] counters, Py_ssize_t token,
):
    """Whether every maximum matching of the alive graph covers ``token``.

    That is the theorem's test: true iff the player to move with the token on
    ``token`` wins. When false, ``mate`` is changed (an even alternating path
    flipped) so that ``token`` is exposed; the matching stays maximum. ``known``
    may gain or keep flags (never lose them).
    """
    _check_state(offsets.shape[0], side, alive, mate, known, exposed.shape[0],
                 counters, log.shape[0], log.shape[1])
    _check_graph_state(offsets, neighbors, side, mate)
    _check_scratch(mate.shape[0], seen, parent, queue)
    _check_vertex(token, mate.shape[0])
    cdef bint essential
    with nogil:
        essential = _essential(offsets, neighbors, side, alive, mate, known, exposed, seen,
                               parent, queue, log, counters, <index_t> token)
    return essential


cdef void _delete(
    const index_t[::1] offsets, const index_t[::1] neighbors, const uint8_t[::1] side,
    uint8_t[::1] alive, index_t[::1] mate, uint8_t[::1] known, int64_t[::1] exposed,
    index_t[::1] queue, index_t[:, ::1] log, int64_t[::1] counters, index_t v,
) noexcept nogil:
    cdef index_t w = mate[v]
    counters[2] = v
    counters[3] = 1 if w < 0 else 0
    if w >= 0:
        _record(log, counters, w, mate[w])
        _record(log, counters, v, mate[v])
        mate[w] = -1
        mate[v] = -1
        exposed[side[w] & 1] += 1
    else:
        exposed[side[v] & 1] -= 1
    _record(log, counters, -v - 1, alive[v])
    alive[v] = 0
    if w >= 0 and known[w]:
        _forget(offsets, neighbors, alive, mate, known, queue, log, counters, w)


def delete_vertex(
    const index_t[::1] offsets, const index_t[::1] neighbors, const uint8_t[::1] side,
    uint8_t[::1] alive, index_t[::1] mate, uint8_t[::1] known, int64_t[::1] exposed,
    index_t[::1] seen, index_t[::1] parent, index_t[::1] queue, index_t[:, ::1] log,
    int64_t[::1] counters, Py_ssize_t v,
):
    """Delete alive vertex ``v``. If it was matched its partner becomes exposed.

    The matching stays maximum provided ``v`` is exposed or covered by every
    maximum matching, which :func:`token_is_essential` guarantees when called
    first. Takes the same arguments as :func:`token_is_essential` (``seen`` and
    ``parent`` unused).
    """
    _check_state(offsets.shape[0], side, alive, mate, known, exposed.shape[0],
                 counters, log.shape[0], log.shape[1])
    _check_graph_state(offsets, neighbors, side, mate)
    _check_scratch(mate.shape[0], seen, parent, queue)
    _check_vertex(v, mate.shape[0])
    with nogil:
        _delete(offsets, neighbors, side, alive, mate, known, exposed, queue, log, counters,
                <index_t> v)


def undo(index_t[::1] mate, uint8_t[::1] alive, uint8_t[::1] known, const index_t[:, ::1] log,
         int64_t[::1] counters, int64_t mark):
    """Revert the log back to ``mark`` entries (newest first)."""
    if counters.shape[0] < 2 or mark < 0:
        raise ValueError("counters needs 2 entries, and a mark is a length of the log")
    cdef int64_t k = min(counters[1], log.shape[0])
    cdef index_t index
    cdef Py_ssize_t n = mate.shape[0]
    if log.shape[0] and log.shape[1] < 2:
        raise ValueError("the log needs 2 columns")
    if alive.shape[0] != n or known.shape[0] != n:
        raise ValueError("mate, alive and known disagree on the number of vertices")
    with nogil:
        while k > mark:
            k -= 1
            index = log[k, 0]
            if 0 <= index < n:
                mate[index] = log[k, 1]
            elif n <= index < 2 * n:
                known[index - n] = <uint8_t> log[k, 1]
            elif 0 <= -index - 1 < n:
                alive[-index - 1] = <uint8_t> log[k, 1]
        counters[1] = mark
    return None


def count_exposed(const index_t[::1] mate, const uint8_t[::1] alive, const uint8_t[::1] side,
                  int64_t[::1] exposed):
    """Recompute ``exposed`` from scratch."""
    if side.shape[0] != mate.shape[0] or alive.shape[0] != mate.shape[0]:
        raise ValueError("side, alive and mate disagree on the number of vertices")
    if exposed.shape[0] < 2:
        raise ValueError("exposed needs 2 entries")
    cdef Py_ssize_t v
    with nogil:
        exposed[0] = 0
        exposed[1] = 0
        for v in range(mate.shape[0]):
            if alive[v] and mate[v] < 0:
                exposed[side[v] & 1] += 1


def walk(
    const index_t[::1] offsets, const index_t[::1] neighbors, const uint8_t[::1] side,
    uint8_t[::1] alive, index_t[::1] mate, uint8_t[::1] known, int64_t[::1] exposed,
    index_t[::1] seen, index_t[::1] parent, index_t[::1] queue, index_t[:, ::1] log,
    int64_t[::1] counters, const index_t[::1] path,
):
    """Verdicts along a walk: ``path[t]`` is the token at position t.

    Position t is the alive graph with the token on ``path[t]``; moving to
    ``path[t + 1]`` deletes ``path[t]``. Returns ``mover_wins`` (uint8 per
    position) and ``winning_reply`` (per position, a winning move of the mover,
    or -1 when the mover loses): the token's partner in a maximum matching.
    ``mate``, ``alive`` and ``known`` end in the last position; pass a log of
    capacity 0 to record nothing.
    """
    cdef Py_ssize_t t, steps = path.shape[0], n = mate.shape[0]
    _check_state(offsets.shape[0], side, alive, mate, known, exposed.shape[0],
                 counters, log.shape[0], log.shape[1])
    _check_graph_state(offsets, neighbors, side, mate)
    _check_scratch(n, seen, parent, queue)
    for t in range(steps):
        _check_vertex(path[t], n)
    mover_wins_array = np.zeros(steps, dtype=np.uint8)
    winning_reply_array = np.empty(steps, dtype=np.int32)
    cdef uint8_t[::1] mover_wins = mover_wins_array
    cdef index_t[::1] winning_reply = winning_reply_array
    cdef index_t token
    with nogil:
        winning_reply[:] = -1
        for t in range(steps):
            if t % 4096 == 4095 and stop_requested():
                break  # the caller checks the flag and drops the verdicts
            token = path[t]
            if _essential(offsets, neighbors, side, alive, mate, known, exposed, seen, parent,
                          queue, log, counters, token):
                mover_wins[t] = 1
                winning_reply[t] = mate[token]
            if t + 1 < steps:
                _delete(offsets, neighbors, side, alive, mate, known, exposed, queue, log,
                        counters, token)
    return mover_wins_array, winning_reply_array


cdef class BipartiteMatching:
    """The engine above as one object: its arrays checked once, then each call a
    C call (the module-level functions check their arguments every time, which
    cost more than the work in a position's ``push``). ``alive`` is shared with the
    caller, as ``IncrementalMatching`` (blossom.pyx) shares it; the undo log grows
    as needed.
    """

    cdef const index_t[::1] offsets
    cdef const index_t[::1] neighbors
    cdef const uint8_t[::1] side
    cdef uint8_t[::1] alive
    cdef index_t[::1] mate_view
    cdef uint8_t[::1] known
    cdef int64_t[::1] exposed
    cdef index_t[::1] seen
    cdef index_t[::1] parent
    cdef index_t[::1] queue
    cdef index_t[:, ::1] log
    cdef int64_t[::1] counters
    cdef object log_array
    cdef readonly bint logging
    cdef Py_ssize_t n

    def __cinit__(self, const index_t[::1] offsets, const index_t[::1] neighbors,
                  const uint8_t[::1] side, index_t[::1] mate, uint8_t[::1] alive,
                  bint logging=True):
        cdef Py_ssize_t n = mate.shape[0]
        # (known, counters and the log are made here: alive and zeros stand in for them)
        _check_state(offsets.shape[0], side, alive, mate, alive, 2, np.zeros(4, np.int64), 0, 2)
        _check_graph_state(offsets, neighbors, side, mate)
        self.n = n
        self.offsets = offsets
        self.neighbors = neighbors
        self.side = side
        self.alive = alive
        self.mate_view = mate
        self.known = np.zeros(n, dtype=np.uint8)
        self.exposed = np.zeros(2, dtype=np.int64)
        self.seen = np.zeros(n, dtype=np.int32)
        self.parent = np.zeros(n, dtype=np.int32)
        self.queue = np.zeros(max(n, 1), dtype=np.int32)
        # stamp, log length, last deleted vertex (-1: none), it was exposed (1) or not
        self.counters = np.array([0, 0, -1, 0], dtype=np.int64)
        self.logging = logging
        self.log_array = np.zeros((2 * n + 16 if logging else 0, 2), dtype=np.int32)
        self.log = self.log_array
        count_exposed(mate, alive, side, self.exposed)

    cdef int _reserve(self) except -1:
        """Room for one operation: a log entry per path vertex and per flag it sets or
        clears (one side's vertices), plus a few."""
        cdef int64_t need
        if not self.logging:
            return 0
        need = self.counters[1] + 2 * self.n + 16
        if need > self.log.shape[0]:
            grown = np.zeros((2 * need, 2), dtype=np.int32)
            grown[: self.log.shape[0]] = self.log_array
            self.log_array = grown
            self.log = grown
        return 0

    cdef index_t _vertex(self, Py_ssize_t v) except -1:
        if not 0 <= v < self.n:
            raise IndexError(f"vertex {v} is not in the graph")
        return <index_t> v

    def essential(self, Py_ssize_t t):
        """Whether every maximum matching of the alive graph covers alive ``t``
        (when not, the matching is changed so that ``t`` is exposed)."""
        cdef index_t token = self._vertex(t)
        cdef bint result
        self._reserve()
        with nogil:
            result = _essential(self.offsets, self.neighbors, self.side, self.alive,
                                self.mate_view, self.known, self.exposed, self.seen,
                                self.parent, self.queue, self.log, self.counters, token)
        return result

    def delete(self, Py_ssize_t v):
        """Delete alive ``v``: exposed, or covered by every maximum matching (ask
        :meth:`essential` first)."""
        cdef index_t vertex = self._vertex(v)
        self._reserve()
        with nogil:
            _delete(self.offsets, self.neighbors, self.side, self.alive, self.mate_view,
                    self.known, self.exposed, self.queue, self.log, self.counters, vertex)

    def mark(self):
        """A point to :meth:`undo` back to."""
        return (self.counters[1], self.exposed[0], self.exposed[1], self.counters[2],
                self.counters[3])

    def undo(self, mark):
        """Revert every change made since ``mark``."""
        if type(mark) is not tuple or len(mark) != 5:  # indexed unchecked below
            raise ValueError("not a mark of this matching")
        cdef int64_t target = mark[0], k = self.counters[1]
        cdef index_t index
        cdef Py_ssize_t n = self.n
        if not 0 <= target <= k or not -1 <= mark[3] < n or mark[4] not in (0, 1):
            raise ValueError("not a mark of this matching")
        with nogil:
            while k > target:
                k -= 1
                index = self.log[k, 0]
                if 0 <= index < n:
                    self.mate_view[index] = self.log[k, 1]
                elif n <= index < 2 * n:
                    self.known[index - n] = <uint8_t> self.log[k, 1]
                elif 0 <= -index - 1 < n:
                    self.alive[-index - 1] = <uint8_t> self.log[k, 1]
            self.counters[1] = target
        self.exposed[0] = mark[1]
        self.exposed[1] = mark[2]
        self.counters[2] = mark[3]
        self.counters[3] = mark[4]

    def partner(self, Py_ssize_t v):
        """The partner of ``v`` (-1 if exposed)."""
        return self.mate_view[self._vertex(v)]

    def mate(self):
        """The matching (-1 exposed), as a new array."""
        return np.array(self.mate_view, dtype=np.int32)

    def missable(self):
        """The alive vertices some maximum matching of the alive graph misses."""
        from .bipartite import missable_bipartite

        found, _ = missable_bipartite(self.offsets, self.neighbors, self.mate_view)
        return (found & np.asarray(self.alive)).view(np.bool_)

    def walk(self, const index_t[::1] path):
        """Verdicts along a walk (see :func:`walk`)."""
        return walk(self.offsets, self.neighbors, self.side, self.alive, self.mate_view,
                    self.known, self.exposed, self.seen, self.parent, self.queue, self.log,
                    self.counters, path)

    # the state as numpy arrays sharing memory with the engine (for tests and pictures)
    @property
    def mate_array(self):
        return np.asarray(self.mate_view)

    @property
    def known_array(self):
        return np.asarray(self.known)

    @property
    def exposed_array(self):
        return np.asarray(self.exposed)

    @property
    def counters_array(self):
        return np.asarray(self.counters)
