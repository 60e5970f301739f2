"""SNAP-style edge lists read as graphs (``.edges``, ``.snap``; ``.txt`` starting
with a ``#`` comment).

Lines ``u v`` of two non-negative integer ids separated by blanks; ``#`` (and
``%``) lines are comments; there is no header. The ids may be 0-based, 1-based or
any sparse set of integers: the graph has one vertex per id that occurs, in
increasing order of id, and the ids stay the vertices' names
(:class:`~matchgame.core.labels.FileIds`), so answers print the file's ids.
Self-loops are ignored and repeated edges (either way round) collapse.
"""

from __future__ import annotations

import re

import numpy as np

from .._kernels.text import parse_int_lines
from ..core._text import prepare
from ..core.graph import MAX_VERTICES, Graph
from ..core.labels import FileIds
from ..errors import InvalidInputError, ParseError
from ._lines import BodyLines, body_lines, column_of, field_problem, int_lines, no_header_limit
from ._memory import require_memory
from .edgelists import BYTES_PER_EDGE, BYTES_PER_VERTEX

_INT64_MAX = 2**63 - 1  # the largest id

__all__ = ["format_snap", "parse_snap", "text_size_limit"]

BYTES_PER_LINE = 72
"""Peak memory per edge line beyond the graph's: its position, the parsed pair, the
sorted ids and the pair renumbered."""

text_size_limit = no_header_limit
"""No header says how long a SNAP file is: a share of the memory available."""


def parse_snap(text: str | bytes) -> Graph:
    """Read a SNAP-style edge list as a :class:`Graph` named by the file's ids.

    Raises
    ------
    ParseError
        With the line (and column) of the first line that is not two non-negative
        integers; for an empty input.

    Examples
    --------
    >>> g = parse_snap("# FromNodeId\\tToNodeId\\n0\\t10\\n10\\t7\\n")
    >>> g.n_vertices, g.edges.tolist(), g.names.names(range(3))
    (3, [[0, 2], [1, 2]], [0, 7, 10])
    """
    data = prepare(text)
    lines = body_lines(data, 0, 1, b"#%")
    if not data.strip():  # as every other format says (a file of comments is a graph
        raise ParseError("empty input")  # with no edges, as SNAP writers make one)
    require_memory(
        len(lines) * (2 * BYTES_PER_VERTEX + BYTES_PER_EDGE + BYTES_PER_LINE),
        f"an edge list of {len(lines)} lines",
        line=1,
    )
    values, bad, column, found = parse_int_lines(lines.buffer, lines.starts, lines.ends, 2)
    if bad >= 0:
        raise ParseError(
            f"expected an edge 'u v' (two ids), the line {field_problem(found)}",
            line=int(lines.numbers[bad]),
            column=column_of(data, int(lines.starts[bad])) + column + 1,
        )
    negative = np.flatnonzero((values < 0).any(axis=1))
    if negative.size:
        k = int(negative[0])
        raise ParseError(
            "ids must be non-negative integers",
            line=int(lines.numbers[k]),
            column=_column_of_id(data, lines, k, int(np.argmax(values[k] < 0))),
        )
    # ids go up to 2**63 - 1; the kernel clamps a larger one to it, so the lines that
    # hold that number are read again, as text
    for k in np.flatnonzero((values == _INT64_MAX).any(axis=1)).tolist():
        fields = lines.line(k).split()
        too_large = [j for j, field in enumerate(fields) if int(field) > _INT64_MAX]
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
        f"# Undirected graph written by matchgame: {graph.n_vertices} nodes, "
        f"{graph.n_edges} edges\n"
    )
    return head.encode() + int_lines(np.array(ids, dtype=np.int64)[graph.edges])


def _column_of_id(data: bytes, lines: BodyLines, k: int, which: int) -> int:
    """The 1-based column where the ``which``-th id of body line ``k`` starts (errors
    say where, not what the line holds)."""
    field = list(re.finditer(rb"\S+", lines.line(k)))[which]
    return column_of(data, int(lines.starts[k])) + field.start() + 1
