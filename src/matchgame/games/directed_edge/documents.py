"""Directed edge geography's JSON answers (``"game": "directed-edge"``): the winning
placements."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.names import BoardCells
from ..documents import board_placements, graph_placements, placements_fields

if TYPE_CHECKING:
    from .analysis import DirectedEdgeAnalysis

__all__ = ["ANSWER_FIELDS", "directed_edge_answer"]

ANSWER_FIELDS = placements_fields("arcs")
"""The fields of the answers and their types (as the vertex game's ``ANSWER_FIELDS``)."""


def directed_edge_answer(analysis: DirectedEdgeAnalysis) -> dict[str, Any]:
    """The JSON answer of an analysis of directed edge geography, lists as numpy arrays.

    >>> from matchgame.core.dimultigraph import DiMultiGraph
    >>> from matchgame.games.directed_edge.analysis import analyse_directed_edge
    >>> answer = directed_edge_answer(analyse_directed_edge(DiMultiGraph(2, [(0, 1), (0, 1)])))
    >>> answer["game"], answer["arcs"], answer["winning_vertices"].tolist()
    ('directed-edge', 2, [2])
    """
    winning = analysis.winning_ids
    board = analysis.board
    if board is not None:
        names = analysis.names
        assert isinstance(names, BoardCells)  # a board's graph is named by its cells
        cells = names.cell_of_vertex[winning]
        return board_placements("directed-edge", board, cells, analysis.moves)
    graph = analysis.multigraph
    sizes = {"vertices": graph.n_vertices, "arcs": graph.n_edges}
    return graph_placements("directed-edge", sizes, graph.names, winning)
