"""Vertex labels that stay legible: in the disc where they fit, beside it (on a white
halo) where they do not, never over another label or another vertex, and none at
all where the vertices are closer than a label is tall.

A label goes in its vertex's disc when the disc is big enough for its text (short
numbers on small graphs). Otherwise it goes beside the disc: to the right, the left,
below or above, the first of these that stays in the picture and overlaps no label
placed before and no other vertex's disc. Vertices are labelled in order of degree
(the hubs first), so where labels would crowd the ones left out are the leaves'.
When the vertices are on average closer to their nearest neighbour than
:data:`HIDE_BELOW` label heights no label is tried: the picture says so in its
legend, as it says how many labels were left out.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from ..core._validate import plural

__all__ = ["FONT", "HIDE_BELOW", "Labels", "mean_spacing", "place_labels"]

FONT = 11
"""A label's font size beside its vertex, in pixels (its height)."""

HIDE_BELOW = 1.5
"""Labels are hidden when the mean distance from a vertex to its nearest neighbour is
below this many label heights (:data:`FONT`)."""

_CHAR = 0.62  # a bold sans-serif character's width, in font sizes (generous)
_GAP = 2.0  # pixels between a disc and its label
_CELL = 64.0  # the side of the grid's cells that find what a box might overlap
_INSIDE_MIN_RADIUS = 9  # smaller discs hold no text


@dataclass
class Labels:
    """Where the labels go: ``inside`` their disc (``(x, y, text, size)``), ``beside``
    it (``(x, y, text, size, anchor)``, drawn on a halo), and what the legend says of
    the labels left out (None when every vertex is labelled)."""

    inside: list[tuple[float, float, str, float]] = field(default_factory=list)
    beside: list[tuple[float, float, str, float, str]] = field(default_factory=list)
    note: str | None = None

    @property
    def drawn(self) -> int:
        """How many vertices got their label."""
        return len(self.inside) + len(self.beside)


def mean_spacing(xy: npt.NDArray[np.float64]) -> float:
    """The mean distance from a point to its nearest other point (infinite for fewer
    than two points), a block of rows at a time.

    >>> mean_spacing(np.array([[0.0, 0.0], [3.0, 4.0], [3.0, 5.0]]))
    2.333...
    """
    n = xy.shape[0]
    if n < 2:
        return float("inf")
    nearest = np.empty(n)
    step = max(1, (1 << 20) // n)
    for start in range(0, n, step):
        block = xy[start : start + step]
        squared = ((block[:, None, :] - xy[None, :, :]) ** 2).sum(axis=2)
        squared[np.arange(block.shape[0]), np.arange(start, start + block.shape[0])] = np.inf
        nearest[start : start + step] = np.sqrt(squared.min(axis=1))
    return float(nearest.mean())


def place_labels(
    xy: npt.NDArray[np.float64],
    radius: float,
    texts: Sequence[str],
    degrees: npt.NDArray[np.int64],
    width: float,
    height: float,
) -> Labels:
    """The labels of vertices drawn as discs of ``radius`` at ``xy`` in a picture of
    ``width`` by ``height`` pixels (see the module docstring); ``degrees`` orders them.

    >>> xy = np.array([[20.0, 20.0], [60.0, 20.0]])
    >>> placed = place_labels(xy, 12, ["1", "Valjean"], np.array([1, 1]), 200, 40)
    >>> placed.inside, placed.beside, placed.note
    ([(20.0, 24.0, '1', 11)], [(74.0, 24.0, 'Valjean', 11, 'start')], None)
    """
    n = len(texts)
    placed = Labels()
    if n == 0:
        return placed
    if mean_spacing(xy) < HIDE_BELOW * FONT:
        placed.note = "labels hidden: the vertices are closer than a label is tall"
        return placed
    inside_font = min(FONT, radius)
    discs, taken = _Boxes(), _Boxes()  # the discs, and the labels placed so far
    for x, y in xy.tolist():
        discs.add((x - radius, y - radius, x + radius, y + radius))
    left_out = 0
    for v in np.argsort(-degrees, kind="stable").tolist():
        text = texts[v]
        x, y = float(xy[v, 0]), float(xy[v, 1])
        half = _CHAR * inside_font * len(text) / 2
        if radius >= _INSIDE_MIN_RADIUS and half <= 0.9 * radius:
            box = (x - half, y - inside_font / 2, x + half, y + inside_font / 2)
            if not taken.overlaps(box):  # discs that overlap would mix their texts
                taken.add(box)
                placed.inside.append((x, y + 4, text, inside_font))
                continue
        spot = _free_spot(x, y, radius, _CHAR * FONT * len(text), width, height, discs, taken)
        if spot is None:
            left_out += 1
            continue
        box, (at_x, at_y, side) = spot
        taken.add(box)
        placed.beside.append((at_x, at_y, text, FONT, _ANCHORS[side]))
    if left_out:
        placed.note = f"{left_out} of {plural(n, 'label')} left out where they would overlap"
    return placed


_ANCHORS = {"right": "start", "left": "end", "below": "middle", "above": "middle"}


def _free_spot(
    x: float,
    y: float,
    radius: float,
    text_width: float,
    width: float,
    height: float,
    discs: _Boxes,
    taken: _Boxes,
) -> tuple[tuple[float, float, float, float], tuple[float, float, str]] | None:
    """The first place beside the disc at ``(x, y)`` for a label ``text_width`` wide that
    stays in the picture and overlaps no disc and no label ``taken``: its box and its
    anchor point."""
    half = FONT / 2
    reach = radius + _GAP
    for side in ("right", "left", "below", "above"):
        if side == "right":
            box = (x + reach, y - half, x + reach + text_width, y + half)
        elif side == "left":
            box = (x - reach - text_width, y - half, x - reach, y + half)
        elif side == "below":
            box = (x - text_width / 2, y + reach, x + text_width / 2, y + reach + FONT)
        else:
            box = (x - text_width / 2, y - reach - FONT, x + text_width / 2, y - reach)
        if box[0] < 1 or box[1] < 1 or box[2] > width - 1 or box[3] > height - 1:
            continue
        if discs.overlaps(box) or taken.overlaps(box):
            continue
        anchor_x = {"right": box[0], "left": box[2]}.get(side, x)
        return box, (anchor_x, box[3] - 1.5, side)  # the baseline: centred beside the disc
    return None


class _Boxes:
    """Rectangles ``(x0, y0, x1, y1)``, found by the grid cells they cover."""

    def __init__(self) -> None:
        self.cells: defaultdict[tuple[int, int], list[tuple[float, float, float, float]]] = (
            defaultdict(list)
        )

    def _cells(self, box: tuple[float, float, float, float]) -> list[tuple[int, int]]:
        x0, y0, x1, y1 = (int(value // _CELL) for value in box)
        return [(i, j) for i in range(x0, x1 + 1) for j in range(y0, y1 + 1)]

    def add(self, box: tuple[float, float, float, float]) -> None:
        for cell in self._cells(box):
            self.cells[cell].append(box)

    def overlaps(self, box: tuple[float, float, float, float]) -> bool:
        x0, y0, x1, y1 = box
        for cell in self._cells(box):
            for a0, b0, a1, b1 in self.cells.get(cell, ()):
                if a0 < x1 and x0 < a1 and b0 < y1 and y0 < b1:
                    return True
        return False
