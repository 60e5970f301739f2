"""Answer formats: placements as contest text, a board drawing or JSON, and JSON read back.

The JSON answers (:func:`board_answer`, :func:`graph_answer`) are dicts whose
big lists are numpy integer arrays (a 2-D array is a list of rows); they are
written by :func:`json_chunks` in pieces, each array through a compiled
formatter, and read back by :func:`read_json`, which returns integer lists as
:class:`IntList` arrays instead of a Python object per number. Their fields are
listed in :data:`ANSWER_FIELDS`; the checker in :mod:`matchgame.certificates`
demands exactly these.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ._kernels import jsonscan as _scan
from ._kernels.text import format_int_rows, format_json_ints
from .analysis import Analysis
from .boards import Board
from .errors import MatchgameError
from .graph import Graph
from .names import BoardCells

if TYPE_CHECKING:
    from .bunny import RecordAnalysis
    from .walks import WalkAnnotation

__all__ = [
    "ANSWER_FIELDS",
    "STYLES",
    "BadList",
    "DocumentError",
    "IntList",
    "annotation_document",
    "board_answer",
    "draw_board",
    "format_annotation",
    "format_mistakes",
    "format_placements",
    "graph_answer",
    "json_chunks",
    "mistakes_document",
    "placements_answer",
    "placements_chunks",
    "read_json",
]

STYLES = ("jsoi", "loj", "json", "board")

_ROWS_PER_PIECE = 1 << 18  # rows of an array formatted at a time
_PIECE_BYTES = 1 << 20  # pieces of JSON are joined up to this size

# The fields of the JSON answers and their types: "int" (not a boolean), "bool",
# "str", "ints" (a list of integers), "pairs" (a list of 2-integer lists), or an
# object given as a dict of its fields. The certificate is one more field,
# "certificate", described in matchgame.certificates.
ANSWER_FIELDS: dict[str, dict[str, Any]] = {
    "board": {
        "rows": "int",
        "cols": "int",
        "free_cells": "int",
        "matching_size": "int",
        "placer_wins": "bool",
        "winning_cells": "pairs",  # [row, col], 1-based, row-major
    },
    "edges": {
        "vertices": "int",
        "edges": "int",
        "engine": "str",
        "matching_size": "int",
        "placer_wins": "bool",
        "winning_vertices": "ints",  # 1-based, increasing
        "decomposition": {"D": "ints", "A": "ints", "C": "ints"},
        "matching": "pairs",
    },
}


class DocumentError(MatchgameError, ValueError):
    """A JSON document that cannot be read as an answer: not JSON, beyond the
    reader's limits, or a field missing, extra or of the wrong type."""


# -- answers as documents ------------------------------------------------------


def board_answer(board: Board, matching_size: int, winning: npt.ArrayLike) -> dict[str, Any]:
    """The JSON answer on a board; ``winning`` holds flat row-major cell indices
    (0-based, increasing) of the winning placements."""
    cells = np.asarray(winning, dtype=np.int32)  # a board has under 2**28 cells
    row_col = np.empty((cells.shape[0], 2), dtype=np.int32)
    np.floor_divide(cells, board.n_cols, out=row_col[:, 0])
    np.subtract(cells, row_col[:, 0] * board.n_cols, out=row_col[:, 1])
    row_col += 1
    return {
        "rows": board.n_rows,
        "cols": board.n_cols,
        "free_cells": board.n_free,
        "matching_size": int(matching_size),
        "placer_wins": bool(cells.size),
        "winning_cells": row_col,
    }


def graph_answer(
    graph: Graph,
    engine: str,
    matching: npt.ArrayLike,
    d: npt.ArrayLike,
    a: npt.ArrayLike,
    c: npt.ArrayLike,
) -> dict[str, Any]:
    """The JSON answer on a graph: ``matching`` as ``(k, 2)`` 0-based pairs, the
    Gallai-Edmonds sets as boolean masks. Vertices are written 1-based."""
    winning = np.flatnonzero(d) + 1
    return {
        "vertices": graph.n_vertices,
        "edges": graph.n_edges,
        "engine": engine,
        "matching_size": int(np.shape(matching)[0]),
        "placer_wins": bool(winning.size),
        "winning_vertices": winning,
        "decomposition": {
            "D": winning,
            "A": np.flatnonzero(a) + 1,
            "C": np.flatnonzero(c) + 1,
        },
        "matching": np.asarray(matching, dtype=np.int64).reshape(-1, 2) + 1,
    }


def placements_answer(analysis: Analysis) -> dict[str, Any]:
    """The JSON answer document of an analysis (a board's or a graph's), lists as
    numpy arrays; what ``matchgame placements --format json`` writes."""
    if analysis.board is not None:
        names = analysis.names
        assert isinstance(names, BoardCells)  # a board's graph is named by its cells
        winning = names.cell_of_vertex[analysis.decomposition.missable]
        document = board_answer(analysis.board, analysis.matching_size, winning)
        if analysis.moves not in (None, "orthogonal"):
            document["moves"] = analysis.moves
        return document
    sets = analysis.sets
    return graph_answer(
        analysis.graph,
        analysis.decomposition.engine,
        analysis.decomposition.matching_pairs(),
        sets.D,
        sets.A,
        sets.C,
    )


# -- writing -------------------------------------------------------------------


def placements_chunks(
    analysis: Analysis,
    style: str,
    certificate: dict[str, Any] | None = None,
) -> Iterator[bytes]:
    """The answer in ``style`` (one of :data:`STYLES`), in pieces to write one by one.

    Vertices are written in their 1-based text form (``row col`` for a cell, a
    number for a vertex). ``certificate`` (from :meth:`Analysis.certificate`)
    goes with ``"json"`` only; ``"board"`` needs a board.
    """
    if style not in STYLES:
        raise ValueError(f"unknown style {style!r} (choose from {', '.join(STYLES)})")
    if certificate is not None and style != "json":
        raise ValueError("a certificate goes with the json style")
    if style == "board" and analysis.board is None:
        raise ValueError("the board style needs a board, not a graph")
    if style == "json":
        document = placements_answer(analysis)
        if certificate is not None:
            document["certificate"] = certificate
        return json_chunks(document)
    if style == "board":
        return iter([draw_board(analysis).encode()])
    rows = analysis.names.numbers(analysis.winning_ids())
    if style == "jsoi":
        head = b"WIN\n" if rows.shape[0] else b"LOSE\n"
    else:
        head = f"{rows.shape[0]}\n".encode()
    return itertools.chain([head], _int_lines(rows))


def format_placements(
    analysis: Analysis,
    style: str,
    certificate: dict[str, Any] | None = None,
) -> bytes:
    """The whole answer in ``style`` as bytes (see :func:`placements_chunks`).

    Examples
    --------
    >>> from matchgame import analyse
    >>> analysis = analyse([".##", "...", "#.#"])
    >>> format_placements(analysis, "jsoi")
    b'WIN\\n2 3\\n3 2\\n'
    >>> format_placements(analysis, "json")
    b'{"rows":3,"cols":3,"free_cells":5,"matching_size":2,"placer_wins":true,"winning_cells":[[2,3],[3,2]]}\\n'
    """
    return b"".join(placements_chunks(analysis, style, certificate))


def _int_lines(rows: np.ndarray) -> Iterator[bytes]:
    """The rows as lines of space-separated numbers, a slice at a time."""
    for start in range(0, rows.shape[0], _ROWS_PER_PIECE):
        part = np.ascontiguousarray(rows[start : start + _ROWS_PER_PIECE], dtype=np.int64)
        yield format_int_rows(part).tobytes()


def draw_board(analysis: Analysis) -> str:
    """A board analysis as text: ``W`` where the placer wins, ``.`` where the
    placer loses, ``#`` blocked, then a legend and the verdict."""
    board = analysis.board
    if board is None:
        raise ValueError("draw_board needs an analysis of a board")
    chars = np.full(board.shape, ord("#"), dtype=np.uint8)
    chars[board.free] = ord(".")
    chars[analysis.board_mask()] = ord("W")
    body = "\n".join(bytes(row).decode() for row in chars)
    legend = "W placer wins  . placer loses  # blocked"
    wins = int(analysis.decomposition.missable.sum())
    verdict = f"{wins} winning placements" if wins else "no winning placement: the placer loses"
    return f"{body}\n{legend}; {verdict}\n"


def json_chunks(document: Any) -> Iterator[bytes]:
    """``document`` as compact JSON and a final newline, in pieces of about 1 MB.

    Dicts, lists, strings, numbers, booleans and None as ``json.dumps`` writes
    them; a 1-D numpy integer array as a list of integers, a 2-D one as a list
    of rows. Arrays are formatted a slice at a time, so the whole text is never
    held in memory.
    """
    pending: list[bytes] = []
    size = 0
    for piece in _json_pieces(document):
        pending.append(piece)
        size += len(piece)
        if size >= _PIECE_BYTES:
            yield b"".join(pending)
            pending, size = [], 0
    pending.append(b"\n")
    yield b"".join(pending)


def _json_pieces(value: Any) -> Iterator[bytes]:
    if isinstance(value, dict):
        yield b"{"
        for i, (key, item) in enumerate(value.items()):
            yield (b"," if i else b"") + json.dumps(str(key)).encode() + b":"
            yield from _json_pieces(item)
        yield b"}"
    elif isinstance(value, np.ndarray):
        if value.dtype.kind not in "iu" or value.ndim not in (1, 2):
            raise TypeError(f"cannot write a {value.ndim}-D {value.dtype} array as JSON")
        nested = value.ndim == 2
        rows = value if nested else value.reshape(-1, 1)
        yield b"["
        for start in range(0, rows.shape[0], _ROWS_PER_PIECE):
            part = np.ascontiguousarray(rows[start : start + _ROWS_PER_PIECE], dtype=np.int64)
            yield (b"," if start else b"") + format_json_ints(part, nested).tobytes()
        yield b"]"
    elif isinstance(value, (list, tuple)):
        yield b"["
        for i, item in enumerate(value):
            if i:
                yield b","
            yield from _json_pieces(item)
        yield b"]"
    elif isinstance(value, (np.integer, np.bool_)):
        yield json.dumps(value.item()).encode()
    else:
        yield json.dumps(value, separators=(",", ":")).encode()


# -- reading -------------------------------------------------------------------

MAX_DEPTH = 64
"""Deepest nesting :func:`read_json` accepts (an answer nests 4 deep)."""
MAX_STRING = 1024
"""Longest string or field name in bytes (an answer's longest is a 64-digit digest)."""
MAX_NUMBER = 64
"""Longest number in characters."""
MAX_VALUES = 4096
"""Most values outside lists (objects, their fields); an answer has about 20."""


@dataclass(frozen=True, eq=False)
class IntList:
    """A JSON list of integers (``width`` 0), of ``width``-integer lists, or empty
    (``width`` -1). ``values`` holds the integers in order (int32; integers
    outside int32 read as ``-2**31``)."""

    values: npt.NDArray[np.int32]
    width: int

    def __len__(self) -> int:
        return self.values.shape[0] if self.width <= 0 else self.values.shape[0] // self.width

    def rows(self, width: int) -> npt.NDArray[np.int32]:
        """The values as ``(len, width)``; the caller knows the width fits."""
        return self.values.reshape(-1, width)


@dataclass(frozen=True)
class BadList:
    """A JSON list that is neither integers nor integer lists of one length:
    ``problem`` says what its item number ``item`` (0-based) is."""

    item: int
    problem: str


_ITEM_PROBLEMS = {
    _scan.OBJECT: "an object",
    _scan.ARRAY: "a list among integers",
    _scan.STRING: "a string",
    _scan.FLOAT: "not an integer",
    _scan.TRUE: "true",
    _scan.FALSE: "false",
    _scan.NULL: "null",
    _scan.RAGGED: "a list of another length",
    _scan.NESTED: "a list holding lists",
    _scan.MIXED_INTEGER: "an integer among lists",
}

_SCAN_ERRORS = {
    _scan.SYNTAX: "not JSON",
    _scan.END: "not JSON: the text ends too early",
    _scan.DEPTH: f"nested deeper than {MAX_DEPTH} levels",
    _scan.LONG_STRING: f"a string longer than {MAX_STRING} bytes",
    _scan.LONG_NUMBER: f"a number longer than {MAX_NUMBER} characters",
    _scan.TOO_MANY: f"more than {MAX_VALUES} values outside lists",
    _scan.BAD_ESCAPE: "not JSON: a bad escape in a string",
    _scan.CONTROL: "not JSON: a control character in a string",
    _scan.TRAILING: "not JSON: more text after the document",
}


def read_json(data: bytes | str) -> Any:
    """Read a JSON document; lists of integers come back as :class:`IntList`.

    Objects come back as dicts, strings, numbers, booleans and null as Python
    values, other lists as :class:`BadList`. Memory is a few bytes per integer.

    Raises
    ------
    DocumentError
        For text that is not JSON, nests deeper than :data:`MAX_DEPTH`, holds a
        string longer than :data:`MAX_STRING` bytes or a number longer than
        :data:`MAX_NUMBER` characters, more than :data:`MAX_VALUES` values
        outside lists, or a field name twice in one object. The message names
        the field and the line and column.

    Examples
    --------
    >>> doc = read_json(b'{"n": 2, "pairs": [[1, 2], [3, 4]], "s": "x"}')
    >>> doc["n"], doc["pairs"].rows(2).tolist(), doc["s"]
    (2, [[1, 2], [3, 4]], 'x')
    """
    if isinstance(data, str):
        data = data.encode()
    buffer = np.frombuffer(data, dtype=np.uint8)
    bound = _scan.count_digit_runs(buffer)
    status, pos, nodes, spans, numbers, n_numbers, stack, pending = _scan.scan_json(
        buffer, MAX_DEPTH, MAX_STRING, MAX_NUMBER, MAX_VALUES, bound
    )
    numbers = numbers[:n_numbers]
    numbers.setflags(write=False)
    keys = [_decode_key(data, spans, i) for i in range(nodes.shape[0])]
    if status != _scan.OK:
        raise DocumentError(_scan_error(data, status, pos, nodes, keys, stack, pending))
    values: list[Any] = [None] * nodes.shape[0]
    for i in range(nodes.shape[0] - 1, -1, -1):  # children come after their parent
        kind = int(nodes[i, 0])
        if kind == _scan.OBJECT:
            values[i] = {}
        elif kind == _scan.ARRAY:
            values[i] = _list_value(nodes[i], numbers)
        else:
            values[i] = _scalar(data, kind, spans[i], keys, nodes, i)
    for i in range(1, nodes.shape[0]):  # in document order, to find repeated keys
        members = values[int(nodes[i, 1])]
        if keys[i] in members:
            raise DocumentError(f"field {_quote(_path(nodes, keys, i))} appears twice")
        members[keys[i]] = values[i]
    return values[0]


def _decode_key(data: bytes, spans: np.ndarray, i: int) -> str:
    start, end = int(spans[i, 0]), int(spans[i, 1])
    if start < 0:
        return ""
    return _decode_string(data[start - 1 : end + 1])


def _decode_string(quoted: bytes) -> str:
    try:
        return json.loads(quoted)
    except (UnicodeDecodeError, ValueError):
        raise DocumentError("a string is not valid UTF-8") from None


def _scalar(data: bytes, kind: int, span: np.ndarray, keys, nodes, i) -> Any:
    start, end = int(span[2]), int(span[3])
    if kind == _scan.STRING:
        try:
            return _decode_string(data[start - 1 : end + 1])
        except DocumentError:
            raise DocumentError(f"field {_quote(_path(nodes, keys, i))}: not valid UTF-8") from None
    if kind == _scan.INTEGER:
        return int(data[start:end])
    if kind == _scan.FLOAT:
        return float(data[start:end])
    return {_scan.TRUE: True, _scan.FALSE: False, _scan.NULL: None}[kind]


def _list_value(node: np.ndarray, numbers: np.ndarray) -> IntList | BadList:
    first, count, shape, width = (int(x) for x in node[2:6])
    if shape == _scan.MIXED:
        return BadList(width, _ITEM_PROBLEMS[first])
    if shape == _scan.EMPTY:
        return IntList(numbers[:0], -1)
    if shape == _scan.FLAT:
        return IntList(numbers[first : first + count], 0)
    return IntList(numbers[first : first + count * width], width)


def _path(nodes: np.ndarray, keys: list[str], i: int) -> str:
    parts = []
    while i > 0:
        parts.append(keys[i])
        i = int(nodes[i, 1])
    return ".".join(reversed(parts))


def _quote(text: str, limit: int = 40) -> str:
    """``text`` in double quotes, cut to ``limit`` characters."""
    shown = text if len(text) <= limit else text[: limit - 3] + "..."
    return json.dumps(shown)  # ASCII escapes: no byte of the input can break the line


def _scan_error(data, status, pos, nodes, keys, stack, pending) -> str:
    path = ""
    for frame in range(stack.shape[0] - 1, -1, -1):
        node = int(stack[frame, 0])
        if node < 0:
            continue
        path = _path(nodes, keys, node)
        if nodes[node, 0] == _scan.ARRAY:  # in one of its items
            path += f"[{int(stack[frame, 1])}]"
        elif pending[0] >= 0:  # in the value of a field
            try:
                key = _decode_string(data[int(pending[0]) - 1 : int(pending[1]) + 1])
            except DocumentError:
                key = "?"
            path = f"{path}.{key}" if path else key
        break
    line = data.count(b"\n", 0, pos) + 1
    column = pos - (data.rfind(b"\n", 0, pos) + 1) + 1
    what = _SCAN_ERRORS[status]
    if status == _scan.SYNTAX and pos < len(data):
        what += f": unexpected {_quote(data[pos : pos + 1].decode('latin-1'))}"
    where = f"line {line}, column {column}"
    return f"field {_quote(path)} ({where}): {what}" if path else f"{where}: {what}"


# -- game records --------------------------------------------------------------


def mistakes_document(analysis: RecordAnalysis) -> dict[str, Any]:
    """A NOI2011 record with every move annotated (cells 1-based), as
    ``matchgame mistakes --format json`` writes it."""
    record = analysis.record
    n_rows, n_cols = record.board.shape
    moves = [
        {
            "move": note.index + 1,
            "player": note.player,
            "number": note.number,
            "cell": [note.cell[0] + 1, note.cell[1] + 1],
            "winning_before": note.winning_before,
            "winning_after": note.winning_after,
            "mistake": note.mistake,
            "winning_move": None
            if note.winning_move is None
            else [note.winning_move[0] + 1, note.winning_move[1] + 1],
        }
        for note in analysis.annotations()
    ]
    return {
        "rows": n_rows,
        "cols": n_cols,
        "rounds": record.n_rounds,
        "egg_won": analysis.ended,
        "bunny_mistakes": analysis.mistakes("Bunny"),
        "egg_mistakes": analysis.mistakes("Egg"),
        "moves": moves,
    }


def format_mistakes(analysis: RecordAnalysis, style: str) -> bytes:
    """The NOI2011 answer (``"noi"``: the count of Bunny's mistakes, then their
    round numbers) or the annotated record (``"json"``)."""
    if style == "noi":
        mistakes = analysis.mistakes("Bunny")
        return "".join(f"{x}\n" for x in [len(mistakes), *mistakes]).encode()
    return (json.dumps(mistakes_document(analysis)) + "\n").encode()


def annotation_document(annotation: WalkAnnotation) -> dict[str, Any]:
    """A token-game record judged move by move, as ``matchgame annotate --format
    json`` writes it; moves in their 1-based JSON form (``[row, col]`` or a number)."""
    names = annotation.record.graph.names

    def value(name: Any) -> Any:
        return None if name is None else names.json_value(names.vertex(name))

    moves = [
        {
            "number": note.number,
            "player": note.player,
            "move": value(note.move),
            "winning_before": note.winning_before,
            "winning_after": note.winning_after,
            "mistake": note.mistake,
            "better": value(note.better),
        }
        for note in annotation.notes
    ]
    return {"moves": moves, "winner": annotation.winner}


def format_annotation(annotation: WalkAnnotation, style: str) -> bytes:
    """The judged record as JSON (``"json"``) or one line per move (``"text"``)."""
    if style == "json":
        return (json.dumps(annotation_document(annotation)) + "\n").encode()
    names = annotation.record.graph.names
    lines = []
    for note in annotation.notes:
        move = names.text(names.vertex(note.move))
        verdict = "winning" if note.winning_after else "losing"
        line = f"{note.number:>4}  {note.player:<6}  {move:<9}  {verdict}"
        if note.mistake:
            better = names.text(names.vertex(note.better))
            line += f"  mistake: {better} would win"
        lines.append(line)
    if annotation.winner is None:
        lines.append("the game is not over")
    else:
        lines.append(f"the {annotation.winner} player wins")
    return ("\n".join(lines) + "\n").encode()
