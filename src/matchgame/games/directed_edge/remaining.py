"""What a position of directed edge geography asks: the fresh game on the arcs left.

A position (the token on ``t``, the arcs ``U`` used) *is* the fresh game on ``G - U``
with the token on ``t``: the rules look at the token and the arcs not used yet, and at
nothing else. So every fact :mod:`.solve` rests on holds of it as of any digraph
(opposite arcs of ``G - U`` cancel, its components are entered fresh, its acyclic
parts are retrograde), and a position is answered by :func:`~.solve.solve` on the
part of ``G - U`` the token can reach (:func:`region_from`), within the budget.

What a region says stays true while the token leaves components: after a move ``t ->
h`` with ``h`` in a component of ``G - U`` below ``t``'s (``h`` cannot reach ``t``),
no arc ``h`` can reach has been used, so the verdicts and components found for the
vertices ``h`` reaches are still the game's (:meth:`Region.still_true_after`). Only a
move inside the token's component (a self-loop among them) asks the solver again.
See ``docs/theory.md`` ("Directed edge geography").
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..._kernels import arcs as _arcs
from ..._kernels._stop import check as _stop_point
from ...core._csr import INDEX_DTYPE
from ...core.dimultigraph import DiMultiGraph
from ...core.names import VertexNames
from .solve import Verdicts, solve

__all__ = ["Region", "region_from", "whole_graph"]


@dataclass(frozen=True, eq=False)
class Region:
    """The vertices a token can reach along the arcs left (ids, increasing), and per
    vertex whether the player to move there wins with those arcs and its strongly
    connected component among them."""

    vertices: npt.NDArray[np.int64]
    wins: npt.NDArray[np.bool_]
    component: npt.NDArray[np.int32]

    def _at(self, v: int) -> int:
        return int(np.searchsorted(self.vertices, v))

    def mover_wins(self, v: int) -> bool:
        """Whether the player to move with the token on ``v`` (a vertex of the region)
        wins."""
        return bool(self.wins[self._at(v)])

    def still_true_after(self, tail: int, head: int) -> bool:
        """Whether the region stays true for the game after a move ``tail -> head``
        (both in it): ``head`` in a component below ``tail``'s, so it cannot reach the
        arc used."""
        return bool(self.component[self._at(tail)] != self.component[self._at(head)])


class _Within(VertexNames):
    """The names of a region's vertices (local id ``i`` is ``vertices[i]`` of the
    whole graph), for the search's messages."""

    def __init__(self, names: VertexNames, vertices: npt.NDArray[np.int64]) -> None:
        self._names = names
        self._vertices = vertices
        self.n_vertices = int(vertices.shape[0])
        self.noun = names.noun

    def name(self, v: int) -> Hashable:
        return self._names.name(int(self._vertices[v]))

    def text(self, v: int) -> str:
        return self._names.text(int(self._vertices[v]))

    def describe(self, v: int) -> str:
        return self._names.describe(int(self._vertices[v]))

    def vertex(self, name: Any, what: str = "vertex", error: type[Exception] = ValueError) -> int:
        raise NotImplementedError("a region's names are for messages only")


def _components(offsets: np.ndarray, heads: np.ndarray) -> npt.NDArray[np.int32]:
    component, _ = _arcs.strong_components(offsets, heads)
    if component is None:
        _stop_point()
        raise RuntimeError("the components stopped without a stop request")
    return component


def _free_csr(graph: DiMultiGraph, free: npt.NDArray[np.bool_]) -> tuple[np.ndarray, np.ndarray]:
    """The CSR of the free arcs: ``offsets`` and their heads, each vertex's in order."""
    ids = graph.out_arcs[free[graph.out_arcs]]
    offsets = np.zeros(graph.n_vertices + 1, dtype=np.int64)
    np.cumsum(np.bincount(graph.tails[ids], minlength=graph.n_vertices), out=offsets[1:])
    return offsets.astype(INDEX_DTYPE), np.ascontiguousarray(graph.heads[ids], dtype=INDEX_DTYPE)


def region_from(
    graph: DiMultiGraph, free: npt.NDArray[np.bool_], token: int, max_states: int
) -> Region:
    """The region of ``token`` on the arcs of ``graph`` marked ``free``, solved: the
    fresh game (:func:`~.solve.solve`) on the part of them ``token`` reaches.

    Raises
    ------
    BudgetExceededError
        If the search of a component reached needs more than ``max_states`` positions.

    Examples
    --------
    A directed triangle with the arc 0 -> 1 used: a path 1 -> 2 -> 0, whose mover
    wins at 2 (the opponent is stuck at 0) and loses at 1.

    >>> graph = DiMultiGraph(3, [(0, 1), (1, 2), (2, 0)])
    >>> left = region_from(graph, np.array([False, True, True]), 1, 100)
    >>> left.vertices.tolist(), left.wins.tolist()
    ([0, 1, 2], [False, False, True])
    """
    offsets, heads = _free_csr(graph, free)
    reach = _arcs.reached(offsets, heads, token)
    if reach is None:
        _stop_point()
        raise RuntimeError("the reach stopped without a stop request")
    reached = reach.view(bool)
    vertices = np.flatnonzero(reached).astype(np.int64)
    local = np.full(graph.n_vertices, -1, dtype=np.int64)
    local[vertices] = np.arange(vertices.shape[0])
    inside = free & reached[graph.tails]  # a free arc out of the region's vertex stays in it
    pairs = np.stack([local[graph.tails[inside]], local[graph.heads[inside]]], axis=1)
    part = DiMultiGraph._trusted(int(vertices.shape[0]), pairs, _Within(graph.names, vertices))
    verdicts = solve(part, max_states)
    component = _components(part.offsets, np.ascontiguousarray(part.heads[part.out_arcs]))
    return Region(vertices, verdicts.mover_wins, component)


def whole_graph(graph: DiMultiGraph, verdicts: Verdicts) -> Region:
    """The region of every vertex with no arc used, from the placement's verdicts."""
    component = _components(graph.offsets, np.ascontiguousarray(graph.heads[graph.out_arcs]))
    return Region(np.arange(graph.n_vertices, dtype=np.int64), verdicts.mover_wins, component)
