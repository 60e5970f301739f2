"""Types of gf2.pyx: banded GF(2) elimination, back substitution, Transforms, orders."""

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

__all__ = [
    "Transforms",
    "back_substitute",
    "back_substitute_words",
    "band_words",
    "check_csr",
    "component_sides",
    "echelon_fill",
    "eliminate",
    "eliminate_logged",
    "rcm_order",
    "set_bits",
    "solve_carried",
    "transpose_csr",
]

_Echelon = tuple[
    int,  # rank
    npt.NDArray[np.int32],  # pivot_row
    npt.NDArray[np.uint64],  # store
    npt.NDArray[np.int32],  # last
    npt.NDArray[np.int32],  # dependent rows
    int,  # most rows active at once
]

def check_csr(
    indptr: npt.NDArray[np.int64], indices: npt.NDArray[np.int32], n_cols: int
) -> None: ...
def band_words(
    indptr: npt.NDArray[np.int64],
    indices: npt.NDArray[np.int32],
    n_cols: int,
    row_mask: npt.NDArray[np.uint8],
) -> int: ...
def eliminate(
    indptr: npt.NDArray[np.int64],
    indices: npt.NDArray[np.int32],
    n_cols: int,
    row_mask: npt.NDArray[np.uint8],
    W: int,
    carry: npt.NDArray[np.uint64] | None = None,
    ops: npt.NDArray[np.int32] | None = None,
) -> _Echelon | None: ...
def eliminate_logged(
    indptr: npt.NDArray[np.int64],
    indices: npt.NDArray[np.int32],
    n_cols: int,
    W: int,
    ops: npt.NDArray[np.int32],
) -> tuple[*_Echelon, int] | None: ...
def back_substitute(
    pivot_row: npt.NDArray[np.int32],
    store: npt.NDArray[np.uint64],
    last: npt.NDArray[np.int32],
    x: npt.NDArray[np.uint64],
) -> bool: ...
def back_substitute_words(
    pivot_row: npt.NDArray[np.int32],
    store: npt.NDArray[np.uint64],
    last: npt.NDArray[np.int32],
    x: npt.NDArray[np.uint64],
) -> bool: ...
def solve_carried(
    pivot_row: npt.NDArray[np.int32],
    store: npt.NDArray[np.uint64],
    last: npt.NDArray[np.int32],
    carry: npt.NDArray[np.uint64],
) -> npt.NDArray[np.uint64] | None: ...
def set_bits(x: npt.NDArray[np.uint64]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]: ...
def echelon_fill(pivot_row: npt.NDArray[np.int32], store: npt.NDArray[np.uint64]) -> int: ...
def component_sides(
    offsets: npt.NDArray[np.int32],
    neighbors: npt.NDArray[np.int32],
    odd_loop: npt.NDArray[np.uint8],
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.uint8], npt.NDArray[np.bool_]]: ...
def transpose_csr(
    indptr: npt.NDArray[np.int64], indices: npt.NDArray[np.int32], n_cols: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int32]]: ...
def rcm_order(
    offsets: npt.NDArray[np.int32], neighbors: npt.NDArray[np.int32]
) -> npt.NDArray[np.int32]: ...

@disjoint_base
class Transforms:
    @property
    def n_rows(self) -> int: ...
    @property
    def n_cols(self) -> int: ...
    @property
    def rank(self) -> int: ...
    def __init__(
        self, indptr: npt.NDArray[np.int64], indices: npt.NDArray[np.int32], n_cols: int, W: int
    ) -> None: ...
    @staticmethod
    def memory(n_rows: int, n_cols: int) -> int: ...
    def flip(self, x: int, y: int) -> None: ...
    def in_left_kernel_support(self, x: int) -> bool: ...
    def in_right_kernel_support(self, y: int) -> bool: ...
    def left_kernel_support(self) -> npt.NDArray[np.uint8]: ...
    def right_kernel_support(self) -> npt.NDArray[np.uint8]: ...
    def solve_row(self, x: int) -> npt.NDArray[np.uint8]: ...
    def solve_column(self, y: int) -> npt.NDArray[np.uint8]: ...
    def matrices(self) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]: ...
