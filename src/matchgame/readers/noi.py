"""The NOI2011 "Bunny and Egg" record format, read and written.

::

    n m
    n rows of m characters from 'X', 'O', '.' (exactly one '.')
    k
    2k lines 'x y' (1-based): line 2i-1 is Bunny's move i, line 2i Egg's move i,
    each "move the piece at row x, column y into the empty cell"

This module reads the text (``read_noi_text``: the pieces, the empty cell and
the moves, the format checked) and writes it back; the records themselves
(:class:`~matchgame.games.noi.GameRecord`, which checks every move's legality)
and their analysis live in :mod:`matchgame.games.noi` and :mod:`matchgame.games.vertex.mistakes`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from .._kernels import bunny as _kb
from .._kernels.text import parse_int_lines
from ..core._text import (
    TRAILING,
    checked_rows,
    header_line,
    line_bounds,
    number_as_written,
    parse_integers,
    prepare,
    rows_error,
    text_limit,
    unexpected_content,
)
from ..core._validate import as_int, plural
from ..core.board import MAX_CELLS
from ..errors import IllegalMoveError, ParseError

if TYPE_CHECKING:
    from ..games.noi import BunnyBoard, GameRecord

__all__ = [
    "PLAYERS",
    "NoiText",
    "bunny_board_rows",
    "format_bunny_board",
    "format_noi_record",
    "player_of",
    "read_noi_text",
    "read_rows",
    "text_size_limit",
]

PLAYERS = ("Bunny", "Egg")


def player_of(move_index: int) -> tuple[str, int]:
    """``(player, that player's move number)`` of 0-based move ``move_index``: the
    format's moves alternate, Bunny's first."""
    move_index = as_int(move_index, "move_index", low=0)
    return PLAYERS[move_index % 2], move_index // 2 + 1


@dataclass(frozen=True)
class NoiText:
    """A NOI2011 record's text, read and its format checked (the moves' legality is
    the record's to check: :class:`~matchgame.games.noi.GameRecord`).

    Attributes
    ----------
    pieces : ndarray of uint8, shape (n, m)
        0 empty, 1 white ``O``, 2 black ``X``.
    empty : (int, int)
        The empty cell, 0-based.
    moves : ndarray of int64, shape (2k, 2)
        Each move's cell, 0-based, inside the board.
    move_lines : ndarray of int64
        Each move's 1-based line.
    """

    pieces: npt.NDArray[np.uint8]
    empty: tuple[int, int]
    moves: npt.NDArray[np.int64]
    move_lines: npt.NDArray[np.int64]


_PIECE_CODE = np.full(256, 255, dtype=np.uint8)
_PIECE_CODE[ord(".")] = _kb.EMPTY
_PIECE_CODE[ord("O")] = _kb.WHITE
_PIECE_CODE[ord("X")] = _kb.BLACK
_PIECE_CHAR = np.array([ord("."), ord("O"), ord("X")], dtype=np.uint8)


def read_noi_text(text: str | bytes) -> NoiText:
    """Read a NOI2011 record's text, checking its format (not the moves' legality).

    Raises
    ------
    ParseError
        Malformed text, with its line (and column).
    IllegalMoveError
        A move outside the board, naming the line, the player and the cell.

    Examples
    --------
    >>> read_noi_text("1 6\\nXO.OXO\\n1\\n1 2\\n1 1\\n").moves.tolist()
    [[0, 1], [0, 0]]
    """
    data = prepare(text)
    top, header = header_line(data)  # blank lines may come first
    n_rows, n_cols = _parse_size(header, top + 1)
    buffer, starts, ends, n_lines = line_bounds(data)

    def line(i: int) -> bytes:
        return data[starts[i] : ends[i]].rstrip(TRAILING)

    if n_lines < top + 1 + n_rows:
        raise ParseError(f"expected {n_rows} board rows, got {n_lines - top - 1}", line=n_lines + 1)
    rows = [line(i) for i in range(top + 1, top + 1 + n_rows)]
    for i, row in enumerate(rows):
        if len(row) != n_cols:
            raise ParseError(
                f"expected {plural(n_cols, 'character')}, got {len(row)}", line=top + i + 2
            )
    pieces = _PIECE_CODE[np.frombuffer(b"".join(rows), dtype=np.uint8)]
    bad = np.flatnonzero(pieces == 255)
    if bad.size:
        r, c = divmod(int(bad[0]), n_cols)
        char = rows[r][c : c + 1].decode("latin-1")
        raise ParseError(
            f"unknown character {char!r} (expected 'O', 'X' or '.')",
            line=top + r + 2,
            column=c + 1,
        )
    pieces = pieces.reshape(n_rows, n_cols)
    empties = np.argwhere(pieces == _kb.EMPTY)
    if len(empties) != 1:
        where = ", ".join(f"line {top + r + 2} column {c + 1}" for r, c in empties[:3].tolist())
        found = "no '.'" if len(empties) == 0 else f"{len(empties)} '.' cells ({where}...)"
        raise ParseError(f"the board needs exactly one empty cell '.', found {found}")
    empty = (int(empties[0, 0]), int(empties[0, 1]))

    k_line = top + 1 + n_rows
    if n_lines <= k_line:
        raise ParseError("expected the number of rounds k", line=k_line + 1)
    (k,) = parse_integers(line(k_line), 1, line_number=k_line + 1, what="the number of rounds k")
    if k < 0:
        raise ParseError(f"the number of rounds must be >= 0, got {k}", line=k_line + 1)
    first = k_line + 1
    if n_lines - first < 2 * k:
        raise ParseError(f"expected 2k = {2 * k} moves, got {n_lines - first}", line=n_lines + 1)
    values, bad_line, bad_column, n_read = parse_int_lines(
        buffer, starts[first : first + 2 * k], ends[first : first + 2 * k], 2
    )
    if bad_line >= 0:
        player, number = player_of(bad_line)
        problem = "is not an integer" if n_read < 0 else f"has {plural(n_read, 'number')}"
        raise ParseError(
            f"{player}'s move {number}: expected 'x y', the line {problem}",
            line=first + bad_line + 1,
            column=bad_column + 1,
        )
    for extra in range(first + 2 * k, n_lines):
        if line(extra).strip():
            raise unexpected_content(f"the {2 * k} moves", line(extra), extra + 1)
    move_lines = np.arange(first + 1, first + 1 + 2 * k)
    outside = np.flatnonzero(
        (values[:, 0] < 1) | (values[:, 0] > n_rows) | (values[:, 1] < 1) | (values[:, 1] > n_cols)
    )
    if outside.size:
        i = int(outside[0])
        player, number = player_of(i)
        raw = data[starts[first + i] : ends[first + i]]
        x, y = number_as_written(raw, 0), number_as_written(raw, 1)
        raise IllegalMoveError(
            f"line {move_lines[i]}: {player}'s move {number} ({x}, {y}) "
            f"is outside the {n_rows} x {n_cols} board"
        )
    # the record checks every move's legality (naming its line) as it is built
    return NoiText(pieces, empty, values.astype(np.int64) - 1, move_lines.astype(np.int64))


def read_rows(rows: list[str]) -> NoiText:
    """A board given as rows of ``O``, ``X`` and one ``.``, read as a record's text
    with no moves.

    Raises
    ------
    ParseError
        With ``line`` = the 1-based row and ``column`` of the first problem.
    """
    rows = checked_rows(rows)
    text = f"{len(rows)} {len(rows[0])}\n" + "\n".join(rows) + "\n0\n"
    try:
        return read_noi_text(text)
    except ParseError as exc:
        raise rows_error(exc) from None


def bunny_board_rows(board: BunnyBoard) -> list[str]:
    """The pieces as text rows of ``O``, ``X`` and ``.``."""
    return [bytes(row).decode() for row in _PIECE_CHAR[board.pieces]]


def format_bunny_board(board: BunnyBoard) -> str:
    """The text of a record of this board with no moves yet (``k = 0``)."""
    n_rows, n_cols = board.shape
    return "\n".join([f"{n_rows} {n_cols}", *bunny_board_rows(board), "0"]) + "\n"


def format_noi_record(record: GameRecord) -> str:
    """The NOI2011 text of a record, each line ended by a newline."""
    n_rows, n_cols = record.board.shape
    lines = [f"{n_rows} {n_cols}", *bunny_board_rows(record.board), str(record.n_rounds)]
    lines += [f"{r + 1} {c + 1}" for r, c in record.moves.tolist()]
    return "\n".join(lines) + "\n"


def _parse_size(line: bytes, line_number: int) -> tuple[int, int]:
    n_rows, n_cols = parse_integers(line, 2, line_number=line_number, what="the board size 'n m'")
    if n_rows <= 0 or n_cols <= 0:
        raise ParseError(
            f"the board size must be positive, got {n_rows} x {n_cols}", line=line_number
        )
    if n_rows * n_cols > MAX_CELLS:
        raise ParseError(f"a {n_rows} x {n_cols} board is too large", line=line_number)
    return n_rows, n_cols


def text_size_limit(head: bytes) -> int:
    """The largest a record's text can be, from its beginning (see
    :func:`matchgame.core._text.read_bounded`): every move empties a new cell, so a
    record has fewer than ``n * m`` moves."""
    index, header = header_line(head)
    n_rows, n_cols = _parse_size(header, index + 1)
    cells = n_rows * n_cols
    move_bytes = 2 * len(str(max(n_rows, n_cols))) + 2
    return text_limit(index + 2 + n_rows + cells, cells + len(str(cells)) + cells * move_bytes)
