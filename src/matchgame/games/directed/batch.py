"""Directed geography over a batch of graphs (``matchgame sweep --game directed``).

A sweep's graphs (graph6, sparse6, JSON lines) are undirected: each is the
symmetric digraph of its edges (its documents say ``"read_as": "symmetric"``),
answered one by one by :func:`analyse_directed` (the matching theorem decides a
symmetric digraph; nothing is searched).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ...core.digraph import DiGraph
from ...errors import BudgetExceededError, InvalidParameterError
from ...readers.graph6 import GraphLines
from ..batches import BaseBatchAnswers
from ..budget import MAX_MEMORY, SEARCH_STATES
from ..contract import GameOf
from .analysis import analyse_directed
from .engine import partial_refused

__all__ = ["DirectedBatchAnswers", "solve_directed_lines"]


@dataclass(frozen=True)
class DirectedBatchAnswers(BaseBatchAnswers):
    """The directed game's answers of a batch of graphs (the reading surface of the
    sweeps' batch answers: counts, conditions and documents)."""

    vertex_start: npt.NDArray[np.int64]
    n_edges: npt.NDArray[np.int64]
    winning: npt.NDArray[np.bool_]
    winning_count: npt.NDArray[np.int64]

    rules = GameOf("directed")

    def documents(
        self, graphs: Sequence[int] | None = None, prefixes: Sequence[bytes] | None = None
    ) -> list[bytes]:
        """One JSON document per graph, as ``placements --game directed --format json``."""
        # a sweep's formats hold edges only: each read as both arcs
        return self._placements_documents(self.winning, "arcs", graphs, prefixes, "symmetric")


def solve_directed_lines(
    lines: GraphLines,
    max_states: int | None = SEARCH_STATES,
    max_memory: int = MAX_MEMORY,
    max_seconds: float | None = None,
    partial: bool = False,
) -> tuple[DirectedBatchAnswers, tuple[int, str] | None]:
    """The directed game on every graph of ``lines`` (each edge both arcs), each within
    the budgets; and, when a graph's search runs out of one, its place and why
    (``partial`` is refused: a sweep's counts need whole answers).

    >>> from matchgame.readers.graph6 import decode_graph6_lines
    >>> answers, over = solve_directed_lines(decode_graph6_lines(b"Bw\\nBW\\n"))
    >>> answers.winning_count.tolist(), over
    ([3, 2], None)
    """
    if partial:
        raise InvalidParameterError(partial_refused("a sweep, whose counts need every verdict"))
    n_vertices = lines.n_vertices.astype(np.int64)
    vertex_start = np.zeros(n_vertices.shape[0] + 1, dtype=np.int64)
    np.cumsum(n_vertices, out=vertex_start[1:])
    winning = np.zeros(int(vertex_start[-1]), dtype=bool)
    arcs = np.zeros(n_vertices.shape[0], dtype=np.int64)
    over = None
    kept = n_vertices.shape[0]
    for g in range(n_vertices.shape[0]):
        edges = lines.edges[lines.edge_start[g] : lines.edge_start[g + 1]].astype(np.int64)
        digraph = DiGraph(int(n_vertices[g]), np.vstack([edges, edges[:, ::-1]]))
        try:
            analysis = analyse_directed(
                digraph, max_states=max_states, max_memory=max_memory, max_seconds=max_seconds
            )
        except BudgetExceededError as exc:
            over, kept = (g, str(exc)), g
            break
        arcs[g] = digraph.n_edges
        winning[vertex_start[g] : vertex_start[g + 1]] = analysis.winning_mask
    starts = vertex_start[: kept + 1]
    counts = np.array(
        [int(winning[starts[g] : starts[g + 1]].sum()) for g in range(kept)], dtype=np.int64
    )
    answers = DirectedBatchAnswers(starts, arcs[:kept], winning[: starts[-1]], counts)
    return answers, over
