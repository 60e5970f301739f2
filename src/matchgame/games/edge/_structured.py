"""The kernels' supports of a biadjacency matrix with no band: structured elimination,
then dense elimination of the core (the loops in ``_kernels/gf2sparse.pyx``).

A random bipartite graph has no narrow band in any order: the banded elimination of
:mod:`._algebra` becomes dense elimination of the whole matrix. Here the sparse
matrix is first reduced by Markowitz pivots while they are cheap (singletons and
weight-2 columns first, as the filters of integer-factoring codes do), which sets
about two thirds of a random graph's rows and columns aside with little fill; the
core left is eliminated densely by the Method of the Four Russians. The core's
kernels have bases read off its reduced echelon form; each basis vector is carried
back through the pivots (``z_c`` from the pivot's row, ``w_r`` from its column), a
linear bijection onto the kernels of ``A``: the supports are where some basis
vector is 1, exactly, with nothing to verify.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
import numpy.typing as npt

from ..._kernels import gf2 as _gf2
from ..._kernels import gf2dense as _dense
from ..._kernels import gf2sparse as _sparse
from ..._kernels._stop import check as _stop_point
from ._algebra import Biadjacency, KernelSupports, band_words, require

__all__ = ["MAX_COST", "kernel_supports_structured", "wide"]

MAX_COST = 1000
"""The dearest Markowitz pivot taken in the sparse phase ((row - 1)(column - 1))."""
_FILL = 8  # the sparse phase stops before its entries pass this many times A's
_LANE_WORDS = 16  # kernel basis vectors carried back at once: 64 a word


def wide(bi: Biadjacency) -> bool:
    """Whether the matrix's band (:func:`~matchgame.games.edge._algebra.band_words`) is
    an eighth of its width or more: the banded elimination would be dense
    elimination, and the structured one is cheaper."""
    width = max(bi.shape)
    return width >= 4096 and 64 * band_words(bi) * 8 >= width


def _transpose(
    ptr: npt.NDArray[np.int64], ind: npt.NDArray[np.int32], n_cols: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int32]]:
    return _gf2.transpose_csr(ptr, ind, n_cols)


def _core_kernel(
    ptr: npt.NDArray[np.int64], ind: npt.NDArray[np.int32], n_cols: int
) -> tuple[int, npt.NDArray[np.uint64]]:
    """Rank and right kernel basis of a CSR matrix by dense elimination, its empty rows
    left out (they change neither)."""
    n_rows = ptr.shape[0] - 1
    full = np.flatnonzero(np.diff(ptr) > 0)
    words = (n_cols + 63) // 64
    require(8 * words * (full.shape[0] + 256) + n_cols * 8, f"a dense {n_rows} x {n_cols} core")
    lengths = np.diff(ptr)[full]
    sub_ptr = np.zeros(full.shape[0] + 1, dtype=np.int64)
    np.cumsum(lengths, out=sub_ptr[1:])
    keep = np.repeat(np.diff(ptr) > 0, np.diff(ptr))
    result = _dense.dense_kernel(sub_ptr, ind[keep], n_cols)
    if result is None:
        _stop_point()
        raise RuntimeError("the dense elimination stopped without a stop request")
    return result


def _lift(
    n: int,
    core: npt.NDArray[np.int32],
    basis: npt.NDArray[np.uint64],
    targets: npt.NDArray[np.int32],
    ptr: npt.NDArray[np.int64],
    ind: npt.NDArray[np.int32],
) -> tuple[list[npt.NDArray[np.uint64]], npt.NDArray[np.bool_]]:
    """The core's kernel basis carried back through the pivots, ``_LANE_WORDS`` words
    at a time: the lanes (one word per vertex each) and the support."""
    lanes: list[npt.NDArray[np.uint64]] = []
    support = np.zeros(n, dtype=bool)
    nullity_words = basis.shape[1] if basis.shape[0] else 0
    require(8 * n * (nullity_words + _LANE_WORDS), "the kernels' basis over every vertex")
    for start in range(0, max(nullity_words, 1), _LANE_WORDS):
        chunk = basis[:, start : start + _LANE_WORDS]
        values = np.zeros((n, max(chunk.shape[1], 1)), dtype=np.uint64)
        values[core, : chunk.shape[1]] = chunk
        if not _sparse.back_substitute_pivots(targets, ptr, ind, values):
            _stop_point()
            raise RuntimeError("the back substitution stopped without a stop request")
        support |= values.any(axis=1)
        lanes.extend(np.ascontiguousarray(values[:, k]) for k in range(chunk.shape[1]))
    return lanes, support


def kernel_supports_structured(bi: Biadjacency, *, max_cost: int = MAX_COST) -> KernelSupports:
    """The supports of the left and right kernels of ``A`` (see the module docstring),
    with the lanes (a basis of each kernel, 64 vectors a word) and what each phase
    cost; ``max_cost``: the dearest pivot of the sparse phase."""
    nx, ny = bi.shape
    nonzeros = int(bi.a_ind.shape[0])
    max_entries = max(_FILL * nonzeros, 1 << 16)
    require(40 * (nx + ny) + 24 * max_entries, f"the structured elimination of {nx} x {ny}")
    stats: dict[str, Any] = {"order": "structured", "shape": (nx, ny), "nonzeros": nonzeros}
    clock = time.perf_counter()
    result = _sparse.markowitz(bi.a_ptr, bi.a_ind, ny, max_cost, max_entries)
    if result is None:
        _stop_point()
        raise RuntimeError("the structured elimination stopped without a stop request")
    pr, pc, r_ptr, r_ind, c_ptr, c_ind, core_ptr, core_ind, core_rows, core_cols = result
    local = np.full(max(ny, 1), -1, dtype=np.int32)
    local[core_cols] = np.arange(core_cols.shape[0], dtype=np.int32)
    s_ind = local[core_ind]
    n_core_cols = int(core_cols.shape[0])
    stats["sparse"] = {
        "pivots": int(pr.shape[0]),
        "core": (int(core_rows.shape[0]), n_core_cols),
        "core_entries": int(core_ind.shape[0]),
        "seconds": time.perf_counter() - clock,
    }
    clock = time.perf_counter()
    rank_right, right = _core_kernel(core_ptr, s_ind, n_core_cols)
    t_ptr, t_ind = _transpose(core_ptr, s_ind, n_core_cols)
    rank_left, left = _core_kernel(t_ptr, t_ind, int(core_rows.shape[0]))
    if rank_left != rank_right:
        raise RuntimeError("the two dense eliminations disagree on the rank")
    stats["dense_seconds"] = time.perf_counter() - clock
    clock = time.perf_counter()
    lanes_y, support_y = _lift(ny, core_cols, right, pc, r_ptr, r_ind)
    lanes_x, support_x = _lift(nx, core_rows, left, pr, c_ptr, c_ind)
    stats["lift_seconds"] = time.perf_counter() - clock
    rank = int(pr.shape[0]) + rank_right
    stats["rank"] = rank
    stats["nullity"] = (nx - rank, ny - rank)
    return KernelSupports(lanes_x, lanes_y, support_x, support_y, rank, stats)
