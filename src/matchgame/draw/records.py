"""Positions and records drawn: the token's path, legal moves by outcome, mistakes ringed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from ..core._validate import as_int
from ..core.names import BoardCells
from ..games.notes import WalkAnnotation
from ..games.positions import BasePosition
from .boards import _board_scene, _cell_centres
from .graphs import _draws_vertices, _name_attribute, _vertex_layout, _vertex_scene
from .layouts import LAYOUT, SIZE, Style
from .scene import (
    _GAP_CELLS_MIN,
    _NUMBER_CELLS_MIN,
    _PIECE_COLOURS,
    COLOURS,
    Cells,
    Scene,
    _frame,
)

if TYPE_CHECKING:
    from ..games.vertex.mistakes import RecordAnalysis

__all__ = ["USED_EDGE", "mark_used_edges", "position_scene", "record_scene", "walk_scene"]

USED_EDGE = "#5e3c99"
"""The colour of a used edge (the games whose moves use up edges)."""

# classes of vertices in a position's picture (0 is a blocked cell)
_VISITED, _FREE, _WINNING_MOVE, _LOSING_MOVE, _TOKEN = 1, 2, 3, 4, 5


def position_scene(
    position: BasePosition,
    *,
    numbers: Mapping[int, str] | None = None,
    rings: Sequence[tuple[int, str]] = (),
    legend: Sequence[tuple[str, str]] = (),
    pieces: npt.NDArray[np.uint8] | None = None,
    layout: str = "auto",
    size: int | None = None,
) -> Scene:
    """A position of the token game: visited vertices, the token and its path, and
    every legal move coloured by whether it wins for the player to move.

    Parameters
    ----------
    position : BasePosition
        The game so far, any game's (on a board, a hex board or a graph).
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
    layout : str
        Where a graph's vertices go (see :mod:`matchgame.draw.layouts`).
    size : int, optional
        The side in pixels of the square the drawing fits in.

    Hooks (SVG): every vertex carries ``data-cell`` (boards) or ``data-vertex``;
    legal moves ``data-outcome="win"`` or ``"lose"`` for the player to move, the
    token ``data-token``, visited vertices ``data-visited``.
    """
    style = Style(LAYOUT.check(layout, "layout"), SIZE.check(size, "size"))
    graph = position.graph
    names = graph.names
    token = position.token_id
    visited = position.visited_mask()
    classes = np.where(visited, _VISITED, _FREE).astype(np.uint8)
    legal = position.move_targets(position.legal_move_ids())  # where the moves go
    winning = np.zeros(graph.n_vertices, dtype=bool)
    winning[position.move_targets(position.winning_move_ids())] = True
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
    comes_back = position.rules.moves_per_edge  # the token may come back
    used = position.used_edge_ids()
    if comes_back:  # vertices may be visited again: what is used up is edges
        full_legend = [item for item in full_legend if item[1] != "visited"]
        full_legend.append((USED_EDGE, "used edge"))
    full_legend += list(legend)
    key = _name_attribute(names)
    status = {
        _VISITED: {"data-visited": ""},
        _FREE: {},
        _WINNING_MOVE: {"data-outcome": "win"},
        _LOSING_MOVE: {"data-outcome": "lose"},
        _TOKEN: {"data-token": ""},
    }

    def attributes(v: int) -> dict[str, str]:
        return {key: names.text(v), **status[int(classes[v])]}

    path = position.walk_ids()
    if _draws_vertices(names):
        drawn = _vertex_layout(graph, style)
        scene = _vertex_scene(graph, drawn, classes, palette, full_legend, attributes)
        centres, radius, room = drawn.xy, drawn.radius, drawn.radius >= 9
        path_end = not drawn.labels.inside  # else the dot would hide the token's label
    else:
        assert isinstance(names, BoardCells)
        style.refuse_layout("a board")
        scene, cell, margin = _board_scene(
            names, classes, palette, full_legend, attributes, style.size
        )
        if pieces is not None:
            assert scene.cells is not None
            scene.cells.colours[0] = COLOURS["unreachable"]
            if cell >= _GAP_CELLS_MIN:
                scene.cells.discs = pieces.astype(np.uint8)
                scene.cells.disc_colours = _PIECE_COLOURS
        centres = _cell_centres(names, cell, margin)
        radius, room, path_end = cell * 0.45, cell >= _NUMBER_CELLS_MIN, True
    _mark_walk(scene, centres, path, radius, numbers if room else None, rings, path_end=path_end)
    if used:
        mark_used_edges(scene, centres, used, radius)
    return scene


def mark_used_edges(
    scene: Scene,
    centres: npt.NDArray[np.float64],
    used: list[tuple[int, int]],
    radius: float,
) -> None:
    """Each used edge (vertex ids) as a line above the vertices, a used self-loop as
    a ring; an edge used twice is drawn twice (the same line)."""
    width = max(1.0, radius / 8)  # thinner than the path, which stays visible
    for u, v in used:
        if u == v:
            x, y = centres[u].tolist()
            scene.circles.append((x, y, radius * 0.8, "none", USED_EDGE))
            continue
        points = [
            (float(centres[u, 0]), float(centres[u, 1])),
            (float(centres[v, 0]), float(centres[v, 1])),
        ]
        scene.overlays.append((points, USED_EDGE, width))


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


def walk_scene(
    annotation: WalkAnnotation,
    upto: int | None = None,
    *,
    layout: str = "auto",
    size: int | None = None,
) -> Scene:
    """A token-game record after its first ``upto`` moves (all by default): the
    position, the moves numbered as ``matchgame annotate`` numbers them (1 is the
    placement), mistakes ringed, and the better move when the last one shown was
    a mistake; ``layout`` and ``size`` as for :func:`position_scene`."""
    notes = annotation.notes
    upto = len(notes) if upto is None else as_int(upto, "upto", low=0, high=len(notes))
    record = annotation.record
    names = record.graph.names
    position = record.position(0)  # the record's game (an edge game's keeps its multigraph)
    for move in record.path[:upto].tolist():
        position._push_id(int(move))
    path = record.walk[:upto].tolist()  # the vertex each move reached
    rings = [(v, COLOURS["mistake"]) for v, note in zip(path, notes, strict=False) if note.mistake]
    legend = [
        ("", "numbers: moves, 1 is the placement"),
        (COLOURS["mistake"], "mistake: a won position thrown away"),
    ]
    better = notes[upto - 1].better if upto else None
    if better is not None:  # a placement's vertex, or the vertex a better move reaches
        steps = record.steps
        better_id = names.vertex(better) if upto == 1 else steps.head(steps.find(better))
        rings.append((better_id, COLOURS["better"]))
        legend.append((COLOURS["better"], f"move {upto} should have gone here"))
    numbers = {v: str(i) for i, v in enumerate(path, start=1)}
    return position_scene(
        position, numbers=numbers, rings=rings, legend=legend, layout=layout, size=size
    )


def record_scene(
    analysis: RecordAnalysis, upto: int | None = None, *, size: int | None = None
) -> Scene:
    """A Bunny-and-Egg record after its first ``upto`` moves (all by default):
    pieces, the empty cell's path, moves labelled by round as ``matchgame
    mistakes`` counts them (``B2``, ``E2``: Bunny's and Egg's moves of round 2),
    mistakes ringed, and the better move when the last one shown was a mistake;
    ``size``: the side in pixels of the square the board fits in.

    Pieces are drawn while cells are at least 6 pixels, labels while they are at
    least 18.
    """
    size = SIZE.check(size, "size")
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
    scene, cell, margin = _frame(n_rows, n_cols, legend, size)
    size = cell
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
