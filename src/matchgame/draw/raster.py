"""Cells to pixels: the one place where a board's cells become an image (Pillow).

Shared by the PNG back end and by SVG pictures of big boards, which embed the
cells as one PNG image.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .scene import _DISC_RADIUS, COLOURS, Cells

if TYPE_CHECKING:  # Pillow is optional: imported where pixels are made
    from PIL.Image import Image as PILImage

__all__ = ["cells_image", "have_pillow"]


def cells_image(cells: Cells, background: str, *, native: bool) -> PILImage:
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


def have_pillow() -> bool:
    try:
        import PIL.Image  # noqa: F401
    except ImportError:
        return False
    return True
