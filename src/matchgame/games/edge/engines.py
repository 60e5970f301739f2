"""The engines behind the edge game's positions: who wins on the token's component,
kept up to date move by move (see :mod:`matchgame.games.edge.position`)."""

from __future__ import annotations

import numpy as np

from ..._kernels import gf2 as _gf2
from ...core.graph import Graph
from ...core.multigraph import MultiGraph
from ._algebra import biadjacency, require
from .search import ComponentSearch

__all__ = ["Algebra", "Searched", "searched_winning_move"]


class Algebra:
    """The bipartite engine: the transforms of ``A`` over GF(2), flipped move by move."""

    def __init__(
        self,
        multigraph: MultiGraph,
        left: np.ndarray,
        side: np.ndarray,
        inside: np.ndarray,
    ) -> None:
        odd = (left & 1).astype(bool)
        pairs = multigraph.pairs[odd].astype(np.int64)
        parity = Graph.from_edges(multigraph.n_vertices, pairs) if pairs.size else None
        graph = parity if parity is not None else Graph.from_edges(multigraph.n_vertices, [])
        graph = Graph._trusted(graph.offsets, graph.indices, names=multigraph.names)
        bi = biadjacency(graph, side, inside)
        nx, ny = bi.shape
        words = _gf2.band_words(bi.a_ptr, bi.a_ind, ny, np.empty(0, np.uint8))
        require(
            int(_gf2.Transforms.memory(nx, ny)) * 2 + nx * (8 * words + 24),
            f"a position of the edge game on {nx + ny} vertices (dense transforms over GF(2))",
        )
        self.transforms = _gf2.Transforms(bi.a_ptr, bi.a_ind, ny, words)
        self.side = side
        self.index = bi.index

    def toggle(self, u: int, v: int) -> None:
        x, y = (u, v) if self.side[u] == 0 else (v, u)
        self.transforms.flip(int(self.index[x]), int(self.index[y]))

    def mover_wins(self, token: int, left: np.ndarray) -> bool:
        i = int(self.index[token])
        if self.side[token] == 0:
            return not self.transforms.in_left_kernel_support(i)
        return not self.transforms.in_right_kernel_support(i)

    def winning_moves(self, token: int, reachable: list[int], left: np.ndarray) -> list[int]:
        """The reachable vertices ``y`` in T (``A z = e_token``) or in the other
        kernel's support: moving there leaves the opponent a losing start."""
        i = int(self.index[token])
        transforms = self.transforms
        if self.side[token] == 0:
            good = transforms.solve_row(i) | transforms.right_kernel_support()
        else:
            good = transforms.solve_column(i) | transforms.left_kernel_support()
        return [v for v in reachable if good[self.index[v]]]


class Searched:
    """The engine of a component with an odd cycle or a self-loop: the exact search,
    its positions remembered for the whole game."""

    def __init__(self, multigraph: MultiGraph, vertices: np.ndarray, max_states: int) -> None:
        self.search = ComponentSearch(multigraph, vertices, max_states, parity_only=False)

    def toggle(self, u: int, v: int) -> None:
        pass  # the position is read from the copies left at each question

    def _present(self, left: np.ndarray) -> np.ndarray:
        return self.search.present_words((left[self.search.pair_index] & 1).astype(bool))

    def mover_wins(self, token: int, left: np.ndarray) -> bool:
        return self.search.mover_wins(token, self._present(left))

    def winning_moves(self, token: int, reachable: list[int], left: np.ndarray) -> list[int]:
        out = []
        for v in reachable:
            a, b = (token, v) if token <= v else (v, token)
            k = int(np.searchsorted(self.search.multigraph._keys, a * self._n + b))
            left[k] -= 1
            try:
                if not self.search.mover_wins(v, self._present(left)):
                    out.append(v)
            finally:
                left[k] += 1
        return out

    @property
    def _n(self) -> int:
        return max(self.search.multigraph.n_vertices, 1)


# -- records ---------------------------------------------------------------------------


def searched_winning_move(multigraph: MultiGraph, token: int, max_states: int) -> int | None:
    """The first winning move (in vertex order) of the player to move on ``token``,
    nothing used, on a component the search decides (an odd cycle or a self-loop);
    None when the mover loses.

    Raises
    ------
    BudgetExceededError
        Past ``max_states`` positions.
    """
    support = multigraph.support
    n = multigraph.n_vertices
    component, _, _ = _gf2.component_sides(support.offsets, support.indices, np.zeros(n, np.uint8))
    inside = np.flatnonzero(component == component[token])
    engine = Searched(multigraph, inside, max_states)
    left = multigraph.multiplicity.astype(np.int64)
    reachable = sorted(int(v) for v in support.neighbours(token))
    loop = np.flatnonzero((multigraph.pairs[:, 0] == token) & (multigraph.pairs[:, 1] == token))
    if loop.size:
        reachable = sorted([*reachable, token])
    moves = engine.winning_moves(token, reachable, left)
    return moves[0] if moves else None
