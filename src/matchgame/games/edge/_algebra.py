"""The linear algebra of edge geography on bipartite graphs, over GF(2).

The theorem and the game are described in :mod:`matchgame.games.edge.analysis`; this
module computes what it needs: the graph reduced to parities split into its
components (:func:`graph_parts`), the biadjacency matrix ``A`` (sides X and Y)
of the bipartite ones in a banded order (:func:`biadjacency`), the supports of
the left and right kernels of ``A`` by a Las Vegas scheme that verifies its
answer (:func:`kernel_supports`), and solutions of ``A z = e_x``
(:func:`solve_rows`). The loops are in ``_kernels/gf2.pyx``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from ..._kernels import gf2 as _gf2
from ..._kernels._stop import check as _stop_point
from ...core._memory import require_memory
from ...core._validate import plural
from ...core.graph import Graph
from ...core.multigraph import MultiGraph
from ...core.names import BoardCells
from ...errors import BudgetExceededError

__all__ = [
    "Biadjacency",
    "Echelon",
    "GraphParts",
    "KernelSupports",
    "biadjacency",
    "graph_parts",
    "kernel_supports",
    "solve_rows",
]

LANES = 64
"""Random kernel vectors drawn at once (one bit of a 64-bit word each)."""
SEED = 0x5EED_ED6E
"""The lanes' generator starts here, so answers and certificates are reproducible;
the answer is verified whatever the draw."""
_MAX_DRAWS = 64  # each further draw fails with probability ~ n / 2**64


def require(n_bytes: int, what: str, *, claim: bool = True) -> None:
    """Refuse, before allocating, a computation that cannot fit in memory (``claim``:
    see :func:`~matchgame.core._memory.require_memory`)."""
    require_memory(n_bytes, what, error=BudgetExceededError, claim=claim)


@dataclass(frozen=True, eq=False)
class GraphParts:
    """A multigraph reduced to parities, split into components.

    ``parity`` is the simple graph of the pairs joined by an odd number of edges and
    ``odd_loop`` the vertices with an odd number of self-loops: who wins any
    position depends only on them. ``component[v]`` numbers the components of
    ``parity``; ``side[v]`` is a 2-colouring of each; ``bipartite[c]`` says whether
    component ``c`` has no odd cycle and no odd self-loop.
    """

    parity: Graph
    odd_loop: npt.NDArray[np.bool_]
    component: npt.NDArray[np.int32]
    side: npt.NDArray[np.uint8]
    bipartite: npt.NDArray[np.bool_]

    @property
    def on_bipartite(self) -> npt.NDArray[np.bool_]:
        """Per vertex: its component is bipartite (the theorem answers it)."""
        return self.bipartite[self.component]


def graph_parts(multigraph: MultiGraph) -> GraphParts:
    """The parts of the edge game on ``multigraph`` (see :class:`GraphParts`)."""
    parity, odd_loop = multigraph.parity
    component, side, bipartite = _gf2.component_sides(
        parity.offsets, parity.indices, odd_loop.view(np.uint8)
    )
    return GraphParts(parity, odd_loop, component, side, bipartite)


@dataclass(frozen=True, eq=False)
class Biadjacency:
    """The biadjacency matrix ``A`` over GF(2) of the bipartite part of a graph.

    Rows are the vertices ``xs`` (side X), columns ``ys`` (side Y), each in the
    elimination order; ``index[v]`` is a vertex's row or column (-1 outside the
    part). ``A`` and its transpose as CSR: ``a_ptr``/``a_ind`` (rows X),
    ``t_ptr``/``t_ind`` (rows Y).
    """

    xs: npt.NDArray[np.int32]
    ys: npt.NDArray[np.int32]
    index: npt.NDArray[np.int64]
    a_ptr: npt.NDArray[np.int64]
    a_ind: npt.NDArray[np.int32]
    t_ptr: npt.NDArray[np.int64]
    t_ind: npt.NDArray[np.int32]
    order: str

    @property
    def shape(self) -> tuple[int, int]:
        return self.xs.shape[0], self.ys.shape[0]


def biadjacency(parity: Graph, side: np.ndarray, part: np.ndarray) -> Biadjacency:
    """``A`` of the vertices in ``part`` (bipartite components, 2-coloured by
    ``side``) in the most banded of two orders: on a board row- or column-major
    (the shorter lines first), on a graph its ids or reverse Cuthill-McKee."""
    names = parity.names
    n = parity.n_vertices
    candidates: list[tuple[str, np.ndarray | None]]
    if isinstance(names, BoardCells):
        n_rows, n_cols = names.shape
        rows, cols = np.divmod(names.cell_of_vertex.astype(np.int64), n_cols)
        candidates = [("row-major", None), ("column-major", cols * n_rows + rows)]
        if n_cols <= n_rows:
            candidates = candidates[:1]
    else:
        rcm = _gf2.rcm_order(parity.offsets, parity.indices)
        place = np.empty(n, dtype=np.int64)
        place[rcm] = np.arange(n)
        candidates = [("ids", None), ("reverse Cuthill-McKee", place)]
    best: Biadjacency | None = None
    best_words = 0
    for name, key in candidates:
        built = _biadjacency_in(parity, side, part, key, name)
        words = max(
            _gf2.band_words(built.a_ptr, built.a_ind, built.ys.shape[0], _ALL),
            _gf2.band_words(built.t_ptr, built.t_ind, built.xs.shape[0], _ALL),
        )
        if best is None or words < best_words:
            best, best_words = built, words
    assert best is not None
    return best


_ALL = np.empty(0, dtype=np.uint8)  # a row mask that keeps every row


def _biadjacency_in(
    parity: Graph, side: np.ndarray, part: np.ndarray, key: np.ndarray | None, order: str
) -> Biadjacency:
    """``A`` with rows and columns sorted by ``key`` (None: by vertex id)."""
    n = parity.n_vertices
    xs = np.flatnonzero(part & (side == 0)).astype(np.int32)
    ys = np.flatnonzero(part & (side == 1)).astype(np.int32)
    if key is not None:
        xs = xs[np.argsort(key[xs], kind="stable")]
        ys = ys[np.argsort(key[ys], kind="stable")]
    index = np.full(n, -1, dtype=np.int64)
    index[xs] = np.arange(xs.shape[0])
    index[ys] = np.arange(ys.shape[0])
    sources = parity.sources
    keep = part[sources] & (side[sources] == 0)
    rows = index[sources[keep]]
    cols = index[parity.indices[keep]]
    if key is not None:  # ids order: the CSR rows are sorted already
        order_of = np.argsort(rows * max(ys.shape[0], 1) + cols, kind="stable")
        rows, cols = rows[order_of], cols[order_of]
    a_ptr = np.zeros(xs.shape[0] + 1, dtype=np.int64)
    np.cumsum(np.bincount(rows, minlength=xs.shape[0]), out=a_ptr[1:])
    a_ind = cols.astype(np.int32)
    t_ptr, t_ind = _gf2.transpose_csr(a_ptr, a_ind, ys.shape[0])
    return Biadjacency(xs, ys, index, a_ptr, a_ind, t_ptr, t_ind, order)


@dataclass(frozen=True, eq=False)
class Echelon:
    """What :func:`_gf2.eliminate` left: the pivots and their rows, for back
    substitution."""

    rank: int
    pivot_row: npt.NDArray[np.int32]
    store: npt.NDArray[np.uint64]
    last: npt.NDArray[np.int32]
    dependent: npt.NDArray[np.int32]
    words: int
    most_active: int


def eliminate(
    ptr: np.ndarray,
    ind: np.ndarray,
    n_cols: int,
    row_mask: np.ndarray = _ALL,
    carry: np.ndarray | None = None,
    extra: int = 0,
) -> Echelon:
    """Banded elimination of a CSR matrix, behind the memory check (``extra``: bytes
    the caller will allocate next, counted in)."""
    n_rows = ptr.shape[0] - 1
    words = _gf2.band_words(ptr, ind, n_cols, row_mask)
    carry_bytes = 0 if carry is None else carry.nbytes
    require(
        n_rows * (8 * words + 24) + 12 * n_cols + carry_bytes + extra,
        f"the GF(2) elimination of a {n_rows} x {n_cols} matrix (band of {64 * words} columns)",
    )
    result = _gf2.eliminate(ptr, ind, n_cols, row_mask, words, carry)
    if result is None:
        _stop_point()
        raise RuntimeError("the elimination stopped without a stop request")
    rank, pivot_row, store, last, dependent, most_active = result
    return Echelon(rank, pivot_row, store, last, dependent, words, most_active)


def _draw(echelon: Echelon, rng: np.random.Generator, lanes: int) -> np.ndarray:
    """``lanes`` random vectors of the null space (bit ``k`` of word ``j``: lane ``k``
    at column ``j``): random free columns, then back substitution."""
    n_cols = echelon.pivot_row.shape[0]
    x = np.asarray(rng.integers(0, 2**64, size=n_cols, dtype=np.uint64))
    if lanes < 64:
        x &= np.uint64((1 << lanes) - 1)
    x[echelon.pivot_row >= 0] = 0
    if not _gf2.back_substitute(echelon.pivot_row, echelon.store, echelon.last, x):
        _stop_point()
    return x


@dataclass(eq=False)
class KernelSupports:
    """The supports of both kernels of ``A``, verified.

    ``lanes_x`` holds draws of 64 random vectors ``z`` with ``z^T A = 0`` (one word
    per row of ``A``: bit ``k`` is lane ``k``), ``lanes_y`` the same for ``A z = 0``;
    ``support_x``/``support_y`` are where some lane is 1. ``rank`` is the rank of
    ``A``; ``stats`` what the eliminations cost.
    """

    lanes_x: list[npt.NDArray[np.uint64]]
    lanes_y: list[npt.NDArray[np.uint64]]
    support_x: npt.NDArray[np.bool_]
    support_y: npt.NDArray[np.bool_]
    rank: int
    stats: dict[str, Any] = field(default_factory=dict)


def band_words(bi: Biadjacency) -> int:
    """The words of the wider band of the two eliminations (of ``A`` and ``A^T``)."""
    nx, ny = bi.shape
    return max(
        _gf2.band_words(bi.a_ptr, bi.a_ind, ny, _ALL), _gf2.band_words(bi.t_ptr, bi.t_ind, nx, _ALL)
    )


def kernel_supports(bi: Biadjacency, *, lanes: int | None = None) -> KernelSupports:
    """The supports of the left and right kernels of ``A`` (Las Vegas: exact).

    The left kernel's vectors are the null space of ``A^T``: one banded elimination
    of ``A^T``, then back substitution with random words at the free columns gives
    64 random kernel vectors at once; a vertex of X is in the support iff some
    kernel vector is 1 there, and each lane misses it with probability 1/2. Those
    found are in it (each lane is a proof). The rest, L, is verified: the kernel
    vanishes on L iff the rows of L are independent of each other and of the rest,
    iff ``rank(A) - rank(A without the rows of L) = |L|`` (one more elimination).
    If not, more lanes are drawn. The right kernel likewise, with ``A`` and
    ``A^T`` exchanged. ``lanes`` (default :data:`LANES`) < 64 draws fewer lanes at a
    time (tests use it to see the verification fail and the draws repeat). A
    matrix with no band (:func:`~matchgame.games.edge._structured.wide`) is better
    eliminated by :func:`~matchgame.games.edge._structured.kernel_supports_structured`.
    """
    lanes = LANES if lanes is None else lanes
    nx, ny = bi.shape
    rng = np.random.default_rng(SEED)
    by_x = eliminate(bi.t_ptr, bi.t_ind, nx)  # rows Y, unknowns X: the left kernel
    by_y = eliminate(bi.a_ptr, bi.a_ind, ny)  # rows X, unknowns Y: the right kernel
    rank = by_x.rank
    if by_y.rank != rank:
        raise RuntimeError("the two eliminations disagree on the rank")
    stats: dict[str, Any] = {
        "order": bi.order,
        "shape": (nx, ny),
        "nonzeros": int(bi.a_ind.shape[0]),
        "rank": rank,
        "band_words": (by_y.words, by_x.words),
        "fill": (
            _gf2.echelon_fill(by_y.pivot_row, by_y.store),
            _gf2.echelon_fill(by_x.pivot_row, by_x.store),
        ),
        "most_active": (by_y.most_active, by_x.most_active),
        "draws": [1, 1],
    }
    found: list[list[np.ndarray]] = [[_draw(by_x, rng, lanes)], [_draw(by_y, rng, lanes)]]
    supports = [found[0][0] != 0, found[1][0] != 0]
    # side 0: rows X of A (ptr, ind), side 1: rows Y (the transpose)
    matrices = ((bi.a_ptr, bi.a_ind, ny), (bi.t_ptr, bi.t_ind, nx))
    echelons = (by_x, by_y)
    for side in (0, 1):
        for _ in range(_MAX_DRAWS):
            support = supports[side]
            outside = int(support.shape[0] - np.count_nonzero(support))
            ptr, ind, n_cols = matrices[side]
            if outside == 0 or eliminate(ptr, ind, n_cols, support.view(np.uint8)).rank == (
                rank - outside
            ):
                break
            more = _draw(echelons[side], rng, lanes)
            found[side].append(more)
            supports[side] = support | (more != 0)
            stats["draws"][side] += 1
        else:
            raise RuntimeError("the kernel's support did not verify after many draws")
    del echelons, by_x, by_y
    return KernelSupports(found[0], found[1], supports[0], supports[1], rank, stats)


_MEMBER_BYTES = 64  # a member of a solution, until the certificate is written: lane,
# column, their concatenations and sort, the owner and member arrays and the flat list
_BOUND_ABOVE = 1 << 24  # bytes of a pass's solutions above which a bound is tried first
_POPCOUNT = np.array([bin(i).count("1") for i in range(256)], dtype=np.uint8)


def _count_set_bits(words: np.ndarray) -> int:
    """The number of 1 bits of a uint64 array, a slice of rows at a time (numpy 2's
    popcount ufunc: 0.02 s for a pass of 200 MB; numpy 1: a table of bytes, 0.3 s)."""
    popcount = getattr(np, "bitwise_count", None)
    total = 0
    for start in range(0, words.shape[0], 1 << 15):
        part = np.ascontiguousarray(words[start : start + (1 << 15)])
        counts = popcount(part) if popcount is not None else _POPCOUNT[part.view(np.uint8)]
        total += int(counts.sum(dtype=np.int64))
    return total


def _fits_by_bound(held: int, x: np.ndarray) -> bool:
    """Whether the members of a big pass fit by a bound, 64 a nonzero word (one look
    at the words): its bits need counting only when the bound does not fit."""
    try:
        require(_MEMBER_BYTES * (held + 64 * int(np.count_nonzero(x))), "parity sets")
    except BudgetExceededError:
        return False
    return True


def solve_rows(
    ptr: np.ndarray, ind: np.ndarray, n_cols: int, targets: np.ndarray
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int32]]:
    """For every row ``x`` of ``targets`` a solution ``z`` of ``M z = e_x``, where
    ``M`` is the CSR matrix: ``(offsets, columns)``, the columns where solution ``k``
    is 1 being ``columns[offsets[k]:offsets[k + 1]]``, increasing. Every target must
    be solvable (outside the left kernel's support).

    The right-hand sides ride the elimination as bits of words carried by the rows
    (64 a word, up to 64 words a pass as memory allows), then one back substitution
    carries every word along.
    """
    n_rows = ptr.shape[0] - 1
    targets = np.asarray(targets, dtype=np.int64)
    words_per_pass = int(min(64, max(1, (256 << 20) // max(8 * max(n_rows, n_cols), 1))))
    lane_of: list[np.ndarray] = []
    column_of: list[np.ndarray] = []
    held = 0
    for start in range(0, targets.shape[0], 64 * words_per_pass):
        chunk = targets[start : start + 64 * words_per_pass]
        words = (chunk.shape[0] + 63) // 64
        carry = np.zeros((n_rows, words), dtype=np.uint64)
        lane = np.arange(chunk.shape[0])
        bit = np.uint64(1) << (lane % 64).astype(np.uint64)
        np.bitwise_or.at(carry, (chunk, lane // 64), bit)
        echelon = eliminate(ptr, ind, n_cols, _ALL, carry, extra=8 * n_cols * words)
        if carry[echelon.dependent].any():
            raise RuntimeError("a right-hand side outside the column space")
        x = _gf2.solve_carried(echelon.pivot_row, echelon.store, echelon.last, carry)
        del carry, echelon
        if x is None:
            _stop_point()
            raise RuntimeError("the back substitution stopped without a stop request")
        # the solutions' members are materialised next: claim them first (a path's
        # sets T grow with its length, so their sum with its square); a small pass (an
        # explanation's one set) is counted, so that it claims no more than it needs
        if x.nbytes <= _BOUND_ABOVE or not _fits_by_bound(held, x):
            members = held + _count_set_bits(x)
            require(
                _MEMBER_BYTES * members,
                f"the certificate's parity sets ({plural(members, 'member', grouped=True)} so far)",
            )
        columns, lanes = _gf2.set_bits(x)
        held += columns.shape[0]
        del x
        lane_of.append(start + lanes)
        column_of.append(columns)
        _stop_point()
    lanes_all = np.concatenate(lane_of) if lane_of else np.zeros(0, np.int64)
    columns_all = np.concatenate(column_of) if column_of else np.zeros(0, np.int64)
    order = np.lexsort((columns_all, lanes_all))
    offsets = np.zeros(targets.shape[0] + 1, dtype=np.int64)
    np.cumsum(np.bincount(lanes_all, minlength=targets.shape[0]), out=offsets[1:])
    return offsets, columns_all[order].astype(np.int32)
