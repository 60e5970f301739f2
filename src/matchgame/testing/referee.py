"""A brute-force referee for any token game, from the rules its game declares alone.

A game declares its rules as data (:class:`matchgame.Game`): whether the token moves
along arcs (``directed``), whether a move uses up the *edge* it travels
(``moves_per_edge``; otherwise the *vertex* the token leaves), whether repeated edges
and self-loops are moves of their own (``keeps_parallel_edges``), and how its moves
are named (:meth:`matchgame.Game.steps`: by the vertex reached, or by the arc
travelled). :class:`Referee` plays by plain minimax over (token, what is used up),
memoised, and shares no code with any game: exponential, for a dozen edges or so.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

__all__ = ["Referee", "board_cells", "board_edges"]

_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


class Referee:
    """Minimax on ``n`` vertices and ``edges`` (pairs ``(u, v)``: an arc ``u -> v`` in
    a directed game, an edge otherwise; repeats and loops as the rules say), the rules
    those ``game`` declares.

    Moves are ``(edge, vertex reached)``; a move's name is the vertex it reaches, or,
    for a game whose steps name arcs, the arc ``(tail, head, key)`` (``key``: the
    earlier arcs with the same ends in ``edges``' order).
    """

    def __init__(self, game: Any, n: int, edges: Iterable[tuple[int, int]]) -> None:
        self.n = n
        self.uses_edges = bool(game.moves_per_edge)
        self.directed = directed = bool(game.directed)
        keep = bool(game.keeps_parallel_edges)
        pairs = [(int(u), int(v)) for u, v in edges]
        if not keep:  # repeats are one move, a loop no move at all
            pairs = sorted({(u, v) if directed else (min(u, v), max(u, v)) for u, v in pairs})
            pairs = [(u, v) for u, v in pairs if u != v]
        self.edges = pairs
        self.keys: list[int] = []
        seen: dict[tuple[int, int], int] = {}
        for pair in pairs:
            self.keys.append(seen.get(pair, 0))
            seen[pair] = self.keys[-1] + 1
        # per vertex: (edge index, the vertex the move reaches)
        self.out: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for i, (u, v) in enumerate(pairs):
            self.out[u].append((i, v))
            if not directed and v != u:
                self.out[v].append((i, u))

        @cache
        def mover_wins(token: int, used: int) -> bool:
            for i, other in self.out[token]:
                if self._free(used, i, other) and not mover_wins(other, self.use(used, i, other)):
                    return True
            return False

        self._mover_wins = mover_wins

    def _free(self, used: int, edge: int, to: int) -> bool:
        return not (used >> (edge if self.uses_edges else to) & 1)

    def use(self, used: int, edge: int, to: int) -> int:
        """What is used up after the move along ``edge`` to ``to``."""
        return used | 1 << (edge if self.uses_edges else to)

    def start(self, token: int) -> int:
        """What is used up when the token has just been placed on ``token``."""
        return 0 if self.uses_edges else 1 << token

    def mover_wins(self, token: int, used: int) -> bool:
        """Whether the player to move wins."""
        return self._mover_wins(token, used)

    def placer_wins(self) -> list[int]:
        """The vertices where placing the token wins (the mover there loses)."""
        return [v for v in range(self.n) if not self._mover_wins(v, self.start(v))]

    def moves(self, token: int, used: int) -> list[tuple[int, int]]:
        """``(edge, vertex reached)`` of every legal move."""
        return [(i, o) for i, o in self.out[token] if self._free(used, i, o)]

    def name(self, edge: int, to: int, by_vertex: bool) -> Any:
        """A move's name, ids for names: the vertex reached, or the arc's."""
        if by_vertex:
            return to
        u, v = self.edges[edge]
        return (u, v, self.keys[edge])

    def legal(self, token: int, used: int, by_vertex: bool = True) -> list[Any]:
        """The legal moves' names, sorted, each vertex once (by vertex)."""
        names = {self.name(i, o, by_vertex) for i, o in self.moves(token, used)}
        return sorted(names)

    def winning(self, token: int, used: int, by_vertex: bool = True) -> list[Any]:
        """The names of the moves that win, sorted."""
        return sorted(
            {
                self.name(i, o, by_vertex)
                for i, o in self.moves(token, used)
                if not self._mover_wins(o, self.use(used, i, o))
            }
        )

    def move_named(self, token: int, used: int, name: Any, by_vertex: bool) -> tuple[int, int]:
        """The ``(edge, vertex reached)`` of a legal move by name (by vertex: any copy
        of an edge is as good as another)."""
        return next(
            (i, o) for i, o in self.moves(token, used) if self.name(i, o, by_vertex) == name
        )


def board_cells(rows: list[str]) -> list[tuple[int, int]]:
    """The free cells ('.') of a board, row-major: vertex ``i`` is ``cells[i]``."""
    return [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "."]


def board_edges(rows: list[str]) -> list[tuple[int, int]]:
    """Every pair of free cells a rook's step apart, once, as vertex ids."""
    cells = board_cells(rows)
    index = {cell: i for i, cell in enumerate(cells)}
    edges = set()
    for (r, c), i in index.items():
        for dr, dc in _STEPS:
            j = index.get((r + dr, c + dc))
            if j is not None:
                edges.add((min(i, j), max(i, j)))
    return sorted(edges)
