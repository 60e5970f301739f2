"""Types of gf2dense.pyx: dense GF(2) elimination by the Four Russians."""

import numpy as np
import numpy.typing as npt

__all__ = ["dense_kernel"]

def dense_kernel(
    indptr: npt.NDArray[np.int64], indices: npt.NDArray[np.int32], n_cols: int
) -> tuple[int, npt.NDArray[np.uint64]] | None: ...
