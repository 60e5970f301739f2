"""Types of gf2sparse.pyx: structured (Markowitz) GF(2) elimination."""

import numpy as np
import numpy.typing as npt

__all__ = ["back_substitute_pivots", "markowitz"]

def markowitz(
    indptr: npt.NDArray[np.int64],
    indices: npt.NDArray[np.int32],
    n_cols: int,
    max_cost: int,
    max_entries: int,
) -> (
    tuple[
        npt.NDArray[np.int32],
        npt.NDArray[np.int32],
        npt.NDArray[np.int64],
        npt.NDArray[np.int32],
        npt.NDArray[np.int64],
        npt.NDArray[np.int32],
        npt.NDArray[np.int64],
        npt.NDArray[np.int32],
        npt.NDArray[np.int32],
        npt.NDArray[np.int32],
    ]
    | None
): ...
def back_substitute_pivots(
    targets: npt.NDArray[np.int32],
    ptr: npt.NDArray[np.int64],
    ind: npt.NDArray[np.int32],
    values: npt.NDArray[np.uint64],
) -> bool: ...
