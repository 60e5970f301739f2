"""Types of arcs.pyx: strongly connected components, cycles reached, vertices reached,
retrograde labels."""

import numpy as np
import numpy.typing as npt

__all__ = ["reached", "reaches_a_cycle", "settle", "strong_components"]

def strong_components(
    offsets: npt.NDArray[np.int32], heads: npt.NDArray[np.int32]
) -> tuple[npt.NDArray[np.int32] | None, int]: ...
def reaches_a_cycle(
    offsets: npt.NDArray[np.int32],
    heads: npt.NDArray[np.int32],
    order: npt.NDArray[np.int32],
    starts: npt.NDArray[np.int32],
) -> npt.NDArray[np.uint8] | None: ...
def settle(
    offsets: npt.NDArray[np.int32],
    heads: npt.NDArray[np.int32],
    order: npt.NDArray[np.int32],
    starts: npt.NDArray[np.int32],
    mover_wins: npt.NDArray[np.int8],
    move: npt.NDArray[np.int32],
    start: int,
) -> int: ...
def reached(
    offsets: npt.NDArray[np.int32],
    heads: npt.NDArray[np.int32],
    keep: npt.NDArray[np.uint8],
    start: int,
) -> npt.NDArray[np.int32] | None: ...
