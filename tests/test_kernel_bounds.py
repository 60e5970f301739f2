"""Kernels that take sizes, offsets or ids from bytes or from a caller check them
before their loops: a bad input is a clean error, never a read or write outside an
array (issue 24: a sparse6 line whose size byte is below 63 corrupted the heap).

Without the checks most of these tests crash the interpreter (double free,
segmentation fault) rather than fail; the sanitizer build (tools/sanitize.sh)
catches the quieter out-of-bounds reads.
"""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from budget import examples
from cli_helpers import run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

import matchgame
from matchgame._kernels import batch, edgetext, graph6, graphs, grid
from matchgame.errors import ParseError


@pytest.mark.parametrize(
    ("stdin", "answers", "line", "jobs"),
    [
        (b"Bw\n:=\n", 1, 2, "1"),  # was "double free or corruption (out)", exit 134
        (b":=\nBw\n", 0, 1, "1"),  # was a segmentation fault, exit 139
        (b":=\n", 0, 1, "2"),  # was "ValueError: negative dimensions" with workers
        (b"Bw\n:=\n", 1, 2, "2"),  # was a BrokenProcessPool traceback
        (b"Bw\n\x01\n", 1, 2, "1"),
    ],
)
def test_a_size_byte_below_63_is_a_clean_error_in_sweep(stdin, answers, line, jobs):
    run = run_cli("sweep", "--jobs", jobs, stdin=stdin)
    assert run.code == 2, run
    assert len(run.out.splitlines()) == answers, run
    assert run.err.splitlines() == [
        f"error: line {line}: <stdin>: a byte outside the graph6/sparse6 range 63..126"
    ], run


@pytest.mark.parametrize("prefix", [b"", b":", b">>sparse6<<:", b">>graph6<<"])
def test_every_size_byte_outside_the_range_is_refused(prefix):
    for size_byte in [*range(63), *range(127, 256)]:
        if size_byte in (10, 13) or (size_byte in (58, 59) and not prefix.endswith(b":")):
            continue  # a line end, or the start of a sparse6 line, not a size byte
        data = np.frombuffer(prefix + bytes([size_byte]) + b"\n", dtype=np.uint8)
        *_, error = graph6.decode_lines(data)
        assert error == (1, 1), size_byte  # (line, code): a byte outside 63..126
        assert graph6.decode_graph6_union(data) is None


def test_the_sweep_api_raises_a_parse_error_for_a_low_size_byte():
    with pytest.raises(ParseError, match=r"line 2: .*63\.\.126"):
        list(matchgame.sweep(b"Bw\n:=\n"))


def _union(n_vertices, edge_start, edges):
    return batch.union_csr(
        np.asarray(n_vertices, dtype=np.int64),
        np.asarray(edge_start, dtype=np.int64),
        np.asarray(edges, dtype=np.int32).reshape(-1, 2),
        True,
    )


@pytest.mark.parametrize(
    ("n_vertices", "edge_start", "edges", "message"),
    [
        ([3, -2], [0, 3, 3], [[0, 1], [0, 2], [1, 2]], "negative vertex count"),
        ([2**31 - 1], [0, 0], [], "too large"),
        ([2**30, 2**30], [0, 0, 0], [], "too large"),
        ([3], [0, 1], [[0, 3]], "outside its graph"),
        ([3], [0, 1], [[-1, 0]], "outside its graph"),
        ([3, 3], [0, 1, 2], [[0, 1], [2, 3]], "outside its graph"),
        ([3], [0, 2], [[0, 1]], "edge_start must ascend"),
        ([3, 3], [0, 1, 0], [[0, 1]], "edge_start must ascend"),
        ([3], [-1, 0], [[0, 1]], "edge_start must ascend"),
        ([3], [0], [[0, 1]], "one entry more"),
    ],
)
def test_union_csr_refuses_arrays_that_are_not_a_union(n_vertices, edge_start, edges, message):
    with pytest.raises(ValueError, match=message):
        _union(n_vertices, edge_start, edges)


def test_union_csr_refuses_edges_without_two_columns():
    with pytest.raises(ValueError, match="2 columns"):
        batch.union_csr(
            np.array([3], np.int64), np.array([0, 1], np.int64), np.zeros((1, 3), np.int32), True
        )


@pytest.mark.parametrize(
    ("offsets", "neighbors", "vertex_start"),
    [
        ([0, 1, 2], [1, 2], [0, 2]),  # a neighbour id past the last vertex
        ([0, 1, 2], [1, -1], [0, 2]),
        ([0, 2, 1], [1, 0], [0, 2]),  # offsets descend
        ([1, 1, 2], [1, 0], [0, 2]),  # the first row does not start at 0
        ([0, 1, 3], [1, 0], [0, 2]),  # a row past the end of neighbors
        ([0, 1, 2], [1, 0], [0, 3]),  # a graph past the last vertex
        ([0, 1, 2], [1, 0], [1, 0]),  # vertex_start descends
        ([0, 1, 2], [1, 0], [-1, 2]),
        ([], [], [0]),
    ],
)
def test_bipartite_parts_refuses_arrays_that_are_not_a_union(offsets, neighbors, vertex_start):
    with pytest.raises(ValueError):
        batch.bipartite_parts(
            np.asarray(offsets, np.int32),
            np.asarray(neighbors, np.int32),
            np.asarray(vertex_start, np.int64),
        )


@settings(max_examples=examples(200), deadline=None)
@given(
    st.lists(st.integers(-3, 6), max_size=5),
    st.lists(st.integers(-2, 8), max_size=7),
    st.lists(st.tuples(st.integers(-2, 7), st.integers(-2, 7)), max_size=6),
)
def test_union_csr_on_any_arrays_answers_or_refuses(n_vertices, edge_start, edges):
    """Arbitrary arrays: a ValueError, or a union whose ids stay in their graphs."""
    try:
        vertex_start, offsets, neighbors = _union(n_vertices, edge_start, edges)
    except ValueError:
        return
    total = int(vertex_start[-1])
    assert offsets.shape == (total + 1,)
    assert ((neighbors >= 0) & (neighbors < total)).all()
    parts = batch.bipartite_parts(offsets, neighbors, vertex_start)
    assert parts.shape == (len(n_vertices),)


@pytest.mark.parametrize(
    ("rows", "cols", "cells"),
    [(-1, -1, 1), (2**32, 2**32, 0), (2**33, 2**31, 0), (3, 0, 1), (1, 3, 2)],
)
def test_grid_csr_refuses_a_mask_of_the_wrong_size(rows, cols, cells):
    with pytest.raises(ValueError):
        grid.grid_csr(np.ones(cells, np.uint8), rows, cols)


def test_csr_from_edges_refuses_ids_outside_the_graph():
    for sources, targets in [([0, 3], [1, 0]), ([0, -1], [1, 0]), ([0], [5])]:
        with pytest.raises(ValueError, match="outside"):
            graphs.csr_from_edges(3, np.asarray(sources, np.int64), np.asarray(targets, np.int64))
    with pytest.raises(ValueError):
        graphs.csr_from_edges(-1, np.zeros(0, np.int64), np.zeros(0, np.int64))


def test_the_edge_line_kernel_refuses_a_vertex_count_whose_digits_could_overflow():
    text = np.frombuffer(b"1 2\n", dtype=np.uint8)
    assert edgetext.parse_edge_lines(text, 0, (1 << 59) - 1, 1) is not None
    with pytest.raises(ValueError):
        edgetext.parse_edge_lines(text, 0, 1 << 59, 1)


# -- the kernels' preconditions (issue 33, 6) ---------------------------------------

PATH_OFFSETS = np.array([0, 1, 3, 4], dtype=np.int32)  # 0 - 1 - 2
PATH_NEIGHBOURS = np.array([1, 0, 2, 1], dtype=np.int32)


def _incremental_matchings():
    from matchgame._kernels import blossom, incremental

    alive = np.ones(3, dtype=np.uint8)
    mate = np.array([1, 0, -1], dtype=np.int32)
    side = np.array([0, 1, 0], dtype=np.uint8)
    return [
        blossom.IncrementalMatching(PATH_OFFSETS, PATH_NEIGHBOURS, mate.copy(), alive.copy()),
        incremental.BipartiteMatching(PATH_OFFSETS, PATH_NEIGHBOURS, side, mate.copy(), alive),
    ]


@pytest.mark.parametrize("mark", [(), (0,), [0, 0, 0], "abc", (0, 0, 99), (0, 0, 0, 99, 0)])
def test_undo_refuses_what_is_not_a_mark(mark):
    """``undo(())`` read a tuple's items unchecked (boundscheck off): a segmentation
    fault (UBSan: member access within null pointer)."""
    for matching in _incremental_matchings():
        with pytest.raises(ValueError, match="not a mark"):
            matching.undo(mark)
        matching.undo(matching.mark())  # a real mark still works


def test_the_test_suite_runs_the_kernels_in_full_check_mode():
    """What proves every public path establishes the kernels' preconditions: the whole
    suite runs with them checked (tests/conftest.py), command lines it starts too."""
    from matchgame._kernels import _checks

    assert _checks.full_checks()
    run = run_cli("placements", "--example")
    assert run.code == 0
    code = "from matchgame._kernels import _checks; print(_checks.full_checks())"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True).stdout == b"True\n"


BAD_GRAPHS = [
    ("offsets decrease", [0, 3, 1, 4], [1, 0, 2, 1], "never decrease"),
    ("a neighbour beyond n", [0, 1, 3, 4], [1, 0, 7, 1], "vertex id"),
    ("a negative neighbour", [0, 1, 3, 4], [1, 0, -5, 1], "vertex id"),
    ("offsets end short", [0, 1, 3, 3], [1, 0, 2, 1], "len\\(neighbors\\)"),
]


@pytest.mark.parametrize(("what", "offsets", "neighbours", "message"), BAD_GRAPHS)
def test_every_graph_kernel_refuses_an_inconsistent_csr(what, offsets, neighbours, message):
    """``graphs.two_colouring`` on a CSR whose offsets lie read outside its arrays (a
    segmentation fault); every entry point that takes a graph checks it first."""
    from matchgame._kernels import bipartite, blossom, edmonds, graphs, incremental

    off = np.array(offsets, dtype=np.int32)
    nb = np.array(neighbours, dtype=np.int32)
    mate = np.full(3, -1, dtype=np.int32)
    side = np.array([0, 1, 0], dtype=np.uint8)
    alive = np.ones(3, dtype=np.uint8)
    calls = [
        lambda: graphs.two_colouring(off, nb),
        lambda: graphs.component_sizes_without(off, nb, np.zeros(3, np.uint8)),
        lambda: graphs.AliveNeighbours(off, nb, alive),
        lambda: bipartite.greedy_karp_sipser(off, nb, mate.copy()),
        lambda: bipartite.push_relabel(off, nb, side, mate.copy(), 1.0),
        lambda: bipartite.short_augmentations(off, nb, side, mate.copy(), 100),
        lambda: bipartite.hopcroft_karp(off, nb, side, mate.copy()),
        lambda: bipartite.missable_bipartite(off, nb, mate),
        lambda: blossom.edmonds_matching(off, nb, mate.copy()),
        lambda: blossom.gallai_edmonds_labels(off, nb, mate),
        lambda: blossom.missable_paths(off, nb, mate, np.zeros(0, np.int32)),
        lambda: blossom.IncrementalMatching(off, nb, mate.copy(), alive.copy()),
        lambda: edmonds.maximum_matching_labels(off, nb, mate.copy()),
        lambda: incremental.BipartiteMatching(off, nb, side, mate.copy(), alive.copy()),
    ]
    for call in calls:
        with pytest.raises(ValueError, match=message):
            call()


def test_a_side_that_is_no_2_colouring_is_refused_at_once():
    """``push_relabel`` with a ``side`` that is not a 2-colouring ran for over a minute."""
    import time

    from matchgame._kernels import bipartite, incremental

    n = 2000
    path = matchgame.Graph.from_edges(n, [(v, v + 1) for v in range(n - 1)])
    off, nb = path.offsets, path.indices
    mate = np.full(n, -1, dtype=np.int32)
    alive = np.ones(n, np.uint8)
    for side in (np.zeros(n, np.uint8), np.arange(n, dtype=np.uint8) % 3):
        start = time.monotonic()
        for kernel, *rest in (
            (bipartite.push_relabel, 1.0),
            (bipartite.hopcroft_karp,),
            (bipartite.short_augmentations, 10**6),
        ):
            with pytest.raises(ValueError, match="side"):
                kernel(off, nb, side, mate.copy(), *rest)
        with pytest.raises(ValueError, match="side"):
            incremental.BipartiteMatching(off, nb, side, mate.copy(), alive)
        assert time.monotonic() - start < 1
    bad_pair = np.full(n, -1, dtype=np.int32)
    bad_pair[0], bad_pair[2] = 2, 0  # a pair on one side (and no edge)
    with pytest.raises(ValueError, match="pair on one side"):
        bipartite.push_relabel(off, nb, np.arange(n, dtype=np.uint8) % 2, bad_pair, 1.0)


@pytest.mark.parametrize(
    ("mate", "message"),
    [
        ([1, 0, 1], "both ways"),
        ([1, 2, 1], "both ways"),
        ([0, -1, -1], "both ways"),
        ([5, -1, -1], "both ways"),
        ([-2, -1, -1], "both ways"),
        ([1, 0], "3 entries"),
    ],
)
def test_every_matching_kernel_refuses_what_is_no_matching(mate, message):
    from matchgame._kernels import bipartite, blossom, edmonds

    mate = np.array(mate, dtype=np.int32)
    for call in (
        lambda: bipartite.greedy_karp_sipser(PATH_OFFSETS, PATH_NEIGHBOURS, mate.copy()),
        lambda: bipartite.missable_bipartite(PATH_OFFSETS, PATH_NEIGHBOURS, mate),
        lambda: blossom.gallai_edmonds_labels(PATH_OFFSETS, PATH_NEIGHBOURS, mate),
        lambda: edmonds.maximum_matching_labels(PATH_OFFSETS, PATH_NEIGHBOURS, mate.copy()),
    ):
        with pytest.raises(ValueError, match=message):
            call()


def test_outside_full_check_mode_only_what_costs_o1_is_checked():
    """The full checks cost as much as a linear kernel: outside the tests they are off
    and the graph, matching and bipartition are the caller's preconditions (SECURITY.md),
    save what costs O(1): lengths, where the offsets start and end."""
    from matchgame._kernels import _checks, graphs

    before = _checks.set_full_checks(False)
    try:
        with pytest.raises(ValueError, match="len\\(neighbors\\)"):
            graphs.two_colouring(np.array([0, 1, 3, 3], np.int32), PATH_NEIGHBOURS)
        # a decreasing offset inside the range is not looked for, and reads nothing outside
        assert graphs.two_colouring(PATH_OFFSETS, PATH_NEIGHBOURS).tolist() == [0, 1, 0]
        with pytest.raises(ValueError, match="never decrease"):  # validate checks in full
            _checks.validate(np.array([0, 3, 1, 4], np.int32), PATH_NEIGHBOURS)
    finally:
        _checks.set_full_checks(before)
