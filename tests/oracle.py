"""Brute-force references that use no matching theory.

``GameOracle`` plays undirected vertex geography by plain minimax over
(token, visited set); ``max_matching_size`` tries every way to pair vertices.
Both are exponential and meant for graphs of at most ~16 vertices.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache


class GameOracle:
    """Minimax on a graph given as adjacency lists."""

    def __init__(self, adjacency: Sequence[Iterable[int]]):
        self.adjacency = tuple(tuple(sorted(set(a))) for a in adjacency)

        @cache
        def mover_wins(token: int, visited: int) -> bool:
            for nxt in self.adjacency[token]:
                if not visited >> nxt & 1 and not mover_wins(nxt, visited | 1 << nxt):
                    return True
            return False

        self._mover_wins = mover_wins

    def mover_wins(self, token: int, visited: Iterable[int] = ()) -> bool:
        """The player to move wins with the token on ``token``; ``visited`` excludes it."""
        mask = 1 << token
        for v in visited:
            mask |= 1 << v
        return self._mover_wins(token, mask)

    def placer_wins_at(self, vertex: int) -> bool:
        """The placement game: putting the token on ``vertex`` wins for the placer."""
        return not self.mover_wins(vertex)


def max_matching_size(adjacency: Sequence[Iterable[int]]) -> int:
    """Size of a maximum matching, by exhaustive search over vertex subsets."""
    adjacency = tuple(tuple(sorted(set(a))) for a in adjacency)

    @cache
    def best(remaining: int) -> int:
        if remaining == 0:
            return 0
        v = (remaining & -remaining).bit_length() - 1
        rest = remaining & ~(1 << v)
        result = best(rest)
        for w in adjacency[v]:
            if rest >> w & 1:
                result = max(result, 1 + best(rest & ~(1 << w)))
        return result

    return best((1 << len(adjacency)) - 1)


def board_adjacency(rows: Sequence[str]) -> tuple[list[list[int]], list[tuple[int, int]]]:
    """Adjacency lists of a board's free cells (row-major ids) and the cell of each id."""
    cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "."]
    index = {cell: i for i, cell in enumerate(cells)}
    adjacency = [
        [
            index[(r + dr, c + dc)]
            for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
            if (r + dr, c + dc) in index
        ]
        for r, c in cells
    ]
    return adjacency, cells
