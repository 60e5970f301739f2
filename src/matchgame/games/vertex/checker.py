"""Checking certificates: everything wrong with an answer file, with no matching algorithm.

What is proven, and how, is described in :mod:`matchgame.certificates`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ...core._validate import as_choice, describe
from ...core.board import Board
from ...core.graph import Graph
from ...core.moves import as_moves
from ...core.names import NodeLabels, VertexIds, VertexNames
from ...errors import InvalidTypeError, MatchgameError
from ...readers.documents import BadList, DocumentError, IntList, NamedLists, quote, read_json
from ...writers.placements import ANSWER_FIELDS, board_answer, graph_answer
from ._arenas import BoardArena, GraphArena, moves_arena
from ._proofs import prove
from .certificate import FORMAT, FORMAT_3, input_digest

if TYPE_CHECKING:
    from ...core.multigraph import MultiGraph

__all__ = ["answer_bytes", "check_answer"]

_BIPARTITE_FIELDS = ("format", "input", "matching", "forest")
_GENERAL_FIELDS = ("format", "input", "matching", "tutte_berge_set", "ears", "links")


def check_answer(
    source: Board | Graph | MultiGraph,
    data: bytes | str,
    *,
    moves: str = "orthogonal",
    game: str = "vertex",
) -> list[str]:
    """Everything wrong with the answer file ``data`` for ``source``; [] if it is proven.

    ``moves``: on a board, how the token moves (the certificate says which rule it
    was made for; another rule is another input). ``game``: the game the answer is
    checked as (``"vertex"`` or ``"edge"``, :mod:`matchgame.games.edge.certificate`); a
    certificate made for the other game proves nothing about this one.

    Raises
    ------
    DocumentError
        If ``data`` is not an answer document with a certificate: longer than an
        answer on ``source`` can be (:func:`answer_bytes`; refused before it is
        read), not JSON, a field missing, extra or of the wrong type (every item of
        a list typed: integers of up to 64 bits), or another format version.

    Examples
    --------
    >>> from matchgame import analyse_placements
    >>> from matchgame.certificates import make_certificate
    >>> from matchgame.writers.placements import format_placements
    >>> board = Board.from_rows([".##", "...", "#.#"])
    >>> answer = format_placements(analyse_placements(board), "json", make_certificate(board))
    >>> check_answer(board, answer)
    []
    >>> check_answer(board, answer.replace(b'"matching_size":2', b'"matching_size":3'))
    ['field "matching_size" is 3, the certificate proves 2']
    """
    game = as_choice(game, "game", ("vertex", "edge"))
    most = answer_bytes(source, game=game)
    if len(data) > most:
        raise DocumentError(
            f"the document has {len(data)} bytes, more than an answer for this input can "
            f"have ({most})"
        )
    names = _graph_names(source)
    unknown: list[str] = []
    labelled = None if names is None or names.numeric else _as_numbers(names, unknown)
    document = read_json(data, names=labelled)
    del data  # a certificate can be hundreds of MB; the caller may hand over its only copy
    if unknown:
        return unknown[:1]
    moves = as_moves(moves)
    if not isinstance(document, dict):
        raise DocumentError("expected a JSON object (an answer with a certificate)")
    if "certificate" not in document:
        raise DocumentError('field "certificate" is missing (answers carry one with --certificate)')
    certificate = _field(document, "certificate", {}, "certificate")
    made_for_game = certificate.get("game", "vertex")  # the vertex game's has no field
    if made_for_game not in ("vertex", "edge"):
        raise DocumentError(f'field "certificate.game": {quote(str(made_for_game))} is unknown')
    if made_for_game != game:
        return [f"the certificate was made for the {made_for_game} game, not the {game} game"]
    if game == "edge":
        from ..edge.certificate import FORMAT as EDGE_FORMAT
        from ..edge.certificate import check_edge_document

        _check_version(certificate, EDGE_FORMAT)
        return check_edge_document(source, document, moves)
    _check_version(certificate, FORMAT)
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
    _check_fields(certificate, schema, "certificate")
    identity = certificate["input"]
    if identity["kind"] != arena.kind or identity["sha256"] != input_digest(source):
        return ["the certificate was made for another input"]
    made_for = identity.get("moves", "orthogonal")
    if made_for != moves:
        return [f"the certificate was made for {made_for} moves, not {moves}"]
    answer_schema = dict(ANSWER_FIELDS[arena.kind])
    if moves != "orthogonal":
        answer_schema["moves"] = "str"
    _check_fields(document, {**answer_schema, "certificate": {}}, "")

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
    _compare(document, expected, "", problems)
    return problems


ANSWER_ITEM_BYTES = 400
"""Most bytes an answer with its certificate spends on a vertex or an edge of its
input, indented by 16 spaces (``--indent 16``): a vertex is named in at most ten
lists, each item on a line of its own."""
ANSWER_SLACK = 64 << 10
"""Bytes of an answer besides its lists (field names, a digest, sizes)."""
EDGE_GAME_SLACK = 64 << 20
"""The edge game's certificates grow faster than their input (a parity set a vertex):
their bound adds this much, as the command line always did."""


def answer_bytes(source: Board | Graph | MultiGraph, *, game: str = "vertex") -> int:
    """The most bytes an answer on ``source`` with its certificate can have
    (``placements --format json --certificate``, up to ``--indent 16``): what the
    input can need, as the readers bound a file by its header. :func:`check_answer`
    refuses a longer document before reading it.

    :data:`ANSWER_ITEM_BYTES` a vertex and edge (a board's cell counts as 5), plus
    :data:`ANSWER_SLACK`; on a graph named by labels, its labels as ASCII JSON (12
    bytes a character at most), four times each; for the edge game :data:`EDGE_GAME_SLACK` more.

    >>> answer_bytes(Graph.from_edges(3, [(0, 1), (1, 2)]))
    67536
    """
    game = as_choice(game, "game", ("vertex", "edge"))
    # a board's cell has at most 4 edges of its own (a king's)
    items = 5 * source.n_free if isinstance(source, Board) else source.n_vertices + source.n_edges
    most = ANSWER_SLACK + ANSWER_ITEM_BYTES * items
    names = _graph_names(source)
    if isinstance(names, NodeLabels):  # a character is at most 12 bytes of ASCII JSON
        most += 4 * (12 * sum(map(len, map(str, names.labels))) + 2 * names.n_vertices)
    return most + (EDGE_GAME_SLACK if game == "edge" else 0)


def _check_version(certificate: dict[str, Any], expected: str) -> None:
    """The certificate is of the ``expected`` version; or, for the vertex game's
    version 4, of version 3 with a forest (the same fields: a bipartite input's
    certificate did not change)."""
    version = certificate.get("format")
    if not isinstance(version, str) or version == expected:
        return  # a missing or mistyped field is named by the shape checks
    if expected == FORMAT and version == FORMAT_3 and "tutte_berge_set" not in certificate:
        return
    if expected == FORMAT and version == FORMAT_3:
        raise DocumentError(
            f'field "certificate.format": {FORMAT_3} proves graphs with odd cycles by '
            f"paths, which this version no longer reads: make the certificate again "
            f"({FORMAT}: ears and links)"
        )
    raise DocumentError(
        f'field "certificate.format": {quote(version)} is not {FORMAT} (made by another version?)'
    )


# -- names read back -------------------------------------------------------------

# the fields of an answer on a graph that hold vertices (pairs in "matching")
_NAME_FIELDS = (
    ("winning_vertices",),
    ("decomposition", "D"),
    ("decomposition", "A"),
    ("decomposition", "C"),
    ("matching",),
)


def _graph_names(source: object) -> VertexNames | None:
    """The names of a graph source (None for a board: its cells are numbers)."""
    names = getattr(source, "names", None)
    return None if isinstance(source, Board) or not isinstance(names, VertexNames) else names


def numbered_names(names: VertexNames) -> VertexNames:
    """The names an answer is checked in: its own when they are numbers, else the
    1-based positions :func:`_labels_as_numbers` turned its labels into."""
    return names if names.numeric else VertexIds(names.n_vertices)


def _as_numbers(names: VertexNames, unknown: list[str]) -> NamedLists:
    """How an answer on a graph named by labels (GraphML, GML, NetworkX) is read: its
    vertices, as :meth:`~matchgame.core.names.VertexNames.from_json` reads them,
    become 1-based positions, the numbers the certificate and the checker speak; a
    label that names no vertex reads as 0 and is noted in ``unknown`` (the answer is
    then wrong)."""

    def number(name: int | str, field: str, item: int) -> int:
        try:
            return names.from_json(name) + 1
        except MatchgameError:
            unknown.append(
                f"field {quote(field)} item {item}: {quote(str(name))} is not a vertex of the input"
            )
            return 0

    return NamedLists(_NAME_FIELDS, number)


# -- the document's shape (unusable files: DocumentError) ------------------------

_TYPE_NAMES = {
    "int": "an integer",
    "bool": "true or false",
    "str": "a string",
    "ints": "a list of integers",
    "pairs": "a list of pairs of integers",
    "quads": "a list of 4-integer lists",
}


def _field(obj: dict[str, Any], key: str, kind: Any, path: str) -> Any:
    if key not in obj:
        raise DocumentError(f"field {quote(path)} is missing")
    value = obj[key]
    if isinstance(kind, dict):
        ok = isinstance(value, dict)
    elif kind == "int":
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif kind == "bool":
        ok = isinstance(value, bool)
    elif kind == "str":
        ok = isinstance(value, str)
    else:
        width = {"ints": 0, "pairs": 2, "quads": 4}[kind]
        ok = isinstance(value, IntList) and value.width in (-1, width)
    if not ok:
        expected = "an object" if isinstance(kind, dict) else _TYPE_NAMES[kind]
        found = f" (item {value.item} is {value.problem})" if isinstance(value, BadList) else ""
        raise DocumentError(f"field {quote(path)}: expected {expected}{found}")
    return value


def _check_fields(obj: dict[str, Any], schema: dict[str, Any], path: str) -> None:
    """``obj`` has exactly the fields of ``schema``, each of its type (recursively)."""
    prefix = f"{path}." if path else ""
    for key in obj:
        if key not in schema:
            raise DocumentError(f"unexpected field {quote(prefix + key)}")
    for key, kind in schema.items():
        value = _field(obj, key, kind, prefix + key)
        if isinstance(kind, dict) and kind:
            _check_fields(value, kind, prefix + key)


# -- the answer's fields --------------------------------------------------------


def _compare(
    document: dict[str, Any], expected: dict[str, Any], path: str, problems: list[str]
) -> None:
    """Every field of ``document`` equals the proven ``expected`` value."""
    for key, want in expected.items():
        where = f"{path}.{key}" if path else key
        name = quote(where)
        have = document[key]
        if isinstance(want, dict):
            _compare(have, want, where, problems)
        elif isinstance(want, np.ndarray):
            if len(have) != want.shape[0]:
                problems.append(
                    f"field {name} has {len(have)} items, the certificate proves {want.shape[0]}"
                )
                continue
            if not want.size:
                continue
            got = have.values.reshape(want.shape)
            differ = np.flatnonzero((got != want).reshape(want.shape[0], -1).any(axis=1))
            if differ.size:
                i = int(differ[0])
                problems.append(
                    f"field {name} item {i} is {got[i].tolist()}, "
                    f"the certificate proves {want[i].tolist()}"
                )
        elif have != want or type(have) is not type(want):
            problems.append(f"field {name} is {_show(have)}, the certificate proves {_show(want)}")


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return quote(value)
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."
