"""Graphs written in the standard formats: :func:`write_graph` to a file or stream,
:func:`format_graph` as bytes; each format as :mod:`matchgame.readers.graphs` reads
it back (:data:`~matchgame.readers.graphs.FORMATS`). Beside them,
:mod:`matchgame.writers.graphfiles` writes an analysis' verdicts into graph files
(:func:`~matchgame.write_verdicts`)."""

from __future__ import annotations

import os
from pathlib import PurePath
from typing import Any

from ..core._text import is_path_target, write_target
from ..core.graph import as_graph
from ..errors import InvalidInputError
from ..readers.formats import WRITTEN_EXTENSIONS
from ..readers.graphs import FORMATS, checked_format

__all__ = ["EDGE_LIST_SUFFIXES", "format_graph", "write_graph"]


EDGE_LIST_SUFFIXES = ("", ".txt", ".in")
"""Path extensions :func:`write_graph` writes matchgame's edge list to (none, a text
file, a contest's input); every other one must name a format
(:data:`~matchgame.readers.formats.WRITTEN_EXTENSIONS`)."""


def _format_of_path(path: str) -> str:
    """The format a path's extension names for :func:`write_graph`.

    Raises
    ------
    InvalidInputError
        For an extension that names none, listing those that do.
    """
    suffix = PurePath(path).suffix.lower()
    if suffix in WRITTEN_EXTENSIONS:
        return WRITTEN_EXTENSIONS[suffix]
    if suffix in EDGE_LIST_SUFFIXES:
        return "edgelist"
    known = ", ".join(WRITTEN_EXTENSIONS)
    raise InvalidInputError(
        f"target {path!r}: the extension {suffix!r} names no graph format (known: {known}; "
        "'.txt', '.in' or none for matchgame's edge list); give format= to write another"
    )


def format_graph(graph: Any, format: str = "edgelist") -> bytes:
    """The text of ``graph`` (a :class:`Graph`, a NetworkX graph or a SciPy sparse
    matrix) in ``format``, a key of :data:`~matchgame.readers.graphs.FORMATS`, as
    :func:`~matchgame.read_graph` reads it back: the same vertices and edges, and the
    names where the format holds them (METIS, DIMACS and Matrix Market number the
    vertices ``1 .. n``, SNAP keeps integer names, GraphML and GML keep names as
    text; matchgame's edge list, graph6 and sparse6 keep the vertex order only).

    Raises
    ------
    InvalidInputError, InvalidTypeError
        For an unknown ``format``, a ``graph`` of another type, or a graph the
        format cannot hold (a vertex without edges in SNAP, a huge graph in graph6).
    ImportError
        For GraphML and GML without NetworkX.

    Examples
    --------
    >>> from matchgame import Graph
    >>> format_graph(Graph.from_edges(3, [(0, 1), (1, 2)]), "dimacs")
    b'p edge 3 2\\ne 1 2\\ne 2 3\\n'
    """
    format_name = checked_format(format)
    return FORMATS[format_name or "edgelist"].format(as_graph(graph, "graph"))


def write_graph(graph: Any, target: Any, format: str | None = None) -> None:
    """Write ``graph`` (a :class:`Graph`, a NetworkX graph or a SciPy sparse matrix)
    to ``target``: a path (``str`` or :class:`os.PathLike`) or an open file, binary
    or text. ``format`` is a key of ``matchgame.readers.graphs.FORMATS``; None takes
    it from a path's extension (``.mtx``, ``.graphml``, ``.g6`` ...; matchgame's edge
    list for ``.txt``, ``.in`` or none, and an extension that names no format is
    refused), or for an open file matchgame's edge list. What is written,
    :func:`~matchgame.read_graph` reads back: the same vertices and edges, and the names where
    the format holds them (GraphML and GML write each name's text, SNAP the ids,
    METIS, DIMACS and Matrix Market number the vertices ``1 .. n``; matchgame's edge
    list, graph6 and sparse6 keep the vertex order only).
    ``matchgame.readers.graphs.format_graph`` gives the bytes.

    Parameters
    ----------
    graph : Graph, networkx.Graph or scipy.sparse matrix
        The graph to write.
    target : str, os.PathLike or file object
        A path, or a file open for writing (binary or text).
    format : str, optional
        The format's name, as for :func:`~matchgame.read_graphs`; by default taken from a
        path's extension, else matchgame's edge list.

    Raises
    ------
    InvalidInputError, InvalidTypeError
        For an unknown ``format`` or a path's extension that names none (``x.foo``),
        a ``graph`` of another type, a graph the format cannot hold (a vertex
        without edges in SNAP, names SNAP or GraphML cannot tell apart, a graph6
        text too big for memory), or a ``target`` that is neither a path nor a file;
        nothing is written then.
    OSError
        If the file cannot be written.

    See Also
    --------
    read_graph : Reads the graph back.
    read_graphs : Reads every graph of a file.

    Examples
    --------
    >>> import io, matchgame
    >>> g = matchgame.read_graph(b"p edge 3 2\\ne 1 2\\ne 2 3\\n")
    >>> out = io.BytesIO()
    >>> matchgame.write_graph(g, out, format="mtx")
    >>> matchgame.read_graph(out.getvalue()).edges.tolist(), list(g.names)
    ([[0, 1], [1, 2]], [1, 2, 3])
    """
    if format is None and is_path_target(target):
        format = _format_of_path(os.fspath(target))
    write_target(target, format_graph(graph, format or "edgelist"))
