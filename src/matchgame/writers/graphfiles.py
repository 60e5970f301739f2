"""Answers written into graph files: every vertex's verdict as a node attribute of a
GraphML or GML file (through NetworkX, the ``graphs`` extra), or a row of a CSV
table (no NetworkX needed), for Gephi, yEd, Cytoscape, pandas and the rest.

Each vertex gets what the analysis says of it
(:meth:`~matchgame.games.analyses.BaseAnalysis.node_attributes`): ``placer_wins``
(whether placing the token there wins) and what its game adds, the vertex game's
Gallai-Edmonds class ``gallai_edmonds`` (``D``, ``A`` or ``C``), the edge game's
``role`` (``S``, ``T`` or ``search``), the directed game's ``method``. A graph read
from a GraphML or GML file (or converted from NetworkX) keeps its nodes' own
attributes beside them.

Nodes are named in files as the command line's answers name them (the vertices'
text form, :mod:`matchgame.core.names`): a file's node ids as they are, a vertex of
an edge list by its number (1-based), a cell ``row col`` (1-based).
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

import numpy as np

from ..core._text import is_path_target, write_target
from ..core._validate import describe
from ..errors import InvalidInputError, InvalidParameterError, InvalidTypeError
from ..games.analyses import BaseAnalysis

if TYPE_CHECKING:
    from ..core.names import VertexNames

__all__ = ["TITLES", "VERDICT_FORMATS", "format_verdicts", "verdicts_format", "write_verdicts"]

VERDICT_FORMATS = {"graphml": ".graphml", "gml": ".gml", "csv": ".csv"}
"""The formats of verdict files and the suffix that names each."""

TITLES = {"graphml": "GraphML", "gml": "GML", "csv": "CSV"}
"""How messages name each format."""

_BY_SUFFIX = {suffix: name for name, suffix in VERDICT_FORMATS.items()}


def verdicts_format(target: Any, format: str | None = None) -> str:
    """The format of a verdict file: ``format`` checked, or the one ``target``'s suffix
    names (``.graphml``, ``.gml``, ``.csv``, any case).

    Raises
    ------
    InvalidParameterError
        For an unknown ``format``, or without one, for a target whose suffix names none
        (an open file has no suffix).

    Examples
    --------
    >>> verdicts_format("answers/game.GraphML"), verdicts_format("out.txt", "csv")
    ('graphml', 'csv')
    >>> verdicts_format("out.txt")
    Traceback (most recent call last):
    ...
    matchgame.errors.InvalidParameterError: cannot tell the format of 'out.txt' from its \
suffix: verdict files end in .graphml, .gml or .csv (or give format=)
    """
    if format is not None:
        return _checked(format)
    if not isinstance(target, str | os.PathLike):
        listed = ", ".join(VERDICT_FORMATS)
        raise InvalidParameterError(
            f"an open file has no suffix to tell the format: give format= ({listed})"
        )
    found = _BY_SUFFIX.get(PurePath(os.fspath(target)).suffix.lower())
    if found is None:
        raise InvalidParameterError(
            f"cannot tell the format of {os.fspath(target)!r} from its suffix: verdict files "
            "end in .graphml, .gml or .csv (or give format=)"
        )
    return found


def _checked(format: Any) -> str:
    if not isinstance(format, str) or format not in VERDICT_FORMATS:
        listed = ", ".join(repr(name) for name in VERDICT_FORMATS)
        raise InvalidParameterError(f"format must be one of {listed}, got {describe(format)}")
    return format


def format_verdicts(analysis: BaseAnalysis, format: str) -> bytes:
    """The verdicts of ``analysis`` as the text of a ``format`` file (a key of
    :data:`VERDICT_FORMATS`): GraphML or GML, the graph played on with the verdicts as
    node attributes; CSV, a table of the vertices (a header, then one row a vertex,
    ``true`` or ``false`` for the verdict).

    Raises
    ------
    ImportError
        For GraphML and GML without NetworkX (naming the extra).
    InvalidInputError
        If two vertices' names are written alike (the nodes ``1`` and ``"1"``).

    Examples
    --------
    >>> import matchgame
    >>> print(format_verdicts(matchgame.analyse(["..."]), "csv").decode(), end="")
    vertex,placer_wins,gallai_edmonds
    1 1,true,D
    1 2,false,A
    1 3,true,D
    """
    if not isinstance(analysis, BaseAnalysis):
        raise InvalidTypeError(f"analysis must be an analysis, got {describe(analysis)}")
    format = _checked(format)
    names = _node_names(analysis.names)
    if format == "csv":
        return _csv(names, analysis.node_attributes())
    try:
        graph = analysis.to_networkx()
    except ImportError:
        raise ImportError(
            f"writing {TITLES[format]} needs NetworkX: "
            "pip install networkx (in a clone of matchgame: pip install -e '.[graphs]')"
        ) from None
    import networkx as nx  # type: ignore[import-untyped]  # imported by to_networkx

    graph = nx.relabel_nodes(graph, dict(zip(graph.nodes, names, strict=True)), copy=True)
    if format == "graphml":
        _graphml_values(graph)
        lines = nx.generate_graphml(graph)
    else:
        _gml_keys(graph)
        lines = nx.generate_gml(graph, stringizer=_json_text)
    return "".join(line + "\n" for line in lines).encode("utf-8")


def write_verdicts(analysis: BaseAnalysis, target: Any, format: str | None = None) -> None:
    """Write every vertex's verdict into a graph file: GraphML or GML (node attributes
    of the graph played on, beside the attributes the input gave its nodes) or a CSV
    table of the vertices; ``target`` is a path or an open file (binary or text),
    ``format`` one of ``"graphml"``, ``"gml"``, ``"csv"`` (by default, the path's
    suffix says). NetworkX reads the GraphML back with ``nx.read_graphml``.

    Parameters
    ----------
    analysis : BaseAnalysis
        Any game's analysis (``matchgame.analyse(source, game=...)``).
    target : str, os.PathLike or file
        Where to write.
    format : {"graphml", "gml", "csv"}, optional
        The file's format; None takes it from ``target``'s suffix.

    Raises
    ------
    InvalidParameterError
        For an unknown format, or a suffix that names none (``.txt``).
    InvalidTypeError
        If ``analysis`` is not an analysis, or ``target`` neither a path nor a file.
    ImportError
        For GraphML and GML without NetworkX (naming the extra).
    OSError
        If the file cannot be written.

    See Also
    --------
    BaseAnalysis.to_networkx : The same verdicts as node attributes of a NetworkX graph.
    write_graph : The graph alone, in any standard format.
    read_graph : Reads a graph file, its node names kept.

    Examples
    --------
    >>> import io, matchgame, networkx as nx
    >>> analysis = matchgame.analyse(nx.Graph([("a", "b"), ("b", "c")]))
    >>> out = io.BytesIO()
    >>> matchgame.write_verdicts(analysis, out, format="graphml")
    >>> G = nx.read_graphml(io.BytesIO(out.getvalue()))
    >>> dict(G.nodes(data="placer_wins")), G.nodes["b"]["gallai_edmonds"]
    ({'a': True, 'b': False, 'c': True}, 'A')
    """
    is_path_target(target)  # a path or an open file, checked before the work
    write_target(target, format_verdicts(analysis, verdicts_format(target, format)))


def _node_names(names: VertexNames) -> list[str]:
    """How the files name each vertex: a string label as it is, else its text form."""
    written = []
    for v in range(names.n_vertices):
        name = names.name(v)
        written.append(name if isinstance(name, str) else names.text(v))
    if len(set(written)) < len(written):
        raise InvalidInputError(
            "two vertices have names written alike, which a graph file cannot tell apart"
        )
    return written


def _csv(names: list[str], columns: dict[str, list[Any]]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["vertex", *columns])
    cells = [[_csv_value(value) for value in column] for column in columns.values()]
    writer.writerows(zip(names, *cells, strict=True))
    return out.getvalue().encode("utf-8")


def _csv_value(value: Any) -> Any:
    if isinstance(value, bool):
        return "true" if value else "false"
    return value


_GRAPHML_TYPES = (str, bool, int, float)


def _graphml_values(graph: Any) -> None:
    """Node attributes GraphML cannot hold (GML's nested ``graphics``, lists) as their
    JSON text; numpy's numbers as Python's; missing values (None) left out."""
    for _, data in graph.nodes(data=True):
        for key, value in list(data.items()):
            value = _plain(value)
            if value is None:
                del data[key]
            else:
                data[key] = value if isinstance(value, _GRAPHML_TYPES) else _json_text(value)


_GML_KEY = re.compile(r"^[A-Za-z][0-9A-Za-z_]*$")


def _gml_keys(graph: Any) -> None:
    """Node attributes renamed to keys GML allows (a letter, then letters, digits and
    ``_``: GraphML's ``"font size"`` becomes ``font_size``); missing values left out."""
    for _, data in graph.nodes(data=True):
        for key, value in list(data.items()):
            value = _plain(value)
            del data[key]
            if value is None:
                continue
            if isinstance(key, str) and _GML_KEY.match(key):
                data[key] = value
                continue
            fixed = re.sub(r"[^0-9A-Za-z_]", "_", str(key))
            fixed = fixed if fixed[:1].isalpha() else "a" + fixed
            data.setdefault(fixed, value)


def _plain(value: Any) -> Any:
    """A numpy number or array as Python's (what the formats' writers know)."""
    if isinstance(value, np.generic | np.ndarray):
        return value.tolist()
    return value


def _json_text(value: Any) -> str:
    """A value of no type the format holds, as text (JSON where it can be); a string as
    it is (NetworkX's GML writer passes strings here too)."""
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return str(value)
