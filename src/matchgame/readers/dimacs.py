"""DIMACS graph files read as graphs (``.dimacs``, ``.col``, ``.clq``).

``c`` comment lines anywhere, one problem line ``p edge n m`` (``p col`` as some
colouring benchmarks write it), then ``m`` edge lines ``e u v`` with 1-based
vertices. Self-loops are ignored and repeated edges collapse, as in matchgame's
own edge lists.
"""

from __future__ import annotations

import numpy as np

from .._kernels.text import parse_int_lines
from ..core._text import (
    character_at,
    field_starts,
    parse_integers,
    prepare,
    shorten_line,
    text_limit,
)
from ..core._validate import plural
from ..core.graph import MAX_VERTICES, Graph
from ..errors import ParseError
from ._lines import (
    body_lines,
    column_of,
    field_problem,
    file_numbered,
    header_among_comments,
    int_lines,
)
from ._memory import require_memory
from .edgelists import BYTES_PER_EDGE, BYTES_PER_VERTEX

__all__ = ["format_dimacs", "parse_dimacs", "text_size_limit"]

PROBLEMS = (b"edge", b"col", b"edges")
"""The problem names of a ``p`` line that mean an undirected graph."""
BYTES_PER_LINE = 40
"""Peak memory per edge line beyond the graph's: its position and parsed pair."""
_BLANKS = np.array([32, 9, 13], dtype=np.uint8)


def parse_dimacs(text: str | bytes) -> Graph:
    """Read a DIMACS graph file as a :class:`Graph` (vertex ``k`` of the file is
    ``k - 1``).

    Raises
    ------
    ParseError
        With the line (and column) of the first problem: no ``p edge n m`` line
        first, fewer or more ``e`` lines than ``m``, a line that is not ``e u v``,
        a vertex outside ``1..n``.

    Examples
    --------
    >>> g = parse_dimacs("c a triangle\\np edge 3 3\\ne 1 2\\ne 2 3\\nc the last one\\ne 3 1\\n")
    >>> g.n_vertices, g.n_edges, g.is_bipartite
    (3, 3, False)
    """
    data = prepare(text)
    n, m, index, body_start = _header(data)
    lines = body_lines(data, body_start, index + 2, b"c")
    if len(lines) < m:
        raise ParseError(
            f"expected {plural(m, 'edge')} 'e u v', got {len(lines)}", line=lines.number_after()
        )
    if len(lines) > m:
        raise ParseError(
            f"unexpected content after the {plural(m, 'edge')}", line=int(lines.numbers[m])
        )
    require_memory(
        n * BYTES_PER_VERTEX + m * (BYTES_PER_EDGE + BYTES_PER_LINE),
        f"a graph of {plural(n, 'vertex', 'vertices')} and {plural(m, 'edge')}",
        line=index + 1,
        size=n,
    )
    buffer, starts, ends = lines.buffer, lines.starts, lines.ends
    # every edge line starts with "e" and a blank; the kernel reads the rest
    after = np.minimum(starts + 1, max(buffer.shape[0] - 1, 0))
    marked = (buffer[starts] == ord("e")) & (starts + 1 < ends) & np.isin(buffer[after], _BLANKS)
    unmarked = np.flatnonzero(~marked)
    if unmarked.size:
        k = int(unmarked[0])
        line = lines.line(k)
        at = 1 if line[:1] == b"e" else 0  # "e" with no blank after it, or another letter
        raise ParseError(
            f"expected an edge 'e u v', found {character_at(line, at)}",
            line=int(lines.numbers[k]),
            column=column_of(data, int(starts[k])) + at + 1,
        )
    values, bad, column, found = parse_int_lines(buffer, starts + 1, ends, 2)
    if bad >= 0:
        raise ParseError(
            f"expected an edge 'e u v', after 'e' the line {field_problem(found)}",
            line=int(lines.numbers[bad]),
            column=column_of(data, int(starts[bad])) + column + 2,
        )
    outside = np.flatnonzero((values < 1).any(axis=1) | (values > n).any(axis=1))
    if outside.size:
        k = int(outside[0])
        fields = lines.line(k).split()
        raise ParseError(
            f"edge {shorten_line(fields[1])} {shorten_line(fields[2])} names a vertex outside "
            f"1..{n}",
            line=int(lines.numbers[k]),
        )
    del lines, buffer, starts, ends
    return file_numbered(Graph.from_edges(n, values - 1))


def _header(data: bytes) -> tuple[int, int, int, int]:
    """``(n, m, line index of the p line, where the edges begin)``."""
    index, line, body_start = header_among_comments(data, b"c")
    fields = line.split()
    if len(fields) < 2 or fields[0] != b"p" or fields[1].lower() not in PROBLEMS:
        # where the line stops being 'p edge': the first field, else the second
        starts = field_starts(line)
        at = starts[0] if fields else 0
        if fields and fields[0] == b"p":
            at = starts[1] if len(fields) > 1 else len(line)
        raise ParseError(
            f"expected a problem line 'p edge n m', found {character_at(line, at)}",
            line=index + 1,
            column=at + 1,
        )
    n, m = parse_integers(
        line, 2, line_number=index + 1, what="'p edge n m' (vertices, edges)", skip=2
    )
    if n < 0 or m < 0:
        raise ParseError(
            f"the numbers of vertices and edges must be >= 0, got {n} {m}", line=index + 1
        )
    if n > MAX_VERTICES:
        raise ParseError(
            f"{plural(n, 'vertex', 'vertices')} is more than matchgame handles", line=index + 1
        )
    return n, m, index, body_start


def text_size_limit(head: bytes) -> int:
    """The largest a DIMACS file can be, from its ``p`` line (comments may come
    between the edges: a few bytes of them per edge are allowed)."""
    n, m, index, _ = _header(head)
    return text_limit(index + 1 + 2 * m, m * (2 * len(str(n)) + 4))


def format_dimacs(graph: Graph) -> bytes:
    """The graph as a DIMACS file: ``p edge n m``, then ``e u v`` per edge (1-based).
    Read back, the vertices are named by those numbers.

    >>> format_dimacs(Graph.from_edges(3, [(0, 1), (1, 2)])).decode()
    'p edge 3 2\\ne 1 2\\ne 2 3\\n'
    """
    head = f"p edge {graph.n_vertices} {graph.n_edges}\n".encode()
    return head + int_lines(graph.edges.astype(np.int64) + 1, b"e ")
