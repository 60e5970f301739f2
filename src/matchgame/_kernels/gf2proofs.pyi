"""Types of gf2proofs.pyx: proofs read off a banded echelon form."""

import numpy as np
import numpy.typing as npt

__all__ = ["ring_bits", "unit_proofs"]

def ring_bits(
    pivot_row: npt.NDArray[np.int32], store: npt.NDArray[np.uint64], last: npt.NDArray[np.int32]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int32]]: ...
def unit_proofs(
    pivot_row: npt.NDArray[np.int32],
    store: npt.NDArray[np.uint64],
    last: npt.NDArray[np.int32],
    order: npt.NDArray[np.int32],
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]] | None: ...
