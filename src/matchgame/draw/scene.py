"""What a picture shows, before it is written: scenes, cells, colours, the legend.

A picture is first built as a small :class:`Scene` (the board's cells as one
array, then rectangles, lines, circles and text on top) and then written by one
of the back ends (:mod:`~matchgame.draw.svg`, :mod:`~matchgame.draw.png`), so SVG
and PNG always agree. Cells get smaller on bigger boards; coordinates, move
numbers, pieces and the matching are drawn only while cells are large enough to
see them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from ..errors import InvalidInputError

__all__ = [
    "COLOURS",
    "RASTER_ABOVE_CELLS",
    "Cells",
    "PillowMissingWarning",
    "RenderWarning",
    "Scene",
    "check_scale",
    "default_scale",
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
    overlays (polylines above the circles: a matching over touching discs), texts
    ``(x, y, text, size, anchor)`` (anchor ``start``, ``middle`` or ``end``,
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
    overlays: list[tuple[list[tuple[float, float]], str, float]] = field(default_factory=list)
    # invisible rectangles (x, y, w, h, attributes) over cells and vertices, for a
    # page to click and a browser test to find: SVG only
    hotspots: list[tuple[float, float, float, float, dict[str, str]]] = field(default_factory=list)
    # drawn at a size asked for (size=, --size): its pixels are the picture's, not enlarged
    sized: bool = False


def _cell_size(n_rows: int, n_cols: int, size: int | None = None) -> int:
    """A board's cell side in pixels: by the board's size (at most 40), or so that the
    board and its margin fit in ``size`` pixels (at least 2 a cell)."""
    longest = max(n_rows, n_cols, 1)
    if size is None:
        return int(max(2, min(40, 900 // longest)))
    cell = (size - 26) // longest  # 22 pixels of coordinates on the left and top
    if cell < _MARGIN_CELLS_MIN:  # no coordinates: a margin of 4
        cell = (size - 8) // longest
    return int(max(2, cell))


def _legend_step(label: str) -> float:
    return 36 + _LEGEND_CHAR * len(label)


def _with_legend(
    body_width: float, body_height: float, legend: list[tuple[str, str]], *, sized: bool = False
) -> Scene:
    """A scene with room for a body of the given size and, below it, the legend
    (colour swatch, label) wrapped into as many lines as the width needs; ``sized``:
    the body's width is the one asked for, which only a legend line wider than it
    widens (else pictures are at least :data:`_MIN_WIDTH` wide)."""
    least = 0 if sized else _MIN_WIDTH
    width = max(body_width, least, *(_legend_step(label) for _, label in legend))
    lines: list[list[tuple[str, str]]] = [[]]
    x = 6.0
    for colour, label in legend:
        if lines[-1] and x + _legend_step(label) - 18 > width:
            lines.append([])
            x = 6.0
        lines[-1].append((colour, label))
        x += _legend_step(label)
    top = body_height + 6
    scene = Scene(int(np.ceil(width)), int(top + _LEGEND_ROW * len(lines) + 4), sized=sized)
    for i, line in enumerate(lines):
        x, y = 6.0, top + _LEGEND_ROW * (i + 0.5)
        for colour, label in line:
            if colour:  # else a note without a swatch
                scene.rects.append((x, y - 6, 12, 12, colour))
            scene.texts.append((x + 17, y + 4, label, 11, "start"))
            x += _legend_step(label)
    return scene


def _frame(
    n_rows: int, n_cols: int, legend: list[tuple[str, str]], fit: int | None = None
) -> tuple[Scene, int, int]:
    """A board's scene: its cell size and margin, coordinates while cells are big
    enough to label, and the legend below; ``fit``: the board fits in a square of that
    many pixels (see :func:`_cell_size`)."""
    size = _cell_size(n_rows, n_cols, fit)
    margin = 22 if size >= _MARGIN_CELLS_MIN else 4
    scene = _with_legend(
        margin + n_cols * size + 4, margin + n_rows * size + 4, legend, sized=fit is not None
    )
    if size >= _MARGIN_CELLS_MIN:
        step = max(1, 30 // size)
        for c in range(0, n_cols, step):
            scene.texts.append((margin + (c + 0.5) * size, margin - 7, str(c + 1), 10, "middle"))
        for r in range(0, n_rows, step):
            scene.texts.append((margin - 4, margin + (r + 0.5) * size + 4, str(r + 1), 10, "end"))
    return scene, size, margin


def default_scale(scene: Scene) -> float:
    """How much a picture is enlarged by default: small ones up to about
    :data:`_READABLE_WIDTH` pixels wide (at most 3x), big ones and those drawn at a
    size asked for not at all."""
    if scene.sized:
        return 1.0
    return float(min(3.0, max(1.0, _READABLE_WIDTH / max(scene.width, 1))))


def check_scale(scale: float | None, scene: Scene) -> float:
    if scale is None:
        return default_scale(scene)
    if not isinstance(scale, int | float) or not 0.1 <= scale <= 10:
        raise InvalidInputError(f"scale must be a number from 0.1 to 10, got {scale!r}")
    return float(scale)
