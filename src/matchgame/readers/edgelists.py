"""The edge-list text format, read and written: ``n m`` then ``m`` lines ``u v``
(1-based vertices).

Self-loops are ignored (the token can never step onto a visited vertex) and
repeated edges collapse; vertices without edges are valid. Blank lines may come
before the header and after the edges. For the edge game, where a parallel edge
is a move of its own and a self-loop a move in place, ``multigraph=True`` keeps
them (a :class:`~matchgame.MultiGraph`); for the games along arcs,
``directed=True`` reads each line ``u v`` as the arc ``u -> v`` (a
:class:`~matchgame.DiGraph`), and both together keep every line as an arc of its
own, in order (a :class:`~matchgame.DiMultiGraph`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, overload

import numpy as np

from .._kernels.edgetext import parse_edge_lines
from .._kernels.text import format_int_rows, parse_int_lines
from ..core._csr import MAX_ENTRIES
from ..core._text import (
    header_line,
    line_bounds,
    number_as_written,
    parse_integers,
    prepare,
    text_limit,
)
from ..core._validate import Boolean, plural, validate_params
from ..core.graph import MAX_VERTICES, Graph
from ..errors import ParseError
from ._memory import require_memory

if TYPE_CHECKING:
    from ..core.digraph import DiGraph
    from ..core.dimultigraph import DiMultiGraph
    from ..core.multigraph import MultiGraph

__all__ = ["format_edge_list", "parse_edge_list", "text_size_limit"]

BYTES_PER_VERTEX = 64
"""Rough peak memory per vertex of an analysis (CSR offsets, matching, decomposition)."""
BYTES_PER_EDGE = 48
"""Rough peak memory per edge (parsed pairs, CSR entries both ways, sorting)."""


@overload
def parse_edge_list(
    text: str | bytes, *, multigraph: Literal[False] = ..., directed: Literal[False] = ...
) -> Graph: ...
@overload
def parse_edge_list(
    text: str | bytes, *, multigraph: Literal[True], directed: Literal[False] = ...
) -> MultiGraph: ...
@overload
def parse_edge_list(
    text: str | bytes, *, multigraph: Literal[False] = ..., directed: Literal[True]
) -> DiGraph: ...
@overload
def parse_edge_list(
    text: str | bytes, *, multigraph: Literal[True], directed: Literal[True]
) -> DiMultiGraph: ...
@validate_params(multigraph=Boolean(), directed=Boolean())
def parse_edge_list(
    text: str | bytes, *, multigraph: bool = False, directed: bool = False
) -> Graph | MultiGraph | DiGraph | DiMultiGraph:
    """Parse an edge list into a :class:`Graph` (vertex ``k`` of the text is ``k - 1``),
    with ``multigraph`` into a :class:`~matchgame.MultiGraph` that keeps repeated
    edges and self-loops, with ``directed`` into a :class:`~matchgame.DiGraph`
    whose arcs are the lines ``u v`` read as ``u -> v``, or with both into a
    :class:`~matchgame.DiMultiGraph` whose every line is an arc of its own, in order.

    Parameters
    ----------
    text : str or bytes
        A header ``n m``, then ``m`` lines ``u v`` with vertices ``1 .. n``.
    multigraph : bool, default False
        Keep repeated edges and self-loops (the edge game's graph); a simple graph
        keeps each edge once and drops self-loops.
    directed : bool, default False
        Read each line ``u v`` as the arc ``u -> v`` (with ``multigraph``: each line
        an arc of its own, repeats and loops kept, in order).

    Returns
    -------
    Graph, MultiGraph, DiGraph or DiMultiGraph
        The graph, its vertex ``k - 1`` the text's vertex ``k``.

    Raises
    ------
    ParseError
        With the line (and column) of the first problem.

    See Also
    --------
    read_graph : Reads a graph in any format matchgame knows.
    parse_board : Reads a board.
    parse_token_record : Reads a record of moves after an edge list.

    Examples
    --------
    >>> g = parse_edge_list("3 3\\n1 2\\n2 3\\n3 1\\n")
    >>> g.n_vertices, g.n_edges, g.is_bipartite
    (3, 3, False)
    >>> parse_edge_list("2 3\\n1 2\\n2 1\\n2 2\\n", multigraph=True).edges.tolist()
    [[0, 1], [0, 1], [1, 1]]
    >>> parse_edge_list("3 2\\n2 1\\n2 3\\n", directed=True).arcs.tolist()
    [[1, 0], [1, 2]]
    >>> parse_edge_list("2 3\\n2 1\\n2 1\\n1 1\\n", multigraph=True, directed=True).arcs.tolist()
    [[1, 0], [1, 0], [0, 0]]
    """
    data = prepare(text)
    header_index, header = header_line(data)
    n, m = _parse_header(header, header_index + 1)
    first = header_index + 1
    graph = None if multigraph or directed else _parse_common_form(data, first, n, m)
    if graph is not None:
        return graph
    buffer, starts, ends, n_lines = line_bounds(data)
    if n_lines - first < m:
        raise ParseError(f"expected {plural(m, 'edge')}, got {n_lines - first}", line=n_lines + 1)
    if n_lines - first > m:
        raise ParseError(f"unexpected content after the {plural(m, 'edge')}", line=first + m + 1)
    require_memory(
        n * BYTES_PER_VERTEX + m * BYTES_PER_EDGE,
        f"a graph of {plural(n, 'vertex', 'vertices')} and {plural(m, 'edge')}",
        line=first,
        size=n,
    )
    values, bad, column, found = parse_int_lines(
        buffer, starts[first : first + m], ends[first : first + m], 2
    )
    if bad >= 0:
        problem = "is not an integer" if found < 0 else f"has {plural(found, 'number')}"
        raise ParseError(
            f"expected an edge 'u v', the line {problem}", line=first + bad + 1, column=column + 1
        )
    outside = np.flatnonzero((values < 1).any(axis=1) | (values > n).any(axis=1))
    if outside.size:
        i = int(outside[0])
        raw = data[starts[first + i] : ends[first + i]]
        u, v = number_as_written(raw, 0), number_as_written(raw, 1)
        raise ParseError(f"edge {u} {v} names a vertex outside 1..{n}", line=first + i + 1)
    if multigraph and directed:
        from ..core.dimultigraph import DiMultiGraph  # loaded when asked

        return DiMultiGraph(n, values - 1)
    if multigraph:
        from ..core.multigraph import MultiGraph  # the edge game's: loaded when asked

        return MultiGraph(n, values - 1)
    if directed:
        from ..core.digraph import DiGraph  # the games along arcs: loaded when asked

        return DiGraph(n, values - 1)
    return Graph.from_edges(n, values - 1)


def _parse_common_form(data: bytes, first: int, n: int, m: int) -> Graph | None:
    """The graph if its ``m`` edge lines, from line ``first`` on, are plain ``u v`` lines
    in range followed by blank lines only (one pass, _kernels/edgetext.pyx); else None,
    and the general reader below finds the problem and says where."""
    if 2 * m > MAX_ENTRIES or m > len(data):
        return None
    start = 0
    for _ in range(first):
        start = data.find(b"\n", start) + 1
        if start == 0:
            start = len(data)
            break
    ends = parse_edge_lines(np.frombuffer(data, dtype=np.uint8), start, n, m)
    if ends is None:
        return None
    require_memory(  # as the general reader does once the lines are counted
        n * BYTES_PER_VERTEX + m * BYTES_PER_EDGE,
        f"a graph of {plural(n, 'vertex', 'vertices')} and {plural(m, 'edge')}",
        line=first,
        size=n,
    )
    from .._kernels.graphs import csr_from_edges

    offsets, neighbors = csr_from_edges(n, *ends)
    return Graph._trusted(offsets, neighbors)


def format_edge_list(graph: Graph | MultiGraph | DiGraph | DiMultiGraph) -> str:
    """The graph as an edge list in canonical form: ``n m`` and its ``m`` distinct
    edges ``u v`` (1-based, ``u < v``, sorted), each line ended by a newline; a
    multigraph's edges each on a line (``u <= v``, repeats and self-loops included);
    a directed graph's arcs ``u v`` (``u -> v``, sorted); a directed multigraph's
    arcs in their order.

    This is also the text a certificate's digest is taken of.

    >>> format_edge_list(Graph.from_edges(3, [(2, 1), (0, 1), (1, 2)]))
    '3 2\\n1 2\\n2 3\\n'
    """
    edges = graph.edges.astype(np.int64) + 1
    body = format_int_rows(edges).tobytes() if edges.shape[0] else b""
    return f"{graph.n_vertices} {graph.n_edges}\n" + body.decode("ascii")


def text_size_limit(head: bytes) -> int:
    """The largest an edge list's text can be, from its beginning (see
    :func:`matchgame.core._text.read_bounded`)."""
    index, header = header_line(head)
    n, m = _parse_header(header, index + 1)
    return text_limit(index + 1 + m, m * (2 * len(str(n)) + 2))


def _parse_header(line: bytes, line_number: int) -> tuple[int, int]:
    n, m = parse_integers(line, 2, line_number=line_number, what="'n m' (vertices, edges)")
    if n < 0 or m < 0:
        raise ParseError(
            f"the numbers of vertices and edges must be >= 0, got {n} {m}", line=line_number
        )
    if n > MAX_VERTICES:
        raise ParseError(
            f"{plural(n, 'vertex', 'vertices')} is more than matchgame handles", line=line_number
        )
    return n, m
