"""JSON answers read back, without a Python object per number.

:func:`read_json` returns integer lists as :class:`IntList` arrays, so the
certificate checker (:mod:`matchgame.certificates`) reads hundreds of MB of
answer in a few bytes per integer, with limits on nesting, strings and numbers.
Every item of a list is typed: an :class:`IntList` holds integers (of up to 64
bits) or lists of integers of one length, anything else is a :class:`BadList`
naming its first wrong item; lists of vertex names (integers or strings, an
answer on a graph named by labels) are read as numbers by :class:`NamedLists`.
:func:`document_game` says which game an answer's certificate is for.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from .._kernels import jsonscan as _scan
from ..errors import MatchgameError

__all__ = [
    "BadList",
    "DocumentError",
    "IntList",
    "NamedLists",
    "document_game",
    "quote",
    "read_json",
]


class DocumentError(MatchgameError, ValueError):
    """A JSON document that cannot be read as an answer: not JSON, beyond the
    reader's limits, or a field missing, extra or of the wrong type.

    Parameters
    ----------
    message : str
        One line naming the field (and, for a syntax error, the line and column)
        at fault and what is wrong with it.

    See Also
    --------
    MatchgameError : The base class of every error a user's input can cause.
    ParseError : Text that does not follow one of the text formats.
    verify : Checks an answer read from such a document.

    Examples
    --------
    >>> import matchgame
    >>> from matchgame.readers.documents import read_json
    >>> try:
    ...     read_json(b"[1, 2")
    ... except matchgame.DocumentError as error:
    ...     print(isinstance(error, ValueError))
    True
    """


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
    """A JSON list of integers (``width`` 0), of ``width``-integer lists (``width``
    at least 1), or empty (``width`` -1). ``values`` holds the integers in order:
    int32 when the document's digits fit it, else int64 (any integer of 64 bits)."""

    values: npt.NDArray[np.int32] | npt.NDArray[np.int64]
    width: int

    def __len__(self) -> int:
        return len(self.values) if self.width <= 0 else len(self.values) // self.width

    def rows(self, width: int) -> npt.NDArray[np.int32] | npt.NDArray[np.int64]:
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
    _scan.BIG: "an integer beyond 64 bits",
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


@dataclass(frozen=True)
class NamedLists:
    """Lists whose items are vertex names, for :func:`read_json`: at the fields
    ``fields`` (paths of keys), an item may be an integer or a string, and
    ``number(name, field, item)`` turns it into the integer the list holds (an
    answer on a graph named by labels is checked in the vertices' positions).
    A string anywhere else is a wrong item, as without it."""

    fields: tuple[tuple[str, ...], ...]
    number: Callable[[int | str, str, int], int]


def read_json(data: bytes | str, *, names: NamedLists | None = None) -> Any:
    """Read a JSON document; lists of integers come back as :class:`IntList`.

    Objects come back as dicts, strings, numbers, booleans and null as Python
    values, other lists as :class:`BadList` (a list of empty lists too: no answer
    holds one). With ``names``, the lists at its fields are read as vertex names
    (see :class:`NamedLists`). Memory is a few bytes per integer (and per string
    of a list, read with ``names``).

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
    >>> read_json(b'{"v": [[], []], "w": [1, "a"], "big": [9223372036854775807]}')
    {'v': BadList(item=0, problem='an empty list'), 'w': BadList(item=1, problem='a string'), \
'big': IntList(values=array([9223372036854775807]), width=0)}
    """
    if isinstance(data, str):
        data = data.encode()
    buffer = np.frombuffer(data, dtype=np.uint8)
    runs, longest, quotes = _scan.measure(buffer)
    texts_bound = quotes // 2 if names is not None else -1
    scanned = _scan.scan_json(
        buffer,
        MAX_DEPTH,
        MAX_STRING,
        MAX_NUMBER,
        MAX_VALUES,
        runs + max(texts_bound, 0),
        wide=longest > 9 or names is not None,
        max_texts=texts_bound,
    )
    status, pos, nodes, spans, numbers, n_numbers, stack, pending, is_text, texts = scanned
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
            if names is not None and isinstance(values[i], IntList):
                path = _keys(nodes, keys, i)
                if path in names.fields:
                    values[i] = _named(values[i], nodes[i], is_text, texts, data, path, names)
                elif nodes[i, 6]:
                    values[i] = _first_text(nodes[i], is_text, texts, data)
        else:
            values[i] = _scalar(data, kind, spans[i], keys, nodes, i)
    for i in range(1, nodes.shape[0]):  # in document order, to find repeated keys
        members = values[int(nodes[i, 1])]
        if keys[i] in members:
            raise DocumentError(f"field {quote(_path(nodes, keys, i))} appears twice")
        members[keys[i]] = values[i]
    return values[0]


def _decode_key(data: bytes, spans: np.ndarray, i: int) -> str:
    start, end = int(spans[i, 0]), int(spans[i, 1])
    if start < 0:
        return ""
    return _decode_string(data[start - 1 : end + 1])


def _decode_string(quoted: bytes) -> str:
    try:
        text: str = json.loads(quoted)  # one JSON string
    except (UnicodeDecodeError, ValueError):
        raise DocumentError("a string is not valid UTF-8") from None
    return text


def _scalar(
    data: bytes,
    kind: int,
    span: npt.NDArray[np.int64],
    keys: list[str],
    nodes: npt.NDArray[np.int64],
    i: int,
) -> Any:
    start, end = int(span[2]), int(span[3])
    if kind == _scan.STRING:
        try:
            return _decode_string(data[start - 1 : end + 1])
        except DocumentError:
            raise DocumentError(f"field {quote(_path(nodes, keys, i))}: not valid UTF-8") from None
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
    if width == 0:
        return BadList(0, "an empty list")
    return IntList(numbers[first : first + count * width], width)


def _first_text(node: np.ndarray, is_text: np.ndarray, texts: np.ndarray, data: bytes) -> BadList:
    """A list read among names whose items hold a string (or an integer beyond 64
    bits, kept as text) where none may be."""
    first, count, width = int(node[2]), int(node[3]), max(int(node[5]), 1)
    at = int(np.flatnonzero(is_text[first : first + count * width])[0])
    return BadList(at // width, _text_kind(data, texts, first + at, is_text))


def _text_kind(data: bytes, texts: np.ndarray, place: int, is_text: np.ndarray) -> str:
    """What the text item at ``place`` among the numbers is: a string (its span
    starts after a quote) or an integer beyond 64 bits."""
    k = int(np.count_nonzero(is_text[:place]))
    start = int(texts[k, 0])
    return "a string" if data[start - 1 : start] == b'"' else _ITEM_PROBLEMS[_scan.BIG]


def _named(
    found: IntList,
    node: np.ndarray,
    is_text: np.ndarray,
    texts: np.ndarray,
    data: bytes,
    path: tuple[str, ...],
    names: NamedLists,
) -> IntList:
    """The list of names ``found`` as the numbers ``names.number`` gives them: each
    distinct name asked once (integers at once, strings by their text as written)."""
    first, width = int(node[2]), max(found.width, 1)
    raw = found.values.astype(np.int64, copy=False)
    out = np.empty(raw.shape[0], dtype=np.int64)
    field = ".".join(path)
    strings = is_text[first : first + raw.shape[0]].astype(bool)
    at = np.flatnonzero(~strings)
    if at.size:
        distinct, where, inverse = np.unique(raw[at], return_index=True, return_inverse=True)
        numbers = [
            names.number(int(value), field, int(at[k]) // width)
            for value, k in zip(distinct.tolist(), where.tolist(), strict=True)
        ]
        out[at] = np.asarray(numbers, dtype=np.int64)[inverse]
    seen: dict[bytes, int] = {}
    at = np.flatnonzero(strings)
    spans = texts[raw[at]]
    for j, start, end in zip(at.tolist(), spans[:, 0].tolist(), spans[:, 1].tolist(), strict=True):
        written = data[start:end]
        number = seen.get(written)
        if number is None and data[start - 1 : start] != b'"':  # an integer beyond 64 bits
            number = seen[written] = names.number(int(written), field, j // width)
        elif number is None:
            if b"\\" in written:  # escapes: read as JSON
                name = _decode_string(data[start - 1 : end + 1])
            else:
                try:
                    name = written.decode()
                except UnicodeDecodeError:
                    raise DocumentError(f"field {quote(field)}: not valid UTF-8") from None
            number = seen[written] = names.number(name, field, j // width)
        out[j] = number
    out.setflags(write=False)
    return IntList(out, found.width)


def _keys(nodes: np.ndarray, keys: list[str], i: int) -> tuple[str, ...]:
    parts = []
    while i > 0:
        parts.append(keys[i])
        i = int(nodes[i, 1])
    return tuple(reversed(parts))


def _path(nodes: np.ndarray, keys: list[str], i: int) -> str:
    return ".".join(_keys(nodes, keys, i))


def quote(text: str, limit: int = 40) -> str:
    """``text`` in double quotes, cut to ``limit`` characters."""
    shown = text if len(text) <= limit else text[: limit - 3] + "..."
    return json.dumps(shown)  # ASCII escapes: no byte of the input can break the line


def _scan_error(
    data: bytes,
    status: int,
    pos: int,
    nodes: npt.NDArray[np.int64],
    keys: list[str],
    stack: npt.NDArray[np.int64],
    pending: npt.NDArray[np.int64],
) -> str:
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
        what += f": unexpected {quote(data[pos : pos + 1].decode('latin-1'))}"
    where = f"line {line}, column {column}"
    return f"field {quote(path)} ({where}): {what}" if path else f"{where}: {what}"


_GAME_FIELD = re.compile(rb'"game"\s*:\s*"([^"\\]{0,16})"')
_CERTIFICATE_FIELD = re.compile(rb'"certificate"\s*:')


def document_game(data: bytes | str) -> str | None:
    """The game an answer document's certificate is for: what its ``"game"`` field
    names, or None (the default game's certificates name none). Only that
    is read (:func:`matchgame.certificates.check_answer` reads the whole document).

    Raises
    ------
    DocumentError
        If the document is empty, no JSON object, or has no ``"certificate"`` (no
        game to tell).

    Examples
    --------
    >>> document_game(b'{"game": "edge", "certificate": {"game": "edge"}}')
    'edge'
    >>> print(document_game(b'{"certificate": {"format": "matchgame-certificate/4"}}'))
    None
    >>> try:
    ...     document_game(b"{}")
    ... except DocumentError as error:
    ...     print(error)
    field "certificate" is missing (answers carry one with --certificate)
    """
    if isinstance(data, str):
        data = data.encode()
    start = len(data) - len(data.lstrip(b" \t\r\n"))
    if start == len(data):
        raise DocumentError(
            "the file is empty: expected an answer with a certificate "
            "(placements --format json --certificate)"
        )
    if data[start : start + 1] != b"{" or _CERTIFICATE_FIELD.search(data, start) is None:
        read_json(data)  # what is wrong with it, if it is no JSON at all
        if data[start : start + 1] != b"{":
            raise DocumentError("expected a JSON object (an answer with a certificate)")
        raise DocumentError('field "certificate" is missing (answers carry one with --certificate)')
    found = _GAME_FIELD.search(data, start)
    return found[1].decode("ascii", "replace") if found else None
