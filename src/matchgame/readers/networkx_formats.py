"""GraphML and GML read as graphs through NetworkX's own readers (the ``graphs``
extra: ``pip install 'matchgame[graphs]'``); matchgame does not parse XML or GML
itself.

Nodes become the vertices' names (:class:`~matchgame.core.names.NodeLabels`), in
the file's order; a directed graph is read as its undirected one; parallel edges
and self-loops are dropped.
"""

from __future__ import annotations

from typing import Any

from ..core.graph import Graph
from ..errors import ParseError
from ._lines import no_header_limit
from ._memory import require_memory
from ._text import prepare, shorten_line

__all__ = ["parse_gml", "parse_graphml", "text_size_limit"]

BYTES_PER_INPUT_BYTE = 24
"""Rough peak memory of a NetworkX graph per byte of its text (dicts per node and edge)."""

text_size_limit = no_header_limit
"""GraphML and GML say nothing of their length up front: a share of the memory."""


def _networkx(what: str) -> Any:
    try:
        import networkx  # type: ignore[import-untyped]
    except ImportError:
        raise ParseError(
            f"reading {what} needs NetworkX: pip install 'matchgame[graphs]' (or networkx)"
        ) from None
    return networkx


def _text(data: str | bytes, what: str) -> str:
    raw = prepare(data)
    require_memory(len(raw) * BYTES_PER_INPUT_BYTE, f"a {what} file of {len(raw)} bytes")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise ParseError(f"{what} must be UTF-8 text (byte {exc.start})", line=line) from None


def _one_line(exc: BaseException) -> str:
    return shorten_line(" ".join(str(exc).split()).encode(), 160) or type(exc).__name__


def _graph(nx_graph: Any) -> Graph:
    if nx_graph.is_directed():
        nx_graph = nx_graph.to_undirected(as_view=True)
    return Graph.from_networkx(nx_graph)


def parse_graphml(text: str | bytes) -> Graph:
    """Read a GraphML document as a :class:`Graph` (NetworkX's ``parse_graphml``).

    Raises
    ------
    ParseError
        When NetworkX is missing (naming the extra), or refuses the document (with
        the line where the XML parser stopped, when it says).
    """
    networkx = _networkx("GraphML")
    source = _text(text, "GraphML")
    from xml.etree.ElementTree import ParseError as XMLError

    try:
        nx_graph = networkx.parse_graphml(source)
    except XMLError as exc:
        line, column = getattr(exc, "position", (None, None))  # expat's column is 0-based
        column = None if column is None else column + 1
        message = _one_line(exc).split(": line ")[0]  # the position is said once, in front
        raise ParseError(f"not GraphML: {message}", line=line, column=column) from None
    except (networkx.NetworkXError, ValueError, KeyError, TypeError) as exc:
        raise ParseError(f"not GraphML: {_one_line(exc)}") from None
    return _graph(nx_graph)


def parse_gml(text: str | bytes) -> Graph:
    """Read a GML document as a :class:`Graph` (NetworkX's ``parse_gml``): nodes are
    named by their ``label``, or their ``id`` when labels are missing or repeat.

    Raises
    ------
    ParseError
        When NetworkX is missing (naming the extra), or refuses the document.

    Examples
    --------
    >>> g = parse_gml('graph [ node [ id 1 label "a" ] node [ id 2 label "b" ] '
    ...               'edge [ source 1 target 2 ] ]')  # doctest: +SKIP
    >>> g.n_edges, g.labels  # doctest: +SKIP
    (1, ('a', 'b'))
    """
    networkx = _networkx("GML")
    source = _text(text, "GML")
    try:
        try:
            nx_graph = networkx.parse_gml(source, label="label")
        except networkx.NetworkXError as exc:
            if "label" not in str(exc):
                raise
            nx_graph = networkx.parse_gml(source, label="id")
    except (networkx.NetworkXError, ValueError, KeyError, TypeError) as exc:
        raise ParseError(f"not GML: {_one_line(exc)}") from None
    return _graph(nx_graph)
