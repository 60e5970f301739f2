"""Pictures of boards and game records, as SVG (stdlib only) or PNG (Pillow).

A picture is first built as a small scene (rectangles, lines, circles, text)
and then written by one of two back ends, so SVG and PNG always agree.
Cells get smaller on bigger boards; coordinates and move numbers are drawn
only while cells are large enough to read them.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .analysis import Analysis
from .bunny import RecordAnalysis
from .errors import InvalidInputError
from .names import BoardCells

__all__ = ["COLOURS", "Scene", "analysis_scene", "placement_scene", "record_scene", "save"]

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

_LEGEND_HEIGHT = 28
_MARGIN_CELLS_MIN = 14  # cells at least this big get coordinates


@dataclass
class Scene:
    width: int
    height: int
    rects: list[tuple[float, float, float, float, str]] = field(default_factory=list)
    lines: list[tuple[list[tuple[float, float]], str, float]] = field(default_factory=list)
    circles: list[tuple[float, float, float, str, str]] = field(default_factory=list)
    texts: list[tuple[float, float, str, float, str]] = field(default_factory=list)


def _cell_size(n_rows: int, n_cols: int) -> int:
    return int(max(2, min(40, 900 // max(n_rows, n_cols))))


def _frame(n_rows: int, n_cols: int, legend: list[tuple[str, str]]) -> tuple[Scene, int, int]:
    size = _cell_size(n_rows, n_cols)
    margin = 22 if size >= _MARGIN_CELLS_MIN else 4
    legend_width = 12 + sum(22 + 6.2 * len(label) for _, label in legend)
    width = int(max(margin + n_cols * size + 4, legend_width))
    scene = Scene(width, margin + n_rows * size + 4 + _LEGEND_HEIGHT)
    scene.rects.append((0, 0, scene.width, scene.height, COLOURS["background"]))
    if size >= _MARGIN_CELLS_MIN:
        step = max(1, 30 // size)
        for c in range(0, n_cols, step):
            scene.texts.append((margin + (c + 0.5) * size, margin - 7, str(c + 1), 10, "middle"))
        for r in range(0, n_rows, step):
            scene.texts.append((margin - 4, margin + (r + 0.5) * size + 4, str(r + 1), 10, "end"))
    x = 6.0
    y = scene.height - _LEGEND_HEIGHT / 2
    for colour, label in legend:
        scene.rects.append((x, y - 6, 12, 12, colour))
        scene.texts.append((x + 16, y + 4, label, 11, "start"))
        x += 22 + 6.2 * len(label)
    return scene, size, margin


def _runs(scene: Scene, classes: np.ndarray, palette: dict[int, str], size: int, margin: int):
    """Cells as rectangles. Small cells are drawn without gaps: the board is painted
    in its most common class once, then one rectangle per run of any other class."""
    gap = 1 if size >= 6 else 0
    background = None
    if not gap:
        values, counts = np.unique(classes, return_counts=True)
        background = int(values[np.argmax(counts)])
        n_rows, n_cols = classes.shape
        scene.rects.append((margin, margin, n_cols * size, n_rows * size, palette[background]))
    for r, row in enumerate(classes):
        starts = np.flatnonzero(np.concatenate([[True], row[1:] != row[:-1]]))
        ends = np.concatenate([starts[1:], [row.size]])
        for s, e in zip(starts.tolist(), ends.tolist(), strict=True):
            colour = palette.get(int(row[s]))
            if colour is None or int(row[s]) == background:
                continue
            if gap:
                for c in range(s, e):
                    scene.rects.append(
                        (margin + c * size, margin + r * size, size - gap, size - gap, colour)
                    )
            else:
                scene.rects.append(
                    (margin + s * size, margin + r * size, (e - s) * size, size, colour)
                )


def analysis_scene(analysis: Analysis, *, matching: bool = False) -> Scene:
    """The picture of an analysis: its board, or its graph."""
    if analysis.board is None:
        raise InvalidInputError("drawing graphs needs a board for now (render a board)")
    return placement_scene(analysis, matching=matching)


def placement_scene(analysis: Analysis, *, matching: bool = False) -> Scene:
    """The board: blocked cells, free cells coloured by who wins a placement there."""
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
    classes = np.where(board.free, np.where(analysis.board_mask(), 1, 2), 0)
    palette = {0: COLOURS["blocked"], 1: COLOURS["placer_wins"], 2: COLOURS["placer_loses"]}
    _runs(scene, classes, palette, size, margin)
    if matching:
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


def record_scene(analysis: RecordAnalysis) -> Scene:
    """A Bunny-and-Egg record: pieces, the empty cell's path numbered, mistakes ringed."""
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
    arena = record.board.arena.free
    classes = np.where(arena, 1, 2)
    _runs(scene, classes, {1: COLOURS["grid"], 2: COLOURS["unreachable"]}, size, margin)
    if size >= 6:
        radius = size * 0.32
        for (r, c), piece in np.ndenumerate(pieces):
            if piece:
                fill = COLOURS["white_piece"] if piece == 1 else COLOURS["black_piece"]
                centre = (margin + (c + 0.5) * size, margin + (r + 0.5) * size)
                scene.circles.append((*centre, radius, fill, COLOURS["text"]))
    cells = [record.board.empty, *map(tuple, record.moves.tolist())]
    points = [(margin + (c + 0.5) * size, margin + (r + 0.5) * size) for r, c in cells]
    er, ec = record.board.empty
    scene.rects.append((margin + ec * size, margin + er * size, size, size, COLOURS["empty"]))
    if len(points) > 1:
        scene.lines.append((points, COLOURS["path"], max(1.0, size / 8)))
    notes = analysis.annotations()
    for note in notes:
        if note.mistake:
            r, c = note.cell
            centre = (margin + (c + 0.5) * size, margin + (r + 0.5) * size)
            scene.circles.append((*centre, size * 0.45, "none", COLOURS["mistake"]))
    if size >= 18:
        for i, (x, y) in enumerate(points[1:], start=1):
            colour = COLOURS["mistake"] if notes[i - 1].mistake else COLOURS["path"]
            corner = (x - size * 0.46, y - size * 0.2)  # top left, clear of piece and ring
            scene.texts.append((*corner, str(i), size * 0.3, "start:" + colour))
    return scene


def to_svg(scene: Scene) -> bytes:
    """The scene as an SVG document."""
    svg = ET.Element(
        "svg",
        xmlns="http://www.w3.org/2000/svg",
        width=str(scene.width),
        height=str(scene.height),
        viewBox=f"0 0 {scene.width} {scene.height}",
    )
    for x, y, w, h, fill in scene.rects:
        ET.SubElement(
            svg, "rect", x=f"{x:g}", y=f"{y:g}", width=f"{w:g}", height=f"{h:g}", fill=fill
        )
    for points, colour, width in scene.lines:
        ET.SubElement(
            svg,
            "polyline",
            points=" ".join(f"{x:.1f},{y:.1f}" for x, y in points),
            fill="none",
            stroke=colour,
            attrib={
                "stroke-width": f"{width:g}",
                "stroke-linecap": "round",
                "stroke-linejoin": "round",
            },
        )
    for x, y, r, fill, stroke in scene.circles:
        ET.SubElement(
            svg,
            "circle",
            cx=f"{x:g}",
            cy=f"{y:g}",
            r=f"{r:g}",
            fill=fill,
            stroke=stroke,
            attrib={"stroke-width": "1.5"},
        )
    for x, y, text, size, anchor in scene.texts:
        anchor, _, colour = anchor.partition(":")
        element = ET.SubElement(
            svg,
            "text",
            x=f"{x:g}",
            y=f"{y:g}",
            fill=colour or COLOURS["text"],
            attrib={"font-size": f"{size:g}", "font-family": "sans-serif", "text-anchor": anchor},
        )
        element.text = text
    return ET.tostring(svg, xml_declaration=True, encoding="utf-8")


def to_png(scene: Scene) -> bytes:
    """The scene as a PNG image (needs Pillow: ``pip install 'matchgame[png]'``)."""
    try:
        from PIL import Image, ImageDraw
    except ImportError as exc:
        raise RuntimeError("PNG output needs Pillow: pip install 'matchgame[png]'") from exc
    import io

    image = Image.new("RGB", (scene.width, scene.height), COLOURS["background"])
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
