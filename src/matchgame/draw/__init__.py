"""Pictures of boards, graphs, positions and records, as SVG (stdlib only) or PNG (Pillow).

Split by what is drawn and how:

- what: :mod:`~matchgame.draw.boards` (placements on a grid),
  :mod:`~matchgame.draw.edges` (the edge game's verdicts, explanations, used edges),
  :mod:`~matchgame.draw.explain` (why a placement wins or loses),
  :mod:`~matchgame.draw.graphs` (graphs and small hex boards as discs),
  :mod:`~matchgame.draw.records` (positions, token-game and NOI2011 records),
  :mod:`~matchgame.draw.terminal` (boards as text for a terminal);
- how: a :class:`~matchgame.draw.scene.Scene` written by :mod:`~matchgame.draw.svg`
  or :mod:`~matchgame.draw.png`, cells painted by :mod:`~matchgame.draw.raster`.

>>> from matchgame import analyse
>>> svg = to_svg(analysis_scene(analyse([".##", "...", "#.#"])))
>>> svg.startswith(b"<?xml")
True
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..core._validate import InstanceOf, PathSuffix, validate_params
from ..core.names import BoardCells
from ..errors import InvalidTypeError
from ..games.bunny import RecordAnalysis
from ..games.tokens import WalkAnnotation
from ..games.vertex.analysis import Analysis
from ..games.vertex.explain import Explanation
from ..games.vertex.position import Position
from .boards import placement_scene
from .explain import explain_scene
from .graphs import MAX_GRAPH_VERTICES, analysis_scene, graph_scene
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
    """The edge game's analysis picture (:mod:`matchgame.draw.edges`, loaded only for
    the edge game)."""
    from .edges import edge_analysis_scene as scene

    return scene(analysis)


def edge_explain_scene(explanation: Any) -> Scene:
    """The edge game's explanation picture (:mod:`matchgame.draw.edges`)."""
    from .edges import edge_explain_scene as scene

    return scene(explanation)


@validate_params(scene=InstanceOf(Scene, "a Scene"), path=PathSuffix((".svg", ".png")))
def save(scene: Scene, path: str | Path, *, scale: float | None = None) -> None:
    """Write the scene; the file's suffix (.svg or .png, any case) picks the format."""
    suffix = Path(path).suffix.lower()
    data = to_svg(scene, scale=scale) if suffix == ".svg" else to_png(scene, scale=scale)
    Path(path).write_bytes(data)


def notebook_svg(value: Any) -> str | None:
    """The picture Jupyter shows for an analysis, a position or a judged record (their
    ``_repr_svg_``), or None when a graph is too big to draw
    (:data:`MAX_GRAPH_VERTICES`)."""
    if isinstance(value, RecordAnalysis):
        return to_svg(record_scene(value)).decode()
    kind = type(value).__name__
    if kind in ("EdgeAnalysis", "EdgeExplanation"):  # the edge game's (loaded: value is one)
        graph = value.graph if kind == "EdgeAnalysis" else value.analysis.graph
        if graph.n_vertices > MAX_GRAPH_VERTICES and not isinstance(graph.names, BoardCells):
            return None
        drawn = edge_analysis_scene(value) if kind == "EdgeAnalysis" else edge_explain_scene(value)
        return to_svg(drawn).decode()
    if isinstance(value, Explanation):
        graph = value.analysis.graph
    else:
        graph = value.record.graph if isinstance(value, WalkAnnotation) else value.graph
    if graph.n_vertices > MAX_GRAPH_VERTICES and not isinstance(graph.names, BoardCells):
        return None
    if isinstance(value, Analysis):
        scene = analysis_scene(value)
    elif isinstance(value, Position):
        scene = position_scene(value)
    elif isinstance(value, WalkAnnotation):
        scene = walk_scene(value)
    elif isinstance(value, Explanation):
        scene = explain_scene(value)
    else:
        raise InvalidTypeError(f"nothing to draw for {type(value).__name__}")
    return to_svg(scene).decode()
