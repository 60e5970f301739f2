"""The move-by-move engine's state against brute force: the matching, the known
flags, the free rule and the undo log, under random push/pop and queries; the
adversarial records; a complexity guard."""

import time

import networkx as nx
import numpy as np
import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import GameOracle, max_matching_size
from strategies import bipartite_edge_lists, board_rows

from matchgame import (
    Board,
    GameRecord,
    Graph,
    InvalidInputError,
    Position,
    analyse_record,
    analyse_walk,
)
from matchgame.games.vertex.engines import _Engine
from matchgame.generate import corridor_record, walled_serpentine_record


def adjacency_of(graph):
    return [graph.neighbours(v).tolist() for v in range(graph.n_vertices)]


class Brute:
    """Matching sizes of induced subgraphs by exhaustive search (small graphs)."""

    def __init__(self, graph):
        self.adjacency = adjacency_of(graph)
        self.sizes = {}

    def size(self, vertices):
        key = frozenset(vertices)
        if key not in self.sizes:
            index = {v: i for i, v in enumerate(sorted(key))}
            sub = [[index[w] for w in self.adjacency[v] if w in key] for v in sorted(key)]
            self.sizes[key] = max_matching_size(sub)
        return self.sizes[key]

    def essential(self, alive, v):
        """Every maximum matching of the graph on ``alive`` covers ``v``."""
        return self.size(alive - {v}) < self.size(alive)


def check_engine(engine, brute):
    """Everything the engine promises about its arrays, checked from scratch."""
    graph = engine.graph
    n = graph.n_vertices
    alive = {v for v in range(n) if engine.alive[v]}
    mate = engine.mate
    matched = 0
    for v in range(n):
        w = int(mate[v])
        if v not in alive:
            assert w == -1, f"dead vertex {v} is matched"
            continue
        if w >= 0:
            assert w in alive and int(mate[w]) == v and w in brute.adjacency[v]
            matched += 1
    assert matched // 2 == brute.size(alive), "the matching is not maximum"
    exposed = [0, 0]
    for v in alive:
        if mate[v] < 0:
            exposed[int(engine.side[v])] += 1
    assert engine.exposed.tolist() == exposed
    for y in alive:
        if engine.known[y]:
            # (K1) covered by every maximum matching; (K2) closed under search steps
            assert brute.essential(alive, y), f"known vertex {y} is missable"
            partner = int(mate[y])
            assert partner >= 0
            for x in brute.adjacency[partner]:
                assert x not in alive or engine.known[x], f"known {y} reaches unknown {x}"
    last, was_exposed = int(engine.counters[2]), int(engine.counters[3])
    if was_exposed:
        assert last >= 0 and last not in alive
        for v in brute.adjacency[last]:
            if v in alive:
                assert brute.essential(alive, v), f"free rule wrong at {v}"


def snapshot(engine):
    return (
        engine.mate.copy(),
        engine.alive.copy(),
        engine.known.copy(),
        engine.exposed.copy(),
        engine.counters[1:].copy(),
    )


def assert_same(a, b):
    for x, y in zip(a, b, strict=True):
        assert np.array_equal(x, y)


def several_components(case, copies):
    """``copies`` disjoint copies of a graph (so several components, unequal after play)."""
    n, edges = case
    return copies * n, [(u + k * n, v + k * n) for k in range(copies) for u, v in edges]


@settings(max_examples=examples(300), deadline=None)
@given(case=bipartite_edge_lists(max_vertices=8), copies=st.sampled_from([1, 2]), data=st.data())
def test_engine_state_under_random_play_and_takebacks(case, copies, data):
    n, edges = several_components(case, copies)
    graph = Graph.from_edges(n, edges)
    brute = Brute(graph)
    oracle = GameOracle(brute.adjacency)
    position = Position(graph)
    engine = position._engine
    visited: list[int] = []
    history = []
    for _ in range(3 * n + 2):
        check_engine(engine, brute)
        action = data.draw(st.sampled_from(["push", "push", "pop", "ask", "winners"]))
        moves = position.legal_moves()
        if action == "ask" and position.token is not None:
            expected = oracle.mover_wins(position.token, visited)
            assert position.mover_wins() == expected
        elif action == "winners" and position.token is not None:
            # the first search may re-match; the trial deletion is taken back
            expected = [w for w in moves if not oracle.mover_wins(w, [*visited, position.token])]
            assert position.winning_moves() == expected
        elif action == "pop" and history:
            position.pop()
            visited, token, state = history.pop()
            assert position.token == token
            assert_same(snapshot(engine), state)
        elif moves:
            move = data.draw(st.sampled_from(moves))
            history.append((list(visited), position.token, snapshot(engine)))
            if position.token is not None:
                visited = [*visited, position.token]
            position.push(move)
        elif history:
            position.pop()
            visited, token, state = history.pop()
            assert_same(snapshot(engine), state)
    while history:  # taking everything back restores every array exactly
        position.pop()
        *_, state = history.pop()
        assert_same(snapshot(engine), state)
        check_engine(engine, brute)


@settings(max_examples=examples(300), deadline=None)
@given(case=bipartite_edge_lists(max_vertices=12), data=st.data())
def test_engine_state_under_queries_in_any_order(case, data):
    """Queries on any alive vertex, deletions of essential or exposed ones, undo to
    any earlier mark: not only walks."""
    n, edges = case
    graph = Graph.from_edges(n, edges)
    brute = Brute(graph)
    engine = _Engine(graph, np.ones(n, dtype=np.uint8), logging=True)
    marks = []  # (mark, snapshot) before each deletion, oldest first
    for _ in range(4 * n + 2):
        check_engine(engine, brute)
        alive = [v for v in range(n) if engine.alive[v]]
        action = data.draw(st.sampled_from(["ask", "ask", "delete", "delete", "undo"]))
        if action == "undo" and marks:
            back = data.draw(st.integers(0, len(marks) - 1))
            mark, state = marks[back]
            del marks[back:]
            engine.undo(mark)
            assert_same(snapshot(engine), state)
        elif alive:
            v = data.draw(st.sampled_from(alive))
            if action == "delete":
                marks.append((engine.mark(), snapshot(engine)))
            assert engine.essential(v) == brute.essential(set(alive), v)
            if action == "delete":
                engine.delete(v)


@settings(max_examples=examples(200), deadline=None)
@given(rows=board_rows(max_side=7, max_free=16), data=st.data())
def test_walk_kernel_leaves_a_consistent_state(rows, data):
    board = Board.from_rows(rows)
    graph = Graph(board.graph.offsets, board.graph.indices)  # vertices named by id
    if graph.n_vertices == 0:
        return
    brute = Brute(graph)
    path = [data.draw(st.integers(0, graph.n_vertices - 1))]
    while True:
        options = [w for w in graph.neighbours(path[-1]).tolist() if w not in path]
        if not options or data.draw(st.integers(0, 6)) == 0:
            break
        path.append(data.draw(st.sampled_from(options)))
    position = Position(graph, token=path[0])
    for t in range(len(path)):
        alive = set(range(graph.n_vertices)) - set(path[:t])
        assert position.mover_wins() == brute.essential(alive, path[t])
        check_engine(position._engine, brute)
        if t + 1 < len(path):
            position.push(path[t + 1])
    analysis = analyse_walk(graph, path)
    assert analysis.mover_wins.tolist() == [
        brute.essential(set(range(graph.n_vertices)) - set(path[:t]), path[t])
        for t in range(len(path))
    ]


def networkx_verdicts(record):
    """Who wins at every position, from a fresh maximum matching per position."""
    arena = record.board.arena
    graph = nx.Graph()
    graph.add_nodes_from(range(arena.graph.n_vertices))
    graph.add_edges_from(arena.graph.edges.tolist())
    top = set(np.flatnonzero(arena.graph.side == 0).tolist())
    n_cols = record.board.shape[1]
    cells = np.vstack([np.array([record.board.empty]), record.moves])
    path = arena.vertex_of_cell[cells[:, 0] * n_cols + cells[:, 1]].tolist()

    def size(vertices):
        sub = graph.subgraph(vertices)
        return len(nx.bipartite.maximum_matching(sub, top_nodes=top & set(vertices))) // 2

    verdicts = []
    for t, token in enumerate(path):
        alive = set(graph) - set(path[:t])
        verdicts.append(size(alive - {token}) < size(alive))
    return verdicts


@pytest.mark.parametrize(
    "record",
    [
        walled_serpentine_record(4, 3),
        walled_serpentine_record(4, 6),
        walled_serpentine_record(5, 7),
        walled_serpentine_record(6, 8),
        corridor_record(9, 2),
        corridor_record(9, 7),
        corridor_record(13, 6),
    ],
    ids=lambda record: "x".join(map(str, record.board.shape)),
)
def test_adversarial_records_match_a_matching_per_position(record):
    record.check_legal()
    reparsed = GameRecord.parse(record.to_text())
    assert analyse_record(reparsed).mover_wins.tolist() == networkx_verdicts(record)


def test_adversarial_records_are_what_they_claim():
    walled = analyse_record(walled_serpentine_record(8, 10))
    # an even checkerboard: the first mover wins, and the serpentine keeps that
    # turn about (the two walled-off cells change nothing but the searches)
    assert walled.mover_wins.tolist() == [t % 2 == 0 for t in range(walled.mover_wins.size)]
    assert walled.record.moves.shape[0] == 62
    corridor = analyse_record(corridor_record(13, 21))
    assert corridor.mover_wins.all()
    assert corridor.mistakes("Bunny") == list(range(1, 11))
    assert corridor.mistakes("Egg") == list(range(1, 11))


def test_adversarial_generators_refuse_bad_sizes():
    with pytest.raises(InvalidInputError, match="at least 4 rows"):
        walled_serpentine_record(3, 5)
    with pytest.raises(InvalidInputError, match="4k \\+ 5"):
        corridor_record(11, 5)


def test_no_quadratic_corner():
    """A complexity guard, not a benchmark: the walled 400 x 402 serpentine took
    ~43 s and a 13 x 40000 corridor some minutes with an engine that re-scans
    the unvisited region at every move; linear time takes well under a second.
    The 20 s limit only catches a quadratic regression on a slow machine."""
    for record in (walled_serpentine_record(400, 402), corridor_record(13, 40_000)):
        start = time.perf_counter()
        analysis = analyse_record(record)
        elapsed = time.perf_counter() - start
        assert elapsed < 20, f"{record.board.shape}: {elapsed:.1f} s"
        assert analysis.mover_wins.size == record.moves.shape[0] + 1


def test_adversarial_records_stay_linear():
    """400x402: 42.8 s with one unbounded search per move (quadratic), ~0.05 s now.
    The limit is 300x generous; it guards against the quadratic corner coming back."""
    import time

    for record in (walled_serpentine_record(400, 402), corridor_record(801, 400)):
        start = time.perf_counter()
        analyse_record(record)
        assert time.perf_counter() - start < 15, "the move-by-move engine went quadratic"
