"""The edge game's kernels (_kernels/gf2.pyx, _kernels/edgesearch.pyx) on their own,
against dense Gaussian elimination over GF(2) written here and the edge oracle."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle_edge import EdgeOracle

from matchgame._kernels import edgesearch, gf2

ALL_ROWS = np.empty(0, dtype=np.uint8)


def rank2(matrix: np.ndarray) -> int:
    """Rank over GF(2) by plain dense elimination."""
    m = (np.asarray(matrix) % 2).astype(np.uint8)
    rank = 0
    for c in range(m.shape[1]):
        rows = np.flatnonzero(m[rank:, c]) + rank
        if not rows.size:
            continue
        m[[rank, rows[0]]] = m[[rows[0], rank]]
        below = np.flatnonzero(m[:, c])
        below = below[below != rank]
        m[below] ^= m[rank]
        rank += 1
    return rank


def csr(matrix: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    indptr = np.zeros(matrix.shape[0] + 1, dtype=np.int64)
    indices = [np.flatnonzero(row) for row in matrix]
    np.cumsum([len(r) for r in indices], out=indptr[1:])
    flat = np.concatenate(indices) if indices else np.zeros(0)
    return indptr, flat.astype(np.int32)


def banded(rng: np.random.Generator, rows: int, cols: int, width: int) -> np.ndarray:
    """A random 0/1 matrix whose row i lives near column i * cols / rows."""
    m = np.zeros((rows, cols), dtype=np.uint8)
    for i in range(rows):
        centre = i * cols // max(rows, 1)
        lo, hi = max(0, centre - width), min(cols, centre + width + 1)
        m[i, lo:hi] = rng.random(hi - lo) < 0.4
    return m


@st.composite
def matrices(draw: st.DrawFn) -> np.ndarray:
    rows, cols = draw(st.integers(0, 14)), draw(st.integers(0, 14))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    if draw(st.booleans()):
        return banded(rng, rows, cols, draw(st.integers(0, 4)))
    return (rng.random((rows, cols)) < draw(st.floats(0, 1))).astype(np.uint8)


@settings(max_examples=examples(400), deadline=None)
@given(matrix=matrices(), seed=st.integers(0, 2**32 - 1))
def test_elimination_rank_and_null_space(matrix, seed):
    rng = np.random.default_rng(seed)
    n_rows, n_cols = matrix.shape
    indptr, indices = csr(matrix)
    words = gf2.band_words(indptr, indices, n_cols, ALL_ROWS)
    rank, pivot, store, last, dependent, _ = gf2.eliminate(
        indptr, indices, n_cols, ALL_ROWS, words + int(rng.integers(0, 2))
    )
    assert rank == rank2(matrix) and dependent.shape[0] == n_rows - rank
    assert sorted(pivot[pivot >= 0].tolist() + dependent.tolist()) == list(range(n_rows))
    # 64 random null vectors at once
    x = rng.integers(0, 2**64, size=n_cols, dtype=np.uint64)
    x[pivot >= 0] = 0
    assert gf2.back_substitute(pivot, store, last, x)
    lanes = ((x[:, None] >> np.arange(64, dtype=np.uint64)) & np.uint64(1)).astype(np.int64)
    assert not ((matrix.astype(np.int64) @ lanes) % 2).any()
    # rows left out
    mask = (rng.random(n_rows) < 0.5).astype(np.uint8)
    words = gf2.band_words(indptr, indices, n_cols, mask)
    assert gf2.eliminate(indptr, indices, n_cols, mask, words)[0] == rank2(matrix[mask == 1])


@settings(max_examples=examples(300), deadline=None)
@given(matrix=matrices(), seed=st.integers(0, 2**32 - 1))
def test_right_hand_sides_ride_the_elimination(matrix, seed):
    """Carried words follow the row operations: solutions of M z = b, 64 at once;
    a dependent row keeps its combination of right-hand sides (0 if consistent)."""
    rng = np.random.default_rng(seed)
    n_rows, n_cols = matrix.shape
    indptr, indices = csr(matrix)
    z = rng.integers(0, 2, size=(n_cols, 64))
    b = (matrix.astype(np.int64) @ z) % 2  # solvable right-hand sides
    carry = np.zeros((n_rows, 1), dtype=np.uint64)
    carry[:, 0] = (b.astype(np.uint64) << np.arange(64, dtype=np.uint64)).sum(axis=1)
    words = gf2.band_words(indptr, indices, n_cols, ALL_ROWS)
    _, pivot, store, last, dependent, _ = gf2.eliminate(
        indptr, indices, n_cols, ALL_ROWS, words, carry
    )
    assert not carry[dependent].any()
    x = np.zeros(n_cols, dtype=np.uint64)
    x[pivot >= 0] = carry[pivot[pivot >= 0], 0]
    assert gf2.back_substitute(pivot, store, last, x)
    solved = ((x[:, None] >> np.arange(64, dtype=np.uint64)) & np.uint64(1)).astype(np.int64)
    assert ((matrix.astype(np.int64) @ solved) % 2 == b).all()
    # several words of lanes at once: the same solutions, word by word
    wide = np.zeros((n_cols, 3), dtype=np.uint64)
    wide[pivot >= 0, 1] = carry[pivot[pivot >= 0], 0]
    wide[:, 2] = rng.integers(0, 2**64, size=n_cols, dtype=np.uint64) * (pivot < 0)
    free = wide[:, 2].copy()
    assert gf2.back_substitute_words(pivot, store, last, wide)
    assert (wide[:, 0] == 0).all() and (wide[:, 1] == x).all()
    assert gf2.back_substitute(pivot, store, last, free) and (wide[:, 2] == free).all()


@settings(max_examples=examples(200), deadline=None)
@given(matrix=matrices(), seed=st.integers(0, 2**32 - 1))
def test_transforms_stay_diagonal_under_flips(matrix, seed):
    """P A Q = diag(I_r, 0) after every flip, P and Q invertible; the kernels'
    supports and the solutions they give agree with dense elimination."""
    rng = np.random.default_rng(seed)
    n_rows, n_cols = matrix.shape
    indptr, indices = csr(matrix)
    transforms = gf2.Transforms(
        indptr, indices, n_cols, gf2.band_words(indptr, indices, n_cols, ALL_ROWS)
    )
    a = matrix.astype(np.int64)
    for step in range(12):
        p, q = transforms.matrices()
        r = transforms.rank
        diagonal = np.zeros((n_rows, n_cols), dtype=np.int64)
        diagonal[:r, :r] = np.eye(r, dtype=np.int64)
        assert ((p.astype(np.int64) @ a @ q) % 2 == diagonal).all()
        assert r == rank2(a) and rank2(p) == n_rows and rank2(q) == n_cols
        left = transforms.left_kernel_support()
        for v in range(n_rows):
            unit = np.eye(n_rows, dtype=np.int64)[v]
            in_columns = rank2(np.column_stack([a, unit])) == r
            assert bool(left[v]) == (not in_columns) == transforms.in_left_kernel_support(v)
            if in_columns:
                assert ((a @ transforms.solve_row(v)) % 2 == unit).all()
        right = transforms.right_kernel_support()
        for v in range(n_cols):
            unit = np.eye(n_cols, dtype=np.int64)[v]
            in_rows = rank2(np.vstack([a, unit])) == r
            assert bool(right[v]) == (not in_rows) == transforms.in_right_kernel_support(v)
            if in_rows:
                assert ((transforms.solve_column(v) @ a) % 2 == unit).all()
        if not (n_rows and n_cols) or step == 11:
            break
        i, j = int(rng.integers(n_rows)), int(rng.integers(n_cols))
        a[i, j] ^= 1
        transforms.flip(i, j)


def test_the_kernels_check_their_arguments():
    indptr, indices = csr(np.array([[1, 1, 0], [0, 1, 1]], dtype=np.uint8))
    with pytest.raises(ValueError, match="smaller than the band"):
        gf2.eliminate(indptr, indices, 3, ALL_ROWS, 0)
    with pytest.raises(ValueError, match="out of range or out of order"):
        gf2.band_words(indptr, indices, 2, ALL_ROWS)
    with pytest.raises(ValueError, match="indptr"):
        gf2.band_words(np.array([0, 5], dtype=np.int64), indices, 3, ALL_ROWS)
    with pytest.raises(ValueError, match="out of order"):
        gf2.band_words(indptr, np.array([1, 0, 1, 2], dtype=np.int32), 3, ALL_ROWS)
    with pytest.raises(ValueError, match="one entry per row"):
        gf2.band_words(indptr, indices, 3, np.ones(5, dtype=np.uint8))
    _, pivot, store, last, *_ = gf2.eliminate(indptr, indices, 3, ALL_ROWS, 1)
    with pytest.raises(ValueError, match="sizes disagree"):
        gf2.back_substitute(pivot, store, last, np.zeros(2, dtype=np.uint64))
    with pytest.raises(ValueError, match="out of range"):
        gf2.Transforms(indptr, indices, 3, 1).flip(2, 0)
    with pytest.raises(ValueError):
        gf2.rcm_order(np.array([0, 1], dtype=np.int32), np.array([3], dtype=np.int32))
    with pytest.raises(ValueError):
        edgesearch.EdgeSearch(
            np.array([0, 1], dtype=np.int32),
            np.array([0], dtype=np.int32),
            np.array([1], dtype=np.int32),
            1,
            10,
        )


def test_rcm_order_is_a_permutation_and_narrows_a_shuffled_path():
    rng = np.random.default_rng(3)
    n = 200
    label = rng.permutation(n)  # a path 0-1-...-n-1, vertices renamed at random
    edges = np.stack([label[:-1], label[1:]], axis=1)
    from matchgame import Graph

    graph = Graph.from_edges(n, edges)
    order = gf2.rcm_order(graph.offsets, graph.indices)
    assert sorted(order.tolist()) == list(range(n))
    place = np.empty(n, dtype=np.int64)
    place[order] = np.arange(n)
    assert np.abs(place[edges[:, 0]] - place[edges[:, 1]]).max() == 1


def search_of(n, edges, max_states=10**6, keys=True):
    counts = Counter((min(u, v), max(u, v)) for u, v in edges)
    pairs = sorted(counts)
    incident = [[] for _ in range(n)]
    for i, (u, v) in enumerate(pairs):
        incident[u].append((i, v))
        if u != v:
            incident[v].append((i, u))
    offsets = np.zeros(n + 1, dtype=np.int32)
    offsets[1:] = np.cumsum([len(x) for x in incident])
    edge_of = np.array([i for x in incident for i, _ in x], dtype=np.int32)
    other = np.array([o for x in incident for _, o in x], dtype=np.int32)
    search = edgesearch.EdgeSearch(offsets, edge_of, other, len(pairs), max_states, keys)
    present = np.zeros(max((len(pairs) + 63) // 64, 1), dtype=np.uint64)
    for i, pair in enumerate(pairs):
        if counts[pair] % 2:
            present[i // 64] |= np.uint64(1) << np.uint64(i % 64)
    return search, present


def answer(search, token, present):
    """The search's answer, its records grown as often as it asks (the caller claims
    the memory first: games/edges.py)."""
    result = search.mover_wins(token, present)
    while result == edgesearch.NEEDS_ROOM:
        search.grow()
        result = search.mover_wins(token, present)
    return result


@settings(max_examples=examples(500), deadline=None)
@given(
    n=st.integers(1, 6),
    raw=st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)), max_size=11),
)
def test_the_search_kernel_agrees_with_the_oracle(n, raw):
    edges = [(u % n, v % n) for u, v in raw]
    oracle = EdgeOracle(n, edges)
    # each record keeping its edge set, and (as on graphs of over 128 edges) not: every
    # state then checked by its chain of moves
    for keys in (True, False):
        search, present = search_of(n, edges, keys=keys)
        for v in range(n):
            assert answer(search, v, present) == int(oracle.mover_wins(v))


@settings(max_examples=examples(200), deadline=None)
@given(
    n=st.integers(2, 7),
    raw=st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), min_size=3, max_size=14),
    moves=st.lists(st.integers(0, 100), max_size=6),
)
def test_positions_after_moves_are_answered_alike_by_chains_and_keys(n, raw, moves):
    """Questions with edges used (other roots: a position's engine asks them) reuse the
    records of earlier questions; checked by chains, the answers are the keys' answers."""
    edges = [(u % n, v % n) for u, v in raw]
    keyed, present = search_of(n, edges, keys=True)
    chained, _ = search_of(n, edges, keys=False)
    bits = [i for i in range(64 * present.shape[0]) if int(present[i // 64]) >> (i % 64) & 1]
    for step in [None, *moves]:
        if step is not None and bits:  # use one more edge
            gone = bits.pop(step % len(bits))
            present[gone // 64] ^= np.uint64(1) << np.uint64(gone % 64)
        for v in range(n):
            assert answer(chained, v, present) == answer(keyed, v, present)


def test_the_search_kernel_keeps_its_budget_and_grows_its_table():
    n = 6  # K6 with every loop: thousands of positions
    edges = [(u, v) for u in range(n) for v in range(u, n)]
    search, present = search_of(n, edges, max_states=100)
    assert answer(search, 0, present) == edgesearch.OVER_BUDGET
    assert search.n_states == 100
    big, present = search_of(n, edges)
    won = answer(big, 0, present)
    assert won in (edgesearch.WIN, edgesearch.LOSS) and big.n_states > 2000
    assert won == int(EdgeOracle(n, edges).mover_wins(0))
    # a second question reuses the table: no new positions for the same root
    stored = big.n_states
    assert big.mover_wins(0, present) == won and big.n_states == stored
    # a state costs a record of 40 bytes (and its edge set up to 128 edges) and two table
    # slots of 8 at most, whatever the graph's size (the table stored every state's edge
    # set: 10 GB for a million states of 40,000 edges); 1.5 times while they grow
    assert edgesearch.EdgeSearch.memory(64, 1000) == 1132 * 72 + 4096 * 12 + 66 * 36 + 64
    assert edgesearch.EdgeSearch.memory(40_000, 10**6) < 128 << 20
