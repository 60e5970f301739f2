"""Types of jsonscan.pyx: one pass over a JSON document into flat arrays."""

from typing import Final

import numpy as np
import numpy.typing as npt

# node kinds, and for a MIXED list the kind of its first offending item
OBJECT: Final[int]
ARRAY: Final[int]
STRING: Final[int]
INTEGER: Final[int]
FLOAT: Final[int]
TRUE: Final[int]
FALSE: Final[int]
NULL: Final[int]
RAGGED: Final[int]
NESTED: Final[int]
MIXED_INTEGER: Final[int]
BIG: Final[int]
# shapes of a list
EMPTY: Final[int]
FLAT: Final[int]
ROWS: Final[int]
MIXED: Final[int]
# status codes
OK: Final[int]
SYNTAX: Final[int]
END: Final[int]
DEPTH: Final[int]
LONG_STRING: Final[int]
LONG_NUMBER: Final[int]
TOO_MANY: Final[int]
BAD_ESCAPE: Final[int]
CONTROL: Final[int]
TRAILING: Final[int]
# the columns of a node: kind, parent, first, count, shape, width, texts
NODE_COLUMNS: Final[int]

def count_digit_runs(buffer: npt.NDArray[np.uint8]) -> int: ...
def measure(buffer: npt.NDArray[np.uint8]) -> tuple[int, int, int]: ...
def scan_json(
    buffer: npt.NDArray[np.uint8],
    max_depth: int,
    max_string: int,
    max_number: int,
    max_nodes: int,
    max_numbers: int,
    wide: bool = True,
    max_texts: int = -1,
) -> tuple[
    int,
    int,
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
    npt.NDArray[np.int32] | npt.NDArray[np.int64],
    int,
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
    npt.NDArray[np.uint8],
    npt.NDArray[np.int64],
]: ...
