"""Brute-force reference for undirected edge geography: no linear algebra, no theory.

The token sits on a vertex of a multigraph (parallel edges and self-loops
allowed); the player to move takes it along an edge not used before, which
uses that edge up (a self-loop keeps the token where it is); vertices may be
visited again; who cannot move loses. :class:`EdgeOracle` plays it by plain
minimax over (token, how many copies of each edge are used), memoised.
Exponential: meant for a dozen edges or so.

Boards are built here from their own rule tables (:func:`board_edges`), not
from matchgame's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

# (row step, column step) of every move rule; hex: odd rows sit half a cell right
STEPS = {
    "orthogonal": [(-1, 0), (1, 0), (0, -1), (0, 1)],
    "king": [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)],
    "knight": [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)],
}
HEX_STEPS = {
    0: [(0, -1), (0, 1), (-1, -1), (-1, 0), (1, -1), (1, 0)],  # even rows
    1: [(0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, 1)],  # odd rows
}


class EdgeOracle:
    """Minimax on a multigraph given as ``n`` and a list of edges ``(u, v)``
    (repeats are parallel edges, ``(u, u)`` a self-loop)."""

    def __init__(self, n: int, edges: Iterable[tuple[int, int]]):
        self.n = n
        counts: dict[tuple[int, int], int] = {}
        for u, v in edges:
            key = (min(u, v), max(u, v))
            counts[key] = counts.get(key, 0) + 1
        self.pairs = sorted(counts)
        self.copies = tuple(counts[p] for p in self.pairs)
        self.index = {p: i for i, p in enumerate(self.pairs)}
        # per vertex: (pair index, the vertex the move reaches)
        self.incident: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for i, (u, v) in enumerate(self.pairs):
            self.incident[u].append((i, v))
            if v != u:
                self.incident[v].append((i, u))

        @cache
        def mover_wins(token: int, used: tuple[int, ...]) -> bool:
            for i, other in self.incident[token]:
                if used[i] < self.copies[i] and not mover_wins(other, _one_more(used, i)):
                    return True
            return False

        self._mover_wins = mover_wins

    def _used(self, used: Iterable[tuple[int, int]]) -> tuple[int, ...]:
        counts = [0] * len(self.pairs)
        for u, v in used:
            i = self.index[(min(u, v), max(u, v))]
            counts[i] += 1
            if counts[i] > self.copies[i]:
                raise ValueError(f"edge {u}-{v} used more often than it exists")
        return tuple(counts)

    def mover_wins(self, token: int, used: Iterable[tuple[int, int]] = ()) -> bool:
        """The player to move wins with the token on ``token``; ``used`` lists the
        edges used so far (a multiset: an edge listed twice used two copies)."""
        return self._mover_wins(token, self._used(used))

    def legal_moves(self, token: int, used: Iterable[tuple[int, int]] = ()) -> list[int]:
        """The vertices the token can reach in one move, increasing, each once."""
        counts = self._used(used)
        return sorted({o for i, o in self.incident[token] if counts[i] < self.copies[i]})

    def winning_moves(self, token: int, used: Iterable[tuple[int, int]] = ()) -> list[int]:
        """The vertices reached by a winning move, increasing (parallel copies of an
        edge lead to the same position)."""
        counts = self._used(used)
        out = set()
        for i, other in self.incident[token]:
            if counts[i] < self.copies[i] and not self._mover_wins(other, _one_more(counts, i)):
                out.add(other)
        return sorted(out)

    def placer_wins_at(self, vertex: int) -> bool:
        """The placement game: the placer puts the token on ``vertex``, the other
        player moves first."""
        return not self.mover_wins(vertex)

    def walk_used(self, walk: Sequence[int]) -> list[tuple[int, int]]:
        """The edges a walk of the token uses, one per step."""
        return [(walk[t - 1], walk[t]) for t in range(1, len(walk))]


def _one_more(used: tuple[int, ...], i: int) -> tuple[int, ...]:
    """``used`` with one more copy of edge ``i`` used."""
    return (*used[:i], used[i] + 1, *used[i + 1 :])


def board_cells(rows: Sequence[str]) -> list[tuple[int, int]]:
    """The free cells ('.') of a board, row-major: vertex ``i`` is ``cells[i]``."""
    return [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "."]


def board_edges(rows: Sequence[str], moves: str = "orthogonal") -> list[tuple[int, int]]:
    """Every pair of free cells one move apart under ``moves``, once, as vertex ids."""
    cells = board_cells(rows)
    index = {cell: i for i, cell in enumerate(cells)}
    edges = set()
    for (r, c), i in index.items():
        steps = HEX_STEPS[r % 2] if moves == "hex" else STEPS[moves]
        for dr, dc in steps:
            j = index.get((r + dr, c + dc))
            if j is not None and j != i:
                edges.add((min(i, j), max(i, j)))
    return sorted(edges)
