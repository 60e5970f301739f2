"""Types of edgetext.pyx: the fast path of edge-list text."""

import numpy as np
import numpy.typing as npt

def parse_edge_lines(
    text: npt.NDArray[np.uint8], start: int, n: int, m: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]] | None: ...
