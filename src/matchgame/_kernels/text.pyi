"""Types of text.pyx: integer lines parsed and formatted."""

import numpy as np
import numpy.typing as npt

def format_int_rows(values: npt.NDArray[np.int64]) -> npt.NDArray[np.uint8]: ...
def parse_int_lines(
    buffer: npt.NDArray[np.uint8],
    starts: npt.NDArray[np.int64],
    ends: npt.NDArray[np.int64],
    n_fields: int,
) -> tuple[npt.NDArray[np.int64], int, int, int]: ...
def format_json_ints(values: npt.NDArray[np.int64], nested: bool) -> npt.NDArray[np.uint8]: ...
def content_lines(
    buffer: npt.NDArray[np.uint8], begin: int, comments: bytes, keep_blank: bool
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]: ...
def parse_int_real_lines(
    buffer: npt.NDArray[np.uint8],
    starts: npt.NDArray[np.int64],
    ends: npt.NDArray[np.int64],
    n_ints: int,
    n_reals: int,
) -> tuple[npt.NDArray[np.int64], int, int, int]: ...
def parse_ragged_int_lines(
    buffer: npt.NDArray[np.uint8], starts: npt.NDArray[np.int64], ends: npt.NDArray[np.int64]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], int, int]: ...
