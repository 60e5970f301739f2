"""Matrix Market coordinate files read as graphs (``.mtx``).

``%%MatrixMarket matrix coordinate FIELD SYMMETRY``, ``%`` comment lines, a size
line ``rows columns entries``, then ``entries`` lines ``i j [value]`` (1-based).
FIELD is ``pattern``, ``integer``, ``real`` or ``complex``; SYMMETRY ``general``,
``symmetric``, ``skew-symmetric`` or ``hermitian``. Every stored entry is an edge,
whatever its value (the graph is the matrix's pattern):

- a square matrix is a graph on its rows: entry ``(i, j)`` joins vertices
  ``i - 1`` and ``j - 1``; the diagonal is ignored, ``(i, j)`` and ``(j, i)`` are
  one edge;
- a rectangular ``r x c`` matrix is the bipartite graph of rows against columns,
  as matching papers use it: rows are vertices ``0 .. r - 1``, columns
  ``r .. r + c - 1``.

Vertices print 1-based, so on a square matrix answers speak of the file's row
numbers. For a game along arcs (``directed=True``) a ``general`` matrix carries
direction: entry ``(i, j)`` is the arc ``i -> j``; the other symmetries are read
as the undirected graph (both arcs of every edge).
"""

from __future__ import annotations

import numpy as np

from .._kernels.text import parse_int_real_lines
from ..core._text import (
    character_at,
    field_starts,
    header_line,
    parse_integers,
    prepare,
    shorten_line,
    text_limit,
)
from ..core._validate import plural
from ..core.digraph import DiGraph
from ..core.graph import MAX_VERTICES, Graph
from ..core.names import FileNumbers
from ..errors import ParseError
from ._lines import (
    body_lines,
    column_of,
    field_problem,
    file_numbered,
    header_among_comments,
    int_lines,
    no_header_limit,
)
from ._memory import require_memory
from .edgelists import BYTES_PER_EDGE, BYTES_PER_VERTEX

__all__ = ["format_matrix_market", "parse_matrix_market", "text_size_limit"]

FIELDS = {"pattern": 0, "integer": 1, "real": 1, "complex": 2}
"""Each field's number of values after ``i j`` on an entry line."""
SYMMETRIES = ("general", "symmetric", "skew-symmetric", "hermitian")
NO_SIZE_LINE = "no size line 'rows columns entries'"
BYTES_PER_LINE = 40
"""Peak memory per entry line beyond the graph's: its position and parsed pair."""
VALUE_CHARACTERS = 32
"""Room for one written value (``-1.2345678901234567e+308``) in the size limit."""


def parse_matrix_market(text: str | bytes, *, directed: bool = False) -> Graph | DiGraph:
    """Read a Matrix Market coordinate file as a :class:`Graph` (see the module); with
    ``directed`` (a game along arcs), a ``general`` matrix as a :class:`DiGraph`
    whose entry ``(i, j)`` is the arc ``i -> j`` (rows to columns, when it is not
    square), and a ``symmetric``, ``skew-symmetric`` or ``hermitian`` one as the
    undirected graph it stands for (both arcs of every edge).

    Raises
    ------
    ParseError
        With the line (and column) of the first problem: a banner that is not a
        coordinate matrix, a bad size line, fewer or more entries than it says, an
        entry that is not ``i j`` and its values, or outside the matrix.

    Examples
    --------
    >>> square = parse_matrix_market(
    ...     "%%MatrixMarket matrix coordinate pattern symmetric\\n3 3 3\\n2 1\\n3 2\\n3 3\\n"
    ... )
    >>> square.n_vertices, square.edges.tolist()
    (3, [[0, 1], [1, 2]])
    >>> rows_against_columns = parse_matrix_market(
    ...     "%%MatrixMarket matrix coordinate real general\\n2 3 2\\n1 3 0.5\\n2 1 -2e3\\n"
    ... )
    >>> rows_against_columns.n_vertices, rows_against_columns.edges.tolist()
    (5, [[0, 4], [1, 2]])
    >>> general = "%%MatrixMarket matrix coordinate pattern general\\n2 2 1\\n1 2\\n"
    >>> parse_matrix_market(general, directed=True).arcs.tolist()
    [[0, 1]]
    """
    data = prepare(text)
    n_values, symmetry, rows, cols, entries, size_index, body_start = _header(data)
    square = rows == cols
    if symmetry != "general" and not square:
        raise ParseError(
            f"a {symmetry} matrix must be square, got {rows} x {cols}", line=size_index + 1
        )
    n_vertices = rows if square else rows + cols
    if n_vertices > MAX_VERTICES:
        raise ParseError(
            f"a {rows} x {cols} matrix is more vertices than matchgame handles",
            line=size_index + 1,
        )
    lines = body_lines(data, body_start, size_index + 2, b"%")
    # the header's claim is checked against the lines really there before any of
    # it is allocated
    if len(lines) < entries:
        raise ParseError(
            f"expected {plural(entries, 'entry', 'entries')}, got {len(lines)}",
            line=lines.number_after(),
        )
    if len(lines) > entries:
        raise ParseError(
            f"unexpected content after the {plural(entries, 'entry', 'entries')}",
            line=int(lines.numbers[entries]),
        )
    require_memory(
        n_vertices * BYTES_PER_VERTEX + entries * (BYTES_PER_EDGE + BYTES_PER_LINE),
        f"a {rows} x {cols} matrix with {plural(entries, 'entry', 'entries')}",
        line=size_index + 1,
        size=n_vertices,
    )
    values, bad, column, found = parse_int_real_lines(
        lines.buffer, lines.starts, lines.ends, 2, n_values
    )
    if bad >= 0:
        form = "'i j'" + " value" * n_values
        raise ParseError(
            f"expected an entry {form}, the line {field_problem(found)}",
            line=int(lines.numbers[bad]),
            column=column_of(data, int(lines.starts[bad])) + column + 1,
        )
    outside = np.flatnonzero(
        (values[:, 0] < 1) | (values[:, 0] > rows) | (values[:, 1] < 1) | (values[:, 1] > cols)
    )
    if outside.size:
        k = int(outside[0])
        fields = lines.line(k).split()
        raise ParseError(
            f"entry {shorten_line(fields[0])} {shorten_line(fields[1])} is outside the "
            f"{rows} x {cols} matrix",
            line=int(lines.numbers[k]),
        )
    del lines
    values -= 1
    if not square:
        values[:, 1] += rows  # columns come after the rows
    if directed and symmetry == "general":
        return DiGraph._trusted(n_vertices, values, FileNumbers(n_vertices))
    return file_numbered(Graph.from_edges(n_vertices, values))


def _header(data: bytes) -> tuple[int, str, int, int, int, int, int]:
    """``(values per entry, symmetry, rows, columns, entries, size line index, body
    start)`` from the banner and the size line."""
    banner_index, banner = header_line(data)
    n_values, symmetry = _banner(banner, banner_index + 1)
    banner_end = _end_of_line(data, banner_index)
    try:
        size_index, size_line, body_start = header_among_comments(
            data, b"%", start=banner_end, first_line=banner_index + 1
        )
    except ParseError:
        raise ParseError(
            f"{NO_SIZE_LINE} after the banner and its comments", line=banner_index + 2
        ) from None
    rows, cols, entries = parse_integers(
        size_line, 3, line_number=size_index + 1, what="a size line 'rows columns entries'"
    )
    if min(rows, cols, entries) < 0:
        raise ParseError(
            f"the sizes must be >= 0, got {rows} {cols} {entries}", line=size_index + 1
        )
    return n_values, symmetry, rows, cols, entries, size_index, body_start


def _end_of_line(data: bytes, index: int) -> int:
    """The byte after line ``index`` (0-based) and its newline."""
    pos = 0
    for _ in range(index + 1):
        end = data.find(b"\n", pos)
        if end < 0:
            return len(data)
        pos = end + 1
    return pos


def _banner(line: bytes, line_number: int) -> tuple[int, str]:
    fields = [field.decode("ascii", "replace").lower() for field in line.split()]
    starts = field_starts(line)
    expected = "'%%MatrixMarket matrix coordinate FIELD SYMMETRY'"

    def refused(message: str, word: int, at: int = 0) -> ParseError:
        # where the banner goes wrong, not what it holds (a file may be a secret)
        column = (starts[word] + at if word < len(starts) else len(line.rstrip())) + 1
        return ParseError(message, line=line_number, column=column)

    if not fields or fields[0] != "%%matrixmarket":
        first = fields[0] if fields else ""
        signature = "%%matrixmarket"
        pairs = zip(first, signature, strict=False)
        at = next((i for i, (a, b) in enumerate(pairs) if a != b), min(len(first), len(signature)))
        found = character_at(line, starts[0] + at) if fields else "nothing"
        raise refused(f"expected a Matrix Market banner {expected}, found {found}", 0, at)
    if len(fields) < 2 or fields[1] != "matrix":
        raise refused(f"expected {expected}: the second word is not 'matrix'", 1)
    if len(fields) != 5:
        raise refused(
            f"expected {expected}: the banner has {plural(len(fields), 'word')}, not 5", 0
        )
    if fields[2] != "coordinate":
        dense = " (not 'array')" if fields[2] == "array" else ""
        raise refused(f"only coordinate (sparse) matrices are graphs{dense}", 2)
    if fields[3] not in FIELDS:
        raise refused(f"unknown field (expected {', '.join(FIELDS)})", 3)
    if fields[4] not in SYMMETRIES:
        raise refused(f"unknown symmetry (expected {', '.join(SYMMETRIES)})", 4)
    return FIELDS[fields[3]], fields[4]


def text_size_limit(head: bytes) -> int:
    """The largest a Matrix Market file can be, from its beginning (see
    :func:`matchgame.core._text.read_bounded`): its entries, written generously."""
    try:
        n_values, _, rows, cols, entries, size_index, _ = _header(head)
    except ParseError as exc:
        if exc.reason.startswith(NO_SIZE_LINE):  # comments fill the head: no size yet
            return no_header_limit(head)
        raise
    per_line = 2 * len(str(max(rows, cols))) + 2 + n_values * VALUE_CHARACTERS
    return text_limit(size_index + 1 + entries, entries * per_line)


def format_matrix_market(graph: Graph) -> bytes:
    """The graph as a symmetric ``pattern`` Matrix Market file: vertex ``i`` is row
    ``i + 1``, each edge one entry below the diagonal. Read back, the vertices are
    named by those numbers.

    >>> format_matrix_market(Graph.from_edges(3, [(0, 1), (1, 2)])).decode()
    '%%MatrixMarket matrix coordinate pattern symmetric\\n3 3 2\\n2 1\\n3 2\\n'
    """
    n = graph.n_vertices
    head = f"%%MatrixMarket matrix coordinate pattern symmetric\n{n} {n} {graph.n_edges}\n"
    return head.encode() + int_lines(graph.edges[:, ::-1].astype(np.int64) + 1)
