"""What the games' JSON answers share: cells written 1-based as ``[row, col]``, and the
placements answer's fields on a board and on a graph."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from ..core.board import Board
    from ..core.names import VertexNames

__all__ = ["board_placements", "graph_placements", "placements_fields", "rows_and_columns"]


def rows_and_columns(cells: np.ndarray, n_cols: int) -> np.ndarray:
    """Flat row-major cell indices (0-based) as ``(k, 2)`` rows and columns, 1-based."""
    cells = np.asarray(cells, dtype=np.int32).reshape(-1)  # a board has under 2**28 cells
    row_col = np.empty((cells.shape[0], 2), dtype=np.int32)
    np.floor_divide(cells, n_cols, out=row_col[:, 0])
    np.subtract(cells, row_col[:, 0] * n_cols, out=row_col[:, 1])
    row_col += 1
    return row_col


def board_placements(
    game: str, board: Board, cells: npt.ArrayLike, moves: str | None = None
) -> dict[str, Any]:
    """A game's placements answer on a board: ``cells`` the winning placements as flat
    row-major cell indices (0-based, increasing), written ``[row, col]`` 1-based;
    ``moves`` said when not ``"orthogonal"``.

    >>> from matchgame import Board
    >>> board_placements("edge", Board.from_rows(["..", ".#"]), [0, 2])["winning_cells"].tolist()
    [[1, 1], [2, 1]]
    """
    cells = np.asarray(cells)
    document: dict[str, Any] = {
        "game": game,
        "rows": board.n_rows,
        "cols": board.n_cols,
        "free_cells": board.n_free,
        "placer_wins": bool(cells.shape[0]),
        "winning_cells": rows_and_columns(cells, board.n_cols),
    }
    if moves not in (None, "orthogonal"):
        document["moves"] = moves
    return document


def graph_placements(
    game: str, sizes: Mapping[str, Any], names: VertexNames, winning: npt.ArrayLike
) -> dict[str, Any]:
    """A game's placements answer on a graph: ``sizes`` the fields after ``game``, in
    order (``vertices``, ``edges`` or ``arcs`` ...), ``winning`` the winning placements'
    vertex ids, written as ``names`` writes them.

    >>> from matchgame.core.names import VertexIds
    >>> graph_placements("edge", {"vertices": 3}, VertexIds(3), [0, 2])["winning_vertices"].tolist()
    [1, 3]
    """
    return {
        "game": game,
        **sizes,
        "placer_wins": bool(np.shape(winning)[0]),
        "winning_vertices": names.json_array(winning),
    }


def placements_fields(counted: str) -> dict[str, dict[str, Any]]:
    """The fields of a game's placements answer and their types (as the vertex game's
    ``ANSWER_FIELDS``), on a board and on a graph, whose size is ``vertices`` and
    ``counted`` (``"edges"`` or ``"arcs"``, every parallel one and self-loop counted)."""
    return {
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
            counted: "int",
            "placer_wins": "bool",
            "winning_vertices": "ints",  # 1-based (or the file's ids, or labels), increasing
        },
    }
