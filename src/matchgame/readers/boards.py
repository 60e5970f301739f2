"""The board text format of JSOI2009 "Game" and LOJ 6033, read and written.

::

    N M
    N rows of M characters: '.' free; '#', 'x' or 'X' blocked

CRLF line ends, trailing spaces and trailing blank lines are accepted; see
:mod:`matchgame.readers._text` for what every format accepts.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from ..core.board import MAX_CELLS, Board
from ..errors import ParseError
from ._memory import require_memory
from ._text import (
    TRAILING,
    checked_rows,
    header_line,
    parse_integers,
    prepare,
    rows_error,
    skip_blank,
    text_limit,
    unexpected_content,
)

__all__ = [
    "BYTES_PER_CELL",
    "board_from_rows",
    "board_rows",
    "format_board",
    "parse_board",
    "text_size_limit",
]

_FREE, _BLOCKED, _INVALID = 1, 0, 2
_CELL_CODE = np.full(256, _INVALID, dtype=np.uint8)
_CELL_CODE[ord(".")] = _FREE
for _ch in "#xX":
    _CELL_CODE[ord(_ch)] = _BLOCKED

BYTES_PER_CELL = 48
"""Rough peak memory per cell of a board's analysis (text, masks, CSR graph, matching)."""


def parse_board(text: str | bytes) -> Board:
    """Read a board: a header ``N M`` and ``N`` rows of ``M`` cells.

    Raises
    ------
    ParseError
        With the line (and column) of the first problem.

    Examples
    --------
    >>> parse_board("2 3\\n.#.\\n...\\n").n_free
    5
    """
    data = prepare(text)
    index, header = header_line(data)
    n_rows, n_cols = _parse_size(header, index + 1)
    lines = data.split(b"\n")
    while lines and not lines[-1].strip():
        lines.pop()  # trailing blank lines
    present = len(lines) - index - 1
    if present < n_rows:
        raise ParseError(
            f"expected {n_rows} rows after the header, got {present}", line=len(lines) + 1
        )
    require_memory(
        n_rows * n_cols * BYTES_PER_CELL, f"a {n_rows} x {n_cols} board", size=n_rows * n_cols
    )
    rows = [line.rstrip(TRAILING) for line in lines[index + 1 : index + 1 + n_rows]]
    for offset, row in enumerate(rows):
        if len(row) != n_cols:
            raise ParseError(
                f"expected {n_cols} characters, got {len(row)}", line=index + 2 + offset
            )
    extra = skip_blank(lines, index + 1 + n_rows)
    if extra < len(lines):
        raise unexpected_content("the board", lines[extra], extra + 1)
    codes = _CELL_CODE[np.frombuffer(b"".join(rows), dtype=np.uint8)]
    bad = np.flatnonzero(codes == _INVALID)
    if bad.size:
        bad_row, bad_col = divmod(int(bad[0]), n_cols)
        char = rows[bad_row][bad_col : bad_col + 1].decode("latin-1")
        raise ParseError(
            f"unknown character {char!r} (expected '.', '#', 'x' or 'X')",
            line=index + 2 + bad_row,
            column=bad_col + 1,
        )
    return Board._trusted(codes.reshape(n_rows, n_cols).astype(bool))


def board_from_rows(rows: Iterable[str]) -> Board:
    """A board from its rows, e.g. ``board_from_rows([".#", ".."])``.

    Raises
    ------
    ParseError
        With ``line`` = the 1-based row and ``column`` of the first problem.
    InvalidTypeError
        If ``rows`` is a single string or holds something else than strings.
    """
    rows = checked_rows(rows)
    try:
        return parse_board(f"{len(rows)} {len(rows[0])}\n" + "\n".join(rows))
    except ParseError as exc:
        raise rows_error(exc) from None


def board_rows(board: Board) -> list[str]:
    """The board as text rows of '.' (free) and '#' (blocked)."""
    chars = np.where(board.free, ord("."), ord("#")).astype(np.uint8)
    return [bytes(row).decode() for row in chars]


def format_board(board: Board) -> str:
    """The board in the contest format, header included, each line ended by a newline.

    This is also the canonical text a certificate's digest is taken of.

    >>> format_board(board_from_rows([".x", ".."]))
    '2 2\\n.#\\n..\\n'
    """
    chars = np.where(board.free, ord("."), ord("#")).astype(np.uint8)
    lines = np.concatenate([chars, np.full((board.n_rows, 1), ord("\n"), np.uint8)], 1)
    return f"{board.n_rows} {board.n_cols}\n" + lines.tobytes().decode("ascii")


def text_size_limit(head: bytes) -> int:
    """The largest a board's text can be, from its beginning (see
    :func:`matchgame.readers._text.read_bounded`)."""
    index, header = header_line(head)
    n_rows, n_cols = _parse_size(header, index + 1)
    return text_limit(n_rows, n_rows * n_cols)


def _parse_size(line: bytes, line_number: int) -> tuple[int, int]:
    n_rows, n_cols = parse_integers(
        line, 2, line_number=line_number, what="the board size as two integers 'N M'"
    )
    if n_rows <= 0 or n_cols <= 0:
        raise ParseError(
            f"the board size must be positive, got {n_rows} x {n_cols}", line=line_number
        )
    if n_rows * n_cols > MAX_CELLS:
        raise ParseError(
            f"a {n_rows} x {n_cols} board has more than {MAX_CELLS} cells", line=line_number
        )
    return n_rows, n_cols
