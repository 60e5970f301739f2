"""The move-by-move engine on graphs with odd cycles (Edmonds' blossoms), against minimax."""

from __future__ import annotations

from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import GameOracle, max_matching_size
from strategies import general_edge_lists

from matchgame import Graph, Position, analyse_walk


def alive_matching_is_maximum(position: Position, adjacency, visited: list[int]) -> None:
    mate = position.matching().tolist()
    alive = [v for v in range(len(adjacency)) if v not in visited]
    for v in alive:  # a matching of the alive graph
        if mate[v] >= 0:
            assert mate[mate[v]] == v and mate[v] in adjacency[v] and mate[v] in alive
    sub = [
        [w for w in adjacency[v] if w in alive] if v in alive else [] for v in range(len(adjacency))
    ]
    assert sum(mate[v] >= 0 for v in alive) // 2 == max_matching_size(sub)


@settings(max_examples=examples(500), deadline=None)
@given(case=general_edge_lists(max_vertices=11), data=st.data())
def test_random_play_with_takebacks_matches_the_oracle(case, data):
    n, edges = case
    graph = Graph.from_edges(n, edges)
    adjacency = [graph.neighbours(v).tolist() for v in range(n)]
    oracle = GameOracle(adjacency)
    position = Position(graph)
    visited: list[int] = []  # the walk so far, token last
    for _ in range(3 * n + 2):
        legal = position.legal_moves()
        if visited:
            winners = [m for m in legal if not oracle.mover_wins(m, visited)]
            assert position.mover_wins() == bool(winners)
            assert position.winning_moves() == winners
            reply = position.winning_reply()
            assert (reply in winners) if winners else reply is None
            if winners:
                assert position.best_move() in winners
        else:
            placements = [v for v in range(n) if oracle.placer_wins_at(v)]
            assert position.winning_moves() == placements
        alive_matching_is_maximum(position, adjacency, visited[:-1])
        if visited and (not legal or data.draw(st.integers(0, 3)) == 0):
            assert position.pop() == visited.pop()
            continue
        if not legal:
            break
        move = data.draw(st.sampled_from(legal))
        position.push(move)
        visited.append(move)
        assert position.move_stack == visited


@settings(max_examples=examples(400), deadline=None)
@given(case=general_edge_lists(max_vertices=12), data=st.data())
def test_walks_match_the_oracle(case, data):
    n, edges = case
    if n == 0:
        return
    graph = Graph.from_edges(n, edges)
    adjacency = [graph.neighbours(v).tolist() for v in range(n)]
    oracle = GameOracle(adjacency)
    walk = [data.draw(st.integers(0, n - 1))]
    while True:
        options = [w for w in adjacency[walk[-1]] if w not in walk]
        if not options or data.draw(st.integers(0, 5)) == 0:
            break
        walk.append(data.draw(st.sampled_from(options)))
    result = analyse_walk(graph, walk)
    for t in range(len(walk)):
        wins = oracle.mover_wins(walk[t], walk[:t])
        assert bool(result.mover_wins[t]) == wins
        reply = int(result.winning_reply[t])
        if wins:
            assert reply in adjacency[walk[t]] and reply not in walk[: t + 1]
            assert not oracle.mover_wins(reply, walk[: t + 1])
        else:
            assert reply == -1


def test_petersen_and_odd_cycles():
    petersen = Graph.from_edges(
        10,
        [
            (0, 1),
            (1, 2),
            (2, 3),
            (3, 4),
            (4, 0),
            (0, 5),
            (1, 6),
            (2, 7),
            (3, 8),
            (4, 9),
            (5, 7),
            (7, 9),
            (9, 6),
            (6, 8),
            (8, 5),
        ],
    )
    position = Position(petersen)
    assert not position.mover_wins()  # a perfect matching: every placement loses
    position.push(0)
    assert position.mover_wins() and len(position.winning_moves()) >= 1
    triangle = Position(Graph.from_edges(3, [(0, 1), (1, 2), (2, 0)]))
    assert triangle.winning_moves() == [0, 1, 2]  # odd: the placer wins anywhere
