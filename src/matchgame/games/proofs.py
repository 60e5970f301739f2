"""What every game's certificate checker shares, below the games: the input's digest,
the answer document's shape, vertices read back (labels, a file's ids, cells), and the
comparison of an answer's fields with what its certificate proves.

A game's checker (:meth:`matchgame.Game.check_answer`) reads the answer with
:func:`~matchgame.readers.documents.read_json`, checks its shape here
(:func:`check_fields`), proves what its certificate claims its own way, and
compares the answer with what is proven (:func:`compare`). It uses no algorithm
of the game it checks.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np
import numpy.typing as npt

from ..core._validate import describe, plural
from ..core.board import Board, format_board
from ..core.graph import INDEX_DTYPE, Graph
from ..core.labels import FileIds, NodeLabels
from ..core.names import VertexIds, VertexNames
from ..errors import InvalidTypeError, MatchgameError
from ..readers.documents import BadList, DocumentError, IntList, NamedLists, quote, read_json
from ..readers.edgelists import format_edge_list

if TYPE_CHECKING:
    from ..core.digraph import DiGraph
    from ..core.dimultigraph import DiMultiGraph
    from ..core.multigraph import MultiGraph

__all__ = [
    "Arena",
    "another_input",
    "answer_bytes",
    "canonical_input",
    "check_fields",
    "check_format",
    "checked_ids",
    "claimed_winning_ids",
    "compare",
    "field",
    "graph_names",
    "increasing",
    "input_digest",
    "number",
    "numbered_names",
    "read_answer",
]


# -- the input a certificate is for ----------------------------------------------------


def canonical_input(source: Board | Graph | MultiGraph | DiGraph | DiMultiGraph) -> bytes:
    """The input as canonical text, the text a certificate's digest is taken of.

    A board: ``N M`` and its rows of ``.`` (free) and ``#`` (blocked), each
    line ending in a newline. A graph: ``n m`` and its ``m`` distinct edges
    ``u v`` (1-based, ``u < v``, sorted), loops dropped: the text of
    :func:`~matchgame.readers.boards.format_board` and
    :func:`~matchgame.readers.edgelists.format_edge_list`. A multigraph (the
    edge game's): every edge on its line, ``u <= v``, repeats and self-loops
    included (a simple graph's text is the same either way). A directed graph: its
    arcs ``u v`` (``u -> v``), sorted; a directed multigraph: every arc in its order
    (its game sorts them first, so that the order they were given in does not count).

    Examples
    --------
    >>> canonical_input(Board.from_rows([".x", ".."]))
    b'2 2\\n.#\\n..\\n'
    >>> canonical_input(Graph.from_edges(3, [(2, 1), (0, 1), (1, 2)]))
    b'3 2\\n1 2\\n2 3\\n'
    """
    text = format_board(source) if isinstance(source, Board) else format_edge_list(source)
    return text.encode("ascii")


def input_digest(source: Board | Graph | MultiGraph | DiGraph | DiMultiGraph) -> str:
    """The SHA-256 (hex) of :func:`canonical_input`."""
    return hashlib.sha256(canonical_input(source)).hexdigest()


def another_input(claimed: Any, kind: str, digest: str) -> str | None:
    """What is wrong when a certificate's ``input`` (its kind and sha256) is not the
    input's (``kind``, ``digest``), else None: checked before anything else, since a
    certificate of another graph names vertices this one does not have.

    >>> message = another_input({"kind": "edges", "sha256": "ab" * 32}, "edges", "cd" * 32)
    >>> message.split(": ")[1]
    "its input's sha256 is abababababab..., this input's cdcdcdcdcdcd..."
    """
    sha256, made_kind = (
        (claimed.get(k) for k in ("sha256", "kind")) if isinstance(claimed, dict) else (None, None)
    )
    if not isinstance(sha256, str) or not isinstance(made_kind, str):
        return None  # the document's shape is checked, and said, with its other fields
    if made_kind == kind and sha256 == digest:
        return None
    if made_kind != kind:
        what = "a board" if made_kind == "board" else "a graph"
        return f"the certificate was made for another input: {what}, not this {_KIND_WORDS[kind]}"
    return (
        f"the certificate was made for another input: its input's sha256 is "
        f"{sha256[:12]}..., this input's {digest[:12]}..."
    )


_KIND_WORDS = {"board": "board", "edges": "graph"}


# -- vertices read back ------------------------------------------------------------------


class Arena(Protocol):
    """What the checks of winning ids read of an arena: this module's two and the
    edge game's (``games.edge.certificate``)."""

    @property
    def kind(self) -> str: ...
    @property
    def size(self) -> int: ...
    @property
    def present(self) -> npt.NDArray[np.bool_]: ...
    @property
    def board(self) -> Board | None: ...
    @property
    def graph(self) -> Graph | None: ...
    @property
    def n_rows(self) -> int: ...
    @property
    def n_cols(self) -> int: ...
    def name(self, i: int) -> str: ...


def checked_ids(
    arena: Arena, values: npt.NDArray[np.integer], what: str, problems: list[str]
) -> npt.NDArray[np.int32] | None:
    """1-based text ids -> 0-based int32 ids, or None (and a problem) if one names no vertex."""
    outside = np.flatnonzero((values < 1) | (values > arena.size))
    if outside.size:
        noun = "cell" if arena.kind == "board" else "vertex"
        problems.append(
            f"{what} names {noun} {number(values[outside[0]])}, not one of 1..{arena.size}"
        )
        return None
    ids = values.astype(INDEX_DTYPE)
    ids -= 1
    blocked = np.flatnonzero(~arena.present[ids])
    if blocked.size:
        problems.append(f"{what} names {arena.name(ids[blocked[0]])}, a blocked cell")
        return None
    return ids


def _file_ids_as_numbers(
    names: FileIds, values: np.ndarray, what: str, problems: list[str]
) -> np.ndarray | None:
    """The file's ids -> 1-based text ids, or None (and a problem) for an id the file
    does not have."""
    found = np.searchsorted(names.ids, values)
    known = found < names.ids.shape[0]
    known[known] = names.ids[found[known]] == values[known]
    if not known.all():
        unknown = values[np.flatnonzero(~known)[0]]
        problems.append(f"{what} names vertex {number(unknown)}, not an id of the input")
        return None
    return found.astype(np.int64) + 1


def number(value: int) -> str:
    """An integer read from the document, as written."""
    return str(int(value))


def increasing(ids: npt.NDArray[np.integer], arena: Arena, what: str, problems: list[str]) -> bool:
    bad = np.flatnonzero(ids[1:] <= ids[:-1])
    if bad.size:
        problems.append(
            f"{what} is not in increasing order without repeats ({arena.name(ids[bad[0] + 1])})"
        )
    return not bad.size


def claimed_winning_ids(
    arena: Arena, document: dict[str, Any], problems: list[str]
) -> npt.NDArray[np.integer] | None:
    """D, the answer's winning placements, as increasing ids."""
    if arena.board is None:
        what = '"winning_vertices"'
        values = document["winning_vertices"].values
        assert arena.graph is not None  # an arena without a board has a graph
        names = arena.graph.names
        if isinstance(names, FileIds):  # the answer speaks the file's ids (SNAP)
            values = _file_ids_as_numbers(names, values, what, problems)
            if values is None:
                return None
        ids = checked_ids(arena, values, what, problems)
    else:
        what = '"winning_cells"'
        cells = document["winning_cells"].rows(2)
        rows, cols = cells[:, 0], cells[:, 1]
        outside = np.flatnonzero(
            (rows < 1) | (rows > arena.n_rows) | (cols < 1) | (cols > arena.n_cols)
        )
        if outside.size:
            row, col = (number(v) for v in cells[outside[0]])
            problems.append(
                f'"winning_cells" names [{row}, {col}], not a cell of the '
                f"{arena.n_rows}x{arena.n_cols} board"
            )
            return None
        ids = (rows - 1) * arena.n_cols + (cols - 1)  # int32: a board has under 2**28 cells
        blocked = np.flatnonzero(~arena.present[ids])
        if blocked.size:
            problems.append(f'"winning_cells" names {arena.name(ids[blocked[0]])}, a blocked cell')
            return None
    if ids is None or not increasing(ids, arena, what, problems):
        return None
    return ids


# -- names read back -------------------------------------------------------------


def graph_names(source: object) -> VertexNames | None:
    """The names of a graph source (None for a board: its cells are numbers)."""
    names = getattr(source, "names", None)
    return None if isinstance(source, Board) or not isinstance(names, VertexNames) else names


def numbered_names(names: VertexNames) -> VertexNames:
    """The names an answer is checked in: its own when they are numbers, else the
    1-based positions :func:`read_answer` turned its labels into."""
    return names if names.numeric else VertexIds(names.n_vertices)


ANSWER_ITEM_BYTES = 400
"""Most bytes an answer with its certificate spends on a vertex or an edge of its
input, indented by 16 spaces (``--indent 16``): a vertex is named in at most ten
lists, each item on a line of its own."""
ANSWER_SLACK = 64 << 10
"""Bytes of an answer besides its lists (field names, a digest, sizes)."""


def answer_bytes(
    source: Board | Graph | MultiGraph | DiGraph | DiMultiGraph, *, extra: int = 0
) -> int:
    """The most bytes an answer on ``source`` with its certificate can have
    (``placements --format json --certificate``, up to ``--indent 16``): what the
    input can need, as the readers bound a file by its header. :func:`read_answer`
    refuses a longer document before reading it.

    :data:`ANSWER_ITEM_BYTES` a vertex and edge (a board's cell counts as 5), plus
    :data:`ANSWER_SLACK`; on a graph named by labels, its labels as ASCII JSON (12
    bytes a character at most), four times each; plus ``extra`` (a game whose
    certificates grow faster than their input says how much more).

    >>> answer_bytes(Graph.from_edges(3, [(0, 1), (1, 2)]))
    67536
    """
    from ..core.digraph import DiGraph
    from ..core.dimultigraph import DiMultiGraph
    from ..core.multigraph import MultiGraph

    if not isinstance(source, Board | Graph | MultiGraph | DiGraph | DiMultiGraph):
        raise InvalidTypeError(f"the source must be a board or a graph, got {describe(source)}")
    # a board's cell has at most 4 edges of its own (a king's)
    items = 5 * source.n_free if isinstance(source, Board) else source.n_vertices + source.n_edges
    most = ANSWER_SLACK + ANSWER_ITEM_BYTES * items
    names = graph_names(source)
    if isinstance(names, NodeLabels):  # a character is at most 12 bytes of ASCII JSON
        most += 4 * (12 * sum(map(len, map(str, names.labels))) + 2 * names.n_vertices)
    return most + extra


def read_answer(
    source: Board | Graph | MultiGraph | DiGraph | DiMultiGraph,
    data: bytes | str,
    fields: tuple[tuple[str, ...], ...],
    *,
    extra: int = 0,
) -> tuple[dict[str, Any], list[str]]:
    """An answer document with its certificate, read for a game's checker; and the
    first label that names no vertex of ``source`` (then the answer is wrong), if any.

    On a graph named by labels (GraphML, GML, NetworkX) the lists at ``fields``
    (paths of keys) are read back by :meth:`~matchgame.core.names.VertexNames.from_json`
    as 1-based positions, the numbers the certificates and checkers speak.

    Raises
    ------
    DocumentError
        If the document is longer than an answer on ``source`` can be
        (:func:`answer_bytes` with ``extra``; refused before it is read), no JSON
        object, beyond the reader's limits, or has no ``"certificate"`` object.
    """
    most = answer_bytes(source, extra=extra)
    if len(data) > most:
        raise DocumentError(
            f"the document has {plural(len(data), 'byte')}, more than an answer for this input can "
            f"have ({most})"
        )
    names = graph_names(source)
    unknown: list[str] = []
    labelled = None if names is None or names.numeric else _as_numbers(names, fields, unknown)
    document = read_json(data, names=labelled)
    if not isinstance(document, dict):
        raise DocumentError("expected a JSON object (an answer with a certificate)")
    if "certificate" not in document:
        raise DocumentError('field "certificate" is missing (answers carry one with --certificate)')
    field(document, "certificate", {}, "certificate")
    return document, unknown[:1]


def _as_numbers(
    names: VertexNames, fields: tuple[tuple[str, ...], ...], unknown: list[str]
) -> NamedLists:
    """How the lists at ``fields`` are read on a graph named by labels: a label that
    names no vertex reads as 0 and is noted in ``unknown``."""

    def position(name: int | str, where: str, item: int) -> int:
        try:
            return names.from_json(name) + 1
        except MatchgameError:
            unknown.append(
                f"field {quote(where)} item {item}: {quote(str(name))} is not a vertex of the input"
            )
            return 0

    return NamedLists(fields, position)


# -- the document's shape (unusable files: DocumentError) ------------------------

_TYPE_NAMES = {
    "int": "an integer",
    "bool": "true or false",
    "str": "a string",
    "ints": "a list of integers",
    "pairs": "a list of pairs of integers",
    "quads": "a list of 4-integer lists",
}


def field(obj: dict[str, Any], key: str, kind: Any, path: str) -> Any:
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


def check_format(certificate: dict[str, Any], expected: str) -> None:
    """The certificate's ``format`` is ``expected`` (a missing or mistyped field is
    left to :func:`check_fields` to name)."""
    version = certificate.get("format")
    if isinstance(version, str) and version != expected:
        raise DocumentError(
            f'field "certificate.format": {quote(version)} is not {expected} '
            "(made by another version?)"
        )


def check_fields(obj: dict[str, Any], schema: dict[str, Any], path: str) -> None:
    """``obj`` has exactly the fields of ``schema``, each of its type (recursively)."""
    prefix = f"{path}." if path else ""
    for key in obj:
        if key not in schema:
            raise DocumentError(f"unexpected field {quote(prefix + key)}")
    for key, kind in schema.items():
        value = field(obj, key, kind, prefix + key)
        if isinstance(kind, dict) and kind:
            check_fields(value, kind, prefix + key)


# -- the answer's fields --------------------------------------------------------


def compare(
    document: dict[str, Any], expected: dict[str, Any], path: str, problems: list[str]
) -> None:
    """Every field of ``document`` equals the proven ``expected`` value."""
    for key, want in expected.items():
        where = f"{path}.{key}" if path else key
        name = quote(where)
        have = document[key]
        if isinstance(want, dict):
            compare(have, want, where, problems)
        elif isinstance(want, np.ndarray):
            if len(have) != want.shape[0]:
                problems.append(
                    f"field {name} has "
                    f"{plural(len(have), 'item')}, the certificate proves {want.shape[0]}"
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
