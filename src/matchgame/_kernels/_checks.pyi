"""Types of _checks.pyx: the kernels' preconditions, checked."""

import numpy as np
import numpy.typing as npt

def set_full_checks(on: bool) -> bool: ...
def full_checks() -> bool: ...
def validate(
    offsets: npt.NDArray[np.int32],
    neighbors: npt.NDArray[np.int32],
    mate: npt.NDArray[np.int32] | None = None,
    side: npt.NDArray[np.uint8] | None = None,
) -> None: ...
