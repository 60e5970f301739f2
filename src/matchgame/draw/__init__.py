"""Pictures of boards, graphs, positions and records, as SVG (stdlib only) or PNG (Pillow).

Written once over every game's objects (an analysis, a position, an explanation, a
judged record: :mod:`matchgame.games`), split by what is drawn and how:

- what: :mod:`~matchgame.draw.boards` (placements on a grid),
  :mod:`~matchgame.draw.explain` (why a placement wins or loses, as the game argues),
  :mod:`~matchgame.draw.graphs` (graphs and small hex boards as discs),
  :mod:`~matchgame.draw.records` (positions, token-game and NOI2011 records),
  :mod:`~matchgame.draw.terminal` (boards as text for a terminal);
- where: :mod:`~matchgame.draw.layouts` (a graph's layout, NetworkX's or its file's
  coordinates, and a picture's size), :mod:`~matchgame.draw.labels` (vertex labels
  that never overlap);
- how: a :class:`~matchgame.draw.scene.Scene` written by :mod:`~matchgame.draw.svg`
  or :mod:`~matchgame.draw.png`, cells painted by :mod:`~matchgame.draw.raster`.

>>> from matchgame import analyse
>>> svg = to_svg(analysis_scene(analyse([".##", "...", "#.#"])))
>>> svg.startswith("<?xml")
True
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..core._deprecated import warn_renamed
from ..core._validate import InstanceOf, PathSuffix, validate_params
from ..core.names import BoardCells
from ..errors import InvalidTypeError
from ..games.analyses import BaseAnalysis
from ..games.explanations import BaseExplanation
from ..games.notes import WalkAnnotation
from ..games.positions import BasePosition
from .boards import placement_scene
from .explain import explain_scene
from .graphs import MAX_GRAPH_VERTICES, analysis_scene, graph_scene
from .layouts import LAYOUTS
from .png import to_png
from .records import position_scene, record_scene, walk_scene
from .scene import (
    COLOURS,
    RASTER_ABOVE_CELLS,
    Cells,
    PillowMissingWarning,
    RenderWarning,
    Scene,
    default_scale,
)
from .svg import to_svg
from .terminal import position_text

__all__ = [
    "COLOURS",
    "LAYOUTS",
    "MAX_GRAPH_VERTICES",
    "RASTER_ABOVE_CELLS",
    "Cells",
    "PillowMissingWarning",
    "RenderWarning",
    "Scene",
    "analysis_scene",
    "default_scale",
    "edge_analysis_scene",
    "edge_explain_scene",
    "explain_scene",
    "graph_scene",
    "notebook_svg",
    "placement_scene",
    "position_scene",
    "position_text",
    "record_scene",
    "save",
    "to_png",
    "to_svg",
    "walk_scene",
]


def edge_analysis_scene(analysis: Any) -> Scene:
    """Deprecated: :func:`analysis_scene` draws every game's analysis."""
    warn_renamed("draw.edge_analysis_scene", "draw.analysis_scene")
    return analysis_scene(analysis)


def edge_explain_scene(explanation: Any) -> Scene:
    """Deprecated: :func:`explain_scene` draws every game's explanation."""
    warn_renamed("draw.edge_explain_scene", "draw.explain_scene")
    return explain_scene(explanation)


@validate_params(scene=InstanceOf(Scene, "a Scene"), path=PathSuffix((".svg", ".png")))
def save(scene: Scene, path: str | Path, *, scale: float | None = None) -> None:
    """Write the scene; the file's suffix (.svg or .png, any case) picks the format."""
    suffix = Path(path).suffix.lower()
    if suffix == ".svg":
        Path(path).write_bytes(to_svg(scene, scale=scale).encode("utf-8"))
    else:
        Path(path).write_bytes(to_png(scene, scale=scale))


def notebook_svg(value: Any) -> str | None:
    """The picture Jupyter shows for any game's analysis, position or explanation, or a
    judged record (their ``_repr_svg_``); None when a graph is too big to draw
    (:data:`MAX_GRAPH_VERTICES`)."""
    if isinstance(value, BaseExplanation):
        graph = value.analysis.graph
    elif isinstance(value, WalkAnnotation):
        graph = value.record.graph
    elif isinstance(value, BaseAnalysis | BasePosition):
        graph = value.graph
    else:
        raise InvalidTypeError(f"nothing to draw for {type(value).__name__}")
    if graph.n_vertices > MAX_GRAPH_VERTICES and not isinstance(graph.names, BoardCells):
        return None
    if isinstance(value, BaseAnalysis):
        scene = analysis_scene(value)
    elif isinstance(value, BasePosition):
        scene = position_scene(value)
    elif isinstance(value, WalkAnnotation):
        scene = walk_scene(value)
    else:
        scene = explain_scene(value)
    return to_svg(scene)
