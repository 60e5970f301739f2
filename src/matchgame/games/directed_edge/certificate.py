"""Directed edge geography's certificates: where no cycle is left once opposite arcs
cancel, the retrograde labels of what is left.

Opposite arcs cancel (``docs/theory.md``: of ``a`` arcs ``u -> v`` and ``b`` arcs
``v -> u``, ``|a - b|`` are left in the direction of the larger count; of ``c``
self-loops, ``c mod 2``): the game on what is left has the same verdicts. Where
that is acyclic the game is decided vertex by vertex towards the sinks, and its
proof is as short as the input: the answer's winning placements W (where the player
to move loses) and, for every other vertex, one move. The checker
(:func:`check_directed_edge_answer`) computes what is left by itself and proves, in
linear time and with no search:

- what is left has no cycle (Kahn's algorithm; a self-loop left is a cycle);
- no arc left leads from a vertex of W to a vertex of W (the mover there can only
  hand the opponent a winning position);
- every vertex outside W has its move, an arc left into W.

By induction from the sinks the labels are then the game's. Where a cycle is left
(the game is PSPACE-complete there) there is no such proof: the certificate is
refused in one line.

Format ``matchgame-directed-edge-certificate/1`` (``"game": "directed-edge"``):
``format``, ``game``, ``input`` (``kind`` and ``sha256`` of the canonical text: ``n
m`` and every arc ``u v``, sorted, repeats and loops included; ``moves`` on a board
under another rule) and ``moves``: for every vertex outside W, in increasing order,
the head of its winning move (1-based ids: a board's cells row-major).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ...core._validate import plural
from ...core.board import Board
from ...core.dimultigraph import DiMultiGraph
from ...core.moves import as_moves
from ...core.names import BoardCells
from ...errors import InvalidInputError
from ..documents import rows_and_columns
from ..proofs import check_fields, check_format, compare, input_digest, numbered_names, read_answer
from .documents import ANSWER_FIELDS
from .solve import SEARCHED
from .source import directed_edge_source

if TYPE_CHECKING:
    from .analysis import DirectedEdgeAnalysis

__all__ = ["FORMAT", "check_directed_edge_answer", "make_directed_edge_certificate"]

_NAME_FIELDS = (("winning_vertices",),)  # an answer on a graph names these

FORMAT = "matchgame-directed-edge-certificate/1"
"""The format of directed edge geography's certificates."""


def _text_ids(graph: DiMultiGraph) -> np.ndarray:
    """0-based text ids: a board's row-major cell numbers, else the vertex ids."""
    names = graph.names
    if isinstance(names, BoardCells):
        return names.cell_of_vertex.astype(np.int64)
    return np.arange(graph.n_vertices, dtype=np.int64)


def canonical_arcs(graph: DiMultiGraph) -> DiMultiGraph:
    """The same arcs sorted (the text a certificate's digest is taken of does not
    depend on the order the arcs were given in)."""
    order = np.lexsort((graph.heads, graph.tails))
    return DiMultiGraph._trusted(graph.n_vertices, graph.arcs[order], graph.names)


def make_directed_edge_certificate(analysis: DirectedEdgeAnalysis) -> dict[str, Any]:
    """The certificate of an answer where no cycle is left (lists as numpy arrays).

    Raises
    ------
    InvalidInputError
        If a cycle is left once opposite arcs cancel.

    Examples
    --------
    >>> from matchgame.games.directed_edge.analysis import analyse_directed_edge
    >>> graph = DiMultiGraph(3, [(0, 1), (1, 2), (2, 1)])
    >>> make_directed_edge_certificate(analyse_directed_edge(graph))["moves"].tolist()
    [2]
    """
    if not analysis.certified:
        v = int(np.flatnonzero(analysis.verdicts.method == SEARCHED)[0])
        raise InvalidInputError(
            f"a cycle that no opposite arc cancels can be reached from "
            f"{analysis.names.describe(v)}: directed edge geography is PSPACE-complete there, "
            "and its verdicts have no short proof to certify"
        )
    graph = analysis.multigraph
    losing = np.flatnonzero(~analysis.winning_mask)  # the mover wins: a move each
    heads = graph.heads[analysis.verdicts.move[losing]].astype(np.int64)
    moves = _text_ids(graph)[heads] + 1
    board = analysis.board
    identity: dict[str, Any] = {
        "kind": "board" if board is not None else "edges",
        "sha256": input_digest(board if board is not None else canonical_arcs(graph)),
    }
    if board is not None and analysis.moves not in (None, "orthogonal"):
        identity["moves"] = analysis.moves
    return {"format": FORMAT, "game": "directed-edge", "input": identity, "moves": moves}


def _left(graph: DiMultiGraph) -> np.ndarray:
    """The distinct arcs ``(u, v)`` left once opposite arcs cancel, written here so that
    the checker shares nothing with the analysis: count each ordered pair, subtract the
    opposite count, keep the pairs with some left (a loop: an odd count)."""
    n = max(graph.n_vertices, 1)
    keys, counts = np.unique(graph.tails.astype(np.int64) * n + graph.heads, return_counts=True)
    if not keys.shape[0]:
        return np.zeros((0, 2), dtype=np.int64)
    tails, heads = np.divmod(keys, n)
    reverse = heads * n + tails
    at = np.minimum(np.searchsorted(keys, reverse), keys.shape[0] - 1)
    opposite = np.where(keys[at] == reverse, counts[at], 0)
    loop = tails == heads
    left = np.where(loop, counts % 2 == 1, counts > opposite)
    return np.stack([tails[left], heads[left]], axis=1)


def _acyclic(n: int, arcs: np.ndarray) -> bool:
    """Kahn's algorithm on distinct arcs: peel the vertices with no arc left coming in."""
    incoming = np.bincount(arcs[:, 1], minlength=n).astype(np.int64)
    order = np.argsort(arcs[:, 0], kind="stable")
    heads = arcs[order, 1]
    offsets = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(arcs[:, 0], minlength=n), out=offsets[1:])
    frontier = [int(v) for v in np.flatnonzero(incoming == 0)]
    peeled = 0
    while frontier:
        v = frontier.pop()
        peeled += 1
        for w in heads[offsets[v] : offsets[v + 1]].tolist():
            incoming[w] -= 1
            if incoming[w] == 0:
                frontier.append(w)
    return peeled == n


def check_directed_edge_answer(
    source: Any, data: bytes | str, moves: str = "orthogonal"
) -> list[str]:
    """Everything wrong with directed edge geography's answer ``data`` for ``source``;
    [] if it is proven (see the module docstring).

    Raises
    ------
    DocumentError
        If ``data`` is not an answer with a certificate of this game.
    """
    moves = as_moves(moves)
    graph, board = directed_edge_source(source, moves)
    document, unknown = read_answer(board if board is not None else graph, data, _NAME_FIELDS)
    del data
    if unknown:
        return unknown
    certificate = document["certificate"]
    kind = "board" if board is not None else "edges"
    identity = {"kind": "str", "sha256": "str"}
    if isinstance(certificate.get("input"), dict) and "moves" in certificate["input"]:
        identity["moves"] = "str"
    check_fields(
        certificate,
        {"format": "str", "game": "str", "input": identity, "moves": "ints"},
        "certificate",
    )
    check_format(certificate, FORMAT)
    claimed = certificate["input"]
    digest = input_digest(board if board is not None else canonical_arcs(graph))
    if claimed["kind"] != kind or claimed["sha256"] != digest:
        return ["the certificate was made for another input"]
    if claimed.get("moves", "orthogonal") != (moves if board is not None else "orthogonal"):
        return [f"the certificate was made for {claimed.get('moves', 'orthogonal')} moves"]
    answer_schema = dict(ANSWER_FIELDS[kind])
    if board is not None and moves != "orthogonal":
        answer_schema["moves"] = "str"
    check_fields(document, {**answer_schema, "certificate": {}}, "")
    n = graph.n_vertices
    left = _left(graph)
    if not _acyclic(n, left):
        return [
            "a cycle is left once opposite arcs cancel: no retrograde certificate proves "
            "directed edge geography there"
        ]
    text_ids = _text_ids(graph)
    by_text = np.full(int(text_ids.max(initial=-1)) + 2, -1, dtype=np.int64)
    by_text[text_ids + 1] = np.arange(n)
    winning = _claimed_winning(document, board, graph, by_text)
    if isinstance(winning, str):
        return [winning]
    in_w = np.zeros(n, dtype=bool)
    in_w[winning] = True
    bad = np.flatnonzero(in_w[left[:, 0]] & in_w[left[:, 1]])
    if bad.size:
        u, v = int(left[bad[0], 0]), int(left[bad[0], 1])
        return [
            f"{graph.names.describe(u)} is claimed a winning placement, but the mover there "
            f"can move to {graph.names.describe(v)}, claimed one too"
        ]
    outside = np.flatnonzero(~in_w)
    given = certificate["moves"].values.astype(np.int64)
    if given.shape[0] != outside.shape[0]:
        return [
            f'"moves" has {plural(given.shape[0], "move")}: one is due for each of the '
            f"{plural(outside.shape[0], 'vertex', 'vertices')} outside the winning placements"
        ]
    inside = (given >= 1) & (given < by_text.shape[0])
    targets = np.where(inside, by_text[np.clip(given, 0, by_text.shape[0] - 1)], -1)
    n_keys = max(n, 1)
    arcs_left = left[:, 0] * n_keys + left[:, 1]
    ok = (targets >= 0) & np.isin(outside * n_keys + targets, arcs_left)
    ok[ok] &= in_w[targets[ok]]
    if not ok.all():
        v = int(outside[np.flatnonzero(~ok)[0]])
        return [
            f"no proof that the mover wins at {graph.names.describe(v)}: its move is not an "
            "arc left (once opposite arcs cancel) to a claimed winning placement"
        ]
    problems: list[str] = []
    compare(document, _expected(board, graph, winning, moves), "", problems)
    return problems


def _claimed_winning(
    document: dict[str, Any], board: Board | None, graph: DiMultiGraph, by_text: np.ndarray
) -> np.ndarray | str:
    """The answer's winning placements as vertex ids, or what is wrong with them."""
    if board is not None:
        cells = document["winning_cells"].rows(2).astype(np.int64)
        flat = (cells[:, 0] - 1) * board.n_cols + cells[:, 1]
        if ((cells[:, 0] < 1) | (cells[:, 0] > board.n_rows) | (cells[:, 1] < 1)).any() or (
            cells[:, 1] > board.n_cols
        ).any():
            return '"winning_cells" names a cell outside the board'
    else:
        flat = document["winning_vertices"].values.astype(np.int64)
        names = graph.names
        if hasattr(names, "ids"):  # a file's ids: written as themselves
            found = np.searchsorted(names.ids, flat)
            known = found < names.ids.shape[0]
            known[known] = names.ids[found[known]] == flat[known]
            if not known.all():
                return '"winning_vertices" names a vertex the input does not have'
            flat = found + 1
    inside = (flat >= 1) & (flat < by_text.shape[0])
    ids = np.where(inside, by_text[np.clip(flat, 0, by_text.shape[0] - 1)], -1)
    if (ids < 0).any():
        return "the winning placements name a vertex the input does not have (or a blocked cell)"
    if ids.shape[0] > 1 and not (np.diff(ids) > 0).all():
        return "the winning placements are not in increasing order without repeats"
    return ids


def _expected(
    board: Board | None, graph: DiMultiGraph, winning: np.ndarray, moves: str
) -> dict[str, Any]:
    """The answer's fields as the proof gives them."""
    if board is not None:
        names = graph.names
        assert isinstance(names, BoardCells)
        expected: dict[str, Any] = {
            "game": "directed-edge",
            "rows": board.n_rows,
            "cols": board.n_cols,
            "free_cells": board.n_free,
            "placer_wins": bool(winning.shape[0]),
            "winning_cells": rows_and_columns(names.cell_of_vertex[winning], board.n_cols),
        }
        if moves != "orthogonal":
            expected["moves"] = moves
        return expected
    return {
        "game": "directed-edge",
        "vertices": graph.n_vertices,
        "arcs": graph.n_edges,
        "placer_wins": bool(winning.shape[0]),
        "winning_vertices": numbered_names(graph.names).json_array(winning),
    }
