"""The structured elimination for matrices with no band (_kernels/gf2sparse.pyx,
games/edge/_structured.py) against dense elimination written here, and the
placement answers it gives against the banded path's."""

from __future__ import annotations

import numpy as np
import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from test_gf2_kernel import csr, rank2

from matchgame import MultiGraph, analyse
from matchgame._kernels import gf2, gf2dense, gf2sparse
from matchgame.games.edge import _algebra, _structured


@st.composite
def sparse_matrices(draw: st.DrawFn) -> np.ndarray:
    rows, cols = draw(st.integers(0, 40)), draw(st.integers(0, 40))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    density = draw(st.sampled_from([0.02, 0.05, 0.1, 0.2, 0.5]))
    return (rng.random((rows, cols)) < density).astype(np.uint8)


def kernel_support(matrix: np.ndarray, side: int) -> np.ndarray:
    """Per row (side 0) or column (side 1): in the support of that kernel, by ranks."""
    m = matrix if side == 0 else matrix.T
    r = rank2(m)
    return np.array([rank2(np.delete(m, i, axis=0)) == r for i in range(m.shape[0])], dtype=bool)


@settings(max_examples=examples(400), deadline=None)
@given(matrix=sparse_matrices(), max_cost=st.sampled_from([0, 1, 4, 30, 10**6]))
def test_markowitz_then_dense_gives_the_kernels(matrix, max_cost):
    n_rows, n_cols = matrix.shape
    indptr, indices = csr(matrix)
    t_ptr, t_ind = gf2.transpose_csr(indptr, indices, n_cols)
    index = np.zeros(0, dtype=np.int64)
    xs, ys = np.arange(n_rows, dtype=np.int32), np.arange(n_cols, dtype=np.int32)
    bi = _algebra.Biadjacency(xs, ys, index, indptr, indices, t_ptr, t_ind, "ids")
    supports = _structured.kernel_supports_structured(bi, max_cost=max_cost)
    assert supports.rank == rank2(matrix)
    assert (supports.support_x == kernel_support(matrix, 0)).all()
    assert (supports.support_y == kernel_support(matrix, 1)).all()
    # every lane is a kernel vector, and they span the kernels
    a = matrix.astype(np.int64)
    for lanes, m, nullity in (
        (supports.lanes_x, a.T, n_rows - supports.rank),
        (supports.lanes_y, a, n_cols - supports.rank),
    ):
        vectors = [
            ((word >> np.uint64(bit)) & np.uint64(1)).astype(np.int64)
            for word in lanes
            for bit in range(64)
        ]
        vectors = [v for v in vectors if v.any()]
        for v in vectors:
            assert not ((m @ v) % 2).any()
        assert (rank2(np.array(vectors)) if vectors else 0) == nullity


@settings(max_examples=examples(200), deadline=None)
@given(matrix=sparse_matrices())
def test_dense_kernel_basis(matrix):
    n_cols = matrix.shape[1]
    indptr, indices = csr(matrix)
    rank, basis = gf2dense.dense_kernel(indptr, indices, n_cols)
    assert rank == rank2(matrix) and basis.shape[0] == n_cols
    vectors = np.array(
        [
            [(int(basis[j, k >> 6]) >> (k & 63)) & 1 for j in range(n_cols)]
            for k in range(n_cols - rank)
        ],
        dtype=np.int64,
    ).reshape(n_cols - rank, n_cols)
    assert not ((matrix.astype(np.int64) @ vectors.T) % 2).any()
    assert rank2(vectors) == n_cols - rank


def test_the_kernels_check_their_arguments():
    indptr, indices = csr(np.array([[1, 1, 0], [0, 1, 1]], dtype=np.uint8))
    with pytest.raises(ValueError):
        gf2sparse.markowitz(indptr, indices, 2, 10, 100)
    with pytest.raises(ValueError):
        gf2sparse.markowitz(indptr[:-1], indices, 3, 10, 100)
    with pytest.raises(ValueError):
        gf2dense.dense_kernel(indptr, indices, 2)
    values = np.zeros((3, 1), dtype=np.uint64)
    with pytest.raises(ValueError):
        gf2sparse.back_substitute_pivots(
            np.array([3], dtype=np.int32), np.array([0, 1]), np.array([0], dtype=np.int32), values
        )
    with pytest.raises(ValueError):
        gf2sparse.back_substitute_pivots(
            np.array([0], dtype=np.int32), np.array([0, 1]), np.array([5], dtype=np.int32), values
        )


@pytest.mark.parametrize("n, seed", [(10000, 1), (14000, 2)])
def test_random_bipartite_graphs_answered_as_by_the_banded_path(n, seed):
    """Graphs wide enough to take the structured path, against the banded one."""
    rng = np.random.default_rng(seed)
    half = n // 2
    edges = np.stack([rng.integers(0, half, 3 * n), rng.integers(half, n, 3 * n)], axis=1)
    graph = MultiGraph(n, edges)
    analysis = analyse(graph, game="edge")
    assert analysis.stats["order"] == "structured"
    parts = _algebra.graph_parts(graph)
    bi = _algebra.biadjacency(parts.parity, parts.side, parts.on_bipartite)
    banded = _algebra.kernel_supports(bi, lanes=63)  # fewer lanes: the banded path
    structured = _structured.kernel_supports_structured(bi)
    assert structured.rank == banded.rank
    assert (structured.support_x == banded.support_x).all()
    assert (structured.support_y == banded.support_y).all()
