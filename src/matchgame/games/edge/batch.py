"""The edge game over a batch of graphs (``matchgame sweep --game edge``).

Graphs without an odd cycle, loops or repeated edges (every graph of
``nauty-geng -b``) are answered together: their disjoint union is one bipartite
multigraph, whose two eliminations over GF(2) answer every vertex of every graph
(``matchgame.games.edge.analysis``). Each other graph is analysed on its own, its exact
search within its own budget of ``max_states`` positions; the first graph past
it ends the batch as a bad line ends a sweep: the graphs before it are answered,
and the error names its line. A JSON line's repeated edges and sparse6's loops
and repeats are moves of their own, as an edge list's are.

Imported only for the edge game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..._kernels import batch as _batch
from ...core.multigraph import MultiGraph
from ...errors import BudgetExceededError, InvalidInputError
from ...readers.graph6 import GraphLines
from ..batches import BaseBatchAnswers
from ..contract import GameOf
from .analysis import MAX_STATES, analyse_edges

__all__ = ["EdgeBatchAnswers", "solve_edge_lines"]


@dataclass(frozen=True)
class EdgeBatchAnswers(BaseBatchAnswers):
    """The edge game's answers of a batch of graphs (the reading surface of
    ``BatchAnswers`` that counts, filters and documents use).

    Attributes
    ----------
    vertex_start : ndarray of int64
        ``n_graphs + 1`` offsets of each graph's vertices in the batch.
    n_edges : ndarray of int64
        Per graph: edges, parallel edges and self-loops counted.
    winning : ndarray of bool
        Per vertex of the batch: placing the token there wins for the placer.
    winning_count : ndarray of int64
        Per graph: its winning placements.
    """

    vertex_start: npt.NDArray[np.int64]
    n_edges: npt.NDArray[np.int64]
    winning: npt.NDArray[np.bool_]
    winning_count: npt.NDArray[np.int64]

    rules = GameOf("edge")

    def documents(
        self, graphs: Sequence[int] | None = None, prefixes: Sequence[bytes] | None = None
    ) -> list[bytes]:
        """One JSON document per graph, as ``placements --edges --game edge --format
        json`` writes it (vertices 1-based); ``prefixes``: fields before the answer's."""
        return self._placements_documents(self.winning, "edges", graphs, prefixes)


def solve_edge_lines(
    lines: GraphLines, max_states: int | None = None
) -> tuple[EdgeBatchAnswers, tuple[int, str] | None]:
    """The edge game on every graph of ``lines``; and, when a graph with an odd cycle
    needs more than ``max_states`` positions, its place and why (the answers then
    hold the graphs before it).

    Examples
    --------
    >>> from matchgame.readers.graph6 import decode_graph6_lines
    >>> answers, over = solve_edge_lines(decode_graph6_lines(b"Bw\\nBW\\n"))  # triangle, path
    >>> answers.winning_count.tolist(), over
    ([0, 2], None)
    """
    budget = MAX_STATES if max_states is None else max_states
    n_vertices, edge_start = lines.n_vertices, lines.edge_start
    if int(n_vertices.sum()) > np.iinfo(np.int32).max - 1:
        raise InvalidInputError("a batch has more vertices than int32 ids can name: split it")
    vertex_start, offsets, neighbors = _batch.union_csr(
        n_vertices, edge_start, lines.edges, lines.may_repeat
    )
    n_graphs = int(n_vertices.shape[0])
    n_edges = np.diff(edge_start).astype(np.int64)
    simple = (np.diff(offsets[vertex_start]) // 2).astype(np.int64) == n_edges
    together = simple & _batch.bipartite_parts(offsets, neighbors, vertex_start).astype(bool)
    total = int(vertex_start[-1])
    edge_graph = np.repeat(np.arange(n_graphs), n_edges)
    shifted = lines.edges.astype(np.int64) + vertex_start[:-1][edge_graph, None]
    union = MultiGraph(total, shifted[together[edge_graph]])
    winning = analyse_edges(union, max_states=budget).winning_mask.copy()
    over = None
    for g in np.flatnonzero(~together).tolist():
        low, high = int(vertex_start[g]), int(vertex_start[g + 1])
        own = lines.edges[edge_start[g] : edge_start[g + 1]]
        try:
            analysis = analyse_edges(MultiGraph(high - low, own), max_states=budget)
        except BudgetExceededError as exc:
            over = (g, str(exc))
            break
        winning[low:high] = analysis.winning_mask
    kept = n_graphs if over is None else over[0]
    starts = vertex_start[: kept + 1]
    running = np.zeros(int(starts[-1]) + 1, dtype=np.int64)
    np.cumsum(winning[: starts[-1]], out=running[1:])
    counts = running[starts[1:]] - running[starts[:-1]]
    answers = EdgeBatchAnswers(starts, n_edges[:kept], winning[: starts[-1]], counts)
    return answers, over
