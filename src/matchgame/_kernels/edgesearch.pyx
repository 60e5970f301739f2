# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Exact search of edge geography on a small graph with odd cycles (memoised minimax).

Edge geography is PSPACE-complete on general graphs (Fraenkel, Scheinerman,
Ullman 1993); matchgame answers bipartite graphs by linear algebra and searches
the rest exhaustively within a budget of states.

The graph arrives reduced to parities: two copies of an edge cancel (whatever
one player does with one, the other answers with the other), so a position is
the token's vertex and the set of edges still present, each at most once
(a self-loop is an edge from a vertex to itself). An edge listed at one of its
ends only is an arc, used from that end: the same search then plays a game along
arcs. The search is a depth-first walk
with an explicit stack (depth at most the number of edges), so no recursion. It
stops with "over budget" once ``max_states`` states are settled, and "stopped" when
the thread's stop flag is raised; the states settled so far stay valid, so a later
question reuses them.

What a state costs. A state is not stored as its edge set (that took 8 bytes a 64
edges, kilobytes a state on a 100x100 king board: 7.3 GB before the budget of a
million states ran out), but as a *record* of a fixed 40 bytes: the record it was
reached from, the edge that move used, the token, its value, and a Zobrist hash of
(token, edge set) kept up to date move by move. The records form a tree whose roots
(one per question asked) keep their edge sets. A lookup compares hashes, then checks
the candidate exactly: its chain of moves up to the first record on the current
walk's stack (or, failing that, to its root) must remove exactly the edges the walk
removed since that record. So the answers are exact, the memory is the budget times
40 bytes (plus a hash table of 8 to 16 bytes a record), whatever the graph's size,
and a search that cannot finish within its budget fails in seconds. (On a graph of at
most 128 edges a record also keeps its edge set, one or two words, compared at once.)
The records and the table grow only when the caller says so: a search that needs more
room returns NEEDS_ROOM, its caller claims the memory (the web server's lanes see the
claim) and calls :meth:`EdgeSearch.grow`, and the next question goes on from where
it stopped.
"""

import numpy as np

from libc.stdint cimport int8_t, int32_t, int64_t, uint64_t
from libc.stdlib cimport calloc, free, malloc, realloc

from ._stop cimport stop_requested

__all__ = ["LOSS", "NEEDS_ROOM", "OUT_OF_MEMORY", "OVER_BUDGET", "STOPPED", "WIN", "EdgeSearch"]

cdef enum:
    _OVER_BUDGET = -1
    _STOPPED = -2
    _OUT_OF_MEMORY = -3
    _NEEDS_ROOM = -4

LOSS = 0
WIN = 1
OVER_BUDGET = _OVER_BUDGET
STOPPED = _STOPPED
OUT_OF_MEMORY = _OUT_OF_MEMORY
NEEDS_ROOM = _NEEDS_ROOM

cdef int64_t POLL = 1 << 14


cdef inline uint64_t _mix(uint64_t h) noexcept nogil:
    """splitmix64's finaliser."""
    h ^= h >> 30
    h *= <uint64_t> 0xbf58476d1ce4e5b9ULL
    h ^= h >> 27
    h *= <uint64_t> 0x94d049bb133111ebULL
    h ^= h >> 31
    return h


cdef struct Record:
    int64_t parent  # the record a move led from; a root: -1 - its number
    uint64_t hash   # of (token, edge set)
    int32_t token
    int32_t edge    # the edge that move used (-1: a root)
    int32_t depth   # the stack index it was made at
    int32_t count   # edges present
    int8_t value    # -1 not settled, 0 the mover loses, 1 wins

# a slot of the hash table (two slots a record at most); edge sets of at most this
# many words are kept in the records' own keys and compared at once
DEF SLOT_BYTES = 8
DEF KEY_WORDS = 2


cdef inline int64_t _slot(int64_t record, uint64_t h) noexcept nogil:
    """A slot of the hash table: the record (below 2**39) and the top 24 bits of its
    hash, so that most probes of other states never read a record."""
    return (record << 24) | <int64_t> (h >> 40)


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
        Most states to settle.
    keys : bool
        Keep each record's edge set when the graph has at most 128 edges (False: check
        every candidate by its chain of moves, whatever the size; for the tests).
    """

    cdef int64_t n_vertices, n_edges, words, max_states, max_records, stored
    cdef int32_t[::1] offsets
    cdef int32_t[::1] edge_of
    cdef int32_t[::1] other
    cdef uint64_t *zobrist   # per edge: its share of an edge set's hash
    # the records (see the module doc), records_used of records_capacity; on a small
    # graph (at most KEY_WORDS words) each record's edge set too, in keys
    cdef int64_t records_used, records_capacity
    cdef Record *records
    cdef uint64_t *keys
    cdef bint keyed
    cdef int64_t *slots       # the hash table: a record and 24 bits of its hash, or -1
    cdef int64_t capacity
    cdef uint64_t *roots      # each root's edge set, words each
    cdef int64_t n_roots, roots_capacity
    # the walk: its edge set, hash and count, and per stack level the record, the
    # next incidence to try and the edge taken to get there
    cdef uint64_t *present
    cdef uint64_t present_hash
    cdef int64_t present_count
    cdef int64_t *stack_rec
    cdef int64_t *cursor
    cdef int32_t *taken
    cdef uint64_t *scratch  # a root's edge set, rebuilt to check a candidate

    def __cinit__(self):
        self.zobrist = NULL
        self.records = NULL
        self.keys = NULL
        self.slots = NULL
        self.roots = NULL
        self.present = NULL
        self.stack_rec = NULL
        self.cursor = NULL
        self.taken = NULL
        self.scratch = NULL

    def __init__(
        self,
        const int32_t[::1] offsets,
        const int32_t[::1] edge_of,
        const int32_t[::1] other,
        int64_t n_edges,
        int64_t max_states,
        bint keys=True,
    ):
        cdef Py_ssize_t n = offsets.shape[0] - 1, k
        if n < 0 or offsets[0] != 0 or offsets[n] != edge_of.shape[0]:
            raise ValueError("offsets must be CSR offsets of edge_of")
        if other.shape[0] != edge_of.shape[0] or n_edges < 0 or max_states < 1:
            raise ValueError("edge_of and other differ in length, or a count is negative")
        if n_edges > 2**31 - 2 or max_states > 2**38:
            raise ValueError("too many edges or states for the search's records")
        for k in range(n):
            if offsets[k + 1] < offsets[k]:
                raise ValueError("offsets decrease")
        for k in range(edge_of.shape[0]):
            if not (0 <= edge_of[k] < n_edges and 0 <= other[k] < n):
                raise ValueError("an incidence names an edge or vertex out of range")
        self.n_vertices = n
        self.n_edges = n_edges
        self.words = max((n_edges + 63) >> 6, 1)
        self.keyed = keys and self.words <= KEY_WORDS
        self.max_states = max_states
        # settled states, the frames of an unfinished walk, and one root a question
        self.max_records = max_states + 2 * (n_edges + 2)
        self.offsets = np.array(offsets, dtype=np.int32)
        self.edge_of = np.array(edge_of, dtype=np.int32)
        self.other = np.array(other, dtype=np.int32)
        self.stored = 0
        self.records_used = 0
        self.records_capacity = 0
        self.n_roots = 0
        self.roots_capacity = 0
        self.capacity = 2048  # two slots a record: 1024 records at first
        self.slots = <int64_t *> malloc(self.capacity * sizeof(int64_t))
        self.zobrist = <uint64_t *> malloc(max(n_edges, 1) * sizeof(uint64_t))
        self.present = <uint64_t *> calloc(self.words, sizeof(uint64_t))
        self.scratch = <uint64_t *> calloc(self.words, sizeof(uint64_t))
        self.stack_rec = <int64_t *> malloc((n_edges + 2) * sizeof(int64_t))
        self.cursor = <int64_t *> malloc((n_edges + 2) * sizeof(int64_t))
        self.taken = <int32_t *> malloc((n_edges + 2) * sizeof(int32_t))
        if (self.slots == NULL or self.zobrist == NULL or self.present == NULL
                or self.scratch == NULL or self.stack_rec == NULL or self.cursor == NULL
                or self.taken == NULL or self._grow_records() < 0):
            raise MemoryError("no memory for the search's table")
        for k in range(self.capacity):
            self.slots[k] = -1
        for k in range(n_edges):
            self.zobrist[k] = _mix(<uint64_t> k * <uint64_t> 0x9e3779b97f4a7c15ULL + 1)

    def __dealloc__(self):
        free(self.zobrist)
        free(self.records)
        free(self.keys)
        free(self.slots)
        free(self.roots)
        free(self.present)
        free(self.stack_rec)
        free(self.cursor)
        free(self.taken)
        free(self.scratch)

    @property
    def n_states(self):
        """States settled so far."""
        return int(self.stored)

    def growth_bytes(self):
        """Bytes the records and the hash table take after :meth:`grow` (the old and
        the new at once while they are copied)."""
        cdef int64_t records = 2 * self.records_capacity, capacity = self.capacity
        while capacity < 2 * records:
            capacity *= 2
        return (records * self._record_bytes() * 3 // 2 + capacity * SLOT_BYTES * 3 // 2
                + (self.n_edges + 2) * 36 + 64 * self.words)

    def grow(self):
        """Room for twice the records: what :meth:`mover_wins` asks for with
        NEEDS_ROOM, once the caller has claimed :meth:`growth_bytes`."""
        if self._grow_records() < 0:
            raise MemoryError("no memory for the search's records")
        while 2 * self.records_capacity > self.capacity:
            if self._grow_table() < 0:
                raise MemoryError("no memory for the search's table")

    cdef int64_t _record_bytes(self) noexcept nogil:
        return sizeof(Record) + (8 * self.words if self.keyed else 0)

    @staticmethod
    def memory(int64_t n_edges, int64_t max_states):
        """Bytes the search takes at its largest for ``max_states`` states: its records
        and hash table (while they grow, the old and the new at once), and what its
        walk keeps per edge."""
        cdef int64_t records = max_states + 2 * (n_edges + 2), capacity = 1024
        cdef int64_t words = max((n_edges + 63) >> 6, 1)
        cdef int64_t record_bytes = sizeof(Record) + (8 * words if words <= KEY_WORDS else 0)
        while capacity < 2 * records:
            capacity *= 2
        return (records * record_bytes * 3 // 2 + capacity * SLOT_BYTES * 3 // 2
                + (n_edges + 2) * 36 + 64 * words)

    # -- records and their table ------------------------------------------------

    cdef int _grow_records(self) noexcept nogil:
        """Room for twice the records (1024 at first); -1 if memory ran out."""
        cdef int64_t grown = max(2 * self.records_capacity, 1024)
        cdef void *p = realloc(self.records, grown * sizeof(Record))
        if p == NULL:
            return -1
        self.records = <Record *> p
        if self.keyed:
            p = realloc(self.keys, grown * self.words * sizeof(uint64_t))
            if p == NULL:
                return -1
            self.keys = <uint64_t *> p
        self.records_capacity = grown
        return 0

    cdef int _grow_table(self) noexcept nogil:
        """Double the hash table; -1 if memory ran out."""
        cdef int64_t grown = 2 * self.capacity, mask = grown - 1, r, i
        cdef int64_t *slots = <int64_t *> malloc(grown * sizeof(int64_t))
        if slots == NULL:
            return -1
        for i in range(grown):
            slots[i] = -1
        for r in range(self.records_used):
            i = <int64_t> (self.records[r].hash & <uint64_t> mask)
            while slots[i] != -1:
                i = (i + 1) & mask
            slots[i] = _slot(r, self.records[r].hash)
        free(self.slots)
        self.slots = slots
        self.capacity = grown
        return 0

    cdef inline uint64_t _state_hash(self, int32_t token) noexcept nogil:
        return _mix(self.present_hash ^ _mix(<uint64_t> token + <uint64_t> 0x9e3779b97f4a7c15ULL))

    cdef inline void _toggle(self, int32_t e) noexcept nogil:
        cdef uint64_t bit = (<uint64_t> 1) << (e & 63)
        self.present[e >> 6] ^= bit
        self.present_hash ^= self.zobrist[e]
        if self.present[e >> 6] & bit:
            self.present_count += 1
        else:
            self.present_count -= 1

    cdef inline bint _has(self, int32_t e) noexcept nogil:
        return (self.present[e >> 6] >> (e & 63)) & 1

    cdef bint _same(self, int64_t r, int64_t depth, int32_t last) noexcept nogil:
        """Whether record ``r`` is the walk's state: the one at stack level ``depth``
        with ``last`` removed (-1: the level's own state). Exact: see the module doc."""
        cdef int64_t a = r, level, k, removed = 0
        cdef int32_t e
        if self.keyed:
            for k in range(self.words):
                if self.keys[r * self.words + k] != self.present[k]:
                    return False
            return True
        # up the chain to a record on the walk's stack, every edge it removed absent now
        while True:
            level = self.records[a].depth
            if level <= depth and self.stack_rec[level] == a:
                # the walk removed taken[level + 1 .. depth] and last since a
                return removed == depth - level + (1 if last >= 0 else 0)
            if self.records[a].parent < 0:
                break  # a root that is not on the stack
            e = self.records[a].edge
            if self._has(e):
                return False
            removed += 1
            a = self.records[a].parent
        # rebuild the set from the root's and compare
        a = -1 - self.records[a].parent
        for k in range(self.words):
            self.scratch[k] = self.roots[a * self.words + k]
        a = r
        while self.records[a].parent >= 0:
            e = self.records[a].edge
            self.scratch[e >> 6] ^= (<uint64_t> 1) << (e & 63)
            a = self.records[a].parent
        for k in range(self.words):
            if self.scratch[k] != self.present[k]:
                return False
        return True

    cdef int64_t _find(self, int32_t token, uint64_t h, int64_t depth, int32_t last) noexcept nogil:
        """The record of the walk's state (see :meth:`_same`) with the token on
        ``token`` and hash ``h``, or -1."""
        cdef int64_t mask = self.capacity - 1, i, r, slot, fragment = <int64_t> (h >> 40)
        i = <int64_t> (h & <uint64_t> mask)
        while True:
            slot = self.slots[i]
            if slot == -1:
                return -1
            r = slot >> 24
            if ((slot & 0xFFFFFF) == fragment and self.records[r].hash == h
                    and self.records[r].token == token
                    and self.records[r].count == self.present_count
                    and self._same(r, depth, last)):
                return r
            i = (i + 1) & mask

    cdef int64_t _new_record(
        self, int64_t parent, int32_t edge, int32_t token, uint64_t h, int64_t depth
    ) noexcept nogil:
        """A record of the walk's state, put in the table; OVER_BUDGET or OUT_OF_MEMORY
        (negative) when there is no room."""
        cdef int64_t r = self.records_used, i, mask
        if r >= self.max_records:
            return _OVER_BUDGET
        if r == self.records_capacity or 2 * (r + 1) > self.capacity:
            return _NEEDS_ROOM  # the caller claims the memory, grows, and asks again
        self.records[r].parent = parent
        self.records[r].hash = h
        self.records[r].token = token
        self.records[r].edge = edge
        self.records[r].depth = <int32_t> depth
        self.records[r].count = <int32_t> self.present_count
        self.records[r].value = -1
        if self.keyed:
            for i in range(self.words):
                self.keys[r * self.words + i] = self.present[i]
        self.records_used = r + 1
        mask = self.capacity - 1
        i = <int64_t> (h & <uint64_t> mask)
        while self.slots[i] != -1:
            i = (i + 1) & mask
        self.slots[i] = _slot(r, h)
        return r

    cdef int64_t _new_root(self, int32_t token, uint64_t h) noexcept nogil:
        """A root record: the walk's edge set kept whole."""
        cdef int64_t k, grown, r
        cdef uint64_t *p
        if self.n_roots == self.roots_capacity:
            grown = max(2 * self.roots_capacity, 4)
            p = <uint64_t *> realloc(self.roots, grown * self.words * sizeof(uint64_t))
            if p == NULL:
                return _OUT_OF_MEMORY
            self.roots = p
            self.roots_capacity = grown
        r = self._new_record(-1 - self.n_roots, -1, token, h, 0)
        if r < 0:
            return r
        for k in range(self.words):
            self.roots[self.n_roots * self.words + k] = self.present[k]
        self.n_roots += 1
        return r

    cdef int _settle(self, int64_t r, int value) noexcept nogil:
        if self.stored >= self.max_states:
            return _OVER_BUDGET
        self.records[r].value = <int8_t> value
        self.stored += 1
        return 0

    # -- the walk -----------------------------------------------------------------

    cdef int _search(self, int32_t root) noexcept nogil:
        cdef int64_t depth = 0, k, end, steps = 0, r, child
        cdef int32_t t, e, o
        cdef int result, code
        cdef uint64_t h = self._state_hash(root)
        r = self._find(root, h, -1, -1)
        if r >= 0 and self.records[r].value >= 0:
            return self.records[r].value
        if self.stored >= self.max_states:
            return _OVER_BUDGET
        if r < 0:
            r = self._new_root(root, h)
            if r < 0:
                return <int> r
        self.stack_rec[0] = r
        self.cursor[0] = self.offsets[root]
        while True:
            steps += 1
            if (steps & (POLL - 1)) == 0 and stop_requested():
                result = _STOPPED
                break
            t = self.records[self.stack_rec[depth]].token
            k = self.cursor[depth]
            end = self.offsets[t + 1]
            while k < end and not self._has(self.edge_of[k]):
                k += 1
            if k < end:
                self.cursor[depth] = k + 1
                e = self.edge_of[k]
                o = self.other[k]
                self._toggle(e)
                h = self._state_hash(o)
                child = self._find(o, h, depth, e)
                if child < 0 or self.records[child].value < 0:  # not settled: search it
                    if child < 0:
                        child = self._new_record(self.stack_rec[depth], e, o, h, depth + 1)
                        if child < 0:
                            self._toggle(e)
                            result = <int> child
                            break
                    depth += 1
                    self.stack_rec[depth] = child
                    self.cursor[depth] = self.offsets[o]
                    self.taken[depth] = e
                    continue
                self._toggle(e)
                if self.records[child].value == 1:
                    continue  # a move to a won position: try the next
                result = 1  # a move to a lost position wins here
            else:
                result = 0  # every move leads to a won position
            # settle the frame, and its parents while each child is lost
            while True:
                code = self._settle(self.stack_rec[depth], result)
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
        ``words`` words) still there: WIN, LOSS, OVER_BUDGET, STOPPED, OUT_OF_MEMORY,
        or NEEDS_ROOM: the records are full; :meth:`grow` and ask again (the states
        settled so far, and the walk's records, are kept)."""
        cdef int64_t k, e
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
            self.present_hash = 0
            self.present_count = 0
            for e in range(self.n_edges):
                if self._has(<int32_t> e):
                    self.present_hash ^= self.zobrist[e]
                    self.present_count += 1
            result = self._search(token)
        return result
