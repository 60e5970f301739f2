"""JSON answers read back, without a Python object per number.

:func:`read_json` returns integer lists as :class:`IntList` arrays, so the
certificate checker (:mod:`matchgame.certificates`) reads hundreds of MB of
answer in a few bytes per integer, with limits on nesting, strings and numbers.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from .._kernels import jsonscan as _scan
from ..errors import MatchgameError

__all__ = ["BadList", "DocumentError", "IntList", "quote", "read_json"]


class DocumentError(MatchgameError, ValueError):
    """A JSON document that cannot be read as an answer: not JSON, beyond the
    reader's limits, or a field missing, extra or of the wrong type.

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
    """A JSON list of integers (``width`` 0), of ``width``-integer lists, or empty
    (``width`` -1). ``values`` holds the integers in order (int32; integers
    outside int32 read as ``-2**31``)."""

    values: npt.NDArray[np.int32]
    width: int

    def __len__(self) -> int:
        return len(self.values) if self.width <= 0 else len(self.values) // self.width

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
    return IntList(numbers[first : first + count * width], width)


def _path(nodes: np.ndarray, keys: list[str], i: int) -> str:
    parts = []
    while i > 0:
        parts.append(keys[i])
        i = int(nodes[i, 1])
    return ".".join(reversed(parts))


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
