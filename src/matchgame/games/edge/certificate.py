"""Certificates of the edge game: parity sets that prove every verdict.

``analyse(..., game="edge").certificate()`` is the ``"certificate"`` field of the
edge game's JSON answer (``matchgame.games.edge.documents.edge_answer``):
the same ``format`` and ``input`` as the vertex game's (see
:mod:`matchgame.certificates`; a multigraph's canonical text lists every edge,
repeats and self-loops included), and ``"game": "edge"``. Ids are 1-based:
vertex numbers, or on a board the row-major cell number. W is the answer's list
of winning placements; L the other vertices (free cells), increasing.

``format``
    :data:`FORMAT` (the vertex game's certificates are ``matchgame-certificate/4``).
``lanes``
    One integer per vertex of W, in W's order: a mask of up to 31 bits. Bit
    ``k`` of the vertices of one side of the graph (the checker 2-colours the
    graph reduced to parities: its pairs with an odd number of edges) is a set
    S_k; every vertex of W must be in some S_k.
``pivots``, ``pivot_rows``, ``pivot_refs``
    Pivot node ``k`` (numbered from 1): a vertex ``q_k`` (``pivots[k - 1]``), a
    set ``R_k`` (``pivot_rows``: each set's ids increasing, ended by a 0) and
    references to earlier pivot nodes (``pivot_refs``: numbers, ended by a 0). Its
    set ``T(k)`` is ``{q_k}`` plus the sets of the nodes it refers to (each taken
    or left by parity); the claim: the vertices with an odd number of edges into
    ``T(k)`` are exactly ``R_k``.
``proved``, ``proofs``
    The vertices of L, each once, in the order of their proofs; the proof of the
    ``k``-th (``proofs``, ended by a 0): terms ``j > 0`` (pivot node ``j``) and
    ``-j`` (the ``j``-th proved vertex, earlier). Its set ``T`` is the sum of the
    terms' sets; the claim: the vertex itself is the only one with an odd number of
    edges into ``T``.

What the checker proves, with counts of edges (parallel edges counted) and no
linear algebra:

- *The placer wins on every vertex of W* (the mover loses there). Each S_k is a
  set of one side of a bipartite component of the reduced graph, so no odd
  number of edges joins two of its vertices; the checker demands that every
  vertex has an even number of edges into every S_k (one XOR of masks per edge).
  Then the player not to move wins from any vertex of S_k: whenever the token
  leaves S_k along an edge, an odd number of that vertex's edges into S_k is
  left, and the token goes back in; when it moves between two vertices of S_k
  (or round a self-loop), it goes back along another copy of the same edge.
- *The placer loses on every vertex v of L* (the mover wins). The claims hold node
  by node (the parity counts into a sum of sets are the sums of the counts: each
  node's claim is checked from the claims of the nodes it refers to, all earlier),
  so ``v`` is the only vertex with an odd number of edges into its ``T``; every
  node of ``v``'s proof lies in ``v``'s bipartite component, pivot nodes on the
  other side (so ``T`` holds no two vertices joined by an odd number of edges, nor
  ``v``), proved vertices on ``v``'s side. So ``v`` has an edge into ``T``, and
  the move along it leaves ``T`` a losing start for the opponent (above).
- The answer's other fields are what these give (``placer_wins`` says W is not
  empty; the sizes are the input's).

The sets ``T`` are never written out: a node holds a pivot row of the banded
elimination (tens of ids on a board, two on a path) and the row operations that
made it, and a proof the steps of reducing ``e_v`` (see
:mod:`matchgame.games.edge._proofs`), so the certificate and its check are about
linear in the elimination's fill (the sets ``T`` themselves grow with the square
of a path's length). Verdicts found by the exhaustive search (components with an
odd cycle) have no short proof: no certificate is made for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ...core._memory import require_memory
from ...core.names import BoardCells
from ...errors import BudgetExceededError, InvalidInputError
from ..proofs import input_digest
from ._check import FIELDS, MAX_LANES
from ._proofs import Programs, programs

if TYPE_CHECKING:
    from .analysis import EdgeAnalysis

__all__ = ["FIELDS", "FORMAT", "MAX_LANES", "make_edge_certificate"]

FORMAT = "matchgame-edge-certificate/2"
"""The edge game's certificate format: version 2, shared proof programs (version 1
was ``matchgame-certificate/3`` with ``"game": "edge"``: one parity set per losing
placement)."""


_CERTIFICATE_BYTES = 96  # a vertex or pair of the multigraph, at the certificate's peak


def make_edge_certificate(analysis: EdgeAnalysis) -> dict[str, Any]:
    """The ``"certificate"`` field of the edge game's JSON answer, as written (lists
    as numpy arrays, ids 1-based; see the module docstring).

    Raises
    ------
    InvalidInputError
        If a component (reduced to parities) has an odd cycle: its verdicts come
        from the exhaustive search and have no short proof.

    Examples
    --------
    A path 1 - 2 - 3: the ends win for the placer (S = both ends, bit 0), the
    middle loses. Pivot node 1 is vertex 2 (its edges reach 1 and 3), pivot node 2
    is vertex 3, whose edges reach 2 alone; the proof of 2 is that node (T = {3}).

    >>> from matchgame import Graph, analyse
    >>> path = Graph.from_edges(3, [(0, 1), (1, 2)])
    >>> certificate = make_edge_certificate(analyse(path, game="edge"))
    >>> certificate["lanes"].tolist(), certificate["pivots"].tolist()
    ([1, 1], [2, 3])
    >>> certificate["pivot_rows"].tolist(), certificate["pivot_refs"].tolist()
    ([1, 3, 0, 2, 0], [0, 0])
    >>> certificate["proved"].tolist(), certificate["proofs"].tolist()
    ([2], [2, 0])
    """
    if analysis.searched.any():
        v = int(np.flatnonzero(analysis.searched)[0])
        raise InvalidInputError(
            f"{analysis.names.describe(v)} is in a component with an odd cycle or an odd "
            "number of self-loops: its verdict comes from an exhaustive search and has no "
            "short proof, so the edge game's certificate covers bipartite graphs only"
        )
    source = analysis.board if analysis.board is not None else analysis.multigraph
    moves = analysis.moves or "orthogonal"
    names = analysis.names
    n = analysis.multigraph.n_vertices
    # the lanes, masks and ids over every vertex (measured 63 bytes a vertex and pair);
    # the parity sets' members claim theirs as they are found (solve_rows)
    items = n + analysis.multigraph.pairs.shape[0]
    require_memory(
        _CERTIFICATE_BYTES * items, "the edge game's certificate", error=BudgetExceededError
    )
    text_ids = (
        names.cell_of_vertex.astype(np.int64)
        if isinstance(names, BoardCells)
        else np.arange(n, dtype=np.int64)
    )
    winning = analysis.winning_ids
    losing = np.flatnonzero(~analysis.winning_mask)
    masks = np.zeros(n, dtype=np.int64)
    nodes = _no_programs()
    if analysis._algebra is not None:
        bi, supports = analysis._algebra
        for own, draws in ((bi.xs, supports.lanes_x), (bi.ys, supports.lanes_y)):
            if draws:
                masks[own] = _lane_masks(np.stack(draws, axis=1))
        nodes = programs(bi, ~supports.support_x, ~supports.support_y)
    # the proved vertices are the losing placements (the mover wins): the search
    # answered none (refused above), and isolated vertices are winning placements
    if nodes.proved.shape[0] != losing.shape[0]:
        raise RuntimeError("the programs prove other vertices than the losing placements")
    identity: dict[str, Any] = {
        "kind": "board" if analysis.board is not None else "edges",
        "sha256": input_digest(source),
    }
    if analysis.board is not None and moves != "orthogonal":
        identity["moves"] = moves
    rows = _sorted_sets(nodes.row_ptr, text_ids[nodes.row_members])
    return {
        "format": FORMAT,
        "game": "edge",
        "input": identity,
        "lanes": masks[winning],
        "pivots": text_ids[nodes.pivot_vertex] + 1,
        "pivot_rows": _ended(nodes.row_ptr, rows + 1),
        "pivot_refs": _ended(nodes.ref_ptr, nodes.pivot_refs + 1),
        "proved": text_ids[nodes.proved] + 1,
        "proofs": _ended(nodes.term_ptr, np.where(nodes.terms >= 0, nodes.terms + 1, nodes.terms)),
    }


def _no_programs() -> Programs:
    empty = np.zeros(0, dtype=np.int64)
    start = np.zeros(1, dtype=np.int64)
    return Programs(empty, start, empty, start, empty, empty, start, empty)


def _sorted_sets(ptr: np.ndarray, members: np.ndarray) -> npt.NDArray[np.int64]:
    """Each set's members (``members[ptr[k]:ptr[k + 1]]``) in increasing order."""
    owner = np.repeat(np.arange(ptr.shape[0] - 1), np.diff(ptr))
    return members[np.lexsort((members, owner))].astype(np.int64)


def _ended(ptr: np.ndarray, values: np.ndarray) -> npt.NDArray[np.int64]:
    """The lists ``values[ptr[k]:ptr[k + 1]]``, each followed by a 0, as one array."""
    count = ptr.shape[0] - 1
    flat = np.zeros(values.shape[0] + count, dtype=np.int64)
    owner = np.repeat(np.arange(count), np.diff(ptr))
    flat[np.arange(values.shape[0]) + owner] = values
    return flat


_LANE_CHUNK = 1 << 15  # vertices whose lane bits are unpacked at once (64 bytes a draw each)


def _lane_masks(words: np.ndarray) -> npt.NDArray[np.int64]:
    """Per vertex (a row of 64-bit words, one per draw) a mask of at most
    :data:`MAX_LANES` lanes, chosen greedily so that every vertex with a lane keeps
    one: each pick is the lane holding most of those not yet covered. The lanes'
    counts are taken a chunk of vertices at a time: unpacking every vertex's bits at
    once took 64 bytes a vertex and draw (200 MB for 3 million isolated vertices)."""
    n = words.shape[0]
    masks = np.zeros(n, dtype=np.int64)
    if n == 0:
        return masks
    words = np.ascontiguousarray(words, dtype="<u8")
    uncovered = (words != 0).any(axis=1)
    for k in range(MAX_LANES):
        rows = np.flatnonzero(uncovered)
        if rows.shape[0] == 0:
            return masks
        counts = np.zeros(64 * words.shape[1], dtype=np.int64)
        for start in range(0, rows.shape[0], _LANE_CHUNK):
            chunk = words[rows[start : start + _LANE_CHUNK]]
            bits = np.unpackbits(
                chunk.view(np.uint8).reshape(chunk.shape[0], -1), axis=1, bitorder="little"
            )
            counts += bits.sum(axis=0, dtype=np.int64)
        draw, bit = divmod(int(np.argmax(counts)), 64)
        has = ((words[:, draw] >> np.uint64(bit)) & np.uint64(1)).astype(bool)
        masks[has] |= 1 << k
        uncovered &= ~has
    if uncovered.any():
        raise RuntimeError("the lanes need more than 31 bits to cover the winning placements")
    return masks
