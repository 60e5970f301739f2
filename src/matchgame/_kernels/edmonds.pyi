"""Types of edmonds.pyx: a maximum matching and its Gallai-Edmonds labels in one pass."""

from typing import Final

import numpy as np
import numpy.typing as npt

EVEN: Final[int]
ODD: Final[int]

def maximum_matching_labels(
    offsets: npt.NDArray[np.int32], neighbors: npt.NDArray[np.int32], mate: npt.NDArray[np.int32]
) -> npt.NDArray[np.uint8]: ...
