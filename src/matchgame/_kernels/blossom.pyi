"""Types of blossom.pyx: Edmonds' blossom algorithm, the Gallai-Edmonds labels, and a
maximum matching kept under vertex deletions."""

from typing import Final, Self

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

EVEN: Final[int]
ODD: Final[int]

def edmonds_matching(
    offsets: npt.NDArray[np.int32], neighbors: npt.NDArray[np.int32], mate: npt.NDArray[np.int32]
) -> int: ...
def gallai_edmonds_labels(
    offsets: npt.NDArray[np.int32], neighbors: npt.NDArray[np.int32], mate: npt.NDArray[np.int32]
) -> npt.NDArray[np.uint8]: ...
def missable_paths(
    offsets: npt.NDArray[np.int32],
    neighbors: npt.NDArray[np.int32],
    mate: npt.NDArray[np.int32],
    targets: npt.NDArray[np.int32],
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int64]]: ...

@disjoint_base
class IncrementalMatching:
    n_exposed: int
    n_searches: int
    fault: int
    def __new__(
        cls,
        offsets: npt.NDArray[np.int32],
        neighbors: npt.NDArray[np.int32],
        mate: npt.NDArray[np.int32],
        alive: npt.NDArray[np.uint8],
        logging: bool = True,
    ) -> Self: ...
    def essential(self, t: int) -> bool: ...
    def delete(self, v: int) -> None: ...
    # a mark is opaque to the caller: a tuple of ints that only undo reads
    def mark(self) -> tuple[int, ...]: ...
    def undo(self, mark: tuple[int, ...]) -> None: ...
    def mate(self) -> npt.NDArray[np.int32]: ...
    def partner(self, v: int) -> int: ...
    def walk(
        self, path: npt.NDArray[np.int32]
    ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int32]]: ...
