"""Grid boards to CSR graphs."""

from __future__ import annotations

import numpy as np

from ._jit import kernel


@kernel
def grid_csr(free, n_rows, n_cols):
    """CSR graph of the free cells of a row-major ``free`` mask (uint8, n_rows * n_cols).

    Vertices are the free cells in row-major order. Returns ``vertex_of_cell``
    (-1 for blocked cells), ``cell_of_vertex``, ``offsets``, ``neighbors`` (every
    adjacency list sorted: up, left, right, down) and ``side``, the cell parity.
    """
    n_cells = n_rows * n_cols
    vertex_of_cell = np.full(n_cells, -1, dtype=np.int32)
    n_vertices = 0
    for cell in range(n_cells):
        if free[cell]:
            vertex_of_cell[cell] = n_vertices
            n_vertices += 1
    cell_of_vertex = np.empty(n_vertices, dtype=np.int32)
    side = np.empty(n_vertices, dtype=np.uint8)
    offsets = np.empty(n_vertices + 1, dtype=np.int32)
    offsets[0] = 0
    total = 0
    for cell in range(n_cells):
        v = vertex_of_cell[cell]
        if v < 0:
            continue
        cell_of_vertex[v] = cell
        row = cell // n_cols
        col = cell - row * n_cols
        side[v] = (row + col) & 1
        degree = 0
        if row > 0 and free[cell - n_cols]:
            degree += 1
        if col > 0 and free[cell - 1]:
            degree += 1
        if col + 1 < n_cols and free[cell + 1]:
            degree += 1
        if row + 1 < n_rows and free[cell + n_cols]:
            degree += 1
        total += degree
        offsets[v + 1] = total
    neighbors = np.empty(total, dtype=np.int32)
    for v in range(n_vertices):
        cell = cell_of_vertex[v]
        row = cell // n_cols
        col = cell - row * n_cols
        k = offsets[v]
        if row > 0 and free[cell - n_cols]:
            neighbors[k] = vertex_of_cell[cell - n_cols]
            k += 1
        if col > 0 and free[cell - 1]:
            neighbors[k] = v - 1
            k += 1
        if col + 1 < n_cols and free[cell + 1]:
            neighbors[k] = v + 1
            k += 1
        if row + 1 < n_rows and free[cell + n_cols]:
            neighbors[k] = vertex_of_cell[cell + n_cols]
    return vertex_of_cell, cell_of_vertex, offsets, neighbors, side
