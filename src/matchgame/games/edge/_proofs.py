"""The programs that prove the edge game's losing placements (the mover wins), for
its certificate (:mod:`.certificate`).

The mover on ``v`` (side X, say) wins iff ``e_v`` is a sum of columns of ``A``:
``A 1_T = e_v`` for a set ``T`` of Y. Writing every ``T`` out costs the sum of
their sizes, quadratic on a path (``T`` of its first vertex is half the path).
Here each ``T`` is a short program over shared parts instead:

- *pivot nodes*: the banded elimination of ``A^T`` (rows Y, columns X), its row
  operations logged. The row ``q`` that becomes the pivot of column ``c`` ends as
  ``r_c = a_q + r_{c1} + r_{c2} + ...`` (``a_q`` the neighbours of ``q``, the ``r``
  the pivot rows added to it, in the log): so ``T(c) = {q} + T(c1) + ...`` has
  ``A 1_T(c) = r_c``, and the certificate gives ``r_c`` (within the band) and the
  references, not ``T(c)``;
- *unit nodes*: ``e_v = r_v + r_j + ... + e_u + ...`` by reducing ``e_v`` at its
  lowest column, by a unit vector proved before or else by a pivot row
  (``_kernels/gf2proofs.unit_proofs``): ``T_v`` is the sum of those nodes' sets.

Y's vertices likewise with ``A`` and ``A^T`` exchanged. On a board a node holds
tens of numbers; on a path each unit node refers to one pivot and one unit node.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..._kernels import gf2 as _gf2
from ..._kernels import gf2proofs as _proofs
from ..._kernels._stop import check as _stop_point
from ._algebra import Biadjacency, require

__all__ = ["Programs", "programs"]

_OP_BYTES = 8  # a logged row operation (two int32)
_TERM_BYTES = 40  # a term of a program or a pivot row's member, until written


@dataclass(frozen=True, eq=False)
class Programs:
    """The nodes of both sides, in the certificate's order (vertex ids).

    Pivot node ``k``: vertex ``pivot_vertex[k]``, its vector ``r`` at
    ``row_members[row_ptr[k]:row_ptr[k + 1]]``, its references (earlier pivot
    nodes) at ``pivot_refs[ref_ptr[k]:ref_ptr[k + 1]]``. Unit node ``k``: vertex
    ``proved[k]``, its terms at ``terms[term_ptr[k]:term_ptr[k + 1]]``: ``j >= 0``
    pivot node ``j``, ``-1 - j`` unit node ``j`` (earlier).
    """

    pivot_vertex: npt.NDArray[np.int64]
    row_ptr: npt.NDArray[np.int64]
    row_members: npt.NDArray[np.int64]
    ref_ptr: npt.NDArray[np.int64]
    pivot_refs: npt.NDArray[np.int64]
    proved: npt.NDArray[np.int64]
    term_ptr: npt.NDArray[np.int64]
    terms: npt.NDArray[np.int64]


def _logged(
    ptr: npt.NDArray[np.int64], ind: npt.NDArray[np.int32], n_cols: int
) -> tuple[
    npt.NDArray[np.int32], npt.NDArray[np.uint64], npt.NDArray[np.int32], npt.NDArray[np.int32]
]:
    """The banded elimination with its log (run again with room for all of it when
    the first guess was short)."""
    n_rows = ptr.shape[0] - 1
    words = _gf2.band_words(ptr, ind, n_cols, np.empty(0, dtype=np.uint8))
    room = max(4 * ind.shape[0], 1024)
    while True:
        require(
            n_rows * (8 * words + 24) + 12 * n_cols + _OP_BYTES * room,
            f"the logged GF(2) elimination of a {n_rows} x {n_cols} matrix",
        )
        ops = np.empty((room, 2), dtype=np.int32)
        result = _gf2.eliminate_logged(ptr, ind, n_cols, words, ops)
        if result is None:
            _stop_point()
            raise RuntimeError("the elimination stopped without a stop request")
        _, pivot_row, store, last, _, _, n_ops = result
        if n_ops <= room:
            return pivot_row, store, last, ops[:n_ops]
        room = n_ops


def _side(
    ptr: npt.NDArray[np.int64],
    ind: npt.NDArray[np.int32],
    n_cols: int,
    rows_vertex: npt.NDArray[np.int32],
    cols_vertex: npt.NDArray[np.int32],
    provable: npt.NDArray[np.bool_],
    first_node: int,
    first_unit: int,
) -> tuple[list[npt.NDArray[np.int64]], list[npt.NDArray[np.int64]]]:
    """The nodes of one side: the matrix's rows are the sets' side, its columns the
    proved side (see the module docstring)."""
    pivot_row, store, last, ops = _logged(ptr, ind, n_cols)
    columns = np.flatnonzero(pivot_row >= 0)
    node_of_column = np.full(n_cols, -1, dtype=np.int64)
    node_of_column[columns] = first_node + np.arange(columns.shape[0])
    row_ptr, row_members = _proofs.ring_bits(pivot_row, store, last)
    # the references: the log's operations on rows that became pivots, by pivot node
    pivot_column_of_row = np.full(max(ptr.shape[0] - 1, 1), -1, dtype=np.int64)
    pivot_column_of_row[pivot_row[columns]] = columns
    target = pivot_column_of_row[ops[:, 0]] if ops.shape[0] else np.zeros(0, np.int64)
    kept = target >= 0
    owner = node_of_column[target[kept]] - first_node
    refs = node_of_column[ops[kept, 1].astype(np.int64)]
    order = np.argsort(owner, kind="stable")
    ref_counts = np.bincount(owner, minlength=columns.shape[0])
    sizes = np.diff(row_ptr)[columns]
    require(_TERM_BYTES * (int(sizes.sum()) + int(refs.shape[0])), "the certificate's pivots")
    flat_rows = row_members[_ranges(row_ptr, columns)]
    # the unit nodes: provable columns, last first
    wanted = np.flatnonzero(provable)[::-1].astype(np.int32)
    unit = _proofs.unit_proofs(pivot_row, store, last, wanted)
    if unit is None:
        _stop_point()
        raise RuntimeError("the unit programs stopped without a stop request")
    term_ptr, coded = unit
    unit_of_column = np.full(n_cols, -1, dtype=np.int64)
    unit_of_column[wanted] = first_unit + np.arange(wanted.shape[0])
    is_unit = (coded & 1) == 1
    column = coded >> 1
    terms = np.where(is_unit, -1 - unit_of_column[column], node_of_column[column])
    return (
        [
            rows_vertex[pivot_row[columns]].astype(np.int64),
            np.diff(row_ptr)[columns],
            cols_vertex[flat_rows].astype(np.int64),
            ref_counts,
            refs[order],
        ],
        [cols_vertex[wanted].astype(np.int64), np.diff(term_ptr), terms],
    )


def _ranges(ptr: npt.NDArray[np.int64], which: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The indices ``ptr[w]:ptr[w + 1]`` of every ``w`` of ``which``, in order."""
    lengths = ptr[which + 1] - ptr[which]
    owner = np.repeat(np.arange(which.shape[0]), lengths)
    return ptr[which][owner] + (np.arange(owner.shape[0]) - _offsets(lengths)[owner])


def _offsets(sizes: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    out = np.zeros(sizes.shape[0] + 1, dtype=np.int64)
    np.cumsum(sizes, out=out[1:])
    return out


def programs(bi: Biadjacency, provable_x: np.ndarray, provable_y: np.ndarray) -> Programs:
    """The nodes proving the vertices ``provable_x`` (rows of ``A``, by index) and
    ``provable_y`` (columns) winning starts; side X's nodes first."""
    nx, ny = bi.shape
    pivots_x, units_x = _side(
        bi.t_ptr, bi.t_ind, nx, bi.ys, bi.xs, provable_x, 0, 0
    )  # X proved by sets of Y
    first_node = int(pivots_x[0].shape[0])
    pivots_y, units_y = _side(
        bi.a_ptr, bi.a_ind, ny, bi.xs, bi.ys, provable_y, first_node, int(units_x[0].shape[0])
    )
    return Programs(
        np.concatenate([pivots_x[0], pivots_y[0]]),
        _offsets(np.concatenate([pivots_x[1], pivots_y[1]])),
        np.concatenate([pivots_x[2], pivots_y[2]]),
        _offsets(np.concatenate([pivots_x[3], pivots_y[3]])),
        np.concatenate([pivots_x[4], pivots_y[4]]),
        np.concatenate([units_x[0], units_y[0]]),
        _offsets(np.concatenate([units_x[1], units_y[1]])),
        np.concatenate([units_x[2], units_y[2]]),
    )
