"""Graphs (and small hex boards) drawn as discs and lines, laid out by NetworkX."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..core._validate import validate_params
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
from .labels import Labels, mean_spacing, place_labels
from .layouts import DEFAULT_STYLE, LAYOUT, SIZE, Style, unit_positions
from .scene import COLOURS, RASTER_ABOVE_CELLS, Scene, _cell_size, _with_legend

__all__ = ["MAX_GRAPH_VERTICES", "analysis_scene", "graph_scene"]

#: Most vertices a graph picture draws; beyond, a drawing is a blot and a layout slow.
MAX_GRAPH_VERTICES = 2000

#: Most characters of a vertex's label (a longer name ends in an ellipsis).
LABEL_LIMIT = 20


@validate_params(layout=LAYOUT, size=SIZE)
def analysis_scene(
    analysis: BaseAnalysis,
    *,
    matching: bool = False,
    sets: bool = False,
    layout: str = "auto",
    size: int | None = None,
) -> Scene:
    """The picture of any game's analysis: its board (hexagonal rows for ``hex``
    moves), or its graph, coloured by who wins a placement where. ``matching``: the
    maximum matching behind the verdicts, ``sets``: the Gallai-Edmonds sets D, A and
    C (the vertex game's); ``layout``: where a graph's vertices go (one of
    :data:`~matchgame.draw.layouts.LAYOUTS`: ``"auto"``, ``"spring"``,
    ``"kamada-kawai"``, ``"bipartite"``, ``"circular"``, ``"file"``); ``size``: the
    side in pixels of the square the drawing fits in (100 to 10,000; by default by what
    it holds).

    Raises
    ------
    InvalidInputError
        For a layout the graph cannot have (``"bipartite"`` with an odd cycle,
        ``"file"`` without coordinates) or any but ``"auto"`` on a board.
    """
    style = Style(layout, size)
    if _draws_vertices(analysis.graph.names):
        return graph_scene(analysis, matching=matching, sets=sets, layout=layout, size=size)
    style.refuse_layout("a board")
    return placement_scene(analysis, matching=matching, sets=sets, size=size)


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
    colour and carrying ``attributes(v)``; edges as lines (graphs); the labels where
    the layout placed them, and the layout's note on labels left out in the legend.
    The twin of :func:`matchgame.draw.boards._board_scene` for what is drawn as
    vertices."""
    xy, radius = layout.xy, layout.radius
    fills = [palette[k] for k in vertex_classes.tolist()]
    if layout.labels.note is not None:
        legend = [*legend, ("", layout.labels.note)]
    scene = _with_legend(layout.width, layout.height, legend, sized=layout.sized)
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
    for x, y, text, font in layout.labels.inside:
        scene.texts.append((x, y, text, font, "middle"))
    scene.labels.extend(layout.labels.beside)
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
    """Where a graph's vertices are drawn: pixel centres, disc radius, the labels, the
    drawing's width and height, whether edges are drawn (hex boards' edges are the
    touching discs) and whether its size was asked for."""

    xy: npt.NDArray[np.float64]
    radius: float
    labels: Labels
    edges: bool
    width: float
    height: float
    sized: bool = False


def _vertex_layout(graph: Graph, style: Style = DEFAULT_STYLE) -> _Layout:
    """A hex board's offset rows, or a graph's layout (see :class:`Style`).

    Raises
    ------
    InvalidInputError
        For a graph above :data:`MAX_GRAPH_VERTICES` vertices, or a layout the graph
        cannot have (:func:`~matchgame.draw.layouts.unit_positions`).
    """
    names = graph.names
    sized = style.size is not None
    if isinstance(names, BoardCells):  # a hex board
        style.refuse_layout("a board")
        n_rows, n_cols = names.shape
        size = _cell_size(n_rows, n_cols + 1, None if style.size is None else style.size - 12)
        xy = names.positions() * size + 6
        xy[:, 1] *= 0.9  # rows of touching hexagons sit closer than squares
        labels = Labels()
        if size >= 28:  # "row,col" fits in the disc ("row col": a space is lost here)
            font = min(11, size * 0.48)
            for v, (x, y) in enumerate(xy.tolist()):
                labels.inside.append((x, y + 4, names.text(v).replace(" ", ","), font))
        width, height = _extent(xy, size * 0.48)
        return _Layout(xy, size * 0.48, labels, False, width, height, sized)
    n = graph.n_vertices
    if n > MAX_GRAPH_VERTICES:
        raise InvalidInputError(
            f"a graph picture draws at most {MAX_GRAPH_VERTICES} vertices, this graph has {n}"
        )
    unit, _ = unit_positions(graph, style.layout)
    side = float(640 if n > 30 else 420) if style.size is None else float(style.size)
    radius = float(max(3.0, min(14.0, side / (3 * np.sqrt(max(n, 1))))))
    # discs no wider than the vertices are apart, on average: crowded ones hide each other
    radius = max(3.0, min(radius, 0.4 * mean_spacing(unit * side)))
    if style.size is not None:  # the picture is size pixels wide: discs and margins inside
        side = max(side - 2 * (radius + 8), 1.0)
    xy = unit * side + radius + 8
    width, height = _extent(xy, radius)
    if style.size is not None:
        width = float(style.size)
    texts = [names.label(v, LABEL_LIMIT) for v in range(n)]
    degrees = np.bincount(graph.edges.reshape(-1), minlength=n)  # a digraph's: in and out
    labels = place_labels(xy, radius, texts, degrees, width, height)
    return _Layout(xy, radius, labels, True, width, height, sized)


def _extent(xy: npt.NDArray[np.float64], radius: float) -> tuple[float, float]:
    """The width and height of a drawing of discs of ``radius`` at ``xy``."""
    return (
        float(xy[:, 0].max(initial=0)) + radius + 8,
        float(xy[:, 1].max(initial=0)) + radius + 8,
    )


@validate_params(layout=LAYOUT, size=SIZE)
def graph_scene(
    analysis: BaseAnalysis,
    *,
    matching: bool = False,
    sets: bool = False,
    layout: str = "auto",
    size: int | None = None,
) -> Scene:
    """A graph (or a small hex board): vertices coloured by who wins a placement
    there, edges, and optionally the matching; labelled by name where labels fit
    (:mod:`matchgame.draw.labels`). ``layout`` and ``size`` as for
    :func:`analysis_scene`.

    Raises
    ------
    InvalidInputError
        Above :data:`MAX_GRAPH_VERTICES` vertices, or for a layout the graph cannot
        have.
    """
    graph = analysis.graph
    pairs = _matching_pairs(analysis) if matching else None
    layout_ = _vertex_layout(graph, Style(layout, size))
    classes = _outcome_classes(analysis, sets)
    palette, legend = _outcome_palette(sets)
    if matching:
        legend.append((COLOURS["matching"], "maximum matching"))
    key = _name_attribute(analysis.names)

    def attributes(v: int) -> dict[str, str]:
        return {key: analysis.names.text(v), **_outcome_attributes(classes, v, sets)}

    scene = _vertex_scene(graph, layout_, classes, palette, legend, attributes)
    if pairs is not None:  # above the discs: on a hex board they touch and would hide it
        xy = layout_.xy
        width = max(3.0, layout_.radius / 3)
        for u, v in pairs.tolist():
            scene.overlays.append(([tuple(xy[u]), tuple(xy[v])], COLOURS["matching"], width))
    return scene
