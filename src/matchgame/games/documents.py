"""What the games' JSON answers share: cells written 1-based as ``[row, col]``."""

from __future__ import annotations

import numpy as np

__all__ = ["rows_and_columns"]


def rows_and_columns(cells: np.ndarray, n_cols: int) -> np.ndarray:
    """Flat row-major cell indices (0-based) as ``(k, 2)`` rows and columns, 1-based."""
    cells = np.asarray(cells, dtype=np.int32).reshape(-1)  # a board has under 2**28 cells
    row_col = np.empty((cells.shape[0], 2), dtype=np.int32)
    np.floor_divide(cells, n_cols, out=row_col[:, 0])
    np.subtract(cells, row_col[:, 0] * n_cols, out=row_col[:, 1])
    row_col += 1
    return row_col
