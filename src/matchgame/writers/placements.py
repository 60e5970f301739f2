"""Answers of the placement game: contest text (JSOI2009, LOJ 6033), JSON, a board drawing.

The JSON answers (:func:`board_answer`, :func:`graph_answer`) are dicts whose
big lists are numpy integer arrays (a 2-D array is a list of rows), written by
:func:`~matchgame.writers.jsonstream.json_chunks` in pieces. Their fields are
listed in :data:`ANSWER_FIELDS`; the checker in :mod:`matchgame.certificates`
demands exactly these.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from .._kernels.text import format_int_rows
from ..core._validate import Options, validate_params
from ..core.board import OF_A_BOARD, Board
from ..core.graph import Graph
from ..core.names import BoardCells, VertexNames
from ..errors import InvalidParameterError
from .jsonstream import json_chunks

if TYPE_CHECKING:  # annotations only: a sweep's documents need no analysis
    from ..games.edge.analysis import EdgeAnalysis
    from ..games.vertex.analysis import Analysis

__all__ = [
    "ANSWER_FIELDS",
    "EDGE_ANSWER_FIELDS",
    "STYLES",
    "board_answer",
    "draw_board",
    "edge_answer",
    "edge_board_answer",
    "edge_graph_answer",
    "format_placements",
    "graph_answer",
    "graph_document",
    "placements_answer",
    "placements_chunks",
]

STYLES = ("jsoi", "loj", "json", "board")

_ROWS_PER_PIECE = 1 << 18  # rows of an array formatted at a time

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


# The edge game's answers (``"game": "edge"``): the winning placements, no matching.
EDGE_ANSWER_FIELDS: dict[str, dict[str, Any]] = {
    "board": {
        "game": "str",
        "rows": "int",
        "cols": "int",
        "free_cells": "int",
        "placer_wins": "bool",
        "winning_cells": "pairs",  # [row, col], 1-based, row-major
    },
    "edges": {
        "game": "str",
        "vertices": "int",
        "edges": "int",  # parallel edges and self-loops each counted
        "placer_wins": "bool",
        "winning_vertices": "ints",  # 1-based (or the file's ids), increasing
    },
}


def _rows_and_columns(cells: np.ndarray, n_cols: int) -> np.ndarray:
    """Flat row-major cell indices (0-based) as ``(k, 2)`` rows and columns, 1-based."""
    cells = np.asarray(cells, dtype=np.int32).reshape(-1)  # a board has under 2**28 cells
    row_col = np.empty((cells.shape[0], 2), dtype=np.int32)
    np.floor_divide(cells, n_cols, out=row_col[:, 0])
    np.subtract(cells, row_col[:, 0] * n_cols, out=row_col[:, 1])
    row_col += 1
    return row_col


def board_answer(
    board: Board, matching: npt.ArrayLike, winning: npt.ArrayLike, moves: str = "orthogonal"
) -> dict[str, Any]:
    """The JSON answer on a board: ``matching`` holds the matched pairs as flat
    row-major cell indices, shape ``(k, 2)``; ``winning`` the winning placements'
    (0-based, increasing). Cells are written 1-based: ``[row, col]``, a matched pair
    as ``[row1, col1, row2, col2]``."""
    pairs = np.asarray(matching, dtype=np.int32).reshape(-1, 2)
    winning_cells = _rows_and_columns(np.asarray(winning), board.n_cols)
    document: dict[str, Any] = {
        "rows": board.n_rows,
        "cols": board.n_cols,
        "free_cells": board.n_free,
        "matching_size": int(pairs.shape[0]),
        "placer_wins": bool(winning_cells.shape[0]),
        "winning_cells": winning_cells,
        "matching": _rows_and_columns(pairs, board.n_cols).reshape(-1, 4),
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


def edge_board_answer(
    board: Board, winning: npt.ArrayLike, moves: str = "orthogonal"
) -> dict[str, Any]:
    """The edge game's JSON answer on a board: ``winning`` holds the winning
    placements as flat row-major cell indices (0-based, increasing), written
    ``[row, col]`` 1-based.

    >>> edge_board_answer(Board.from_rows(["..", ".#"]), [0, 2])["winning_cells"].tolist()
    [[1, 1], [2, 1]]
    """
    document: dict[str, Any] = {
        "game": "edge",
        "rows": board.n_rows,
        "cols": board.n_cols,
        "free_cells": board.n_free,
        "placer_wins": bool(np.shape(winning)[0]),
        "winning_cells": _rows_and_columns(np.asarray(winning), board.n_cols),
    }
    if moves != "orthogonal":
        document["moves"] = moves
    return document


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
    return {
        "game": "edge",
        "vertices": n_vertices,
        "edges": n_edges,
        "placer_wins": bool(np.shape(winning)[0]),
        "winning_vertices": names.json_array(winning),
    }


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


def placements_answer(analysis: Analysis | EdgeAnalysis) -> dict[str, Any]:
    """The JSON answer document of an analysis (a board's or a graph's), lists as
    numpy arrays; what ``matchgame placements --format json`` writes."""
    from ..games.vertex.analysis import Analysis  # loaded already: the analysis exists

    if not isinstance(analysis, Analysis):  # the edge game's
        return edge_answer(analysis)
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


# -- writing -------------------------------------------------------------------


@validate_params(style=Options(STYLES))
def placements_chunks(
    analysis: Analysis | EdgeAnalysis,
    style: str,
    certificate: dict[str, Any] | None = None,
) -> Iterator[bytes]:
    """The answer in ``style`` (one of :data:`STYLES`), in pieces to write one by one.

    Vertices are written in their text form (``row col`` for a cell, 1-based; a
    number, or a label, for a vertex: see :mod:`matchgame.core.names`).
    ``certificate`` (from :meth:`Analysis.certificate`) goes with ``"json"`` only;
    ``"board"`` needs a board.
    """
    if certificate is not None and style != "json":
        raise InvalidParameterError("certificate applies to the json style only")
    if style == "board" and analysis.board is None:
        raise InvalidParameterError("style 'board' needs an analysis of a board, not of a graph")
    if style == "json":
        document = placements_answer(analysis)
        if certificate is not None:
            document["certificate"] = certificate
        return json_chunks(document)
    if style == "board":
        return iter([draw_board(analysis).encode()])
    names, winning = analysis.names, analysis.winning_ids
    if style == "jsoi":
        head = b"WIN\n" if winning.shape[0] else b"LOSE\n"
    else:
        head = f"{winning.shape[0]}\n".encode()
    if not names.numeric:  # labels, one a line
        return iter([head, "".join(f"{text}\n" for text in names.texts(winning)).encode()])
    return itertools.chain([head], _int_lines(names.numbers(winning)))


def format_placements(
    analysis: Analysis | EdgeAnalysis,
    style: str,
    certificate: dict[str, Any] | None = None,
) -> bytes:
    """The whole answer in ``style`` as bytes (see :func:`placements_chunks`).

    Examples
    --------
    >>> from matchgame import analyse
    >>> analysis = analyse([".##", "...", "#.#"])
    >>> format_placements(analysis, "jsoi")
    b'WIN\\n2 3\\n3 2\\n'
    >>> import json
    >>> json.loads(format_placements(analysis, "json"))["matching"]  # [row1, col1, row2, col2]
    [[1, 1, 2, 1], [2, 2, 3, 2]]
    """
    return b"".join(placements_chunks(analysis, style, certificate))


def _int_lines(rows: np.ndarray) -> Iterator[bytes]:
    """The rows as lines of space-separated numbers, a slice at a time."""
    for start in range(0, rows.shape[0], _ROWS_PER_PIECE):
        part = np.ascontiguousarray(rows[start : start + _ROWS_PER_PIECE], dtype=np.int64)
        yield format_int_rows(part).tobytes()


@validate_params(analysis=OF_A_BOARD)
def draw_board(analysis: Analysis | EdgeAnalysis) -> str:
    """A board analysis as text: ``W`` where the placer wins, ``.`` where the
    placer loses, ``#`` blocked, then a legend and the verdict."""
    board = analysis.board
    assert board is not None  # OF_A_BOARD
    chars = np.full(board.shape, ord("#"), dtype=np.uint8)
    chars[board.free] = ord(".")
    chars[analysis.board_mask()] = ord("W")
    body = "\n".join(bytes(row).decode() for row in chars)
    legend = "W placer wins  . placer loses  # blocked"
    wins = int(analysis.winning_mask.sum())
    verdict = f"{wins} winning placements" if wins else "no winning placement: the placer loses"
    return f"{body}\n{legend}; {verdict}\n"
