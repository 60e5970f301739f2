"""The oracles themselves, on cases small enough to know by hand."""

from oracle import GameOracle, board_adjacency, max_matching_size


def test_path_of_three_middle_wins_for_mover():
    oracle = GameOracle([[1], [0, 2], [1]])
    assert [oracle.mover_wins(v) for v in range(3)] == [False, True, False]


def test_triangle_mover_always_loses():
    # 0 -> 1 -> 2 and the mover is stuck; every vertex is missed by some maximum matching
    oracle = GameOracle([[1, 2], [0, 2], [0, 1]])
    assert not any(oracle.mover_wins(v) for v in range(3))


def test_triangle_with_pendant():
    # 3 - 0 plus triangle 0 1 2: matching {3-0, 1-2} is perfect, so the mover wins everywhere
    oracle = GameOracle([[1, 2, 3], [0, 2], [0, 1], [0]])
    assert all(oracle.mover_wins(v) for v in range(4))


def test_isolated_vertex_mover_loses():
    assert not GameOracle([[]]).mover_wins(0)


def test_visited_vertices_are_blocked():
    oracle = GameOracle([[1], [0, 2], [1]])
    assert not oracle.mover_wins(1, visited=[0, 2])


def test_max_matching_size_small_cases():
    assert max_matching_size([]) == 0
    assert max_matching_size([[1], [0, 2], [1]]) == 1
    assert max_matching_size([[1, 2], [0, 2], [0, 1]]) == 1
    assert max_matching_size([[1], [0, 2], [1, 3], [2]]) == 2


def test_board_adjacency_row_major():
    adjacency, cells = board_adjacency([".#", ".."])
    assert cells == [(0, 0), (1, 0), (1, 1)]
    assert adjacency == [[1], [0, 2], [1]]
