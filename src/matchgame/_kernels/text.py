"""Fast text output: millions of "row col" lines without a Python loop."""

from __future__ import annotations

import numpy as np

from ._jit import kernel


@kernel
def _digits(value):
    count = 1
    while value >= 10:
        value //= 10
        count += 1
    return count


@kernel
def format_int_rows(values):
    """ASCII lines of the rows of a 2-D int64 array: numbers space-separated."""
    n_rows, n_cols = values.shape
    size = 0
    for i in range(n_rows):
        for j in range(n_cols):
            size += _digits(values[i, j]) + 1
    out = np.empty(size, dtype=np.uint8)
    pos = 0
    for i in range(n_rows):
        for j in range(n_cols):
            value = values[i, j]
            width = _digits(value)
            for k in range(width - 1, -1, -1):
                out[pos + k] = 48 + value % 10
                value //= 10
            pos += width
            out[pos] = 32 if j + 1 < n_cols else 10
            pos += 1
    return out
