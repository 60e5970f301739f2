"""Certificates of the edge game: parity sets that prove every verdict.

``analyse(..., game="edge").certificate()`` is the ``"certificate"`` field of the
edge game's JSON answer (``matchgame.games.edge.documents.edge_answer``):
the same ``format`` and ``input`` as the vertex game's (see
:mod:`matchgame.certificates`; a multigraph's canonical text lists every edge,
repeats and self-loops included), and ``"game": "edge"``. Ids are 1-based:
vertex numbers, or on a board the row-major cell number. W is the answer's list
of winning placements; L the other vertices (free cells), increasing.

``lanes``
    One integer per vertex of W, in W's order: a mask of up to 31 bits. Bit
    ``k`` of the vertices of one side of the graph (the checker 2-colours the
    graph reduced to parities: its pairs with an odd number of edges) is a set
    S_k; every vertex of W must be in some S_k.
``winning_moves``
    One id per vertex ``v`` of L, in L's order: a vertex ``y`` joined to ``v``.
``parity_sets``
    For every vertex ``v`` of L, in L's order, a set T of ids (increasing), each
    set ended by a 0.

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
- *The placer loses on every vertex v of L* (the mover wins). T does not hold
  ``v``, no odd number of edges joins two vertices of T (nor is there an odd
  number of self-loops in it), ``v`` has an odd number of edges into T and every
  other vertex an even number; the move ``v -> y`` goes into T. After it, T is
  a losing start for the opponent as above (``v`` now has an even number). This
  holds on any multigraph.
- The answer's other fields are what these give (``placer_wins`` says W is not
  empty; the sizes are the input's).

The whole certificate is linear in its size, and its size is that of the sets
T: one solution of ``A z = e_v`` per losing placement (tens of vertices on
random boards). Verdicts found by the exhaustive search (components with an
odd cycle) have no short proof: no certificate is made for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ...core._memory import require_memory
from ...core.graph import Graph
from ...core.names import BoardCells
from ...errors import BudgetExceededError, InvalidInputError
from ..proofs import input_digest
from ._algebra import solve_rows

if TYPE_CHECKING:
    from .analysis import EdgeAnalysis

__all__ = ["FIELDS", "MAX_LANES", "make_edge_certificate"]

FORMAT = "matchgame-certificate/3"
"""The edge game's certificate format: version 3 (version 4 changed only the vertex
game's certificates of graphs with odd cycles)."""

MAX_LANES = 31
"""Most bits of a lane mask (a JSON integer the checker reads as int32)."""

FIELDS: dict[str, Any] = {
    "format": "str",
    "game": "str",
    "input": {"kind": "str", "sha256": "str"},
    "lanes": "ints",
    "winning_moves": "ints",
    "parity_sets": "ints",
}


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
    middle loses (move to 1; T = {1}).

    >>> from matchgame import Graph, analyse
    >>> path = Graph.from_edges(3, [(0, 1), (1, 2)])
    >>> certificate = make_edge_certificate(analyse(path, game="edge"))
    >>> certificate["lanes"].tolist(), certificate["winning_moves"].tolist()
    ([1, 1], [1])
    >>> certificate["parity_sets"].tolist()
    [1, 0]
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
    owner = np.zeros(0, dtype=np.int64)  # per member of a set T: its losing placement
    member = np.zeros(0, dtype=np.int64)
    if analysis._algebra is not None:
        bi, supports = analysis._algebra
        for own, draws in ((bi.xs, supports.lanes_x), (bi.ys, supports.lanes_y)):
            masks[own] = _lane_masks(np.stack(draws, axis=1))
        owners, members = [], []
        on_x = analysis.parts.side[losing] == 0
        for place, (ptr, ind, n_cols, other) in (
            (np.flatnonzero(on_x), (bi.a_ptr, bi.a_ind, bi.shape[1], bi.ys)),
            (np.flatnonzero(~on_x), (bi.t_ptr, bi.t_ind, bi.shape[0], bi.xs)),
        ):
            where, columns = solve_rows(ptr, ind, n_cols, bi.index[losing[place]])
            owners.append(np.repeat(place, np.diff(where)))
            members.append(other[columns].astype(np.int64))
        owner, member = np.concatenate(owners), np.concatenate(members)
    order = np.lexsort((text_ids[member], owner))
    owner, member = owner[order], member[order]
    sizes = np.bincount(owner, minlength=losing.shape[0])
    flat = np.zeros(member.shape[0] + losing.shape[0], dtype=np.int64)
    flat[np.arange(member.shape[0]) + owner] = text_ids[member] + 1
    identity: dict[str, Any] = {
        "kind": "board" if analysis.board is not None else "edges",
        "sha256": input_digest(source),
    }
    if analysis.board is not None and moves != "orthogonal":
        identity["moves"] = moves
    return {
        "format": FORMAT,
        "game": "edge",
        "input": identity,
        "lanes": masks[winning],
        "winning_moves": text_ids[_moves_into(analysis.graph, losing, owner, member, sizes)] + 1,
        "parity_sets": flat,
    }


def _moves_into(
    graph: Graph, losing: np.ndarray, owner: np.ndarray, member: np.ndarray, sizes: np.ndarray
) -> npt.NDArray[np.int64]:
    """For every losing placement its least neighbour in its set T (one exists: it
    has an odd number of edges into T)."""
    n = max(graph.n_vertices, 1)
    keys = owner * n + member  # sorted by owner; members sorted within by id? not needed
    keys = np.sort(keys)
    degree = graph.degrees[losing].astype(np.int64)
    step_owner = np.repeat(np.arange(losing.shape[0]), degree)
    start = np.repeat(graph.offsets[:-1][losing].astype(np.int64), degree)
    within = np.arange(step_owner.shape[0]) - np.repeat(np.cumsum(degree) - degree, degree)
    neighbour = graph.indices[start + within].astype(np.int64)
    step_keys = step_owner * n + neighbour
    found = np.minimum(np.searchsorted(keys, step_keys), max(keys.shape[0] - 1, 0))
    hit = keys[found] == step_keys if keys.shape[0] else np.zeros(0, dtype=bool)
    best = np.full(losing.shape[0], n, dtype=np.int64)
    np.minimum.at(best, step_owner[hit], neighbour[hit])
    if (best == n).any() and losing.shape[0]:
        raise RuntimeError("a winning proof with no move into it")
    return best


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


# -- checking ---------------------------------------------------------------------------
