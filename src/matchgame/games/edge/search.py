"""The exact search of edge geography on one component of a multigraph.

Where the theorem does not reach (a component with an odd cycle or an odd
self-loop: the game is PSPACE-complete there), the kernel ``_kernels/edgesearch``
searches every position, remembering each, within a budget of states.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..._kernels import edgesearch as _search
from ...core._validate import plural
from ...core.multigraph import MultiGraph
from ...errors import BudgetExceededError
from ..budget import MAX_BUDGET, MAX_STATES, raising_hint
from ._algebra import require

__all__ = ["MAX_BUDGET", "MAX_STATES", "ComponentSearch"]


class ComponentSearch:
    """The exact search on one component of a multigraph, with its messages.

    ``vertices``: the component's vertices; ``max_states``: the budget, of which
    ``spent`` went to other components. ``parity_only``: index only the pairs
    of odd multiplicity (an analysis with nothing used); otherwise every pair of
    the component, so positions after moves along even pairs are answered too.
    Positions are given as ``present`` words (:attr:`initial`: nothing used).
    """

    def __init__(
        self,
        multigraph: MultiGraph,
        vertices: np.ndarray,
        max_states: int,
        spent: int = 0,
        *,
        parity_only: bool,
    ) -> None:
        self.multigraph = multigraph
        self.vertices = vertices
        self.max_states = max_states
        self.budget = max_states - spent
        pairs = multigraph.pairs
        inside = np.zeros(multigraph.n_vertices, dtype=bool)
        inside[vertices] = True
        keep = inside[pairs[:, 0]]
        if parity_only:
            keep &= (multigraph.multiplicity & 1).astype(bool)
        self.pair_index = np.flatnonzero(keep)  # the multigraph's pairs, as edges here
        own = pairs[self.pair_index].astype(np.int64)
        n = multigraph.n_vertices
        loop = own[:, 0] == own[:, 1]
        # incidences: each pair from both ends, a loop once
        ends = np.concatenate([own[:, 0], own[~loop, 1]])
        others = np.concatenate([own[:, 1], own[~loop, 0]])
        edge_ids = np.concatenate([np.arange(own.shape[0]), np.flatnonzero(~loop)])
        order = np.lexsort((others, ends))
        self.offsets = np.zeros(n + 1, dtype=np.int32)
        np.cumsum(np.bincount(ends, minlength=n), out=self.offsets[1:])
        self.edge_of = edge_ids[order].astype(np.int32)
        self.other = others[order].astype(np.int32)
        self.n_edges = int(own.shape[0])
        self.words = max((self.n_edges + 63) // 64, 1)
        odd = (multigraph.multiplicity[self.pair_index] & 1).astype(bool)
        self.initial = self.present_words(odd)
        self._search: _search.EdgeSearch | None = None
        self.decided = 0  # questions answered (a refusal says how far it got)

    def present_words(self, present: npt.NDArray[np.bool_]) -> npt.NDArray[np.uint64]:
        """Per edge of this search whether it is present, packed into words."""
        bits = np.zeros(64 * self.words, dtype=np.uint8)
        bits[: present.shape[0]] = present
        return np.packbits(bits, bitorder="little").view("<u8").astype(np.uint64)

    @property
    def n_states(self) -> int:
        return 0 if self._search is None else int(self._search.n_states)

    def mover_wins(self, token: int, present: npt.NDArray[np.uint64]) -> bool:
        """Who wins with the token on ``token`` and the edges of ``present``."""
        from ..._kernels._stop import check

        what = f"the exact search of {self._component_text()}"
        if self._search is None:
            if self.budget < 1:
                raise BudgetExceededError(self._over_budget_message())
            # its largest, within the budget, must fit in the memory there is (a state
            # costs a record of 40 to 56 bytes and two slots, whatever the component's
            # size); the memory is claimed as the search grows, below
            require(_search.EdgeSearch.memory(self.n_edges, self.budget), what, claim=False)
            self._search = _search.EdgeSearch(
                self.offsets, self.edge_of, self.other, self.n_edges, self.budget
            )
        result = self._search.mover_wins(token, present)
        while result == _search.NEEDS_ROOM:
            require(self._search.growth_bytes(), what)
            try:
                self._search.grow()
            except MemoryError:
                result = _search.OUT_OF_MEMORY
                break
            result = self._search.mover_wins(token, present)
        if result == _search.STOPPED:
            check()
            raise RuntimeError("the search stopped without a stop request")
        if result == _search.OUT_OF_MEMORY:
            raise BudgetExceededError(
                f"the exact search of {self._component_text()} ran out of memory after "
                f"{plural(self.n_states, 'position', grouped=True)}"
            )
        if result == _search.OVER_BUDGET:
            raise BudgetExceededError(self._over_budget_message())
        self.decided += 1
        return result == _search.WIN

    def _component_text(self) -> str:
        names = self.multigraph.names
        first = names.describe(int(self.vertices[0]))
        return (
            f"the component of {first} ({plural(self.vertices.shape[0], 'vertex', 'vertices')}, "
            f"{plural(self.n_edges, 'edge')} once reduced to parities)"
        )

    def _over_budget_message(self) -> str:
        spent = self.max_states - self.budget
        elsewhere = f", {spent:,} of them spent on other components" if spent else ""
        hint = raising_hint(
            self.max_states,
            lambda n: int(_search.EdgeSearch.memory(self.n_edges, n)),
            decided=self.decided,
            questions=int(self.vertices.shape[0]),
        )
        return (
            f"edge geography on a graph with an odd cycle (a self-loop is one) is "
            f"PSPACE-complete, and the exact "
            f"search of {self._component_text()} needs more positions than max_states = "
            f"{self.max_states:,} allows{elsewhere}{hint}"
        )
