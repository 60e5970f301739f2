"""Certificates of every family of input are accepted by the checker.

Boards under every move rule, random graphs with odd cycles (dense and sparse),
nested blossoms, chains of components that only a long run of links proves,
paths, trees, bipartite and disconnected graphs, isolated vertices. Each answer
is made by the library and checked by ``check_answer``, whose acceptance proves
it (the tampering tests show it accepts no false claim); the decomposition is
compared with NetworkX's maximum matching size besides.
"""

from __future__ import annotations

import json

import networkx as nx
import numpy as np
import pytest

from matchgame import Board, Graph, analyse
from matchgame.certificates import check_answer
from matchgame.games.vertex.certificate import make_certificate
from matchgame.generate import random_board
from matchgame.writers.placements import format_placements


def _answer(source: Board | Graph, moves: str = "orthogonal") -> bytes:
    analysis = analyse(source, moves=moves) if isinstance(source, Board) else analyse(source)
    return format_placements(analysis, "json", make_certificate(analysis))


def _proven(source: Board | Graph, moves: str = "orthogonal") -> dict:
    data = _answer(source, moves)
    assert check_answer(source, data, moves=moves) == []
    return json.loads(data)


def _random_graph(n: int, m: int, seed: int) -> Graph:
    rng = np.random.default_rng(seed)
    return Graph.from_edges(n, rng.integers(0, n, size=(m, 2)))


def _flower(depth: int, petals: int, rng: np.random.Generator) -> tuple[int, list]:
    """An odd cycle of ``petals`` copies of the flower one level down, consecutive
    copies joined by an edge between random vertices: factor-critical, blossoms
    nested ``depth`` deep."""
    if depth == 0:
        return 1, []
    size, edges = _flower(depth - 1, petals, rng)
    out = []
    for k in range(petals):
        out += [(u + k * size, v + k * size) for u, v in edges]
        nxt = (k + 1) % petals
        out.append((k * size + int(rng.integers(size)), nxt * size + int(rng.integers(size))))
    return petals * size, out


def _flower_graph(depth: int, petals: int, seed: int, tails: int = 0) -> Graph:
    """A flower, and ``tails`` pendant vertices hung on random vertices of it."""
    rng = np.random.default_rng(seed)
    size, edges = _flower(depth, petals, rng)
    edges += [(int(v), size + k) for k, v in enumerate(rng.integers(size, size=tails))]
    return Graph.from_edges(size + tails, edges)


def _chain(k: int) -> Graph:
    """k triangles in a row, each joined to the next through a vertex of A: the
    maximum matching leaves one vertex exposed, so the links run k - 1 long."""
    edges = []
    for i in range(k):
        t = 4 * i
        edges += [(t, t + 1), (t + 1, t + 2), (t + 2, t)]
        if i + 1 < k:
            edges += [(t + 1, t + 3), (t + 3, t + 4)]  # a = t + 3 joins t + 1 and t + 4
    return Graph.from_edges(4 * k - 1, edges)


def _nx_matching_size(graph: Graph) -> int:
    g = nx.Graph()
    g.add_nodes_from(range(graph.n_vertices))
    g.add_edges_from(graph.edges.tolist())
    return len(nx.max_weight_matching(g, maxcardinality=True))


GRAPHS = {
    "random, 3 edges a vertex": lambda: _random_graph(3000, 9000, 1),
    "random, 1 edge a vertex": lambda: _random_graph(3000, 3000, 2),
    "random, 0.6 edges a vertex": lambda: _random_graph(3000, 1800, 3),
    "nested blossoms (3 petals)": lambda: _flower_graph(6, 3, 4),
    "nested blossoms (5 petals)": lambda: _flower_graph(4, 5, 5),
    "blossoms with tails": lambda: _flower_graph(6, 3, 6, tails=300),
    "a chain of 300 components": lambda: _chain(300),
    "odd path": lambda: Graph.from_edges(501, [(i, i + 1) for i in range(500)]),
    "even path": lambda: Graph.from_edges(500, [(i, i + 1) for i in range(499)]),
    "odd cycle": lambda: Graph.from_edges(501, [(i, (i + 1) % 501) for i in range(501)]),
    "random tree": lambda: Graph.from_edges(
        800, [(i, int(np.random.default_rng(8).integers(i))) for i in range(1, 800)]
    ),
    "bipartite": lambda: Graph.from_edges(
        1000, np.random.default_rng(9).integers(0, 500, size=(1500, 2)) * [2, 2] + [0, 1]
    ),
    "disconnected, odd cycles": lambda: Graph.from_edges(
        40, [(i, (i + 1) % 5 + 5 * (i // 5)) for i in range(30)]
    ),
    "isolated vertices only": lambda: Graph.from_edges(7, []),
    "isolated vertices beside odd cycles": lambda: Graph.from_edges(
        12, [(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 6), (6, 7), (7, 3)]
    ),
    "empty": lambda: Graph.from_edges(0, []),
    "petersen and a pendant": lambda: Graph.from_edges(
        11,
        [(i, (i + 1) % 5) for i in range(5)]
        + [(5 + i, 5 + (i + 2) % 5) for i in range(5)]
        + [(i, i + 5) for i in range(5)]
        + [(0, 10)],
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize("family", sorted(GRAPHS))
def test_every_graph_family_is_certified(family):
    graph = GRAPHS[family]()
    document = _proven(graph)
    assert document["matching_size"] == _nx_matching_size(graph)
    assert ("forest" in document["certificate"]) == graph.is_bipartite


@pytest.mark.parametrize("moves", ["orthogonal", "king", "hex", "knight"])
@pytest.mark.parametrize("blocked", [0.0, 0.2, 0.5])
def test_boards_under_every_move_rule_are_certified(moves, blocked):
    board = random_board(20, 23, blocked, seed=11)
    document = _proven(board, moves)
    general = "tutte_berge_set" in document["certificate"]
    assert general == (moves in ("king", "hex") and board.n_free > 2)


def test_the_chain_needs_every_link():
    """The chain's certificate links 299 components one after another: dropping the
    exposed vertex's end of it (a link to its own component) breaks every proof."""
    graph = _chain(300)
    document = _proven(graph)
    links = document["certificate"]["links"]
    assert sum(1 for link in links if link) == 299
    broken = dict(document)
    broken["certificate"] = dict(document["certificate"], links=[v or 1 for v in links])
    problems = check_answer(graph, json.dumps(broken).encode())
    assert problems and "must be 0 exactly" in problems[0]
