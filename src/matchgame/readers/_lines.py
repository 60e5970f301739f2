"""What the standard graph formats (Matrix Market, METIS, DIMACS, SNAP) share: a
header found among comment lines, the body's lines located by a compiled scan,
and the one-line messages of the compiled integer parsers.

The body is never split into Python objects: :func:`body_lines` returns the
positions of the lines that hold content (24 bytes a line), and the kernels of
:mod:`matchgame._kernels.text` parse them into integer arrays.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .._kernels.text import content_lines, format_int_rows
from ..core._text import HEAD_BYTES, TRAILING
from ..core.graph import Graph
from ..core.names import FileNumbers
from ..errors import ParseError
from ._memory import available_memory

__all__ = [
    "BodyLines",
    "body_lines",
    "column_of",
    "field_problem",
    "file_numbered",
    "header_among_comments",
    "int_lines",
    "no_header_limit",
]


def header_among_comments(
    data: bytes, comments: bytes, *, start: int = 0, first_line: int = 0
) -> tuple[int, bytes, int]:
    """The first line from byte ``start`` that is neither blank nor a comment (its
    first non-blank byte in ``comments``): ``(0-based line index, line, byte where
    the next line begins)``; ``first_line`` is the index of the line at ``start``.

    Raises
    ------
    ParseError
        If there is no such line (an empty input, or comments only).
    """
    index = first_line
    pos = start
    while pos < len(data):
        end = data.find(b"\n", pos)
        end = len(data) if end < 0 else end
        line = data[pos:end]
        stripped = line.strip()
        if stripped and stripped[:1] not in _single_bytes(comments):
            # a header with no newline after it ends the input: the body starts there
            return index, line.rstrip(TRAILING), min(end + 1, len(data))
        pos = end + 1
        index += 1
    raise ParseError("empty input" if not data.strip() else "no header line (only comments)")


def _single_bytes(characters: bytes) -> tuple[bytes, ...]:
    return tuple(characters[i : i + 1] for i in range(len(characters)))


class BodyLines:
    """The lines of a body that hold content: ``starts[k]:ends[k]`` in ``buffer``
    (leading blanks skipped), on the 1-based line ``numbers[k]`` of the input."""

    def __init__(
        self, data: bytes, begin: int, first_number: int, comments: bytes, keep_blank: bool
    ) -> None:
        self.buffer: npt.NDArray[np.uint8] = np.frombuffer(data, dtype=np.uint8)
        starts, ends, numbers = content_lines(self.buffer, begin, comments, keep_blank)
        self.starts: npt.NDArray[np.int64] = starts
        self.ends: npt.NDArray[np.int64] = ends
        self.numbers: npt.NDArray[np.int64] = numbers + first_number
        self.data = data

    def __len__(self) -> int:
        return int(self.starts.shape[0])

    def line(self, k: int) -> bytes:
        """The bytes of body line ``k`` (for messages)."""
        return self.data[int(self.starts[k]) : int(self.ends[k])]

    def number_after(self) -> int:
        """The 1-based number of the line after the last one holding content."""
        return int(self.numbers[-1]) + 1 if len(self) else 1


def body_lines(
    data: bytes, begin: int, first_number: int, comments: bytes, *, keep_blank: bool = False
) -> BodyLines:
    """The lines of ``data`` from byte ``begin`` (1-based line ``first_number``) that
    are not comments, and not blank unless ``keep_blank``."""
    return BodyLines(data, begin, first_number, comments, keep_blank)


def column_of(data: bytes, pos: int) -> int:
    """The 0-based column of byte ``pos`` in its line."""
    return pos - (data.rfind(b"\n", 0, pos) + 1)


def field_problem(found: int) -> str:
    """What a compiled parser found on a bad line, in words (see
    :func:`matchgame._kernels.text.parse_int_lines`)."""
    if found == -1:
        return "holds something that is not a number"
    return f"has {found} number{'s' if found != 1 else ''}"


NO_HEADER_SHARE = 4
"""A format without sizes in its header may be read up to a quarter of the memory
available: its graph takes a few times the text."""


def no_header_limit(head: bytes) -> int:
    """The size limit of a format whose header does not say how long the input is
    (a SNAP edge list, GraphML, GML): a share of the memory available, so that
    ``/dev/zero`` or an endless pipe is refused rather than swallowed."""
    available = available_memory()
    if available is None:
        return 1 << 40
    return max(available // NO_HEADER_SHARE, 4 * HEAD_BYTES)


def file_numbered(graph: Graph) -> Graph:
    """``graph`` with its vertices named by the numbers ``1 .. n`` its file gave them
    (METIS, DIMACS, Matrix Market: :class:`~matchgame.core.names.FileNumbers`), the
    same arrays."""
    return Graph._trusted(graph.offsets, graph.indices, names=FileNumbers(graph.n_vertices))


def int_lines(rows: npt.ArrayLike, prefix: bytes = b"") -> bytes:
    """The rows of non-negative integers as text lines, numbers separated by a blank
    (compiled), each line after ``prefix`` (``b"e "`` for DIMACS)."""
    values = np.ascontiguousarray(rows, dtype=np.int64)
    if not values.shape[0]:
        return b""
    text = format_int_rows(values).tobytes()
    if not prefix:
        return text
    return prefix + text[:-1].replace(b"\n", b"\n" + prefix) + b"\n"


def adjacency_lines(graph: Graph) -> bytes:
    """Line ``v`` lists the neighbours of vertex ``v``, 1-based (METIS); a vertex
    without edges has an empty line. Compiled formatting, then the line breaks
    inside a list turned into blanks."""
    n = graph.n_vertices
    text = np.frombuffer(int_lines(graph.indices.astype(np.int64).reshape(-1, 1) + 1), np.uint8)
    text = text.copy()
    ends = np.flatnonzero(text == 10)  # one per neighbour, in order
    offsets = graph.offsets.astype(np.int64)
    last = offsets[1:][offsets[1:] > offsets[:-1]] - 1  # each list's last neighbour
    inner = np.ones(ends.shape[0], dtype=bool)
    inner[last] = False
    text[ends[inner]] = 32
    # where each vertex's line begins; an empty list gets its own line break there
    starts = np.zeros(n, dtype=np.int64)
    listed = offsets[:-1] > 0
    starts[listed] = ends[offsets[:-1][listed] - 1] + 1
    isolated = np.flatnonzero(offsets[1:] == offsets[:-1])
    return np.insert(text, starts[isolated], 10).tobytes()
