"""The PNG back end (needs Pillow: ``pip install Pillow``)."""

from __future__ import annotations

import io

from .raster import cells_image
from .scene import COLOURS, Cells, Scene, check_scale
from .svg import ring_width

__all__ = ["to_png"]


def _scaled(scene: Scene, factor: float) -> Scene:
    """The scene enlarged by about ``factor``: exactly enough that cells stay whole pixels."""
    if scene.cells is not None:
        size = max(1, round(scene.cells.size * factor))
        factor = size / scene.cells.size
    if factor == 1:
        return scene

    def texts(
        items: list[tuple[float, float, str, float, str]],
    ) -> list[tuple[float, float, str, float, str]]:
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
        overlays=[
            ([(x * factor, y * factor) for x, y in points], colour, width * factor)
            for points, colour, width in scene.overlays
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

    scene = _scaled(scene, check_scale(scale, scene))
    image = Image.new("RGB", (scene.width, scene.height), scene.background)
    if scene.cells is not None:
        cells = cells_image(scene.cells, scene.background, native=True)
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
            width=max(1, round(ring_width(r))),
        )
    for points, colour, width in scene.overlays:
        draw.line(points, fill=colour, width=max(1, round(width)), joint="curve")
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
