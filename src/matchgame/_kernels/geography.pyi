"""Types of geography.pyx: the exact search of directed vertex geography."""

from typing import Final

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

__all__ = ["LOSS", "NEEDS_ROOM", "OVER_BUDGET", "STOPPED", "TIMED_OUT", "WIN", "GeographySearch"]

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
        order: int = 1,
    ) -> None: ...
    @staticmethod
    def fixed_bytes(n: int, n_arcs: int) -> int: ...
    @staticmethod
    def entry_bytes(n: int) -> int: ...
    @property
    def n_positions(self) -> int: ...
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
    def begin(self, start: int, available: npt.NDArray[np.uint8]) -> None: ...
    def run(self, max_positions: int, seconds: float) -> int: ...
