"""graph6 and sparse6, the formats of nauty's ``geng`` and of most graph collections.

One graph per line; a line starting with ``:`` is sparse6, any other graph6;
either may start with the header ``>>graph6<<`` or ``>>sparse6<<``. Blank lines
are skipped. Incremental sparse6 (lines starting with ``;``) is refused. Vertex
``i`` of a line is vertex ``i`` of its :class:`Graph` (0-based). sparse6 may
hold loops and repeated edges: loops are dropped and repeats collapse, as in
:meth:`Graph.from_edges`.

The decoding is compiled (``_kernels/graph6.pyx``): :func:`decode_graph6_lines`
turns a buffer of many lines into batched arrays with no Python object per
graph, which is what a sweep over millions of graphs reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from .._kernels import graph6 as _graph6
from ..core._validate import plural
from ..core.graph import Graph
from ..errors import InvalidInputError, ParseError
from ._memory import require_memory

__all__ = [
    "GraphLines",
    "decode_graph6_lines",
    "format_graph6",
    "format_sparse6",
    "graph6_line",
    "parse_graph6",
    "sparse6_line",
]

# rough peak bytes per decoded edge (pairs, both CSR directions, sorting) and per vertex
_BYTES_PER_EDGE = 48
_BYTES_PER_VERTEX = 64


@dataclass(frozen=True)
class GraphLines:
    """Many graphs decoded into arrays (the bulk form of :func:`parse_graph6`).

    Attributes
    ----------
    n_vertices : ndarray of int64
        The vertex count of each graph, in the order of the lines.
    edge_start : ndarray of int64
        ``n_graphs + 1`` offsets: graph ``g`` has the edges
        ``edges[edge_start[g]:edge_start[g + 1]]``.
    edges : ndarray of int32, shape (n_edges, 2)
        Edges with each graph's own 0-based vertex ids (sparse6 loops and repeats kept).
    may_repeat : bool
        True if some line was sparse6, whose edges may be loops or repeats.
    error : ParseError or None
        The first bad line; the arrays hold the graphs of the lines before it.
    fields : tuple of dict, or None
        JSON lines only, when other fields are allowed: each graph's fields
        beyond ``n`` and ``edges``, in the line's order.
    """

    n_vertices: npt.NDArray[np.int64]
    edge_start: npt.NDArray[np.int64]
    edges: npt.NDArray[np.int32]
    may_repeat: bool
    error: ParseError | None
    fields: tuple[dict[str, Any], ...] | None = None

    @property
    def n_graphs(self) -> int:
        """Number of graphs decoded."""
        return int(self.n_vertices.shape[0])

    def graph(self, g: int) -> Graph:
        """Graph ``g`` as a :class:`Graph`."""
        pairs = self.edges[self.edge_start[g] : self.edge_start[g + 1]]
        return Graph.from_edges(int(self.n_vertices[g]), pairs)


def decode_graph6_lines(data: bytes, *, first_line: int = 1, source: str = "<input>") -> GraphLines:
    """Decode every graph6/sparse6 line of ``data`` into arrays, without Graph objects.

    Parameters
    ----------
    data : bytes
        Whole lines (the last one may lack its newline).
    first_line : int
        The line number of ``data``'s first line, for error messages when
        ``data`` is a chunk of a longer stream.
    source : str
        The input's name, for error messages.

    Returns
    -------
    GraphLines
        Its ``error`` is set (not raised) at the first bad line, so that a
        stream can answer the lines before it first.

    Examples
    --------
    >>> lines = decode_graph6_lines(b"Bw\\n:Bc\\n")
    >>> lines.n_vertices.tolist(), lines.edges.tolist()
    ([3, 3], [[0, 1], [0, 2], [1, 2], [0, 1], [0, 2]])
    """
    n_vertices, edge_start, edges, may_repeat, failure = _graph6.decode_lines(
        np.frombuffer(data, dtype=np.uint8)
    )
    error = None
    if failure is not None:
        line, code = failure
        number = first_line + int(line) - 1
        what = _graph6.ERRORS[code]
        if code == 1 and _line_start(data, int(line)) == b"&":
            what = (
                "digraph6 ('&': a directed graph) is not read: the games are on undirected graphs"
            )
        error = ParseError(f"{source}: {what}", line=number)
    return GraphLines(n_vertices, edge_start, edges, bool(may_repeat), error)


def _line_start(data: bytes, line: int) -> bytes:
    """The first byte of line ``line`` (1-based) of ``data`` (only for an error)."""
    start = 0
    for _ in range(line - 1):
        start = data.find(b"\n", start) + 1
        if start == 0:
            return b""
    return data[start : start + 1]


def parse_graph6(data: bytes, *, source: str = "<input>") -> list[Graph]:
    """Read every graph of a graph6 or sparse6 text (one graph per line).

    Parameters
    ----------
    data : bytes
        graph6 and/or sparse6 lines, with or without a ``>>graph6<<`` or
        ``>>sparse6<<`` header.
    source : str
        The input's name, for error messages.

    Returns
    -------
    list of Graph
        One per non-blank line, in order.

    Raises
    ------
    ParseError
        With the line number, for a byte outside 63..126, a truncated line, a
        vertex count the line's length contradicts, incremental sparse6, or a
        graph too large for the memory available.

    Examples
    --------
    >>> [g.n_edges for g in parse_graph6(b">>graph6<<Bw\\n:Bc\\n")]
    [3, 2]
    >>> parse_graph6(b"Bw\\nB~~\\n")
    Traceback (most recent call last):
    ...
    matchgame.errors.ParseError: line 2: <input>: the line is longer than its vertex count says
    """
    if not isinstance(data, bytes | bytearray | memoryview):
        raise TypeError(f"parse_graph6 reads bytes, got {type(data).__name__}")
    lines = decode_graph6_lines(bytes(data), source=source)
    if lines.error is not None:
        raise lines.error
    require_memory(
        _BYTES_PER_VERTEX * int(lines.n_vertices.sum()) + _BYTES_PER_EDGE * len(lines.edges),
        f"{source}: the graphs",
        size=int(lines.n_vertices.sum()),
    )
    return [lines.graph(g) for g in range(lines.n_graphs)]


_SIX_BITS = np.array([32, 16, 8, 4, 2, 1], dtype=np.uint8)


def graph6_line(n_vertices: int, edges: npt.ArrayLike) -> bytes:
    """The graph6 text of one graph (no header, no line end): ``n_vertices`` and its
    edges as 0-based pairs (loops dropped, repeats collapse), what
    :func:`decode_graph6_lines` reads back.

    It takes ``n (n - 1) / 12`` bytes: callers bound ``n`` first.

    Examples
    --------
    >>> graph6_line(3, [[0, 1], [1, 2], [0, 2]]), graph6_line(3, [[1, 0]])
    (b'Bw', b'B_')
    """
    n = int(n_vertices)
    pairs = np.asarray(edges, dtype=np.int64).reshape(-1, 2)
    low, high = pairs.min(axis=1), pairs.max(axis=1)
    keep = low != high
    size = _size_bytes(n)
    # the upper triangle column by column: x(0,1), x(0,2), x(1,2), x(0,3), ...
    bits = np.zeros(-(-n * (n - 1) // 2 // 6) * 6, dtype=np.uint8)
    bits[high[keep] * (high[keep] - 1) // 2 + low[keep]] = 1
    return size + _six_bit_text(bits)


def sparse6_line(n_vertices: int, edges: npt.ArrayLike) -> bytes:
    """The sparse6 text of one graph (no header, no line end): ``n_vertices`` and its
    edges as 0-based pairs (loops dropped, repeats collapse), as nauty writes it and
    :func:`decode_graph6_lines` reads it back. It takes about ``m log2(n) / 6`` bytes.

    The encoding: ``:``, then ``N(n)``, then for each edge ``u <= v`` in order of
    ``(v, u)`` a bit ``b`` and ``k`` bits of a vertex (``k`` bits hold ``n - 1``):
    ``0 u`` for another edge of the current vertex, ``1 u`` for an edge of the next
    one, else ``1 v 0 u`` (jump to ``v``); padded with 1 bits to whole bytes, except
    that the padding begins with a 0 bit where all ones would read as a loop at
    ``n - 1`` (nauty's rule).

    Examples
    --------
    >>> sparse6_line(3, [[0, 1], [1, 2], [0, 2]]), sparse6_line(7, [[0, 1], [1, 2], [5, 6]])
    (b':BcN', b':Fa]V')
    """
    n = int(n_vertices)
    pairs = np.asarray(edges, dtype=np.int64).reshape(-1, 2)
    low, high = pairs.min(axis=1), pairs.max(axis=1)
    keep = low != high
    order = np.unique(high[keep] * max(n, 1) + low[keep])  # sorted by (v, u), repeats gone
    del pairs, low, high, keep
    k = 1
    while (1 << k) < n:
        k += 1
    parts = [b":", _size_bytes(n)]
    current, left = 0, np.zeros(0, dtype=np.uint8)
    # a chunk of edges at a time: the bits of all of them at once take 2k + 2 bytes each
    for first in range(0, order.shape[0], _SPARSE6_CHUNK):
        v, u = np.divmod(order[first : first + _SPARSE6_CHUNK], max(n, 1))
        bits = np.concatenate([left, _sparse6_bits(v, u, current, k)])
        current = int(v[-1])
        whole = bits.shape[0] - bits.shape[0] % 6
        parts.append(_six_bit_text(bits[:whole]))
        left = bits[whole:]
    pad = -left.shape[0] % 6
    padding = np.ones(pad, dtype=np.uint8)
    if pad > k and n == 1 << k and order.shape[0] and current == n - 2:
        padding[0] = 0  # "1" and k ones would read as the loop (n - 1, n - 1)
    parts.append(_six_bit_text(np.concatenate([left, padding])))
    return b"".join(parts)


_SPARSE6_CHUNK = 1 << 16


def _sparse6_bits(
    v: npt.NDArray[np.int64], u: npt.NDArray[np.int64], current: int, k: int
) -> npt.NDArray[np.uint8]:
    """The sparse6 bits (one byte each) of the edges ``(u, v)``, sorted by ``(v, u)``,
    the current vertex before them being ``current``."""
    shifts = np.arange(k - 1, -1, -1, dtype=np.int64)
    u_bits = ((u[:, None] >> shifts) & 1).astype(np.uint8)
    v_bits = ((v[:, None] >> shifts) & 1).astype(np.uint8)
    step = v - np.concatenate([[current], v[:-1]])  # 0: the current vertex's, 1: the next's
    near = step <= 1
    # each edge as a row of 2 + 2k bits, of which a near one uses the first 1 + k
    rows = np.zeros((v.shape[0], 2 + 2 * k), dtype=np.uint8)
    rows[near, 0] = step[near]
    rows[near, 1 : 1 + k] = u_bits[near]
    rows[~near, 0] = 1
    rows[~near, 1 : 1 + k] = v_bits[~near]
    rows[~near, 2 + k :] = u_bits[~near]
    used = np.ones(rows.shape, dtype=bool)
    used[near, 1 + k :] = False
    bits: npt.NDArray[np.uint8] = rows[used]
    return bits


def _six_bit_text(bits: npt.NDArray[np.uint8]) -> bytes:
    """Bits (a multiple of 6, one byte each) as graph6's characters, 6 bits each."""
    groups = bits.reshape(-1, 6) @ _SIX_BITS + 63
    return bytes(groups.astype(np.uint8).tobytes())


def _size_bytes(n: int) -> bytes:
    """``N(n)``: graph6's and sparse6's vertex count."""
    if n < 63:
        return bytes([n + 63])
    if n < 1 << 18:
        return bytes([126, *((n >> shift & 63) + 63 for shift in (12, 6, 0))])
    return bytes([126, 126, *((n >> shift & 63) + 63 for shift in range(30, -1, -6))])


MAX_GRAPH6_WRITTEN = 1 << 17
"""Most vertices :func:`format_graph6` writes: graph6 takes ``n (n - 1) / 12`` bytes
(1.4 GB at this size); sparse6 writes bigger sparse graphs."""

_GRAPH6_CHUNK = 6 << 20
"""Bits of the adjacency triangle set at a time (one byte each) by :func:`format_graph6`."""


def format_graph6(graph: Graph) -> bytes:
    """The graph as one graph6 line (vertex ``i`` is vertex id ``i``; names are not
    kept: graph6 has none).

    Raises
    ------
    InvalidInputError
        Above :data:`MAX_GRAPH6_WRITTEN` vertices, or when its text would not fit in
        the memory available (sparse6 holds such graphs in proportion to their edges).

    >>> format_graph6(Graph.from_edges(3, [(0, 1), (1, 2)]))
    b'Bg\\n'
    """
    n = graph.n_vertices
    n_bits = n * (n - 1) // 2
    if n > MAX_GRAPH6_WRITTEN:
        raise InvalidInputError(
            f"graph6 writes every pair of vertices: {plural(n, 'vertex', 'vertices')} would take "
            f"{n_bits // 6:,} bytes; write sparse6"
        )
    require_memory(
        2 * (n_bits // 6) + 16 * graph.n_edges + 2 * _GRAPH6_CHUNK,
        f"the graph6 text of {plural(n, 'vertex', 'vertices')}",
        error=InvalidInputError,
    )
    # the upper triangle column by column: x(0,1), x(0,2), x(1,2), x(0,3), ...
    edges = graph.edges.astype(np.int64)
    positions = np.sort(edges[:, 1] * (edges[:, 1] - 1) // 2 + edges[:, 0])
    del edges
    text = np.empty(-(-n_bits // 6), dtype=np.uint8)
    for start in range(0, text.shape[0] * 6, _GRAPH6_CHUNK):
        stop = min(start + _GRAPH6_CHUNK, text.shape[0] * 6)
        bits = np.zeros(stop - start, dtype=np.uint8)
        within = positions[np.searchsorted(positions, start) : np.searchsorted(positions, stop)]
        bits[within - start] = 1
        text[start // 6 : stop // 6] = bits.reshape(-1, 6) @ _SIX_BITS + 63
    return _size_bytes(n) + text.tobytes() + b"\n"


def format_sparse6(graph: Graph) -> bytes:
    """The graph as one sparse6 line (vertex ``i`` is vertex id ``i``; names are not
    kept). matchgame reads back a line of at most 64 vertices per byte of input
    (memory in proportion to the input): a graph of many more vertices than edges
    reads back from an edge list or METIS.

    >>> format_sparse6(Graph.from_edges(3, [(0, 1), (1, 2)]))
    b':Bd\\n'
    """
    return sparse6_line(graph.n_vertices, graph.edges) + b"\n"
