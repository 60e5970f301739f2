"""Directed multigraphs (``matchgame.DiMultiGraph``: arcs in order, parallel arcs and
self-loops kept) and the kernels of digraphs in linear time (``_kernels/arcs.pyx``:
strongly connected components, cycles reached, retrograde labels), each against an
independent reference (NetworkX, NumPy's own arrays)."""

from __future__ import annotations

import doctest
import pickle

import numpy as np
import pytest
from budget import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import multidigraphs

import matchgame
from matchgame._kernels import arcs as arcs_kernel

GAME = matchgame.game("directed-edge")


# -- the multigraph -------------------------------------------------------------------


def test_the_multigraph_keeps_arcs_in_order_and_is_a_value():
    pytest.importorskip("networkx")
    graph = matchgame.DiMultiGraph(3, [(0, 1), (1, 2), (0, 1), (2, 2)], labels=["a", "b", "c"])
    assert graph.n_edges == 4 and graph.n_loops == 1 and graph.keys.tolist() == [0, 0, 1, 0]
    assert graph.successors(0).tolist() == [1, 1] and graph.predecessors(2).tolist() == [1, 2]
    for array in (graph.tails, graph.heads, graph.arcs, graph.keys, graph.offsets):
        with pytest.raises(ValueError):
            array[0] = 0
    again = pickle.loads(pickle.dumps(graph))
    assert again == graph and hash(again) == hash(graph)
    assert graph != matchgame.DiMultiGraph(3, [(0, 1), (0, 1), (1, 2), (2, 2)], ["a", "b", "c"])
    out = graph.to_networkx()
    assert list(out.edges(keys=True)) == [
        ("a", "b", 0),
        ("a", "b", 1),
        ("b", "c", 0),
        ("c", "c", 0),
    ]
    assert matchgame.DiMultiGraph.from_networkx(out).arcs.tolist() == [
        [0, 1],
        [0, 1],
        [1, 2],
        [2, 2],
    ]
    assert graph.support.n_edges == 2 and graph.support.names == graph.names
    assert matchgame.DiMultiGraph.from_digraph(matchgame.DiGraph(2, [(1, 0)])).arcs.tolist() == [
        [1, 0]
    ]
    answer = GAME.analyse(graph).to_networkx()
    assert answer.number_of_edges("a", "b") == 2 and answer.nodes["c"]["method"] == "search"


def test_the_games_edge_list_keeps_repeats_and_loops():
    graph = GAME.read_edge_list("3 4\n2 1\n2 1\n3 3\n1 2\n")
    assert graph.arcs.tolist() == [[1, 0], [1, 0], [2, 2], [0, 1]]
    with pytest.raises(matchgame.ParseError, match="line 2"):
        GAME.read_edge_list("2 1\n1 3\n")


# -- the kernel ---------------------------------------------------------------------------


def test_the_kernels_examples():
    assert doctest.testmod(arcs_kernel).failed == 0


@settings(max_examples=examples(300), deadline=None, suppress_health_check=list(HealthCheck))
@given(multidigraphs(max_vertices=8, max_arcs=16))
def test_components_are_networkxs_and_sinks_come_first(case):
    nx = pytest.importorskip("networkx")
    n, arcs = case
    graph = matchgame.DiMultiGraph(n, arcs)
    component, count = arcs_kernel.strong_components(graph.offsets, graph.heads[graph.out_arcs])
    reference = nx.DiGraph()
    reference.add_nodes_from(range(n))
    reference.add_edges_from(arcs)
    groups = {frozenset(np.flatnonzero(component == c).tolist()) for c in range(count)}
    assert groups == {frozenset(c) for c in nx.strongly_connected_components(reference)}
    assert all(component[u] >= component[v] for u, v in arcs)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=list(HealthCheck))
@given(multidigraphs(max_vertices=8, max_arcs=16), st.data())
def test_the_vertices_reached_along_the_arcs_kept_are_networkxs_descendants(case, data):
    nx = pytest.importorskip("networkx")
    n, arcs = case
    graph = matchgame.DiMultiGraph(n, arcs)
    start = data.draw(st.integers(0, n - 1))
    kept = data.draw(st.lists(st.booleans(), min_size=len(arcs), max_size=len(arcs)))
    keep = np.array(kept, dtype=np.uint8)[graph.out_arcs]  # a flag per arc, by tails
    reached = arcs_kernel.reached(graph.offsets, graph.heads[graph.out_arcs], keep, start)
    reference = nx.MultiDiGraph()
    reference.add_nodes_from(range(n))
    reference.add_edges_from(arc for arc, flag in zip(arcs, kept, strict=True) if flag)
    assert reached[0] == start and len(set(reached.tolist())) == len(reached)
    assert set(reached.tolist()) == nx.descendants(reference, start) | {start}


def test_the_kernels_refuse_what_is_not_a_digraph():
    i32 = lambda values: np.array(values, dtype=np.int32)  # noqa: E731
    with pytest.raises(ValueError, match="offsets"):
        arcs_kernel.strong_components(i32([0, 2]), i32([0]))
    with pytest.raises(ValueError, match="permutation"):
        arcs_kernel.reaches_a_cycle(i32([0, 0, 0]), i32([]), i32([0, 0]), i32([0, 1, 2]))
    with pytest.raises(ValueError, match="starts"):
        arcs_kernel.reaches_a_cycle(i32([0, 0]), i32([]), i32([0]), i32([0, 2]))
    wins, move = np.full(2, -1, dtype=np.int8), np.full(2, -1, dtype=np.int32)
    with pytest.raises(ValueError, match="not settled"):  # the sink listed last
        arcs_kernel.settle(i32([0, 1, 1]), i32([1]), i32([0, 1]), i32([0, 1, 2]), wins, move, 0)
    with pytest.raises(ValueError, match="start"):
        arcs_kernel.settle(i32([0, 1, 1]), i32([1]), i32([1, 0]), i32([0, 1, 2]), wins, move, 5)
    one = np.ones(1, dtype=np.uint8)
    for start in (-1, 2):
        with pytest.raises(ValueError, match="start must be a vertex"):
            arcs_kernel.reached(i32([0, 1, 1]), i32([1]), one, start)
    with pytest.raises(ValueError, match="offsets"):
        arcs_kernel.reached(i32([0, 2]), i32([0]), one, 0)
    with pytest.raises(ValueError, match="keep must have a flag for each of the 1 arcs"):
        arcs_kernel.reached(i32([0, 1, 1]), i32([1]), np.ones(2, dtype=np.uint8), 0)


def test_the_kernels_stop_when_asked():
    from matchgame._kernels._stop import StopFlag

    n = 1 << 16
    offsets = np.arange(n + 1, dtype=np.int32)
    heads = ((np.arange(n) + 1) % n).astype(np.int32)  # one long cycle
    flag = StopFlag()
    flag.raise_()
    with flag:
        assert arcs_kernel.strong_components(offsets, heads) == (None, 0)
        assert arcs_kernel.reached(offsets, heads, np.ones(n, dtype=np.uint8), 0) is None
    component, count = arcs_kernel.strong_components(offsets, heads)
    assert count == 1 and component is not None
