"""Types of grid.pyx: the CSR graph of a board's free cells."""

import numpy as np
import numpy.typing as npt

def grid_csr(
    free: npt.NDArray[np.uint8], n_rows: int, n_cols: int
) -> tuple[
    npt.NDArray[np.int32],
    npt.NDArray[np.int32],
    npt.NDArray[np.int32],
    npt.NDArray[np.int32],
    npt.NDArray[np.uint8],
]: ...
