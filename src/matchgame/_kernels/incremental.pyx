# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""A maximum matching kept up to date while vertices are deleted (bipartite graphs).

State shared by the kernels (all arrays, owned by ``matchgame.game``):

- ``alive`` (uint8): vertices not deleted yet;
- ``mate`` (int32): a maximum matching of the alive graph, -1 = exposed;
- ``exposed`` (int64, 2): alive exposed vertices on side 0 and side 1;
- ``seen``/``parent``/``queue`` (int32): scratch for the searches, ``seen``
  compared against ``counters[0]`` (a stamp) so it never needs clearing;
- ``log`` (int32, (capacity, 2)) with ``counters[1]`` entries: every change to
  ``mate`` (as ``(v, old)``) or ``alive`` (as ``(-v - 1, old)``), so a caller can
  undo; a log of capacity 0 records nothing (nor does a full one: callers make
  room before every operation).

Invariant: ``mate`` is a maximum matching of the alive graph between calls.
"""

import numpy as np

from libc.stdint cimport int64_t, uint8_t

from ._types cimport index_t


cdef inline void _record(index_t[:, ::1] log, int64_t[::1] counters, index_t index,
                         index_t old) noexcept nogil:
    cdef int64_t k = counters[1]
    if k < log.shape[0]:
        log[k, 0] = index
        log[k, 1] = old
        counters[1] = k + 1


cdef bint _essential(
    const index_t[::1] offsets, const index_t[::1] neighbors, const uint8_t[::1] side,
    const uint8_t[::1] alive, index_t[::1] mate, const int64_t[::1] exposed, index_t[::1] seen,
    index_t[::1] parent, index_t[::1] queue, index_t[:, ::1] log, int64_t[::1] counters,
    index_t token,
) noexcept nogil:
    cdef index_t w = mate[token], z, y, m, k, next_y, stamp
    cdef Py_ssize_t head = 0, tail = 1
    if w < 0:
        return False
    if exposed[side[token] & 1] == 0:
        return True  # no exposed vertex on the token's side to trade places with
    counters[0] += 1
    stamp = <index_t> counters[0]
    queue[0] = w
    while head < tail:
        z = queue[head]
        head += 1
        for k in range(offsets[z], offsets[z + 1]):
            y = neighbors[k]
            if alive[y] == 0 or y == token or seen[y] == stamp:
                continue
            seen[y] = stamp
            parent[y] = z
            m = mate[y]
            if m >= 0:
                queue[tail] = m
                tail += 1
                continue
            # y is exposed on the token's side: flip token-w-...-z-y
            while True:
                z = parent[y]
                next_y = mate[z]
                _record(log, counters, y, mate[y])
                _record(log, counters, z, mate[z])
                mate[y] = z
                mate[z] = y
                if z == w:
                    break
                y = next_y
            _record(log, counters, token, mate[token])
            mate[token] = -1
            return False
    return True


cdef _check_state(
    Py_ssize_t n_offsets, const uint8_t[::1] side, const uint8_t[::1] alive,
    const index_t[::1] mate, Py_ssize_t n_exposed, Py_ssize_t n_counters, Py_ssize_t n_log_columns,
):
    """Refuse arrays of inconsistent sizes (``n_offsets`` -1: no graph): the loops trust them."""
    cdef Py_ssize_t n = mate.shape[0]
    if side.shape[0] != n or alive.shape[0] != n or n_offsets not in (-1, n + 1):
        raise ValueError("side, alive, mate and offsets disagree on the number of vertices")
    if n_exposed < 2 or n_counters < 2 or n_log_columns < 2:
        raise ValueError("exposed and counters need 2 entries, the log 2 columns")


cdef _check_scratch(Py_ssize_t n, const index_t[::1] seen, const index_t[::1] parent,
                    const index_t[::1] queue):
    if seen.shape[0] < n or parent.shape[0] < n or queue.shape[0] < n:
        raise ValueError("seen, parent and queue need an entry per vertex")


cdef _check_vertex(Py_ssize_t v, Py_ssize_t n):
    if not 0 <= v < n:
        raise ValueError(f"{v} is not a vertex")


def token_is_essential(
    const index_t[::1] offsets, const index_t[::1] neighbors, const uint8_t[::1] side,
    const uint8_t[::1] alive, index_t[::1] mate, const int64_t[::1] exposed, index_t[::1] seen,
    index_t[::1] parent, index_t[::1] queue, index_t[:, ::1] log, int64_t[::1] counters,
    Py_ssize_t token,
):
    """Whether every maximum matching of the alive graph covers ``token``.

    That is the theorem's test: true iff the player to move with the token on
    ``token`` wins. When false, ``mate`` is changed (an even alternating path
    flipped) so that ``token`` is exposed; the matching stays maximum.
    """
    _check_state(offsets.shape[0], side, alive, mate, exposed.shape[0], counters.shape[0],
                 log.shape[1])
    _check_scratch(mate.shape[0], seen, parent, queue)
    _check_vertex(token, mate.shape[0])
    cdef bint essential
    with nogil:
        essential = _essential(offsets, neighbors, side, alive, mate, exposed, seen, parent,
                               queue, log, counters, <index_t> token)
    return essential


cdef void _delete(
    index_t[::1] mate, uint8_t[::1] alive, const uint8_t[::1] side, int64_t[::1] exposed,
    index_t[:, ::1] log, int64_t[::1] counters, index_t v,
) noexcept nogil:
    cdef index_t w = mate[v]
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


def delete_vertex(
    index_t[::1] mate, uint8_t[::1] alive, const uint8_t[::1] side, int64_t[::1] exposed,
    index_t[:, ::1] log, int64_t[::1] counters, Py_ssize_t v,
):
    """Delete alive vertex ``v``. If it was matched its partner becomes exposed.

    The matching stays maximum provided ``v`` is exposed or covered by every
    maximum matching, which :func:`token_is_essential` guarantees when called first.
    """
    _check_state(-1, side, alive, mate, exposed.shape[0], counters.shape[0], log.shape[1])
    _check_vertex(v, mate.shape[0])
    with nogil:
        _delete(mate, alive, side, exposed, log, counters, <index_t> v)


def undo(index_t[::1] mate, uint8_t[::1] alive, const index_t[:, ::1] log,
         int64_t[::1] counters, int64_t mark):
    """Revert the log back to ``mark`` entries (newest first)."""
    cdef int64_t k = min(counters[1], log.shape[0])
    cdef index_t index
    cdef Py_ssize_t n = mate.shape[0]
    if log.shape[0] and log.shape[1] < 2:
        raise ValueError("the log needs 2 columns")
    with nogil:
        while k > mark:
            k -= 1
            index = log[k, 0]
            if 0 <= index < n:
                mate[index] = log[k, 1]
            elif 0 <= -index - 1 < alive.shape[0]:
                alive[-index - 1] = <uint8_t> log[k, 1]
        counters[1] = mark
    return None


def count_exposed(const index_t[::1] mate, const uint8_t[::1] alive, const uint8_t[::1] side,
                  int64_t[::1] exposed):
    """Recompute ``exposed`` from scratch."""
    _check_state(-1, side, alive, mate, exposed.shape[0], 2, 2)
    cdef Py_ssize_t v
    with nogil:
        exposed[0] = 0
        exposed[1] = 0
        for v in range(mate.shape[0]):
            if alive[v] and mate[v] < 0:
                exposed[side[v] & 1] += 1


def walk(
    const index_t[::1] offsets, const index_t[::1] neighbors, const uint8_t[::1] side,
    uint8_t[::1] alive, index_t[::1] mate, int64_t[::1] exposed, index_t[::1] seen,
    index_t[::1] parent, index_t[::1] queue, index_t[:, ::1] log, int64_t[::1] counters,
    const index_t[::1] path,
):
    """Verdicts along a walk: ``path[t]`` is the token at position t.

    Position t is the alive graph with the token on ``path[t]``; moving to
    ``path[t + 1]`` deletes ``path[t]``. Returns ``mover_wins`` (uint8 per
    position) and ``winning_reply`` (per position, a winning move of the mover,
    or -1 when the mover loses): the token's partner in a maximum matching.
    ``mate`` and ``alive`` end in the last position; pass a log of capacity 0
    to record nothing.
    """
    cdef Py_ssize_t t, steps = path.shape[0], n = mate.shape[0]
    _check_state(offsets.shape[0], side, alive, mate, exposed.shape[0], counters.shape[0],
                 log.shape[1])
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
            token = path[t]
            if _essential(offsets, neighbors, side, alive, mate, exposed, seen, parent, queue,
                          log, counters, token):
                mover_wins[t] = 1
                winning_reply[t] = mate[token]
            if t + 1 < steps:
                _delete(mate, alive, side, exposed, log, counters, token)
    return mover_wins_array, winning_reply_array
