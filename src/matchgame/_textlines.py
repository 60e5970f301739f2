"""Line positions of a text, for parsers that report line numbers."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt


def line_bounds(
    data: bytes,
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64], npt.NDArray[np.int64], int]:
    """``(buffer, starts, ends, n_lines)``: line ``i`` is ``data[starts[i]:ends[i]]``.

    ``n_lines`` leaves out trailing blank lines.
    """
    buffer = np.frombuffer(data, dtype=np.uint8)
    newlines = np.flatnonzero(buffer == 10)
    starts = np.concatenate([[0], newlines + 1]).astype(np.int64)
    ends = np.concatenate([newlines, [len(data)]]).astype(np.int64)
    n_lines = len(starts)
    while n_lines and not data[starts[n_lines - 1] : ends[n_lines - 1]].strip():
        n_lines -= 1
    return buffer, starts, ends, n_lines
