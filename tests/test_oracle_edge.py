"""The edge-geography oracle itself, on cases small enough to know by hand."""

import pytest
from oracle_edge import EdgeOracle, board_cells, board_edges


def test_one_edge_the_mover_crosses_and_wins():
    oracle = EdgeOracle(2, [(0, 1)])
    assert oracle.mover_wins(0) and oracle.mover_wins(1)
    assert oracle.winning_moves(0) == [1]


def test_isolated_vertex_the_mover_loses():
    assert not EdgeOracle(1, []).mover_wins(0)


def test_path_of_three():
    # from an end: 0 -> 1, 1 -> 2, and the mover is stuck at 2
    oracle = EdgeOracle(3, [(0, 1), (1, 2)])
    assert [oracle.mover_wins(v) for v in range(3)] == [False, True, False]
    assert oracle.winning_moves(1) == [0, 2]


def test_vertices_may_be_visited_again():
    # a triangle: three moves round it, then the player to move is stuck
    oracle = EdgeOracle(3, [(0, 1), (1, 2), (2, 0)])
    assert all(oracle.mover_wins(v) for v in range(3))
    # a 4-cycle: four moves, the mover is stuck
    square = EdgeOracle(4, [(0, 1), (1, 2), (2, 3), (3, 0)])
    assert not any(square.mover_wins(v) for v in range(4))


def test_parallel_edges_are_separate_moves():
    assert not EdgeOracle(2, [(0, 1), (0, 1)]).mover_wins(0)  # there and back
    assert EdgeOracle(2, [(0, 1)] * 3).mover_wins(0)


def test_self_loops_are_moves_in_place():
    assert EdgeOracle(1, [(0, 0)]).mover_wins(0)
    assert not EdgeOracle(1, [(0, 0), (0, 0)]).mover_wins(0)
    # a loop beside an edge: taking the loop lets the other player cross and win;
    # crossing leaves the other player at 1 with nothing
    oracle = EdgeOracle(2, [(0, 0), (0, 1)])
    assert oracle.winning_moves(0) == [1] and oracle.mover_wins(0)


def test_used_edges_and_their_multiplicity():
    oracle = EdgeOracle(3, [(0, 1), (0, 1), (1, 2)])
    assert oracle.legal_moves(1, used=[(0, 1)]) == [0, 2]
    assert oracle.legal_moves(0, used=[(0, 1), (1, 0)]) == []
    assert not oracle.mover_wins(0, used=[(0, 1), (1, 0)])
    with pytest.raises(ValueError):
        oracle.mover_wins(0, used=[(1, 2), (2, 1)])
    assert oracle.walk_used([0, 1, 0]) == [(0, 1), (1, 0)]


def test_board_rules():
    rows = ["...", "...", "..."]
    cells = board_cells(rows)
    centre = cells.index((1, 1))

    def neighbours(moves):
        return sorted(
            cells[j if i == centre else i] for i, j in board_edges(rows, moves) if centre in (i, j)
        )

    assert neighbours("orthogonal") == [(0, 1), (1, 0), (1, 2), (2, 1)]
    assert len(neighbours("king")) == 8
    assert neighbours("hex") == [(0, 1), (0, 2), (1, 0), (1, 2), (2, 1), (2, 2)]
    assert board_edges(["...", "...", "..."], "knight") == sorted(
        {(0, 5), (0, 7), (1, 6), (1, 8), (2, 3), (2, 7), (3, 8), (5, 6)}
    )
    assert board_edges([".#", ".."]) == [(0, 1), (1, 2)]
