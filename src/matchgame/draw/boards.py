"""Boards drawn as grids of cells: placements coloured by outcome (any game's), a
maximum matching as bars where the game has one."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core._validate import Boolean, plural, validate_params
from ..core.board import OF_A_BOARD
from ..core.names import BoardCells
from ..errors import InvalidInputError
from ..games.analyses import BaseAnalysis
from .layouts import SIZE
from .scene import (
    _MATCHING_CELLS_MIN,
    COLOURS,
    RASTER_ABOVE_CELLS,
    Cells,
    RenderWarning,
    Scene,
    _frame,
)

__all__ = ["placement_scene"]

# classes of vertices in an analysis picture (0 is a blocked cell)
_WIN, _LOSE, _SET_A = 1, 2, 3


def _outcome_classes(analysis: BaseAnalysis, sets: bool) -> npt.NDArray[np.uint8]:
    """Per vertex id: placer wins (D), placer loses, or with ``sets`` A apart from C."""
    classes = np.where(analysis.winning_mask, _WIN, _LOSE).astype(np.uint8)
    if sets:
        classes[_capability(analysis, "sets", "Gallai-Edmonds sets").A] = _SET_A
    return classes


def _matching_pairs(analysis: BaseAnalysis) -> npt.NDArray[np.int32]:
    """The analysis' maximum matching as id pairs (the vertex game's)."""
    pairs: npt.NDArray[np.int32] = _capability(
        analysis, "decomposition", "maximum matching"
    ).matching_pairs()
    return pairs


def _capability(analysis: BaseAnalysis, attribute: str, what: str) -> Any:
    """What only some games' analyses have (the vertex game's maximum matching and
    Gallai-Edmonds sets); one line for a game without it."""
    found = getattr(analysis, attribute, None)
    if found is None:
        title = analysis.rules.title
        raise InvalidInputError(f"{title} has no {what} to draw")
    return found


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


@validate_params(analysis=OF_A_BOARD, matching=Boolean(), sets=Boolean(), size=SIZE)
def placement_scene(
    analysis: BaseAnalysis, *, matching: bool = False, sets: bool = False, size: int | None = None
) -> Scene:
    """The board: blocked cells, free cells coloured by who wins a placement there.

    Parameters
    ----------
    analysis : BaseAnalysis
        The solved board (an analysis of a board, in any game).
    matching : bool
        Also draw the maximum matching behind the verdicts (the vertex game's), as
        bars joining matched cells, while cells are at least 5 pixels (boards up to
        180 cells a side).
    sets : bool
        Colour the Gallai-Edmonds sets: D (the placer wins), A and C (the vertex
        game's).
    size : int, optional
        The side in pixels of the square the board fits in (100 to 10,000; at least 2
        pixels a cell); by default by the board's size, enlarged on screen when small.

    Warns
    -----
    RenderWarning
        If the matching was asked for but the cells are too small to show it.
    """
    names = analysis.names
    assert isinstance(names, BoardCells)  # a board's analysis names its cells
    pairs = _matching_pairs(analysis) if matching else None
    classes = _outcome_classes(analysis, sets)
    palette, legend = _outcome_palette(sets)
    legend.append((COLOURS["blocked"], "blocked"))
    if matching:
        legend.append((COLOURS["matching"], "maximum matching"))
    scene, cell, margin = _board_scene(
        names,
        classes,
        palette,
        legend,
        lambda v: {"data-cell": names.text(v), **_outcome_attributes(classes, v, sets)},
        size,
    )
    if matching and cell < _MATCHING_CELLS_MIN:
        warnings.warn(
            f"the matching is not drawn: cells are {plural(cell, 'pixel')}, too small to show it"
            f" (it is drawn on boards up to {900 // _MATCHING_CELLS_MIN} cells a side)",
            RenderWarning,
            stacklevel=2,
        )
    elif pairs is not None:
        width = max(1.0, cell / 6)
        for (r1, c1), (r2, c2) in zip(
            names.cells(pairs[:, 0]).tolist(), names.cells(pairs[:, 1]).tolist(), strict=True
        ):
            points = [
                (margin + (c + 0.45) * cell, margin + (r + 0.45) * cell)
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
    fit: int | None = None,
) -> tuple[Scene, int, int]:
    """A board's cells coloured by their vertex's class (class 0: blocked), with the
    hooks a page clicks: ``attributes(v)`` over every free cell and ``data-blocked``
    over the others, or, on boards too big for a hook a cell, one rectangle over
    the board carrying ``data-grid="ROWS COLS"``; ``fit``: the board fits in a square
    of that many pixels."""
    n_rows, n_cols = names.shape
    scene, size, margin = _frame(n_rows, n_cols, legend, fit)
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


def _cell_centres(names: BoardCells, size: int, margin: int) -> npt.NDArray[np.float64]:
    """The (x, y) centre of every vertex's cell in a board scene of ``size``-pixel cells."""
    rc = names.cells(np.arange(names.n_vertices)).astype(np.float64)
    return margin + (rc[:, ::-1] + 0.5) * size


def _outcome(placer_wins: bool) -> str:
    """``win`` where placing the token wins for the placer, else ``lose``."""
    return "win" if placer_wins else "lose"
