# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The kernels' preconditions on a graph, a matching and a bipartition, checked.

Every entry point that takes a graph (``offsets``/``neighbors``), a matching
(``mate``) or a bipartition (``side``) calls these before its loops. What costs
O(1) (lengths, where the offsets start and end) is checked always. What costs a pass
over the arrays is checked in *full-check mode* only (``MATCHGAME_CHECK_KERNELS=1``
in the environment, or :func:`set_full_checks`), because that pass is not free next
to the linear kernels (a 2000x2000 board's decomposition takes 1.10 times as long
with it, 0.89-1.23 over 15 alternated runs in one process):

- ``offsets`` never decreases and every neighbour is a vertex id (else the loops read
  outside the arrays: ``two_colouring`` once did);
- ``mate`` is -1 or a partner whose partner it is (else a path's flip walks off);
- ``side`` is 0 or 1 and every edge and every pair of ``mate`` crosses it (else
  ``push_relabel`` ran for minutes).

Outside that mode they are the caller's preconditions, and every public path
establishes them: a :class:`~matchgame.Graph` checks its CSR when it is built, its
``side`` is the kernels' own 2-colouring, a matching is a kernel's or checked
(``Decomposition``, ``is_maximum_matching``). The test suite runs in full-check mode
(``tests/conftest.py``), so every kernel call a test makes through a public path is
checked, and ``tools/sanitize.sh`` and the fuzz harnesses of the kernels run in it
too. :func:`validate` checks arrays in full whatever the mode.
"""

import os

from ._types cimport index_t

cdef bint _full = os.environ.get("MATCHGAME_CHECK_KERNELS", "") == "1"


def set_full_checks(bint on):
    """Check the kernels' arguments in full (``on``) or only what costs O(1); returns
    the mode before."""
    global _full
    before = _full
    _full = on
    return before


def full_checks():
    """Whether the kernels check their arguments in full."""
    return _full


cdef int _graph_in_full(const index_t[::1] offsets, const index_t[::1] neighbors) except -1:
    cdef Py_ssize_t n = offsets.shape[0] - 1, m = neighbors.shape[0], v, k
    cdef bint decreases = False, outside = False
    with nogil:
        # no early exit: branch-free loops the compiler vectorises
        for v in range(n):
            decreases |= offsets[v + 1] < offsets[v]
        for k in range(m):
            outside |= <size_t> neighbors[k] >= <size_t> n
    if decreases:
        raise ValueError("offsets must never decrease")
    if outside:
        raise ValueError(f"every neighbour must be a vertex id 0..{n - 1}")
    return 0


cdef int check_graph(const index_t[::1] offsets, const index_t[::1] neighbors) except -1:
    """Refuse ``offsets``/``neighbors`` unless they are a CSR graph: ``offsets`` has an
    entry per vertex and one more, starts at 0 and ends at ``len(neighbors)``; in full,
    never decreases, and every neighbour is a vertex id."""
    cdef Py_ssize_t n = offsets.shape[0] - 1, m = neighbors.shape[0]
    if n < 0:
        raise ValueError("offsets needs an entry per vertex and one more")
    if offsets[0] != 0 or offsets[n] != m:
        raise ValueError(f"offsets must run from 0 to len(neighbors) = {m}")
    if _full:
        _graph_in_full(offsets, neighbors)
    return 0


cdef int _matching_in_full(const index_t[::1] mate, Py_ssize_t n) except -1:
    cdef Py_ssize_t v, bad = -1
    cdef index_t w
    with nogil:
        for v in range(n):
            w = mate[v]
            if w != -1 and (<size_t> w >= <size_t> n or w == v or mate[w] != v):
                bad = v
                break
    if bad >= 0:
        raise ValueError(
            f"mate[{bad}] = {mate[bad]}: mate must pair vertices both ways (-1: exposed)"
        )
    return 0


cdef int check_matching(const index_t[::1] mate, Py_ssize_t n) except -1:
    """Refuse ``mate`` unless it has ``n`` entries; in full, unless each is -1 (exposed)
    or a partner whose partner it is. (Whether partners are neighbours is not checked:
    no loop indexes by it.)"""
    if mate.shape[0] != n:
        raise ValueError(f"mate must have {n} entries, got {mate.shape[0]}")
    if _full:
        _matching_in_full(mate, n)
    return 0


cdef int _sides_in_full(
    const index_t[::1] offsets, const index_t[::1] neighbors, const unsigned char[::1] side,
    const index_t[::1] mate,
) except -1:
    cdef Py_ssize_t n = offsets.shape[0] - 1, v, k
    cdef bint bad_value = False, bad_edge = False, bad_pair = False
    with nogil:
        for v in range(n):
            bad_value |= side[v] > 1
    if bad_value:
        raise ValueError("side must be 0 or 1 for every vertex")
    with nogil:
        for v in range(n):
            for k in range(offsets[v], offsets[v + 1]):
                bad_edge |= side[neighbors[k]] == side[v]
            bad_pair |= mate[v] >= 0 and side[mate[v]] == side[v]
    if bad_edge:
        raise ValueError("side is not a 2-colouring: an edge joins two vertices of one side")
    if bad_pair:
        raise ValueError("side is not a 2-colouring of the matching: a pair on one side")
    return 0


cdef int check_sides(
    const index_t[::1] offsets, const index_t[::1] neighbors, const unsigned char[::1] side,
    const index_t[::1] mate,
) except -1:
    """Refuse ``side`` unless it has an entry per vertex; in full, unless it is a
    2-colouring (0 or 1) that every edge and every pair of ``mate`` crosses. The graph
    and the matching are checked first (:func:`check_graph`, :func:`check_matching`)."""
    cdef Py_ssize_t n = offsets.shape[0] - 1
    if side.shape[0] != n:
        raise ValueError(f"side must have {n} entries, got {side.shape[0]}")
    if _full:
        _sides_in_full(offsets, neighbors, side, mate)
    return 0


def validate(const index_t[::1] offsets, const index_t[::1] neighbors, mate=None, side=None):
    """Check a graph, and a matching and a bipartition of it when given, in full
    (whatever the mode): ValueError says what is wrong."""
    cdef const index_t[::1] mate_view
    cdef Py_ssize_t n = offsets.shape[0] - 1
    check_graph(offsets, neighbors)
    _graph_in_full(offsets, neighbors)
    if mate is not None:
        mate_view = mate
        check_matching(mate_view, n)
        _matching_in_full(mate_view, n)
        if side is not None:
            check_sides(offsets, neighbors, side, mate_view)
            _sides_in_full(offsets, neighbors, side, mate_view)
