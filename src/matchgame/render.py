"""Pictures of boards and game records, as SVG (stdlib only) or PNG (Pillow).

A picture is first built as a small scene (the board's cells as one array, then
rectangles, lines, circles and text on top) and then written by one of two back
ends, so SVG and PNG always agree. Cells get smaller on bigger boards;
coordinates, move numbers, pieces and the matching are drawn only while cells
are large enough to see them.

Above :data:`RASTER_ABOVE_CELLS` cells an SVG carries the cells as one embedded
PNG image, painted by the same code as the PNG back end and scaled up without
smoothing, with the marks (legend, coordinates, paths, rings) on top as vectors.
Without Pillow such an SVG falls back to vector cells and warns
(:class:`PillowMissingWarning`).
"""

from __future__ import annotations

import base64
import io
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape, quoteattr

import numpy as np
import numpy.typing as npt

from ._validate import as_int
from .analysis import Analysis
from .bunny import RecordAnalysis
from .errors import InvalidInputError
from .game import Position
from .graph import Graph
from .names import BoardCells, VertexNames
from .walks import WalkAnnotation

if TYPE_CHECKING:  # Pillow is optional: imported where pixels are made
    from PIL.Image import Image as PILImage

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
    "graph_scene",
    "placement_scene",
    "position_scene",
    "record_scene",
    "save",
    "to_png",
    "to_svg",
    "walk_scene",
]

COLOURS = {
    "blocked": "#3b3b3b",
    "placer_wins": "#7fc97f",
    "placer_loses": "#f4cccc",
    "matching": "#1f4e9a",
    "grid": "#ffffff",
    "text": "#222222",
    "background": "#ffffff",
    "white_piece": "#fafafa",
    "black_piece": "#202020",
    "unreachable": "#d9d9d9",
    "path": "#e08214",
    "mistake": "#d7191c",
    "empty": "#fff2a8",
    "set_a": "#fdb863",
    "visited": "#bdbdbd",
    "walked": "#f6d2a8",
    "free": "#f4f1ea",
    "better": "#2c7bb6",
}

#: Boards with more cells than this get their cells as one embedded image in SVG.
#: Up to here the vector cells are at most this many elements (under 1 MB, drawn at
#: once by a browser) and stay sharp at any zoom; beyond, vectors cost about 60 bytes
#: a cell (120 MB at 2000x2000) while the image costs a few bits. Such boards have
#: cells under 10 pixels, too small for coordinates, so vectors would add nothing.
RASTER_ABOVE_CELLS = 10_000

_LEGEND_ROW = 20  # pixels a line of the legend takes
_LEGEND_CHAR = 6.8  # a legend character's width at 11 px, generous so labels never touch
_MIN_WIDTH = 340  # narrower pictures would squeeze their legend into many lines
_MARGIN_CELLS_MIN = 14  # cells at least this big get coordinates
_GAP_CELLS_MIN = 6  # ... a background line between neighbours, and pieces
_MATCHING_CELLS_MIN = 5  # ... the matching (on smaller cells its bars hide the colours)
_NUMBER_CELLS_MIN = 18  # ... move numbers
_DISC_RADIUS = 0.32  # a piece's radius, in cells
_PIECE_COLOURS = {1: COLOURS["white_piece"], 2: COLOURS["black_piece"]}  # Bunny and Egg
_READABLE_WIDTH = 560  # small pictures are scaled up to about this width by default


class RenderWarning(UserWarning):
    """A picture was drawn with less than was asked for; the message says what and why."""


class PillowMissingWarning(RenderWarning):
    """A large board's SVG was drawn cell by cell (big and slow) because Pillow is missing."""


@dataclass
class Cells:
    """A board's cells: ``size``-pixel squares from ``(x, y)``, coloured by class.

    ``classes`` holds small non-negative integers, one per cell; ``colours`` maps a
    class to its fill, and cells of a class not in it are left unpainted. ``discs``
    optionally puts a round piece on cells: 0 for none, else a key of ``disc_colours``.
    """

    x: int
    y: int
    size: int
    classes: npt.NDArray[np.uint8]
    colours: dict[int, str]
    discs: npt.NDArray[np.uint8] | None = None
    disc_colours: dict[int, str] = field(default_factory=dict)

    @property
    def gap(self) -> int:
        """Pixels of background left between neighbouring cells."""
        return 1 if self.size >= _GAP_CELLS_MIN else 0


@dataclass
class Scene:
    """What a picture shows, in pixels, in drawing order.

    The background, then the cells, then rectangles ``(x, y, w, h, fill)``,
    polylines ``(points, colour, width)``, circles ``(cx, cy, r, fill, stroke)``,
    texts ``(x, y, text, size, anchor)`` (anchor ``start``, ``middle`` or ``end``,
    optionally followed by ``:colour``) and labels (texts on a white halo).
    """

    width: int
    height: int
    rects: list[tuple[float, float, float, float, str]] = field(default_factory=list)
    lines: list[tuple[list[tuple[float, float]], str, float]] = field(default_factory=list)
    circles: list[tuple[float, float, float, str, str]] = field(default_factory=list)
    texts: list[tuple[float, float, str, float, str]] = field(default_factory=list)
    cells: Cells | None = None
    background: str = COLOURS["background"]
    # texts drawn last over a white halo, legible on top of paths and rings
    labels: list[tuple[float, float, str, float, str]] = field(default_factory=list)
    # invisible rectangles (x, y, w, h, attributes) over cells and vertices, for a
    # page to click and a browser test to find: SVG only
    hotspots: list[tuple[float, float, float, float, dict[str, str]]] = field(default_factory=list)


def _cell_size(n_rows: int, n_cols: int) -> int:
    return int(max(2, min(40, 900 // max(n_rows, n_cols))))


def _legend_step(label: str) -> float:
    return 36 + _LEGEND_CHAR * len(label)


def _with_legend(body_width: float, body_height: float, legend: list[tuple[str, str]]) -> Scene:
    """A scene with room for a body of the given size and, below it, the legend
    (colour swatch, label) wrapped into as many lines as the width needs."""
    width = max(body_width, _MIN_WIDTH, *(_legend_step(label) for _, label in legend))
    lines: list[list[tuple[str, str]]] = [[]]
    x = 6.0
    for colour, label in legend:
        if lines[-1] and x + _legend_step(label) - 18 > width:
            lines.append([])
            x = 6.0
        lines[-1].append((colour, label))
        x += _legend_step(label)
    top = body_height + 6
    scene = Scene(int(np.ceil(width)), int(top + _LEGEND_ROW * len(lines) + 4))
    for i, line in enumerate(lines):
        x, y = 6.0, top + _LEGEND_ROW * (i + 0.5)
        for colour, label in line:
            if colour:  # else a note without a swatch
                scene.rects.append((x, y - 6, 12, 12, colour))
            scene.texts.append((x + 17, y + 4, label, 11, "start"))
            x += _legend_step(label)
    return scene


def _frame(n_rows: int, n_cols: int, legend: list[tuple[str, str]]) -> tuple[Scene, int, int]:
    """A board's scene: its cell size and margin, coordinates while cells are big
    enough to label, and the legend below."""
    size = _cell_size(n_rows, n_cols)
    margin = 22 if size >= _MARGIN_CELLS_MIN else 4
    scene = _with_legend(margin + n_cols * size + 4, margin + n_rows * size + 4, legend)
    if size >= _MARGIN_CELLS_MIN:
        step = max(1, 30 // size)
        for c in range(0, n_cols, step):
            scene.texts.append((margin + (c + 0.5) * size, margin - 7, str(c + 1), 10, "middle"))
        for r in range(0, n_rows, step):
            scene.texts.append((margin - 4, margin + (r + 0.5) * size + 4, str(r + 1), 10, "end"))
    return scene, size, margin


#: Most vertices a graph picture draws; beyond, a drawing is a blot and a layout slow.
MAX_GRAPH_VERTICES = 2000

# classes of vertices in an analysis picture (0 is a blocked cell)
_WIN, _LOSE, _SET_A = 1, 2, 3


def _outcome_classes(analysis: Analysis, sets: bool) -> npt.NDArray[np.uint8]:
    """Per vertex id: placer wins (D), placer loses, or with ``sets`` A apart from C."""
    classes = np.where(analysis.winning_mask, _WIN, _LOSE).astype(np.uint8)
    if sets:
        classes[analysis.sets.A] = _SET_A
    return classes


def _outcome_palette(sets: bool) -> tuple[dict[int, str], list[tuple[str, str]]]:
    """Colours of the outcome classes and their legend."""
    palette = {
        _WIN: COLOURS["placer_wins"],
        _LOSE: COLOURS["placer_loses"],
        _SET_A: COLOURS["set_a"],
    }
    if sets:
        legend = [
            (palette[_WIN], "D: placer wins (missed by some maximum matching)"),
            (palette[_SET_A], "A: next to D"),
            (palette[_LOSE], "C: the rest"),
        ]
    else:
        legend = [(palette[_WIN], "placer wins"), (palette[_LOSE], "placer loses")]
    return palette, legend


def _outcome_attributes(classes: npt.NDArray[np.uint8], v: int, sets: bool) -> dict[str, str]:
    """A vertex's hooks: ``data-outcome`` (and ``data-set`` when the sets are drawn)."""
    attributes = {"data-outcome": _outcome(classes[v] == _WIN)}
    if sets:
        attributes["data-set"] = {_WIN: "D", _SET_A: "A", _LOSE: "C"}[int(classes[v])]
    return attributes


def analysis_scene(analysis: Analysis, *, matching: bool = False, sets: bool = False) -> Scene:
    """The picture of an analysis: its board (hexagonal rows for ``hex`` moves),
    or its graph. ``sets``: colour the Gallai-Edmonds sets D, A and C."""
    if _draws_vertices(analysis.graph.names):
        return graph_scene(analysis, matching=matching, sets=sets)
    return placement_scene(analysis, matching=matching, sets=sets)


def _draws_vertices(names: VertexNames) -> bool:
    """Graphs, and hex boards small enough for a disc a cell, are drawn as vertices."""
    if not isinstance(names, BoardCells):
        return True
    return names.moves == "hex" and names.n_vertices <= RASTER_ABOVE_CELLS


def _vertex_scene(
    graph: Graph,
    layout: _Layout,
    *,
    fills: list[str],
    attributes: list[dict[str, str]],
    legend: list[tuple[str, str]],
) -> Scene:
    """Vertices as discs at the layout's pixel positions; edges as lines (graphs)."""
    xy, radius = layout.xy, layout.radius
    scene = _with_legend(
        xy[:, 0].max(initial=0) + radius + 8, xy[:, 1].max(initial=0) + radius + 8, legend
    )
    if layout.edges:
        for u, v in graph.edges().tolist():
            scene.lines.append(([tuple(xy[u]), tuple(xy[v])], COLOURS["unreachable"], 1.0))
    for v in range(graph.n_vertices):
        x, y = float(xy[v, 0]), float(xy[v, 1])
        scene.hotspots.append((x - radius, y - radius, 2 * radius, 2 * radius, attributes[v]))
        scene.circles.append((x, y, radius, fills[v], COLOURS["text"]))
        if layout.labels is not None:
            scene.texts.append((x, y + 4, layout.labels[v], min(11, radius), "middle"))
    return scene


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
        labels = [names.text(v) for v in range(graph.n_vertices)]
    return _Layout(xy, radius, labels, True)


def _layout(graph: Any) -> npt.NDArray[np.float64]:
    """Vertex positions in [0, 1]^2: NetworkX's spring layout (seeded) when NetworkX
    is installed, else a circle."""
    n = graph.n_vertices
    try:
        import networkx as nx  # type: ignore[import-untyped]
    except ImportError:
        angles = 2 * np.pi * np.arange(n) / max(n, 1)
        return np.stack([0.5 + 0.5 * np.sin(angles), 0.5 - 0.5 * np.cos(angles)], axis=1)
    nx_graph = nx.Graph()
    nx_graph.add_nodes_from(range(n))
    nx_graph.add_edges_from(graph.edges().tolist())
    layout = nx.spring_layout(nx_graph, seed=1)
    xy = np.array([layout[v] for v in range(n)], dtype=np.float64).reshape(n, 2)
    low, high = xy.min(axis=0, initial=0), xy.max(axis=0, initial=0)
    return (xy - low) / np.where(high > low, high - low, 1)


def graph_scene(analysis: Analysis, *, matching: bool = False, sets: bool = False) -> Scene:
    """A graph (or a small hex board): vertices coloured by who wins a placement
    there, edges, and optionally the matching; numbered (1-based) while there is room.

    Raises
    ------
    InvalidInputError
        Above :data:`MAX_GRAPH_VERTICES` vertices.
    """
    graph = analysis.graph
    layout = _vertex_layout(graph)
    classes = _outcome_classes(analysis, sets)
    palette, legend = _outcome_palette(sets)
    if matching:
        legend.append((COLOURS["matching"], "maximum matching"))
    key = "data-cell" if isinstance(analysis.names, BoardCells) else "data-vertex"
    attributes = [
        {key: analysis.names.text(v), **_outcome_attributes(classes, v, sets)}
        for v in range(graph.n_vertices)
    ]
    scene = _vertex_scene(
        graph,
        layout,
        fills=[palette[k] for k in classes.tolist()],
        attributes=attributes,
        legend=legend,
    )
    if matching:
        xy = layout.xy
        for u, v in analysis.decomposition.matching_pairs().tolist():
            scene.lines.append(([tuple(xy[u]), tuple(xy[v])], COLOURS["matching"], 3.0))
    return scene


def placement_scene(analysis: Analysis, *, matching: bool = False, sets: bool = False) -> Scene:
    """The board: blocked cells, free cells coloured by who wins a placement there.

    Parameters
    ----------
    analysis : Analysis
        The solved board (an analysis of a board).
    matching : bool
        Also draw the maximum matching behind the verdicts, as bars joining matched
        cells, while cells are at least 5 pixels (boards up to 180 cells a side).
    sets : bool
        Colour the Gallai-Edmonds sets: D (the placer wins), A and C.

    Warns
    -----
    RenderWarning
        If the matching was asked for but the cells are too small to show it.
    """
    names = analysis.names
    if analysis.board is None or not isinstance(names, BoardCells):
        raise ValueError("placement_scene needs an analysis of a board")
    classes = _outcome_classes(analysis, sets)
    palette, legend = _outcome_palette(sets)
    legend.append((COLOURS["blocked"], "blocked"))
    if matching:
        legend.append((COLOURS["matching"], "maximum matching"))
    scene, size, margin = _board_scene(
        names,
        classes,
        palette,
        legend,
        lambda v: {"data-cell": names.text(v), **_outcome_attributes(classes, v, sets)},
    )
    if matching and size < _MATCHING_CELLS_MIN:
        warnings.warn(
            f"the matching is not drawn: cells are {size} pixels, too small to show it"
            f" (it is drawn on boards up to {900 // _MATCHING_CELLS_MIN} cells a side)",
            RenderWarning,
            stacklevel=2,
        )
    elif matching:
        width = max(1.0, size / 6)
        pairs = analysis.decomposition.matching_pairs()
        for (r1, c1), (r2, c2) in zip(
            names.cells(pairs[:, 0]).tolist(), names.cells(pairs[:, 1]).tolist(), strict=True
        ):
            points = [
                (margin + (c + 0.45) * size, margin + (r + 0.45) * size)
                for r, c in ((r1, c1), (r2, c2))
            ]
            scene.lines.append((points, COLOURS["matching"], width))
    return scene


def _board_scene(
    names: BoardCells,
    vertex_classes: npt.NDArray[np.uint8],
    palette: dict[int, str],
    legend: list[tuple[str, str]],
    attributes: Callable[[int], dict[str, str]],
) -> tuple[Scene, int, int]:
    """A board's cells coloured by their vertex's class (class 0: blocked), with the
    hooks a page clicks: ``attributes(v)`` over every free cell and ``data-blocked``
    over the others, or, on boards too big for a hook a cell, one rectangle over
    the board carrying ``data-grid="ROWS COLS"``."""
    n_rows, n_cols = names.shape
    scene, size, margin = _frame(n_rows, n_cols, legend)
    classes = np.zeros(names.shape, dtype=np.uint8)
    cells = names.cells(np.arange(names.n_vertices))
    classes[cells[:, 0], cells[:, 1]] = vertex_classes
    scene.cells = Cells(margin, margin, size, classes, {0: COLOURS["blocked"], **palette})
    if classes.size > RASTER_ABOVE_CELLS:
        grid = {"data-grid": f"{n_rows} {n_cols}"}
        scene.hotspots.append((margin, margin, n_cols * size, n_rows * size, grid))
        return scene, size, margin
    for r, c in np.argwhere(classes == 0).tolist():
        blocked = {"data-blocked": f"{r + 1} {c + 1}"}
        scene.hotspots.append((margin + c * size, margin + r * size, size, size, blocked))
    for v, (r, c) in enumerate(cells.tolist()):
        scene.hotspots.append((margin + c * size, margin + r * size, size, size, attributes(v)))
    return scene, size, margin


# classes of vertices in a position's picture (0 is a blocked cell)
_VISITED, _FREE, _WINNING_MOVE, _LOSING_MOVE, _TOKEN = 1, 2, 3, 4, 5


def position_scene(
    position: Position,
    *,
    numbers: Mapping[int, str] | None = None,
    rings: Sequence[tuple[int, str]] = (),
    legend: Sequence[tuple[str, str]] = (),
    pieces: npt.NDArray[np.uint8] | None = None,
) -> Scene:
    """A position of the token game: visited vertices, the token and its path, and
    every legal move coloured by whether it wins for the player to move.

    Parameters
    ----------
    position : Position
        The game so far (on a board, a hex board or a graph).
    numbers : dict, optional
        Labels by vertex id, drawn at the vertex while there is room (a record's
        move numbers).
    rings : list of (vertex id, colour)
        Vertices to circle (a record's mistakes, a better move).
    legend : list of (colour, label)
        What the rings and numbers mean, added to the legend.
    pieces : array, optional
        Bunny and Egg: the pieces on the board (0 none, 1 white, 2 black), drawn on
        the cells; the token is the empty cell, and cells off the game's graph are
        pieces that can never move.

    Hooks (SVG): every vertex carries ``data-cell`` (boards) or ``data-vertex``;
    legal moves ``data-outcome="win"`` or ``"lose"`` for the player to move, the
    token ``data-token``, visited vertices ``data-visited``.
    """
    graph = position.graph
    names = graph.names
    token = position.token_id
    visited = position._visited_mask()
    classes = np.where(visited, _VISITED, _FREE).astype(np.uint8)
    legal = position._legal_ids()
    winning = np.zeros(graph.n_vertices, dtype=bool)
    winning[position._winning_ids()] = True
    classes[legal] = np.where(winning[legal], _WINNING_MOVE, _LOSING_MOVE)
    if token is not None:
        classes[token] = _TOKEN
    palette = {
        _VISITED: COLOURS["visited"],
        _FREE: COLOURS["free"],
        _WINNING_MOVE: COLOURS["placer_wins"],
        _LOSING_MOVE: COLOURS["placer_loses"],
        _TOKEN: COLOURS["empty"],
    }
    if pieces is not None:  # grey is taken: it marks the cells out of play
        palette[_VISITED] = COLOURS["walked"]
    move = "placement" if token is None else "move"
    full_legend = [
        (palette[_TOKEN], "token" if pieces is None else "the empty cell"),
        (COLOURS["path"], "its path"),
        (palette[_WINNING_MOVE], f"winning {move}"),
        (palette[_LOSING_MOVE], f"losing {move}"),
        (palette[_VISITED], "visited"),
    ]
    if pieces is not None:
        full_legend.append((COLOURS["unreachable"], "never reached by the empty cell"))
    elif isinstance(names, BoardCells):
        full_legend.append((COLOURS["blocked"], "blocked"))
    full_legend += list(legend)
    key = "data-cell" if isinstance(names, BoardCells) else "data-vertex"
    status = {
        _VISITED: {"data-visited": ""},
        _FREE: {},
        _WINNING_MOVE: {"data-outcome": "win"},
        _LOSING_MOVE: {"data-outcome": "lose"},
        _TOKEN: {"data-token": ""},
    }

    def attributes(v: int) -> dict[str, str]:
        return {key: names.text(v), **status[int(classes[v])]}

    path = position._walk_ids()
    if _draws_vertices(names):
        layout = _vertex_layout(graph)
        scene = _vertex_scene(
            graph,
            layout,
            fills=[palette[k] for k in classes.tolist()],
            attributes=[attributes(v) for v in range(graph.n_vertices)],
            legend=full_legend,
        )
        centres, radius, room = layout.xy, layout.radius, layout.radius >= 9
        path_end = layout.labels is None  # else the dot would hide the token's label
    else:
        assert isinstance(names, BoardCells)
        scene, size, margin = _board_scene(names, classes, palette, full_legend, attributes)
        if pieces is not None:
            assert scene.cells is not None
            scene.cells.colours[0] = COLOURS["unreachable"]
            if size >= _GAP_CELLS_MIN:
                scene.cells.discs = pieces.astype(np.uint8)
                scene.cells.disc_colours = _PIECE_COLOURS
        rc = names.cells(np.arange(graph.n_vertices)).astype(np.float64)
        centres = margin + (rc[:, ::-1] + 0.5) * size
        radius, room, path_end = size * 0.45, size >= _NUMBER_CELLS_MIN, True
    _mark_walk(scene, centres, path, radius, numbers if room else None, rings, path_end=path_end)
    return scene


def _mark_walk(
    scene: Scene,
    centres: npt.NDArray[np.float64],
    path: list[int],
    radius: float,
    numbers: Mapping[int, str] | None,
    rings: Sequence[tuple[int, str]],
    *,
    path_end: bool = True,
) -> None:
    """A walk over vertices drawn at ``centres``: its path, a dot where it is now
    (``path_end``), rings, and numbers at the top left of their vertex on a white halo."""
    if len(path) > 1:
        corners = [(x, y) for x, y in _turning_points(centres[path]).tolist()]
        scene.lines.append((corners, COLOURS["path"], max(1.5, radius / 4)))
    if path and path_end:
        x, y = centres[path[-1]].tolist()
        scene.circles.append((x, y, max(2.0, radius * 0.3), COLOURS["path"], COLOURS["text"]))
    for v, colour in rings:
        x, y = centres[v].tolist()
        scene.circles.append((x, y, radius, "none", colour))
    for v, text in (numbers or {}).items():
        x, y = centres[v].tolist()
        size = max(9.0, radius * 0.62)
        scene.labels.append((x - radius, y - radius * 0.45, text, size, "start:" + COLOURS["text"]))


def _outcome(placer_wins: bool) -> str:
    """``win`` where placing the token wins for the placer, else ``lose``."""
    return "win" if placer_wins else "lose"


def _turning_points(points: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """A polyline's points without those in the middle of a straight stretch (they
    draw nothing: a long record's path becomes its corners)."""
    if len(points) < 3:
        return points
    step = np.diff(points, axis=0)
    cross = step[:-1, 0] * step[1:, 1] - step[:-1, 1] * step[1:, 0]
    dot = (step[:-1] * step[1:]).sum(axis=1)
    keep = np.ones(len(points), dtype=bool)
    keep[1:-1] = (cross != 0) | (dot <= 0)
    return points[keep]


def walk_scene(annotation: WalkAnnotation, upto: int | None = None) -> Scene:
    """A token-game record after its first ``upto`` moves (all by default): the
    position, the moves numbered as ``matchgame annotate`` numbers them (1 is the
    placement), mistakes ringed, and the better move when the last one shown was
    a mistake."""
    notes = annotation.notes
    upto = len(notes) if upto is None else as_int(upto, "upto", low=0, high=len(notes))
    record = annotation.record
    names = record.graph.names
    position = Position(record.graph)
    path = record.path[:upto].tolist()
    for v in path:
        position._push_id(int(v))
    rings = [(v, COLOURS["mistake"]) for v, note in zip(path, notes, strict=False) if note.mistake]
    legend = [
        ("", "numbers: moves, 1 is the placement"),
        (COLOURS["mistake"], "mistake: a won position thrown away"),
    ]
    better = notes[upto - 1].better if upto else None
    if better is not None:
        rings.append((names.vertex(better), COLOURS["better"]))
        legend.append((COLOURS["better"], f"move {upto} should have gone here"))
    numbers = {v: str(i) for i, v in enumerate(path, start=1)}
    return position_scene(position, numbers=numbers, rings=rings, legend=legend)


def record_scene(analysis: RecordAnalysis, upto: int | None = None) -> Scene:
    """A Bunny-and-Egg record after its first ``upto`` moves (all by default):
    pieces, the empty cell's path, moves labelled by round as ``matchgame
    mistakes`` counts them (``B2``, ``E2``: Bunny's and Egg's moves of round 2),
    mistakes ringed, and the better move when the last one shown was a mistake.

    Pieces are drawn while cells are at least 6 pixels, labels while they are at
    least 18.
    """
    record = analysis.record
    n_moves = record.moves.shape[0]
    upto = n_moves if upto is None else as_int(upto, "upto", low=0, high=n_moves)
    cells = np.vstack([np.array([record.board.empty]), record.moves])  # the empty cell's walk
    pieces = record.board.pieces_after(record.moves[:upto])
    n_rows, n_cols = pieces.shape
    wins = analysis.mover_wins
    mistakes = (wins[:-1] & wins[1:])[:upto]  # move i hands a won position to the opponent
    better = analysis.winning_reply(upto - 1) if upto and mistakes[-1] else None
    legend = [
        (COLOURS["empty"], "start: the empty cell"),
        (COLOURS["path"], "empty cell's path"),
        (COLOURS["unreachable"], "never reached by the empty cell"),
        (COLOURS["mistake"], "mistake: a won position thrown away"),
        ("", "B2, E2: Bunny's and Egg's moves in round 2"),
    ]
    if better is not None:
        legend.append((COLOURS["better"], f"a winning move instead of move {upto}"))
    scene, size, margin = _frame(n_rows, n_cols, legend)
    classes = np.where(record.board.arena.free, 1, 2).astype(np.uint8)
    scene.cells = Cells(
        margin,
        margin,
        size,
        classes,
        {1: COLOURS["grid"], 2: COLOURS["unreachable"]},
        discs=pieces.astype(np.uint8) if size >= _GAP_CELLS_MIN else None,
        disc_colours=_PIECE_COLOURS,
    )
    er, ec = record.board.empty
    scene.rects.append((margin + ec * size, margin + er * size, size, size, COLOURS["empty"]))
    centres = margin + (cells[:, ::-1] + 0.5) * size  # (x, y) of each position in the walk
    # move i (0-based) ends at walk position i + 1
    rings = [(i + 1, COLOURS["mistake"]) for i in np.flatnonzero(mistakes).tolist()]
    if better is not None:
        centres = np.vstack([centres, margin + (np.array(better[::-1]) + 0.5) * size])
        rings.append((len(centres) - 1, COLOURS["better"]))
    numbers = None
    if size >= _NUMBER_CELLS_MIN:
        numbers = {i: f"{'BE'[(i - 1) % 2]}{(i + 1) // 2}" for i in range(1, upto + 1)}
    _mark_walk(scene, centres, list(range(upto + 1)), size * 0.45, numbers, rings)
    return scene


# -- cells to pixels: shared by the PNG back end and the SVG's embedded image ---------


def _cells_image(cells: Cells, background: str, *, native: bool) -> PILImage:
    """The cells painted as a palette image: the one place where cells become pixels.

    ``native``: the cells' own size in pixels (for PNG). Otherwise as few pixels as
    show everything (for SVG, which scales the image up): one per cell, unless gaps
    between cells or pieces need the cell's own pixels.
    """
    from PIL import Image, ImageColor, ImageDraw

    palette = [background]  # index 0: wherever nothing is painted

    def index(colour: str | None) -> int:
        if colour is None:
            return 0
        if colour not in palette:
            palette.append(colour)
        return palette.index(colour)

    classes = cells.classes
    n_rows, n_cols = classes.shape
    n_classes = int(classes.max(initial=0)) + 1
    fills = np.array([index(cells.colours.get(k)) for k in range(n_classes)], dtype=np.uint8)
    size, gap = cells.size, cells.gap
    if not gap and cells.discs is None:  # plain squares: one pixel a cell, scaled up
        image = Image.fromarray(fills[classes])
        if native and size > 1:
            image = image.resize((n_cols * size, n_rows * size), Image.Resampling.NEAREST)
    else:  # every cell one of a few tiles (class x piece), laid out by numpy
        discs = np.zeros_like(classes) if cells.discs is None else cells.discs
        n_discs = int(discs.max(initial=0)) + 1
        stamp = Image.new("L", (size, size), 0)  # 1: a piece's inside, 2: its outline
        centre, radius = size / 2, size * _DISC_RADIUS
        box = [centre - radius, centre - radius, centre + radius, centre + radius]
        outline = 2 if size >= 16 else 1  # a thicker one leaves small white pieces black
        ImageDraw.Draw(stamp).ellipse(box, fill=1, outline=2, width=outline)
        shape = np.asarray(stamp)
        tiles = np.empty((n_classes, n_discs, size, size), dtype=np.uint8)
        for k in range(n_classes):
            for d in range(n_discs):
                tile = tiles[k, d]
                tile[...] = fills[k]
                tile[size - gap :, :] = 0
                tile[:, size - gap :] = 0
                if d and d in cells.disc_colours:
                    tile[shape == 1] = index(cells.disc_colours[d])
                    tile[shape == 2] = index(COLOURS["text"])
        laid = tiles[classes, discs]  # (n_rows, n_cols, size, size)
        pixels = np.ascontiguousarray(laid.transpose(0, 2, 1, 3).reshape(n_rows * size, -1))
        image = Image.fromarray(pixels)
    # a palette of exactly the colours used: the PNG encoder then packs 1, 2 or 4 bits a pixel
    image.putpalette(b"".join(bytes(ImageColor.getrgb(c)[:3]) for c in palette), "RGB")
    return image


def _have_pillow() -> bool:
    try:
        import PIL.Image  # noqa: F401
    except ImportError:
        return False
    return True


# -- SVG --------------------------------------------------------------------------


def _svg_cells(cells: Cells, background: str, raster: bool | None) -> list[str]:
    if raster is None:
        raster = cells.classes.size > RASTER_ABOVE_CELLS
        if raster and not _have_pillow():
            warnings.warn(
                "Pillow is not installed, so this large board's SVG is drawn cell by cell"
                " (big and slow to show); pip install Pillow makes it compact",
                PillowMissingWarning,
                stacklevel=3,
            )
            raster = False
    if raster:
        return [_svg_image(cells, background)]
    return _svg_vector_cells(cells)


def _svg_image(cells: Cells, background: str) -> str:
    """The cells as one embedded PNG, stretched over the board without smoothing."""
    out = io.BytesIO()
    _cells_image(cells, background, native=False).save(out, format="PNG")
    data = base64.b64encode(out.getvalue()).decode("ascii")
    n_rows, n_cols = cells.classes.shape
    return (
        f'<image x="{cells.x}" y="{cells.y}" width="{n_cols * cells.size}"'
        f' height="{n_rows * cells.size}" preserveAspectRatio="none"'
        ' image-rendering="optimizeSpeed"'
        ' style="image-rendering:crisp-edges;image-rendering:pixelated"'
        f' href="data:image/png;base64,{data}" />'
    )


def _svg_vector_cells(cells: Cells) -> list[str]:
    """The cells as vector shapes. With gaps (big cells, few of them): a rectangle a
    cell. Without: the most common class painted once under the whole board, then one
    path a class whose subpaths are that class's runs along the rows."""
    classes = cells.classes
    n_rows, n_cols = classes.shape
    x0, y0, size, gap = cells.x, cells.y, cells.size, cells.gap
    fill_of = {k: quoteattr(colour) for k, colour in cells.colours.items()}
    parts = []
    if gap:
        side = size - gap
        rows, cols = np.nonzero(np.isin(classes, list(fill_of)))
        parts += [
            f'<rect x="{x}" y="{y}" width="{side}" height="{side}" fill={fill_of[k]} />'
            for x, y, k in zip(
                (x0 + cols * size).tolist(),
                (y0 + rows * size).tolist(),
                classes[rows, cols].tolist(),
                strict=True,
            )
        ]
    elif classes.size:
        common = int(np.argmax(np.bincount(classes.ravel())))
        if common in fill_of:
            parts.append(
                f'<rect x="{x0}" y="{y0}" width="{n_cols * size}" height="{n_rows * size}"'
                f" fill={fill_of[common]} />"
            )
        change = np.ones(classes.shape, dtype=bool)  # a run starts at each row's start ...
        change[:, 1:] = classes[:, 1:] != classes[:, :-1]  # ... and at each change of class
        starts = np.flatnonzero(change)
        lengths = np.diff(starts, append=classes.size)
        kinds = classes.ravel()[starts]
        for k, fill in fill_of.items():
            chosen = kinds == k
            if k == common or not chosen.any():
                continue
            rows, cols = np.divmod(starts[chosen], n_cols)
            d = "".join(
                f"M{x} {y}h{w}v{size}h-{w}z"
                for x, y, w in zip(
                    (x0 + cols * size).tolist(),
                    (y0 + rows * size).tolist(),
                    (lengths[chosen] * size).tolist(),
                    strict=True,
                )
            )
            parts.append(f'<path d="{d}" fill={fill} shape-rendering="crispEdges" />')
    if cells.discs is not None:
        radius = f"{size * _DISC_RADIUS:g}"
        stroke = quoteattr(COLOURS["text"])
        rows, cols = np.nonzero(cells.discs)
        for x, y, d in zip(
            (x0 + (cols + 0.5) * size).tolist(),
            (y0 + (rows + 0.5) * size).tolist(),
            cells.discs[rows, cols].tolist(),
            strict=True,
        ):
            if d in cells.disc_colours:
                parts.append(
                    f'<circle cx="{x:g}" cy="{y:g}" r="{radius}"'
                    f" fill={quoteattr(cells.disc_colours[d])} stroke={stroke}"
                    ' stroke-width="1.5" />'
                )
    return parts


def default_scale(scene: Scene) -> float:
    """How much a picture is enlarged by default: small ones up to about
    :data:`_READABLE_WIDTH` pixels wide (at most 3x), big ones not at all."""
    return float(min(3.0, max(1.0, _READABLE_WIDTH / max(scene.width, 1))))


def _check_scale(scale: float | None, scene: Scene) -> float:
    if scale is None:
        return default_scale(scene)
    if not isinstance(scale, int | float) or not 0.1 <= scale <= 10:
        raise InvalidInputError(f"scale must be a number from 0.1 to 10, got {scale!r}")
    return float(scale)


def to_svg(scene: Scene, *, raster: bool | None = None, scale: float | None = None) -> bytes:
    """The scene as an SVG document.

    Parameters
    ----------
    scene : Scene
        What to draw.
    raster : bool, optional
        Draw the cells as one embedded PNG image (True, needs Pillow) or as vector
        shapes (False). By default an image above :data:`RASTER_ABOVE_CELLS` cells
        when Pillow is installed, else vector shapes.
    scale : float, optional
        Size on screen relative to the scene's pixels (0.1 to 10); by default
        :func:`default_scale`. The drawing itself is the same at any scale.

    Warns
    -----
    PillowMissingWarning
        If the board is above the threshold but Pillow is missing: the SVG is drawn
        cell by cell, correct but big.
    """
    width, height = scene.width, scene.height
    factor = _check_scale(scale, scene)
    parts = [
        "<?xml version='1.0' encoding='utf-8'?>\n",
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{round(width * factor)}"'
        f' height="{round(height * factor)}" viewBox="0 0 {width} {height}">',
        f'<rect x="0" y="0" width="{width}" height="{height}"'
        f" fill={quoteattr(scene.background)} />",
    ]
    if scene.cells is not None:
        parts += _svg_cells(scene.cells, scene.background, raster)
    for x, y, w, h, fill in scene.rects:
        parts.append(
            f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" fill={quoteattr(fill)} />'
        )
    for points, colour, line_width in scene.lines:
        coordinates = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        parts.append(
            f'<polyline points="{coordinates}" fill="none" stroke={quoteattr(colour)}'
            f' stroke-width="{line_width:g}" stroke-linecap="round" stroke-linejoin="round" />'
        )
    for x, y, r, fill, stroke in scene.circles:
        parts.append(
            f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill={quoteattr(fill)}'
            f' stroke={quoteattr(stroke)} stroke-width="{_ring_width(r):g}" />'
        )
    halo = ' stroke="#ffffff" stroke-width="3" paint-order="stroke" font-weight="bold"'
    for texts, extra in ((scene.texts, ""), (scene.labels, halo)):
        for x, y, text, size, anchor in texts:
            anchor, _, colour = anchor.partition(":")
            parts.append(
                f'<text x="{x:g}" y="{y:g}" fill={quoteattr(colour or COLOURS["text"])}'
                f' font-size="{size:g}" font-family="sans-serif"'
                f" text-anchor={quoteattr(anchor)}{extra}>{escape(text)}</text>"
            )
    for x, y, w, h, attributes in scene.hotspots:
        data = "".join(f" {key}={quoteattr(value)}" for key, value in attributes.items())
        parts.append(
            f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" fill="transparent"{data} />'
        )
    parts.append("</svg>")
    return "".join(parts).encode("utf-8")


def _ring_width(radius: float) -> float:
    """Outline width of a circle: thin on pieces and small discs, bolder on big rings."""
    return 1.5 if radius < 12 else 2.5


# -- PNG --------------------------------------------------------------------------


def _scaled(scene: Scene, factor: float) -> Scene:
    """The scene enlarged by about ``factor``: exactly enough that cells stay whole pixels."""
    if scene.cells is not None:
        size = max(1, round(scene.cells.size * factor))
        factor = size / scene.cells.size
    if factor == 1:
        return scene

    def texts(items: list[tuple[float, float, str, float, str]]) -> list:
        return [(x * factor, y * factor, t, size * factor, a) for x, y, t, size, a in items]

    cells = None
    if scene.cells is not None:
        old = scene.cells
        cells = Cells(
            round(old.x * factor),
            round(old.y * factor),
            round(old.size * factor),
            old.classes,
            old.colours,
            old.discs,
            old.disc_colours,
        )
    return Scene(
        round(scene.width * factor),
        round(scene.height * factor),
        rects=[
            (x * factor, y * factor, w * factor, h * factor, f) for x, y, w, h, f in scene.rects
        ],
        lines=[
            ([(x * factor, y * factor) for x, y in points], colour, width * factor)
            for points, colour, width in scene.lines
        ],
        circles=[(x * factor, y * factor, r * factor, f, s) for x, y, r, f, s in scene.circles],
        texts=texts(scene.texts),
        cells=cells,
        background=scene.background,
        labels=texts(scene.labels),
    )


def to_png(scene: Scene, *, scale: float | None = None) -> bytes:
    """The scene as a PNG image (needs Pillow: ``pip install Pillow``); ``scale`` as
    for :func:`to_svg`."""
    try:
        from PIL import Image, ImageDraw
    except ImportError as exc:
        raise RuntimeError(
            "PNG output needs Pillow: pip install Pillow (or, in a clone of matchgame, "
            'pip install ".[png]")'
        ) from exc

    scene = _scaled(scene, _check_scale(scale, scene))
    image = Image.new("RGB", (scene.width, scene.height), scene.background)
    if scene.cells is not None:
        cells = _cells_image(scene.cells, scene.background, native=True)
        image.paste(cells.convert("RGB"), (scene.cells.x, scene.cells.y))
    draw = ImageDraw.Draw(image)
    for x, y, w, h, fill in scene.rects:
        draw.rectangle([x, y, x + w - 1, y + h - 1], fill=fill)
    for points, colour, width in scene.lines:
        draw.line(points, fill=colour, width=max(1, round(width)), joint="curve")
    for x, y, r, fill, stroke in scene.circles:
        draw.ellipse(
            [x - r, y - r, x + r, y + r],
            fill=None if fill == "none" else fill,
            outline=stroke,
            width=max(1, round(_ring_width(r))),
        )
    for texts, halo in ((scene.texts, 0), (scene.labels, 2)):
        for x, y, text, size, anchor in texts:
            anchor, _, colour = anchor.partition(":")
            pil_anchor = {"start": "ls", "middle": "ms", "end": "rs"}[anchor]
            draw.text(
                (x, y),
                text,
                fill=colour or COLOURS["text"],
                anchor=pil_anchor,
                font_size=max(8, size),
                stroke_width=halo,
                stroke_fill="#ffffff",
            )
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def save(scene: Scene, path: str | Path, *, scale: float | None = None) -> None:
    """Write the scene; the file's suffix (.svg or .png) picks the format."""
    suffix = Path(path).suffix.lower()
    if suffix not in (".svg", ".png"):
        raise ValueError(f"unknown picture format {suffix!r} (use .svg or .png)")
    data = to_svg(scene, scale=scale) if suffix == ".svg" else to_png(scene, scale=scale)
    Path(path).write_bytes(data)
