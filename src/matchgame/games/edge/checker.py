"""Checking the edge game's certificates: counts of edges, no linear algebra.

What is proven, and how, is described in :mod:`matchgame.games.edge.certificate`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..._kernels import gf2 as _gf2
from ...core.board import Board
from ...core.graph import Graph
from ...core.moves import as_moves
from ...core.multigraph import MultiGraph, as_multigraph
from ...core.names import BoardCells
from ..analyses import plain_json
from ..proofs import (
    check_fields,
    check_format,
    checked_ids,
    claimed_winning_ids,
    compare,
    input_digest,
    numbered_names,
    read_answer,
)
from .certificate import FIELDS, FORMAT, MAX_LANES
from .documents import EDGE_ANSWER_FIELDS, edge_board_answer, edge_graph_answer

if TYPE_CHECKING:
    pass

__all__ = ["as_json", "check_edge_answer", "check_edge_document"]


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


def as_json(certificate: dict[str, Any]) -> dict[str, Any]:
    """The certificate as plain lists, numbers and strings (what ``json.dumps`` takes)."""
    plain: dict[str, Any] = plain_json(certificate)
    return plain


_NAME_FIELDS = (("winning_vertices",),)  # an edge game's answer on a graph names these
CERTIFICATE_SLACK = 64 << 20
"""The edge game's certificates grow faster than their input (a parity set a
vertex): their bound (:func:`~matchgame.games.proofs.answer_bytes`) adds this much."""


def check_edge_answer(
    source: Board | Graph | MultiGraph, data: bytes | str, moves: str = "orthogonal"
) -> list[str]:
    """Everything wrong with the edge game's answer file ``data`` for ``source``; [] if
    it is proven (:func:`matchgame.certificates.check_answer` finds the game an answer
    names and calls its checker).

    Raises
    ------
    DocumentError
        If ``data`` is not an answer document with a certificate of the edge game.
    """
    document, unknown = read_answer(source, data, _NAME_FIELDS, extra=CERTIFICATE_SLACK)
    del data  # a certificate can be hundreds of MB; the caller may hand over its only copy
    if unknown:
        return unknown
    return check_edge_document(source, document, as_moves(moves))


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
    schema: dict[str, Any] = {**FIELDS, "input": dict(FIELDS["input"])}
    if isinstance(certificate.get("input"), dict) and "moves" in certificate["input"]:
        schema["input"]["moves"] = "str"
    check_format(certificate, FORMAT)
    check_fields(certificate, schema, "certificate")
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
    check_fields(document, {**answer_schema, "certificate": {}}, "")
    if document["game"] != "edge":
        return [f'field "game" is {document["game"]!r}: this is the edge game\'s certificate']
    arena = _Arena(source, moves)
    problems: list[str] = []
    found = claimed_winning_ids(arena, document, problems)
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
    compare(document, expected, "", problems)
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
    moved = checked_ids(arena, targets, "the winning moves", problems)
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
        members = checked_ids(arena, piece[~ends], "the parity sets", problems)
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
