"""Certificates of the edge game: parity sets that prove every verdict.

``analyse(..., game="edge").certificate()`` is the ``"certificate"`` field of the
edge game's JSON answer (:func:`matchgame.writers.placements.edge_answer`):
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

from typing import Any

import numpy as np
import numpy.typing as npt

from ..._kernels import gf2 as _gf2
from ...core._memory import require_memory
from ...core.board import Board
from ...core.graph import Graph
from ...core.moves import as_moves
from ...core.multigraph import MultiGraph, as_multigraph
from ...core.names import BoardCells
from ...errors import BudgetExceededError, InvalidInputError
from ...writers.placements import EDGE_ANSWER_FIELDS, edge_board_answer, edge_graph_answer
from ..vertex._proofs import _ids, _winning_ids
from ..vertex.certificate import FORMAT_3, as_json, input_digest
from ..vertex.checker import _check_fields, _compare, numbered_names
from ._algebra import solve_rows
from .analysis import EdgeAnalysis

__all__ = ["MAX_LANES", "as_json", "check_edge_document", "make_edge_certificate"]

FORMAT = FORMAT_3
"""The edge game's certificate format: version 3 (version 4 changed only the vertex
game's certificates of graphs with odd cycles)."""

MAX_LANES = 31
"""Most bits of a lane mask (a JSON integer the checker reads as int32)."""

_FIELDS: dict[str, Any] = {
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


class _Arena:
    """The input as the checker sees it: ids ``0 .. size - 1`` (a board's cells,
    blocked ones not ``present``), the pairs of the multigraph with their counts,
    and the reduced graph's 2-colouring."""

    def __init__(self, source: Board | Graph | MultiGraph, moves: str) -> None:
        if isinstance(source, Board):
            self.kind = "board"
            self.board: Board | None = source
            self.n_rows, self.n_cols = source.shape
            self.size = source.n_rows * source.n_cols
            self.present = source.free.reshape(-1)
            graph = source.to_graph(moves)
            names = graph.names
            assert isinstance(names, BoardCells)
            self.pairs = names.cell_of_vertex[graph.edges].astype(np.int64).reshape(-1, 2)
            self.counts = np.ones(self.pairs.shape[0], dtype=np.int64)
            self.multigraph = MultiGraph.from_graph(graph)
        else:
            self.kind = "edges"
            self.board = None
            self.multigraph = as_multigraph(source, "source")
            self.graph = self.multigraph.support  # its names, for the answer's ids
            self.size = self.multigraph.n_vertices
            self.present = np.ones(self.size, dtype=bool)
            self.pairs = self.multigraph.pairs.astype(np.int64)
            self.counts = self.multigraph.multiplicity
        self.n_vertices = int(np.count_nonzero(self.present))
        odd = (self.counts & 1).astype(bool)
        loops = self.pairs[:, 0] == self.pairs[:, 1]
        self.odd_loop = np.zeros(self.size, dtype=bool)
        self.odd_loop[self.pairs[odd & loops, 0]] = True
        odd_pairs = self.pairs[odd & ~loops]
        # the reduced graph as CSR, both directions
        ends = np.concatenate([odd_pairs[:, 0], odd_pairs[:, 1]])
        others = np.concatenate([odd_pairs[:, 1], odd_pairs[:, 0]])
        order = np.argsort(ends, kind="stable")
        self.offsets = np.zeros(self.size + 1, dtype=np.int32)
        np.cumsum(np.bincount(ends, minlength=self.size), out=self.offsets[1:])
        self.indices = others[order].astype(np.int32)
        self.sources = ends[order]
        component, self.side, good = _gf2.component_sides(
            self.offsets, self.indices, self.odd_loop.view(np.uint8)
        )
        self.bipartite = good[component] if self.size else np.zeros(0, dtype=bool)

    def name(self, i: int) -> str:
        if self.board is not None:
            row, col = divmod(int(i), self.n_cols)
            return f"cell {int(i) + 1} ({row + 1}, {col + 1})"
        return f"vertex {int(i) + 1}"

    def count_between(self, a: np.ndarray, b: np.ndarray) -> npt.NDArray[np.int64]:
        """How many edges join ``a[i]`` and ``b[i]`` (ids in range)."""
        n = max(self.size, 1)
        keys = np.minimum(self.pairs[:, 0], self.pairs[:, 1]) * n + np.maximum(
            self.pairs[:, 0], self.pairs[:, 1]
        )
        order = np.argsort(keys)
        keys = keys[order]
        want = np.minimum(a, b).astype(np.int64) * n + np.maximum(a, b)
        found = np.minimum(np.searchsorted(keys, want), max(keys.shape[0] - 1, 0))
        out = np.zeros(want.shape[0], dtype=np.int64)
        if keys.shape[0]:
            hit = keys[found] == want
            out[hit] = self.counts[order][found[hit]]
        return out


def check_edge_document(
    source: Board | Graph | MultiGraph, document: dict[str, Any], moves: str = "orthogonal"
) -> list[str]:
    """Everything wrong with the edge game's answer ``document`` (read by
    :func:`~matchgame.readers.documents.read_json`) for ``source``; [] if proven.

    :func:`matchgame.certificates.check_answer` with ``game="edge"`` reads the file
    and calls this.

    Raises
    ------
    DocumentError
        If a field is missing, extra or of the wrong type.

    Examples
    --------
    >>> from matchgame import analyse
    >>> from matchgame.certificates import check_answer
    >>> from matchgame.writers.placements import format_placements
    >>> board = Board.from_rows(["...", ".#."])
    >>> analysis = analyse(board, game="edge")
    >>> answer = format_placements(analysis, "json", analysis.certificate())
    >>> check_answer(board, answer, game="edge")
    []
    >>> check_answer(board, answer.replace(b'"placer_wins":true', b'"placer_wins":false'),
    ...              game="edge")
    ['field "placer_wins" is false, the certificate proves true']
    """
    moves = as_moves(moves)
    certificate = document["certificate"]
    schema: dict[str, Any] = {**_FIELDS, "input": dict(_FIELDS["input"])}
    if isinstance(certificate.get("input"), dict) and "moves" in certificate["input"]:
        schema["input"]["moves"] = "str"
    _check_fields(certificate, schema, "certificate")
    identity = certificate["input"]
    kind = "board" if isinstance(source, Board) else "edges"
    if identity["kind"] != kind or identity["sha256"] != _digest(source):
        return ["the certificate was made for another input"]
    made_for = identity.get("moves", "orthogonal")
    if isinstance(source, Board) and made_for != moves:
        return [f"the certificate was made for {made_for} moves, not {moves}"]
    answer_schema = dict(EDGE_ANSWER_FIELDS[kind])
    if isinstance(source, Board) and moves != "orthogonal":
        answer_schema["moves"] = "str"
    _check_fields(document, {**answer_schema, "certificate": {}}, "")
    if document["game"] != "edge":
        return [f'field "game" is {document["game"]!r}: this is the edge game\'s certificate']
    arena = _Arena(source, moves)
    problems: list[str] = []
    found = _winning_ids(arena, document, problems)
    if found is None:
        return problems
    winning = found.astype(np.int64)
    if _lanes_ok(arena, certificate["lanes"].values, winning, problems):
        _sets_ok(arena, certificate, winning, problems)
    if problems:
        return problems
    if arena.board is not None:
        expected = edge_board_answer(arena.board, winning, moves)
    else:
        graph = arena.multigraph
        names = numbered_names(graph.names)  # labels were read back as positions
        expected = edge_graph_answer(names, graph.n_vertices, graph.n_edges, winning)
    _compare(document, expected, "", problems)
    return problems


def _digest(source: Board | Graph | MultiGraph) -> str:
    """The input's digest: a board's, else the multigraph's (a simple graph's text is
    the vertex game's)."""
    if isinstance(source, Board):
        return input_digest(source)
    return input_digest(as_multigraph(source, "source"))


def _lanes_ok(arena: _Arena, lanes: np.ndarray, winning: np.ndarray, problems: list[str]) -> bool:
    """Every vertex of W is in a lane; every vertex has an even number of edges into
    every lane's set on each side (one XOR of masks along every edge)."""
    if lanes.shape[0] != winning.shape[0]:
        problems.append(
            f"the lanes have {lanes.shape[0]} masks for {winning.shape[0]} winning placements"
        )
        return False
    bad = np.flatnonzero((lanes <= 0) | (lanes >= 1 << MAX_LANES))
    if bad.size:
        problems.append(
            f"no proof that the placer wins at {arena.name(winning[bad[0]])}: its lane mask "
            f"must be a number in 1..2**{MAX_LANES} - 1"
        )
        return False
    odd = np.flatnonzero(~arena.bipartite[winning])
    if odd.size:
        problems.append(
            f"{arena.name(winning[odd[0]])} is in a component with an odd cycle: lanes prove "
            "nothing there"
        )
        return False
    masks = np.zeros(arena.size, dtype=np.int64)
    masks[winning] = lanes
    into = np.zeros(arena.size, dtype=np.int64)
    np.bitwise_xor.at(into, arena.sources, masks[arena.indices])
    uneven = np.flatnonzero(into)
    if uneven.size:
        v = int(uneven[0])
        bit = int(into[v] & -into[v]).bit_length() - 1
        problems.append(
            f"{arena.name(v)} has an odd number of edges into the set of lane {bit}: it "
            "proves nothing"
        )
        return False
    return True


_CHUNK = 1 << 21  # members of parity sets checked at a time (bounds the checker's memory)


def _sets_ok(
    arena: _Arena, certificate: dict[str, Any], winning: np.ndarray, problems: list[str]
) -> bool:
    """Every other vertex ``v`` moves into its set T, which is a losing start for the
    opponent after the move; the sets are checked a chunk of about :data:`_CHUNK`
    members at a time."""
    in_w = np.zeros(arena.size, dtype=bool)
    in_w[winning] = True
    losing = np.flatnonzero(arena.present & ~in_w)
    targets = certificate["winning_moves"].values
    flat = certificate["parity_sets"].values
    set_end = np.flatnonzero(flat == 0)  # where each set's terminating 0 is
    if (
        targets.shape[0] != losing.shape[0]
        or set_end.shape[0] != losing.shape[0]
        or (flat.shape[0] and flat[-1] != 0)
    ):
        problems.append(
            f"the certificate has {targets.shape[0]} winning moves and "
            f"{set_end.shape[0]} parity sets for {losing.shape[0]} losing placements"
        )
        return False
    moved = _ids(arena, targets, "the winning moves", problems)
    if moved is None:
        return False
    no_edge = np.flatnonzero(arena.count_between(losing, moved) == 0)
    if no_edge.size:
        v = losing[no_edge[0]]
        problems.append(f"the winning move of {arena.name(v)} is not along an edge")
        return False
    first = 0
    while first < losing.shape[0]:
        start = 0 if first == 0 else int(set_end[first - 1]) + 1
        last = max(first + 1, int(np.searchsorted(set_end, start + _CHUNK, side="right")))
        stop = int(set_end[last - 1]) + 1
        piece = flat[start:stop]
        ends = piece == 0
        members = _ids(arena, piece[~ends], "the parity sets", problems)
        if members is None:
            return False
        owner = (np.cumsum(ends) - ends)[~ends]  # which set of the chunk, from 0
        chunk = slice(first, last)
        if not _chunk_ok(arena, losing[chunk], moved[chunk], owner, members, problems):
            return False
        first = last
    return True


def _chunk_ok(
    arena: _Arena,
    losing: np.ndarray,
    moved: np.ndarray,
    owner: np.ndarray,
    members: np.ndarray,
    problems: list[str],
) -> bool:
    """The parity sets of ``losing[k]`` (``members`` where ``owner == k``, sorted)
    are winning proofs with the moves ``moved``."""
    members = members.astype(np.int64)
    size = arena.size
    starts = losing[owner]
    keys = owner * size + members
    if (np.diff(keys) <= 0).any():
        k = int(owner[np.flatnonzero(np.diff(keys) <= 0)[0]])
        problems.append(f"the parity set of {arena.name(losing[k])} is not increasing")
        return False
    inside = np.flatnonzero(members == starts)
    if inside.size:
        problems.append(f"the parity set of {arena.name(starts[inside[0]])} holds the vertex")
        return False
    moved_key = np.arange(losing.shape[0]) * size + moved
    found = np.minimum(np.searchsorted(keys, moved_key), max(keys.shape[0] - 1, 0))
    not_in = np.flatnonzero(keys[found] != moved_key) if keys.size else np.zeros(1, np.int64)
    if not_in.size:
        problems.append(
            f"the winning move of {arena.name(losing[not_in[0]])} does not go into its set"
        )
        return False
    odd_loops = np.flatnonzero(arena.odd_loop[members])
    if odd_loops.size:
        k = int(owner[odd_loops[0]])
        problems.append(
            f"the parity set of {arena.name(losing[k])} holds {arena.name(members[odd_loops[0]])}"
            ", which has an odd number of self-loops"
        )
        return False
    # every (set, neighbour) pair along an odd pair: toggles of the count into the set
    degree = np.diff(arena.offsets)[members]
    step_owner = np.repeat(owner, degree)
    step_from = np.repeat(members, degree)
    first = np.repeat(arena.offsets[:-1][members].astype(np.int64), degree)
    within = np.arange(step_owner.shape[0]) - np.repeat(np.cumsum(degree) - degree, degree)
    step_to = arena.indices[first + within].astype(np.int64)
    del first, within
    step_keys = step_owner * size + step_to
    found = np.minimum(np.searchsorted(keys, step_keys), keys.shape[0] - 1)
    joined = np.flatnonzero(keys[found] == step_keys)
    if joined.size:
        i = joined[0]
        problems.append(
            f"the parity set of {arena.name(losing[step_owner[i]])} holds "
            f"{arena.name(step_from[i])} and {arena.name(step_to[i])}, joined by an odd "
            "number of edges"
        )
        return False
    values, counts = np.unique(step_keys, return_counts=True)
    odd_keys = values[counts % 2 == 1]
    expected = np.arange(losing.shape[0]) * size + losing
    if odd_keys.shape[0] != expected.shape[0] or not np.array_equal(odd_keys, expected):
        wrong = np.setxor1d(odd_keys, expected)
        k, w = divmod(int(wrong[0]), size)
        why = (
            "an even number of edges into it"
            if w == losing[k]
            else f"{arena.name(w)} has an odd number of edges into it"
        )
        problems.append(f"the parity set of {arena.name(losing[k])} proves nothing: {why}")
        return False
    return True
