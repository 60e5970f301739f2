"""Graphs in standard formats: which format a file is in, and reading it.

==========  ===========================================  ==============================
format      what                                         guessed from
==========  ===========================================  ==============================
edgelist    matchgame's own ``n m`` and ``m`` edges      (the default)
mtx         Matrix Market coordinate                     ``.mtx``, ``%%MatrixMarket``
metis       METIS (Chaco) adjacency lists                ``.graph``, ``.metis``
dimacs      DIMACS ``p edge n m`` and ``e u v``          ``.dimacs .col .clq``, ``p edge``
snap        pairs ``u v``: SNAP, NetworkX, CSV           ``.edges .snap .edgelist .csv``,
                                                         a ``#`` line, pairs only
graphml     GraphML (through NetworkX)                   ``.graphml``, ``<?xml``
gml         GML (through NetworkX)                       ``.gml``, ``graph [``
graph6      graph6, one graph a line                     ``.g6``, ``>>graph6<<``
sparse6     sparse6, one graph a line                    ``.s6``, ``>>sparse6<<``, ``:``
==========  ===========================================  ==============================

:func:`read_graphs` yields the graphs of a path, bytes or text (graph6 and
sparse6 files hold many, the others one); :func:`read_graph` returns the one
graph; :func:`~matchgame.write_graph` writes one back in any of these formats. Without
``format`` the format is guessed (:func:`detect_format`): first from a signature
the text cannot have by chance (a banner, an XML declaration, ``p edge``), then
from the file's extension, then from the first line's shape, last from the lines'
shape: pairs ``u v`` that cannot be matchgame's ``n m`` edge list are SNAP's, as
NetworkX's ``write_edgelist`` writes them (:func:`matchgame.readers.pairs.reads_as_pairs`).

A game played along arcs reads the formats that carry direction as arcs
(``directed=True``): a SNAP edge list's line ``u v`` is the arc ``u -> v``, a
``general`` Matrix Market matrix's entry ``(i, j)`` the arc ``i -> j``; a directed
GraphML or GML file is read as arcs in any case. The other formats (METIS, DIMACS,
graph6, sparse6, a symmetric matrix, an undirected GraphML or GML file) hold edges
only, read as both arcs.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import PurePath

from ..core._text import HEAD_BYTES, header_line, prepare, read_bounded
from ..core.digraph import DiGraph
from ..core.graph import Graph
from ..errors import InvalidInputError, InvalidTypeError, ParseError, UnreadableInput
from .formats import EXTENSIONS, FORMATS, GraphFormat, parser
from .pairs import reads_as_pairs

__all__ = [
    "EXTENSIONS",
    "FORMATS",
    "GraphFormat",
    "detect_file_format",
    "detect_format",
    "detect_graph_text",
    "parser",
    "read_graph",
    "read_graphs",
]


# signatures no other format's first line can have
_SIGNATURES = (
    (re.compile(rb"%%matrixmarket\b", re.IGNORECASE), "mtx"),
    (re.compile(rb">>graph6<<"), "graph6"),
    (re.compile(rb">>sparse6<<"), "sparse6"),
    (re.compile(rb"<\?xml\b|<graphml\b"), "graphml"),
    (re.compile(rb"p[ \t]+(edge|col|edges)[ \t]"), "dimacs"),
    (re.compile(rb"(creator[ \t]+\"[^\"\n]*\"\s*)?graph\s*\[", re.IGNORECASE), "gml"),
)
# signatures that may come after a few lines of their own: GML's comments ('#' lines) and
# top-level keys (Creator "yFiles", Version 2) before its 'graph [', which may open on
# the next line; an XML comment or doctype before GraphML's root
_LATE_SIGNATURES = (
    (
        re.compile(
            rb"(?:[ \t]*(?:#[^\n]*|(?:creator|version|comment)[ \t]+[^\n\[]*)?\r?\n)*"
            rb"[ \t]*graph\s*\[",
            re.IGNORECASE,
        ),
        "gml",
    ),
    (
        re.compile(
            rb"(?:\s*(?:<!--.*?-->|<!doctype[^>]*>))+\s*<graphml\b", re.IGNORECASE | re.DOTALL
        ),
        "graphml",
    ),
)
# what a first line hints at when no signature and no extension says more
_SHAPES = (
    (re.compile(rb"#"), "snap"),
    (re.compile(rb"c([ \t\r]|$)"), "dimacs"),
    (re.compile(rb"%"), "metis"),
    (re.compile(rb":[?-~]+[ \t\r]*$"), "sparse6"),
    (re.compile(rb"[?-~]+[ \t\r]*$"), "graph6"),
)


def detect_format(name: str | os.PathLike[str] | None, head: bytes) -> str | None:
    """The format a file of this ``name`` (None: no name) beginning with ``head`` is
    in, or None when nothing tells (matchgame's edge list is then assumed).

    A signature in the first line (``%%MatrixMarket``, ``>>graph6<<``, ``<?xml``,
    ``p edge``, ``graph [``) comes first, or after what may precede it (GML's
    comments and ``Creator``/``Version`` lines, its ``graph`` with the ``[`` on the
    next line; an XML comment before ``<graphml``), then the extension, then the
    first line's shape (``#`` SNAP, ``c`` DIMACS, ``%`` METIS, graph6 characters).

    >>> detect_format("web.mtx", b"")
    'mtx'
    >>> detect_format(None, b"%%MatrixMarket matrix coordinate pattern general\\n")
    'mtx'
    >>> detect_format("g.txt", b"# Directed graph\\n0 1\\n"), detect_format("g.txt", b"3 1\\n")
    ('snap', None)
    >>> detect_format(None, b'Creator "yFiles"\\nVersion "2.2"\\ngraph\\n[\\n  node [ id 0 ]\\n')
    'gml'
    """
    first = _first_line(head)
    for pattern, format_name in _SIGNATURES:
        if pattern.match(first):
            return format_name
    text = _text_of(head)
    for pattern, format_name in _LATE_SIGNATURES:
        if pattern.match(text):
            return format_name
    if name is not None:
        extension = PurePath(os.fspath(name)).suffix.lower()
        if extension in EXTENSIONS:
            return EXTENSIONS[extension]
    for pattern, format_name in _SHAPES:
        if pattern.match(first):
            return format_name
    if reads_as_pairs(text, whole=len(head) < HEAD_BYTES):
        return "snap"
    return None


def detect_graph_text(name: str | os.PathLike[str] | None, head: bytes) -> str | None:
    """The graph format of a text given where a board is read by default, when it
    can be nothing else: lines that are pairs ``u v`` only, as NetworkX's
    ``write_edgelist`` writes them (``snap``); None for anything a board, matchgame's
    edge list or a record could be, and for the formats with a signature, whose
    refusal as a board names the option that reads them.

    >>> detect_graph_text("karate.txt", b"0 1\\n0 2\\n1 2\\n")
    'snap'
    >>> detect_graph_text(None, b"3 3\\n...\\n") is None
    True
    """
    if reads_as_pairs(_text_of(head), whole=len(head) < HEAD_BYTES):
        return "snap"
    return None


def _text_of(head: bytes) -> bytes:
    """The head as the readers see it (a byte-order mark, UTF-16 ... dealt with)."""
    try:
        return prepare(head)
    except ParseError:
        return b""


def _first_line(head: bytes) -> bytes:
    data = _text_of(head)
    for line in data.split(b"\n", 64)[:64]:
        if line.strip():
            return line.lstrip()
    return b""


def detect_file_format(path: str | os.PathLike[str]) -> str | None:
    """:func:`detect_format` of a file, from its name and its first bytes.

    Raises
    ------
    UnreadableInput
        If the file cannot be read.
    """
    try:
        with open(path, "rb") as handle:
            head = handle.read(HEAD_BYTES)
    except OSError as exc:
        raise UnreadableInput(f"cannot read {os.fspath(path)!r}: {exc.strerror or exc}") from None
    return detect_format(path, head)


Source = str | bytes | bytearray | memoryview | os.PathLike[str]


def read_graphs(
    source: Source, format: str | None = None, *, directed: bool = False
) -> Iterator[Graph | DiGraph]:
    """The graphs held by ``source``: a path (``str`` without a line break, or
    :class:`os.PathLike`), or the text itself (``bytes``, or ``str`` with a line
    break). ``format`` is a key of ``matchgame.readers.graphs.FORMATS``; None guesses it
    from the name and the first bytes, falling back to matchgame's edge list.

    A file is read with memory bounded by what it holds: a header that claims more
    lines than there are is refused before anything of that size is allocated.

    Parameters
    ----------
    source : str, bytes or os.PathLike
        A path, or the text itself (``bytes``, or a ``str`` with a line break).
    format : str, optional
        The format's name: ``"edgelist"``, ``"mtx"``, ``"metis"``, ``"dimacs"``,
        ``"snap"``, ``"graphml"``, ``"gml"``, ``"graph6"`` or ``"sparse6"``; by
        default guessed.
    directed : bool, default False
        Read arcs where the format carries them: a SNAP edge list's line ``u v`` as
        the arc ``u -> v``, a ``general`` Matrix Market matrix's entry ``(i, j)`` as
        ``i -> j`` (a :class:`~matchgame.DiGraph`); the other formats are read as
        without it.

    Yields
    ------
    Graph or DiGraph
        Each graph of the file in turn (graph6 and sparse6 files hold many); a
        directed GraphML or GML file's is a :class:`~matchgame.DiGraph`, and with
        ``directed`` a SNAP file's or a general matrix's.

    Raises
    ------
    ParseError
        With the line (and column) of the first problem.
    UnreadableInput
        If a path cannot be read.
    InvalidInputError, InvalidTypeError
        For an unknown ``format`` or a ``source`` of another type.

    See Also
    --------
    read_graph : The one graph of a file.
    write_graph : Writes a graph in any of these formats.
    parse_edge_list : Reads matchgame's edge list, also as a multigraph.

    Examples
    --------
    >>> from matchgame import read_graphs
    >>> [g.n_edges for g in read_graphs(b"c two edges\\np edge 3 2\\ne 1 2\\ne 2 3\\n")]
    [2]
    """
    format_name = checked_format(format)
    if not isinstance(directed, bool):
        raise InvalidTypeError(f"directed must be a bool, got {type(directed).__name__}")
    data, name = _source_bytes(source, format_name)
    if format_name is None:
        detected = detect_format(name, data[:HEAD_BYTES])
        try:
            found = parser(detected or "edgelist", directed)(data)
        except ParseError as exc:
            if detected is None and name is not None:
                _not_a_graph_file(exc, name, data[:HEAD_BYTES])
            raise
        yield from found
        return
    yield from parser(format_name, directed)(data)


def _not_a_graph_file(exc: ParseError, path: str, head: bytes) -> None:
    """Raise, for a file nothing names the format of (no signature line, no extension)
    and whose first line is no edge list header, a message that quotes none of it:
    such a file is something else (``read_graph("/etc/passwd")``), and its first line
    may be a secret. A file that is an edge list keeps its quoted lines; text given
    as bytes or str is the caller's own and keeps them too."""
    # ("x": a line after the head, so that a blank head is no error of its own)
    if exc.line is not None and exc.line > header_line(head + b"\nx")[0] + 1:
        return
    raise ParseError(
        f"{path}: not a graph file matchgame knows: no signature line or extension names "
        "a format, and its first line is not the 'n m' header of matchgame's edge list",
        line=exc.line,
    ) from None


def read_graph(
    source: Source, format: str | None = None, *, directed: bool = False
) -> Graph | DiGraph:
    """The one graph held by ``source`` (see :func:`read_graphs`).

    Parameters
    ----------
    source : str, bytes or os.PathLike
        A path, or the text itself (``bytes``, or a ``str`` with a line break).
    format : str, optional
        The format's name, as for :func:`read_graphs`; by default guessed from the
        name and the first bytes.
    directed : bool, default False
        Read arcs where the format carries them, as for :func:`read_graphs`.

    Returns
    -------
    Graph or DiGraph
        The graph; a directed GraphML or GML file's is a :class:`~matchgame.DiGraph`,
        and with ``directed`` a SNAP file's or a general matrix's.

    Raises
    ------
    ParseError
        As :func:`read_graphs`, and when a graph6 or sparse6 file holds other than
        one graph.

    See Also
    --------
    read_graphs : Every graph of a file (graph6 and sparse6 files hold many).
    write_graph : Writes a graph that this reads back.
    parse_edge_list : Reads matchgame's edge list, also as a multigraph.

    Examples
    --------
    >>> from matchgame import read_graph
    >>> g = read_graph(b"%%MatrixMarket matrix coordinate pattern general\\n2 2 1\\n1 2\\n")
    >>> g.n_vertices, g.n_edges
    (2, 1)
    """
    graphs = list(read_graphs(source, format, directed=directed))
    if len(graphs) != 1:
        raise ParseError(f"expected one graph, the input holds {len(graphs)} (use read_graphs)")
    return graphs[0]


def checked_format(format: object) -> str | None:
    if format is None:
        return None
    if not isinstance(format, str):
        raise InvalidTypeError(f"format must be a string or None, got {type(format).__name__}")
    if format not in FORMATS:
        raise InvalidInputError(f"unknown format {format!r} (one of {', '.join(FORMATS)})")
    return format


def _source_bytes(source: Source, format_name: str | None) -> tuple[bytes, str | None]:
    """The bytes of ``source`` and its file name (None for text given directly)."""
    if isinstance(source, bytes | bytearray | memoryview):
        return bytes(source), None
    if isinstance(source, str) and ("\n" in source or "\r" in source):
        return source.encode("utf-8"), None
    if not isinstance(source, str | os.PathLike):
        raise InvalidTypeError(f"source must be a path, bytes or text, got {type(source).__name__}")
    path = os.fspath(source)
    chosen: list[str] = []

    def limit_of(head: bytes) -> int:
        # a long file: its head says the format, and the format how long it may be
        detected = format_name or detect_format(path, head)
        chosen.append(detected or "edgelist")
        try:
            return FORMATS[chosen[0]].size_limit(head)
        except ParseError as exc:
            if detected is None:
                _not_a_graph_file(exc, path, head)
            raise

    try:
        with open(path, "rb") as handle:
            return read_bounded(handle, limit_of), path
    except OSError as exc:
        hint = "" if os.path.exists(path) else " (to read text, give bytes or a str with lines)"
        raise UnreadableInput(f"cannot read {path!r}: {exc.strerror or exc}{hint}") from None
