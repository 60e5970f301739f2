"""Types of edgesearch.pyx: the memoised exact search of edge geography."""

from typing import Final

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

__all__ = ["LOSS", "NEEDS_ROOM", "OUT_OF_MEMORY", "OVER_BUDGET", "STOPPED", "WIN", "EdgeSearch"]

LOSS: Final[int]
WIN: Final[int]
OVER_BUDGET: Final[int]
STOPPED: Final[int]
OUT_OF_MEMORY: Final[int]
NEEDS_ROOM: Final[int]

@disjoint_base
class EdgeSearch:
    def __init__(
        self,
        offsets: npt.NDArray[np.int32],
        edge_of: npt.NDArray[np.int32],
        other: npt.NDArray[np.int32],
        n_edges: int,
        max_states: int,
        keys: bool = True,
    ) -> None: ...
    @property
    def n_states(self) -> int: ...
    def growth_bytes(self) -> int: ...
    def grow(self) -> None: ...
    @staticmethod
    def memory(n_edges: int, max_states: int) -> int: ...
    def mover_wins(self, token: int, present: npt.NDArray[np.uint64]) -> int: ...
