"""Graphs (and small hex boards) drawn as discs and lines, laid out by NetworkX."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core.graph import Graph
from ..core.names import BoardCells, VertexNames
from ..errors import InvalidInputError
from ..games.analyses import BaseAnalysis
from .boards import (
    _matching_pairs,
    _outcome_attributes,
    _outcome_classes,
    _outcome_palette,
    placement_scene,
)
from .scene import _MARGIN_CELLS_MIN, COLOURS, RASTER_ABOVE_CELLS, Scene, _cell_size, _with_legend

__all__ = ["MAX_GRAPH_VERTICES", "analysis_scene", "graph_scene"]

#: Most vertices a graph picture draws; beyond, a drawing is a blot and a layout slow.
MAX_GRAPH_VERTICES = 2000


def analysis_scene(analysis: BaseAnalysis, *, matching: bool = False, sets: bool = False) -> Scene:
    """The picture of any game's analysis: its board (hexagonal rows for ``hex``
    moves), or its graph, coloured by who wins a placement where. ``matching``: the
    maximum matching behind the verdicts, ``sets``: the Gallai-Edmonds sets D, A and
    C (the vertex game's)."""
    if _draws_vertices(analysis.graph.names):
        return graph_scene(analysis, matching=matching, sets=sets)
    return placement_scene(analysis, matching=matching, sets=sets)


def _draws_vertices(names: VertexNames) -> bool:
    """Graphs, and hex boards small enough for a disc a cell, are drawn as vertices."""
    if not isinstance(names, BoardCells):
        return True
    return names.moves == "hex" and names.n_vertices <= RASTER_ABOVE_CELLS


def _name_attribute(names: VertexNames) -> str:
    """The attribute that names a drawn vertex for the page: its cell on boards."""
    return "data-cell" if isinstance(names, BoardCells) else "data-vertex"


def _vertex_scene(
    graph: Graph,
    layout: _Layout,
    vertex_classes: npt.NDArray[np.uint8],
    palette: dict[int, str],
    legend: list[tuple[str, str]],
    attributes: Callable[[int], dict[str, str]],
) -> Scene:
    """Vertices as discs at the layout's pixel positions, filled by their class's
    colour and carrying ``attributes(v)``; edges as lines (graphs). The twin of
    :func:`matchgame.draw.boards._board_scene` for what is drawn as vertices."""
    xy, radius = layout.xy, layout.radius
    fills = [palette[k] for k in vertex_classes.tolist()]
    scene = _with_legend(
        xy[:, 0].max(initial=0) + radius + 8, xy[:, 1].max(initial=0) + radius + 8, legend
    )
    if layout.edges:
        directed = getattr(graph, "is_directed", False) is True  # arcs: drawn as arrows
        for u, v in graph.edges.tolist():
            scene.lines.append(([tuple(xy[u]), tuple(xy[v])], COLOURS["unreachable"], 1.0))
            if directed:
                scene.lines.append((_arrowhead(xy[u], xy[v], radius), COLOURS["text"], 1.0))
    for v in range(graph.n_vertices):
        x, y = float(xy[v, 0]), float(xy[v, 1])
        scene.hotspots.append((x - radius, y - radius, 2 * radius, 2 * radius, attributes(v)))
        scene.circles.append((x, y, radius, fills[v], COLOURS["text"]))
        if layout.labels is not None:
            scene.texts.append((x, y + 4, layout.labels[v], min(11, radius), "middle"))
    return scene


def _arrowhead(
    tail: npt.NDArray[np.float64], head: npt.NDArray[np.float64], radius: float
) -> list[tuple[float, float]]:
    """The two strokes of an arrowhead where the arc from ``tail`` meets ``head``'s disc."""
    dx, dy = float(head[0] - tail[0]), float(head[1] - tail[1])
    length = max(float(np.hypot(dx, dy)), 1e-9)
    ux, uy = dx / length, dy / length
    tip = (float(head[0]) - ux * radius, float(head[1]) - uy * radius)
    size = max(4.0, radius * 0.7)
    back = (tip[0] - ux * size, tip[1] - uy * size)
    left = (back[0] - uy * size * 0.5, back[1] + ux * size * 0.5)
    right = (back[0] + uy * size * 0.5, back[1] - ux * size * 0.5)
    return [left, tip, right]


@dataclass
class _Layout:
    """Where a graph's vertices are drawn: pixel centres, disc radius, labels, and
    whether edges are drawn (hex boards' edges are the touching discs)."""

    xy: npt.NDArray[np.float64]
    radius: float
    labels: list[str] | None
    edges: bool


def _vertex_layout(graph: Graph) -> _Layout:
    """A hex board's offset rows, or a graph's layout.

    Raises
    ------
    InvalidInputError
        For a graph above :data:`MAX_GRAPH_VERTICES` vertices.
    """
    names = graph.names
    if isinstance(names, BoardCells):  # a hex board
        n_rows, n_cols = names.shape
        size = _cell_size(n_rows, n_cols + 1)
        xy = names.positions() * size + 6
        xy[:, 1] *= 0.9  # rows of touching hexagons sit closer than squares
        labels = None
        if size >= _MARGIN_CELLS_MIN * 2:  # "row,col": a space is lost at this size
            labels = [names.text(v).replace(" ", ",") for v in range(graph.n_vertices)]
        return _Layout(xy, size * 0.48, labels, False)
    if graph.n_vertices > MAX_GRAPH_VERTICES:
        raise InvalidInputError(
            f"a graph picture draws at most {MAX_GRAPH_VERTICES} vertices, this graph has "
            f"{graph.n_vertices}"
        )
    positions = names.positions()
    xy = _layout(graph) if positions is None else positions / max(positions.max(), 1)
    side = 640 if graph.n_vertices > 30 else 420
    radius = float(max(3.0, min(14.0, side / (3 * np.sqrt(max(graph.n_vertices, 1))))))
    xy = xy * side + radius + 8
    labels = None
    if radius >= 9:
        labels = [names.label(v) for v in range(graph.n_vertices)]
    return _Layout(xy, radius, labels, True)


_SPRING_ALONE_BELOW = 500  # vertices: NetworkX switches to its slower sparse solver here


def _layout(graph: Any) -> npt.NDArray[np.float64]:
    """Vertex positions in [0, 1]^2: NetworkX's spring layout (seeded) when NetworkX
    is installed, else a circle.

    Raises
    ------
    InvalidInputError
        From 500 vertices on without SciPy (NetworkX's sparse solvers need it; the
        ``graphs`` extra installs it), naming what to install.
    """
    n = graph.n_vertices
    try:
        import networkx as nx  # type: ignore[import-untyped]
    except ImportError:
        angles = 2 * np.pi * np.arange(n) / max(n, 1)
        return np.stack([0.5 + 0.5 * np.sin(angles), 0.5 - 0.5 * np.cos(angles)], axis=1)
    nx_graph = nx.Graph()
    nx_graph.add_nodes_from(range(n))
    nx_graph.add_edges_from(graph.edges.tolist())
    if n < _SPRING_ALONE_BELOW:
        layout = nx.spring_layout(nx_graph, seed=1)
    else:  # NetworkX's spring layout slows down tenfold from 500 vertices: start it spectral
        try:  # both are NetworkX's sparse solvers from 500 vertices on, and need SciPy
            import scipy.sparse  # noqa: F401
        except ImportError:
            raise InvalidInputError(
                f"a picture of a graph of {n} vertices needs SciPy for its layout (above "
                f"{_SPRING_ALONE_BELOW - 1}): pip install scipy (in a clone of matchgame: "
                "pip install -e '.[graphs]')"
            ) from None
        from scipy.sparse.linalg import ArpackError

        try:
            start = nx.spectral_layout(nx_graph)
        except ArpackError:  # the Laplacian of an edgeless graph is zero: no eigenvector
            start = None  # (the spring layout then starts from seeded random places)
        iterations = max(8, 12_500 // n)
        layout = nx.spring_layout(nx_graph, pos=start, seed=1, iterations=iterations)
    xy = np.array([layout[v] for v in range(n)], dtype=np.float64).reshape(n, 2)
    low, high = xy.min(axis=0, initial=0), xy.max(axis=0, initial=0)
    scaled: npt.NDArray[np.float64] = (xy - low) / np.where(high > low, high - low, 1)
    return scaled


def graph_scene(analysis: BaseAnalysis, *, matching: bool = False, sets: bool = False) -> Scene:
    """A graph (or a small hex board): vertices coloured by who wins a placement
    there, edges, and optionally the matching; numbered (1-based) while there is room.

    Raises
    ------
    InvalidInputError
        Above :data:`MAX_GRAPH_VERTICES` vertices.
    """
    graph = analysis.graph
    pairs = _matching_pairs(analysis) if matching else None
    layout = _vertex_layout(graph)
    classes = _outcome_classes(analysis, sets)
    palette, legend = _outcome_palette(sets)
    if matching:
        legend.append((COLOURS["matching"], "maximum matching"))
    key = _name_attribute(analysis.names)

    def attributes(v: int) -> dict[str, str]:
        return {key: analysis.names.text(v), **_outcome_attributes(classes, v, sets)}

    scene = _vertex_scene(graph, layout, classes, palette, legend, attributes)
    if pairs is not None:  # above the discs: on a hex board they touch and would hide it
        xy = layout.xy
        width = max(3.0, layout.radius / 3)
        for u, v in pairs.tolist():
            scene.overlays.append(([tuple(xy[u]), tuple(xy[v])], COLOURS["matching"], width))
    return scene
