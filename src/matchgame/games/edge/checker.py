"""Checking the edge game's certificates: counts of edges, no linear algebra.

What is proven, and how, is described in :mod:`matchgame.games.edge.certificate`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...core.board import Board
from ...core.graph import Graph
from ...core.moves import as_moves
from ...core.multigraph import MultiGraph
from ..analyses import plain_json
from ..proofs import (
    another_input,
    check_fields,
    check_format,
    claimed_winning_ids,
    compare,
    numbered_names,
    read_answer,
)
from ._check import Arena, digest, lanes_ok, programs_ok
from .certificate import FIELDS, FORMAT
from .documents import EDGE_ANSWER_FIELDS, edge_board_answer, edge_graph_answer

__all__ = ["as_json", "check_edge_answer", "check_edge_document"]


def as_json(certificate: dict[str, Any]) -> dict[str, Any]:
    """The certificate as plain lists, numbers and strings (what ``json.dumps`` takes)."""
    plain: dict[str, Any] = plain_json(certificate)
    return plain


_NAME_FIELDS = (("winning_vertices",),)  # an edge game's answer on a graph names these
CERTIFICATE_SLACK = 64 << 20
"""The edge game's certificates grow faster than their input (with the elimination's
fill: pivot rows and their programs): their bound
(:func:`~matchgame.games.proofs.answer_bytes`) adds this much."""


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
    if unknown:  # another input first: its vertices' names are not this one's
        kind = "board" if isinstance(source, Board) else "edges"
        wrong_input = another_input(document["certificate"].get("input"), kind, digest(source))
        return unknown if wrong_input is None else [wrong_input]
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
    wrong_input = another_input(identity, kind, digest(source))
    if wrong_input is not None:
        return [wrong_input]
    made_for = identity.get("moves", "orthogonal")
    if isinstance(source, Board) and made_for != moves:
        return [f"the certificate was made for {made_for} moves, not {moves}"]
    answer_schema = dict(EDGE_ANSWER_FIELDS[kind])
    if isinstance(source, Board) and moves != "orthogonal":
        answer_schema["moves"] = "str"
    check_fields(document, {**answer_schema, "certificate": {}}, "")
    if document["game"] != "edge":
        return [f'field "game" is {document["game"]!r}: this is the edge game\'s certificate']
    arena = Arena(source, moves)
    problems: list[str] = []
    found = claimed_winning_ids(arena, document, problems)
    if found is None:
        return problems
    winning = found.astype(np.int64)
    if lanes_ok(arena, certificate["lanes"].values, winning, problems):
        programs_ok(arena, certificate, winning, problems)
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
