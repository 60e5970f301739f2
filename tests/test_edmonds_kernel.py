"""The one-pass blossom kernel (_kernels/edmonds.pyx) against NetworkX.

Its maximum matching must be as large as NetworkX's ``max_weight_matching
(maxcardinality=True)`` and its labels must be the Gallai-Edmonds sets derived
from NetworkX: D = {v : nu(G - v) = nu(G)}, A = neighbours of D outside D, C the
rest. The checker itself is shown to reject wrong answers.
"""

import networkx as nx
import numpy as np
import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import general_edge_lists

from matchgame import Graph
from matchgame._kernels import bipartite, edmonds
from matchgame._kernels._stop import StopFlag


def nx_graph(graph: Graph) -> nx.Graph:
    g = nx.Graph()
    g.add_nodes_from(range(graph.n_vertices))
    for v in range(graph.n_vertices):
        g.add_edges_from((v, int(w)) for w in graph.neighbours(v) if w > v)
    return g


def nu(g: nx.Graph) -> int:
    return len(nx.max_weight_matching(g, maxcardinality=True))


def expected_labels(graph: Graph) -> tuple[int, list[int]]:
    """Matching size and EVEN / ODD / 0 per vertex, from NetworkX matchings only."""
    g = nx_graph(graph)
    size = nu(g)
    missable = []
    for v in range(graph.n_vertices):
        without = g.copy()
        without.remove_node(v)
        missable.append(nu(without) == size)
    labels = []
    for v in range(graph.n_vertices):
        if missable[v]:
            labels.append(edmonds.EVEN)
        elif any(missable[int(w)] for w in graph.neighbours(v)):
            labels.append(edmonds.ODD)
        else:
            labels.append(0)
    return size, labels


def problems(graph: Graph, mate: np.ndarray, labels: np.ndarray) -> list[str]:
    """What is wrong with a kernel's answer (empty when right)."""
    found = []
    for v in range(graph.n_vertices):
        w = int(mate[v])
        if w >= 0 and (mate[w] != v or w not in graph.neighbours(v)):
            found.append(f"mate[{v}] = {w} is not a matched edge")
    size, expected = expected_labels(graph)
    if int((mate >= 0).sum()) != 2 * size:
        found.append(f"matching of {int((mate >= 0).sum()) // 2} pairs, NetworkX finds {size}")
    if labels.tolist() != expected:
        found.append(f"labels {labels.tolist()}, expected {expected}")
    return found


def run_kernel(graph: Graph, greedy_start: bool) -> tuple[np.ndarray, np.ndarray]:
    mate = np.full(graph.n_vertices, -1, dtype=np.int32)
    if greedy_start and graph.n_edges:
        bipartite.greedy_karp_sipser(graph.offsets, graph.indices, mate)
    labels = edmonds.maximum_matching_labels(graph.offsets, graph.indices, mate)
    return mate, labels


@st.composite
def sparse_random_graphs(draw: st.DrawFn) -> tuple[int, np.ndarray]:
    """Up to 30 vertices, about 1.5 edges per vertex: many blossoms and exposed vertices."""
    n = draw(st.integers(1, 30))
    seed = draw(st.integers(0, 2**32 - 1))
    m = draw(st.integers(0, 2 * n))
    return n, np.random.default_rng(seed).integers(0, n, size=(m, 2))


@settings(max_examples=examples(600), deadline=None)
@given(case=general_edge_lists(), greedy_start=st.booleans())
def test_odd_cycle_rich_graphs(case, greedy_start):
    graph = Graph.from_edges(*case)
    assert problems(graph, *run_kernel(graph, greedy_start)) == []


@settings(max_examples=examples(300), deadline=None)
@given(case=sparse_random_graphs(), greedy_start=st.booleans())
def test_sparse_random_graphs(case, greedy_start):
    graph = Graph.from_edges(*case)
    assert problems(graph, *run_kernel(graph, greedy_start)) == []


def test_a_partial_start_matching_is_completed():
    """Not only a Karp-Sipser start: any matching given in ``mate`` is kept or improved."""
    path = Graph.from_edges(6, [(i, i + 1) for i in range(5)])
    mate = np.array([-1, 2, 1, 4, 3, -1], dtype=np.int32)  # no augmenting edge next to it
    labels = edmonds.maximum_matching_labels(path.offsets, path.indices, mate)
    assert mate.tolist() == [1, 0, 3, 2, 5, 4]
    assert labels.tolist() == [0] * 6


def test_the_checker_rejects_wrong_answers():
    """A broken kernel (a short matching, a Hungarian tree's labels lost or swapped) is
    caught: the properties above are not vacuous."""
    # two triangles joined by an edge, plus a pendant path: D, A and C all occur
    graph = Graph.from_edges(
        9, [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 5), (5, 3), (6, 7), (7, 8)]
    )
    mate, labels = run_kernel(graph, greedy_start=True)
    assert problems(graph, mate, labels) == []
    assert set(labels.tolist()) == {0, edmonds.EVEN, edmonds.ODD}
    short = mate.copy()
    pair = int(np.flatnonzero(short >= 0)[0])
    short[[pair, short[pair]]] = -1
    assert problems(graph, short, labels)
    for wrong in (edmonds.EVEN, edmonds.ODD, 0):
        changed = labels.copy()
        v = int(np.flatnonzero(labels != wrong)[0])
        changed[v] = wrong
        assert problems(graph, mate, changed)


def test_a_raised_stop_flag_stops_it():
    rng = np.random.default_rng(5)
    graph = Graph.from_edges(3000, rng.integers(0, 3000, size=(9000, 2)))
    mate = np.full(graph.n_vertices, -1, dtype=np.int32)
    flag = StopFlag()
    flag.raise_()
    with flag:
        edmonds.maximum_matching_labels(graph.offsets, graph.indices, mate)
    assert (mate == -1).all()  # returned before the first search
    edmonds.maximum_matching_labels(graph.offsets, graph.indices, mate)
    assert (mate >= 0).sum() > 2000


def test_wrong_sizes_are_refused():
    graph = Graph.from_edges(3, [(0, 1)])
    with pytest.raises(ValueError, match="entries"):
        edmonds.maximum_matching_labels(
            graph.offsets, graph.indices, np.full(4, -1, dtype=np.int32)
        )
