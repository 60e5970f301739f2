"""The exact search of directed edge geography on one strongly connected component.

Where a cycle is left once opposite arcs cancel the game is PSPACE-complete
(Schaefer 1978), and the component is searched: every position (token, arcs of the
component still unused) remembered, by the compiled search of ``_kernels/edgesearch``
(its incidences here are arcs from their tails only). Two exact reductions first
(``docs/theory.md``): a vertex with an arc out of the component to a vertex where the
mover loses is won at once (the mover takes that arc); and an arc into such a vertex,
or out of the component to a vertex where the mover wins, is a move no player needs
(it hands the opponent a won game), so it is left out of the search.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..._kernels import edgesearch as _search
from ..._kernels._stop import check as _stop_point
from ...core._csr import INDEX_DTYPE
from ...core._memory import available_memory, require_memory
from ...core._validate import plural
from ...core.names import VertexNames
from ...errors import BudgetExceededError
from ..budget import MAX_BUDGET

__all__ = ["Budget", "search_component"]


class Budget:
    """The positions every component's search may settle in all (``max_states``), and
    how many they settled so far."""

    def __init__(self, max_states: int) -> None:
        self.max_states = max_states
        self.spent = 0

    @property
    def left(self) -> int:
        return self.max_states - self.spent


def _require(n_bytes: int, what: str, *, claim: bool = True) -> None:
    require_memory(n_bytes, what, error=BudgetExceededError, claim=claim)


class _Part:
    """What the messages say of a component: its first vertex, its size, its budget."""

    def __init__(self, names: VertexNames, first: int, n_vertices: int, n_arcs: int) -> None:
        self.text = (
            f"the strongly connected component of {names.describe(first)} ({n_vertices} "
            f"{'vertex' if n_vertices == 1 else 'vertices'}, {n_arcs} "
            f"{'arc' if n_arcs == 1 else 'arcs'} searched)"
        )
        self.n_arcs = n_arcs

    def over_budget(self, budget: Budget) -> str:
        elsewhere = f", {budget.spent:,} of them spent on other components" if budget.spent else ""
        return (
            "directed edge geography on a digraph with a cycle is PSPACE-complete (Schaefer "
            f"1978), and the exact search of {self.text} needs more positions than "
            f"max_states = {budget.max_states:,} allows{elsewhere}; {self._larger(budget)}"
        )

    def _larger(self, budget: Budget) -> str:
        """Whether a larger budget can help, as the message says it."""
        if budget.max_states >= MAX_BUDGET:
            return "that is the largest budget taken, so raising it cannot help"
        larger = min(2 * budget.max_states, MAX_BUDGET)
        needed = _search.EdgeSearch.memory(self.n_arcs, larger)
        room = available_memory()
        if room is not None and needed > room:
            return (
                "a larger budget cannot help: "
                f"{plural(larger, 'position', grouped=True)} need about "
                f"{needed / 2**30:.1f} GiB of memory, and {room / 2**30:.1f} GiB is available"
            )
        return f"a larger budget (up to {MAX_BUDGET:,} positions) may answer it"


def _mover_wins(
    search: _search.EdgeSearch, part: _Part, budget: Budget, token: int, present: np.ndarray
) -> bool:
    """One question to the search, growing its tables as it asks."""
    what = f"the exact search of {part.text}"
    result = search.mover_wins(token, present)
    while result == _search.NEEDS_ROOM:
        _require(search.growth_bytes(), what)
        try:
            search.grow()
        except MemoryError:
            result = _search.OUT_OF_MEMORY
            break
        result = search.mover_wins(token, present)
    if result == _search.STOPPED:
        _stop_point()
        raise RuntimeError("the search stopped without a stop request")
    if result == _search.OUT_OF_MEMORY:
        raise BudgetExceededError(
            f"the exact search of {part.text} ran out of memory after "
            f"{plural(search.n_states, 'position', grouped=True)}: a larger budget cannot help"
        )
    if result == _search.OVER_BUDGET:
        raise BudgetExceededError(part.over_budget(budget))
    return result == _search.WIN


def search_component(
    names: VertexNames,
    offsets: npt.NDArray[np.int32],
    heads: npt.NDArray[np.int32],
    component: npt.NDArray[np.int32],
    vertices: npt.NDArray[np.int32],
    wins: npt.NDArray[np.int8],
    move: npt.NDArray[np.int32],
    budget: Budget,
) -> None:
    """Settle the component of ``vertices`` (increasing; a CSR digraph ``offsets``,
    ``heads``): ``wins[v]`` whether the mover wins at ``v`` with nothing used, ``move[v]``
    the position in ``heads`` of a winning move (-1: none). Every arc out of it must
    lead to settled vertices.

    Raises
    ------
    BudgetExceededError
        Past the budget (``budget`` keeps the count across components), or the memory.
    """
    c = component[vertices[0]]
    counts = (offsets[vertices + 1] - offsets[vertices]).astype(np.int64)
    total = int(counts.sum())
    positions = np.repeat(offsets[vertices] - np.cumsum(counts) + counts, counts) + np.arange(total)
    tails = np.repeat(np.arange(vertices.shape[0]), counts)  # local ids
    targets = heads[positions]
    inside = component[targets] == c
    heads_local = np.where(inside, np.searchsorted(vertices, targets), -1)
    # won at once: an arc out of the component to a vertex where the mover loses
    exits = np.flatnonzero(~inside & (wins[targets] == 0))
    won, first = np.unique(tails[exits], return_index=True)
    immediate = np.zeros(vertices.shape[0], dtype=bool)
    immediate[won] = True
    wins[vertices[won]] = 1
    move[vertices[won]] = positions[exits[first]]
    internal = np.flatnonzero(inside & ~immediate[tails])
    internal = internal[~immediate[heads_local[internal]]]
    rest = np.flatnonzero(~immediate)
    wins[vertices[rest]] = 0
    move[vertices[rest]] = -1
    if not internal.size:
        return
    n_local, n_arcs = vertices.shape[0], internal.shape[0]
    part = _Part(names, int(vertices[0]), n_local, n_arcs)
    if budget.left < 1:
        raise BudgetExceededError(part.over_budget(budget))
    # it settles at most a position per token and set of arcs: a small component's
    # search is sized by that, not by the budget
    limit = budget.left if n_arcs > 40 else min(budget.left, n_local << n_arcs)
    # the largest the search can grow to must fit on the machine (the memory is claimed
    # as the search grows, in _mover_wins)
    _require(
        _search.EdgeSearch.memory(n_arcs, limit), f"the exact search of {part.text}", claim=False
    )
    search_offsets = np.zeros(n_local + 1, dtype=np.int64)
    np.cumsum(np.bincount(tails[internal], minlength=n_local), out=search_offsets[1:])
    other = heads_local[internal].astype(INDEX_DTYPE)
    search = _search.EdgeSearch(
        search_offsets.astype(INDEX_DTYPE),
        np.arange(n_arcs, dtype=INDEX_DTYPE),
        other,
        n_arcs,
        limit,
    )
    words = max((n_arcs + 63) // 64, 1)
    present = np.zeros(64 * words, dtype=np.uint8)
    present[:n_arcs] = 1
    every = np.packbits(present, bitorder="little").view("<u8").astype(np.uint64)
    try:
        for u in rest.tolist():
            if not _mover_wins(search, part, budget, u, every):
                continue
            wins[vertices[u]] = 1
            for e in range(int(search_offsets[u]), int(search_offsets[u + 1])):
                after = every.copy()
                after[e >> 6] &= ~np.uint64(1 << (e & 63))
                if not _mover_wins(search, part, budget, int(other[e]), after):
                    move[vertices[u]] = positions[internal[e]]
                    break
    finally:
        budget.spent += search.n_states
