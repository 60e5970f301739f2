"""A maximum matching kept up to date while vertices are deleted (bipartite graphs).

State shared by the kernels (all arrays, owned by ``matchgame.game``):

- ``alive`` (uint8): vertices not deleted yet;
- ``mate`` (int32): a maximum matching of the alive graph, -1 = exposed;
- ``exposed`` (int64, 2): alive exposed vertices on side 0 and side 1;
- ``seen``/``parent``/``queue`` (int32): scratch for the searches, ``seen``
  compared against ``counters[0]`` (a stamp) so it never needs clearing;
- ``log`` (int32, (capacity, 2)) with ``counters[1]`` entries: every change to
  ``mate`` (as ``(v, old)``) or ``alive`` (as ``(-v - 1, old)``), so a caller can
  undo; a log of capacity 0 records nothing.

Invariant: ``mate`` is a maximum matching of the alive graph between calls.
"""

from __future__ import annotations

import numpy as np

from ._jit import kernel


@kernel
def _record(log, counters, index, old):
    if log.shape[0] > 0:
        k = counters[1]
        log[k, 0] = index
        log[k, 1] = old
        counters[1] = k + 1


@kernel
def token_is_essential(
    offsets, neighbors, side, alive, mate, exposed, seen, parent, queue, log, counters, token
):
    """Whether every maximum matching of the alive graph covers ``token``.

    That is the theorem's test: true iff the player to move with the token on
    ``token`` wins. When false, ``mate`` is changed (an even alternating path
    flipped) so that ``token`` is exposed; the matching stays maximum.
    """
    w = mate[token]
    if w < 0:
        return False
    if exposed[side[token]] == 0:
        return True  # no exposed vertex on the token's side to trade places with
    counters[0] += 1
    stamp = counters[0]
    queue[0] = w
    head = 0
    tail = 1
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


@kernel
def delete_vertex(mate, alive, side, exposed, log, counters, v):
    """Delete alive vertex ``v``. If it was matched its partner becomes exposed.

    The matching stays maximum provided ``v`` is exposed or covered by every
    maximum matching, which :func:`token_is_essential` guarantees when called first.
    """
    w = mate[v]
    if w >= 0:
        _record(log, counters, w, mate[w])
        _record(log, counters, v, mate[v])
        mate[w] = -1
        mate[v] = -1
        exposed[side[w]] += 1
    else:
        exposed[side[v]] -= 1
    _record(log, counters, -v - 1, alive[v])
    alive[v] = 0


@kernel
def undo(mate, alive, log, counters, mark):
    """Revert the log back to ``mark`` entries (newest first)."""
    k = counters[1]
    while k > mark:
        k -= 1
        index = log[k, 0]
        if index >= 0:
            mate[index] = log[k, 1]
        else:
            alive[-index - 1] = log[k, 1]
    counters[1] = mark


@kernel
def count_exposed(mate, alive, side, exposed):
    """Recompute ``exposed`` from scratch."""
    exposed[0] = 0
    exposed[1] = 0
    for v in range(mate.shape[0]):
        if alive[v] and mate[v] < 0:
            exposed[side[v]] += 1


@kernel
def walk(offsets, neighbors, side, alive, mate, exposed, seen, parent, queue, log, counters, path):
    """Verdicts along a walk: ``path[t]`` is the token at position t.

    Position t is the alive graph with the token on ``path[t]``; moving to
    ``path[t + 1]`` deletes ``path[t]``. Returns ``mover_wins`` (uint8 per
    position) and ``winning_reply`` (per position, a winning move of the mover,
    or -1 when the mover loses): the token's partner in a maximum matching.
    ``mate`` and ``alive`` end in the last position; pass a log of capacity 0
    to record nothing.
    """
    steps = path.shape[0]
    mover_wins = np.zeros(steps, dtype=np.uint8)
    winning_reply = np.full(steps, -1, dtype=np.int32)
    for t in range(steps):
        token = path[t]
        if token_is_essential(
            offsets,
            neighbors,
            side,
            alive,
            mate,
            exposed,
            seen,
            parent,
            queue,
            log,
            counters,
            token,
        ):
            mover_wins[t] = 1
            winning_reply[t] = mate[token]
        if t + 1 < steps:
            delete_vertex(mate, alive, side, exposed, log, counters, token)
    return mover_wins, winning_reply
