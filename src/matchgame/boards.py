"""Boards of free and blocked cells, and their text format (JSOI2009 / LOJ 6033).

Text format::

    N M
    N rows of M characters: '.' free; '#', 'x' or 'X' blocked

CRLF line ends, trailing spaces and trailing blank lines are accepted.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set
from functools import cached_property
from typing import Any

import numpy as np
import numpy.typing as npt

from ._textlines import (
    TRAILING,
    header_line,
    parse_integers,
    prepare,
    require_memory,
    shorten_line,
    text_limit,
)
from ._validate import as_bool_array, as_int, describe, shorten
from .errors import InvalidInputError, InvalidTypeError, ParseError
from .graph import Graph
from .names import BoardCells

__all__ = ["MAX_CELLS", "Board", "Cell"]

Cell = tuple[int, int]
"""A cell as ``(row, col)``, 0-based in the Python API."""

MAX_CELLS = 1 << 28
"""Largest board accepted (cells); its graph then has under 2**30 adjacency entries."""

_FREE, _BLOCKED, _INVALID = 1, 0, 2
_CELL_CODE = np.full(256, _INVALID, dtype=np.uint8)
_CELL_CODE[ord(".")] = _FREE
for _ch in "#xX":
    _CELL_CODE[ord(_ch)] = _BLOCKED

BYTES_PER_CELL = 48
"""Rough peak memory per cell of a board's analysis (text, masks, CSR graph, matching)."""


class Board:
    """A rectangular board of free and blocked cells.

    Parameters
    ----------
    free : array_like of bool, shape (n_rows, n_cols)
        True where the cell is free (0/1 integers are accepted too). For text, use
        :meth:`parse` (the contest format) or :meth:`from_rows`.

    Raises
    ------
    InvalidTypeError
        If ``free`` does not hold booleans (strings, floats, objects).
    InvalidInputError
        If ``free`` is not 2-D with at least one row and column, or too large.

    Examples
    --------
    >>> board = Board.parse("3 3\\n.##\\n...\\n#.#\\n")
    >>> board.shape
    (3, 3)
    >>> print(board)  # the contest text: the command line reads it back
    3 3
    .##
    ...
    #.#
    >>> board.is_free((1, 2))
    True
    """

    def __init__(self, free: npt.ArrayLike) -> None:
        if isinstance(free, str | bytes) or (
            isinstance(free, list | tuple) and free and all(isinstance(r, str) for r in free)
        ):
            raise InvalidTypeError(
                f"free must be a 2-D array of booleans, got {describe(free)}; for text rows "
                "use Board.from_rows(rows), for the contest format Board.parse(text)"
            )
        mask = as_bool_array(free, "free")
        if mask.ndim != 2 or mask.shape[0] < 1 or mask.shape[1] < 1:
            raise InvalidInputError(
                f"free must be 2-D with at least one row and column, got shape {mask.shape}"
            )
        if mask.size > MAX_CELLS:
            raise InvalidInputError(f"a board has at most {MAX_CELLS} cells, got {mask.size}")
        mask = np.array(mask, dtype=bool)  # our own copy, frozen
        mask.setflags(write=False)
        self.free = mask

    # -- text -----------------------------------------------------------------

    @classmethod
    def parse(cls, text: str | bytes) -> Board:
        """Parse the contest format: a header ``N M`` and ``N`` rows of ``M`` cells.

        Raises
        ------
        ParseError
            With the line (and column) of the first problem.
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
        require_memory(n_rows * n_cols * BYTES_PER_CELL, f"a {n_rows} x {n_cols} board")
        rows = [line.rstrip(TRAILING) for line in lines[index + 1 : index + 1 + n_rows]]
        for offset, row in enumerate(rows):
            if len(row) != n_cols:
                raise ParseError(
                    f"expected {n_cols} characters, got {len(row)}", line=index + 2 + offset
                )
        extra = _skip_blank(lines, index + 1 + n_rows)
        if extra < len(lines):
            raise ParseError(
                f"unexpected content after the board: {shorten_line(lines[extra])!r}",
                line=extra + 1,
            )
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
        return cls(codes.reshape(n_rows, n_cols).astype(bool))

    @classmethod
    def from_rows(cls, rows: Iterable[str]) -> Board:
        """Build a board from its rows, e.g. ``Board.from_rows([".#", ".."])``.

        Raises
        ------
        ParseError
            With ``line`` = the 1-based row and ``column`` of the first problem.
        InvalidTypeError
            If ``rows`` is a single string or holds something else than strings.
        """
        rows = checked_rows(rows)
        try:
            return cls.parse(f"{len(rows)} {len(rows[0])}\n" + "\n".join(rows))
        except ParseError as exc:
            raise rows_error(exc) from None

    def rows(self) -> list[str]:
        """The board as text rows of '.' and '#'."""
        chars = np.where(self.free, ord("."), ord("#")).astype(np.uint8)
        return [bytes(row).decode() for row in chars]

    def to_text(self) -> str:
        """The contest format, header included."""
        return f"{self.n_rows} {self.n_cols}\n" + "\n".join(self.rows()) + "\n"

    def __str__(self) -> str:
        """The contest text without its final newline (what ``print`` should show:
        ``print(board)`` to a file gives a board the command line reads)."""
        return self.to_text()[:-1]

    def __repr__(self) -> str:
        if self.free.size > 400:
            return f"<Board {self.n_rows}x{self.n_cols}, {self.n_free} free cells>"
        return f"Board.from_rows({self.rows()!r})"

    def _repr_svg_(self) -> str | None:
        """In Jupyter: the board coloured by who wins a placement where (orthogonal
        moves; up to a million cells)."""
        if self.free.size > 1_000_000:
            return None
        from .analysis import analyse

        return analyse(self)._repr_svg_()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and np.array_equal(self.free, other.free)

    def __hash__(self) -> int:
        return hash((self.free.shape, self.free.tobytes()))

    # -- geometry -------------------------------------------------------------

    @property
    def shape(self) -> tuple[int, int]:
        """``(n_rows, n_cols)``."""
        return (int(self.free.shape[0]), int(self.free.shape[1]))

    @property
    def n_rows(self) -> int:
        return int(self.free.shape[0])

    @property
    def n_cols(self) -> int:
        return int(self.free.shape[1])

    @cached_property
    def n_free(self) -> int:
        """Number of free cells."""
        return int(np.count_nonzero(self.free))

    def is_free(self, cell: Cell) -> bool:
        """Whether ``cell`` is on the board and free."""
        row, col = as_cell(cell)
        return 0 <= row < self.n_rows and 0 <= col < self.n_cols and bool(self.free[row, col])

    # -- graph ----------------------------------------------------------------

    @cached_property
    def _grid(self) -> tuple[Graph, np.ndarray, np.ndarray]:
        from ._kernels.grid import grid_csr

        flat = np.ascontiguousarray(self.free, dtype=np.uint8).reshape(-1)
        vertex_of_cell, cell_of_vertex, offsets, neighbors, side = grid_csr(
            flat, self.n_rows, self.n_cols
        )
        for array in (vertex_of_cell, cell_of_vertex):
            array.setflags(write=False)
        names = BoardCells(self.shape, cell_of_vertex, vertex_of_cell, "orthogonal")
        graph = Graph._trusted(offsets, neighbors, side, names=names)
        return graph, vertex_of_cell, cell_of_vertex

    @property
    def graph(self) -> Graph:
        """The grid graph of the free cells (orthogonal moves); vertex ids follow
        row-major order and vertices are named by their cells."""
        return self._grid[0]

    def to_graph(self, moves: str = "orthogonal") -> Graph:
        """The graph of the free cells when the token moves by ``moves`` (see
        :mod:`matchgame.moves`); vertices are named by their ``(row, col)`` cells."""
        from .moves import as_moves, grid_arrays

        moves = as_moves(moves)
        if moves == "orthogonal":
            return self.graph  # the compiled grid kernel
        cache = self.__dict__.setdefault("_graphs", {})
        if moves not in cache:
            offsets, neighbors, vertex_of_cell, cell_of_vertex = grid_arrays(self.free, moves)
            for array in (vertex_of_cell, cell_of_vertex):
                array.setflags(write=False)
            side = None
            if moves == "knight":  # a jump changes row + col by an odd number
                side = ((cell_of_vertex // self.n_cols + cell_of_vertex % self.n_cols) & 1).astype(
                    np.uint8
                )
            names = BoardCells(self.shape, cell_of_vertex, vertex_of_cell, moves)
            cache[moves] = Graph._trusted(offsets, neighbors, side, names=names)
        return cache[moves]

    @property
    def cell_of_vertex(self) -> npt.NDArray[np.int32]:
        """Flat (row-major) cell index of every vertex of :attr:`graph`."""
        return self._grid[2]

    @property
    def vertex_of_cell(self) -> npt.NDArray[np.int32]:
        """Vertex id of every flat cell index, -1 for blocked cells."""
        return self._grid[1]

    def vertex(self, cell: Cell) -> int:
        """The vertex id of a free cell.

        Raises
        ------
        InvalidInputError
            If the cell is outside the board or blocked.
        InvalidTypeError
            If ``cell`` is not a pair of integers.
        """
        row, col = as_cell(cell)
        if not (0 <= row < self.n_rows and 0 <= col < self.n_cols):
            raise InvalidInputError(
                f"cell {(row, col)} is outside the {self.n_rows}x{self.n_cols} board"
            )
        if not self.free[row, col]:
            raise InvalidInputError(f"cell {(row, col)} is blocked")
        return int(self.vertex_of_cell[row * self.n_cols + col])

    def cell(self, vertex: int) -> Cell:
        """The ``(row, col)`` of a vertex id."""
        vertex = self.graph._vertex(vertex, "vertex")
        row, col = divmod(int(self.cell_of_vertex[vertex]), self.n_cols)
        return row, col


def as_cell(cell: Any, name: str = "cell") -> Cell:
    """``cell`` as a pair of Python ints (no range check)."""
    try:
        if isinstance(cell, str | bytes) or not isinstance(cell, Sequence | np.ndarray):
            raise TypeError
        row, col = cell
    except (TypeError, ValueError):
        raise InvalidTypeError(
            f"{name} must be a (row, col) pair of integers, got {describe(cell)}"
        ) from None
    return as_int(row, f"{name}[0]"), as_int(col, f"{name}[1]")


def as_board(board: Any, name: str = "board") -> Board:
    """``board`` itself, or a list of row strings converted with :meth:`Board.from_rows`."""
    if isinstance(board, Board):
        return board
    if isinstance(board, list | tuple) and board and all(isinstance(r, str) for r in board):
        return Board.from_rows(board)
    hint = ""
    if isinstance(board, str | bytes):
        hint = "; for the contest format use Board.parse(text)"
    elif isinstance(board, np.ndarray):
        hint = "; for a mask of free cells use Board(mask)"
    elif isinstance(board, Graph):
        hint = "; for a graph use analyse_graph(graph)"
    raise InvalidTypeError(
        f"{name} must be a matchgame.Board or a list of row strings, got {describe(board)}{hint}"
    )


def checked_rows(rows: Any, name: str = "rows") -> list[str]:
    """``rows`` as a non-empty list of strings without line breaks."""
    try:
        if isinstance(rows, str | bytes | Set | Mapping) or not isinstance(rows, Iterable):
            raise TypeError
        rows = list(rows)
    except TypeError:
        raise InvalidTypeError(
            f"{name} must be a list of row strings, got {describe(rows)}; for the whole "
            "text use parse(text)"
        ) from None
    for i, row in enumerate(rows):
        if not isinstance(row, str):
            raise InvalidTypeError(f"{name}[{i}] must be a string, got {describe(row)}")
        if "\n" in row or "\r" in row:
            raise InvalidInputError(f"{name}[{i}] = {shorten(row)} holds a line break")
    if not rows or not rows[0]:
        raise InvalidInputError(f"{name} must hold at least one non-empty row")
    return rows


def rows_error(exc: ParseError) -> ParseError:
    """A parse error of the text built from rows (header on line 1), renumbered so that
    ``line`` is the 1-based row."""
    if exc.line is None or exc.line < 2:
        return ParseError(exc.reason)
    return ParseError(exc.reason, line=exc.line - 1, column=exc.column)


def text_size_limit(head: bytes) -> int:
    """The largest a board's text can be, from its beginning (see
    :func:`matchgame._textlines.read_bounded`)."""
    index, header = header_line(head)
    n_rows, n_cols = _parse_size(header, index + 1)
    return text_limit(n_rows, n_rows * n_cols)


def _skip_blank(lines: list[bytes], index: int) -> int:
    while index < len(lines) and not lines[index].strip():
        index += 1
    return index


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
