"""A brute-force referee for every token game, from its rules alone.

A game is described by the three facts its :class:`matchgame.Game` declares about its
rules, and nothing of its code: whether the token moves along arcs (``directed``),
whether a move uses up the *edge* it travels (``moves_per_edge``; otherwise the
*vertex* the token leaves), and whether repeated edges and self-loops are moves of
their own (``keeps_parallel_edges``). :class:`Referee` then plays by plain minimax
over (token, what is used up), memoised; exponential, for a dozen edges or so.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any


class Referee:
    """Minimax on ``n`` vertices and ``edges`` (pairs ``(u, v)``: an arc ``u -> v`` in
    a directed game, an edge otherwise; repeats and loops as the rules say)."""

    def __init__(self, game: Any, n: int, edges: Iterable[tuple[int, int]]):
        self.n = n
        self.uses_edges = bool(game.moves_per_edge)
        directed = bool(game.directed)
        keep = bool(game.keeps_parallel_edges)
        edges = [(int(u), int(v)) for u, v in edges]
        if not keep:  # repeats are one move, a loop no move at all
            edges = sorted({(u, v) if directed else (min(u, v), max(u, v)) for u, v in edges})
            edges = [(u, v) for u, v in edges if u != v]
        self.edges = edges
        # per vertex: (edge index, the vertex the move reaches)
        self.out: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for i, (u, v) in enumerate(edges):
            self.out[u].append((i, v))
            if not directed and v != u:
                self.out[v].append((i, u))

        @cache
        def mover_wins(token: int, used: int) -> bool:
            for i, other in self.out[token]:
                if self._free(used, i, other) and not mover_wins(other, self._use(used, i, other)):
                    return True
            return False

        self._mover_wins = mover_wins

    def _free(self, used: int, edge: int, to: int) -> bool:
        return not (used >> (edge if self.uses_edges else to) & 1)

    def _use(self, used: int, edge: int, to: int) -> int:
        return used | 1 << (edge if self.uses_edges else to)

    def start(self, token: int) -> int:
        """What is used up when the token has just been placed on ``token``."""
        return 0 if self.uses_edges else 1 << token

    def mover_wins(self, token: int, used: int) -> bool:
        return self._mover_wins(token, used)

    def placer_wins(self) -> list[int]:
        """The vertices where placing the token wins (the mover there loses)."""
        return [v for v in range(self.n) if not self._mover_wins(v, self.start(v))]

    def moves(self, token: int, used: int) -> list[tuple[int, int]]:
        """``(edge, vertex reached)`` of every legal move."""
        return [(i, o) for i, o in self.out[token] if self._free(used, i, o)]

    def legal(self, token: int, used: int) -> list[int]:
        """The vertices one legal move reaches, increasing, each once."""
        return sorted({o for _, o in self.moves(token, used)})

    def winning(self, token: int, used: int) -> list[int]:
        """The vertices some winning move reaches, increasing."""
        return sorted(
            {
                o
                for i, o in self.moves(token, used)
                if not self._mover_wins(o, self._use(used, i, o))
            }
        )


def walk_moves(referee: Referee, path: Sequence[int]) -> list[tuple[int, int]]:
    """The used-up state along a walk of vertices (placement first), one
    ``(token, used)`` per prefix: any copy of an edge is as good as another."""
    states = [(path[0], referee.start(path[0]))]
    for nxt in path[1:]:
        token, used = states[-1]
        edge = next(i for i, o in referee.moves(token, used) if o == nxt)
        states.append((nxt, referee._use(used, edge, nxt)))
    return states
