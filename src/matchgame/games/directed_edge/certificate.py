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

from ...core.dimultigraph import DiMultiGraph
from ...core.moves import as_moves
from ...errors import InvalidInputError
from ..proofs import compare, input_digest, read_answer
from ..retrograde import acyclic, check_header, check_labels, expected_placements, text_ids
from .documents import ANSWER_FIELDS
from .solve import SEARCHED
from .source import directed_edge_source

if TYPE_CHECKING:
    from .analysis import DirectedEdgeAnalysis

__all__ = ["FORMAT", "check_directed_edge_answer", "make_directed_edge_certificate"]

_NAME_FIELDS = (("winning_vertices",),)  # an answer on a graph names these

FORMAT = "matchgame-directed-edge-certificate/1"
"""The format of directed edge geography's certificates."""


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
    moves = text_ids(graph.names, graph.n_vertices)[heads] + 1
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
    kind = "board" if board is not None else "edges"
    problems = check_header(
        document,
        unknown,
        kind=kind,
        digest=input_digest(board if board is not None else canonical_arcs(graph)),
        board=board,
        moves=moves,
        certificate_format=FORMAT,
        answer_fields=ANSWER_FIELDS[kind],
    )
    if problems:
        return problems
    n = graph.n_vertices
    left = _left(graph)
    if not acyclic(n, left[:, 0], left[:, 1]):
        return [
            "a cycle is left once opposite arcs cancel: no retrograde certificate proves "
            "directed edge geography there"
        ]
    said = "an arc left (once opposite arcs cancel)"
    winning = check_labels(document, board, graph.names, n, left[:, 0], left[:, 1], said)
    if isinstance(winning, list):
        return winning
    sizes = (n, graph.n_edges)
    expected = expected_placements("directed-edge", board, graph.names, sizes, winning, moves)
    compare(document, expected, "", problems)
    return problems
