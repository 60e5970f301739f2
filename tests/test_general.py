"""Any graph: the blossom engine and the Gallai-Edmonds sets against brute force."""

import numpy as np
import pytest
from budget import examples
from hypothesis import given, settings
from oracle import GameOracle, max_matching_size
from strategies import bipartite_edge_lists, general_edge_lists

from matchgame import Graph, decompose, is_maximum_matching, maximum_matching
from matchgame.core.matching import gallai_edmonds


def adjacency_of(graph):
    return [graph.neighbours(v).tolist() for v in range(graph.n_vertices)]


def brute_force_sets(graph):
    """D, A, C from the definitions: D = {v : nu(G - v) = nu(G)}."""
    adjacency = adjacency_of(graph)
    nu = max_matching_size(adjacency)
    d = []
    for v in range(graph.n_vertices):
        without = [[w for w in a if w != v] if u != v else [] for u, a in enumerate(adjacency)]
        d.append(max_matching_size(without) == nu)
    a = [not d[v] and any(d[w] for w in adjacency[v]) for v in range(graph.n_vertices)]
    c = [not (x or y) for x, y in zip(d, a, strict=True)]
    return d, a, c


def check_graph(n, edges):
    graph = Graph.from_edges(n, edges)
    decomposition = decompose(graph)
    mate = decomposition.mate
    for v in range(n):
        if mate[v] >= 0:
            assert mate[mate[v]] == v and mate[v] in graph.neighbours(v)
    assert decomposition.matching_size == max_matching_size(adjacency_of(graph))
    oracle = GameOracle(adjacency_of(graph))
    for v in range(n):
        assert decomposition.mover_wins_at(v) == oracle.mover_wins(v)
    sets = gallai_edmonds(graph, decomposition)
    d, a, c = brute_force_sets(graph)
    assert sets.D.tolist() == d and sets.A.tolist() == a and sets.C.tolist() == c
    return graph, decomposition


@settings(max_examples=examples(1500), deadline=None)
@given(case=general_edge_lists())
def test_random_graphs_with_odd_cycles(case):
    check_graph(*case)


@settings(max_examples=examples(500), deadline=None)
@given(case=bipartite_edge_lists())
def test_bipartite_inputs_agree_across_engines(case):
    n, edges = case
    graph = Graph.from_edges(n, edges)
    results = {
        algorithm: decompose(graph, algorithm=algorithm)
        for algorithm in ("push_relabel", "hopcroft_karp", "blossom")
    }
    missable = {name: r.missable.tolist() for name, r in results.items()}
    sizes = {name: r.matching_size for name, r in results.items()}
    assert len({tuple(m) for m in missable.values()}) == 1, missable
    assert len(set(sizes.values())) == 1, sizes
    assert results["blossom"].engine == "blossom"
    assert decompose(graph).engine == "bipartite"


PETERSEN = (
    [(i, (i + 1) % 5) for i in range(5)]
    + [(i, i + 5) for i in range(5)]
    + [(5 + i, 5 + (i + 2) % 5) for i in range(5)]
)


@pytest.mark.parametrize(
    ("name", "n", "edges"),
    [
        ("triangle", 3, [(0, 1), (1, 2), (2, 0)]),
        ("pentagon", 5, [(i, (i + 1) % 5) for i in range(5)]),
        ("petersen", 10, PETERSEN),
        # a blossom 1-2-3 with a stem 0-1: augmenting paths must go round it
        ("blossom_with_stem", 6, [(0, 1), (1, 2), (2, 3), (3, 1), (3, 4), (2, 5)]),
        # a triangle inside a pentagon that shares two vertices with it: nested blossoms
        (
            "nested_blossoms",
            8,
            [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (1, 5), (5, 2), (3, 6), (6, 7)],
        ),
        ("two_triangles_and_isolated", 7, [(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3)]),
        ("bowtie", 5, [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 2)]),
        ("loops_and_repeats", 3, [(0, 0), (0, 1), (1, 0), (1, 2), (2, 2)]),
    ],
)
def test_named_structures(name, n, edges):
    check_graph(n, edges)


def test_petersen_has_a_perfect_matching_so_the_mover_always_wins():
    _, decomposition = check_graph(10, PETERSEN)
    assert decomposition.matching_size == 5
    assert not decomposition.missable.any()


def test_blossom_engine_on_a_large_random_graph_is_maximum():
    rng = np.random.default_rng(11)
    n = 3000
    edges = rng.integers(0, n, size=(3 * n, 2))
    graph = Graph.from_edges(n, edges)
    mate = maximum_matching(graph)
    assert is_maximum_matching(graph, mate)
    # the Karp-Sipser start alone is not maximum here, so the blossom search did work
    assert not graph.is_bipartite


def test_is_maximum_matching_sees_augmenting_paths_through_blossoms():
    # stem 0-1, triangle 1-2-3, tail 3-4: matching {1-2} leaves 0-1=2-3-4 style paths
    graph = Graph.from_edges(5, [(0, 1), (1, 2), (2, 3), (3, 1), (3, 4)])
    assert not is_maximum_matching(graph, [-1, 2, 1, -1, -1])
    assert is_maximum_matching(graph, [1, 0, 3, 2, -1])
