# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Exact search of edge geography on a small graph with odd cycles (memoised minimax).

Edge geography is PSPACE-complete on general graphs (Fraenkel, Scheinerman,
Ullman 1993); matchgame answers bipartite graphs by linear algebra and searches
the rest exhaustively within a budget of states.

The graph arrives reduced to parities: two copies of an edge cancel (whatever
one player does with one, the other answers with the other), so a position is
the token's vertex and the set of edges still present, each at most once
(a self-loop is an edge from a vertex to itself). A state is stored as that set
(``words`` 64-bit words) and the token, with its value, in an open-addressing
hash table that doubles as it fills; the search is a depth-first walk with an
explicit stack (depth at most the number of edges), so no recursion. It stops
with "over budget" once ``max_states`` states are stored, and "stopped" when
the thread's stop flag is raised; the states stored so far stay valid, so a
later question reuses them.
"""

import numpy as np

from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport calloc, free, malloc

from ._stop cimport stop_requested

__all__ = ["LOSS", "OUT_OF_MEMORY", "OVER_BUDGET", "STOPPED", "WIN", "EdgeSearch"]

cdef enum:
    _OVER_BUDGET = -1
    _STOPPED = -2
    _OUT_OF_MEMORY = -3

LOSS = 0
WIN = 1
OVER_BUDGET = _OVER_BUDGET
STOPPED = _STOPPED
OUT_OF_MEMORY = _OUT_OF_MEMORY

cdef int64_t POLL = 1 << 14


cdef inline uint64_t _mix(uint64_t h) noexcept nogil:
    """splitmix64's finaliser."""
    h ^= h >> 30
    h *= <uint64_t> 0xbf58476d1ce4e5b9ULL
    h ^= h >> 27
    h *= <uint64_t> 0x94d049bb133111ebULL
    h ^= h >> 31
    return h


cdef class EdgeSearch:
    """Who wins edge geography from any position of one graph, searched and remembered.

    Parameters
    ----------
    offsets, edge_of, other : int32 arrays
        Per vertex ``v``, the entries ``offsets[v]:offsets[v + 1]`` of ``edge_of`` and
        ``other`` list its edges (``0 .. n_edges - 1``) and the vertex each leads to
        (``v`` itself for a self-loop, listed once).
    n_edges : int
        Number of edges (distinct, after reduction to parities).
    max_states : int
        Most states to store.
    """

    cdef int64_t n_vertices, n_edges, words, max_states, capacity, stored
    cdef int32_t[::1] offsets
    cdef int32_t[::1] edge_of
    cdef int32_t[::1] other
    cdef uint64_t *keys     # capacity * words
    cdef int32_t *slots     # per slot: 0 empty, else (token + 1) * 2 + value
    cdef uint64_t *present  # the walk's current edge set
    cdef int32_t *tokens    # the stack: token, next incidence, edge taken to get there
    cdef int64_t *cursor
    cdef int32_t *taken

    def __cinit__(self):
        self.keys = NULL
        self.slots = NULL
        self.present = NULL
        self.tokens = NULL
        self.cursor = NULL
        self.taken = NULL

    def __init__(
        self,
        const int32_t[::1] offsets,
        const int32_t[::1] edge_of,
        const int32_t[::1] other,
        int64_t n_edges,
        int64_t max_states,
    ):
        cdef Py_ssize_t n = offsets.shape[0] - 1, k
        if n < 0 or offsets[0] != 0 or offsets[n] != edge_of.shape[0]:
            raise ValueError("offsets must be CSR offsets of edge_of")
        if other.shape[0] != edge_of.shape[0] or n_edges < 0 or max_states < 1:
            raise ValueError("edge_of and other differ in length, or a count is negative")
        for k in range(n):
            if offsets[k + 1] < offsets[k]:
                raise ValueError("offsets decrease")
        for k in range(edge_of.shape[0]):
            if not (0 <= edge_of[k] < n_edges and 0 <= other[k] < n):
                raise ValueError("an incidence names an edge or vertex out of range")
        self.n_vertices = n
        self.n_edges = n_edges
        self.words = max((n_edges + 63) >> 6, 1)
        self.max_states = max_states
        self.offsets = np.array(offsets, dtype=np.int32)
        self.edge_of = np.array(edge_of, dtype=np.int32)
        self.other = np.array(other, dtype=np.int32)
        self.stored = 0
        self.capacity = 1024
        self.keys = <uint64_t *> calloc(self.capacity * self.words, sizeof(uint64_t))
        self.slots = <int32_t *> calloc(self.capacity, sizeof(int32_t))
        self.present = <uint64_t *> calloc(self.words, sizeof(uint64_t))
        self.tokens = <int32_t *> malloc((n_edges + 2) * sizeof(int32_t))
        self.cursor = <int64_t *> malloc((n_edges + 2) * sizeof(int64_t))
        self.taken = <int32_t *> malloc((n_edges + 2) * sizeof(int32_t))
        if (self.keys == NULL or self.slots == NULL or self.present == NULL
                or self.tokens == NULL or self.cursor == NULL or self.taken == NULL):
            raise MemoryError("no memory for the search's table")

    def __dealloc__(self):
        free(self.keys)
        free(self.slots)
        free(self.present)
        free(self.tokens)
        free(self.cursor)
        free(self.taken)

    @property
    def n_states(self):
        """States stored so far."""
        return int(self.stored)

    @staticmethod
    def memory(int64_t n_edges, int64_t max_states):
        """Bytes the table takes at its largest for ``max_states`` states."""
        cdef int64_t words = max((n_edges + 63) >> 6, 1), capacity = 1024
        while capacity < 2 * max_states:
            capacity *= 2
        return capacity * (8 * words + 4)

    cdef inline uint64_t _hash(self, int32_t token) noexcept nogil:
        cdef uint64_t h = _mix(<uint64_t> token + <uint64_t> 0x9e3779b97f4a7c15ULL)
        cdef int64_t k
        for k in range(self.words):
            h = _mix(h ^ self.present[k])
        return h

    cdef int64_t _find(self, int32_t token) noexcept nogil:
        """The slot of (token, present), or the empty slot where it would go."""
        cdef int64_t mask = self.capacity - 1, i, k
        cdef uint64_t *key
        cdef bint same
        i = <int64_t> (self._hash(token) & <uint64_t> mask)
        while True:
            if self.slots[i] == 0:
                return i
            if (self.slots[i] >> 1) == token + 1:
                key = self.keys + i * self.words
                same = True
                for k in range(self.words):
                    if key[k] != self.present[k]:
                        same = False
                        break
                if same:
                    return i
            i = (i + 1) & mask

    cdef int _grow(self) noexcept nogil:
        """Double the table; -1 if memory ran out."""
        cdef int64_t old_capacity = self.capacity, i, k, j, mask
        cdef uint64_t *old_keys = self.keys
        cdef int32_t *old_slots = self.slots
        cdef uint64_t *saved = <uint64_t *> malloc(self.words * sizeof(uint64_t))
        cdef uint64_t *keys = <uint64_t *> calloc(2 * old_capacity * self.words, sizeof(uint64_t))
        cdef int32_t *slots = <int32_t *> calloc(2 * old_capacity, sizeof(int32_t))
        if saved == NULL or keys == NULL or slots == NULL:
            free(saved)
            free(keys)
            free(slots)
            return -1
        for k in range(self.words):
            saved[k] = self.present[k]
        self.keys = keys
        self.slots = slots
        self.capacity = 2 * old_capacity
        for i in range(old_capacity):
            if old_slots[i] == 0:
                continue
            for k in range(self.words):
                self.present[k] = old_keys[i * self.words + k]
            j = self._find((old_slots[i] >> 1) - 1)
            self.slots[j] = old_slots[i]
            for k in range(self.words):
                self.keys[j * self.words + k] = old_keys[i * self.words + k]
        for k in range(self.words):
            self.present[k] = saved[k]
        free(saved)
        free(old_keys)
        free(old_slots)
        return 0

    cdef int _value(self, int32_t token) noexcept nogil:
        """-1 if (token, present) is not stored, else its value."""
        cdef int64_t i = self._find(token)
        if self.slots[i] == 0:
            return -1
        return self.slots[i] & 1

    cdef int _store(self, int32_t token, int value) noexcept nogil:
        """Store (token, present); OVER_BUDGET or OUT_OF_MEMORY when it cannot."""
        cdef int64_t i, k
        if self.stored >= self.max_states:
            return _OVER_BUDGET
        if 2 * (self.stored + 1) > self.capacity and self._grow() < 0:
            return _OUT_OF_MEMORY
        i = self._find(token)
        if self.slots[i] == 0:
            self.stored += 1
            for k in range(self.words):
                self.keys[i * self.words + k] = self.present[k]
        self.slots[i] = (token + 1) * 2 + value
        return 0

    cdef inline bint _has(self, int32_t e) noexcept nogil:
        return (self.present[e >> 6] >> (e & 63)) & 1

    cdef inline void _toggle(self, int32_t e) noexcept nogil:
        self.present[e >> 6] ^= (<uint64_t> 1) << (e & 63)

    cdef int _search(self, int32_t root) noexcept nogil:
        cdef int64_t depth = 0, k, end, steps = 0
        cdef int32_t t, e, o
        cdef int result, known, code
        known = self._value(root)
        if known >= 0:
            return known
        self.tokens[0] = root
        self.cursor[0] = self.offsets[root]
        while True:
            steps += 1
            if (steps & (POLL - 1)) == 0 and stop_requested():
                result = _STOPPED
                break
            t = self.tokens[depth]
            k = self.cursor[depth]
            end = self.offsets[t + 1]
            while k < end and not self._has(self.edge_of[k]):
                k += 1
            if k < end:
                self.cursor[depth] = k + 1
                e = self.edge_of[k]
                o = self.other[k]
                self._toggle(e)
                known = self._value(o)
                if known < 0:  # not seen: search it
                    depth += 1
                    self.tokens[depth] = o
                    self.cursor[depth] = self.offsets[o]
                    self.taken[depth] = e
                    continue
                self._toggle(e)
                if known == 1:
                    continue  # a move to a won position: try the next
                result = 1  # a move to a lost position wins here
            else:
                result = 0  # every move leads to a won position
            # settle the frame, and its parents while each child is lost
            while True:
                code = self._store(self.tokens[depth], result)
                if code < 0:
                    result = code
                    break
                if depth == 0:
                    return result
                self._toggle(self.taken[depth])
                depth -= 1
                if result == 0:
                    result = 1
                    continue
                break
            if result < 0:
                break
        # unwound early: put the root's edge set back
        while depth > 0:
            self._toggle(self.taken[depth])
            depth -= 1
        return result

    def mover_wins(self, int32_t token, const uint64_t[::1] present):
        """Who wins with the token on ``token`` and the edges of ``present`` (bits,
        ``words`` words) still there: WIN, LOSS, OVER_BUDGET, STOPPED or OUT_OF_MEMORY."""
        cdef int64_t k
        cdef int result
        if not 0 <= token < self.n_vertices:
            raise ValueError("token out of range")
        if present.shape[0] != self.words:
            raise ValueError(f"present must have {self.words} words")
        for k in range(self.words):
            self.present[k] = present[k]
        if self.n_edges & 63:
            self.present[self.words - 1] &= ((<uint64_t> 1) << (self.n_edges & 63)) - 1
        with nogil:
            result = self._search(token)
        return result
