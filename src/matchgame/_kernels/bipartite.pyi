"""Types of bipartite.pyx: maximum matchings of bipartite graphs, the alternating search.

``mate`` is changed in place by the kernels that complete it.
"""

import numpy as np
import numpy.typing as npt

def greedy_karp_sipser(
    offsets: npt.NDArray[np.int32], neighbors: npt.NDArray[np.int32], mate: npt.NDArray[np.int32]
) -> int: ...
def push_relabel(
    offsets: npt.NDArray[np.int32],
    neighbors: npt.NDArray[np.int32],
    side: npt.NDArray[np.uint8],
    mate: npt.NDArray[np.int32],
    relabel_period: float,
) -> int: ...
def short_augmentations(
    offsets: npt.NDArray[np.int32],
    neighbors: npt.NDArray[np.int32],
    side: npt.NDArray[np.uint8],
    mate: npt.NDArray[np.int32],
    budget: int,
) -> tuple[int, int]: ...
def hopcroft_karp(
    offsets: npt.NDArray[np.int32],
    neighbors: npt.NDArray[np.int32],
    side: npt.NDArray[np.uint8],
    mate: npt.NDArray[np.int32],
) -> int: ...
def missable_bipartite(
    offsets: npt.NDArray[np.int32], neighbors: npt.NDArray[np.int32], mate: npt.NDArray[np.int32]
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int32]]: ...
