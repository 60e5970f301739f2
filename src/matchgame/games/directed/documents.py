"""Directed geography's JSON answers (``"game": "directed"``): the winning placements."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ...core.names import BoardCells
from ..documents import board_placements, graph_placements, placements_fields, rows_and_columns

if TYPE_CHECKING:
    from .analysis import DirectedAnalysis

__all__ = ["DIRECTED_ANSWER_FIELDS", "READ_AS_FIELD", "directed_answer"]

DIRECTED_ANSWER_FIELDS = placements_fields("arcs")
"""The fields of the answers and their types (as the vertex game's ``ANSWER_FIELDS``);
an answer on a graph also says how its input was read (:data:`READ_AS_FIELD`)."""

READ_AS_FIELD = "read_as"
"""``"arcs"``, or ``"symmetric"`` for a graph whose format holds edges only, each read
as both arcs (METIS, DIMACS, graph6, a symmetric matrix, undirected GraphML): optional
in answers read back (older answers lack it)."""


def directed_answer(analysis: DirectedAnalysis) -> dict[str, Any]:
    """The JSON answer of a directed game's analysis, lists as numpy arrays; a partial
    answer (a budget ran out, ``partial``) also lists the vertices whose verdict is
    unknown (``unknown_vertices``, on a board ``unknown_cells``) and says why
    (``refusal``), its ``placer_wins`` null when no settled placement wins.

    >>> from matchgame.core.digraph import DiGraph
    >>> from matchgame.games.directed.analysis import analyse_directed
    >>> answer = directed_answer(analyse_directed(DiGraph(3, [(0, 1), (1, 2)])))
    >>> answer["game"], answer["arcs"], answer["read_as"], answer["winning_vertices"].tolist()
    ('directed', 2, 'arcs', [1, 3])
    """
    winning = analysis.winning_ids
    board = analysis.board
    if board is not None:
        names = analysis.names
        assert isinstance(names, BoardCells)  # a board's graph is named by its cells
        cells = names.cell_of_vertex[winning]
        document = board_placements("directed", board, cells, analysis.moves)
        unknown = analysis.unknown_ids
        if unknown.shape[0]:
            cells = names.cell_of_vertex[unknown]
            document["unknown_cells"] = rows_and_columns(np.asarray(cells), board.n_cols)
        return _partial(analysis, document)
    digraph = analysis.digraph
    sizes = {
        "vertices": digraph.n_vertices,
        "arcs": digraph.n_edges,
        READ_AS_FIELD: analysis.read_as,
    }
    document = graph_placements("directed", sizes, digraph.names, winning)
    if analysis.unknown_ids.shape[0]:
        document["unknown_vertices"] = digraph.names.json_array(analysis.unknown_ids)
    return _partial(analysis, document)


def _partial(analysis: DirectedAnalysis, document: dict[str, Any]) -> dict[str, Any]:
    """A partial answer's ``refusal``, and its ``placer_wins`` null when unsure."""
    if analysis.unknown_ids.shape[0]:
        if not analysis.winning_ids.shape[0]:
            document["placer_wins"] = None
        document["refusal"] = analysis.refusal
    return document
