"""NOI2011 "Bunny and Egg" (兔兔与蛋蛋游戏): a source of the vertex game, a board with its
pieces and a record of moves (:class:`BunnyBoard`, :class:`GameRecord`); the vertex
game reads them (its :attr:`~matchgame.Game.sources`) and judges their mistakes
(:meth:`~matchgame.Game.annotate_source`, :func:`matchgame.analyse_record`).

Every cell of an ``n x m`` board holds a white piece ``O`` or a black piece
``X``, except one empty cell ``.``. Bunny moves first; Bunny slides a white
piece next to the empty cell into it, Egg a black one; who cannot move loses.

The reduction: the empty cell never returns to a cell. Colour the start like a
black piece; then the empty cell walks on the grid graph of the cells whose colour
alternates with their parity, never revisiting one: each position of the game is
one of the token game on that graph (:mod:`matchgame.readers.noi` reads the text).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from .._kernels import bunny as _kb
from ..core._cache import cached_property
from ..core._validate import as_int, as_int_array, describe, first_index, frozen_copy
from ..core.board import MAX_CELLS, Board
from ..core.graph import Graph
from ..core.names import Cell, as_cell
from ..errors import IllegalMoveError, InvalidInputError, InvalidTypeError
from ..readers.noi import (
    PLAYERS,
    bunny_board_rows,
    format_bunny_board,
    format_noi_record,
    player_of,
    read_noi_text,
    read_rows,
)
from .registry import GameOf

if TYPE_CHECKING:
    from .positions import BasePosition

__all__ = ["PLAYERS", "BunnyBoard", "GameRecord", "parse_noi_record", "player_of"]


@dataclass(frozen=True, eq=False, repr=False)
class BunnyBoard:
    """The starting board: ``pieces`` holds 0 (empty), 1 (white ``O``), 2 (black ``X``).

    Parameters
    ----------
    pieces : array_like of int, shape (n_rows, n_cols)
        0 (empty), 1 (white ``O``) or 2 (black ``X``) per cell, with exactly one 0.
    empty : tuple of (int, int)
        The empty cell, 0-based ``(row, col)``: where ``pieces`` holds its 0.

    Raises
    ------
    InvalidInputError
        If ``pieces`` is not a 2-D array of 0, 1 and 2 with exactly one 0, at ``empty``.
    InvalidTypeError
        If ``pieces`` does not hold integers or ``empty`` is not a pair of integers.

    See Also
    --------
    GameRecord : This board with the moves of a game.

    Examples
    --------
    >>> import matchgame
    >>> board = matchgame.parse_noi_record("1 6\\nXO.OXO\\n1\\n1 2\\n1 1\\n").board
    >>> board.shape, board.empty
    ((1, 6), (0, 2))
    """

    pieces: npt.NDArray[np.uint8]
    empty: Cell

    def __post_init__(self) -> None:
        pieces = self.pieces
        if not (isinstance(pieces, np.ndarray) and pieces.dtype.kind in "iu"):
            pieces = as_int_array(pieces, "pieces")  # small int arrays are checked as they are
        if pieces.ndim != 2 or pieces.shape[0] < 1 or pieces.shape[1] < 1:
            raise InvalidInputError(
                f"pieces must be 2-D with at least one row and column, got shape {pieces.shape}"
            )
        if pieces.size > MAX_CELLS:
            raise InvalidInputError(f"a board has at most {MAX_CELLS} cells, got {pieces.size}")
        if pieces.min() < _kb.EMPTY or pieces.max() > _kb.BLACK:
            r, c = np.argwhere((pieces < _kb.EMPTY) | (pieces > _kb.BLACK))[0].tolist()
            raise InvalidInputError(
                f"pieces[{r}, {c}] = {pieces[r, c]} must be 0 (empty), 1 (white O) or 2 (black X)"
            )
        n_empty = int(np.count_nonzero(pieces == _kb.EMPTY))
        if n_empty != 1:
            raise InvalidInputError(f"pieces must hold exactly one empty cell (0), found {n_empty}")
        empty = as_cell(self.empty, "empty")
        n_rows, n_cols = pieces.shape
        if not (0 <= empty[0] < n_rows and 0 <= empty[1] < n_cols) or pieces[empty] != _kb.EMPTY:
            where = tuple(np.argwhere(pieces == _kb.EMPTY)[0].tolist())
            raise InvalidInputError(f"empty = {empty} but the empty cell of pieces is {where}")
        object.__setattr__(self, "pieces", frozen_copy(pieces, np.uint8))
        object.__setattr__(self, "empty", empty)

    def pieces_after(self, moves: npt.ArrayLike) -> npt.NDArray[np.uint8]:
        """The pieces after ``moves``: legal moves, as 0-based cells, each sliding a
        piece into the empty cell (0: empty, 1: white, 2: black)."""
        walk = np.vstack([np.array([self.empty]), np.asarray(moves, np.int64).reshape(-1, 2)])
        # each move slides the piece on walk[i + 1] into the empty cell walk[i]; the walk
        # never returns to a cell, so all the moves can be applied at once
        pieces = self.pieces.copy()
        now, then = walk[:-1], walk[1:]
        pieces[now[:, 0], now[:, 1]] = pieces[then[:, 0], then[:, 1]]
        pieces[walk[-1, 0], walk[-1, 1]] = 0
        return pieces

    @property
    def shape(self) -> tuple[int, int]:
        """``(n_rows, n_cols)`` of the board."""
        return (int(self.pieces.shape[0]), int(self.pieces.shape[1]))

    def __repr__(self) -> str:
        if self.pieces.size > 400:
            n_rows, n_cols = self.shape
            return f"<BunnyBoard {n_rows}x{n_cols}, the empty cell at {self.empty}>"
        return f"BunnyBoard.from_rows({self.rows()!r})"

    # -- text: the NOI2011 format of matchgame.readers.noi -------------------------

    @classmethod
    def from_rows(cls, rows: list[str]) -> BunnyBoard:
        """Build a board from rows of ``O``, ``X`` and one ``.``.

        Raises
        ------
        ParseError
            With ``line`` = the 1-based row and ``column`` of the first problem.
        """
        read = read_rows(rows)
        return cls(read.pieces, read.empty)

    def rows(self) -> list[str]:
        """The pieces as text rows of ``O``, ``X`` and ``.``."""
        return bunny_board_rows(self)

    def to_text(self) -> str:
        """The NOI2011 text of a record of this board with no moves (``k = 0``)."""
        return format_bunny_board(self)

    def __str__(self) -> str:
        """A record of this board with no rounds yet: ``print(board)`` to a file gives
        a record that ``play`` and ``mistakes`` read."""
        return self.to_text()[:-1]

    @cached_property
    def arena(self) -> Board:
        """The cells the empty cell can ever enter, as a board (free = enterable).

        A cell of the start's parity is enterable iff it holds a black piece
        (the start counts as black), a cell of the other parity iff it holds a
        white piece.
        """
        n_rows, n_cols = self.shape
        rows, cols = np.indices((n_rows, n_cols))
        same_parity = (rows + cols) % 2 == sum(self.empty) % 2
        blackish = self.pieces != _kb.WHITE
        return Board(np.where(same_parity, blackish, self.pieces == _kb.WHITE))


@dataclass(frozen=True, eq=False, repr=False)
class GameRecord:
    """A starting board and the moves of a game, 0-based cells, Bunny's first.

    Built by hand, a record is checked like a parsed one: ``moves`` must be whole
    rounds of cells on the board, each move legal (:meth:`check_legal`).

    Parameters
    ----------
    board : BunnyBoard
        The starting board.
    moves : array_like of int, shape (2k, 2)
        The cells moved from, 0-based ``(row, col)``, in rounds (Bunny, then Egg).
    move_lines : array_like of int, shape (2k,), optional
        The 1-based line of each move in its text, which errors name.

    Raises
    ------
    IllegalMoveError
        At the first move off the board or against the rules.
    InvalidInputError, InvalidTypeError
        If ``moves`` is not a ``(2k, 2)`` array of integers, or ``board`` not a
        :class:`BunnyBoard`.

    See Also
    --------
    parse_noi_record : Reads a record from the NOI2011 text.
    analyse_record : Judges every move of a record.
    TokenRecord : The record of a token game on a board or a graph.

    Examples
    --------
    >>> import matchgame
    >>> record = matchgame.parse_noi_record("1 6\\nXO.OXO\\n1\\n1 2\\n1 1\\n")
    >>> record.n_rounds, record.moves.tolist()
    (1, [[0, 1], [0, 0]])
    """

    board: BunnyBoard
    moves: npt.NDArray[np.int64]  # (2k, 2)
    move_lines: npt.NDArray[np.int64] | None = None  # 1-based input line of each move

    rules = GameOf("vertex")  # the empty cell's walk is a vertex game on the arena

    @property
    def graph(self) -> Graph:
        """The graph the empty cell walks on: the arena's (:attr:`BunnyBoard.arena`)."""
        return self.board.arena.graph

    def __post_init__(self) -> None:
        if not isinstance(self.board, BunnyBoard):
            raise InvalidTypeError(
                f"board must be a BunnyBoard (e.g. BunnyBoard.from_rows(rows)), got "
                f"{describe(self.board)}"
            )
        moves = as_int_array(self.moves, "moves")
        if moves.size == 0 and moves.ndim == 1:
            moves = moves.reshape(0, 2)
        if moves.ndim != 2 or moves.shape[1] != 2:
            raise InvalidInputError(
                f"moves must have shape (2k, 2), one (row, col) per move; got {moves.shape}"
            )
        if moves.shape[0] % 2:
            raise InvalidInputError(
                "moves must hold whole rounds (a move of Bunny, then of Egg), got an odd "
                f"number of moves ({moves.shape[0]})"
            )
        n_rows, n_cols = self.board.shape
        if moves.size and (
            moves.min() < 0 or moves[:, 0].max() >= n_rows or moves[:, 1].max() >= n_cols
        ):
            outside = (moves[:, 0] < 0) | (moves[:, 1] < 0)
            outside |= (moves[:, 0] >= n_rows) | (moves[:, 1] >= n_cols)
            i = first_index(outside)
            player, number = player_of(i)
            raise IllegalMoveError(
                f"moves[{i}] = ({moves[i, 0]}, {moves[i, 1]}), {player}'s move {number}, is "
                f"outside the {n_rows} x {n_cols} board"
            )
        object.__setattr__(self, "moves", frozen_copy(moves, np.int64))
        if self.move_lines is not None:
            lines = as_int_array(self.move_lines, "move_lines")
            if lines.shape != (moves.shape[0],):
                raise InvalidInputError(
                    f"move_lines must have shape ({moves.shape[0]},), one line per move; got "
                    f"{lines.shape}"
                )
            object.__setattr__(self, "move_lines", frozen_copy(lines, np.int64))
        self.check_legal()

    @property
    def n_rounds(self) -> int:
        """Number of rounds (a round: Bunny's move and Egg's)."""
        return len(self.moves) // 2

    def __repr__(self) -> str:
        n_rows, n_cols = self.board.shape
        return f"<GameRecord on a {n_rows}x{n_cols} board, {self.n_rounds} rounds>"

    # -- text: the NOI2011 format of matchgame.readers.noi -------------------------

    @classmethod
    def parse(cls, text: str | bytes) -> GameRecord:
        """Read and validate a NOI2011 record (see :func:`parse_noi_record`).

        Raises
        ------
        ParseError
            Malformed text, with its line (and column).
        IllegalMoveError
            A move the rules forbid, naming the line, the player and the cell.
        """
        return parse_noi_record(text)

    def to_text(self) -> str:
        """The NOI2011 text of this record."""
        return format_noi_record(self)

    def __str__(self) -> str:
        """The NOI2011 text without its final newline: ``print(record)`` to a file
        gives a record the command line reads."""
        return self.to_text()[:-1]

    def position(self, upto: int | None = None, **options: Any) -> BasePosition:
        """The game after its first ``upto`` moves (all by default), as a
        :class:`~matchgame.Position` of the token game on the :attr:`BunnyBoard.arena`
        (the token is the empty cell; a move names the piece that slides into it);
        ``options``: the vertex game's."""
        n_moves = self.moves.shape[0]
        upto = n_moves if upto is None else as_int(upto, "upto", low=0, high=n_moves)
        position = self.rules.position(self.board.arena.graph, self.board.empty, **options)
        for row, col in self.moves[:upto].tolist():
            position.push((row, col))
        return position

    def check_legal(self) -> None:
        """Replay the moves on the board.

        Raises
        ------
        IllegalMoveError
            At the first move that does not slide a piece of the mover's colour
            from next to the empty cell into it.
        """
        board = self.board
        index, reason, row, col = _kb.first_illegal_move(
            board.pieces, board.empty[0], board.empty[1], np.ascontiguousarray(self.moves)
        )
        if index < 0:
            return
        player, number = player_of(index)
        r, c = (int(x) for x in self.moves[index])
        where = f"line {self.move_lines[index]}: " if self.move_lines is not None else ""
        if reason == _kb.NOT_ADJACENT:
            why = f"not next to the empty cell at ({row + 1}, {col + 1})"
        else:
            wanted = "white" if player == "Bunny" else "black"
            why = f"{player} moves {wanted} pieces and that cell holds no {wanted} piece"
        raise IllegalMoveError(f"{where}{player}'s move {number} ({r + 1}, {c + 1}): {why}")


def parse_noi_record(text: str | bytes) -> GameRecord:
    """Read and validate a NOI2011 record: format first
    (``matchgame.readers.noi.read_noi_text``), then every move's legality.

    Parameters
    ----------
    text : str or bytes
        The NOI2011 text: ``N M``, ``N`` rows of ``O``, ``X`` and one ``.``, the
        rounds ``K``, then ``2K`` moves ``row col`` (1-based), Bunny's first.

    Returns
    -------
    GameRecord
        The board and the moves, cells 0-based.

    Raises
    ------
    ParseError
        Malformed text, with its line (and column).
    IllegalMoveError
        A move the rules forbid, naming the line, the player and the cell.

    See Also
    --------
    analyse_record : The mistakes in a record.
    parse_token_record : Reads the record of a token game.

    Examples
    --------
    >>> parse_noi_record("1 6\\nXO.OXO\\n1\\n1 2\\n1 1\\n").n_rounds
    1
    """
    read = read_noi_text(text)
    return GameRecord(BunnyBoard(read.pieces, read.empty), read.moves, read.move_lines)
