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
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape, quoteattr

import numpy as np
import numpy.typing as npt

from .analysis import Analysis
from .bunny import RecordAnalysis
from .errors import InvalidInputError
from .names import BoardCells

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
    "graph_scene",
    "placement_scene",
    "record_scene",
    "save",
    "to_png",
    "to_svg",
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
}

#: Boards with more cells than this get their cells as one embedded image in SVG.
#: Up to here the vector cells are at most this many elements (under 1 MB, drawn at
#: once by a browser) and stay sharp at any zoom; beyond, vectors cost about 60 bytes
#: a cell (120 MB at 2000x2000) while the image costs a few bits. Such boards have
#: cells under 10 pixels, too small for coordinates, so vectors would add nothing.
RASTER_ABOVE_CELLS = 10_000

_LEGEND_HEIGHT = 28
_MARGIN_CELLS_MIN = 14  # cells at least this big get coordinates
_GAP_CELLS_MIN = 6  # ... a background line between neighbours, and pieces
_MATCHING_CELLS_MIN = 5  # ... the matching (on smaller cells its bars hide the colours)
_DISC_RADIUS = 0.32  # a piece's radius, in cells


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
    polylines ``(points, colour, width)``, circles ``(cx, cy, r, fill, stroke)`` and
    texts ``(x, y, text, size, anchor)`` (anchor ``start``, ``middle`` or ``end``,
    optionally followed by ``:colour``).
    """

    width: int
    height: int
    rects: list[tuple[float, float, float, float, str]] = field(default_factory=list)
    lines: list[tuple[list[tuple[float, float]], str, float]] = field(default_factory=list)
    circles: list[tuple[float, float, float, str, str]] = field(default_factory=list)
    texts: list[tuple[float, float, str, float, str]] = field(default_factory=list)
    cells: Cells | None = None
    background: str = COLOURS["background"]
    # invisible rectangles (x, y, w, h, attributes) over cells and vertices, for a
    # page to click and a browser test to find: SVG only
    hotspots: list[tuple[float, float, float, float, dict[str, str]]] = field(default_factory=list)


def _cell_size(n_rows: int, n_cols: int) -> int:
    return int(max(2, min(40, 900 // max(n_rows, n_cols))))


def _frame(n_rows: int, n_cols: int, legend: list[tuple[str, str]]) -> tuple[Scene, int, int]:
    size = _cell_size(n_rows, n_cols)
    margin = 22 if size >= _MARGIN_CELLS_MIN else 4
    legend_width = 12 + sum(22 + 6.2 * len(label) for _, label in legend)
    width = int(max(margin + n_cols * size + 4, legend_width))
    scene = Scene(width, margin + n_rows * size + 4 + _LEGEND_HEIGHT)
    if size >= _MARGIN_CELLS_MIN:
        step = max(1, 30 // size)
        for c in range(0, n_cols, step):
            scene.texts.append((margin + (c + 0.5) * size, margin - 7, str(c + 1), 10, "middle"))
        for r in range(0, n_rows, step):
            scene.texts.append((margin - 4, margin + (r + 0.5) * size + 4, str(r + 1), 10, "end"))
    _legend(scene, legend)
    return scene, size, margin


#: Most vertices a graph picture draws; beyond, a drawing is a blot and a layout slow.
MAX_GRAPH_VERTICES = 2000


def analysis_scene(analysis: Analysis, *, matching: bool = False) -> Scene:
    """The picture of an analysis: its board (hexagonal rows for ``hex`` moves),
    or its graph."""
    if analysis.board is None:
        return graph_scene(analysis, matching=matching)
    if analysis.moves == "hex" and analysis.board.free.size <= RASTER_ABOVE_CELLS:
        return _hex_scene(analysis, matching=matching)
    return placement_scene(analysis, matching=matching)


def _outcome_legend(matching: bool) -> list[tuple[str, str]]:
    legend = [(COLOURS["placer_wins"], "placer wins"), (COLOURS["placer_loses"], "placer loses")]
    return [*legend, (COLOURS["matching"], "matching")] if matching else legend


def _legend(scene: Scene, legend: list[tuple[str, str]]) -> None:
    x = 6.0
    y = scene.height - _LEGEND_HEIGHT / 2
    for colour, label in legend:
        scene.rects.append((x, y - 6, 12, 12, colour))
        scene.texts.append((x + 16, y + 4, label, 11, "start"))
        x += 22 + 6.2 * len(label)


def _vertex_scene(
    analysis: Analysis,
    xy: npt.NDArray[np.float64],
    radius: float,
    *,
    matching: bool,
    edges: bool,
    labels: list[str] | None,
) -> Scene:
    """Vertices as discs at pixel positions ``xy``, coloured by outcome; edges and
    the matching as lines."""
    legend = _outcome_legend(matching)
    legend_width = 12 + sum(22 + 6.2 * len(label) for _, label in legend)
    width = int(max(xy[:, 0].max(initial=0) + radius + 8, legend_width))
    scene = Scene(width, int(xy[:, 1].max(initial=0) + radius + 8 + _LEGEND_HEIGHT))
    graph = analysis.graph
    if edges:
        for u, v in graph.edges().tolist():
            scene.lines.append(([tuple(xy[u]), tuple(xy[v])], COLOURS["unreachable"], 1.0))
    if matching:
        for u, v in analysis.decomposition.matching_pairs().tolist():
            scene.lines.append(([tuple(xy[u]), tuple(xy[v])], COLOURS["matching"], 3.0))
    wins = analysis.winning_mask
    key = "data-cell" if isinstance(analysis.names, BoardCells) else "data-vertex"
    for v in range(graph.n_vertices):
        scene.hotspots.append(
            (
                float(xy[v, 0] - radius),
                float(xy[v, 1] - radius),
                2 * radius,
                2 * radius,
                {key: analysis.names.text(v), "data-outcome": _outcome(bool(wins[v]))},
            )
        )
        fill = COLOURS["placer_wins"] if wins[v] else COLOURS["placer_loses"]
        scene.circles.append((float(xy[v, 0]), float(xy[v, 1]), radius, fill, COLOURS["text"]))
        if labels is not None:
            scene.texts.append(
                (float(xy[v, 0]), float(xy[v, 1]) + 4, labels[v], min(11, radius), "middle")
            )
    _legend(scene, legend)
    return scene


def _hex_scene(analysis: Analysis, *, matching: bool) -> Scene:
    """A hex board: free cells as discs, odd rows shifted right by half a cell."""
    board = analysis.board
    assert board is not None
    size = _cell_size(board.n_rows, board.n_cols + 1)
    positions = analysis.names.positions()
    assert positions is not None  # cells have places
    xy = positions * size + 6
    xy[:, 1] *= 0.9  # rows of touching hexagons sit closer than squares
    labels = None
    if size >= _MARGIN_CELLS_MIN * 2:  # "row,col": a space is lost at this size
        labels = [
            analysis.names.text(v).replace(" ", ",") for v in range(analysis.graph.n_vertices)
        ]
    scene = _vertex_scene(analysis, xy, size * 0.48, matching=matching, edges=False, labels=labels)
    return scene


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


def graph_scene(analysis: Analysis, *, matching: bool = False) -> Scene:
    """A graph: vertices coloured by who wins a placement there, edges, and
    optionally the matching; numbered (1-based) while there is room.

    Raises
    ------
    InvalidInputError
        Above :data:`MAX_GRAPH_VERTICES` vertices.
    """
    graph = analysis.graph
    if graph.n_vertices > MAX_GRAPH_VERTICES:
        raise InvalidInputError(
            f"a graph picture draws at most {MAX_GRAPH_VERTICES} vertices, this graph has "
            f"{graph.n_vertices}"
        )
    positions = analysis.names.positions()
    xy = _layout(graph) if positions is None else positions / max(positions.max(), 1)
    side = 640 if graph.n_vertices > 30 else 420
    radius = float(max(3.0, min(14.0, side / (3 * np.sqrt(max(graph.n_vertices, 1))))))
    xy = xy * side + radius + 8
    labels = None
    if radius >= 9:
        labels = [analysis.names.text(v) for v in range(graph.n_vertices)]
    return _vertex_scene(analysis, xy, radius, matching=matching, edges=True, labels=labels)


def placement_scene(analysis: Analysis, *, matching: bool = False) -> Scene:
    """The board: blocked cells, free cells coloured by who wins a placement there.

    Parameters
    ----------
    analysis : Analysis
        The solved board (an analysis of a board).
    matching : bool
        Also draw the maximum matching behind the verdicts, as bars joining matched
        cells, while cells are at least 5 pixels (boards up to 180 cells a side).

    Warns
    -----
    RenderWarning
        If the matching was asked for but the cells are too small to show it.
    """
    board = analysis.board
    if board is None:
        raise ValueError("placement_scene needs an analysis of a board")
    scene, size, margin = _frame(
        board.n_rows,
        board.n_cols,
        [
            (COLOURS["placer_wins"], "placer wins"),
            (COLOURS["placer_loses"], "placer loses"),
            (COLOURS["blocked"], "blocked"),
        ],
    )
    classes = np.full(board.shape, 2, dtype=np.uint8)
    classes[~board.free] = 0
    classes[analysis.board_mask()] = 1
    palette = {0: COLOURS["blocked"], 1: COLOURS["placer_wins"], 2: COLOURS["placer_loses"]}
    scene.cells = Cells(margin, margin, size, classes, palette)
    if board.free.size <= RASTER_ABOVE_CELLS:
        _cell_hotspots(scene, analysis, margin, margin, size)
    if matching and size < _MATCHING_CELLS_MIN:
        warnings.warn(
            f"the matching is not drawn: cells are {size} pixels, too small to show it"
            f" (it is drawn on boards up to {900 // _MATCHING_CELLS_MIN} cells a side)",
            RenderWarning,
            stacklevel=2,
        )
    elif matching:
        width = max(1.0, size / 6)
        names = analysis.names
        assert isinstance(names, BoardCells)  # a board's graph is named by cells
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


def _cell_hotspots(scene: Scene, analysis: Analysis, x0: float, y0: float, size: float) -> None:
    """``data-cell="ROW COL"`` and ``data-outcome`` over every free cell, and
    ``data-blocked="ROW COL"`` over every blocked one."""
    names = analysis.names
    assert isinstance(names, BoardCells)
    assert analysis.board is not None
    for r, c in np.argwhere(~analysis.board.free).tolist():
        scene.hotspots.append(
            (x0 + c * size, y0 + r * size, size, size, {"data-blocked": f"{r + 1} {c + 1}"})
        )
    wins = analysis.winning_mask
    for v, (r, c) in enumerate(names.cells(np.arange(names.n_vertices)).tolist()):
        attributes = {"data-cell": f"{r + 1} {c + 1}", "data-outcome": _outcome(wins[v])}
        scene.hotspots.append((x0 + c * size, y0 + r * size, size, size, attributes))


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


def record_scene(analysis: RecordAnalysis) -> Scene:
    """A Bunny-and-Egg record: pieces, the empty cell's path numbered, mistakes ringed.

    Pieces are drawn while cells are at least 6 pixels, move numbers while they are
    at least 18.
    """
    record = analysis.record
    pieces = record.board.pieces
    n_rows, n_cols = pieces.shape
    scene, size, margin = _frame(
        n_rows,
        n_cols,
        [
            (COLOURS["path"], "empty cell's path"),
            (COLOURS["mistake"], "mistake: a won position thrown away"),
        ],
    )
    classes = np.where(record.board.arena.free, 1, 2).astype(np.uint8)
    scene.cells = Cells(
        margin,
        margin,
        size,
        classes,
        {1: COLOURS["grid"], 2: COLOURS["unreachable"]},
        discs=pieces.astype(np.uint8) if size >= _GAP_CELLS_MIN else None,
        disc_colours={1: COLOURS["white_piece"], 2: COLOURS["black_piece"]},
    )
    cells = np.vstack([np.array([record.board.empty]), record.moves])  # the empty cell's walk
    centres = margin + (cells[:, ::-1] + 0.5) * size  # (x, y) per position
    er, ec = record.board.empty
    scene.rects.append((margin + ec * size, margin + er * size, size, size, COLOURS["empty"]))
    if len(cells) > 1:
        corners = [(x, y) for x, y in _turning_points(centres).tolist()]
        scene.lines.append((corners, COLOURS["path"], max(1.0, size / 8)))
    # move i hands the opponent a won position although the mover had one: a mistake
    wins = analysis.mover_wins
    mistakes = (wins[:-1] & wins[1:]).tolist()
    for x, y in centres[1:][np.flatnonzero(mistakes)].tolist():
        scene.circles.append((x, y, size * 0.45, "none", COLOURS["mistake"]))
    if size >= 18:
        for i, (x, y) in enumerate(centres[1:].tolist(), start=1):
            colour = COLOURS["mistake"] if mistakes[i - 1] else COLOURS["path"]
            corner = (x - size * 0.46, y - size * 0.2)  # top left, clear of piece and ring
            scene.texts.append((*corner, str(i), size * 0.3, "start:" + colour))
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


def to_svg(scene: Scene, *, raster: bool | None = None) -> bytes:
    """The scene as an SVG document.

    Parameters
    ----------
    scene : Scene
        What to draw.
    raster : bool, optional
        Draw the cells as one embedded PNG image (True, needs Pillow) or as vector
        shapes (False). By default an image above :data:`RASTER_ABOVE_CELLS` cells
        when Pillow is installed, else vector shapes.

    Warns
    -----
    PillowMissingWarning
        If the board is above the threshold but Pillow is missing: the SVG is drawn
        cell by cell, correct but big.
    """
    width, height = scene.width, scene.height
    parts = [
        "<?xml version='1.0' encoding='utf-8'?>\n",
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"'
        f' viewBox="0 0 {width} {height}">',
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
            f' stroke={quoteattr(stroke)} stroke-width="1.5" />'
        )
    for x, y, text, size, anchor in scene.texts:
        anchor, _, colour = anchor.partition(":")
        parts.append(
            f'<text x="{x:g}" y="{y:g}" fill={quoteattr(colour or COLOURS["text"])}'
            f' font-size="{size:g}" font-family="sans-serif" text-anchor={quoteattr(anchor)}>'
            f"{escape(text)}</text>"
        )
    for x, y, w, h, attributes in scene.hotspots:
        data = "".join(f" {key}={quoteattr(value)}" for key, value in attributes.items())
        parts.append(
            f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" fill="transparent"{data} />'
        )
    parts.append("</svg>")
    return "".join(parts).encode("utf-8")


# -- PNG --------------------------------------------------------------------------


def to_png(scene: Scene) -> bytes:
    """The scene as a PNG image (needs Pillow: ``pip install Pillow``)."""
    try:
        from PIL import Image, ImageDraw
    except ImportError as exc:
        raise RuntimeError(
            "PNG output needs Pillow: pip install Pillow (or, in a clone of matchgame, "
            'pip install ".[png]")'
        ) from exc

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
            width=2,
        )
    for x, y, text, size, anchor in scene.texts:
        anchor, _, colour = anchor.partition(":")
        pil_anchor = {"start": "ls", "middle": "ms", "end": "rs"}[anchor]
        draw.text(
            (x, y), text, fill=colour or COLOURS["text"], anchor=pil_anchor, font_size=max(8, size)
        )
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def save(scene: Scene, path: str | Path) -> None:
    """Write the scene; the file's suffix (.svg or .png) picks the format."""
    suffix = Path(path).suffix.lower()
    if suffix not in (".svg", ".png"):
        raise ValueError(f"unknown picture format {suffix!r} (use .svg or .png)")
    data = to_svg(scene) if suffix == ".svg" else to_png(scene)
    Path(path).write_bytes(data)
