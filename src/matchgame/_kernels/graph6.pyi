"""Types of graph6.pyx: graph6 and sparse6 decoding."""

from typing import Final

import numpy as np
import numpy.typing as npt

ERRORS: Final[dict[int, str]]

def decode_lines(
    data: npt.NDArray[np.uint8],
) -> tuple[
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
    npt.NDArray[np.int32],
    bool,
    tuple[int, int] | None,
]: ...
def decode_graph6_union(
    data: npt.NDArray[np.uint8],
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int32], npt.NDArray[np.int32]] | None: ...
