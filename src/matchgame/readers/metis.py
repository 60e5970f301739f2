"""METIS graph files read as graphs (``.graph``, ``.metis``).

A header ``n m [fmt [ncon]]`` (``%`` comment lines may come before it and
anywhere after), then exactly ``n`` lines, line ``i`` listing the neighbours of
vertex ``i`` (1-based; a blank line is a vertex without edges). ``fmt`` says what
else the lines hold, as METIS's manual has it: ``1xx`` a vertex size first,
``x1x`` ``ncon`` vertex weights (default 1) next, ``xx1`` a weight after every
neighbour. Sizes and weights are read and dropped: the game has no use for them.
Each edge is listed from both ends, so the lists hold ``2 m`` neighbours in all.
"""

from __future__ import annotations

import numpy as np

from .._kernels.text import parse_ragged_int_lines
from ..core._text import character_at, field_starts, parse_integers, prepare, text_limit
from ..core._validate import plural
from ..core.graph import MAX_VERTICES, Graph
from ..errors import ParseError
from ._lines import adjacency_lines, body_lines, column_of, file_numbered, header_among_comments
from ._memory import require_memory
from .edgelists import BYTES_PER_EDGE, BYTES_PER_VERTEX

__all__ = ["format_metis", "parse_metis", "text_size_limit"]

BYTES_PER_INTEGER = 24
"""Peak memory per integer of the lists beyond the graph's (parsed values, owners)."""


def parse_metis(text: str | bytes) -> Graph:
    """Read a METIS graph file as a :class:`Graph` (vertex ``k`` of the file is
    ``k - 1``).

    Raises
    ------
    ParseError
        With the line (and column) of the first problem: a bad header, fewer vertex
        lines than ``n``, a line that is not integers, a neighbour outside ``1..n``,
        weights that do not fit ``fmt``, lists that do not hold ``2 m`` neighbours.

    Examples
    --------
    >>> g = parse_metis("% a path and a lone vertex\\n4 2\\n2\\n1 3\\n2\\n\\n")
    >>> g.n_vertices, g.edges.tolist()
    (4, [[0, 1], [1, 2]])
    >>> parse_metis("3 1 001\\n2 7\\n1 7\\n\\n").edges.tolist()  # edge weights
    [[0, 1]]
    """
    data = prepare(text)
    n, m, skip, stride, header_index, body_start = _header(data)
    lines = body_lines(data, body_start, header_index + 2, b"%", keep_blank=True)
    if len(lines) < n:
        raise ParseError(
            f"expected {n} vertex lines (one per vertex, blank for none), got {len(lines)}",
            line=lines.number_after(),
        )
    extra = np.flatnonzero(lines.ends[n:] > lines.starts[n:])
    if extra.size:
        raise ParseError(
            f"unexpected content after the {n} vertex lines", line=int(lines.numbers[n + extra[0]])
        )
    starts, ends = lines.starts[:n], lines.ends[:n]
    values, counts, bad, column = parse_ragged_int_lines(lines.buffer, starts, ends)
    if bad >= 0:
        raise ParseError(
            "expected the vertex's neighbours (integers), the line holds something else",
            line=int(lines.numbers[bad]),
            column=column_of(data, int(starts[bad])) + column + 1,
        )
    misfit = np.flatnonzero((counts < skip) | ((counts - skip) % stride != 0))
    if misfit.size:
        k = int(misfit[0])
        raise ParseError(
            f"a vertex line with this fmt holds {_line_form(skip, stride)}; it has "
            f"{plural(int(counts[k]), 'number')}",
            line=int(lines.numbers[k]),
        )
    n_neighbours = int((counts - skip).sum()) // stride
    if n_neighbours != 2 * m:
        raise ParseError(
            f"the header says {plural(m, 'edge')}, so the lists should hold {2 * m} neighbours "
            f"(each edge from both ends); they hold {n_neighbours}",
            line=header_index + 1,
        )
    require_memory(
        n * BYTES_PER_VERTEX + m * BYTES_PER_EDGE + values.shape[0] * BYTES_PER_INTEGER,
        f"a graph of {plural(n, 'vertex', 'vertices')} and {plural(m, 'edge')}",
        line=header_index + 1,
        size=n,
    )
    owners = np.repeat(np.arange(n, dtype=np.int64), counts)
    if skip or stride > 1:
        first = np.repeat(np.cumsum(counts) - counts, counts)
        place = np.arange(values.shape[0], dtype=np.int64) - first - skip
        keep = (place >= 0) & (place % stride == 0)
        values, owners = values[keep], owners[keep]
    outside = np.flatnonzero((values < 1) | (values > n))
    if outside.size:
        k = int(outside[0])
        owner = int(owners[k])
        raise ParseError(
            f"neighbour {_written(values[k])} of vertex {owner + 1} is outside 1..{n}",
            line=int(lines.numbers[owner]),
        )
    return file_numbered(Graph.from_edges(n, np.stack([owners, values - 1], axis=1)))


def _written(value: np.int64) -> str:
    """A parsed neighbour for a message (the kernel caps absurd numbers at 10**17)."""
    return str(int(value)) if abs(int(value)) < 10**17 else "(too large)"


def _line_form(skip: int, stride: int) -> str:
    parts = []
    if skip:
        parts.append(f"{skip} size/weight number{'s' if skip > 1 else ''} first")
    parts.append("then neighbour and weight pairs" if stride == 2 else "then neighbours")
    return ", ".join(parts) if skip else parts[0].removeprefix("then ")


def _header(data: bytes) -> tuple[int, int, int, int, int, int]:
    """``(n, m, numbers before the neighbours, numbers per neighbour, header line
    index, body start)``."""
    index, line, body_start = header_among_comments(data, b"%")
    fields = line.split()
    number = index + 1
    n, m = parse_integers(
        line, 2, line_number=number, what="a header 'n m [fmt [ncon]]'", more=True
    )
    starts = field_starts(line)
    if len(fields) > 4:
        at = starts[4]
        raise ParseError(
            f"expected a header 'n m [fmt [ncon]]', found a fifth field: {character_at(line, at)}",
            line=number,
            column=at + 1,
        )
    if n < 0 or m < 0:
        raise ParseError(
            f"the numbers of vertices and edges must be >= 0, got {n} {m}", line=number
        )
    if n > MAX_VERTICES:
        raise ParseError(
            f"{plural(n, 'vertex', 'vertices')} is more than matchgame handles", line=number
        )
    fmt = fields[2].decode("ascii", "replace") if len(fields) > 2 else "0"
    if len(fmt) > 3 or any(ch not in "01" for ch in fmt):
        at = starts[2] + next((i for i, ch in enumerate(fmt) if ch not in "01"), 3)
        raise ParseError(
            f"fmt must be up to three digits 0 or 1, found {character_at(line, at)}",
            line=number,
            column=at + 1,
        )
    sizes, weights, edge_weights = (ch == "1" for ch in fmt.zfill(3))
    ncon = 1
    if len(fields) > 3:
        (ncon,) = parse_integers(line, 1, line_number=number, what="ncon (an integer)", skip=3)
        if not 0 <= ncon <= 1000:
            raise ParseError(f"ncon must be 0 to 1000, got {ncon}", line=number)
    skip = int(sizes) + (ncon if weights else 0)
    return n, m, skip, 2 if edge_weights else 1, index, body_start


def text_size_limit(head: bytes) -> int:
    """The largest a METIS file can be, from its header: ``n`` lines holding
    ``2 m`` neighbours (and weights) at most."""
    n, m, skip, stride, index, _ = _header(head)
    # weights may be any integers: room for 19 digits each when there are some
    digits = len(str(max(n, 1))) + 1 if skip == 0 and stride == 1 else 20
    return text_limit(index + 1 + n, (2 * m * stride + n * skip) * 2 * digits)


def format_metis(graph: Graph) -> bytes:
    """The graph as a METIS file: a ``%`` comment (which tells the format when no
    extension does), ``n m``, then line ``i`` the neighbours of vertex ``i``, all
    1-based. Read back, the vertices are named by those numbers.

    >>> format_metis(Graph.from_edges(3, [(0, 1), (1, 2)])).decode()
    '% METIS graph written by matchgame\\n3 2\\n2\\n1 3\\n2\\n'
    """
    head = f"% METIS graph written by matchgame\n{graph.n_vertices} {graph.n_edges}\n"
    return head.encode() + adjacency_lines(graph)
