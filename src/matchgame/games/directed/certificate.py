"""Directed geography's certificates: on an acyclic digraph, the retrograde labels.

Where no cycle can be reached the game is decided vertex by vertex towards the
sinks, and its proof is as short as the input: the answer's winning placements W
(where the player to move loses) and, for every other vertex, one move. The
checker (:func:`check_directed_answer`) proves, in linear time and with no search:

- the digraph has no cycle (Kahn's algorithm: peel the vertices with no arc left
  in, until none is left);
- every arc from a vertex of W leads out of W (the mover there can only hand the
  opponent a winning position);
- every vertex outside W has its move, an arc into W.

By induction from the sinks (a sink is in W: the mover is stuck) the labels are then
the game's: on an acyclic digraph the token never returns, so a position is its
vertex alone. A digraph where a cycle can be reached has no such proof (the game is
PSPACE-complete there): its certificate is refused in one line.

Format (``"game": "directed"``): ``format``, ``game``, ``input`` (``kind`` and
``sha256`` of the canonical text, the arcs ``u v`` sorted; ``moves`` on a board
under another rule) and ``moves``: for every vertex outside W, in increasing order,
its winning move (1-based ids: a board's cells row-major).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ...core._validate import plural
from ...core.board import Board
from ...core.moves import as_moves
from ...errors import InvalidInputError
from ..proofs import compare, input_digest, read_answer
from ..retrograde import acyclic, check_header, check_labels, expected_placements, text_ids
from .documents import DIRECTED_ANSWER_FIELDS, READ_AS_FIELD
from .source import directed_source, read_as

if TYPE_CHECKING:
    from .analysis import DirectedAnalysis

__all__ = ["check_directed_answer", "make_directed_certificate"]

_NAME_FIELDS = (("winning_vertices",),)  # an answer on a graph names these

FORMAT = "matchgame-certificate/4"
"""The directed game's certificate format (its first: made by this version)."""


def make_directed_certificate(analysis: DirectedAnalysis) -> dict[str, Any]:
    """The certificate of an acyclic digraph's answer (lists as numpy arrays).

    Raises
    ------
    InvalidInputError
        If a cycle can be reached from some vertex.

    Examples
    --------
    >>> from matchgame import DiGraph
    >>> from matchgame.games.directed.analysis import analyse_directed
    >>> certificate = make_directed_certificate(analyse_directed(DiGraph(3, [(0, 1), (1, 2)])))
    >>> certificate["moves"].tolist()
    [3]
    """
    if not analysis.acyclic:
        v = int(np.flatnonzero(analysis.labels.region != 1)[0])
        searched = analysis.search_states
        size = (
            f" (a winning strategy over the positions searched is as large as the search: "
            f"{plural(searched, 'position', grouped=True)} here)"
            if searched
            else ""
        )
        raise InvalidInputError(
            f"a cycle can be reached from {analysis.names.describe(v)}: directed geography is "
            f"PSPACE-complete there, and its verdicts have no short proof to certify{size}"
        )
    digraph = analysis.digraph
    ids = text_ids(digraph.names, digraph.n_vertices)
    losing = np.flatnonzero(~analysis.winning_mask)  # the mover wins: a move each
    moves = ids[analysis._moves[losing]] + 1
    source = analysis.board if analysis.board is not None else digraph
    identity: dict[str, Any] = {
        "kind": "board" if analysis.board is not None else "edges",
        "sha256": input_digest(source if analysis.board is not None else digraph),
    }
    if analysis.board is not None and analysis.moves not in (None, "orthogonal"):
        identity["moves"] = analysis.moves
    return {"format": FORMAT, "game": "directed", "input": identity, "moves": moves}


def check_directed_answer(source: Any, data: bytes | str, moves: str = "orthogonal") -> list[str]:
    """Everything wrong with the directed game's answer file ``data`` for ``source``;
    [] if it is proven (see the module docstring).

    Raises
    ------
    DocumentError
        If ``data`` is not an answer with a certificate of the directed game.
    """
    document, unknown = read_answer(source, data, _NAME_FIELDS)
    del data
    moves = as_moves(moves)
    board = source if isinstance(source, Board) else None
    digraph, _ = directed_source(source, moves)
    kind = "board" if board is not None else "edges"
    answer_fields = dict(DIRECTED_ANSWER_FIELDS[kind])
    if board is None and READ_AS_FIELD in document:
        answer_fields[READ_AS_FIELD] = "str"
    problems = check_header(
        document,
        unknown,
        kind=kind,
        digest=input_digest(board if board is not None else digraph),
        board=board,
        moves=moves,
        certificate_format=FORMAT,
        answer_fields=answer_fields,
    )
    if problems:
        return problems
    n = digraph.n_vertices
    tails, heads = digraph.tails.astype(np.int64), digraph.indices.astype(np.int64)
    if not acyclic(n, tails, heads):
        return [
            "the digraph has a cycle: no retrograde certificate proves directed geography there"
        ]
    winning = check_labels(document, board, digraph.names, n, tails, heads)
    if isinstance(winning, list):
        return winning
    sizes = (n, digraph.n_edges)
    expected = expected_placements("directed", board, digraph.names, sizes, winning, moves)
    if READ_AS_FIELD in answer_fields:
        expected[READ_AS_FIELD] = read_as(source)
    compare(document, expected, "", problems)
    return problems
