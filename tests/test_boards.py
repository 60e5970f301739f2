"""The board text format and the grid graph."""

import numpy as np
import pytest

from matchgame import Board, ParseError


def test_parse_accepts_crlf_trailing_spaces_and_blank_lines():
    board = Board.parse(b"2 3 \r\n.#. \r\nx.X\t\r\n\r\n\n")
    assert board.rows() == [".#.", "#.#"]


def test_round_trip():
    board = Board.from_rows([".#.", "..#"])
    assert Board.parse(board.to_text()) == board
    assert eval(repr(board)) == board


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("", None, None, "empty input"),
        ("\n\n", None, None, "empty input"),
        ("3\n...", 1, None, "two integers"),
        ("a b\n", 1, 1, "two integers 'N M', found 'a'"),
        ("2 2 2\n", 1, 5, "two integers 'N M', found more after 2 numbers: '2'"),
        ("0 3\n", 1, None, "positive"),
        ("2 -1\n", 1, None, "positive"),
        ("3 2\n..\n..\n", 4, None, "expected 3 rows"),
        ("2 2\n..\n.\n", 3, None, "expected 2 characters, got 1"),
        ("2 2\n..\n...\n", 3, None, "expected 2 characters, got 3"),
        ("2 2\n..\n.o\n", 3, 2, "unknown character 'o'"),
        ("1 2\n..\nmore\n", 3, 1, "unexpected content after the board: 'm'"),
        ("100000 100000\n.\n", 1, None, "more than"),
    ],
)
def test_parse_errors_name_the_place(text, line, column, message):
    with pytest.raises(ParseError, match=message) as info:
        Board.parse(text)
    assert info.value.line == line
    assert info.value.column == column


def test_grid_graph_row_major_and_parity():
    board = Board.from_rows([".#.", "..."])
    graph = board.graph
    assert graph.n_vertices == 5
    assert [board.cell(v) for v in range(5)] == [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)]
    assert graph.neighbours(board.vertex((1, 1))).tolist() == [2, 4]
    assert graph.side.tolist() == [0, 0, 1, 0, 1]
    assert graph.n_edges == 4


def test_grid_graph_matches_edge_list():
    rng = np.random.default_rng(7)
    free = rng.random((9, 11)) < 0.7
    board = Board(free)
    cells = {board.cell(v): v for v in range(board.graph.n_vertices)}
    expected = sorted(
        (cells[(r, c)], cells[(r + dr, c + dc)])
        for (r, c) in cells
        for dr, dc in ((0, 1), (1, 0))
        if (r + dr, c + dc) in cells
    )
    assert board.graph.edges.tolist() == [list(e) for e in expected]
