"""Types of bunny.pyx: the sliding-puzzle game kernel of NOI2011 "Bunny and Egg"."""

from typing import Final

import numpy as np
import numpy.typing as npt

EMPTY: Final[int]
WHITE: Final[int]
BLACK: Final[int]
NOT_ADJACENT: Final[int]
WRONG_COLOUR: Final[int]

def first_illegal_move(
    pieces: npt.NDArray[np.uint8], empty_row: int, empty_col: int, moves: npt.NDArray[np.int64]
) -> tuple[int, int, int, int]: ...
