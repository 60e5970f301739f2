"""The edge-list text format: ``n m`` then ``m`` lines ``u v`` (1-based vertices).

Self-loops are ignored (the token can never step onto a visited vertex) and
repeated edges collapse; vertices without edges are valid.
"""

from __future__ import annotations

import numpy as np

from ._kernels.text import parse_int_lines
from ._textlines import line_bounds
from .errors import ParseError
from .graph import Graph

__all__ = ["parse_edge_list"]

MAX_VERTICES = 1 << 30


def parse_edge_list(text: str | bytes) -> Graph:
    """Parse an edge list into a :class:`Graph` (vertex ``k`` of the text is ``k - 1``).

    Raises
    ------
    ParseError
        With the line (and column) of the first problem.

    Examples
    --------
    >>> g = parse_edge_list("3 3\\n1 2\\n2 3\\n3 1\\n")
    >>> g.n_vertices, g.n_edges, g.is_bipartite
    (3, 3, False)
    """
    data = text.encode() if isinstance(text, str) else bytes(text)
    buffer, starts, ends, n_lines = line_bounds(data)
    if n_lines == 0:
        raise ParseError("empty input")
    header, bad, column, _ = parse_int_lines(buffer, starts[:1], ends[:1], 2)
    if bad >= 0:
        shown = data[starts[0] : ends[0]].decode("utf-8", "replace").strip()[:40]
        raise ParseError(f"expected 'n m' (vertices, edges), got {shown!r}", line=1)
    n, m = int(header[0, 0]), int(header[0, 1])
    if n < 0 or m < 0:
        raise ParseError(f"the numbers of vertices and edges must be >= 0, got {n} {m}", line=1)
    if n > MAX_VERTICES:
        raise ParseError(f"{n} vertices is more than matchgame handles", line=1)
    if n_lines - 1 < m:
        raise ParseError(f"expected {m} edges, got {n_lines - 1}", line=n_lines + 1)
    if n_lines - 1 > m:
        raise ParseError(f"unexpected content after the {m} edges", line=m + 2)
    values, bad, column, found = parse_int_lines(buffer, starts[1 : 1 + m], ends[1 : 1 + m], 2)
    if bad >= 0:
        problem = "is not an integer" if found < 0 else f"has {found} numbers"
        raise ParseError(
            f"expected an edge 'u v', the line {problem}", line=bad + 2, column=column + 1
        )
    outside = np.flatnonzero((values < 1).any(axis=1) | (values > n).any(axis=1))
    if outside.size:
        i = int(outside[0])
        u, v = values[i].tolist()
        raise ParseError(f"edge {u} {v} names a vertex outside 1..{n}", line=i + 2)
    return Graph.from_edges(n, values - 1)
