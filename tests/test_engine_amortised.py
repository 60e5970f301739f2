"""The blossom engine's shortcuts (the free rule, the two-root search) against brute force.

After every question of random walks, with takebacks, on random graphs full of
odd cycles: the minimax oracle on small graphs, a from-scratch Gallai-Edmonds
decomposition of the alive graph (``core.matching.decompose``) on larger ones. A
deliberately faulty engine must be caught, and a long walk must stay fast.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np
import pytest
from oracle import GameOracle

from matchgame import Graph
from matchgame._kernels import blossom as _blossom
from matchgame.core.matching import decompose
from matchgame.games.vertex.engines import _alive_subgraph, make_engine

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from bench_positions import (
    mistakes_walk,
    planted_walk_graph,
    random_graph,
    self_avoiding_walk,
)


def odd_cycle_graph(n: int, degree: float, rng: np.random.Generator) -> Graph:
    """A random multigraph-free graph with ``degree * n / 2`` edges and a triangle."""
    edges = rng.integers(0, n, size=(int(degree * n / 2), 2))
    edges = np.concatenate([edges, [[0, 1], [1, 2], [2, 0]]])
    return Graph.from_edges(n, edges[edges[:, 0] != edges[:, 1]])


def truth_by_decomposition(graph: Graph, alive: np.ndarray, token: int) -> tuple[bool, int]:
    """(token essential, maximum matching size) of the alive graph, from scratch."""
    sub, new_id = _alive_subgraph(graph, alive)
    found = decompose(sub)
    return not bool(found.missable[new_id[token]]), int((found.mate >= 0).sum()) // 2


def play_and_check(
    graph: Graph, rng: np.random.Generator, check, *, fault: int = 0, steps: int = 200
) -> None:
    """Random play with takebacks; ``check(alive, token, essential, mate)`` after each
    question. Moves favour the token's partner now and then (the partner rule)."""
    n = graph.n_vertices
    alive = np.ones(n, dtype=np.uint8)
    engine = make_engine(graph, alive, logging=True)
    matching = engine.matching
    matching.fault = fault
    token = int(rng.integers(n))
    history: list[tuple[object, int]] = []  # (mark before deleting, the token deleted)
    for _ in range(steps):
        essential = bool(matching.essential(token))
        mate = matching.mate()
        check(alive, token, essential, mate)
        if not essential:
            assert mate[token] == -1  # the interface: a missable token is left exposed
        if history and rng.random() < 0.15:  # take back: the token returns
            mark, token = history.pop()
            matching.undo(mark)
            continue
        mark = matching.mark()
        matching.delete(token)
        row = graph.indices[graph.offsets[token] : graph.offsets[token + 1]]
        legal = row[alive[row] == 1]
        if legal.size == 0:
            matching.undo(mark)
            if not history:
                return
            mark, token = history.pop()
            matching.undo(mark)
            continue
        history.append((mark, token))
        partner = int(mate[token])
        if partner >= 0 and alive[partner] and rng.random() < 0.3:
            token = partner
        else:
            token = int(legal[rng.integers(legal.size)])


def oracle_check(graph: Graph):
    oracle = GameOracle([graph.neighbours(v).tolist() for v in range(graph.n_vertices)])

    def check(alive, token, essential, mate):
        visited = [v for v in range(graph.n_vertices) if not alive[v]]
        assert essential == oracle.mover_wins(token, visited)

    return check


def decomposition_check(graph: Graph):
    def check(alive, token, essential, mate):
        truth, nu = truth_by_decomposition(graph, alive, token)
        assert essential == truth
        matched = np.flatnonzero(mate >= 0)
        assert (mate[mate[matched]] == matched).all()  # a matching
        assert alive[matched].all() and graph.has_edges(matched, mate[matched]).all()
        assert matched.size // 2 == nu  # and a maximum one of the alive graph

    return check


@pytest.mark.parametrize("seed", range(60))
def test_every_question_matches_the_minimax_oracle(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(6, 15))
    graph = odd_cycle_graph(n, rng.uniform(1.5, 4.0), rng)
    play_and_check(graph, rng, oracle_check(graph), steps=60)


@pytest.mark.parametrize("seed", range(8))
def test_every_question_matches_a_fresh_decomposition(seed):
    rng = np.random.default_rng(1000 + seed)
    n = int(rng.integers(150, 400))
    graph = odd_cycle_graph(n, rng.uniform(2.0, 6.0), rng)
    play_and_check(graph, rng, decomposition_check(graph), steps=250)


@pytest.mark.parametrize("fault", [1, 2, 3])
def test_a_faulty_engine_is_caught(fault):
    """fault 1 applies the free rule after any deletion, 2 skips the search, 3 reads the
    kept forest's even vertices as essential."""
    caught = 0
    for seed in range(40):
        rng = np.random.default_rng(seed)
        n = int(rng.integers(6, 15))
        graph = odd_cycle_graph(n, rng.uniform(1.5, 4.0), rng)
        try:
            play_and_check(graph, rng, oracle_check(graph), fault=fault, steps=60)
        except AssertionError:
            caught += 1
    for seed in range(4):
        rng = np.random.default_rng(2000 + seed)
        graph = odd_cycle_graph(300, 3.0, rng)
        try:
            play_and_check(graph, rng, decomposition_check(graph), fault=fault, steps=250)
        except AssertionError:
            caught += 1
    assert caught > 0


def test_the_shortcuts_answer_most_questions_of_a_long_walk():
    graph = random_graph(3000, 1)
    walk = self_avoiding_walk(graph, 3000, 2)
    engine = make_engine(graph, np.ones(graph.n_vertices, dtype=np.uint8), logging=False)
    engine.walk(walk.astype(np.int32))
    # about half the questions follow a lost position, a fifth are the partner's
    assert engine.matching.n_searches < 0.45 * walk.shape[0]


def test_a_long_walk_on_a_large_random_graph_is_fast():
    """A walk of 20,000 moves on a random graph of 200,000 vertices, average degree 6
    (a Hamiltonian path planted, the walk follows it).

    Measured on the 2-core machine: the engine before the free rule and the
    two-root search took 85 s for this walk (4.3 ms a move); this engine 1.1-1.2 s
    (61 us a move). The limit is
    generous.
    """
    graph, walk = planted_walk_graph(200_000, 5)
    engine = make_engine(graph, np.ones(graph.n_vertices, dtype=np.uint8), logging=False)
    start = time.perf_counter()
    engine.walk(walk[:20_001].astype(np.int32))
    assert time.perf_counter() - start < 20


def test_a_walk_of_mistakes_is_checked_and_fast():
    """The adversarial walk: from a winning position, always a losing move that is not
    the partner (each question then searches); verdicts checked from scratch on a
    prefix."""
    graph = random_graph(400, 3)
    walk = mistakes_walk(graph, 400, 4)
    alive = np.ones(graph.n_vertices, dtype=np.uint8)
    engine = make_engine(graph, alive, logging=False)
    for t, token in enumerate(walk.tolist()):
        essential = engine.essential(token)
        assert essential == truth_by_decomposition(graph, alive, token)[0]
        if t + 1 < walk.shape[0]:
            engine.delete(token)


def test_the_two_root_search_flips_a_path_between_its_roots():
    """A 6-cycle h-v-u-p-x-y matched h=v, u=p, x=y, beside a triangle (odd cycles:
    Edmonds' engine). Deleting v exposes h; the question at u then grows trees from
    p and from h, which meet on the edge h-y: the path p=x-y=h... is flipped whole."""
    h, v, u, p, x, y, q, r, s = range(9)
    edges = [(h, v), (v, u), (u, p), (p, x), (x, y), (y, h), (q, r), (r, s), (s, q)]
    graph = Graph.from_edges(9, edges)
    mate = np.full(9, -1, dtype=np.int32)
    for a, b in [(h, v), (u, p), (x, y), (q, r)]:
        mate[a], mate[b] = b, a
    alive = np.ones(9, dtype=np.uint8)
    matching = _blossom.IncrementalMatching(graph.offsets, graph.indices, mate, alive, True)
    assert matching.essential(v)  # a perfectly matched 6-cycle: the search fails
    matching.delete(v)
    assert not matching.essential(u)
    assert matching.n_searches == 2
    after = matching.mate().tolist()
    assert after[u] == -1 and after[p] == x and after[y] == h and after[q] == r


def test_the_kept_forest_answers_its_odd_vertices_without_a_search():
    """Same graph: the failed search for v labels y and p odd in the path h-y-x-p-u
    left by deleting v (its A-vertices); asking about them costs no search, and
    deleting y (in A) keeps the forest for p."""
    h, v, u, p, x, y, q, r, s = range(9)
    edges = [(h, v), (v, u), (u, p), (p, x), (x, y), (y, h), (q, r), (r, s), (s, q)]
    graph = Graph.from_edges(9, edges)
    mate = np.full(9, -1, dtype=np.int32)
    for a, b in [(h, v), (u, p), (x, y), (q, r)]:
        mate[a], mate[b] = b, a
    alive = np.ones(9, dtype=np.uint8)
    matching = _blossom.IncrementalMatching(graph.offsets, graph.indices, mate, alive, True)
    assert matching.essential(v)
    matching.delete(v)
    assert matching.essential(y) and matching.n_searches == 1
    matching.delete(y)
    assert matching.essential(p) and matching.n_searches == 1
