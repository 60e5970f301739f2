"""Positions of the edge game, move by move, against the brute-force oracle."""

from __future__ import annotations

import numpy as np
import pytest
from budget import examples
from edge_strategies import multigraphs, small_boards
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle_edge import EdgeOracle, board_cells, board_edges

from matchgame import (
    BudgetExceededError,
    EdgePosition,
    EmptyMoveStackError,
    Graph,
    IllegalMoveError,
    MultiGraph,
)
from matchgame import game as matchgame_game


def check_walk(position, oracle, name, steps, rng):
    """Push random legal moves, comparing everything with the oracle; then pop."""
    walk = [position.token_id]
    used = []
    for _ in range(steps):
        token = walk[-1]
        legal = oracle.legal_moves(token, used)
        assert position.legal_moves() == [name(v) for v in legal]
        assert position.mover_wins() == oracle.mover_wins(token, used)
        winners = oracle.winning_moves(token, used)
        assert position.winning_moves() == [name(v) for v in winners]
        assert position.is_game_over() == (not legal)
        best = position.best_move()
        if winners:
            assert best == name(winners[0]) == position.winning_reply()
        else:
            assert position.winning_reply() is None
            if not legal:
                assert best is None
            else:  # the fewest winning replies for the opponent, then the most replies

                def key(v, token=token):
                    after = [*used, (token, v)]
                    return (
                        len(oracle.winning_moves(v, after)),
                        -len(oracle.legal_moves(v, after)),
                    )

                assert best in [name(v) for v in legal if key(v) == min(map(key, legal))]
        if not legal:
            break
        move = legal[int(rng.integers(len(legal)))]
        position.push(name(move))
        used.append((token, move))
        walk.append(move)
        assert position.token == name(move)
        assert position.used == [(name(u), name(v)) for u, v in used]
    copy = position.copy()
    assert copy.used == position.used and copy.mover_wins() == position.mover_wins()
    while len(walk) > 1:
        assert position.pop() == name(walk.pop())
        used.pop()
        assert position.mover_wins() == oracle.mover_wins(walk[-1], used)
    with pytest.raises(EmptyMoveStackError):
        position.pop()


@settings(max_examples=examples(300), deadline=None)
@given(
    graph=st.one_of(multigraphs(bipartite=True), multigraphs(bipartite=False)),
    data=st.data(),
)
def test_walks_on_multigraphs(graph, data):
    n, edges = graph
    token = data.draw(st.integers(0, n - 1))
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    position = EdgePosition(MultiGraph(n, edges), token=token)
    assert isinstance(position, EdgePosition)
    check_walk(position, EdgeOracle(n, edges), lambda v: v, 14, rng)


@pytest.mark.parametrize("moves", ["orthogonal", "knight", "king", "hex"])
@settings(max_examples=examples(60), deadline=None)
@given(data=st.data())
def test_walks_on_boards(moves, data):
    rows = data.draw(small_boards(moves))
    cells = board_cells(rows)
    if not cells:
        return
    token = data.draw(st.integers(0, len(cells) - 1))
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    position = EdgePosition(rows, token=cells[token], moves=moves)
    oracle = EdgeOracle(len(cells), board_edges(rows, moves))
    check_walk(position, oracle, lambda v: cells[v], 14, rng)


@settings(max_examples=examples(150), deadline=None)
@given(graph=multigraphs(bipartite=True), data=st.data())
def test_the_placement_phase_and_used_edges_at_setup(graph, data):
    n, edges = graph
    oracle = EdgeOracle(n, edges)
    position = EdgePosition(MultiGraph(n, edges))
    assert position.token is None and position.legal_moves() == list(range(n))
    winners = [v for v in range(n) if oracle.placer_wins_at(v)]
    assert position.winning_moves() == winners and position.mover_wins() == bool(winners)
    place = data.draw(st.integers(0, n - 1))
    position.push(place)
    assert position.mover_wins() == oracle.mover_wins(place)
    assert position.pop() == place and position.token is None
    # a position set up with edges already used
    if edges:
        used = data.draw(st.lists(st.sampled_from(edges), max_size=3, unique=True))
        token = data.draw(st.integers(0, n - 1))
        later = EdgePosition(MultiGraph(n, edges), token=token, used=used)
        assert later.mover_wins() == oracle.mover_wins(token, used)
        assert later.winning_moves() == oracle.winning_moves(token, used)


def test_illegal_moves_and_setups():
    path = Graph.from_edges(3, [(0, 1), (1, 2)])
    position = EdgePosition(path, token=0)
    with pytest.raises(IllegalMoveError, match="there is no edge between 1 and 3"):
        position.push(2)
    with pytest.raises(IllegalMoveError, match="there is no self-loop at 1"):
        position.push(0)
    position.push(1)
    with pytest.raises(IllegalMoveError, match="the edge between 2 and 1 is used up"):
        position.push(0)
    with pytest.raises(IllegalMoveError, match="used more often"):
        EdgePosition(path, token=0, used=[(0, 1), (1, 0)])
    with pytest.raises(IllegalMoveError, match="no such edge"):
        EdgePosition(path, token=0, used=[(0, 2)])
    with pytest.raises(IllegalMoveError, match="need a token"):
        EdgePosition(path, used=[(0, 1)])
    with pytest.raises(Exception, match=r"used\[0\] must be a pair"):
        EdgePosition(path, 0, [1])
    with pytest.raises(Exception, match="game must be one of"):
        matchgame_game("edges")
    assert not hasattr(position, "matching")  # the vertex game's alone
    assert not position.is_visited(0)
    assert position.remaining(0, 1) == 0 and position.remaining(1, 2) == 1


def test_a_position_on_a_big_odd_component_says_why():
    king = EdgePosition(["....", "....", "...."], token=(0, 0), moves="king", max_states=100)
    with pytest.raises(BudgetExceededError, match="odd cycle"):
        king.mover_wins()
