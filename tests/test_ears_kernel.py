"""The ear kernel (_kernels/ears.pyx): odd ear decompositions and links, checked here
by hand (no code of the certificate checker), and its behaviour on arrays that are
not what it expects: checks before its loops, error codes, never a crash."""

import itertools

import numpy as np
import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import general_edge_lists

from matchgame import Graph, decompose
from matchgame._kernels import ears
from matchgame._kernels._stop import StopFlag, Stopped


def split(flat: np.ndarray) -> list[list[int]]:
    """The ears of the kernel's flat list (each ended by -1)."""
    found, ear = [], []
    for v in flat.tolist():
        if v < 0:
            found.append(ear)
            ear = []
        else:
            ear.append(v)
    assert not ear, "the last ear has no end mark"
    return found


def assert_decomposes(graph: Graph) -> None:
    """The kernel's ears and links of ``graph`` are what the module docstring says."""
    decomposition = decompose(graph)
    mate = np.ascontiguousarray(decomposition.mate)
    in_d = decomposition.missable
    status, flat, component, starts = ears.odd_ears(
        graph.offsets, graph.indices, mate, in_d.view(np.uint8)
    )
    assert status == ears.DONE
    adjacent = {(int(u), int(v)) for u, v in graph.edges} | {
        (int(v), int(u)) for u, v in graph.edges
    }
    built: set[int] = set()
    seen_starts = []
    for ear in split(flat):
        if len(ear) == 1:
            assert ear[0] not in built
            seen_starts.append(ear[0])
        else:
            assert len(ear) % 2 == 0, ear  # an odd number of edges
            assert ear[0] in built and ear[-1] in built, ear
            assert all((u, v) in adjacent for u, v in itertools.pairwise(ear)), ear
            assert not set(ear[1:-1]) & built and len(set(ear[1:-1])) == len(ear) - 2, ear
            assert len({component[v] for v in ear}) == 1
        built |= set(ear)
    assert built == set(np.flatnonzero(in_d).tolist())
    assert seen_starts == starts.tolist()
    assert component[starts].tolist() == list(range(len(starts)))
    status, links = ears.component_links(
        graph.offsets, graph.indices, mate, component, starts.shape[0]
    )
    assert status == ears.DONE
    exposed = {int(component[v]) for v in np.flatnonzero(in_d & (mate < 0))}
    for k, y in enumerate(links.tolist()):
        assert (y < 0) == (k in exposed)
        if y >= 0:
            base = int(starts[k])
            assert component[y] != k and (int(mate[base]), y) in adjacent
    for k in range(len(starts)):  # the links end at a component with an exposed vertex
        steps = 0
        while links[k] >= 0:
            k = int(component[links[k]])
            steps += 1
            assert steps <= len(starts)


@settings(max_examples=examples(300), deadline=None)
@given(case=general_edge_lists(max_vertices=16))
def test_ears_and_links_of_small_graphs(case):
    assert_decomposes(Graph.from_edges(*case))


@pytest.mark.parametrize("seed", range(4))
def test_ears_and_links_of_random_graphs(seed):
    rng = np.random.default_rng(seed)
    n = 2001
    assert_decomposes(Graph.from_edges(n, rng.integers(0, n, size=(int(n * (1 + seed)), 2))))


def test_a_blossom_nested_deep():
    # odd cycles of odd cycles, 3**7 vertices: the blossom tree is 7 levels deep at least
    rng = np.random.default_rng(3)
    size, edges = 1, []
    for _ in range(7):
        joined = [(u + k * size, v + k * size) for k in range(3) for u, v in edges]
        joined += [
            (k * size + int(rng.integers(size)), (k + 1) % 3 * size + int(rng.integers(size)))
            for k in range(3)
        ]
        size, edges = 3 * size, joined
    assert_decomposes(Graph.from_edges(size, edges))


@settings(max_examples=examples(300), deadline=None)
@given(case=general_edge_lists(max_vertices=12), data=st.data())
def test_any_mask_and_mate_give_a_witness_or_an_error_code(case, data):
    """A D that is not the Gallai-Edmonds set, a mate that is no matching: a status
    code or arrays in range, never a crash (the sanitizer run checks the reads)."""
    graph = Graph.from_edges(*case)
    n = graph.n_vertices
    mate = np.array(
        data.draw(st.lists(st.integers(-3, n + 2), min_size=n, max_size=n)), dtype=np.int32
    )
    in_d = np.array(data.draw(st.lists(st.booleans(), min_size=n, max_size=n)), dtype=np.uint8)
    status, flat, component, starts = ears.odd_ears(graph.offsets, graph.indices, mate, in_d)
    assert status in (ears.DONE, ears.TWO_BASES, ears.NOT_EVEN)
    if status != ears.DONE:
        return
    assert ((flat >= -1) & (flat < n)).all()
    assert ((component >= -1) & (component < len(starts))).all()
    status, links = ears.component_links(graph.offsets, graph.indices, mate, component, len(starts))
    assert status in (ears.DONE, ears.NOT_EVEN)
    assert ((links >= -1) & (links < n)).all()


def test_a_wrong_set_gives_an_error_code():
    triangle_tail = Graph.from_edges(5, [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4)])
    mate = np.array([1, 0, -1, 4, 3], dtype=np.int32)
    offsets, indices = triangle_tail.offsets, triangle_tail.indices
    # vertex 4 (matched to 3 inside the set) is reached by no even path from a base
    everything = np.ones(5, dtype=np.uint8)
    assert ears.odd_ears(offsets, indices, mate, everything)[0] == ears.NOT_EVEN
    # 2 and 4 are exposed in the same component: two bases
    other = np.array([1, 0, -1, -1, -1], dtype=np.int32)
    assert ears.odd_ears(offsets, indices, other, everything)[0] == ears.TWO_BASES
    # {4} matched out (to 3) but no vertex of the set is next to 3: no link
    alone = np.array([0, 0, 0, 0, 1], dtype=np.uint8)
    status, _, component, starts = ears.odd_ears(offsets, indices, mate, alone)
    assert status == ears.DONE
    assert ears.component_links(offsets, indices, mate, component, len(starts))[0] == ears.NOT_EVEN


def test_wrong_sizes_are_refused():
    graph = Graph.from_edges(3, [(0, 1)])
    mate = np.full(3, -1, dtype=np.int32)
    with pytest.raises(ValueError, match="entries"):
        ears.odd_ears(graph.offsets, graph.indices, mate[:2], np.ones(3, np.uint8))
    with pytest.raises(ValueError, match="entries"):
        ears.odd_ears(graph.offsets, graph.indices, mate, np.ones(2, np.uint8))
    with pytest.raises(ValueError, match="describe"):
        ears.odd_ears(graph.offsets, graph.indices[:1], mate, np.ones(3, np.uint8))
    component = np.array([0, 0, 0], dtype=np.int32)
    with pytest.raises(ValueError, match="not a component"):
        ears.component_links(graph.offsets, graph.indices, mate, component, 0)
    with pytest.raises(ValueError, match="entries"):
        ears.component_links(graph.offsets, graph.indices, mate, component[:2], 1)
    with pytest.raises(ValueError, match=">= 0"):
        ears.component_links(graph.offsets, graph.indices, mate, component, -1)


def test_a_raised_stop_flag_stops_it():
    rng = np.random.default_rng(5)
    graph = Graph.from_edges(3001, rng.integers(0, 3001, size=(9000, 2)))
    decomposition = decompose(graph)
    mate = np.ascontiguousarray(decomposition.mate)
    in_d = decomposition.missable.view(np.uint8)
    flag = StopFlag()
    flag.raise_()
    with flag, pytest.raises(Stopped):
        ears.odd_ears(graph.offsets, graph.indices, mate, in_d)
    _, _, component, starts = ears.odd_ears(graph.offsets, graph.indices, mate, in_d)
    with flag, pytest.raises(Stopped):
        ears.component_links(graph.offsets, graph.indices, mate, component, len(starts))
