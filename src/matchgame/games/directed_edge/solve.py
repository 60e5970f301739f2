"""Who wins directed edge geography from every placement: theory where it reaches,
search where it does not.

Three facts, each proved in ``docs/theory.md`` ("Directed edge geography"), shape
the answer:

- **opposite arcs cancel**: adding an arc ``u -> v`` and an arc ``v -> u`` (or two
  self-loops at ``v``) to a digraph changes no verdict (whoever wins without them
  answers a move along one by the other), so the game is played on what is left
  once as many opposite pairs as possible are set aside (:func:`cancel_opposite`);
- **components are entered fresh**: the token never comes back to a strongly
  connected component it left, and when it enters one no arc from there on has been
  used, so a vertex's verdict depends on its component and the verdicts of the
  vertices its arcs lead to out of it;
- **acyclic parts are linear**: a vertex whose component is itself alone, no loop,
  is decided by retrograde analysis (the mover wins iff an arc leads to a losing
  vertex), whatever was used before (the ``settle`` kernel, ``_kernels/arcs.pyx``).

The components with a cycle are searched, sinks first, each on its own (``.search``):
an exact search over (token, arcs still unused inside the component) within the
budget, moves out of the component answered by the verdicts already known.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..._kernels import arcs as _arcs
from ..._kernels._stop import check as _stop_point
from ...core._csr import INDEX_DTYPE
from ...core.dimultigraph import DiMultiGraph
from .search import Budget, search_component

__all__ = ["ACYCLIC", "MIRROR", "SEARCHED", "Verdicts", "cancel_opposite", "solve"]

ACYCLIC, MIRROR, SEARCHED = 1, 2, 3
"""How a vertex's verdict is found: retrograde labels where no cycle can be reached;
retrograde labels once opposite arcs cancel (a cycle can be reached, but none is left);
an exact search (a cycle is left)."""


@dataclass(frozen=True, eq=False)
class Verdicts:
    """Per vertex: how its verdict was found (:data:`ACYCLIC`, :data:`MIRROR`,
    :data:`SEARCHED`), whether the player to move wins there with nothing used, and
    an arc id of a winning move (-1: none); per arc, whether it is left once opposite
    arcs cancel; and the positions the search settled."""

    method: npt.NDArray[np.uint8]
    mover_wins: npt.NDArray[np.bool_]
    move: npt.NDArray[np.int64]
    kept: npt.NDArray[np.bool_]
    search_states: int


def cancel_opposite(graph: DiMultiGraph) -> npt.NDArray[np.bool_]:
    """Per arc: whether it is left once opposite arcs cancel. Of ``a`` arcs ``u -> v``
    and ``b`` arcs ``v -> u``, the first ``a - b`` of the ``u -> v`` ones are left
    (none when ``a <= b``); of ``c`` self-loops at ``v``, the first if ``c`` is odd.

    >>> g = DiMultiGraph(3, [(0, 1), (1, 0), (0, 1), (1, 2), (2, 2), (2, 2), (1, 1)])
    >>> cancel_opposite(g).tolist()
    [True, False, False, True, False, False, True]
    """
    m, n = graph.n_edges, max(graph.n_vertices, 1)
    tails, heads = graph.tails.astype(np.int64), graph.heads.astype(np.int64)
    low, high = np.minimum(tails, heads), np.maximum(tails, heads)
    key = (low * n + high) * 2 + (tails > heads)  # the pair, then its direction
    order = np.argsort(key, kind="stable")  # groups of one pair and direction, in order
    sorted_keys = key[order]
    first = np.ones(m, dtype=bool)
    first[1:] = sorted_keys[1:] != sorted_keys[:-1]
    starts = np.flatnonzero(first)
    sizes = np.diff(np.append(starts, m))
    group = np.cumsum(first) - 1
    group_keys = sorted_keys[starts]
    at = np.searchsorted(group_keys, group_keys ^ 1)  # the opposite direction's group
    inside = at < group_keys.shape[0]
    found = np.zeros(group_keys.shape[0], dtype=bool)
    found[inside] = group_keys[at[inside]] == (group_keys[inside] ^ 1)
    opposite = np.where(found, sizes[np.minimum(at, max(group_keys.shape[0] - 1, 0))], 0)
    loops = low[order[starts]] == high[order[starts]]
    left = np.where(loops, sizes % 2, np.maximum(sizes - opposite, 0))
    kept = np.empty(m, dtype=bool)
    kept[order] = (np.arange(m) - starts[group]) < left[group]
    return kept


def _csr(graph: DiMultiGraph, kept: npt.NDArray[np.bool_]) -> tuple[np.ndarray, np.ndarray]:
    """The CSR of the kept arcs: ``offsets`` and the arc ids, each vertex's in order."""
    ids = graph.out_arcs[kept[graph.out_arcs]]
    offsets = np.zeros(graph.n_vertices + 1, dtype=np.int64)
    np.cumsum(np.bincount(graph.tails[ids], minlength=graph.n_vertices), out=offsets[1:])
    return offsets.astype(INDEX_DTYPE), ids.astype(INDEX_DTYPE)


def _by_component(offsets: np.ndarray, heads: np.ndarray) -> tuple[np.ndarray, ...]:
    """The strongly connected components (sinks first), the vertices grouped by them
    (``order``, ``starts``) and whether each vertex can reach a cycle."""
    component, count = _arcs.strong_components(offsets, heads)
    if component is None:
        _stop_point()
        raise RuntimeError("the components stopped without a stop request")
    order = np.argsort(component, kind="stable").astype(INDEX_DTYPE)
    bounds = np.zeros(count + 1, dtype=np.int64)
    np.cumsum(np.bincount(component, minlength=count), out=bounds[1:])
    starts = bounds.astype(INDEX_DTYPE)
    reaches = _arcs.reaches_a_cycle(offsets, heads, order, starts)
    if reaches is None:
        _stop_point()
        raise RuntimeError("the cycles' search stopped without a stop request")
    return component, order, starts, reaches.astype(bool)


def solve(graph: DiMultiGraph, max_states: int) -> Verdicts:
    """Who wins a placement where on ``graph`` (see the module docstring).

    Raises
    ------
    BudgetExceededError
        If a component's search needs more positions than ``max_states`` in all, or
        more memory.

    Examples
    --------
    >>> verdicts = solve(DiMultiGraph(3, [(0, 1), (1, 2), (2, 0), (0, 0)]), 100)
    >>> verdicts.mover_wins.tolist(), verdicts.method.tolist()
    ([False, True, False], [3, 3, 3])
    """
    kept = cancel_opposite(graph)
    offsets, ids = _csr(graph, kept)
    heads = graph.heads[ids]
    component, order, starts, left_cycle = _by_component(offsets, heads)
    every_offset, every_id = _csr(graph, np.ones(graph.n_edges, dtype=bool))
    *_, any_cycle = _by_component(every_offset, graph.heads[every_id])
    method = np.full(graph.n_vertices, ACYCLIC, dtype=np.uint8)
    method[any_cycle] = MIRROR
    method[left_cycle] = SEARCHED
    wins = np.full(graph.n_vertices, -1, dtype=np.int8)
    move = np.full(graph.n_vertices, -1, dtype=INDEX_DTYPE)
    budget = Budget(max_states)
    c, count = 0, starts.shape[0] - 1
    while True:
        c = _arcs.settle(offsets, heads, order, starts, wins, move, c)
        if c < 0:
            _stop_point()
            raise RuntimeError("the labels stopped without a stop request")
        if c == count:
            break
        vertices = order[starts[c] : starts[c + 1]]
        search_component(graph.names, offsets, heads, component, vertices, wins, move, budget)
        c += 1
    move_arcs = np.full(graph.n_vertices, -1, dtype=np.int64)
    moved = move >= 0
    move_arcs[moved] = ids[move[moved]]
    return Verdicts(method, wins.astype(bool), move_arcs, kept, budget.spent)
