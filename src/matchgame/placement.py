"""The placement game on a board (JSOI2009 "Game", LOJ 6033).

Player A places the token on a free cell; then B and A alternately move it to an
adjacent free cell not visited yet; who cannot move loses. A wins by placing on
``v`` iff some maximum matching of the board misses ``v``.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import numpy.typing as npt

from ._validate import describe
from .boards import Board, Cell, as_board
from .errors import InvalidTypeError
from .graph import Graph, as_graph
from .matching import (
    Algorithm,
    Decomposition,
    GallaiEdmonds,
    check_decomposition,
    decompose,
    gallai_edmonds,
)

__all__ = ["GraphAnalysis", "PlacementAnalysis", "analyse_graph", "analyse_placements"]


@dataclass(frozen=True)
class PlacementAnalysis:
    """Who wins where on a board, with the maximum matching that proves it.

    Build one with :func:`analyse_placements`. Cells are ``(row, col)``, 0-based.
    """

    board: Board
    decomposition: Decomposition

    def __post_init__(self) -> None:
        if not isinstance(self.board, Board):
            raise InvalidTypeError(f"board must be a Board, got {describe(self.board)}")
        check_decomposition(self.board.graph, self.decomposition)

    @property
    def placer_wins(self) -> bool:
        """Whether the placer has a winning cell at all."""
        return bool(self.decomposition.missable.any())

    @cached_property
    def winning_mask(self) -> npt.NDArray[np.bool_]:
        """Boolean ``(n_rows, n_cols)`` array: True where placing the token wins."""
        mask = np.zeros(self.board.free.size, dtype=bool)
        mask[self.board.cell_of_vertex[self.decomposition.missable]] = True
        mask = mask.reshape(self.board.shape)
        mask.setflags(write=False)
        return mask

    def winning_cells_array(self) -> npt.NDArray[np.int64]:
        """Winning placements as an ``(k, 2)`` array of 0-based (row, col), row-major."""
        cells = self.board.cell_of_vertex[self.decomposition.missable].astype(np.int64)
        return np.stack(np.divmod(cells, self.board.n_cols), axis=1)

    @property
    def winning_cells(self) -> list[Cell]:
        """Winning placements, row-major, as 0-based ``(row, col)`` tuples."""
        return [(int(r), int(c)) for r, c in self.winning_cells_array()]

    def placer_wins_at(self, cell: Cell) -> bool:
        """Whether placing the token on ``cell`` wins for the placer."""
        return bool(self.decomposition.missable[self.board.vertex(cell)])

    def mover_wins_at(self, cell: Cell) -> bool:
        """Whether the player to move wins with the token on ``cell`` (nothing visited yet)."""
        return not self.placer_wins_at(cell)

    @property
    def matching_size(self) -> int:
        """Size of a maximum matching of the board's free cells."""
        return self.decomposition.matching_size

    def matching(self) -> list[tuple[Cell, Cell]]:
        """The maximum matching behind the verdicts, as pairs of adjacent cells."""
        pairs = self.decomposition.matching_pairs().tolist()
        return [(self.board.cell(u), self.board.cell(v)) for u, v in pairs]


def analyse_placements(board: Board, *, algorithm: Algorithm = "auto") -> PlacementAnalysis:
    """Solve the placement game on ``board``.

    Parameters
    ----------
    board : Board or list of str
        Row strings are converted with :meth:`Board.from_rows`.
    algorithm : {"auto", "push_relabel", "hopcroft_karp", "blossom"}
        The matching engine (see :func:`~matchgame.maximum_matching`); all give
        the same verdicts.

    Returns
    -------
    PlacementAnalysis

    Notes
    -----
    One maximum matching (Karp-Sipser start, then push-relabel) and one
    alternating BFS from the exposed cells: linear work after the matching.

    Examples
    --------
    The JSOI2009 sample:

    >>> board = Board.from_rows([".##", "...", "#.#"])
    >>> analysis = analyse_placements(board)
    >>> analysis.winning_cells
    [(1, 2), (2, 1)]
    >>> analysis.mover_wins_at((1, 1))
    True

    A 2x2 board has a perfect matching, so the placer loses everywhere:

    >>> analyse_placements(Board.from_rows(["..", ".."])).placer_wins
    False
    """
    board = as_board(board)
    return PlacementAnalysis(board, decompose(board.graph, algorithm=algorithm))


@dataclass(frozen=True)
class GraphAnalysis:
    """The placement game on any graph: who wins where, and why.

    Vertices are reported by label (see :meth:`Graph.label`): the node names of a
    NetworkX graph, else 0-based ids.
    """

    graph: Graph
    decomposition: Decomposition

    def __post_init__(self) -> None:
        if not isinstance(self.graph, Graph):
            raise InvalidTypeError(f"graph must be a Graph, got {describe(self.graph)}")
        check_decomposition(self.graph, self.decomposition)

    @cached_property
    def sets(self) -> GallaiEdmonds:
        """The Gallai-Edmonds sets D, A, C as boolean masks."""
        return gallai_edmonds(self.graph, self.decomposition)

    @property
    def placer_wins(self) -> bool:
        return bool(self.decomposition.missable.any())

    def _labels(self, mask: npt.NDArray[np.bool_]) -> list[Hashable]:
        ids: list[int] = np.flatnonzero(mask).tolist()
        labels = self.graph.labels
        return list(ids) if labels is None else [labels[v] for v in ids]

    @property
    def winning_vertices(self) -> list[Hashable]:
        """Where placing the token wins: the set D, in vertex order."""
        return self._labels(self.decomposition.missable)

    @property
    def D(self) -> list[Hashable]:
        """Vertices missed by some maximum matching (the placer wins there)."""
        return self._labels(self.sets.D)

    @property
    def A(self) -> list[Hashable]:
        """Neighbours of D outside D."""
        return self._labels(self.sets.A)

    @property
    def C(self) -> list[Hashable]:
        """The rest: perfectly matched among themselves in every maximum matching."""
        return self._labels(self.sets.C)

    @property
    def matching_size(self) -> int:
        return self.decomposition.matching_size

    def matching(self) -> list[tuple[Hashable, Hashable]]:
        """The maximum matching behind the verdicts, as pairs of labels."""
        pairs = self.decomposition.matching_pairs().tolist()
        return [(self.graph.label(u), self.graph.label(v)) for u, v in pairs]


def analyse_graph(graph: Graph, *, algorithm: Algorithm = "auto") -> GraphAnalysis:
    """Solve the placement game on any graph (bipartite or not).

    The engine is chosen by a bipartiteness test unless ``algorithm`` says
    otherwise; every engine gives the same verdicts. A NetworkX graph is
    converted with :meth:`Graph.from_networkx` (results name its nodes).

    Examples
    --------
    A triangle with a pendant vertex: a perfect matching exists, so the placer
    loses everywhere; on a bare triangle the placer wins everywhere.

    >>> from matchgame import Graph
    >>> analyse_graph(Graph.from_edges(4, [(0, 1), (1, 2), (2, 0), (0, 3)])).winning_vertices
    []
    >>> analyse_graph(Graph.from_edges(3, [(0, 1), (1, 2), (2, 0)])).winning_vertices
    [0, 1, 2]
    """
    graph = as_graph(graph)
    return GraphAnalysis(graph, decompose(graph, algorithm=algorithm))
