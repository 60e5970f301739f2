"""Checking the vertex game's certificates: everything wrong with an answer file, with
no matching algorithm.

What is proven, and how, is described in :mod:`matchgame.certificates`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ...core._validate import describe
from ...core.board import Board
from ...core.graph import Graph
from ...core.moves import as_moves
from ...errors import InvalidTypeError
from ...readers.documents import DocumentError
from ..proofs import (
    another_input,
    check_fields,
    check_format,
    compare,
    input_digest,
    numbered_names,
    read_answer,
)
from ._arenas import BoardArena, GraphArena, moves_arena
from ._proofs import prove
from .certificate import FORMAT, FORMAT_3
from .documents import ANSWER_FIELDS, board_answer, graph_answer

if TYPE_CHECKING:
    from ...core.multigraph import MultiGraph

__all__ = ["check_answer"]

_BIPARTITE_FIELDS = ("format", "input", "matching", "forest")
_GENERAL_FIELDS = ("format", "input", "matching", "tutte_berge_set", "ears", "links")


def check_answer(
    source: Board | Graph | MultiGraph,
    data: bytes | str,
    *,
    moves: str = "orthogonal",
) -> list[str]:
    """Everything wrong with the vertex game's answer file ``data`` for ``source``; []
    if it is proven (:func:`matchgame.certificates.check_answer` finds the game an
    answer names and calls its checker).

    ``moves``: on a board, how the token moves (the certificate says which rule it
    was made for; another rule is another input).

    Raises
    ------
    DocumentError
        If ``data`` is not an answer document with a certificate: longer than an
        answer on ``source`` can be (:func:`~matchgame.games.proofs.answer_bytes`;
        refused before it is read), not JSON, a field missing, extra or of the
        wrong type (every item of a list typed: integers of up to 64 bits), or
        another format version.

    Examples
    --------
    >>> from matchgame import analyse
    >>> from matchgame.games.vertex.certificate import make_certificate
    >>> from matchgame.writers.placements import format_placements
    >>> board = Board.from_rows([".##", "...", "#.#"])
    >>> answer = format_placements(analyse(board), "json", make_certificate(board))
    >>> check_answer(board, answer)
    []
    >>> check_answer(board, answer.replace(b'"matching_size":2', b'"matching_size":3'))
    ['field "matching_size" is 3, the certificate proves 2']
    """
    document, unknown = read_answer(source, data, _NAME_FIELDS)
    del data  # a certificate can be hundreds of MB; the caller may hand over its only copy
    moves = as_moves(moves)
    certificate = document["certificate"]
    _check_version(certificate)
    if "game" in certificate:  # the vertex game's certificate names none
        raise DocumentError('unexpected field "certificate.game"')
    arena: BoardArena | GraphArena
    if isinstance(source, Board):
        # questions answered on the grid, no graph built
        arena = BoardArena(source) if moves == "orthogonal" else moves_arena(source, moves)
    elif isinstance(source, Graph):
        arena = GraphArena(source)
    else:
        raise InvalidTypeError(f"source must be a Board or Graph, got {describe(source)}")
    fields = _GENERAL_FIELDS if "tutte_berge_set" in certificate else _BIPARTITE_FIELDS
    schema: dict[str, Any] = dict.fromkeys(fields, "ints")
    identity_fields = {"kind": "str", "sha256": "str"}
    if isinstance(certificate.get("input"), dict) and "moves" in certificate["input"]:
        identity_fields["moves"] = "str"
    schema.update(format="str", input=identity_fields, matching="pairs")
    # another input first: its vertices' names are not this one's (the unknown ones)
    wrong_input = another_input(certificate.get("input"), arena.kind, input_digest(source))
    if wrong_input is not None:
        return [wrong_input]
    if unknown:
        return unknown
    check_fields(certificate, schema, "certificate")
    identity = certificate["input"]
    made_for = identity.get("moves", "orthogonal")
    if made_for != moves:
        return [f"the certificate was made for {made_for} moves, not {moves}"]
    answer_schema = dict(ANSWER_FIELDS[arena.kind])
    if moves != "orthogonal":
        answer_schema["moves"] = "str"
    check_fields(document, {**answer_schema, "certificate": {}}, "")

    problems: list[str] = []
    proven = prove(arena, document, certificate, problems)
    if proven is None:
        return problems
    pairs, winning = proven
    if arena.board is not None:
        expected = board_answer(arena.board, pairs, winning, moves)
    else:
        d = np.zeros(arena.size, dtype=bool)
        d[winning] = True
        a = arena.neighbourhood(d) & ~d
        graph = arena.graph
        expected = graph_answer(
            graph,
            "bipartite" if arena.bipartite else "blossom",
            pairs,
            d,
            a,
            ~(d | a),
            names=numbered_names(graph.names),
        )
    compare(document, expected, "", problems)
    return problems


def _check_version(certificate: dict[str, Any]) -> None:
    """The certificate is of this version's format; or of version 3 with a forest
    (the same fields: a bipartite input's certificate did not change)."""
    if certificate.get("format") != FORMAT_3:
        check_format(certificate, FORMAT)
    elif "tutte_berge_set" in certificate:
        raise DocumentError(
            f'field "certificate.format": {FORMAT_3} proves graphs with odd cycles by '
            f"paths, which this version no longer reads: make the certificate again "
            f"({FORMAT}: ears and links)"
        )


# the fields of an answer on a graph that hold vertices (pairs in "matching")
_NAME_FIELDS = (
    ("winning_vertices",),
    ("decomposition", "D"),
    ("decomposition", "A"),
    ("decomposition", "C"),
    ("matching",),
)
