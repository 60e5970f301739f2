"""The picture of an explanation: the matching it rests on, the alternating path,
the placement ringed and the answers to the opponent's first moves."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..core.graph import Graph
from ..core.names import BoardCells, VertexNames
from ..games.vertex.explain import Explanation
from .boards import (
    _board_scene,
    _cell_centres,
    _outcome_attributes,
    _outcome_classes,
    _outcome_palette,
)
from .graphs import _draws_vertices, _name_attribute, _vertex_layout, _vertex_scene
from .scene import COLOURS, Scene

__all__ = ["explain_scene"]


def outcome_scene(
    graph: Graph,
    names: VertexNames,
    classes: npt.NDArray[np.uint8],
    palette: dict[int, str],
    legend: list[tuple[str, str]],
) -> tuple[Scene, npt.NDArray[np.float64], float]:
    """A board or graph with its vertices coloured by outcome (an explanation's
    ground, the edge game's too), and where its vertices are drawn: their centres
    and radius."""
    key = _name_attribute(names)

    def attributes(v: int) -> dict[str, str]:
        return {key: names.text(v), **_outcome_attributes(classes, v, False)}

    if _draws_vertices(names):
        layout = _vertex_layout(graph)
        scene = _vertex_scene(graph, layout, classes, palette, legend, attributes)
        return scene, layout.xy, layout.radius
    assert isinstance(names, BoardCells)
    scene, size, margin = _board_scene(names, classes, palette, legend, attributes)
    return scene, _cell_centres(names, size, margin), size * 0.45


def explain_scene(explanation: Explanation) -> Scene:
    """The board or graph coloured by outcome, with the analysis' maximum matching,
    the alternating path whose flip gives one that misses the placement (when the
    placer wins), the placement ringed, and each answer to a first move drawn as a
    line from the opponent's move to the ringed reply."""
    analysis = explanation.analysis
    graph, names = analysis.graph, analysis.names
    classes = _outcome_classes(analysis, False)
    palette, legend = _outcome_palette(False)
    legend += [(COLOURS["path"], "the placement")]
    if len(explanation.path) > 1:
        legend.append((COLOURS["mistake"], "alternating path (flip it)"))
    legend.append((COLOURS["matching"], "a maximum matching"))
    replies = "answers to the first moves" if explanation.placer_wins else "the opponent's move"
    legend.append((COLOURS["better"], replies))
    scene, centres, radius = outcome_scene(graph, names, classes, palette, legend)

    def at(v: int) -> tuple[float, float]:
        x, y = centres[v].tolist()
        return (x, y)

    width = max(2.0, radius / 3)
    mate = analysis.decomposition.mate
    ends = np.flatnonzero(mate > np.arange(mate.shape[0]))
    for u in ends.tolist():
        scene.overlays.append(([at(u), at(int(mate[u]))], COLOURS["matching"], width))
    if len(explanation.path) > 1:
        points = [at(v) for v in explanation.path]
        scene.overlays.append((points, COLOURS["mistake"], max(1.5, width / 2)))
    for u, reply in explanation.replies:
        scene.overlays.append(([at(u), at(reply)], COLOURS["better"], max(1.5, width / 2)))
        x, y = at(reply)
        scene.circles.append((x, y, radius * 0.55, "none", COLOURS["better"]))
    x, y = at(explanation.vertex)
    scene.circles.append((x, y, radius, "none", COLOURS["path"]))
    return scene
