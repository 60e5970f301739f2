"""The engines behind the edge game's positions: who wins on the token's component,
kept up to date move by move (see :mod:`matchgame.games.edge.position`)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..._kernels import gf2 as _gf2
from ...core._validate import plural
from ...core.graph import Graph
from ...core.multigraph import MultiGraph
from ._algebra import biadjacency, require
from ._dynamic import DynamicMatrix, Proof
from .search import ComponentSearch

__all__ = [
    "DENSE_BYTES",
    "Algebra",
    "Dense",
    "Searched",
    "bipartite_engine",
    "searched_winning_move",
]

DENSE_BYTES = 16 << 20
"""The dense transforms of a component are kept up to this size of ``P`` and ``Q``
(about 8,000 vertices a side, a 130x130 board): there a flip costs ~0.03 ms and a
set-up ~10 to 40 ms, against an elimination (~1 ms) for each question a move
leaves unproved. Past it their size grows as the square and the set-up as the
cube; :class:`Algebra` keeps nothing dense."""


def bipartite_engine(
    multigraph: MultiGraph, left: np.ndarray, side: np.ndarray, inside: np.ndarray
) -> Dense | Algebra:
    """The engine of a bipartite component: :class:`Dense` while its transforms fit
    in :data:`DENSE_BYTES`, else :class:`Algebra`."""
    nx = int(np.count_nonzero(inside & (side == 0)))
    ny = int(np.count_nonzero(inside & (side == 1)))
    if 2 * int(_gf2.Transforms.memory(nx, ny)) <= DENSE_BYTES:
        return Dense(multigraph, left, side, inside)
    return Algebra(multigraph, left, side, inside)


class Dense:
    """The engine of a small bipartite component: invertible ``P``, ``Q`` with
    ``P A' Q = diag(I_r, 0)``, kept through each move's flip in O((|X| + |Y|)^2 / 64)
    word operations (``_kernels/gf2.Transforms``): the rows of ``P`` past ``r``
    span the left kernel, the columns of ``Q`` past ``r`` the right kernel."""

    def __init__(
        self,
        multigraph: MultiGraph,
        left: np.ndarray,
        side: np.ndarray,
        inside: np.ndarray,
    ) -> None:
        odd = (left & 1).astype(bool)
        pairs = multigraph.pairs[odd].astype(np.int64)
        graph = Graph.from_edges(multigraph.n_vertices, pairs if pairs.size else [])
        graph = Graph._trusted(graph.offsets, graph.indices, names=multigraph.names)
        bi = biadjacency(graph, side, inside)
        nx, ny = bi.shape
        words = _gf2.band_words(bi.a_ptr, bi.a_ind, ny, np.empty(0, np.uint8))
        require(
            int(_gf2.Transforms.memory(nx, ny)) * 2 + nx * (8 * words + 24),
            f"a position of the edge game on {plural(nx + ny, 'vertex', 'vertices')} (dense "
            "transforms over GF(2))",
        )
        self.transforms = _gf2.Transforms(bi.a_ptr, bi.a_ind, ny, words)
        self.side = side
        self.index = bi.index

    def start(self, token: int) -> None:
        pass

    def push(self, u: int, v: int) -> None:
        self._flip(u, v)

    def pop(self, u: int, v: int) -> None:
        self._flip(u, v)

    def _flip(self, u: int, v: int) -> None:
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

    def winning_reply(self, token: int, reachable: list[int], left: np.ndarray) -> int | None:
        moves = self.winning_moves(token, reachable, left)
        return moves[0] if moves else None


class Algebra:
    """The bipartite engine: ``A'`` as a pattern with a parity bit per entry
    (:class:`~._dynamic.DynamicMatrix`, no dense transform) and a proof per ply.

    The proofs persist through play (the theorem of
    :mod:`matchgame.games.edge.analysis`): if the mover on ``x`` loses with ``S``,
    after any move ``x -> y`` the set ``S`` proves ``y`` winning (``y`` now has one
    edge into ``S``, an odd number); if the mover on ``x`` wins with ``T`` and moves
    to ``y`` in ``T``, ``T`` proves ``y`` losing. So a game that follows its proofs
    costs nothing past the first question; a move out of ``T`` (a mistake, or a
    second winning move) leaves the next position unproved, and its first question
    costs an elimination or two. Taking a move back restores the proof it had.
    """

    def __init__(
        self,
        multigraph: MultiGraph,
        left: np.ndarray,
        side: np.ndarray,
        inside: np.ndarray,
    ) -> None:
        bi = biadjacency(multigraph.support, side, inside)
        odd = (left & 1).astype(bool)
        if odd.all():  # every pair once (a board, a simple graph) and nothing used
            parity = np.ones(bi.a_ind.shape[0], dtype=bool)
        else:
            rows = np.repeat(bi.xs, np.diff(bi.a_ptr)).astype(np.int64)
            cols = bi.ys[bi.a_ind].astype(np.int64)
            n = max(multigraph.n_vertices, 1)
            keys = np.minimum(rows, cols) * n + np.maximum(rows, cols)
            parity = odd[np.searchsorted(multigraph._keys, keys)]
            del rows, cols, keys
        self.matrix = DynamicMatrix(bi, parity)
        self.side = side
        self.index = bi.index
        # per ply: [token, proof or None, winning moves or None, {vertex: its proof as
        # the mover in this ply's matrix}, for the moves asked about]
        self._plies: list[list[Any]] = []

    def start(self, token: int) -> None:
        self._plies = [[token, None, None, {}]]

    def push(self, u: int, v: int) -> None:
        """The move ``u -> v``: flip its entry, carry a proof over if one persists.

        With ``u`` losing by ``S``: ``S`` proves ``v`` winning. With ``u`` winning by
        ``T`` and ``v`` in ``T``: ``T`` proves ``v`` losing. With ``v`` outside ``T``
        and ``v``'s own proof in the matrix before the move known (asked about for the
        winning moves): a set ``W`` proving ``v`` winning still does (``u`` is outside
        ``W``, else ``1_W^T A 1_T`` would be both ``[u in W]`` and ``[v in T]``), and a
        set ``S_v`` proving ``v`` losing gives ``T`` xor ``S_v`` (``A'`` maps both to
        ``e_u``)."""
        self._flip(u, v)
        ply = self._plies[-1] if self._plies else None
        carried: Proof | None = None
        if ply is not None and ply[1] is not None:
            wins, members = ply[1]
            if not wins or _holds(members, v):
                carried = (not wins, members)
            elif v in ply[3]:
                v_wins, own = ply[3][v]
                carried = (True, own) if v_wins else (False, np.setxor1d(members, own))
        self._plies.append([v, carried, None, {}])

    def pop(self, u: int, v: int) -> None:
        """Take back the move ``u -> v``."""
        self._flip(u, v)
        self._plies.pop()

    def _flip(self, u: int, v: int) -> None:
        x, y = (u, v) if self.side[u] == 0 else (v, u)
        self.matrix.flip(int(self.index[x]), int(self.index[y]))

    def proof(self, token: int) -> Proof:
        """Who wins with ``token`` to move, and the set proving it (vertex ids)."""
        ply = self._plies[-1]
        if ply[0] != token:
            raise RuntimeError("the engine's plies and the position disagree")
        if ply[1] is None:
            ply[1] = self.matrix.prove(int(self.side[token]), int(self.index[token]))
        proof: Proof = ply[1]
        return proof

    def mover_wins(self, token: int, left: np.ndarray) -> bool:
        return self.proof(token)[0]

    def winning_moves(self, token: int, reachable: list[int], left: np.ndarray) -> list[int]:
        """The reachable ``y`` in ``T`` or in the support of the kernel on ``y``'s side
        (the solutions of ``A' z = e_token`` are ``1_T`` plus that kernel): moving
        there leaves the opponent a losing start."""
        ply = self._plies[-1]
        if ply[2] is None:
            ply[2] = self._winners(token, reachable, len(reachable))
        winners: list[int] = ply[2]
        return winners

    def winning_reply(self, token: int, reachable: list[int], left: np.ndarray) -> int | None:
        """The first winning move in vertex order (the moves before the first one in
        ``T`` are the only ones asked about)."""
        ply = self._plies[-1]
        if ply[2] is not None:
            return ply[2][0] if ply[2] else None
        first = self._winners(token, reachable, 1)
        return first[0] if first else None

    def _winners(self, token: int, reachable: list[int], wanted: int) -> list[int]:
        """The first ``wanted`` winning moves among ``reachable`` (increasing)."""
        wins, members = self.proof(token)
        if not wins:
            return []
        in_t = [_holds(members, v) for v in reachable]
        asked: list[int] = []  # the moves before the wanted-th one in T
        found = 0
        for v, inside in zip(reachable, in_t, strict=True):
            if inside:
                found += 1
                if found == wanted:
                    break
            else:
                asked.append(v)
        kernel: set[int] = set()
        known = self._plies[-1][3]
        for v in asked:  # in the kernel's support iff the mover there would lose in A'
            if v not in known:
                known[v] = self.matrix.prove(int(self.side[v]), int(self.index[v]))
            if not known[v][0]:
                kernel.add(v)
        out = [v for v, inside in zip(reachable, in_t, strict=True) if inside or v in kernel]
        return out[:wanted]


def _holds(members: np.ndarray, v: int) -> bool:
    """Whether the sorted ids ``members`` hold ``v``."""
    k = int(np.searchsorted(members, v))
    return k < members.shape[0] and int(members[k]) == v


class Searched:
    """The engine of a component with an odd cycle or a self-loop: the exact search,
    its positions remembered for the whole game."""

    def __init__(self, multigraph: MultiGraph, vertices: np.ndarray, max_states: int) -> None:
        self.search = ComponentSearch(multigraph, vertices, max_states, parity_only=False)

    def start(self, token: int) -> None:
        pass  # the position is read from the copies left at each question

    def push(self, u: int, v: int) -> None:
        pass

    def pop(self, u: int, v: int) -> None:
        pass

    def winning_reply(self, token: int, reachable: list[int], left: np.ndarray) -> int | None:
        moves = self.winning_moves(token, reachable, left)
        return moves[0] if moves else None

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
