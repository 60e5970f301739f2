"""The graph formats matchgame reads and writes, as one table: each format's name (as
``--input-format`` and ``format=`` take it), description and title, the extensions
that name it, its reader (and, for a format that carries direction, its reader of
arcs), how long its text may be, and its writer. :mod:`matchgame.readers.graphs`
guesses a file's format and reads it; the command line, the web app's menus and
:func:`~matchgame.write_graph` take the formats from here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..core.digraph import DiGraph
from ..core.graph import Graph
from . import dimacs, edgelists, graph6, matrixmarket, metis, networkx_formats, snap
from ._lines import no_header_limit

__all__ = ["EXTENSIONS", "FORMATS", "WRITTEN_EXTENSIONS", "GraphFormat", "parser"]


@dataclass(frozen=True)
class GraphFormat:
    """A graph format: its description, the extensions that name it, its reader
    (bytes to graphs), how long its text can be given its first bytes, and its
    writer (a graph to bytes, which the reader reads back)."""

    name: str
    description: str
    extensions: tuple[str, ...]
    parse: Callable[[bytes], Sequence[Graph | DiGraph]]
    size_limit: Callable[[bytes], int]
    format: Callable[[Graph], bytes]
    parse_arcs: Callable[[bytes], Sequence[Graph | DiGraph]] | None = None
    """The reader for a game along arcs, when the format carries direction (None:
    its graphs are edges, or say themselves that they are directed)."""
    title: str = ""
    """Its name in menus (``Matrix Market``); its ``name`` when not given."""

    def __post_init__(self) -> None:
        if not self.title:
            object.__setattr__(self, "title", self.name)


def _one(parse: Callable[[bytes], Graph | DiGraph]) -> Callable[[bytes], list[Graph | DiGraph]]:
    return lambda data: [parse(data)]


FORMATS: dict[str, GraphFormat] = {
    format_.name: format_
    for format_ in (
        GraphFormat(
            "edgelist",
            "an edge list ('n m' and m lines 'u v')",
            (),
            _one(edgelists.parse_edge_list),
            edgelists.text_size_limit,
            lambda graph: edgelists.format_edge_list(graph).encode("ascii"),
            title="matchgame's edge list",
        ),
        GraphFormat(
            "mtx",
            "a Matrix Market file",
            (".mtx",),
            _one(matrixmarket.parse_matrix_market),
            matrixmarket.text_size_limit,
            matrixmarket.format_matrix_market,
            _one(lambda data: matrixmarket.parse_matrix_market(data, directed=True)),
            title="Matrix Market",
        ),
        GraphFormat(
            "metis",
            "a METIS graph",
            (".graph", ".metis"),
            _one(metis.parse_metis),
            metis.text_size_limit,
            metis.format_metis,
            title="METIS",
        ),
        GraphFormat(
            "dimacs",
            "a DIMACS graph",
            (".dimacs", ".col", ".clq"),
            _one(dimacs.parse_dimacs),
            dimacs.text_size_limit,
            dimacs.format_dimacs,
            title="DIMACS",
        ),
        GraphFormat(
            "snap",
            "a SNAP edge list (pairs 'u v', as NetworkX writes them)",
            (".edges", ".snap", ".edgelist"),
            _one(snap.parse_snap),
            snap.text_size_limit,
            snap.format_snap,
            _one(lambda data: snap.parse_snap(data, directed=True)),
            title="SNAP and NetworkX pairs",
        ),
        GraphFormat(
            "graphml",
            "a GraphML file",
            (".graphml",),
            _one(networkx_formats.parse_graphml),
            networkx_formats.text_size_limit,
            networkx_formats.format_graphml,
            title="GraphML",
        ),
        GraphFormat(
            "gml",
            "a GML file",
            (".gml",),
            _one(networkx_formats.parse_gml),
            networkx_formats.text_size_limit,
            networkx_formats.format_gml,
            title="GML",
        ),
        GraphFormat(
            "graph6",
            "graph6 text",
            (".g6",),
            graph6.parse_graph6,
            no_header_limit,
            graph6.format_graph6,
            title="graph6",
        ),
        GraphFormat(
            "sparse6",
            "sparse6 text",
            (".s6",),
            graph6.parse_graph6,
            no_header_limit,
            graph6.format_sparse6,
            title="sparse6",
        ),
    )
}
"""Every graph format, by the name ``--input-format`` and ``format=`` take."""

WRITTEN_EXTENSIONS = {ext: name for name, format_ in FORMATS.items() for ext in format_.extensions}
"""File extensions (lower case) and the format each names, as :func:`write_graph`
writes them."""

EXTENSIONS = {**WRITTEN_EXTENSIONS, ".csv": "snap"}
"""File extensions (lower case) and the format each names when read: those written,
and CSV pairs ``u,v`` (read as SNAP's lines; a graph is written as CSV with its
verdicts only, as a table of nodes: :func:`~matchgame.write_verdicts`)."""


def parser(format_name: str, directed: bool) -> Callable[[bytes], Sequence[Graph | DiGraph]]:
    """The reader of a format, for a game along arcs (``directed``) or not: see
    :attr:`GraphFormat.parse_arcs`."""
    chosen = FORMATS[format_name]
    if directed and chosen.parse_arcs is not None:
        return chosen.parse_arcs
    if directed and format_name == "edgelist":
        return _one(lambda data: edgelists.parse_edge_list(data, directed=True))
    return chosen.parse
