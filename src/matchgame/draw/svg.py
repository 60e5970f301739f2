"""The SVG back end (standard library only; big boards' cells embedded as one PNG).

Above :data:`~matchgame.draw.scene.RASTER_ABOVE_CELLS` cells an SVG carries the
cells as one embedded PNG image, painted by the same code as the PNG back end and
scaled up without smoothing, with the marks (legend, coordinates, paths, rings)
on top as vectors. Without Pillow such an SVG falls back to vector cells and
warns (:class:`~matchgame.draw.scene.PillowMissingWarning`).
"""

from __future__ import annotations

import base64
import io
import warnings
from xml.sax.saxutils import escape, quoteattr

import numpy as np

from .raster import cells_image, have_pillow
from .scene import (
    _DISC_RADIUS,
    COLOURS,
    RASTER_ABOVE_CELLS,
    Cells,
    PillowMissingWarning,
    Scene,
    check_scale,
)

__all__ = ["ring_width", "to_svg"]


def _svg_cells(cells: Cells, background: str, raster: bool | None) -> list[str]:
    if raster is None:
        raster = cells.classes.size > RASTER_ABOVE_CELLS
        if raster and not have_pillow():
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
    cells_image(cells, background, native=False).save(out, format="PNG")
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


def to_svg(scene: Scene, *, raster: bool | None = None, scale: float | None = None) -> str:
    """The scene as an SVG document, text (as Jupyter's ``_repr_svg_`` gives it;
    ``to_svg(scene).encode()`` is its UTF-8 bytes, what :func:`~matchgame.draw.save`
    writes).

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
    factor = check_scale(scale, scene)
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
    parts += _polylines(scene.lines)
    for x, y, r, fill, stroke in scene.circles:
        parts.append(
            f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill={quoteattr(fill)}'
            f' stroke={quoteattr(stroke)} stroke-width="{ring_width(r):g}" />'
        )
    parts += _polylines(scene.overlays)
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
    return "".join(parts)


def _polylines(lines: list[tuple[list[tuple[float, float]], str, float]]) -> list[str]:
    parts = []
    for points, colour, line_width in lines:
        coordinates = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        parts.append(
            f'<polyline points="{coordinates}" fill="none" stroke={quoteattr(colour)}'
            f' stroke-width="{line_width:g}" stroke-linecap="round" stroke-linejoin="round" />'
        )
    return parts


def ring_width(radius: float) -> float:
    """Outline width of a circle: thin on pieces and small discs, bolder on big rings."""
    return 1.5 if radius < 12 else 2.5
