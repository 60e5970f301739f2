"""The input a certificate is checked against, as the checker sees it: a board's
cells (questions answered on the grid, no graph built) or a graph's vertices."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..._kernels.graphs import two_colouring
from ...core.board import Board
from ...core.graph import Graph
from ...core.names import BoardCells

__all__ = ["BoardArena", "GraphArena", "moves_arena"]


class BoardArena:
    """A board's cells as ids 0 .. rows * cols - 1 (blocked cells are not vertices).

    Every question is answered on the cell grid, without building the graph.
    """

    kind = "board"
    bipartite = True
    graph: Graph | None = None  # every question is answered on the grid

    def __init__(self, board: Board) -> None:
        self.board = board
        self.n_rows, self.n_cols = board.shape
        self.size = self.n_rows * self.n_cols
        self.present = board.free.reshape(-1)
        self.n_vertices = board.n_free

    def name(self, i: int) -> str:
        """The cell ``i`` as the user numbers it: ``cell ROW COL``, from 1."""
        row, col = divmod(int(i), self.n_cols)
        return f"cell {row + 1} {col + 1}"

    def side(self) -> npt.NDArray[np.uint8]:
        """The cell parity ``(row + col) % 2``."""
        rows = (np.arange(self.n_rows) & 1).astype(np.uint8)[:, None]
        cols = (np.arange(self.n_cols) & 1).astype(np.uint8)[None, :]
        parity: npt.NDArray[np.uint8] = (rows ^ cols).reshape(-1)
        return parity

    def is_edge(
        self, a: npt.NDArray[np.integer], b: npt.NDArray[np.integer]
    ) -> npt.NDArray[np.bool_]:
        """Whether the cells ``a[i]``, ``b[i]`` (valid ids) are free and side by side."""
        step = b - a
        same_row = a // self.n_cols == b // self.n_cols
        beside = (np.abs(step) == self.n_cols) | ((np.abs(step) == 1) & same_row)
        edge: npt.NDArray[np.bool_] = beside & self.present[a] & self.present[b]
        return edge

    def neighbourhood(self, mask: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
        """The free cells next to a cell of ``mask``."""
        grid = mask.reshape(self.n_rows, self.n_cols)
        out = np.zeros_like(grid)
        out[1:, :] |= grid[:-1, :]
        out[:-1, :] |= grid[1:, :]
        out[:, 1:] |= grid[:, :-1]
        out[:, :-1] |= grid[:, 1:]
        cells: npt.NDArray[np.bool_] = out.reshape(-1) & self.present
        return cells


class GraphArena:
    """A graph's vertices as ids 0 .. n - 1; or, for a board whose token moves as a
    king, on a hex grid or as a knight (:func:`moves_arena`), its cells as ids 0 ..
    rows * cols - 1, blocked cells isolated and not ``present``."""

    def __init__(self, graph: Graph, board: Board | None = None) -> None:
        self.graph = graph
        self.board = board
        self.kind = "edges" if board is None else "board"
        self.size = graph.n_vertices
        if board is None:
            self.present = np.ones(self.size, dtype=bool)
        else:
            self.present = board.free.reshape(-1)
            self.n_rows, self.n_cols = board.shape
        self.n_vertices = int(np.count_nonzero(self.present))
        colour = two_colouring(graph.offsets, graph.indices)
        self.bipartite = len(colour) == self.size
        self._colour = colour

    def name(self, i: int) -> str:
        """The vertex or cell ``i`` in the user's words: its name in the input (a file's
        id or label; the numbers ``1 .. n`` only where the input has no names)."""
        if self.board is not None:
            row, col = divmod(int(i), self.n_cols)
            return f"cell {row + 1} {col + 1}"
        return self.graph.names.describe(int(i))

    def side(self) -> npt.NDArray[np.uint8]:
        return self._colour

    def is_edge(
        self, a: npt.NDArray[np.integer], b: npt.NDArray[np.integer]
    ) -> npt.NDArray[np.bool_]:
        """Whether ``a[i] - b[i]`` (valid ids) is an edge: a binary search in every
        sorted neighbour list at once."""
        offsets, neighbors = self.graph.offsets, self.graph.indices
        low = offsets[a].astype(np.int64)
        high = offsets[a + 1].astype(np.int64)
        end = high.copy()
        while True:
            active = low < high
            if not active.any():
                break
            middle = (low + high) // 2
            below = active & (neighbors[np.minimum(middle, max(neighbors.shape[0] - 1, 0))] < b)
            low = np.where(below, middle + 1, low)
            high = np.where(active & ~below, middle, high)
        found: npt.NDArray[np.bool_] = low < end
        found[found] = neighbors[low[found]] == b[found]
        return found

    def neighbourhood(self, mask: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
        out = np.zeros(self.size, dtype=bool)
        out[self.graph.indices[mask[self.graph.sources]]] = True
        return out


def moves_arena(board: Board, moves: str) -> GraphArena:
    """A board under a move rule as a graph over its cells (ids 0 .. rows * cols - 1, as
    a certificate numbers them), blocked cells isolated."""
    graph = board.to_graph(moves)
    names = graph.names
    assert isinstance(names, BoardCells)  # a board's graph is named by its cells
    cells = names.cell_of_vertex[graph.edges].astype(np.int64)
    return GraphArena(Graph.from_edges(board.n_rows * board.n_cols, cells), board)
