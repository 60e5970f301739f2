"""The placement game against the brute-force oracle."""

import numpy as np
import pytest
from budget import examples
from hypothesis import given, settings
from oracle import GameOracle, board_adjacency, max_matching_size
from strategies import board_rows

from matchgame import Board, analyse, is_maximum_matching


def oracle_winning_cells(rows):
    adjacency, cells = board_adjacency(rows)
    oracle = GameOracle(adjacency)
    return [cells[v] for v in range(len(cells)) if oracle.placer_wins_at(v)]


@pytest.mark.parametrize("algorithm", ["push_relabel", "hopcroft_karp", "blossom"])
@settings(max_examples=examples(1500), deadline=None)
@given(rows=board_rows())
def test_winning_cells_match_oracle(rows, algorithm):
    analysis = analyse(Board.from_rows(rows), algorithm=algorithm)
    assert analysis.winning == oracle_winning_cells(rows)


@settings(max_examples=examples(800), deadline=None)
@given(rows=board_rows())
def test_matching_is_valid_and_maximum(rows):
    board = Board.from_rows(rows)
    analysis = analyse(board)
    pairs = analysis.matching()
    covered = [cell for pair in pairs for cell in pair]
    assert len(covered) == len(set(covered)), "a cell is matched twice"
    for (r1, c1), (r2, c2) in pairs:
        assert board.is_free((r1, c1)) and board.is_free((r2, c2))
        assert abs(r1 - r2) + abs(c1 - c2) == 1, "matched cells must be adjacent"
    adjacency, _ = board_adjacency(rows)
    assert analysis.matching_size == len(pairs) == max_matching_size(adjacency)
    assert is_maximum_matching(board.graph, analysis.decomposition.mate)


@settings(max_examples=examples(300), deadline=None)
@given(rows=board_rows())
def test_mover_verdict_matches_oracle_for_every_cell(rows):
    adjacency, cells = board_adjacency(rows)
    oracle = GameOracle(adjacency)
    analysis = analyse(Board.from_rows(rows))
    for v, cell in enumerate(cells):
        assert analysis.mover_wins_at(cell) == oracle.mover_wins(v)


def test_jsoi_sample():
    analysis = analyse(Board.from_rows([".##", "...", "#.#"]))
    assert analysis.winning == [(1, 2), (2, 1)]
    assert analysis.placer_wins


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        (["."], [(0, 0)]),  # one free cell: the mover is stuck at once
        (["#"], []),
        (["##", "##"], []),  # fully blocked
        (["..", ".."], []),  # perfect matching: the placer loses everywhere
        (["..."], [(0, 0), (0, 2)]),  # odd corridor: its ends
        (["...."], []),  # even corridor
        (["."] * 5, [(0, 0), (2, 0), (4, 0)]),  # odd column
        (["."] * 4, []),
    ],
)
def test_small_boards(rows, expected):
    analysis = analyse(Board.from_rows(rows))
    assert analysis.winning == expected
    assert analysis.placer_wins == bool(expected)
    assert analysis.winning == oracle_winning_cells(rows)


def test_odd_row_winning_pattern_is_every_other_cell():
    analysis = analyse(Board.from_rows(["." * 9]))
    assert analysis.winning == [(0, c) for c in range(0, 9, 2)]


def test_winning_mask_agrees_with_cells():
    board = Board.from_rows(["...#", ".#..", "...."])
    analysis = analyse(board)
    assert sorted(zip(*np.nonzero(analysis.board_mask()), strict=True)) == analysis.winning


def test_blocked_cell_has_no_verdict():
    analysis = analyse(Board.from_rows([".#"]))
    with pytest.raises(ValueError, match="blocked"):
        analysis.placer_wins_at((0, 1))
    with pytest.raises(ValueError, match="outside"):
        analysis.placer_wins_at((3, 0))
