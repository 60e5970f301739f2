"""Types of incremental.pyx: a bipartite maximum matching kept under vertex deletions.

The module-level functions change ``mate``, ``alive``, ``known``, ``exposed``, the
work arrays, ``log`` and ``counters`` in place.
"""

from typing import Self

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

def token_is_essential(
    offsets: npt.NDArray[np.int32],
    neighbors: npt.NDArray[np.int32],
    side: npt.NDArray[np.uint8],
    alive: npt.NDArray[np.uint8],
    mate: npt.NDArray[np.int32],
    known: npt.NDArray[np.uint8],
    exposed: npt.NDArray[np.int64],
    seen: npt.NDArray[np.int32],
    parent: npt.NDArray[np.int32],
    queue: npt.NDArray[np.int32],
    log: npt.NDArray[np.int32],
    counters: npt.NDArray[np.int64],
    token: int,
) -> bool: ...
def delete_vertex(
    offsets: npt.NDArray[np.int32],
    neighbors: npt.NDArray[np.int32],
    side: npt.NDArray[np.uint8],
    alive: npt.NDArray[np.uint8],
    mate: npt.NDArray[np.int32],
    known: npt.NDArray[np.uint8],
    exposed: npt.NDArray[np.int64],
    seen: npt.NDArray[np.int32],
    parent: npt.NDArray[np.int32],
    queue: npt.NDArray[np.int32],
    log: npt.NDArray[np.int32],
    counters: npt.NDArray[np.int64],
    v: int,
) -> None: ...
def undo(
    mate: npt.NDArray[np.int32],
    alive: npt.NDArray[np.uint8],
    known: npt.NDArray[np.uint8],
    log: npt.NDArray[np.int32],
    counters: npt.NDArray[np.int64],
    mark: int,
) -> None: ...
def count_exposed(
    mate: npt.NDArray[np.int32],
    alive: npt.NDArray[np.uint8],
    side: npt.NDArray[np.uint8],
    exposed: npt.NDArray[np.int64],
) -> None: ...
def walk(
    offsets: npt.NDArray[np.int32],
    neighbors: npt.NDArray[np.int32],
    side: npt.NDArray[np.uint8],
    alive: npt.NDArray[np.uint8],
    mate: npt.NDArray[np.int32],
    known: npt.NDArray[np.uint8],
    exposed: npt.NDArray[np.int64],
    seen: npt.NDArray[np.int32],
    parent: npt.NDArray[np.int32],
    queue: npt.NDArray[np.int32],
    log: npt.NDArray[np.int32],
    counters: npt.NDArray[np.int64],
    path: npt.NDArray[np.int32],
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int32]]: ...

@disjoint_base
class BipartiteMatching:
    @property
    def logging(self) -> bool: ...
    def __new__(
        cls,
        offsets: npt.NDArray[np.int32],
        neighbors: npt.NDArray[np.int32],
        side: npt.NDArray[np.uint8],
        mate: npt.NDArray[np.int32],
        alive: npt.NDArray[np.uint8],
        logging: bool = True,
    ) -> Self: ...
    def essential(self, t: int) -> bool: ...
    def delete(self, v: int) -> None: ...
    # a mark is opaque to the caller: a tuple of ints that only undo reads
    def mark(self) -> tuple[int, ...]: ...
    def undo(self, mark: tuple[int, ...]) -> None: ...
    def partner(self, v: int) -> int: ...
    def mate(self) -> npt.NDArray[np.int32]: ...
    def missable(self) -> npt.NDArray[np.bool_]: ...
    def walk(
        self, path: npt.NDArray[np.int32]
    ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int32]]: ...
    @property
    def mate_array(self) -> npt.NDArray[np.int32]: ...
    @property
    def known_array(self) -> npt.NDArray[np.uint8]: ...
    @property
    def exposed_array(self) -> npt.NDArray[np.int64]: ...
    @property
    def counters_array(self) -> npt.NDArray[np.int64]: ...
