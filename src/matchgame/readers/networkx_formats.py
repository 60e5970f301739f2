"""GraphML and GML read as graphs, and written, through NetworkX's own readers and
writers (the ``graphs`` extra: ``pip install networkx scipy``, or in a clone of
matchgame ``pip install -e '.[graphs]'``); matchgame does
not parse or write XML or GML itself.

Nodes become the vertices' names (:class:`~matchgame.core.labels.NodeLabels`), in
the file's order; a directed graph is read as a :class:`~matchgame.DiGraph` (its
arcs); parallel edges and self-loops are dropped.
"""

from __future__ import annotations

import re
import sys
import warnings
from typing import Any

from ..core._text import prepare, shorten_line
from ..core._validate import plural
from ..core.digraph import DiGraph
from ..core.graph import Graph
from ..errors import InvalidInputError, ParseError
from ._lines import no_header_limit
from ._memory import require_memory

__all__ = ["format_gml", "format_graphml", "parse_gml", "parse_graphml", "text_size_limit"]

BYTES_PER_INPUT_BYTE = 80
"""Peak memory of reading a file through NetworkX, per byte of its text (dicts per node
and edge, then the Graph). Measured with NetworkX 3.6 (growth of the peak RSS, the
text and NetworkX's import aside): nodes written as tersely as the formats allow
(``<node id="1f3a"/>``, ``node[id 12345]``) take 41 to 57 bytes a byte from 10**5
to 10**6 nodes (tests/test_reader_hardening.py measures it), indented files with
edges and attributes 17 to 44. The old figure, 24, let such files through to a
MemoryError; 80 leaves a margin for shorter ids and other allocators."""

text_size_limit = no_header_limit
"""GraphML and GML say nothing of their length up front: a share of the memory."""


def _networkx(what: str) -> Any:
    try:
        import networkx  # type: ignore[import-untyped]
    except ImportError:
        raise ParseError(
            f"reading {what} needs NetworkX: pip install networkx scipy (in a clone of "
            "matchgame: pip install -e '.[graphs]')"
        ) from None
    return networkx


def _text(data: str | bytes, what: str) -> str:
    raw = prepare(data)
    require_memory(len(raw) * BYTES_PER_INPUT_BYTE, f"a {what} file of {plural(len(raw), 'byte')}")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise ParseError(f"{what} must be UTF-8 text (byte {exc.start})", line=line) from None


def _one_line(exc: BaseException) -> str:
    """NetworkX's message, one line, without the text of the file it quotes (GML's
    ``cannot tokenize ROOT:X:0:0... at (1, 5)``, ``node id 'a' is duplicated``): an
    error says where, not what a file holds (the file may be a secret)."""
    text = " ".join(str(exc).split())
    text = _TOKENIZE.sub(r"cannot tokenize the text\1", text)
    found = _FOUND.match(text)  # "expected ']', found ..." names NetworkX's grammar first
    if found is not None:
        text = found.group(1) + (found.group(2) or "")
    else:
        text = _QUOTED.sub("(a value of the file)", text)
    return shorten_line(text.encode(), 160) or type(exc).__name__


_TOKENIZE = re.compile(r"cannot tokenize .*?( at \(\d+, \d+\))?$")
_FOUND = re.compile(r"^(expected .*?), found .*?( at \(\d+, \d+\))?$")
_QUOTED = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")


def _graph(nx_graph: Any) -> Graph | DiGraph:
    """A file's graph as its kind says: a directed file (GraphML ``edgedefault=
    "directed"``, GML ``directed 1``) is a :class:`~matchgame.DiGraph`, which only a
    game along arcs plays (the others refuse it, naming it); an undirected one a
    :class:`Graph`."""
    if nx_graph.is_directed():
        return DiGraph.from_networkx(nx_graph)
    return Graph.from_networkx(nx_graph)


def parse_graphml(text: str | bytes) -> Graph | DiGraph:
    """Read a GraphML document as a :class:`Graph` (NetworkX's ``parse_graphml``).

    Raises
    ------
    ParseError
        When NetworkX is missing (naming the extra), or refuses the document (with
        the line where the XML parser stopped, when it says), and for a ``<node>``
        without an ``id`` or an ``<edge>`` without ``source`` or ``target``.
    """
    networkx = _networkx("GraphML")
    source = _text(text, "GraphML")
    from xml.etree.ElementTree import ParseError as XMLError

    try:
        with warnings.catch_warnings():
            # NetworkX reads a node's <port> children as nothing and says so on stderr:
            # ports name places on a node, not vertices or edges, so they change no answer
            warnings.filterwarnings("ignore", "GraphML port tag", UserWarning)
            nx_graph = networkx.parse_graphml(source)
    except XMLError as exc:
        line, column = getattr(exc, "position", (None, None))  # expat's column is 0-based
        column = None if column is None else column + 1
        message = _one_line(exc).split(": line ")[0]  # the position is said once, in front
        raise ParseError(f"not GraphML: {message}", line=line, column=column) from None
    except _READER_FAILURES as exc:
        raise _refused("GraphML", exc) from None
    if "None" in nx_graph:  # what NetworkX names a node or an edge's end without an id
        _refuse_missing_ids(source)
    return _graph(nx_graph)


# what NetworkX's readers raise on text they cannot read: anything but running out of
# memory (the estimate above is checked first) or an interrupt
_READER_FAILURES = (Exception,)
_POSITION = re.compile(r" at \((\d+), (\d+)\)$")  # how NetworkX's GML errors end


def _refused(what: str, exc: BaseException) -> ParseError:
    """A reader's failure as one line: the position NetworkX gives as the line and column."""
    if isinstance(exc, MemoryError):
        raise exc
    if isinstance(exc, RecursionError):
        return ParseError(f"not {what}: nested deeper than NetworkX's reader can follow")
    message = _one_line(exc)
    said = isinstance(exc, ValueError | KeyError | TypeError)  # a reader's own complaints
    if not said and not type(exc).__module__.startswith("networkx"):
        message = f"NetworkX's reader failed on it ({type(exc).__name__}: {message})"
    found = _POSITION.search(str(exc))
    if found is None:
        return ParseError(f"not {what}: {message}")
    line, column = int(found.group(1)), int(found.group(2))
    return ParseError(f"not {what}: {_POSITION.sub('', message)}", line=line, column=column)


# a GraphML <node ...> or <edge ...> start tag, its attributes (quoted values may hold '>')
_ELEMENT = re.compile(r"""<(?:[\w.-]+:)?(node|edge)\b((?:"[^"]*"|'[^']*'|[^>"'])*)>""")


def _refuse_missing_ids(source: str) -> None:
    """Refuse a ``<node>`` without ``id`` or an ``<edge>`` without ``source`` or
    ``target``, naming its line (NetworkX reads the missing id as the node "None")."""
    for element in _ELEMENT.finditer(source):
        kind, attributes = element.group(1), element.group(2)
        needed = ("id",) if kind == "node" else ("source", "target")
        for name in needed:
            if not re.search(rf"(?:^|\s){name}\s*=", attributes):
                line = source.count("\n", 0, element.start()) + 1
                article = "an" if kind == "edge" else "a"
                raise ParseError(f"not GraphML: {article} <{kind}> without {name!r}", line=line)


def parse_gml(text: str | bytes) -> Graph | DiGraph:
    """Read a GML document as a :class:`Graph` (NetworkX's ``parse_gml``): nodes are
    named by their ``label``, or their ``id`` when labels are missing or repeat.

    Raises
    ------
    ParseError
        When NetworkX is missing (naming the extra), or fails on the document in any
        way (with the line and column when it says them).

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
    except _READER_FAILURES as exc:
        raise _refused("GML", exc) from None
    return _graph(nx_graph)


def _written(graph: Graph, what: str, generate: str) -> bytes:
    """The lines of NetworkX's ``generate`` writer for ``graph``, its nodes named by
    the text of the vertices' names (both formats name nodes by text)."""
    texts = [str(name) for name in graph.names]
    if len(set(texts)) < len(texts):
        raise InvalidInputError(
            f"two vertices have names written alike, which {what} cannot tell apart"
        )
    nx_graph = graph.to_networkx()  # raises ImportError naming the extra
    networkx = sys.modules["networkx"]
    nx_graph = networkx.relabel_nodes(nx_graph, dict(zip(graph.names, texts, strict=True)))
    lines = getattr(networkx, generate)(nx_graph)
    return "".join(line + "\n" for line in lines).encode("utf-8")


def format_graphml(graph: Graph) -> bytes:
    """The graph as GraphML (NetworkX's ``generate_graphml``): node ids are the text
    of the vertices' names (a label as it is, a number's digits, a cell's
    ``(r, c)``), which reading it back names them by.

    Raises
    ------
    ImportError
        Without NetworkX (naming the extra).
    InvalidInputError
        If two names have the same text (the nodes ``1`` and ``"1"``).

    Examples
    --------
    >>> import networkx as nx
    >>> text = format_graphml(Graph.from_networkx(nx.path_graph(["a", "b"])))
    >>> print(text.decode().splitlines()[2:5])
    ['    <node id="a" />', '    <node id="b" />', '    <edge source="a" target="b" />']
    """
    return _written(graph, "GraphML", "generate_graphml")


def format_gml(graph: Graph) -> bytes:
    """The graph as GML (NetworkX's ``generate_gml``): each node's ``label`` is the
    text of its name, which reading it back names it by (raises as
    :func:`format_graphml`).

    >>> parse_gml(format_gml(Graph.from_edges(2, [(0, 1)]))).labels
    ('0', '1')
    """
    return _written(graph, "GML", "generate_gml")
