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


class SlidingOracle:
    """NOI2011 Bunny and Egg played on real board states, by minimax.

    A state is the board (a string, row-major) and who is to move. Bunny slides
    an ``O`` next to the ``.`` into it, Egg an ``X``. No reduction, no matching.
    """

    def __init__(self, rows: Sequence[str]):
        self.n_rows = len(rows)
        self.n_cols = len(rows[0])
        self.start = "".join(rows)

        @cache
        def mover_wins(state: str, mover: int) -> bool:
            return any(not mover_wins(nxt, 1 - mover) for nxt in self.successors(state, mover))

        self._mover_wins = mover_wins

    def legal_moves(self, state: str, mover: int) -> list[tuple[int, int]]:
        """Cells (0-based) whose piece the mover (0 Bunny, 1 Egg) may slide."""
        empty = state.index(".")
        row, col = divmod(empty, self.n_cols)
        piece = "O" if mover == 0 else "X"
        cells = []
        for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            r, c = row + dr, col + dc
            if (
                0 <= r < self.n_rows
                and 0 <= c < self.n_cols
                and state[r * self.n_cols + c] == piece
            ):
                cells.append((r, c))
        return cells

    def play(self, state: str, cell: tuple[int, int]) -> str:
        empty = state.index(".")
        index = cell[0] * self.n_cols + cell[1]
        chars = list(state)
        chars[empty], chars[index] = chars[index], "."
        return "".join(chars)

    def successors(self, state: str, mover: int) -> list[str]:
        return [self.play(state, cell) for cell in self.legal_moves(state, mover)]

    def mover_wins(self, state: str, mover: int) -> bool:
        return self._mover_wins(state, mover)
