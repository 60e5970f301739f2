"""SNAP-style edge lists read as graphs (``.edges``, ``.snap``, ``.edgelist``,
``.csv``; any other file whose lines are pairs and can be nothing else, see
:func:`matchgame.readers.pairs.reads_as_pairs`).

Lines ``u v`` of two non-negative integer ids separated by blanks; ``#`` (and
``%``) lines are comments; there is no header. The ids may be 0-based, 1-based or
any sparse set of integers: the graph has one vertex per id that occurs, in
increasing order of id, and the ids stay the vertices' names
(:class:`~matchgame.core.labels.FileIds`), so answers print the file's ids.
Self-loops are ignored and repeated edges (either way round) collapse; read for a
game along arcs (``directed=True``), a line ``u v`` is the arc ``u -> v``.

Edge lists as NetworkX and spreadsheets write them (names that are words, data
after the pair, CSV) are read by :mod:`matchgame.readers.pairs`.
"""

from __future__ import annotations

import re

import numpy as np

from .._kernels.text import parse_int_lines
from ..core._text import prepare
from ..core._validate import plural
from ..core.digraph import DiGraph
from ..core.graph import MAX_VERTICES, Graph
from ..core.labels import FileIds
from ..errors import InvalidInputError, ParseError
from ._lines import BodyLines, body_lines, column_of, int_lines, no_header_limit
from ._memory import require_memory
from .edgelists import BYTES_PER_EDGE, BYTES_PER_VERTEX
from .pairs import parse_pairs

_INT64_MAX = 2**63 - 1  # the largest id

__all__ = ["format_snap", "parse_snap", "text_size_limit"]

BYTES_PER_LINE = 72
"""Peak memory per edge line beyond the graph's: its position, the parsed pair, the
sorted ids and the pair renumbered."""

text_size_limit = no_header_limit
"""No header says how long a SNAP file is: a share of the memory available."""


def parse_snap(text: str | bytes, *, directed: bool = False) -> Graph | DiGraph:
    """Read a SNAP-style edge list as a :class:`Graph` named by the file's ids (or its
    names: an edge list as NetworkX and CSV files write it, see
    :mod:`matchgame.readers.pairs`); with ``directed``, as a :class:`DiGraph` whose
    arcs are the lines ``u v`` read as ``u -> v`` (SNAP's directed data sets).

    Raises
    ------
    ParseError
        With the line (and column) of the first line that is not an edge; for an
        empty input.

    Examples
    --------
    >>> g = parse_snap("# FromNodeId\\tToNodeId\\n0\\t10\\n10\\t7\\n")
    >>> g.n_vertices, g.edges.tolist(), g.names.names(range(3))
    (3, [[0, 2], [1, 2]], [0, 7, 10])
    >>> parse_snap("0 1\\n", directed=True).arcs.tolist()
    [[0, 1]]
    """
    data = prepare(text)
    lines = body_lines(data, 0, 1, b"#%")
    if not data.strip():  # as every other format says (a file of comments is a graph
        raise ParseError("empty input")  # with no edges, as SNAP writers make one)
    require_memory(
        len(lines) * (2 * BYTES_PER_VERTEX + BYTES_PER_EDGE + BYTES_PER_LINE),
        f"an edge list of {plural(len(lines), 'line')}",
        line=1,
    )
    values, bad, _, _ = parse_int_lines(lines.buffer, lines.starts, lines.ends, 2)
    if bad >= 0 or (values < 0).any():
        # not two ids a line: names, data after the pair, CSV (read line by line)
        del lines, values
        return parse_pairs(data, directed=directed)
    # ids go up to 2**63 - 1; the kernel clamps a larger one to it, so the lines that
    # hold that number are read again, as text
    for k in np.flatnonzero((values == _INT64_MAX).any(axis=1)).tolist():
        fields = lines.line(k).split()
        too_large = [j for j, field in enumerate(fields) if _too_large(field)]
        if too_large:
            raise ParseError(
                "an id is too large (ids are below 2**63)",
                line=int(lines.numbers[k]),
                column=_column_of_id(data, lines, k, too_large[0]),
            )
    del lines
    ids = np.unique(values)
    if ids.shape[0] > MAX_VERTICES:
        raise ParseError(f"{ids.shape[0]} distinct ids is more vertices than matchgame handles")
    edges = np.searchsorted(ids, values).astype(np.int64)
    del values
    if directed:
        return DiGraph._trusted(int(ids.shape[0]), edges, FileIds(ids))
    built = Graph.from_edges(int(ids.shape[0]), edges)
    return Graph._trusted(built.offsets, built.indices, names=FileIds(ids))


def format_snap(graph: Graph) -> bytes:
    """The graph as a SNAP edge list: a ``#`` comment line, then ``u v`` per edge,
    each vertex written by its name (SNAP ids are non-negative integers: a SNAP
    file's ids, a METIS file's numbers, the ids ``0 .. n - 1`` of other graphs).

    Raises
    ------
    InvalidInputError
        If a vertex has no edge (a SNAP file names only the ends of its edges) or is
        named otherwise than by a non-negative integer (write GraphML).

    >>> format_snap(parse_snap("# ids\\n10 7\\n7 42\\n")).decode()
    '# Undirected graph written by matchgame: 3 nodes, 2 edges\\n7 10\\n7 42\\n'
    """
    isolated = np.flatnonzero(graph.degrees == 0)
    if isolated.size:
        raise InvalidInputError(
            f"a SNAP edge list names only the ends of its edges, and "
            f"{graph.names.describe(int(isolated[0]))} has none: write an edge list, METIS "
            "or GraphML to keep it"
        )
    ids = graph.names.names(np.arange(graph.n_vertices))
    if not all(type(x) is int and 0 <= x < 2**63 for x in ids):
        raise InvalidInputError(
            "SNAP ids are non-negative integers and this graph names its vertices "
            "otherwise: write GraphML or GML to keep its names"
        )
    head = (
        f"# Undirected graph written by matchgame: {plural(graph.n_vertices, 'node')}, "
        f"{plural(graph.n_edges, 'edge')}\n"
    )
    return head.encode() + int_lines(np.array(ids, dtype=np.int64)[graph.edges])


def _too_large(field: bytes) -> bool:
    """Whether an id's digits are more than 2**63 - 1 (read without converting a
    number of thousands of digits, which Python refuses)."""
    digits = field.lstrip(b"+0")
    return len(digits) > 19 or (len(digits) == 19 and int(digits) > _INT64_MAX)


def _column_of_id(data: bytes, lines: BodyLines, k: int, which: int) -> int:
    """The 1-based column where the ``which``-th id of body line ``k`` starts (errors
    say where, not what the line holds)."""
    field = list(re.finditer(rb"\S+", lines.line(k)))[which]
    return column_of(data, int(lines.starts[k])) + field.start() + 1
