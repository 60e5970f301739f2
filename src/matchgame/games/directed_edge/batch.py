"""Directed edge geography over a batch of graphs (``matchgame sweep --game
directed-edge``).

A sweep's graphs (graph6, sparse6, JSON lines) are undirected: each edge is both arcs,
a loop one arc. Both arcs of an edge cancel (``docs/theory.md``: the player who
would win without them answers a move along one by the other), and so do two loops
at a vertex: what is left is one loop at each vertex with an odd number of them. So
the placer wins exactly at the vertices with an even number of loops (none, in
graph6), without a search; :func:`solve_directed_edge_lines` reads that off the
arrays at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ...readers.graph6 import GraphLines
from ..batches import BaseBatchAnswers
from ..budget import MAX_STATES
from ..contract import GameOf

__all__ = ["DirectedEdgeBatchAnswers", "solve_directed_edge_lines"]


@dataclass(frozen=True)
class DirectedEdgeBatchAnswers(BaseBatchAnswers):
    """Directed edge geography's answers of a batch of graphs (the reading surface of
    the sweeps' batch answers: counts, conditions and documents)."""

    vertex_start: npt.NDArray[np.int64]
    n_edges: npt.NDArray[np.int64]
    winning: npt.NDArray[np.bool_]
    winning_count: npt.NDArray[np.int64]

    rules = GameOf("directed-edge")

    def documents(
        self, graphs: Sequence[int] | None = None, prefixes: Sequence[bytes] | None = None
    ) -> list[bytes]:
        """One JSON document per graph, as ``placements --game directed-edge --format
        json``."""
        return self._placements_documents(self.winning, "arcs", graphs, prefixes)


def solve_directed_edge_lines(
    lines: GraphLines, max_states: int = MAX_STATES
) -> tuple[DirectedEdgeBatchAnswers, tuple[int, str] | None]:
    """The game on every graph of ``lines`` (each edge both arcs, a loop one); nothing
    is searched, so no graph is ever over ``max_states``.

    >>> from matchgame.readers.graph6 import decode_graph6_lines
    >>> answers, over = solve_directed_edge_lines(decode_graph6_lines(b"Bw\\nBW\\n"))
    >>> answers.winning_count.tolist(), answers.n_edges.tolist(), over
    ([3, 3], [6, 4], None)
    """
    del max_states  # taken as every game's sweep takes it: nothing here searches
    n_vertices = lines.n_vertices.astype(np.int64)
    n_graphs = n_vertices.shape[0]
    vertex_start = np.zeros(n_graphs + 1, dtype=np.int64)
    np.cumsum(n_vertices, out=vertex_start[1:])
    edge_start = lines.edge_start.astype(np.int64)
    edges = lines.edges.astype(np.int64)
    graph_of_edge = np.repeat(np.arange(n_graphs), np.diff(edge_start))
    loop = edges[:, 0] == edges[:, 1]
    arcs = 2 * np.diff(edge_start) - np.bincount(graph_of_edge[loop], minlength=n_graphs)
    loops = np.bincount(
        vertex_start[graph_of_edge[loop]] + edges[loop, 0], minlength=int(vertex_start[-1])
    )
    winning = loops % 2 == 0
    graph_of_vertex = np.repeat(np.arange(n_graphs), n_vertices)
    counts = np.bincount(graph_of_vertex[winning], minlength=n_graphs).astype(np.int64)
    return DirectedEdgeBatchAnswers(vertex_start, arcs.astype(np.int64), winning, counts), None
