"""Boards drawn for a terminal: marks per cell, numbered rows and columns, fitted to
the window (spaced, packed, or a window that follows the token), ANSI highlights."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ..core._validate import plural
from ..core.names import BoardCells, Cell, VertexNames

if TYPE_CHECKING:
    from ..games.positions import BasePosition

__all__ = ["GridPicture", "fit_grid", "grid_picture", "position_text"]


@dataclass(frozen=True)
class GridPicture:
    """A board to show in a terminal: one mark per cell, the cell to keep in view
    and highlight (the token, or the empty cell), and the legal moves."""

    marks: np.ndarray  # (n_rows, n_cols) one-character strings
    focus: Cell | None = None
    options: tuple[Cell, ...] = ()

    def text(self, columns: int = 80, lines: int = 24, *, colour: bool = False) -> str:
        """The board fitted to a terminal of ``columns`` x ``lines``: see :func:`fit_grid`."""
        return fit_grid(self, columns, lines, colour=colour)


def grid_picture(chars: np.ndarray) -> str:
    """A grid of one-character marks with 1-based row and column numbers."""
    return fit_grid(GridPicture(chars), 1 << 20, 1 << 20)


_REVERSE, _BOLD, _PLAIN = "\x1b[7m", "\x1b[1m", "\x1b[0m"
_LINES_AROUND = 6  # terminal lines a turn needs besides the board: messages, the prompt


def fit_grid(picture: GridPicture, columns: int, lines: int, *, colour: bool = False) -> str:
    """A board for a terminal of ``columns`` x ``lines``, with 1-based row and column
    numbers.

    Cells are spaced (``1 2 3`` over the columns) when that fits the width, else
    packed one character each with the column numbers written downwards. A board
    that does not fit even so is shown through a window around ``picture.focus``
    (the middle before there is one), said in a last line such as ``rows 41-58,
    columns 101-173 of 300 x 300``. ``colour``: the focus in reverse video and the
    legal moves in bold (ANSI codes, for terminals).
    """
    marks = picture.marks
    n_rows, n_cols = marks.shape
    margin = len(str(n_rows))
    spaced = margin + n_cols * (len(str(n_cols)) + 1) <= columns
    header = 1 if spaced else len(str(n_cols))
    width = max(1, min(n_cols, columns - margin - 1)) if not spaced else n_cols
    height = max(1, min(n_rows, lines - header - _LINES_AROUND))
    focus = picture.focus if picture.focus is not None else (n_rows // 2, n_cols // 2)
    top = min(max(focus[0] - height // 2, 0), n_rows - height)
    left = min(max(focus[1] - width // 2, 0), n_cols - width)
    rows, cols = range(top, top + height), range(left, left + width)
    styles: dict[tuple[int, int], str] = {}
    if colour:
        styles.update(dict.fromkeys(picture.options, _BOLD))
        if picture.focus is not None:
            styles[picture.focus] = _REVERSE

    def cell(r: int, c: int, pad: int) -> str:
        mark = str(marks[r, c]).rjust(pad)
        style = styles.get((r, c))
        return mark if style is None else f"{style}{mark}{_PLAIN}"

    out = []
    if spaced:
        pad = len(str(n_cols))
        out.append(" " * (margin + 1) + " ".join(str(c + 1).rjust(pad) for c in cols))
        for r in rows:
            out.append(f"{str(r + 1).rjust(margin)} " + " ".join(cell(r, c, pad) for c in cols))
    else:
        numbers = [str(c + 1).rjust(header) for c in cols]
        for digit in range(header):  # column numbers written downwards
            out.append(" " * (margin + 1) + "".join(number[digit] for number in numbers))
        for r in rows:
            out.append(f"{str(r + 1).rjust(margin)} " + "".join(cell(r, c, 1) for c in cols))
    if height < n_rows or width < n_cols:
        out.append(
            f"rows {top + 1}-{top + height}, columns {left + 1}-{left + width} of "
            f"{n_rows} x {n_cols} (the view follows the token)"
        )
    return "\n".join(out)


MAX_TEXT_CELLS = 10_000
"""Boards up to this many cells are written whole by :func:`position_text`; bigger
ones through a window around the token."""

MAX_TEXT_VERTICES = 60
"""Vertices listed with their neighbours by :func:`position_text` on a graph."""


def position_text(position: BasePosition) -> str:
    """``str(position)``: the position as text, as ``str(chess.Board)`` is.

    On a board: the grid with 1-based row and column numbers, ``#`` blocked, ``.``
    free, ``o`` a cell the token has left (visited, in the vertex game), ``@`` the
    token and ``*`` its legal moves. On a graph: a line for the token and its moves,
    then each vertex still in play with its neighbours (the vertex game: the
    unvisited vertices, adjacent among themselves; the edge game: the vertices with
    unused edges, a neighbour written once per unused edge), in the text form moves
    are typed in (:meth:`~matchgame.Position.parse_move` reads it).
    """
    names = position.graph.names
    if isinstance(names, BoardCells):
        return _board_text(position, names)
    return _graph_text(position, names)


def _board_text(position: BasePosition, names: BoardCells) -> str:
    n_rows, n_cols = names.shape
    free = np.zeros(n_rows * n_cols, dtype=bool)
    free[names.cell_of_vertex] = True
    chars = np.where(free, ".", "#").astype("<U1")
    left = np.zeros(names.n_vertices, dtype=bool)
    left[position.walk_ids()] = True
    left |= position.visited_mask()
    chars[names.cell_of_vertex[left]] = "o"
    token = position.token_id
    options: tuple[Cell, ...] = ()
    if token is not None:  # where the moves go (an arc's head)
        legal = np.unique(position.move_targets(position.legal_move_ids())).tolist()
        chars[names.cell_of_vertex[legal]] = "*"
        chars[names.cell_of_vertex[token]] = "@"
        options = tuple(names.name(v) for v in legal)
    focus = None if token is None else names.name(token)
    picture = GridPicture(chars.reshape(n_rows, n_cols), focus, options)
    if n_rows * n_cols <= MAX_TEXT_CELLS:
        return fit_grid(picture, 1 << 20, 1 << 20)
    return fit_grid(picture, 200, 60 + _LINES_AROUND)


def _graph_text(position: BasePosition, names: VertexNames) -> str:
    between = " " if names.numeric else ", "  # a label may hold a blank
    token = position.token_id
    pairs, counts = position.remaining_edge_ids()
    n = names.n_vertices
    first, second = pairs[:, 0].astype(np.int64), pairs[:, 1].astype(np.int64)
    # an edge is listed from both ends (the edge game's self-loop once); an arc from its tail
    both = ~(first == second) & (not getattr(position.graph, "is_directed", False))
    ends = np.concatenate([first, second[both]])
    others = np.concatenate([second, first[both]])
    copies = np.concatenate([counts, counts[both]])
    order = np.lexsort((others, ends))
    ends, others, copies = ends[order], others[order], copies[order]
    starts = np.searchsorted(ends, np.arange(n + 1))
    if position.rules.moves_per_edge:  # the token may come back: what has edges left
        shown = np.flatnonzero(starts[1:] > starts[:-1])
    else:
        shown = np.flatnonzero(~position.visited_mask())
    if token is not None and token not in shown:
        shown = np.sort(np.append(shown, token))
    if token is None:
        head = (
            "no token: place it on any of "
            f"{plural(len(position.legal_move_ids()), 'vertex', 'vertices')}"
        )
    elif position.steps.by_vertex:
        legal = between.join(names.texts(position.legal_move_ids().tolist())) or "none"
        head = f"token on {names.describe(token)}; moves: {legal}"
    else:  # the moves as the game writes them (an arc: its ends, and a key)
        steps = position.steps
        legal = ", ".join(steps.text(i) for i in position.legal_move_ids().tolist()) or "none"
        head = f"token on {names.describe(token)}; moves: {legal}"
    lines = [head]
    for v in shown[:MAX_TEXT_VERTICES].tolist():
        neighbours = np.repeat(others[starts[v] : starts[v + 1]], copies[starts[v] : starts[v + 1]])
        mark = "@" if v == token else ""
        lines.append(f"{mark}{names.text(v)}: {between.join(names.texts(neighbours))}".rstrip())
    if shown.shape[0] > MAX_TEXT_VERTICES:
        lines.append(f"... and {shown.shape[0] - MAX_TEXT_VERTICES} more vertices")
    return "\n".join(lines)
