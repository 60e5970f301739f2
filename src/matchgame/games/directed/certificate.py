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
from ...core.digraph import DiGraph
from ...core.moves import as_moves
from ...core.names import BoardCells
from ...errors import InvalidInputError
from ..proofs import (
    another_input,
    check_fields,
    check_format,
    compare,
    input_digest,
    numbered_names,
    read_answer,
)
from .documents import DIRECTED_ANSWER_FIELDS, READ_AS_FIELD
from .source import directed_source, read_as

if TYPE_CHECKING:
    from .analysis import DirectedAnalysis

__all__ = ["check_directed_answer", "make_directed_certificate"]

_NAME_FIELDS = (("winning_vertices",),)  # an answer on a graph names these

FORMAT = "matchgame-certificate/4"
"""The directed game's certificate format (its first: made by this version)."""


def _text_ids(digraph: DiGraph) -> np.ndarray:
    """0-based text ids: a board's row-major cell numbers, else the vertex ids."""
    names = digraph.names
    if isinstance(names, BoardCells):
        return names.cell_of_vertex.astype(np.int64)
    return np.arange(digraph.n_vertices, dtype=np.int64)


def make_directed_certificate(analysis: DirectedAnalysis) -> dict[str, Any]:
    """The certificate of an acyclic digraph's answer (lists as numpy arrays).

    Raises
    ------
    InvalidInputError
        If a cycle can be reached from some vertex.

    Examples
    --------
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
    text_ids = _text_ids(digraph)
    losing = np.flatnonzero(~analysis.winning_mask)  # the mover wins: a move each
    moves = text_ids[analysis._moves[losing]] + 1
    source = analysis.board if analysis.board is not None else digraph
    identity: dict[str, Any] = {
        "kind": "board" if analysis.board is not None else "edges",
        "sha256": input_digest(source if analysis.board is not None else digraph),
    }
    if analysis.board is not None and analysis.moves not in (None, "orthogonal"):
        identity["moves"] = analysis.moves
    return {"format": FORMAT, "game": "directed", "input": identity, "moves": moves}


def _acyclic(digraph: DiGraph) -> bool:
    """Kahn's algorithm, written here so that the checker shares nothing with the
    analysis: peel the vertices with no arc left coming in."""
    n = digraph.n_vertices
    incoming = np.bincount(digraph.indices, minlength=n).astype(np.int64)
    frontier = [int(v) for v in np.flatnonzero(incoming == 0)]
    peeled = 0
    offsets, indices = digraph.offsets, digraph.indices
    while frontier:
        v = frontier.pop()
        peeled += 1
        for w in indices[offsets[v] : offsets[v + 1]].tolist():
            incoming[w] -= 1
            if incoming[w] == 0:
                frontier.append(w)
    return peeled == n


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
    certificate = document["certificate"]
    moves = as_moves(moves)
    board = source if isinstance(source, Board) else None
    digraph, _ = directed_source(source, moves)
    kind = "board" if board is not None else "edges"
    identity = {"kind": "str", "sha256": "str"}
    if isinstance(certificate.get("input"), dict) and "moves" in certificate["input"]:
        identity["moves"] = "str"
    check_fields(
        certificate,
        {"format": "str", "game": "str", "input": identity, "moves": "ints"},
        "certificate",
    )
    digest = input_digest(board if board is not None else digraph)
    # another input first: its vertices' names are not this one's (the unknown ones)
    wrong_input = another_input(certificate.get("input"), kind, digest)
    if wrong_input is not None:
        return [wrong_input]
    if unknown:
        return unknown
    check_format(certificate, FORMAT)
    claimed = certificate["input"]
    if claimed.get("moves", "orthogonal") != (moves if board is not None else "orthogonal"):
        return [f"the certificate was made for {claimed.get('moves', 'orthogonal')} moves"]
    answer_schema = dict(DIRECTED_ANSWER_FIELDS[kind])
    if board is not None and moves != "orthogonal":
        answer_schema["moves"] = "str"
    if board is None and READ_AS_FIELD in document:
        answer_schema[READ_AS_FIELD] = "str"
    check_fields(document, {**answer_schema, "certificate": {}}, "")
    if not _acyclic(digraph):
        return [
            "the digraph has a cycle: no retrograde certificate proves directed geography there"
        ]
    n = digraph.n_vertices
    text_ids = _text_ids(digraph)
    by_text = np.full(int(text_ids.max(initial=-1)) + 2, -1, dtype=np.int64)
    by_text[text_ids + 1] = np.arange(n)
    winning = _claimed_winning(document, board, digraph, by_text)
    if isinstance(winning, str):
        return [winning]
    in_w = np.zeros(n, dtype=bool)
    in_w[winning] = True
    tails, heads = digraph.tails, digraph.indices
    bad = np.flatnonzero(in_w[tails] & in_w[heads])
    if bad.size:
        u, v = int(tails[bad[0]]), int(heads[bad[0]])
        return [
            f"{digraph.names.describe(u)} is claimed a winning placement, but the mover there "
            f"can move to {digraph.names.describe(v)}, claimed one too"
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
    arcs = tails.astype(np.int64) * n_keys + heads
    ok = (targets >= 0) & np.isin(outside * n_keys + targets, arcs)
    ok[ok] &= in_w[targets[ok]]
    if not ok.all():
        v = int(outside[np.flatnonzero(~ok)[0]])
        return [
            f"no proof that the mover wins at {digraph.names.describe(v)}: its move is not an "
            "arc to a claimed winning placement"
        ]
    expected = _expected(document, board, digraph, winning, moves)
    if READ_AS_FIELD in answer_schema:
        expected[READ_AS_FIELD] = read_as(source)
    problems: list[str] = []
    compare(document, expected, "", problems)
    return problems


def _claimed_winning(
    document: dict[str, Any], board: Board | None, digraph: DiGraph, by_text: np.ndarray
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
        names = digraph.names
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
    document: dict[str, Any], board: Board | None, digraph: DiGraph, winning: np.ndarray, moves: str
) -> dict[str, Any]:
    """The answer's fields as the proof gives them."""
    if board is not None:
        names = digraph.names
        assert isinstance(names, BoardCells)
        cells = names.cell_of_vertex[winning]
        from ..documents import rows_and_columns

        expected: dict[str, Any] = {
            "game": "directed",
            "rows": board.n_rows,
            "cols": board.n_cols,
            "free_cells": board.n_free,
            "placer_wins": bool(winning.shape[0]),
            "winning_cells": rows_and_columns(cells, board.n_cols),
        }
        if moves != "orthogonal":
            expected["moves"] = moves
        return expected
    names = numbered_names(digraph.names)
    return {
        "game": "directed",
        "vertices": digraph.n_vertices,
        "arcs": digraph.n_edges,
        "placer_wins": bool(winning.shape[0]),
        "winning_vertices": names.json_array(winning),
    }
