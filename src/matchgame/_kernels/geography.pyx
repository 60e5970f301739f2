# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Exact search of directed vertex geography (memoised minimax over canonical states).

A position is the token's vertex ``t`` and the vertices not visited yet. Only the
unvisited vertices the token can still reach matter (what it cannot reach it never
enters), so the search keys a position by ``(t, U)``, ``U`` the unvisited vertices
reachable from ``t`` through unvisited vertices: its *canonical state*. Positions
whose visited sets differ only where the token can no longer go share one entry,
and once the reachable part splits into strongly connected pieces, a piece the token
has left is out of every later key.

The walk is depth-first with an explicit stack (a line of play is at most as long as
the digraph has vertices). The unvisited vertices are one bit set changed in place
as the walk moves; ``U`` is computed (a breadth-first search over bit sets) only
where the table is asked, at positions with two moves or more:

- a position with no move is lost; one with a move to a vertex with no move onward
  is won at once (the opponent is stuck), before anything else;
- a position with one move (a *forced* move) is neither looked up nor remembered:
  its value is the opposite of the next one's, and chains of them cost one step each;
- elsewhere the moves are ordered so that the opponent's position with the fewest
  moves comes first (the likeliest to be lost; among those tied for the fewest, the
  one whose replies leave us the most moves), and the first move to a lost position ends the search
  of this one; a position settled with at most one position searched below it is
  not remembered (it is cheaper to search again than a table entry is to keep).

The table is sized in bytes: buckets of four entries, each entry the key's words
and one word for the token, the value and the size of the search below it (its
log2). A position is stored in its bucket's empty entry or, when there is none, in
place of the entry with the smallest search below it: the table never refuses an
entry, and a search that outgrows it goes on, re-searching what was replaced. It
grows only when the caller says so: a search whose table is half full asks for
NEEDS_ROOM (while it is smaller than its largest size); the caller claims the memory
and calls :meth:`GeographySearch.grow`, then :meth:`GeographySearch.run` again goes
on where it stopped.

The search stops, keeping where it was, when its budget of positions is spent
(OVER_BUDGET), when its seconds are up (TIMED_OUT; the clock is read every 4,096
positions) or when the thread's stop flag is raised (STOPPED; read every 1,024);
:meth:`GeographySearch.run` with a new budget goes on from there.
"""

import numpy as np

from libc.stdint cimport int8_t, int32_t, int64_t, uint64_t, uint8_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcmp, memcpy

from ._stop cimport stop_requested

__all__ = [
    "LOSS",
    "NEEDS_ROOM",
    "OVER_BUDGET",
    "STOPPED",
    "TIMED_OUT",
    "WIN",
    "GeographySearch",
    "reachable",
    "strong_components",
    "sweep",
]

cdef extern from *:
    """
    #if defined(_WIN32)
    #include <windows.h>
    static double mg_seconds(void) { return (double) GetTickCount64() / 1000.0; }
    #else
    #include <time.h>
    static double mg_seconds(void) {
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        return (double) now.tv_sec + 1e-9 * (double) now.tv_nsec;
    }
    #endif
    #if defined(__GNUC__) || defined(__clang__)
    #define mg_popcount(x) __builtin_popcountll(x)
    #define mg_prefetch(p) __builtin_prefetch(p)
    #define mg_lowest(x) __builtin_ctzll(x)
    #else
    static int mg_popcount(unsigned long long x) {
        int c = 0; while (x) { x &= x - 1; c++; } return c;
    }
    static int mg_lowest(unsigned long long x) {
        int c = 0; while (!(x & 1)) { x >>= 1; c++; } return c;
    }
    #define mg_prefetch(p) ((void) (p))
    #endif
    """
    double mg_seconds() noexcept nogil
    int mg_popcount(uint64_t x) noexcept nogil
    int mg_lowest(uint64_t x) noexcept nogil
    void mg_prefetch(const void *p) noexcept nogil

cdef enum:
    _LOSS = 0
    _WIN = 1
    _OVER_BUDGET = -1
    _STOPPED = -2
    _TIMED_OUT = -3
    _NEEDS_ROOM = -4
    _RUNNING = -5

LOSS = _LOSS
WIN = _WIN
OVER_BUDGET = _OVER_BUDGET
STOPPED = _STOPPED
TIMED_OUT = _TIMED_OUT
NEEDS_ROOM = _NEEDS_ROOM

DEF BUCKET = 4               # entries a bucket
DEF FIRST_BUCKETS = 1024     # the table's buckets at first
DEF STOP_POLL = 1 << 10      # positions between looks at the stop flag
DEF CLOCK_POLL = 1 << 12     # ... and at the clock
DEF MAX_VERTICES = (1 << 31) - 2

# an entry's first word: the token + 1 (0: empty) in bits 0-31, the value in bit 32,
# log2 of the positions searched below it in bits 33-39
DEF VALUE_BIT = 32
DEF WORK_SHIFT = 33


cdef inline uint64_t _mix(uint64_t h) noexcept nogil:
    """splitmix64's finaliser."""
    h ^= h >> 30
    h *= <uint64_t> 0xbf58476d1ce4e5b9ULL
    h ^= h >> 27
    h *= <uint64_t> 0x94d049bb133111ebULL
    h ^= h >> 31
    return h


cdef inline int _bit_length(int64_t x) noexcept nogil:
    cdef int b = 0
    while x > 0 and b < 127:
        x >>= 1
        b += 1
    return b


cdef class GeographySearch:
    """Who wins directed vertex geography from positions of one digraph, searched and
    remembered (see the module docstring).

    Parameters
    ----------
    offsets, targets : int32 arrays
        The arcs as CSR: ``targets[offsets[v]:offsets[v + 1]]`` are the heads of the
        arcs leaving ``v`` (``0 .. n - 1``; self-loops are dropped, repeats count once).
    max_table_bytes : int
        The most bytes the table may grow to (at least one bucket is kept).
    order : int, default 2
        Move ordering: 2 the opponent's fewest moves first, ties broken by the moves
        its replies leave us, most first; 1 the fewest moves first; 0 the arcs' order
        (1 and 0 for the benchmarks).
    canonical : bool, default True
        Key a position by the unvisited vertices the token can reach (False: by every
        unvisited vertex, the plain key; for the benchmarks).
    """

    cdef int64_t n, words, arcs
    cdef uint64_t *adj            # n * words: each vertex's successors
    cdef int32_t *off             # CSR without loops and repeats
    cdef int32_t *head
    cdef uint64_t *avail          # the unvisited vertices (the token's included)
    cdef uint64_t *reach          # scratch: the canonical set
    cdef uint64_t *frontier
    cdef uint64_t *grown
    # the stack: per level its token, the moves to try (on the kids stack), the next
    # move, the positions counted when it was entered, its key's hash and words
    cdef int32_t *token
    cdef int64_t *kid_base
    cdef int32_t *n_kids
    cdef int32_t *cursor
    cdef int64_t *entered
    cdef uint64_t *key_hash
    cdef uint64_t *keys
    cdef uint8_t *keyed
    cdef int32_t *kids
    cdef int32_t *rank
    cdef int64_t depth
    cdef int state                # _RUNNING while a question is under way, else its value
    cdef bint pending             # the top of the stack is entered, not yet expanded
    cdef int32_t root_move
    cdef int order
    cdef bint canonical
    # the table
    cdef uint64_t *table
    cdef int64_t n_buckets, max_buckets, stored
    # counts
    cdef int64_t positions, since_stop, since_clock, hits, clock_poll, stop_poll

    def __cinit__(self):
        self.adj = NULL
        self.off = NULL
        self.head = NULL
        self.avail = NULL
        self.reach = NULL
        self.frontier = NULL
        self.grown = NULL
        self.token = NULL
        self.kid_base = NULL
        self.n_kids = NULL
        self.cursor = NULL
        self.entered = NULL
        self.key_hash = NULL
        self.keys = NULL
        self.keyed = NULL
        self.kids = NULL
        self.rank = NULL
        self.table = NULL

    def __init__(
        self,
        const int32_t[::1] offsets,
        const int32_t[::1] targets,
        int64_t max_table_bytes,
        int order=2,
        bint canonical=True,
    ):
        cdef Py_ssize_t n = offsets.shape[0] - 1, k
        cdef int64_t v, w, words, count, entry_bytes
        cdef uint64_t bits
        if n < 1 or n > MAX_VERTICES:
            raise ValueError("offsets must have 2 to 2**31 - 1 entries")
        if offsets[0] != 0 or offsets[n] != targets.shape[0]:
            raise ValueError("offsets must be CSR offsets of targets")
        for k in range(n):
            if offsets[k + 1] < offsets[k]:
                raise ValueError("offsets decrease")
        for k in range(targets.shape[0]):
            if not 0 <= targets[k] < n:
                raise ValueError("an arc's head is out of range")
        if max_table_bytes < 0 or not 0 <= order <= 2:
            raise ValueError("max_table_bytes must be >= 0 and order 0, 1 or 2")
        words = (n + 63) >> 6
        if words > (1 << 40) // n:
            raise ValueError("too many vertices for the search's bit sets")
        self.n = n
        self.words = words
        self.order = order
        self.canonical = canonical
        self.adj = <uint64_t *> calloc(n * words, sizeof(uint64_t))
        self.off = <int32_t *> malloc((n + 1) * sizeof(int32_t))
        if self.adj == NULL or self.off == NULL:
            raise MemoryError("no memory for the search's digraph")
        # the successors as bit sets (loops dropped, repeats once), then as lists
        count = 0
        for v in range(n):
            for k in range(offsets[v], offsets[v + 1]):
                w = targets[k]
                if w != v and not (self.adj[v * words + (w >> 6)] >> (w & 63)) & 1:
                    self.adj[v * words + (w >> 6)] |= (<uint64_t> 1) << (w & 63)
                    count += 1
        self.arcs = count
        self.head = <int32_t *> malloc(max(count, 1) * sizeof(int32_t))
        self.kids = <int32_t *> malloc(max(count, 1) * sizeof(int32_t))
        self.rank = <int32_t *> malloc(max(count, 1) * sizeof(int32_t))
        self.avail = <uint64_t *> calloc(words, sizeof(uint64_t))
        self.reach = <uint64_t *> calloc(words, sizeof(uint64_t))
        self.frontier = <uint64_t *> calloc(words, sizeof(uint64_t))
        self.grown = <uint64_t *> calloc(words, sizeof(uint64_t))
        self.token = <int32_t *> malloc((n + 1) * sizeof(int32_t))
        self.kid_base = <int64_t *> malloc((n + 1) * sizeof(int64_t))
        self.n_kids = <int32_t *> malloc((n + 1) * sizeof(int32_t))
        self.cursor = <int32_t *> malloc((n + 1) * sizeof(int32_t))
        self.entered = <int64_t *> malloc((n + 1) * sizeof(int64_t))
        self.key_hash = <uint64_t *> malloc((n + 1) * sizeof(uint64_t))
        self.keyed = <uint8_t *> calloc(n + 1, sizeof(uint8_t))
        self.keys = <uint64_t *> malloc((n + 1) * words * sizeof(uint64_t))
        if (self.head == NULL or self.kids == NULL or self.rank == NULL or self.avail == NULL
                or self.reach == NULL or self.frontier == NULL or self.grown == NULL
                or self.token == NULL or self.kid_base == NULL or self.n_kids == NULL
                or self.cursor == NULL or self.entered == NULL or self.key_hash == NULL
                or self.keyed == NULL or self.keys == NULL):
            raise MemoryError("no memory for the search's stack")
        count = 0
        self.off[0] = 0
        for v in range(n):
            for k in range(words):
                bits = self.adj[v * words + k]
                while bits:
                    self.head[count] = <int32_t> ((k << 6) + mg_lowest(bits))
                    bits &= bits - 1
                    count += 1
            self.off[v + 1] = <int32_t> count
        # the clock and the stop flag are read every so many positions, fewer where a
        # position costs more (its breadth-first search reads words a vertex)
        self.clock_poll = max(CLOCK_POLL // max(n * words // 256, 1), 1)
        self.stop_poll = max(STOP_POLL // max(n * words // 256, 1), 1)
        entry_bytes = BUCKET * (words + 1) * 8
        self.max_buckets = max(max_table_bytes // entry_bytes, 1)
        self.n_buckets = min(<int64_t> FIRST_BUCKETS, self.max_buckets)
        self.table = <uint64_t *> calloc(self.n_buckets * BUCKET * (words + 1), sizeof(uint64_t))
        if self.table == NULL:
            raise MemoryError("no memory for the search's table")
        self.stored = 0
        self.positions = 0
        self.hits = 0
        self.depth = -1
        self.state = _LOSS
        self.pending = False
        self.root_move = -1

    def __dealloc__(self):
        free(self.adj)
        free(self.off)
        free(self.head)
        free(self.kids)
        free(self.rank)
        free(self.avail)
        free(self.reach)
        free(self.frontier)
        free(self.grown)
        free(self.token)
        free(self.kid_base)
        free(self.n_kids)
        free(self.cursor)
        free(self.entered)
        free(self.key_hash)
        free(self.keyed)
        free(self.keys)
        free(self.table)

    @staticmethod
    def fixed_bytes(int64_t n, int64_t n_arcs):
        """Bytes the search takes besides its table on ``n`` vertices and ``n_arcs``
        arcs: the successors' bit sets and lists, and a stack as deep as ``n`` with
        a key a level."""
        cdef int64_t words = (n + 63) >> 6
        return (2 * (n + 1) * words * 8 + (n + 1) * 45 + 12 * max(n_arcs, 1)
                + 4 * words * 8 + 1024)

    @staticmethod
    def entry_bytes(int64_t n):
        """Bytes an entry of the table takes on ``n`` vertices."""
        return (((n + 63) >> 6) + 1) * 8

    @property
    def n_positions(self):
        """Positions searched so far (every question's, table hits not counted)."""
        return int(self.positions)

    @property
    def n_arcs(self):
        """Arcs of the digraph (loops and repeats dropped)."""
        return int(self.arcs)

    @property
    def n_stored(self):
        """Positions in the table now."""
        return int(self.stored)

    @property
    def n_hits(self):
        """Positions answered by the table."""
        return int(self.hits)

    @property
    def table_bytes(self):
        """Bytes the table takes now."""
        return int(self.n_buckets * BUCKET * (self.words + 1) * 8)

    @property
    def best_move(self):
        """After a question answered WIN: a winning move of its position (else -1)."""
        return int(self.root_move) if self.state == _WIN else -1

    def growth_bytes(self):
        """Bytes the table takes after :meth:`grow` (the old and the new at once while
        the entries move); 0 when it is at its largest."""
        cdef int64_t grown = min(2 * self.n_buckets, self.max_buckets)
        if grown <= self.n_buckets:
            return 0
        return int((grown + self.n_buckets) * BUCKET * (self.words + 1) * 8)

    def grow(self):
        """Twice the buckets (at most the largest size): what :meth:`run` asks for with
        NEEDS_ROOM, once the caller has claimed :meth:`growth_bytes`."""
        cdef int64_t grown = min(2 * self.n_buckets, self.max_buckets)
        cdef int64_t stride = self.words + 1, b, e, old_buckets = self.n_buckets
        cdef uint64_t *old = self.table
        cdef uint64_t *entry
        cdef uint64_t *table
        if grown <= self.n_buckets:
            return
        table = <uint64_t *> calloc(grown * BUCKET * stride, sizeof(uint64_t))
        if table == NULL:
            raise MemoryError("no memory for the search's table")
        with nogil:
            self.table = table
            self.n_buckets = grown
            self.stored = 0
            for b in range(old_buckets * BUCKET):
                entry = old + b * stride
                if entry[0] != 0:
                    self._put(
                        <int32_t> ((entry[0] & 0xFFFFFFFFULL) - 1),
                        entry + 1,
                        self._hash(<int32_t> ((entry[0] & 0xFFFFFFFFULL) - 1), entry + 1),
                        <int> ((entry[0] >> VALUE_BIT) & 1),
                        <int> ((entry[0] >> WORK_SHIFT) & 127),
                    )
        free(old)

    def limit_table(self):
        """Grow no more (the caller has no more memory to give): from now on entries
        are replaced."""
        self.max_buckets = self.n_buckets

    # -- the canonical state and the table ---------------------------------------------

    cdef inline uint64_t _hash(self, int32_t t, const uint64_t *key) noexcept nogil:
        cdef uint64_t h = _mix(<uint64_t> t * <uint64_t> 0x9e3779b97f4a7c15ULL + 1)
        cdef int64_t i
        for i in range(self.words):
            h = _mix(h ^ key[i]) + <uint64_t> i
        return h

    cdef void _reach(self, int32_t t) noexcept nogil:
        """``reach``: the vertices of ``avail`` reachable from ``t`` (``t`` not in it
        unless a cycle comes back to it; ``t`` is never in ``avail`` here)."""
        cdef int64_t words = self.words, i, v, k
        cdef uint64_t *adj = self.adj
        cdef uint64_t *reach = self.reach
        cdef uint64_t *frontier = self.frontier
        cdef uint64_t *grown = self.grown
        cdef uint64_t bits, any_new, left
        for i in range(words):
            frontier[i] = adj[t * words + i] & self.avail[i]
            reach[i] = frontier[i]
        while True:
            left = 0  # everything reached already: no level more to expand
            for i in range(words):
                left |= self.avail[i] & ~reach[i]
            if not left:
                return
            any_new = 0
            for i in range(words):
                grown[i] = 0
            for i in range(words):
                bits = frontier[i]
                while bits:
                    v = (i << 6) + mg_lowest(bits)
                    bits &= bits - 1
                    for k in range(words):
                        grown[k] |= adj[v * words + k]
            for i in range(words):
                frontier[i] = grown[i] & self.avail[i] & ~reach[i]
                reach[i] |= frontier[i]
                any_new |= frontier[i]
            if not any_new:
                return

    cdef int _probe(self, int32_t t, const uint64_t *key, uint64_t h) noexcept nogil:
        """The table's value of ``(t, key)``, or -1."""
        cdef int64_t stride = self.words + 1, e
        cdef uint64_t *entry = self.table + self._bucket(h) * BUCKET * stride
        for e in range(BUCKET):
            if (entry[0] & 0xFFFFFFFFULL) == <uint64_t> t + 1 and memcmp(
                entry + 1, key, self.words * 8
            ) == 0:
                return <int> ((entry[0] >> VALUE_BIT) & 1)
            entry += stride
        return -1

    cdef inline int64_t _bucket(self, uint64_t h) noexcept nogil:
        return <int64_t> (((h >> 32) * <uint64_t> self.n_buckets) >> 32)

    cdef void _put(self, int32_t t, const uint64_t *key, uint64_t h, int value, int work) noexcept nogil:
        """Store ``(t, key)``: in an empty entry of its bucket, else in place of the
        entry with the least search below it."""
        cdef int64_t stride = self.words + 1, e
        cdef uint64_t *bucket = self.table + self._bucket(h) * BUCKET * stride
        cdef uint64_t *entry = bucket
        cdef uint64_t *victim = NULL
        cdef int least = 1 << 30, seen
        for e in range(BUCKET):
            if entry[0] == 0:
                victim = entry
                self.stored += 1
                break
            seen = <int> ((entry[0] >> WORK_SHIFT) & 127)
            if seen < least:
                least = seen
                victim = entry
            entry += stride
        victim[0] = ((<uint64_t> t + 1) | (<uint64_t> value << VALUE_BIT)
                     | (<uint64_t> min(work, 127) << WORK_SHIFT))
        memcpy(victim + 1, key, self.words * 8)

    # -- the walk ----------------------------------------------------------------------

    cdef inline bint _has(self, const uint64_t *bits, int64_t v) noexcept nogil:
        return (bits[v >> 6] >> (v & 63)) & 1

    cdef inline int64_t _moves(self, int32_t t, int32_t *only) noexcept nogil:
        """How many unvisited successors ``t`` has, up to 2 (``only``: the one)."""
        cdef int64_t words = self.words, i, found = 0
        cdef uint64_t bits
        for i in range(words):
            bits = self.adj[t * words + i] & self.avail[i]
            if bits:
                if found == 0:
                    only[0] = <int32_t> ((i << 6) + mg_lowest(bits))
                found += mg_popcount(bits)
                if found >= 2:
                    return 2
        return found

    cdef inline bint _is_stuck(self, int32_t x) noexcept nogil:
        """Whether ``x`` (not in ``avail``) has no unvisited successor."""
        cdef int64_t words = self.words, i
        for i in range(words):
            if self.adj[x * words + i] & self.avail[i]:
                return False
        return True

    cdef inline int32_t _mobility(self, int32_t x) noexcept nogil:
        cdef int64_t words = self.words, i
        cdef int32_t c = 0
        for i in range(words):
            c += mg_popcount(self.adj[x * words + i] & self.avail[i])
        return c

    cdef int32_t _replies(self, int32_t x) noexcept nogil:
        """The moves left to us after each of the opponent's moves from ``x``, summed."""
        cdef int64_t words = self.words, i, y
        cdef int32_t c = 0
        cdef uint64_t bits
        for i in range(words):
            bits = self.adj[x * words + i] & self.avail[i]
            while bits:
                y = (i << 6) + mg_lowest(bits)
                bits &= bits - 1
                c += self._mobility(<int32_t> y)
        return c

    cdef int _expand(self) noexcept nogil:
        """Enter the position on top of the stack: its value when it is decided without
        a move searched (no move, a move to a stuck vertex, the table), else -1 with
        its moves laid out to try."""
        cdef int64_t d = self.depth, words = self.words, i, base, count, j, ties
        cdef int32_t t = self.token[d], x, only = -1, r
        cdef uint64_t h
        cdef int known
        self.keyed[d] = 0
        count = self._moves(t, &only)
        if count == 0:
            return _LOSS
        base = self.kid_base[d]
        if count == 1:  # a forced move: no key, nothing remembered
            if self._is_stuck(only):  # (a vertex is never its own successor)
                self._win_with(only)
                return _WIN
            self.kids[base] = only
            self.n_kids[d] = 1
            self.cursor[d] = 0
            return -1
        # a move to a vertex with no move onward wins at once
        for j in range(self.off[t], self.off[t + 1]):
            x = self.head[j]
            if self._has(self.avail, x) and self._is_stuck(x):
                self._win_with(x)
                return _WIN
        # the canonical state: its bucket fetched while the moves are ordered, then
        # looked up (but at the root, whose winning move is asked for)
        if self.canonical:
            self._reach(t)
        else:  # the benchmarks' plain key: every unvisited vertex
            memcpy(self.reach, self.avail, words * 8)
        h = self._hash(t, self.reach)
        mg_prefetch(self.table + self._bucket(h) * BUCKET * (words + 1))
        count = 0
        for j in range(self.off[t], self.off[t + 1]):
            x = self.head[j]
            if not self._has(self.avail, x):
                continue
            r = self._mobility(x) << 20 if self.order else 0
            # insertion by the opponent's moves there, fewest first (stable)
            i = count
            while i > 0 and self.rank[base + i - 1] > r:
                self.kids[base + i] = self.kids[base + i - 1]
                self.rank[base + i] = self.rank[base + i - 1]
                i -= 1
            self.kids[base + i] = x
            self.rank[base + i] = r
            count += 1
        if self.order == 2:  # ties for the fewest: the replies leaving us most moves first
            ties = 1
            while ties < count and self.rank[base + ties] == self.rank[base]:
                ties += 1
            if ties > 1:
                for j in range(ties):
                    r = self.rank[base + j] - min(self._replies(self.kids[base + j]), (1 << 20) - 1)
                    x = self.kids[base + j]
                    i = j
                    while i > 0 and self.rank[base + i - 1] > r:
                        self.kids[base + i] = self.kids[base + i - 1]
                        self.rank[base + i] = self.rank[base + i - 1]
                        i -= 1
                    self.kids[base + i] = x
                    self.rank[base + i] = r
        if d > 0:
            known = self._probe(t, self.reach, h)
            if known >= 0:
                self.hits += 1
                return known
        self.keyed[d] = 1
        self.key_hash[d] = h
        memcpy(self.keys + d * words, self.reach, words * 8)
        self.n_kids[d] = <int32_t> count
        self.cursor[d] = 0
        return -1

    cdef inline void _win_with(self, int32_t move) noexcept nogil:
        if self.depth == 0:
            self.root_move = move

    cdef int _walk(self, int64_t budget, double deadline) noexcept nogil:
        """Go on with the question on the stack: its value, or why it stopped."""
        cdef int64_t d, spent = 0
        cdef int32_t x
        cdef int value
        while True:
            d = self.depth
            if self.pending:
                if spent >= budget:
                    return _OVER_BUDGET
                self.since_stop += 1
                if self.since_stop >= self.stop_poll:
                    self.since_stop = 0
                    if stop_requested():
                        return _STOPPED
                self.since_clock += 1
                if self.since_clock >= self.clock_poll:
                    self.since_clock = 0
                    if mg_seconds() > deadline:
                        return _TIMED_OUT
                    if 2 * self.stored >= self.max_buckets * BUCKET:
                        pass  # the table at its largest: entries are replaced
                    elif 2 * self.stored >= self.n_buckets * BUCKET:
                        return _NEEDS_ROOM
                self.pending = False
                spent += 1
                self.positions += 1
                self.entered[d] = self.positions
                value = self._expand()
                if value < 0:
                    continue
            elif self.cursor[d] < self.n_kids[d]:
                x = self.kids[self.kid_base[d] + self.cursor[d]]
                self.cursor[d] += 1
                self.avail[x >> 6] &= ~((<uint64_t> 1) << (x & 63))
                self.depth = d + 1
                self.token[d + 1] = x
                self.kid_base[d + 1] = self.kid_base[d] + self.n_kids[d]
                self.pending = True
                continue
            else:
                value = _LOSS  # every move leads to a won position
            # settle the top, and its parents while each child is lost
            while True:
                d = self.depth
                if self.keyed[d] and self.positions - self.entered[d] >= 2:
                    self._put(self.token[d], self.keys + d * self.words, self.key_hash[d],
                              value, _bit_length(self.positions - self.entered[d] + 1))
                if d == 0:
                    self.depth = -1
                    return value
                x = self.token[d]
                self.avail[x >> 6] |= (<uint64_t> 1) << (x & 63)
                self.depth = d - 1
                if value == _LOSS:
                    value = _WIN
                    self._win_with(x)
                    continue
                value = _WIN
                break

    def begin(self, int32_t start, const uint8_t[::1] available):
        """Ask who wins with the token on ``start`` and the vertices ``v`` with
        ``available[v]`` not visited (``start``'s own entry is ignored: the token's
        vertex is visited); :meth:`run` answers. A question under way is dropped."""
        cdef int64_t v
        if not 0 <= start < self.n:
            raise ValueError("start out of range")
        if available.shape[0] != self.n:
            raise ValueError(f"available must have {self.n} entries")
        for v in range(self.words):
            self.avail[v] = 0
        for v in range(self.n):
            if available[v] and v != start:
                self.avail[v >> 6] |= (<uint64_t> 1) << (v & 63)
        self.depth = 0
        self.token[0] = start
        self.kid_base[0] = 0
        self.pending = True
        self.state = _RUNNING
        self.root_move = -1

    def run(self, int64_t max_positions, double seconds):
        """Go on with the question :meth:`begin` asked, searching at most
        ``max_positions`` positions for at most ``seconds``: WIN or LOSS, or OVER_BUDGET,
        TIMED_OUT, STOPPED or NEEDS_ROOM (:meth:`grow`, then run again), after which
        run goes on where it stopped."""
        cdef int result
        cdef double deadline
        if self.state != _RUNNING:
            return self.state
        if max_positions < 0:
            raise ValueError("max_positions must be >= 0")
        with nogil:
            deadline = mg_seconds() + seconds
            result = self._walk(max_positions, deadline)
        if result >= 0:
            self.state = result
        return result


# -- the digraph's structure: strongly connected components, reachability, the sweep -------


cdef int _check_csr(const int32_t[::1] offsets, const int32_t[::1] targets) except -1:
    cdef Py_ssize_t n = offsets.shape[0] - 1, k
    if n < 0 or n > MAX_VERTICES:
        raise ValueError("offsets must have 1 to 2**31 - 1 entries")
    if offsets[0] != 0 or offsets[n] != targets.shape[0]:
        raise ValueError("offsets must be CSR offsets of targets")
    for k in range(n):
        if offsets[k + 1] < offsets[k]:
            raise ValueError("offsets decrease")
    for k in range(targets.shape[0]):
        if not 0 <= targets[k] < n:
            raise ValueError("an arc's head is out of range")
    return 0


def strong_components(const int32_t[::1] offsets, const int32_t[::1] targets):
    """Per vertex its strongly connected component, and how many there are: Tarjan's
    algorithm (iterative), the components numbered as they are completed, so that an
    arc between two components goes to the smaller number (sinks first)."""
    _check_csr(offsets, targets)
    cdef Py_ssize_t n = offsets.shape[0] - 1
    component = np.full(n, -1, dtype=np.int32)
    cdef int32_t[::1] comp = component
    cdef int32_t *index = <int32_t *> malloc(max(n, 1) * sizeof(int32_t))
    cdef int32_t *low = <int32_t *> malloc(max(n, 1) * sizeof(int32_t))
    cdef int32_t *held = <int32_t *> malloc(max(n, 1) * sizeof(int32_t))
    cdef int32_t *calls = <int32_t *> malloc(max(n, 1) * sizeof(int32_t))
    cdef int32_t *cursor = <int32_t *> malloc(max(n, 1) * sizeof(int32_t))
    cdef uint8_t *on_stack = <uint8_t *> calloc(max(n, 1), sizeof(uint8_t))
    cdef int64_t counter = 0, count = 0, top, sp = 0, root, v, w, e, x
    if (index == NULL or low == NULL or held == NULL or calls == NULL or cursor == NULL
            or on_stack == NULL):
        free(index); free(low); free(held); free(calls); free(cursor); free(on_stack)
        raise MemoryError("no memory for the strongly connected components")
    with nogil:
        for v in range(n):
            index[v] = -1
        for root in range(n):
            if index[root] != -1:
                continue
            index[root] = low[root] = <int32_t> counter
            counter += 1
            held[sp] = <int32_t> root
            sp += 1
            on_stack[root] = 1
            top = 0
            calls[0] = <int32_t> root
            cursor[0] = offsets[root]
            while top >= 0:
                v = calls[top]
                e = cursor[top]
                if e < offsets[v + 1]:
                    cursor[top] = <int32_t> (e + 1)
                    w = targets[e]
                    if index[w] == -1:
                        index[w] = low[w] = <int32_t> counter
                        counter += 1
                        held[sp] = <int32_t> w
                        sp += 1
                        on_stack[w] = 1
                        top += 1
                        calls[top] = <int32_t> w
                        cursor[top] = offsets[w]
                    elif on_stack[w] and index[w] < low[v]:
                        low[v] = index[w]
                    continue
                top -= 1
                if top >= 0 and low[v] < low[calls[top]]:
                    low[calls[top]] = low[v]
                if low[v] == index[v]:
                    while True:
                        sp -= 1
                        x = held[sp]
                        on_stack[x] = 0
                        comp[x] = <int32_t> count
                        if x == v:
                            break
                    count += 1
    free(index); free(low); free(held); free(calls); free(cursor); free(on_stack)
    return component, int(count)


def reachable(const int32_t[::1] offsets, const int32_t[::1] targets,
              const uint8_t[::1] sources, const uint8_t[::1] allowed):
    """The vertices reachable from the vertices ``v`` with ``sources[v]`` by a path of
    at least one arc through vertices ``w`` with ``allowed[w]`` (a source itself only
    if such a path leads to it), as a uint8 mask."""
    _check_csr(offsets, targets)
    cdef Py_ssize_t n = offsets.shape[0] - 1
    if sources.shape[0] != n or allowed.shape[0] != n:
        raise ValueError("sources and allowed must have a vertex each")
    found = np.zeros(n, dtype=np.uint8)
    cdef uint8_t[::1] seen = found
    cdef int32_t *queue = <int32_t *> malloc(max(2 * n, 1) * sizeof(int32_t))
    cdef int64_t head = 0, tail = 0, v, w, e
    if queue == NULL:
        raise MemoryError("no memory for the search of the reachable vertices")
    with nogil:
        for v in range(n):
            if sources[v]:
                queue[tail] = <int32_t> v
                tail += 1
        while head < tail:
            v = queue[head]
            head += 1
            for e in range(offsets[v], offsets[v + 1]):
                w = targets[e]
                if allowed[w] and not seen[w]:
                    seen[w] = 1
                    queue[tail] = <int32_t> w
                    tail += 1
    free(queue)
    return found


def sweep(const int32_t[::1] offsets, const int32_t[::1] targets,
          const int32_t[::1] members, const int64_t[::1] comp_start, int64_t first,
          int8_t[::1] value, int64_t[::1] move, const uint8_t[::1] exit_win):
    """Settle the components ``first``, ``first + 1``, ... of one vertex (in the
    order of :func:`strong_components`: every successor settled before) until one of
    more vertices: its number (the number of components when none is left).
    ``members[comp_start[c]:comp_start[c + 1]]`` are component ``c``'s vertices;
    ``value`` per vertex: 1 the mover wins, 0 loses, -1 unknown, -2 not asked; a
    vertex with ``exit_win`` wins (its ``move`` already set), else it wins with a
    move to a lost successor, is unknown with one to an unknown one, and loses."""
    _check_csr(offsets, targets)
    cdef Py_ssize_t n = offsets.shape[0] - 1, n_comp = comp_start.shape[0] - 1
    cdef int64_t c, v, e, w
    cdef int8_t found
    if (members.shape[0] != n or value.shape[0] != n or move.shape[0] != n
            or exit_win.shape[0] != n or n_comp < 0 or first < 0):
        raise ValueError("members, value, move and exit_win must have a vertex each")
    if comp_start[0] != 0 or comp_start[n_comp] != n:
        raise ValueError("comp_start must be offsets of members")
    for c in range(n_comp):
        if comp_start[c + 1] < comp_start[c]:
            raise ValueError("comp_start decreases")
    for c in range(n):
        if not 0 <= members[c] < n:
            raise ValueError("a member is out of range")
    with nogil:
        c = first
        while c < n_comp:
            if comp_start[c + 1] - comp_start[c] != 1:
                break
            v = members[comp_start[c]]
            c += 1
            if exit_win[v]:
                value[v] = 1
                continue
            found = 0
            for e in range(offsets[v], offsets[v + 1]):
                w = targets[e]
                if value[w] == 0:
                    found = 1
                    move[v] = w
                    break
                if value[w] < 0:
                    found = -1
            value[v] = found
    return int(c)
