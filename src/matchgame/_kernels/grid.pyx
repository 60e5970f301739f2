# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Grid boards to CSR graphs."""

import numpy as np

from libc.stdint cimport uint8_t

from ._types cimport index_t

# a cell has up to 4 neighbours and offsets are int32: 4 * MAX_CELLS < 2**31
DEF MAX_CELLS = 1 << 28


cdef index_t _number_free_cells(const uint8_t[::1] free, index_t[::1] vertex_of_cell) noexcept nogil:
    cdef Py_ssize_t cell
    cdef index_t n_vertices = 0
    for cell in range(free.shape[0]):
        if free[cell]:
            vertex_of_cell[cell] = n_vertices
            n_vertices += 1
        else:
            vertex_of_cell[cell] = -1
    return n_vertices


cdef void _count_degrees(
    const uint8_t[::1] free, Py_ssize_t n_rows, Py_ssize_t n_cols,
    const index_t[::1] vertex_of_cell, index_t[::1] cell_of_vertex, index_t[::1] offsets,
    uint8_t[::1] side,
) noexcept nogil:
    """``cell_of_vertex``, ``side`` and the degree prefix sums ``offsets``."""
    cdef Py_ssize_t cell, row, col
    cdef index_t v, total = 0
    offsets[0] = 0
    for cell in range(free.shape[0]):
        v = vertex_of_cell[cell]
        if v < 0:
            continue
        cell_of_vertex[v] = <index_t> cell
        row = cell // n_cols
        col = cell - row * n_cols
        side[v] = (row + col) & 1
        if row > 0 and free[cell - n_cols]:
            total += 1
        if col > 0 and free[cell - 1]:
            total += 1
        if col + 1 < n_cols and free[cell + 1]:
            total += 1
        if row + 1 < n_rows and free[cell + n_cols]:
            total += 1
        offsets[v + 1] = total


cdef void _fill_neighbors(
    const uint8_t[::1] free, Py_ssize_t n_rows, Py_ssize_t n_cols,
    const index_t[::1] vertex_of_cell, const index_t[::1] cell_of_vertex,
    const index_t[::1] offsets, index_t[::1] neighbors,
) noexcept nogil:
    """Every list in the order up, left, right, down: sorted by vertex id."""
    cdef Py_ssize_t cell, row, col
    cdef index_t v, k
    for v in range(cell_of_vertex.shape[0]):
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


def grid_csr(const uint8_t[::1] free, Py_ssize_t n_rows, Py_ssize_t n_cols):
    """CSR graph of the free cells of a row-major ``free`` mask (uint8, n_rows * n_cols).

    Vertices are the free cells in row-major order. Returns ``vertex_of_cell``
    (-1 for blocked cells), ``cell_of_vertex``, ``offsets``, ``neighbors`` (every
    adjacency list sorted: up, left, right, down) and ``side``, the cell parity.
    """
    cdef Py_ssize_t cells = free.shape[0]
    # n_rows * n_cols is compared by division: the product may overflow and wrap
    if n_rows < 0 or n_cols < 0 or (
        cells // n_cols != n_rows or cells % n_cols if n_cols else cells
    ):
        raise ValueError("free must hold n_rows * n_cols cells")
    if cells > MAX_CELLS:
        raise ValueError(f"more than {MAX_CELLS} cells: int32 offsets cannot hold 4 per cell")
    vertex_of_cell_array = np.empty(free.shape[0], dtype=np.int32)
    cdef index_t[::1] vertex_of_cell = vertex_of_cell_array
    cdef index_t n_vertices
    with nogil:
        n_vertices = _number_free_cells(free, vertex_of_cell)
    cell_of_vertex_array = np.empty(n_vertices, dtype=np.int32)
    offsets_array = np.empty(n_vertices + 1, dtype=np.int32)
    side_array = np.empty(n_vertices, dtype=np.uint8)
    cdef index_t[::1] cell_of_vertex = cell_of_vertex_array, offsets = offsets_array
    cdef uint8_t[::1] side = side_array
    with nogil:
        _count_degrees(free, n_rows, n_cols, vertex_of_cell, cell_of_vertex, offsets, side)
    neighbors_array = np.empty(offsets[n_vertices], dtype=np.int32)
    cdef index_t[::1] neighbors = neighbors_array
    with nogil:
        _fill_neighbors(free, n_rows, n_cols, vertex_of_cell, cell_of_vertex, offsets, neighbors)
    return vertex_of_cell_array, cell_of_vertex_array, offsets_array, neighbors_array, side_array
