"""Types of graphs.pyx: 2-colouring, CSR from an edge list, components, alive neighbours."""

from typing import Self

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

def two_colouring(
    offsets: npt.NDArray[np.int32], neighbors: npt.NDArray[np.int32]
) -> npt.NDArray[np.uint8]: ...
def csr_from_edges(
    n: int, sources: npt.NDArray[np.int64], targets: npt.NDArray[np.int64]
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]: ...
def component_sizes_without(
    offsets: npt.NDArray[np.int32], neighbors: npt.NDArray[np.int32], removed: npt.NDArray[np.uint8]
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int64]]: ...

@disjoint_base
class AliveNeighbours:
    def __new__(
        cls,
        offsets: npt.NDArray[np.int32],
        neighbors: npt.NDArray[np.int32],
        alive: npt.NDArray[np.uint8],
    ) -> Self: ...
    def of(self, v: int) -> list[int]: ...
    def count(self, v: int) -> int: ...
    def adjacent(self, u: int, v: int) -> bool: ...
    def is_alive(self, v: int) -> bool: ...
