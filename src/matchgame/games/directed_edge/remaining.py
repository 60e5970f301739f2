"""What a position of directed edge geography asks: the fresh game on the arcs left.

A position (the token on ``t``, the arcs ``U`` used) *is* the fresh game on ``G - U``
with the token on ``t``: the rules look at the token and the arcs not used yet, and at
nothing else. So every fact :mod:`.solve` rests on holds of it, and first: opposite
arcs of ``G - U`` cancel. :class:`Left` keeps ``K``, what is left of ``G - U`` once
they do, up to date arc by arc (a move changes one pair of vertices); a position is
answered by :func:`~.solve.solve` on the part of ``K`` the token reaches
(:func:`region_from`), in time in that part: on a board or an undirected graph,
whose arcs all cancel at the start, it is little more than the walk so far.

What a region says stays true while the token leaves components of ``K``: after a
move ``t -> h`` along an arc of ``K``, with ``h`` in a component below ``t``'s, ``K``
loses that arc, which ``h`` cannot reach, so the verdicts and components found for
the vertices ``h`` reaches are still the game's (:meth:`Region.below`). A move inside
a component, or along an arc that cancelled (``K`` then gains the opposite arc),
asks the solver again. See ``docs/theory.md`` ("Directed edge geography").
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

__all__ = ["Left", "Region", "region_from", "whole_graph"]


class Left:
    """The arcs of ``graph`` not used (``free``, shared with the position, which
    changes an arc's flag and then calls :meth:`changed`) and ``K``, what is left of
    them once opposite arcs cancel: :attr:`keep` flags, per position of the graph's
    arcs by their tails, the arcs of ``K`` (of ``a`` free arcs ``u -> v`` and ``b``
    free arcs ``v -> u``, the first ``a - b`` of the former; of ``c`` free loops, the
    first if ``c`` is odd), as :func:`~.solve.cancel_opposite` keeps them, once
    :meth:`settle` has brought them up to date."""

    def __init__(self, graph: DiMultiGraph, free: npt.NDArray[np.bool_]) -> None:
        self.graph, self.free = graph, free
        m, n = graph.n_edges, max(graph.n_vertices, 1)
        self.heads = np.ascontiguousarray(graph.heads[graph.out_arcs], dtype=INDEX_DTYPE)
        self.position = np.empty(m, dtype=INDEX_DTYPE)  # arc id -> its place by tails
        self.position[graph.out_arcs] = np.arange(m, dtype=INDEX_DTYPE)
        tails, heads = graph.tails.astype(np.int64), graph.heads.astype(np.int64)
        pair = np.minimum(tails, heads) * n + np.maximum(tails, heads)
        down = tails > heads
        # the arcs between two vertices together, those from the lower end first, each
        # way in order (one sort: the flags of K come from it too)
        self.by_pair = np.argsort(pair * 2 + down, kind="stable").astype(INDEX_DTYPE)
        bounds = np.flatnonzero(np.diff(pair[self.by_pair])) + 1
        del pair, tails, heads  # the set-up's peak: a large graph's arrays, 8 bytes an arc
        self.starts = np.concatenate([[0], bounds, [m]]).astype(np.int64)
        self.pair_of = np.empty(m, dtype=INDEX_DTYPE)
        self.pair_of[self.by_pair] = np.repeat(
            np.arange(self.starts.shape[0] - 1, dtype=INDEX_DTYPE), np.diff(self.starts)
        )
        # per arc, what it adds to its pair's balance while free: +1 from the lower end
        # (and a loop), -1 from the higher; per pair, the free arcs' sum
        self.sign = np.where(down, -1, 1).astype(np.int8)
        self.balance = np.bincount(self.pair_of, weights=self.sign * free).astype(np.int64)
        self.keep = np.zeros(m, dtype=np.uint8)
        self.keep[self.position[self._kept(down, graph.tails == graph.heads)]] = 1
        self._stale: set[int] = set()  # pairs whose flags in keep wait for settle

    def _kept(
        self, down: npt.NDArray[np.bool_], loop: npt.NDArray[np.bool_]
    ) -> npt.NDArray[np.int32]:
        """The ids of the arcs of ``K``: of the free arcs each way between two vertices,
        the first ``|balance|`` of the way the balance leans (loops: the first, if odd)."""
        order = self.by_pair
        free = self.free[order].astype(np.int64)
        way = self.pair_of[order].astype(np.int64) * 2 + down[order]
        first = np.ones(order.shape[0], dtype=bool)
        first[1:] = way[1:] != way[:-1]
        counted = np.cumsum(free)
        before = np.maximum.accumulate(np.where(first, counted - free, 0))
        rank = counted - before - 1  # among the free arcs its way, in order
        balance = self.balance[self.pair_of[order]]
        lean = np.where(loop[order], balance % 2, np.maximum(balance * self.sign[order], 0))
        kept: npt.NDArray[np.int32] = order[(free == 1) & (rank < lean)]
        return kept

    def changed(self, arc: int) -> None:
        """``arc``'s free flag has just changed: its pair's balance follows at once, its
        flags in :attr:`keep` at the next :meth:`settle`."""
        g = int(self.pair_of[arc])
        self.balance[g] += self.sign[arc] if self.free[arc] else -self.sign[arc]
        self._stale.add(g)

    def leads(self, arc: int) -> bool:
        """Whether ``K`` has an arc with the ends of ``arc`` (free): a move along it
        takes such an arc away; a move along an arc that cancelled adds an opposite one
        (a loop: a loop)."""
        balance = int(self.balance[self.pair_of[arc]])
        if self.graph.tails[arc] == self.graph.heads[arc]:
            return balance % 2 == 1
        return balance * int(self.sign[arc]) > 0

    def settle(self) -> None:
        """Bring :attr:`keep` up to date: the pairs whose arcs changed, cancelled anew."""
        graph = self.graph
        for g in self._stale:
            pair = self.by_pair[self.starts[g] : self.starts[g + 1]]
            self.keep[self.position[pair]] = 0
            ids = pair[self.free[pair]]  # in order
            if graph.tails[pair[0]] == graph.heads[pair[0]]:  # loops: the first, if odd
                kept = ids[: ids.shape[0] % 2]
            else:
                up = self.sign[ids] > 0
                forward, back = ids[up], ids[~up]
                more, fewer = (
                    (forward, back) if forward.shape[0] > back.shape[0] else (back, forward)
                )
                kept = more[: more.shape[0] - fewer.shape[0]]
            self.keep[self.position[kept]] = 1
        self._stale.clear()


@dataclass(frozen=True, eq=False)
class Region:
    """The vertices a token reaches along the arcs of ``K`` (ids, increasing), and per
    vertex whether the player to move there wins and its strongly connected component
    in ``K``."""

    vertices: npt.NDArray[np.int64]
    wins: npt.NDArray[np.bool_]
    component: npt.NDArray[np.int32]
    whole: bool = False  # every vertex: vertex v is at v

    def _at(self, v: int) -> int:
        return v if self.whole else int(self.vertices.searchsorted(v))

    def mover_wins(self, v: int) -> bool:
        """Whether the player to move with the token on ``v`` (in the region) wins."""
        return bool(self.wins[self._at(v)])

    def below(self, tail: int, head: int) -> bool:
        """Whether ``head`` lies in a component below ``tail``'s (both in the region,
        ``head`` reached from ``tail``): it cannot reach ``tail``."""
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


def _components(part: DiMultiGraph) -> npt.NDArray[np.int32]:
    heads = np.ascontiguousarray(part.heads[part.out_arcs])
    component, _ = _arcs.strong_components(part.offsets, heads)
    if component is None:
        _stop_point()
        raise RuntimeError("the components stopped without a stop request")
    return component


def region_from(left: Left, token: int, max_states: int) -> Region:
    """The region of ``token`` in ``K`` (:class:`Left`), solved: the fresh game
    (:func:`~.solve.solve`) on the part of ``K`` that ``token`` reaches.

    Raises
    ------
    BudgetExceededError
        If the search of a component reached needs more than ``max_states`` positions.

    Examples
    --------
    A directed triangle with the arc 0 -> 1 used: a path 1 -> 2 -> 0, whose mover
    wins at 2 (the opponent is stuck at 0) and loses at 1.

    >>> graph = DiMultiGraph(3, [(0, 1), (1, 2), (2, 0)])
    >>> left = region_from(Left(graph, np.array([False, True, True])), 1, 100)
    >>> left.vertices.tolist(), left.wins.tolist()
    ([0, 1, 2], [False, False, True])
    """
    graph = left.graph
    left.settle()
    found = _arcs.reached(graph.offsets, left.heads, left.keep, token)
    if found is None:
        _stop_point()
        raise RuntimeError("the reach stopped without a stop request")
    vertices = np.sort(found).astype(np.int64)
    # the arcs of K out of them (they lead to them): positions among the tails' arcs
    starts = graph.offsets[vertices].astype(np.int64)
    counts = graph.offsets[vertices + 1].astype(np.int64) - starts
    total = int(counts.sum())
    places = np.repeat(starts - np.cumsum(counts) + counts, counts) + np.arange(total)
    tails = np.repeat(np.arange(vertices.shape[0]), counts)
    kept = left.keep[places].astype(bool)
    pairs = np.stack([tails[kept], np.searchsorted(vertices, left.heads[places[kept]])], axis=1)
    part = DiMultiGraph._trusted(int(vertices.shape[0]), pairs, _Within(graph.names, vertices))
    verdicts = solve(part, max_states)
    return Region(vertices, verdicts.mover_wins, _components(part))


def whole_graph(left: Left, verdicts: Verdicts) -> Region:
    """The region of every vertex with no arc used (``left`` fresh), from the
    placement's verdicts: only ``K``'s components are found."""
    graph = left.graph
    left.settle()
    kept = graph.out_arcs[left.keep.astype(bool)]
    part = DiMultiGraph._trusted(graph.n_vertices, graph.arcs[kept], graph.names)
    vertices = np.arange(graph.n_vertices, dtype=np.int64)
    return Region(vertices, verdicts.mover_wins, _components(part), whole=True)
