"""The regions of a digraph in directed vertex geography: where theory answers at once.

Three regions of a digraph, each answered its own way:

- **acyclic**: the vertices from which no cycle can be reached. From there the token
  can never come back to a vertex it left, whatever was visited before, so the
  position is its vertex alone: retrograde analysis labels them in reverse
  topological order (the mover wins iff some arc leads to a losing vertex), in
  linear time, and the labels hold in every position of a game;
- **symmetric**: the weakly connected components whose every arc has its reverse.
  There the game is the undirected vertex game, answered by the matching theorem
  (the vertex game's analysis, found through the registry by name);
- **the rest**: the exact solver (:mod:`.engine`: the strongly connected parts,
  sinks first, and the search over canonical states), within the budgets of
  positions, bytes and seconds (the game is PSPACE-complete: Lichtenstein and
  Sipser 1980); the acyclic region's labels are its exits' values.

The regions name how each verdict is found (:meth:`DirectedAnalysis.method`), and
the acyclic region's labels are what a certificate proves.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..._kernels._stop import check as _stop_point
from ..._kernels.graphs import component_sizes_without
from ...core.digraph import DiGraph

__all__ = ["ACYCLIC", "SEARCHED", "SYMMETRIC", "Regions", "regions"]

ACYCLIC, SYMMETRIC, SEARCHED = 1, 2, 3
"""How a vertex's verdict is found: retrograde labels, the matching theorem, search."""


@dataclass(frozen=True)
class Regions:
    """Per vertex: its region (:data:`ACYCLIC`, :data:`SYMMETRIC`, :data:`SEARCHED`)
    and, in the acyclic region, whether the player to move wins there (its retrograde
    label) and a winning move (-1: none)."""

    region: npt.NDArray[np.uint8]
    mover_wins: npt.NDArray[np.bool_]
    move: npt.NDArray[np.int64]


def _reaches_a_cycle(graph: DiGraph) -> npt.NDArray[np.bool_]:
    """Per vertex: whether a cycle can be reached from it (Kahn's algorithm on the
    reversed sense: peel the vertices whose every arc leads to peeled ones)."""
    n = graph.n_vertices
    out_degree = np.diff(graph.offsets).astype(np.int64)
    in_offsets, in_tails = graph.reverse_csr
    peeled = np.zeros(n, dtype=bool)
    frontier = np.flatnonzero(out_degree == 0)
    while frontier.size:
        _stop_point()
        peeled[frontier] = True
        starts, ends = in_offsets[frontier], in_offsets[frontier + 1]
        counts = (ends - starts).astype(np.int64)
        if not counts.sum():
            break
        index = np.repeat(starts - np.cumsum(counts) + counts, counts) + np.arange(counts.sum())
        tails = in_tails[index]
        np.subtract.at(out_degree, tails, 1)
        touched = np.unique(tails)
        frontier = touched[(out_degree[touched] == 0) & ~peeled[touched]]
    return ~peeled


def _retrograde(graph: DiGraph, acyclic: npt.NDArray[np.bool_]) -> tuple[np.ndarray, np.ndarray]:
    """The labels of the acyclic region: the mover wins iff an arc leads to a losing
    vertex; decided sinks first (each vertex once all its successors are)."""
    n = graph.n_vertices
    wins = np.zeros(n, dtype=bool)
    move = np.full(n, -1, dtype=np.int64)
    pending = np.diff(graph.offsets).astype(np.int64)
    in_offsets, in_tails = graph.reverse_csr
    ready = [int(v) for v in np.flatnonzero(acyclic & (pending == 0))]
    while ready:
        v = ready.pop()
        if not wins[v]:  # a losing vertex: every predecessor wins by moving here
            for u in in_tails[in_offsets[v] : in_offsets[v + 1]].tolist():
                if not wins[u]:
                    wins[u], move[u] = True, v
        for u in in_tails[in_offsets[v] : in_offsets[v + 1]].tolist():
            pending[u] -= 1
            if pending[u] == 0 and acyclic[u]:
                ready.append(u)
    return wins, move


def _symmetric_components(graph: DiGraph) -> npt.NDArray[np.bool_]:
    """Per vertex: its weakly connected component has every arc's reverse."""
    n = graph.n_vertices
    support = graph.support
    component, _ = component_sizes_without(
        support.offsets, support.indices, np.zeros(n, dtype=np.uint8)
    )
    keys = graph.tails.astype(np.int64) * max(n, 1) + graph.indices
    reverse = graph.indices.astype(np.int64) * max(n, 1) + graph.tails
    has_reverse = np.isin(reverse, keys)
    broken = np.unique(component[graph.tails[~has_reverse]])
    return ~np.isin(component, broken)


def regions(graph: DiGraph) -> Regions:
    """Each vertex's region, and the retrograde labels of the acyclic one.

    >>> from matchgame.core.digraph import DiGraph
    >>> regions(DiGraph(5, [(0, 1), (1, 0), (2, 3), (3, 4)])).region.tolist()  # 2: symmetric
    [2, 2, 1, 1, 1]
    >>> regions(DiGraph(3, [(0, 1), (1, 2), (2, 0)])).region.tolist()  # 3: searched
    [3, 3, 3]
    """
    acyclic = ~_reaches_a_cycle(graph)
    wins, move = _retrograde(graph, acyclic)
    region = np.full(graph.n_vertices, SEARCHED, dtype=np.uint8)
    region[_symmetric_components(graph) & ~acyclic] = SYMMETRIC
    region[acyclic] = ACYCLIC
    return Regions(region, wins, move)
