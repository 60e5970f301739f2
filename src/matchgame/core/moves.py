"""How the token moves on a board: the neighbours of a cell under each rule.

==============  ===========================================  =========
rule            neighbours of ``(r, c)``                     bipartite
==============  ===========================================  =========
``orthogonal``  the 4 cells sharing a side                   yes
``king``        the 8 surrounding cells                      no
``hex``         6 cells; odd rows shifted right (see below)  no
``knight``      the 8 knight jumps                           yes
==============  ===========================================  =========

On a ``hex`` board the rows are offset: odd rows (0-based) sit half a cell to
the right, so ``(r, c)`` touches ``(r, c - 1)``, ``(r, c + 1)`` and, in rows
``r - 1`` and ``r + 1``, the columns ``c - 1`` and ``c`` when ``r`` is even, ``c``
and ``c + 1`` when ``r`` is odd::

    row 0:  (0,0) (0,1) (0,2)
    row 1:     (1,0) (1,1) (1,2)      (1,1) touches (0,1) (0,2) (1,0) (1,2) (2,1) (2,2)
    row 2:  (2,0) (2,1) (2,2)

Vertex ids follow row-major order, so listing a cell's neighbours by
``(row step, column step)`` lists them by increasing id: the CSR rows come out
sorted without a sort.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ._validate import as_choice

__all__ = ["MOVES", "MOVES_HELP", "as_moves", "grid_arrays", "neighbour_cells", "steps"]

MOVES = ("orthogonal", "king", "hex", "knight")

# (row step, column step), in increasing (row, column) order
_STEPS = {
    "orthogonal": [(-1, 0), (0, -1), (0, 1), (1, 0)],
    "king": [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)],
    "knight": [(-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1)],
    "hex even": [(-1, -1), (-1, 0), (0, -1), (0, 1), (1, -1), (1, 0)],
    "hex odd": [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0), (1, 1)],
}


def as_moves(value: object, name: str = "moves") -> str:
    """``value`` if it names a move rule (InvalidInputError / InvalidTypeError if not)."""
    return as_choice(value, name, MOVES)


def steps(moves: str, row: int = 0) -> list[tuple[int, int]]:
    """The ``(row step, column step)`` moves from a cell of ``row`` (hex depends on
    the row's parity), in increasing neighbour order."""
    moves = as_moves(moves)
    if moves == "hex":
        return list(_STEPS["hex odd" if row % 2 else "hex even"])
    return list(_STEPS[moves])


def neighbour_cells(
    moves: str, cell: tuple[int, int], shape: tuple[int, int]
) -> list[tuple[int, int]]:
    """The cells of an ``shape`` board next to ``cell`` under ``moves`` (blocked or not).

    >>> neighbour_cells("hex", (1, 1), (3, 3))
    [(0, 1), (0, 2), (1, 0), (1, 2), (2, 1), (2, 2)]
    """
    r, c = cell
    out = []
    for dr, dc in steps(moves, r):
        rr, cc = r + dr, c + dc
        if 0 <= rr < shape[0] and 0 <= cc < shape[1]:
            out.append((rr, cc))
    return out


def grid_arrays(
    free: npt.NDArray[np.bool_], moves: str
) -> tuple[
    npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.int32]
]:
    """CSR ``offsets`` and ``neighbors`` of the free cells under ``moves``, with
    ``vertex_of_cell`` (flat, -1 blocked) and ``cell_of_vertex``; vectorised,
    one pass per step."""
    n_rows, n_cols = free.shape
    flat = free.reshape(-1)
    cell_of_vertex = np.flatnonzero(flat).astype(np.int32)
    vertex_of_cell = np.full(flat.shape[0], -1, dtype=np.int32)
    vertex_of_cell[cell_of_vertex] = np.arange(cell_of_vertex.shape[0], dtype=np.int32)
    rows, cols = np.divmod(cell_of_vertex.astype(np.int64), n_cols)
    odd = (rows & 1).astype(bool)
    even_steps, odd_steps = steps(moves, 0), steps(moves, 1)
    table = np.full((cell_of_vertex.shape[0], len(even_steps)), -1, dtype=np.int32)
    for k, ((dr, dc_even), (_, dc_odd)) in enumerate(zip(even_steps, odd_steps, strict=True)):
        dc = np.where(odd, dc_odd, dc_even) if dc_even != dc_odd else dc_even
        rr, cc = rows + dr, cols + dc
        inside = (rr >= 0) & (rr < n_rows) & (cc >= 0) & (cc < n_cols)
        target = np.full(rows.shape[0], -1, dtype=np.int32)
        target[inside] = vertex_of_cell[rr[inside] * n_cols + cc[inside]]
        table[:, k] = target
    present = table >= 0
    offsets = np.zeros(cell_of_vertex.shape[0] + 1, dtype=np.int32)
    np.cumsum(present.sum(axis=1), out=offsets[1:])
    return offsets, table[present], vertex_of_cell, cell_of_vertex


MOVES_HELP = {  # how each rule moves the token, in words (help texts, legends)
    "orthogonal": "to a cell sharing a side",
    "king": "to any of the 8 surrounding cells",
    "hex": "to any of the 6 touching hexagons (odd rows shifted right)",
    "knight": "by a knight's jump",
}
