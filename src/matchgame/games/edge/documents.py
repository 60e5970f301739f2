"""The edge game's JSON answers (``"game": "edge"``): the winning placements, no
matching."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy.typing as npt

from ...core.board import Board
from ...core.names import BoardCells
from ..documents import board_placements, graph_placements, placements_fields

if TYPE_CHECKING:
    from .analysis import EdgeAnalysis

__all__ = ["EDGE_ANSWER_FIELDS", "edge_answer", "edge_board_answer", "edge_graph_answer"]

EDGE_ANSWER_FIELDS = placements_fields("edges")


def edge_board_answer(
    board: Board, winning: npt.ArrayLike, moves: str = "orthogonal"
) -> dict[str, Any]:
    """The edge game's JSON answer on a board: ``winning`` holds the winning
    placements as flat row-major cell indices (0-based, increasing), written
    ``[row, col]`` 1-based.

    >>> edge_board_answer(Board.from_rows(["..", ".#"]), [0, 2])["winning_cells"].tolist()
    [[1, 1], [2, 1]]
    """
    return board_placements("edge", board, winning, moves)


def edge_graph_answer(
    names: Any, n_vertices: int, n_edges: int, winning: npt.ArrayLike
) -> dict[str, Any]:
    """The edge game's JSON answer on a graph: ``winning`` the winning placements as
    vertex ids (written 1-based, or as the ids of the graph's file); ``n_edges``
    counts parallel edges and self-loops.

    >>> from matchgame.core.names import VertexIds
    >>> edge_graph_answer(VertexIds(3), 3, 4, [0, 2])["winning_vertices"].tolist()
    [1, 3]
    """
    return graph_placements("edge", {"vertices": n_vertices, "edges": n_edges}, names, winning)


def edge_answer(analysis: EdgeAnalysis) -> dict[str, Any]:
    """The JSON answer document of an edge game's analysis.

    >>> from matchgame import MultiGraph, analyse
    >>> answer = edge_answer(analyse(MultiGraph(3, [(0, 1), (0, 1), (1, 2)]), game="edge"))
    >>> answer["game"], answer["edges"], answer["winning_vertices"].tolist()
    ('edge', 3, [1])
    """
    winning = analysis.winning_ids
    if analysis.board is not None:
        names = analysis.names
        assert isinstance(names, BoardCells)  # a board's graph is named by its cells
        cells = names.cell_of_vertex[winning]
        return edge_board_answer(analysis.board, cells, analysis.moves or "orthogonal")
    graph = analysis.multigraph
    return edge_graph_answer(graph.names, graph.n_vertices, graph.n_edges, winning)
