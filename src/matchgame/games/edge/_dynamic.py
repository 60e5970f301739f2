"""The biadjacency matrix of a position's component as play changes it, and the proofs
read from it.

A position's matrix ``A'`` over GF(2) has a fixed pattern, the component's vertex
pairs (rows X, columns Y, in the most banded order of
:func:`~matchgame.games.edge._algebra.biadjacency`), and one bit per entry, the
parity of the copies left: a move flips one bit of ``A'`` and one of its transpose.
Nothing dense is kept; each question is one banded elimination of ``A'`` or
``A'^T`` with the right-hand sides it needs carried along (64 a word), about the
cost of the placement analysis's elimination of one side (0.04 s on a 1000x1000
board).

What the questions answer (the theorem of :mod:`matchgame.games.edge.analysis`),
for a vertex ``v`` and the matrix ``M`` whose rows are ``v``'s side (``A'`` for X,
``A'^T`` for Y):

- :meth:`DynamicMatrix.prove`: the mover on ``v`` wins with a set ``T`` of the other
  side, ``M 1_T = e_v``, or loses with a set ``S`` of its own side holding ``v``,
  ``1_S^T M = 0`` (the rows of ``S`` other than ``v`` add up to ``v``'s row: one more
  elimination of ``M^T`` without ``v``'s column, ``v``'s row the right-hand side);
- :meth:`DynamicMatrix.solvable`: for several vertices of one side at once, whether
  ``M z = e_v`` has a solution (the mover there wins).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..._kernels import gf2 as _gf2
from ..._kernels._stop import check as _stop_point
from ...core._validate import plural
from ._algebra import _ALL, Biadjacency, eliminate, require

__all__ = ["DynamicMatrix", "Proof"]

Proof = tuple[bool, npt.NDArray[np.int32]]
"""Who wins and why: ``(True, T)`` or ``(False, S)``, the vertex ids of the set, sorted."""

_ENTRY_BYTES = 24  # an entry of the pattern: its column in A and A^T, its bit in each, its
# row's pointer share and the filtered copies a question makes


class DynamicMatrix:
    """``A'`` of a bipartite component: its pattern and a parity bit per entry.

    ``bi`` is the pattern (every pair of the component, in a banded order), ``parity``
    the parity of each entry of ``bi``'s ``A`` (CSR order).
    """

    def __init__(self, bi: Biadjacency, parity: npt.NDArray[np.bool_]) -> None:
        nx, ny = bi.shape
        require(
            _ENTRY_BYTES * int(bi.a_ind.shape[0]) + 16 * (nx + ny),
            f"an edge game position on a component of {plural(nx + ny, 'vertex', 'vertices')}",
        )
        self.bi = bi
        self.on = (np.asarray(parity, dtype=bool).copy(), np.empty(0, dtype=bool))
        rows = np.repeat(np.arange(nx, dtype=np.int64), np.diff(bi.a_ptr))
        # the entry of A^T holding each entry of A: A^T's entries sorted by (column, row)
        order = np.lexsort((rows, bi.a_ind))
        on_t = np.empty(order.shape[0], dtype=bool)
        on_t[:] = self.on[0][order]
        self.on = (self.on[0], on_t)

    @property
    def shape(self) -> tuple[int, int]:
        return self.bi.shape

    def flip(self, x: int, y: int) -> None:
        """Flip the entry of row ``x``, column ``y`` (indices in ``bi``'s order)."""
        bi = self.bi
        for (ptr, ind), on, r, c in (
            ((bi.a_ptr, bi.a_ind), self.on[0], x, y),
            ((bi.t_ptr, bi.t_ind), self.on[1], y, x),
        ):
            start, end = int(ptr[r]), int(ptr[r + 1])
            k = start + int(np.searchsorted(ind[start:end], c))
            if k >= end or int(ind[k]) != c:
                raise KeyError(f"no entry at ({x}, {y}) in the pattern")
            on[k] = not on[k]

    def _csr(
        self, side: int, drop: int = -1
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int32], int]:
        """The current matrix whose rows are side ``side`` (0: ``A'``, 1: ``A'^T``) as
        CSR, column ``drop`` left out."""
        bi = self.bi
        ptr, ind = (bi.a_ptr, bi.a_ind) if side == 0 else (bi.t_ptr, bi.t_ind)
        keep = self.on[side]
        if drop >= 0:
            keep = keep & (ind != drop)
        counts = np.zeros(keep.shape[0] + 1, dtype=np.int64)
        np.cumsum(keep, out=counts[1:])
        return counts[ptr], ind[keep], bi.shape[1 - side]

    def _vertices(self, side: int) -> npt.NDArray[np.int32]:
        return self.bi.xs if side == 0 else self.bi.ys

    def neighbours(self, side: int, i: int) -> npt.NDArray[np.int32]:
        """The indices (other side) of the 1 entries of row ``i`` of side ``side``'s
        matrix."""
        bi = self.bi
        ptr, ind = (bi.a_ptr, bi.a_ind) if side == 0 else (bi.t_ptr, bi.t_ind)
        start, end = int(ptr[i]), int(ptr[i + 1])
        row: npt.NDArray[np.int32] = ind[start:end][self.on[side][start:end]]
        return row

    def solvable(self, side: int, rows: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
        """For each row index ``i`` of side ``side``: whether ``M z = e_i`` has a solution
        (``M`` the matrix with that side's rows): the mover on that vertex wins."""
        ptr, ind, n_cols = self._csr(side)
        solutions = _solve(ptr, ind, n_cols, [np.array([i]) for i in rows.tolist()])
        return np.array([z is not None for z in solutions], dtype=bool)

    def prove(self, side: int, i: int) -> Proof:
        """Who wins with the token on row ``i`` of side ``side``, and the set that
        proves it (see the module docstring), as vertex ids: looked for in balls of
        growing radius round the token first, then in the whole component."""
        ball = _Ball(self, side, i)
        limit = sum(self.shape) // _LOCAL_SHARE
        for radius in _RADII:
            ball.grow(radius)
            if ball.size > limit:
                break
            proof = self._prove_in(ball, radius)
            if proof is not None:
                return proof
            if ball.closed:  # the whole component: one of the two proofs exists
                raise RuntimeError("neither proof in the token's whole component")
        return self._prove_everywhere(side, i)

    def _prove_everywhere(self, side: int, i: int) -> Proof:
        ptr, ind, n_cols = self._csr(side)
        (z,) = _solve(ptr, ind, n_cols, [np.array([i])])
        if z is not None:
            return True, np.sort(self._vertices(1 - side)[z])
        ptr, ind, n_cols = self._csr(1 - side, drop=i)
        (s,) = _solve(ptr, ind, n_cols, [self.neighbours(side, i).astype(np.int64)])
        if s is None:
            raise RuntimeError("a dependent row that no other rows add up to")
        members = np.append(self._vertices(side)[s], self._vertices(side)[i])
        return False, np.sort(members).astype(np.int32)

    def _prove_in(self, ball: _Ball, radius: int) -> Proof | None:
        """A proof inside the ball of ``radius``, or None. A set ``T`` of columns at
        distance below ``radius`` meets only rows of the ball, so ``M 1_T = e_v``
        checked there holds everywhere; likewise a set ``S`` of rows below
        ``radius`` and the columns of the ball."""
        side, i = ball.side, ball.token
        own_all, other_all = ball.members(side, radius), ball.members(1 - side, radius)
        own_in, other_in = ball.members(side, radius - 1), ball.members(1 - side, radius - 1)
        ptr, ind, n_cols = self._sub(side, own_all, other_in)
        (z,) = _solve(ptr, ind, n_cols, [np.searchsorted(own_all, [i])])
        if z is not None:
            return True, np.sort(self._vertices(1 - side)[other_in[z]])
        rows = own_in[own_in != i]
        ptr, ind, n_cols = self._sub(1 - side, other_all, rows)
        lane = np.searchsorted(other_all, self.neighbours(side, i))
        (s,) = _solve(ptr, ind, n_cols, [lane.astype(np.int64)])
        if s is None:
            return None
        members = np.append(self._vertices(side)[rows[s]], self._vertices(side)[i])
        return False, np.sort(members).astype(np.int32)

    def _sub(
        self, side: int, rows: npt.NDArray[np.int64], columns: npt.NDArray[np.int64]
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int32], int]:
        """The current submatrix of side ``side``'s matrix on ``rows`` and ``columns``
        (increasing indices), renumbered in the same order (so still banded)."""
        bi = self.bi
        ptr, ind = (bi.a_ptr, bi.a_ind) if side == 0 else (bi.t_ptr, bi.t_ind)
        owner, entry = _entries(ptr, rows)
        local = np.searchsorted(columns, ind[entry])
        local = np.minimum(local, max(columns.shape[0] - 1, 0))
        keep = self.on[side][entry]
        if columns.shape[0]:
            keep &= columns[local] == ind[entry]
        else:
            keep[:] = False
        counts = np.zeros(rows.shape[0] + 1, dtype=np.int64)
        np.cumsum(np.bincount(owner[keep], minlength=rows.shape[0]), out=counts[1:])
        return counts, local[keep].astype(np.int32), int(columns.shape[0])


def _solve(
    ptr: npt.NDArray[np.int64],
    ind: npt.NDArray[np.int32],
    n_cols: int,
    lanes: list[npt.NDArray[np.int64]],
) -> list[npt.NDArray[np.int64] | None]:
    """For each lane (distinct row indices: the right-hand side is the sum of their unit
    vectors) the columns of a solution ``z`` of ``M z = b``, or None if there is none;
    one banded elimination carries every lane (64 a word)."""
    n_rows = ptr.shape[0] - 1
    words = max(1, (len(lanes) + 63) // 64)
    carry = np.zeros((max(n_rows, 1), words), dtype=np.uint64)[:n_rows]
    for k, rows in enumerate(lanes):
        carry[rows, k >> 6] ^= np.uint64(1) << np.uint64(k & 63)
    echelon = eliminate(ptr, ind, n_cols, _ALL, carry, extra=8 * n_cols * words)
    bad = np.zeros(words, dtype=np.uint64)
    if echelon.dependent.shape[0]:
        bad = np.bitwise_or.reduce(carry[echelon.dependent], axis=0)
    x = _gf2.solve_carried(echelon.pivot_row, echelon.store, echelon.last, carry)
    del echelon, carry
    if x is None:
        _stop_point()
        raise RuntimeError("the back substitution stopped without a stop request")
    columns, lane_of = _gf2.set_bits(x)
    out: list[npt.NDArray[np.int64] | None] = []
    for k in range(len(lanes)):
        if int(bad[k >> 6]) >> (k & 63) & 1:
            out.append(None)
        else:
            out.append(columns[lane_of == k])
    return out


_RADII = (3, 6, 12, 24, 48)
"""Radii of the balls a proof is looked for in before the whole component (a
1000x1000 board, 20% blocked: about half of the proofs lie within 12 moves)."""
_LOCAL_SHARE = 8  # a ball holding more than 1/8 of the component: go global


class _Ball:
    """The vertices within a distance of a token, along the 1 entries of ``A'``:
    ``layers[d]`` the indices at distance ``d`` (the token's side when ``d`` is
    even), grown a layer at a time."""

    def __init__(self, matrix: DynamicMatrix, side: int, token: int) -> None:
        self.matrix = matrix
        self.side = side
        self.token = token
        self.layers: list[npt.NDArray[np.int64]] = [np.array([token], dtype=np.int64)]
        nx, ny = matrix.shape
        self.seen = (np.zeros(nx, dtype=bool), np.zeros(ny, dtype=bool))
        self.seen[side][token] = True
        self.size = 1
        self.closed = False

    def grow(self, radius: int) -> None:
        bi = self.matrix.bi
        while len(self.layers) <= radius and not self.closed:
            d = len(self.layers) - 1
            here = (self.side + d) & 1  # the side of layer d
            ptr, ind = (bi.a_ptr, bi.a_ind) if here == 0 else (bi.t_ptr, bi.t_ind)
            _, entries = _entries(ptr, self.layers[d])
            reached = np.unique(ind[entries[self.matrix.on[here][entries]]]).astype(np.int64)
            seen = self.seen[1 - here]
            reached = reached[~seen[reached]]
            seen[reached] = True
            self.layers.append(reached)
            self.size += reached.shape[0]
            self.closed = not reached.shape[0]  # no layer past an empty one

    def members(self, side: int, radius: int) -> npt.NDArray[np.int64]:
        """The indices of side ``side`` within ``radius``, increasing."""
        first = 0 if side == self.side else 1
        parts = self.layers[first : radius + 1 : 2]
        if not parts:
            return np.zeros(0, dtype=np.int64)
        return np.sort(np.concatenate(parts))


def _entries(
    ptr: npt.NDArray[np.int64], rows: npt.NDArray[np.int64]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The entries of ``rows`` of a CSR pattern: for each, its row's place in ``rows``
    and its index."""
    starts = ptr[rows]
    lengths = ptr[rows + 1] - starts
    owner = np.repeat(np.arange(rows.shape[0], dtype=np.int64), lengths)
    first = np.zeros(rows.shape[0], dtype=np.int64)
    np.cumsum(lengths[:-1], out=first[1:])
    return owner, starts[owner] + (np.arange(owner.shape[0]) - first[owner])
