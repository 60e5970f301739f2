"""The vertex game's JSON answers: on a board and on a graph.

The answers (:func:`board_answer`, :func:`graph_answer`) are dicts whose big lists
are numpy integer arrays (a 2-D array is a list of rows), written by
:func:`~matchgame.writers.jsonstream.json_chunks` in pieces. Their fields are
listed in :data:`ANSWER_FIELDS`; the checker (:mod:`.checker`) demands exactly
these.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ...core.board import Board
from ...core.graph import Graph
from ...core.names import BoardCells, VertexNames
from ..documents import rows_and_columns

if TYPE_CHECKING:
    from .analysis import Analysis

__all__ = ["ANSWER_FIELDS", "answer", "board_answer", "graph_answer", "graph_document"]

# The fields of the JSON answers and their types: "int" (not a boolean), "bool",
# "str", "ints" (a list of integers), "pairs" and "quads" (lists of 2- and 4-integer
# lists), or an object given as a dict of its fields. A board answer on a board
# whose token moves otherwise than orthogonally has one more field, "moves" (a
# str). The certificate is one more field, "certificate", described in
# matchgame.certificates.
ANSWER_FIELDS: dict[str, dict[str, Any]] = {
    "board": {
        "rows": "int",
        "cols": "int",
        "free_cells": "int",
        "matching_size": "int",
        "placer_wins": "bool",
        "winning_cells": "pairs",  # [row, col], 1-based, row-major
        "matching": "quads",  # [row1, col1, row2, col2], 1-based
    },
    "edges": {
        "vertices": "int",
        "edges": "int",
        "engine": "str",
        "matching_size": "int",
        "placer_wins": "bool",
        "winning_vertices": "ints",  # names' JSON form (1-based numbers), increasing
        "decomposition": {"D": "ints", "A": "ints", "C": "ints"},
        "matching": "pairs",  # (labels: strings where a label is no integer)
    },
}


def board_answer(
    board: Board, matching: npt.ArrayLike, winning: npt.ArrayLike, moves: str = "orthogonal"
) -> dict[str, Any]:
    """The JSON answer on a board: ``matching`` holds the matched pairs as flat
    row-major cell indices, shape ``(k, 2)``; ``winning`` the winning placements'
    (0-based, increasing). Cells are written 1-based: ``[row, col]``, a matched pair
    as ``[row1, col1, row2, col2]``."""
    pairs = np.asarray(matching, dtype=np.int32).reshape(-1, 2)
    winning_cells = rows_and_columns(np.asarray(winning), board.n_cols)
    document: dict[str, Any] = {
        "rows": board.n_rows,
        "cols": board.n_cols,
        "free_cells": board.n_free,
        "matching_size": int(pairs.shape[0]),
        "placer_wins": bool(winning_cells.shape[0]),
        "winning_cells": winning_cells,
        "matching": rows_and_columns(pairs, board.n_cols).reshape(-1, 4),
    }
    if moves != "orthogonal":
        document["moves"] = moves
    return document


def graph_answer(
    graph: Graph,
    engine: str,
    matching: npt.ArrayLike,
    d: npt.ArrayLike,
    a: npt.ArrayLike,
    c: npt.ArrayLike,
    *,
    names: VertexNames | None = None,
) -> dict[str, Any]:
    """The JSON answer on a graph: ``matching`` as ``(k, 2)`` 0-based pairs, the
    Gallai-Edmonds sets as boolean masks. Vertices are written in their JSON form
    (``graph.names``, or ``names``): 1-based numbers, the ids or numbers the graph's
    file gave them, or its node labels."""
    names = graph.names if names is None else names
    return graph_document(
        graph.n_vertices,
        graph.n_edges,
        engine,
        int(np.shape(matching)[0]),
        names.json_array(np.flatnonzero(d)),
        names.json_array(np.flatnonzero(a)),
        names.json_array(np.flatnonzero(c)),
        names.json_pairs(matching),
    )


def graph_document(
    vertices: int,
    edges: int,
    engine: str,
    matching_size: int,
    d: Sequence[Any] | npt.NDArray[Any],
    a: Sequence[Any] | npt.NDArray[Any],
    c: Sequence[Any] | npt.NDArray[Any],
    matching: Sequence[Any] | npt.NDArray[Any],
) -> dict[str, Any]:
    """The JSON answer on a graph from its parts already written (vertices as they are
    written out; lists or arrays): the one place its fields and their order
    (:data:`ANSWER_FIELDS` ``["edges"]``) are set. :func:`graph_answer` builds one
    graph's with it, a sweep's batches (:mod:`matchgame.sweep`) millions."""
    return {
        "vertices": vertices,
        "edges": edges,
        "engine": engine,
        "matching_size": matching_size,
        "placer_wins": len(d) > 0,
        "winning_vertices": d,
        "decomposition": {"D": d, "A": a, "C": c},
        "matching": matching,
    }


def answer(analysis: Analysis) -> dict[str, Any]:
    """The JSON answer document of a vertex game's analysis (a board's or a graph's),
    lists as numpy arrays; what ``matchgame placements --format json`` writes."""
    if analysis.board is not None:
        names = analysis.names
        assert isinstance(names, BoardCells)  # a board's graph is named by its cells
        decomposition = analysis.decomposition
        winning = names.cell_of_vertex[decomposition.missable]
        matching = names.cell_of_vertex[decomposition.matching_pairs()]
        return board_answer(analysis.board, matching, winning, analysis.moves or "orthogonal")
    sets = analysis.sets
    return graph_answer(
        analysis.graph,
        analysis.decomposition.engine,
        analysis.decomposition.matching_pairs(),
        sets.D,
        sets.A,
        sets.C,
    )
