"""The edge game's pictures: who wins a placement (as the vertex game's, from the
edge game's verdicts), why (the parity set S, or the winning move and T), and
positions and records with their used edges drawn as used.

Imported only for the edge game (a picture of the vertex game does not load it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import numpy as np
import numpy.typing as npt

from .boards import _outcome_classes, _outcome_palette
from .explain import outcome_scene
from .graphs import analysis_scene
from .scene import COLOURS, Scene

if TYPE_CHECKING:
    from ..games.edge.analysis import EdgeAnalysis
    from ..games.edge.explain import EdgeExplanation

__all__ = ["USED_EDGE", "edge_analysis_scene", "edge_explain_scene", "mark_used_edges"]

USED_EDGE = "#5e3c99"
"""The colour of a used edge."""


def edge_analysis_scene(analysis: EdgeAnalysis) -> Scene:
    """The board or graph coloured by who wins a placement in the edge game."""
    return analysis_scene(cast(Any, analysis))  # reads only the verdicts and the names


def edge_explain_scene(explanation: EdgeExplanation) -> Scene:
    """The board or graph coloured by outcome, the placement ringed, the parity set
    (S, or T) ringed, and the opponent's winning move drawn as a line."""
    analysis = explanation.analysis
    graph, names = analysis.graph, analysis.names
    classes = _outcome_classes(cast(Any, analysis), False)
    palette, legend = _outcome_palette(False)
    legend.append((COLOURS["path"], "the placement"))
    if explanation.parity_set:
        what = (
            "S: every vertex has an even number of edges into it"
            if explanation.placer_wins
            else "T: the winning move's set"
        )
        legend.append((COLOURS["better"], what))
    if explanation.move is not None:
        legend.append((COLOURS["mistake"], "the opponent's winning move"))
    scene, centres, radius = outcome_scene(graph, names, classes, palette, legend)
    width = max(2.0, radius / 3)
    for v in explanation.parity_set:
        x, y = centres[v].tolist()
        scene.circles.append((x, y, radius * 0.6, "none", COLOURS["better"]))
    if explanation.move is not None:
        points = [
            tuple(centres[explanation.vertex].tolist()),
            tuple(centres[explanation.move].tolist()),
        ]
        scene.overlays.append((cast(Any, points), COLOURS["mistake"], width))
    x, y = centres[explanation.vertex].tolist()
    scene.circles.append((x, y, radius, "none", COLOURS["path"]))
    return scene


def mark_used_edges(
    scene: Scene,
    centres: npt.NDArray[np.float64],
    used: list[tuple[int, int]],
    radius: float,
) -> None:
    """Each used edge (vertex ids) as a line above the vertices, a used self-loop as
    a ring; an edge used twice is drawn twice (the same line)."""
    width = max(1.0, radius / 8)  # thinner than the path, which stays visible
    for u, v in used:
        if u == v:
            x, y = centres[u].tolist()
            scene.circles.append((x, y, radius * 0.8, "none", USED_EDGE))
            continue
        points = [tuple(centres[u].tolist()), tuple(centres[v].tolist())]
        scene.overlays.append((cast(Any, points), USED_EDGE, width))
