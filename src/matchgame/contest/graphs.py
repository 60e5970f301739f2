"""The placement question on any graph: the vertex game (``graph``, as CodeChef
HAMILG asks it) and the edge game (``edge-graph``).

Input ``n m`` then ``m`` lines ``u v`` (1-based; self-loops and repeated edges
allowed). ``graph``: ``1 <= n <= 1000``, ``0 <= m <= 5000``. ``edge-graph``:
``1 <= n, m <= 1000`` and every connected component with an odd cycle or a
self-loop has at most :data:`ODD_COMPONENT_EDGES` edges (there edge geography is
PSPACE-complete, and a judge's answer comes from an exhaustive search). Output, as
``matchgame placements --edges`` writes it: ``WIN`` and the winning vertices, one a
line, or ``LOSE``.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

import matchgame

from .. import draw, generate
from ..errors import ParseError
from ..writers.placements import format_placements
from ._reader import StrictReader
from .problems import Problem, Size, chunks, numbers, plural

__all__ = ["ODD_COMPONENT_EDGES", "GraphCase", "GraphProblem"]

ODD_COMPONENT_EDGES = 12
"""edge-graph: most edges of a component with an odd cycle or a self-loop."""


@dataclass(frozen=True)
class GraphCase:
    """``n`` vertices and edges as 1-based pairs."""

    n: int
    edges: tuple[tuple[int, int], ...]

    def text(self) -> bytes:
        lines = "".join(f"{u} {v}\n" for u, v in self.edges)
        return f"{self.n} {len(self.edges)}\n{lines}".encode()

    def describe(self) -> str:
        edges = plural(len(self.edges), "edge")
        return f"a graph of {plural(self.n, 'vertex', 'vertices')} and {edges}"


def odd_components(case: GraphCase) -> list[int]:
    """The edge counts of the connected components that have an odd cycle or a loop."""
    parent = list(range(case.n + 1))

    def root(v: int) -> int:
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    adjacency: list[list[int]] = [[] for _ in range(case.n + 1)]
    for u, v in case.edges:
        parent[root(u)] = root(v)
        adjacency[u].append(v)
        adjacency[v].append(u)
    colour = [-1] * (case.n + 1)
    odd: set[int] = set()
    for start in range(1, case.n + 1):
        if colour[start] >= 0:
            continue
        colour[start] = 0
        stack = [start]
        while stack:
            u = stack.pop()
            for v in adjacency[u]:
                if colour[v] < 0:
                    colour[v] = 1 - colour[u]
                    stack.append(v)
                elif colour[v] == colour[u]:
                    odd.add(root(u))
    counts: dict[int, int] = {}
    for u, _ in case.edges:
        counts[root(u)] = counts.get(root(u), 0) + 1
    return [counts[r] for r in sorted(odd)]


def _board_edges(free: np.ndarray) -> GraphCase:
    """A board's grid graph as an edge list (the adversarial boards as graphs)."""
    graph = matchgame.Board(free).graph
    edges = tuple((int(u) + 1, int(v) + 1) for u, v in graph.edges)
    return GraphCase(max(1, graph.n_vertices), edges)


class GraphProblem(Problem):
    """``graph`` (the vertex game) or ``edge-graph`` (the edge game) on an edge list."""

    size_names = ("vertices", "edges")
    least_second = 0
    file_name = "graph"

    def __init__(self, name: str) -> None:
        self.name = name
        self.edge = name == "edge-graph"
        self.title = "any graph, edge geography" if self.edge else "any graph (CodeChef HAMILG)"
        self.limits = Size(1000, 1000) if self.edge else Size(1000, 5000)
        self.input_format = (
            "`n m`, then `m` lines `u v`: the edges, vertices counted from 1 (self-loops and "
            "repeated edges allowed); "
            + (
                f"1 to 1000 vertices and edges, a component with an odd cycle or a self-loop "
                f"at most {ODD_COMPONENT_EDGES} edges"
                if self.edge
                else "1 to 1000 vertices, 0 to 5000 edges"
            )
        )
        self.output_format = (
            "`WIN`, then every vertex where the placer wins (counted from 1), one a line, in "
            "increasing order; or the single line `LOSE` when there is none"
            + (" (edge geography: a move uses up the edge it travels)" if self.edge else "")
        )
        self.families = (
            "random",
            "sparse",
            "dense",
            "max-size",
            "all-lose",
            "all-win",
            "path",
            "blossoms",
            "loops",
            "greedy-traps",
            "grid",
            "small",
        )
        self.stress_families = tuple(f for f in self.families if f != "max-size")

    def default_second(self, first: int) -> int:
        return first if self.edge else 5 * first

    # -- inputs ---------------------------------------------------------------------

    def generate(self, family: str, rng: np.random.Generator, size: Size) -> GraphCase:
        n = size.first if family == "max-size" else int(rng.integers(1, size.first + 1))
        if family == "small":
            n = min(n, 6)
        most = size.second
        edges: list[tuple[int, int]] = []
        if family == "all-lose" and min(size.first, 2 * most) >= 2:
            n = max(2, min(n, 2 * most))
            n -= n % 2
            order = (rng.permutation(n) + 1).tolist()
            edges = [(order[i], order[i + 1]) for i in range(0, n, 2)]
        elif family == "all-win":
            order = (rng.permutation(n) + 1).tolist()
            at = 0
            while at + 3 <= n and rng.random() < 0.8:
                k = 3 if self.edge else int(rng.choice([3, 5, 7]))
                k = min(k, n - at)
                k -= 1 - k % 2  # odd
                cycle = order[at : at + k]
                edges += [(cycle[i], cycle[(i + 1) % k]) for i in range(k) if not self.edge]
                if self.edge:  # a doubled path: the copies cancel, the mover cannot win
                    edges += [(cycle[i], cycle[i + 1]) for i in range(k - 1) for _ in range(2)]
                at += k
        elif family == "path":
            length = int(rng.integers(1, n + 1))
            order = (rng.permutation(n) + 1).tolist()
            edges = [(order[i], order[i + 1]) for i in range(length - 1)]
        elif family == "grid":
            side = max(1, int(np.sqrt(n)))
            free = generate.random_board(side, max(1, n // side), 0.2, seed=rng).free
            case = _board_edges(free)
            return self._fit(rng, case.n, list(case.edges), most)
        elif family == "blossoms":
            edges = self._blossoms(rng, n)
        elif family == "loops":  # a self-loop can never be used: the token may not stay
            edges = [e for e in self._random_edges(rng, n, n, loops=False) if n not in e]
            edges += [(v, v) for v in range(1, n) if rng.random() < 0.3] + [(n, n)]
        elif family == "greedy-traps":  # paths a-b-c-d numbered c < b < a < d, or so:
            # a matching that takes each vertex's first free neighbour takes b-c only
            for base in range(0, n - 3, 4):
                edges += [(base + 3, base + 1), (base + 1, base + 2), (base + 2, base + 4)]
        else:
            density = {"sparse": 0.6, "dense": 3.0}.get(
                family, float(rng.choice([0.5, 1, 1.5, 2.5]))
            )
            count = int(rng.integers(0, max(1, round(density * n)) + 1))
            edges = self._random_edges(rng, n, count, loops=rng.random() < 0.3)
        return self._fit(rng, n, edges, most)

    def _random_edges(
        self, rng: np.random.Generator, n: int, count: int, loops: bool
    ) -> list[tuple[int, int]]:
        if not self.edge:
            pairs = rng.integers(1, n + 1, size=(count, 2)).tolist()
            return [(u, v) for u, v in pairs if loops or u != v]
        # the edge game: bipartite components of any size, small ones of any kind
        edges: list[tuple[int, int]] = []
        small = min(n, 5)
        for _ in range(count):
            if rng.random() < 0.7 and n >= 2 + small:
                u = int(rng.integers(small + 1, small + 1 + (n - small) // 2 + 1))
                v = int(rng.integers(small + 1 + (n - small) // 2, n + 1))
                if u != v:
                    edges.append((u, v))
            elif sum(1 for u, _ in edges if u <= small) < ODD_COMPONENT_EDGES:
                u, v = (int(x) for x in rng.integers(1, small + 1, size=2))
                if u != v or loops:
                    edges.append((u, v))
        return edges

    def _blossoms(self, rng: np.random.Generator, n: int) -> list[tuple[int, int]]:
        """Flowers: odd cycles (blossoms), each with a stalk of one or two edges, what a
        search that ignores odd cycles gets wrong. Numbered cycle first, stalk last, a
        stalk from the cycle's last vertex most often: a
        matching built vertex by vertex leaves the stalk's end free, the case where a
        bipartite search steps out of the blossom the wrong way."""
        edges: list[tuple[int, int]] = []
        vertices = list(range(1, n + 1))
        at = 0
        while True:
            k = int(rng.choice([3, 5, 7]))
            stalk = 2 if rng.random() < 0.8 else 1
            if at + k + stalk > n:
                break
            cycle = vertices[at : at + k]
            edges += [(cycle[i], cycle[(i + 1) % k]) for i in range(k)]
            attach = cycle[-1] if rng.random() < 0.7 else cycle[int(rng.integers(k))]
            path = [attach, *vertices[at + k : at + k + stalk]]
            edges += list(itertools.pairwise(path))
            at += k + stalk
        return edges

    def _fit(
        self, rng: np.random.Generator, n: int, edges: list[tuple[int, int]], most: int
    ) -> GraphCase:
        """The case with at most ``most`` edges, in a random order; for the edge game
        within the statement's bound on odd components."""
        order = rng.permutation(len(edges)).tolist()[:most]
        case = GraphCase(n, tuple(edges[i] for i in order))
        while self.edge and any(c > ODD_COMPONENT_EDGES for c in odd_components(case)):
            case = GraphCase(n, case.edges[: len(case.edges) * 3 // 4])
        return case

    def validate(self, data: bytes, size: Size | None = None) -> GraphCase:
        limits = size or self.limits
        inf = StrictReader(data)
        n, m = inf.read_ints([(1, limits.first, "n"), (0, limits.second, "m")])
        edges = []
        for i in range(m):
            u, v = inf.read_ints([(1, n, f"u of edge {i + 1}"), (1, n, f"v of edge {i + 1}")])
            edges.append((u, v))
        inf.read_eof()
        case = GraphCase(n, tuple(edges))
        if self.edge:
            big = [c for c in odd_components(case) if c > ODD_COMPONENT_EDGES]
            if big:
                raise ParseError(
                    f"a component with an odd cycle has {big[0]} edges, more than "
                    f"{ODD_COMPONENT_EDGES}"
                )
        return case

    def analysis(self, case: GraphCase) -> Any:
        if self.edge:
            multigraph = matchgame.parse_edge_list(case.text(), multigraph=True)
            return matchgame.analyse(multigraph, game="edge")
        return matchgame.analyse(matchgame.parse_edge_list(case.text()))

    def answer(self, case: GraphCase) -> bytes:
        return format_placements(self.analysis(case), "jsoi")

    # -- shrinking ------------------------------------------------------------------

    def measure(self, case: GraphCase) -> tuple[int, ...]:
        return (case.n, len(case.edges))

    def reductions(self, case: GraphCase) -> Iterator[GraphCase]:
        for start, stop in chunks(case.n):
            gone = range(start + 1, stop + 1)
            width = stop - start

            def renamed(v: int, start: int = start, width: int = width) -> int:
                return v - width if v > start else v

            edges = tuple(
                (renamed(u), renamed(v)) for u, v in case.edges if u not in gone and v not in gone
            )
            yield GraphCase(case.n - width, edges)
        for start, stop in chunks(len(case.edges), least=0):
            yield GraphCase(case.n, case.edges[:start] + case.edges[stop:])

    # -- explaining -----------------------------------------------------------------

    def focus(
        self, case: GraphCase, expected: bytes, received: bytes | None
    ) -> tuple[str, int | None]:
        """What the outputs disagree on, and the vertex to explain (1-based)."""
        want = [t.decode() for t in expected.split()]
        winners = numbers(want[1:]) or []
        if received is None:
            return "", winners[0] if winners else None
        got = [t.decode("latin-1") for t in received.split()]
        listed = numbers(got[1:])
        if not got or listed is None:
            return "the output is not WIN and vertices, or LOSE", winners[0] if winners else None
        missing = [v for v in winners if v not in listed]
        extra = [v for v in listed if v not in winners]
        if missing:
            return f"vertex {missing[0]} wins but is not in the output", missing[0]
        if extra:
            v = extra[0]
            if not 1 <= v <= case.n:
                return f"the output names vertex {v}; the graph has {case.n}", None
            return f"the output names vertex {v}, where the placer loses", v
        if got[0] != want[0]:
            return f"the first line should be {want[0]!r}, not {got[0]!r}", None
        return "the right vertices in the wrong order (increasing)", None

    def why(self, case: GraphCase, focus: int) -> str:
        return str(self.analysis(case).explain(focus - 1).text())

    def picture(self, case: GraphCase, expected: bytes, received: bytes | None, path: Path) -> None:
        analysis = self.analysis(case)
        _, vertex = self.focus(case, expected, received)
        if self.edge:
            scene = (
                draw.edge_analysis_scene(analysis)
                if vertex is None
                else draw.edge_explain_scene(analysis.explain(vertex - 1))
            )
        elif vertex is None:
            scene = draw.analysis_scene(analysis, matching=True)
        else:
            scene = draw.explain_scene(analysis.explain(vertex - 1))
        draw.save(scene, path)
