"""Types of ears.pyx: odd ear decompositions of the components of D and their links,
the witnesses of the vertex game's certificates on graphs with odd cycles."""

from typing import Final

import numpy as np
import numpy.typing as npt

DONE: Final[int]
TWO_BASES: Final[int]
NOT_EVEN: Final[int]

def odd_ears(
    offsets: npt.NDArray[np.int32],
    neighbors: npt.NDArray[np.int32],
    mate: npt.NDArray[np.int32],
    in_d: npt.NDArray[np.uint8],
) -> tuple[int, npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.int32]]: ...
def component_links(
    offsets: npt.NDArray[np.int32],
    neighbors: npt.NDArray[np.int32],
    mate: npt.NDArray[np.int32],
    component: npt.NDArray[np.int32],
    n_components: int,
) -> tuple[int, npt.NDArray[np.int32]]: ...
