"""The checker of retrograde certificates, shared by the directed games.

Where the arcs that count form no cycle, a directed game is decided vertex by vertex
towards the sinks, and its proof is as short as the input: the winning placements W
(where the player to move loses) and, for every other vertex, one move into W. Each
game says which arcs count (the directed game: all of them; directed edge geography:
those left once opposite arcs cancel) and its answer's fields; these functions check
the rest, written apart from the analyses so that a checker shares nothing with what
it checks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core._validate import plural
from ..core.board import Board
from ..core.names import BoardCells, VertexNames
from .documents import board_placements, graph_placements
from .proofs import another_input, check_fields, check_format, numbered_names

__all__ = ["acyclic", "check_header", "check_labels", "expected_placements", "text_ids"]


def text_ids(names: VertexNames, n_vertices: int) -> npt.NDArray[np.int64]:
    """0-based text ids: a board's row-major cell numbers, else the vertex ids."""
    if isinstance(names, BoardCells):
        return names.cell_of_vertex.astype(np.int64)
    return np.arange(n_vertices, dtype=np.int64)


def acyclic(n_vertices: int, tails: npt.ArrayLike, heads: npt.ArrayLike) -> bool:
    """Kahn's algorithm: peel the vertices with no arc left coming in, until none is left."""
    tails = np.asarray(tails, dtype=np.int64)
    heads = np.asarray(heads, dtype=np.int64)
    incoming = np.bincount(heads, minlength=n_vertices).astype(np.int64)
    order = np.argsort(tails, kind="stable")
    sorted_heads = heads[order]
    offsets = np.zeros(n_vertices + 1, dtype=np.int64)
    np.cumsum(np.bincount(tails, minlength=n_vertices), out=offsets[1:])
    frontier = [int(v) for v in np.flatnonzero(incoming == 0)]
    peeled = 0
    while frontier:
        v = frontier.pop()
        peeled += 1
        for w in sorted_heads[offsets[v] : offsets[v + 1]].tolist():
            incoming[w] -= 1
            if incoming[w] == 0:
                frontier.append(w)
    return peeled == n_vertices


def check_header(
    document: dict[str, Any],
    unknown: list[str],
    *,
    kind: str,
    digest: str,
    board: Board | None,
    moves: str,
    certificate_format: str,
    answer_fields: Mapping[str, Any],
) -> list[str]:
    """What is wrong with an answer's certificate before its labels: its fields, the
    input it was made for (said first: another input's names are not this one's, so
    the ``unknown`` names come after), its format and move rule, the answer's fields
    (``answer_fields``, and ``moves`` on a board under another move rule)."""
    certificate = document["certificate"]
    identity = {"kind": "str", "sha256": "str"}
    if isinstance(certificate.get("input"), dict) and "moves" in certificate["input"]:
        identity["moves"] = "str"
    check_fields(
        certificate,
        {"format": "str", "game": "str", "input": identity, "moves": "ints"},
        "certificate",
    )
    wrong_input = another_input(certificate.get("input"), kind, digest)
    if wrong_input is not None:
        return [wrong_input]
    if unknown:
        return unknown
    check_format(certificate, certificate_format)
    claimed = certificate["input"]
    if claimed.get("moves", "orthogonal") != (moves if board is not None else "orthogonal"):
        return [f"the certificate was made for {claimed.get('moves', 'orthogonal')} moves"]
    said_moves = {"moves": "str"} if board is not None and moves != "orthogonal" else {}
    check_fields(document, {**answer_fields, **said_moves, "certificate": {}}, "")
    return []


def check_labels(
    document: dict[str, Any],
    board: Board | None,
    names: VertexNames,
    n_vertices: int,
    tails: npt.NDArray[np.int64],
    heads: npt.NDArray[np.int64],
    arcs_said: str = "an arc",
) -> npt.NDArray[np.int64] | list[str]:
    """The claimed winning placements W as vertex ids, once proven on the acyclic arcs
    ``tails -> heads`` (said ``arcs_said`` in a message): no arc from W into W, and a
    move into W from every vertex outside it, in the certificate's ``moves``; else what
    is wrong."""
    ids = text_ids(names, n_vertices)
    by_text = np.full(int(ids.max(initial=-1)) + 2, -1, dtype=np.int64)
    by_text[ids + 1] = np.arange(n_vertices)
    winning = _claimed_winning(document, board, names, by_text)
    if isinstance(winning, str):
        return [winning]
    in_w = np.zeros(n_vertices, dtype=bool)
    in_w[winning] = True
    bad = np.flatnonzero(in_w[tails] & in_w[heads])
    if bad.size:
        u, v = int(tails[bad[0]]), int(heads[bad[0]])
        return [
            f"{names.describe(u)} is claimed a winning placement, but the mover there "
            f"can move to {names.describe(v)}, claimed one too"
        ]
    outside = np.flatnonzero(~in_w)
    given = document["certificate"]["moves"].values.astype(np.int64)
    if given.shape[0] != outside.shape[0]:
        return [
            f'"moves" has {plural(given.shape[0], "move")}: one is due for each of the '
            f"{plural(outside.shape[0], 'vertex', 'vertices')} outside the winning placements"
        ]
    inside = (given >= 1) & (given < by_text.shape[0])
    targets = np.where(inside, by_text[np.clip(given, 0, by_text.shape[0] - 1)], -1)
    n_keys = max(n_vertices, 1)
    arcs = tails.astype(np.int64) * n_keys + heads
    ok = (targets >= 0) & np.isin(outside * n_keys + targets, arcs)
    ok[ok] &= in_w[targets[ok]]
    if not ok.all():
        v = int(outside[np.flatnonzero(~ok)[0]])
        return [
            f"no proof that the mover wins at {names.describe(v)}: its move is not "
            f"{arcs_said} to a claimed winning placement"
        ]
    return winning


def _claimed_winning(
    document: dict[str, Any], board: Board | None, names: VertexNames, by_text: np.ndarray
) -> npt.NDArray[np.int64] | str:
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


def expected_placements(
    game: str,
    board: Board | None,
    names: VertexNames,
    sizes: tuple[int, int],
    winning: npt.NDArray[np.int64],
    moves: str,
) -> dict[str, Any]:
    """The answer's fields as the proof gives them (``sizes``: vertices and arcs)."""
    if board is not None:
        assert isinstance(names, BoardCells)
        return board_placements(game, board, names.cell_of_vertex[winning], moves)
    counts = {"vertices": sizes[0], "arcs": sizes[1]}
    return graph_placements(game, counts, numbered_names(names), winning)
