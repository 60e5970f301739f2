"""Boards drawn for a terminal: marks per cell, numbered rows and columns, fitted to
the window (spaced, packed, or a window that follows the token), ANSI highlights."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.names import Cell

__all__ = ["GridPicture", "fit_grid", "grid_picture"]


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
