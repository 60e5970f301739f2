"""Kernels that take sizes, offsets or ids from bytes or from a caller check them
before their loops: a bad input is a clean error, never a read or write outside an
array (issue 24: a sparse6 line whose size byte is below 63 corrupted the heap).

Without the checks most of these tests crash the interpreter (double free,
segmentation fault) rather than fail; the sanitizer build (tools/sanitize.sh)
catches the quieter out-of-bounds reads.
"""

from __future__ import annotations

import numpy as np
import pytest
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


@settings(max_examples=200, deadline=None)
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
