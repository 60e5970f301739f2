"""Types of geography.pyx: the exact search of directed vertex geography."""

from typing import Final

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

__all__ = [
    "LOSS",
    "NEEDS_ROOM",
    "OVER_BUDGET",
    "STOPPED",
    "TIMED_OUT",
    "WIN",
    "GeographySearch",
    "reachable",
    "strong_components",
    "sweep",
]

LOSS: Final[int]
WIN: Final[int]
OVER_BUDGET: Final[int]
STOPPED: Final[int]
TIMED_OUT: Final[int]
NEEDS_ROOM: Final[int]

@disjoint_base
class GeographySearch:
    def __init__(
        self,
        offsets: npt.NDArray[np.int32],
        targets: npt.NDArray[np.int32],
        max_table_bytes: int,
        order: int = 2,
        canonical: bool = True,
    ) -> None: ...
    @staticmethod
    def fixed_bytes(n: int, n_arcs: int) -> int: ...
    @staticmethod
    def entry_bytes(n: int) -> int: ...
    @property
    def n_positions(self) -> int: ...
    @property
    def n_arcs(self) -> int: ...
    @property
    def n_stored(self) -> int: ...
    @property
    def n_hits(self) -> int: ...
    @property
    def table_bytes(self) -> int: ...
    @property
    def best_move(self) -> int: ...
    def growth_bytes(self) -> int: ...
    def grow(self) -> None: ...
    def limit_table(self) -> None: ...
    def begin(self, start: int, available: npt.NDArray[np.uint8]) -> None: ...
    def run(self, max_positions: int, seconds: float) -> int: ...

def strong_components(
    offsets: npt.NDArray[np.int32], targets: npt.NDArray[np.int32]
) -> tuple[npt.NDArray[np.int32], int]: ...
def reachable(
    offsets: npt.NDArray[np.int32],
    targets: npt.NDArray[np.int32],
    sources: npt.NDArray[np.uint8],
    allowed: npt.NDArray[np.uint8],
) -> npt.NDArray[np.uint8]: ...
def sweep(
    offsets: npt.NDArray[np.int32],
    targets: npt.NDArray[np.int32],
    members: npt.NDArray[np.int32],
    comp_start: npt.NDArray[np.int64],
    first: int,
    value: npt.NDArray[np.int8],
    move: npt.NDArray[np.int64],
    exit_win: npt.NDArray[np.uint8],
) -> int: ...
