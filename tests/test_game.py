"""Positions, push/pop and walks against the brute-force oracle."""

import numpy as np
import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import GameOracle, board_adjacency
from strategies import bipartite_edge_lists, board_rows

from matchgame import Board, Graph, IllegalMoveError, Position, analyse_walk


def oracle_view(graph):
    return GameOracle([graph.neighbours(v).tolist() for v in range(graph.n_vertices)])


def oracle_winning_moves(oracle, token, visited):
    if token is None:
        return [v for v in range(len(oracle.adjacency)) if not oracle.mover_wins(v)]
    return [
        w
        for w in oracle.adjacency[token]
        if w not in visited and w != token and not oracle.mover_wins(w, [*visited, token])
    ]


def check_position(position, oracle, visited):
    token = position.token
    expected = oracle_winning_moves(oracle, token, visited)
    assert position.winning_moves() == expected
    assert position.mover_wins() == bool(expected)
    if token is not None:
        assert position.mover_wins() == oracle.mover_wins(token, visited)
    reply = position.winning_reply()
    assert (reply is None) == (not expected)
    if reply is not None:
        assert reply in expected


@settings(max_examples=examples(400), deadline=None)
@given(case=bipartite_edge_lists(max_vertices=12), data=st.data())
def test_random_play_with_takebacks_matches_oracle(case, data):
    n, edges = case
    graph = Graph.from_edges(n, edges)
    oracle = oracle_view(graph)
    position = Position(graph)
    visited: list[int] = []
    history = []
    for _ in range(3 * n + 1):
        check_position(position, oracle, visited)
        moves = position.legal_moves()
        if history and (not moves or data.draw(st.integers(0, 3)) == 0):
            position.pop()
            visited, expected_token = history.pop()
            assert position.token == expected_token
            continue
        if not moves:
            break
        move = data.draw(st.sampled_from(moves))
        history.append((list(visited), position.token))
        if position.token is not None:
            visited = [*visited, position.token]
        position.push(move)


@settings(max_examples=examples(300), deadline=None)
@given(rows=board_rows(max_free=14), data=st.data())
def test_walks_on_boards_match_oracle(rows, data):
    board = Board.from_rows(rows)
    graph = board.graph
    if graph.n_vertices == 0:
        return
    oracle = GameOracle(board_adjacency(rows)[0])
    path = [data.draw(st.integers(0, graph.n_vertices - 1))]
    while True:
        options = [w for w in graph.neighbours(path[-1]).tolist() if w not in path]
        if not options:
            break
        path.append(data.draw(st.sampled_from(options)))
        if data.draw(st.integers(0, 5)) == 0:
            break
    analysis = analyse_walk(graph, path)
    for t, token in enumerate(path):
        wins = oracle.mover_wins(token, path[:t])
        assert analysis.mover_wins[t] == wins
        reply = int(analysis.winning_reply[t])
        if wins:
            assert reply in graph.neighbours(token).tolist() and reply not in path[: t + 1]
            assert not oracle.mover_wins(reply, path[: t + 1])
        else:
            assert reply == -1


def test_position_with_visited_vertices():
    path = Graph.from_edges(5, [(0, 1), (1, 2), (2, 3), (3, 4)])
    position = Position(path, token=2, used=[0, 1])
    assert position.legal_moves() == [3]
    # left: 2 - 3 - 4 with the token on the end 2: 2 -> 3 -> 4 and the mover is stuck
    assert not position.mover_wins()
    assert position.winning_moves() == []
    assert Position(path, token=3, used=[0, 1]).winning_moves() == [2, 4]


def test_illegal_moves_are_refused():
    path = Graph.from_edges(4, [(0, 1), (1, 2), (2, 3)])
    position = Position(path, token=1)
    with pytest.raises(IllegalMoveError, match="not adjacent"):
        position.push(3)
    with pytest.raises(IllegalMoveError, match="visited"):
        position.push(1)
    with pytest.raises(IllegalMoveError, match="not in the graph"):
        position.push(7)
    with pytest.raises(IndexError):
        position.pop()


def test_matching_of_position_is_maximum_on_unvisited_graph():
    board = Board.from_rows(["....", "....", "...."])
    position = Position(board, token=(0, 0))
    for move in ((0, 1), (0, 2), (1, 2)):  # ids 1, 2, 6
        position.push(move)
    mate = position.matching()
    alive = [v for v in range(board.graph.n_vertices) if v not in (0, 1, 2)]
    assert all(mate[v] in alive for v in alive if mate[v] >= 0)
    assert int((mate[alive] >= 0).sum()) == 8  # 9 cells left: one exposed
    assert np.all(mate[[0, 1, 2]] == -1)


def test_move_stack_lists_the_moves():
    path = Graph.from_edges(5, [(0, 1), (1, 2), (2, 3), (3, 4)])
    position = Position(path)
    position.push(4)
    position.push(3)
    assert position.move_stack == [4, 3]
    position.pop()
    assert position.move_stack == [4]


def test_push_id_names_an_illegal_move_from_one_in_every_game():
    """push takes Python's names and names them so ((0, 0)); push_id, what the web app
    plays, names vertices as text does, from 1."""
    import matchgame

    board = Board.from_rows([".##", "...", "#.#"])
    position = Position(board)
    position.push_id(3)  # the cell (1, 2): "2 3"
    assert position.token == (1, 2)
    with pytest.raises(
        IllegalMoveError, match=r"^cell 1 1 is not adjacent to the token at cell 2 3$"
    ):
        position.push_id(0)
    with pytest.raises(IllegalMoveError, match=r"^cell \(0, 0\) is not adjacent"):
        position.push((0, 0))
    edge = matchgame.game("edge").position(Graph.from_edges(3, [(0, 1), (1, 2)]))
    edge.push_id(0)
    with pytest.raises(IllegalMoveError, match="between 1 and 3"):
        edge.push_id(2)
    with pytest.raises(matchgame.InvalidInputError, match="no vertex id"):
        edge.push_id(7)
    with pytest.raises(matchgame.InvalidTypeError):
        edge.push_id("1")
    edge.push_id(np.int64(1))
    assert edge.token == 1
