"""The picture of an explanation, any game's: the board or graph coloured by outcome
and the game's argument drawn over it."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..core._validate import validate_params
from ..core.graph import Graph
from ..core.names import BoardCells, VertexNames
from ..games.explanations import BaseExplanation
from .boards import (
    _board_scene,
    _cell_centres,
    _outcome_attributes,
    _outcome_classes,
    _outcome_palette,
)
from .graphs import _draws_vertices, _name_attribute, _vertex_layout, _vertex_scene
from .layouts import DEFAULT_STYLE, LAYOUT, SIZE, Style
from .scene import COLOURS, Scene

__all__ = ["explain_scene"]


def outcome_scene(
    graph: Graph,
    names: VertexNames,
    classes: npt.NDArray[np.uint8],
    palette: dict[int, str],
    legend: list[tuple[str, str]],
    style: Style = DEFAULT_STYLE,
) -> tuple[Scene, npt.NDArray[np.float64], float]:
    """A board or graph with its vertices coloured by outcome (an explanation's
    ground, the edge game's too), and where its vertices are drawn: their centres
    and radius; ``style``: the graph's layout, the picture's size."""
    key = _name_attribute(names)

    def attributes(v: int) -> dict[str, str]:
        return {key: names.text(v), **_outcome_attributes(classes, v, False)}

    if _draws_vertices(names):
        layout = _vertex_layout(graph, style)
        scene = _vertex_scene(graph, layout, classes, palette, legend, attributes)
        return scene, layout.xy, layout.radius
    assert isinstance(names, BoardCells)
    style.refuse_layout("a board")
    scene, size, margin = _board_scene(names, classes, palette, legend, attributes, style.size)
    return scene, _cell_centres(names, size, margin), size * 0.45


@validate_params(layout=LAYOUT, size=SIZE)
def explain_scene(
    explanation: BaseExplanation, *, layout: str = "auto", size: int | None = None
) -> Scene:
    """Any game's explanation drawn: the board or graph coloured by outcome, and the
    game's argument over it (its :meth:`~matchgame.BaseExplanation.marks`: the vertex
    game's matching, alternating path and answers; the edge game's parity set and
    winning move), the placement ringed. ``layout`` and ``size``: where a graph's
    vertices go and the picture's size, as for
    :func:`~matchgame.draw.graphs.analysis_scene`."""
    analysis = explanation.analysis
    graph, names = analysis.graph, analysis.names
    marks = explanation.marks()
    classes = _outcome_classes(analysis, False)
    palette, legend = _outcome_palette(False)
    legend += [(COLOURS[role], text) for role, text in marks.legend]
    style = Style(layout, size)
    scene, centres, radius = outcome_scene(graph, names, classes, palette, legend, style)
    width = max(2.0, radius / 3)
    for vertices, role, weight in marks.lines:
        points = [(float(centres[v, 0]), float(centres[v, 1])) for v in vertices]
        line_width = width if weight >= 1 else max(1.5, width * weight)
        scene.overlays.append((points, COLOURS[role], line_width))
    for v, role, share in marks.rings:
        x, y = centres[v].tolist()
        scene.circles.append((x, y, radius * share, "none", COLOURS[role]))
    return scene
