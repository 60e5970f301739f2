"""Matching engines and the decomposition on general bipartite graphs."""

import numpy as np
import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import GameOracle, max_matching_size
from strategies import bipartite_edge_lists

from matchgame import Graph, MatchgameError, decompose, is_maximum_matching, maximum_matching
from matchgame._kernels import bipartite as kernels


def adjacency_of(graph):
    return [graph.neighbours(v).tolist() for v in range(graph.n_vertices)]


@pytest.mark.parametrize("algorithm", ["push_relabel", "hopcroft_karp", "blossom"])
@settings(max_examples=examples(700), deadline=None)
@given(case=bipartite_edge_lists())
def test_matching_valid_and_maximum(case, algorithm):
    n, edges = case
    graph = Graph.from_edges(n, edges)
    mate = maximum_matching(graph, algorithm=algorithm)
    edge_set = {frozenset(e) for e in edges}
    for v in range(n):
        if mate[v] >= 0:
            assert mate[mate[v]] == v
            assert frozenset((v, int(mate[v]))) in edge_set
    assert int((mate >= 0).sum()) // 2 == max_matching_size(adjacency_of(graph))


@settings(max_examples=examples(700), deadline=None)
@given(case=bipartite_edge_lists())
def test_decomposition_matches_oracle(case):
    n, edges = case
    graph = Graph.from_edges(n, edges)
    oracle = GameOracle(adjacency_of(graph))
    decomposition = decompose(graph)
    for v in range(n):
        assert decomposition.mover_wins_at(v) == oracle.mover_wins(v)


@settings(max_examples=examples(300), deadline=None)
@given(case=bipartite_edge_lists())
def test_push_relabel_kernel_completes_any_starting_matching(case):
    """Started from an empty matching (no greedy), push-relabel alone is maximum."""
    n, edges = case
    graph = Graph.from_edges(n, edges)
    mate = np.full(n, -1, dtype=np.int32)
    kernels.push_relabel(graph.offsets, graph.indices, graph.side, mate, 1)
    assert is_maximum_matching(graph, mate)


@pytest.mark.parametrize("period", [0, 1, 1000])
def test_push_relabel_relabel_period_extremes(period):
    # a long path: augmenting paths of every length
    n = 41
    graph = Graph.from_edges(n, [(i, i + 1) for i in range(n - 1)])
    mate = np.full(n, -1, dtype=np.int32)
    mate[1], mate[2] = 2, 1  # a bad start that forces a long augmenting path
    kernels.push_relabel(graph.offsets, graph.indices, graph.side, mate, period)
    assert int((mate >= 0).sum()) == 40


def test_odd_cycle_is_refused_by_bipartite_engine():
    triangle = Graph.from_edges(3, [(0, 1), (1, 2), (2, 0)])
    assert not triangle.is_bipartite
    for algorithm in ("push_relabel", "hopcroft_karp"):
        with pytest.raises(MatchgameError, match="odd cycle"):
            maximum_matching(triangle, algorithm=algorithm)
    assert int((maximum_matching(triangle) >= 0).sum()) == 2  # "auto" picks the blossom engine


def test_is_maximum_matching_rejects_bad_matchings():
    path = Graph.from_edges(4, [(0, 1), (1, 2), (2, 3)])
    assert is_maximum_matching(path, [1, 0, 3, 2])
    assert not is_maximum_matching(path, [-1, 2, 1, -1])  # augmentable
    assert not is_maximum_matching(path, [2, -1, 0, -1])  # 0-2 is not an edge
    assert not is_maximum_matching(path, [1, 2, 1, -1])  # not symmetric
    assert not is_maximum_matching(path, [1, 0])  # wrong length


def test_from_edges_drops_loops_and_repeats():
    graph = Graph.from_edges(3, [(0, 0), (0, 1), (1, 0), (0, 1), (2, 2)])
    assert graph.n_edges == 1
    assert graph.edges.tolist() == [[0, 1]]
    assert graph.degrees.tolist() == [1, 1, 0]


def test_from_edges_rejects_out_of_range():
    with pytest.raises(MatchgameError, match="outside"):
        Graph.from_edges(2, [(0, 2)])


def test_empty_graph():
    graph = Graph.from_edges(0, [])
    assert decompose(graph).matching_size == 0


@settings(max_examples=examples(300), deadline=None)
@given(case=bipartite_edge_lists(max_vertices=14), budget=st.sampled_from([0, 1, 3, 8, 10**9]))
def test_short_searches_then_push_relabel_give_a_maximum_matching(case, budget):
    """Every split of the work between the budgeted searches and push-relabel."""
    import numpy as np
    from oracle import max_matching_size

    from matchgame._kernels import bipartite as _bip
    from matchgame.core._engines import _RELABEL_PERIOD

    n, edges = case
    graph = Graph.from_edges(n, edges)
    mate = np.full(n, -1, dtype=np.int32)
    _bip.greedy_karp_sipser(graph.offsets, graph.indices, mate)
    _, left = _bip.short_augmentations(graph.offsets, graph.indices, graph.side, mate, budget)
    if left:
        _bip.push_relabel(graph.offsets, graph.indices, graph.side, mate, _RELABEL_PERIOD)
    adjacency = [graph.neighbours(v).tolist() for v in range(n)]
    for v in range(n):
        if mate[v] >= 0:
            assert mate[mate[v]] == v and mate[v] in adjacency[v]
    size = int((mate >= 0).sum()) // 2
    assert size == max_matching_size(adjacency)
    if budget == 10**9:
        assert left == 0
