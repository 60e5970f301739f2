"""Who wins directed vertex geography, where theory allows at once, by search otherwise.

Three regions of a digraph, each answered its own way:

- **acyclic**: the vertices from which no cycle can be reached. From there the token
  can never come back to a vertex it left, whatever was visited before, so the
  position is its vertex alone: retrograde analysis labels them in reverse
  topological order (the mover wins iff some arc leads to a losing vertex), in
  linear time, and the labels hold in every position of a game;
- **symmetric**: the weakly connected components whose every arc has its reverse.
  There the game is the undirected vertex game, answered by the matching theorem
  (the vertex game's analysis, found through the registry by name);
- **the rest**: an exact search over (token, visited vertices), each position
  remembered, within a budget of positions (generalized geography is
  PSPACE-complete: Schaefer 1978), stepping into the acyclic region's labels as soon
  as the token reaches it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..._kernels._stop import check as _stop_point
from ..._kernels.graphs import component_sizes_without
from ...core._memory import require_memory
from ...core.digraph import DiGraph
from ...errors import BudgetExceededError
from ..budget import raising_hint

__all__ = ["ACYCLIC", "SEARCHED", "SYMMETRIC", "Regions", "Search", "regions"]

ACYCLIC, SYMMETRIC, SEARCHED = 1, 2, 3
"""How a vertex's verdict is found: retrograde labels, the matching theorem, search."""

_STATE_BYTES = 160  # a remembered position: a dict entry, its key tuple and big int


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


class Search:
    """The exact search of positions ``(token, visited)``, each remembered, within a
    budget of ``max_states`` positions; the acyclic region's labels end a line of play
    as soon as the token reaches it."""

    def __init__(self, graph: DiGraph, labels: Regions, max_states: int) -> None:
        self.graph = graph
        self.labels = labels
        self.max_states = max_states
        self.successors = [
            graph.indices[graph.offsets[v] : graph.offsets[v + 1]].tolist()
            for v in range(graph.n_vertices)
        ]
        self.memo: dict[tuple[int, int], bool] = {}
        self.claimed = 0
        self.decided = 0  # questions answered (a refusal says how far it got)
        self.questions = int(np.count_nonzero(labels.region == SEARCHED))

    @property
    def n_states(self) -> int:
        """Positions remembered so far."""
        return len(self.memo)

    def mover_wins(self, token: int, visited: int) -> bool:
        """Whether the player to move wins with the token on ``token`` and the vertices
        of the bit set ``visited`` (the token's included) used up.

        Raises
        ------
        BudgetExceededError
            Past ``max_states`` positions, or the memory they need.
        """
        labels = self.labels
        if labels.region[token] == ACYCLIC:
            return bool(labels.mover_wins[token])
        memo, successors = self.memo, self.successors
        # an explicit stack: a line of play may be as long as the graph
        stack: list[tuple[int, int, int]] = [(token, visited, 0)]
        result = False
        while stack:
            at, seen, next_move = stack[-1]
            key = (at, seen)
            known = memo.get(key)
            if known is not None:
                stack.pop()
                result = known
                continue
            moves = successors[at]
            decided = None
            i = next_move
            while i < len(moves):
                w = moves[i]
                i += 1
                if seen >> w & 1:
                    continue
                if labels.region[w] == ACYCLIC:
                    if not labels.mover_wins[w]:
                        decided = True
                        break
                    continue
                child = memo.get((w, seen | 1 << w))
                if child is None:  # search it first, then come back to this move
                    stack[-1] = (at, seen, i - 1)
                    stack.append((w, seen | 1 << w, 0))
                    break
                if not child:
                    decided = True
                    break
            else:
                decided = False
            if decided is None:
                continue
            self._remember(key, decided)
            stack.pop()
            result = decided
        self.decided += 1
        return result

    def _remember(self, key: tuple[int, int], value: bool) -> None:
        memo = self.memo
        if len(memo) >= self.max_states:
            bits = max(self.graph.n_vertices, 64)
            hint = raising_hint(
                self.max_states,
                lambda n: n * (_STATE_BYTES + bits // 8),
                decided=self.decided,
                questions=self.questions,
            )
            raise BudgetExceededError(
                "directed geography on a digraph with a cycle is PSPACE-complete (Schaefer "
                f"1978), and the exact search needs more positions than max_states = "
                f"{self.max_states:,} allows{hint}"
            )
        if len(memo) >= self.claimed:  # claim the memory a block of positions at a time
            block = max(1024, len(memo))
            bits = max(self.graph.n_vertices, 64)
            require_memory(
                (self.claimed + block) * (_STATE_BYTES + bits // 8),
                "the exact search of directed geography",
            )
            self.claimed += block
            _stop_point()
        memo[key] = value
