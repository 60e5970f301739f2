"""Playing against the engine: the placement game on a board, or Bunny and Egg.

:class:`Session` holds the rules, the position and the picture; the command
line drives it either through a plain line protocol (scripts, tests) or
interactively on a terminal.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import BinaryIO

import numpy as np

from ._textlines import shorten_line
from .boards import Board, Cell
from .bunny import GameRecord, player_of
from .errors import IllegalMoveError
from .game import Position

__all__ = ["Session", "bunny_session", "parse_cell", "placement_session", "read_lines"]


@dataclass
class Session:
    """A game between a person and the engine on the cells of a board."""

    board: Board  # the cells the token may use
    position: Position
    you_move_first: bool
    describe_turn: Callable[[int], str]
    draw_cells: Callable[[Session], np.ndarray]
    moves: list[Cell] = field(default_factory=list)

    @property
    def your_turn(self) -> bool:
        return (len(self.moves) % 2 == 0) == self.you_move_first

    def legal_cells(self) -> list[Cell]:
        return [self.board.cell(v) for v in self.position.legal_moves()]

    def is_over(self) -> bool:
        return self.position.is_game_over()

    def play(self, cell: Cell) -> None:
        """Play ``cell`` (0-based) for whoever is to move."""
        if (
            not self.board.is_free(cell)
            or self.board.vertex(cell) not in self.position.legal_moves()
        ):
            legal = ", ".join(f"{r + 1} {c + 1}" for r, c in self.legal_cells()[:8])
            more = ", ..." if len(self.legal_cells()) > 8 else ""
            raise IllegalMoveError(
                f"{self.describe_turn(len(self.moves))}: ({cell[0] + 1}, {cell[1] + 1}) is not "
                f"a legal move (legal: {legal}{more})"
            )
        self.position.push(self.board.vertex(cell))
        self.moves.append(cell)

    def engine_move(self) -> Cell:
        move = self.position.best_move()
        assert move is not None, "engine asked to move in a finished game"
        cell = self.board.cell(move)
        self.play(cell)
        return cell

    def hint(self) -> Cell | None:
        reply = self.position.winning_reply()
        return None if reply is None else self.board.cell(reply)

    def undo(self) -> bool:
        """On your turn, take back your last move and the engine's reply.

        Returns False when you have not moved yet.
        """
        if len(self.moves) < 2:
            return False
        for _ in range(2):
            self.position.pop()
            self.moves.pop()
        return True

    def winner_is_you(self) -> bool:
        """Who won a finished game: the player to move has lost."""
        return not self.your_turn

    def picture(self) -> str:
        """The board with coordinates; the token (or empty cell) marks the last move."""
        chars = self.draw_cells(self)
        n_rows, n_cols = chars.shape
        width = len(str(n_cols))
        margin = len(str(n_rows))
        lines = [" " * (margin + 1) + " ".join(str(c + 1).rjust(width) for c in range(n_cols))]
        for r in range(n_rows):
            row = " ".join(mark.rjust(width) for mark in chars[r])
            lines.append(f"{str(r + 1).rjust(margin)} {row}")
        return "\n".join(lines)


def placement_session(board: Board, *, you_move_first: bool) -> Session:
    """The JSOI2009 game: the first player places the token, then moves alternate."""

    def describe(index: int) -> str:
        who = "your" if (index % 2 == 0) == you_move_first else "the engine's"
        return f"move {index + 1} ({who} {'placement' if index == 0 else 'move'})"

    def draw(session: Session) -> np.ndarray:
        chars = np.where(board.free, ".", "#").astype("<U1")
        for r, c in session.moves[:-1]:
            chars[r, c] = "o"
        if session.moves:
            chars[session.moves[-1]] = "@"
        return chars

    return Session(board, Position(board.graph), you_move_first, describe, draw)


def bunny_session(record: GameRecord, *, you_move_first: bool) -> Session:
    """NOI2011 from the position after ``record``'s moves (Bunny, white, to move).

    ``you_move_first``: you are Bunny. A move names the piece to slide into the
    empty cell, as in the record format.
    """
    arena = record.board.arena
    played = [tuple(cell) for cell in record.moves.tolist()]
    position = Position(arena.graph, token=arena.vertex(record.board.empty))
    for cell in played:
        position.push(arena.vertex(cell))

    def describe(index: int) -> str:
        player, number = player_of(index + len(played))
        whose = "yours" if (index % 2 == 0) == you_move_first else "the engine's"
        return f"{player}'s move {number} ({whose})"

    def draw(session: Session) -> np.ndarray:
        pieces = record.board.pieces.copy()
        empty = record.board.empty
        for cell in [*played, *session.moves]:
            pieces[empty], pieces[cell] = pieces[cell], 0
            empty = cell
        return np.array([".", "O", "X"])[pieces]

    return Session(arena, position, you_move_first, describe, draw)


MAX_LINE = 256
"""Longest move line read; the rest of a longer line is discarded unread into memory."""

_MOVE = re.compile(r"\s*([+-]?[0-9]{1,18})\s+([+-]?[0-9]{1,18})\s*", re.ASCII)


def parse_cell(text: str) -> Cell:
    """``"row col"`` (1-based, ASCII digits) to a 0-based cell.

    Raises
    ------
    ValueError
        Quoting at most a short prefix of ``text``.
    """
    match = _MOVE.fullmatch(text)
    if match is None:
        raise ValueError(f"expected 'ROW COL', got {shorten_line(text.encode())!r}")
    return (int(match[1]) - 1, int(match[2]) - 1)


def read_lines(stream: BinaryIO) -> Iterator[str]:
    """The lines of a byte stream for the line protocol, each cut to :data:`MAX_LINE`
    bytes and decoded as ASCII (anything else becomes U+FFFD, so it can only fail
    to parse): a huge or binary line costs neither memory nor a traceback."""
    while True:
        line = stream.readline(MAX_LINE + 1)
        if not line:
            return
        if len(line) > MAX_LINE and not line.endswith(b"\n"):
            rest = line
            while rest and not rest.endswith(b"\n"):
                rest = stream.readline(1 << 16)
        yield line[:MAX_LINE].decode("ascii", "replace")


def run_line_protocol(session: Session, lines: Iterator[str], write: Callable[[str], None]) -> None:
    """Scripted play: the engine writes ``engine: ROW COL``, reads ``ROW COL`` lines."""
    line_number = 0
    while not session.is_over():
        if not session.your_turn:
            r, c = session.engine_move()
            write(f"engine: {r + 1} {c + 1}\n")
            continue
        try:
            text = next(lines)
        except StopIteration:
            raise IllegalMoveError(
                f"input line {line_number + 1}: the input ended before the game did"
            ) from None
        line_number += 1
        if not text.strip():
            continue
        try:
            cell = parse_cell(text)
        except ValueError as exc:
            raise IllegalMoveError(f"input line {line_number}: {exc}") from None
        try:
            session.play(cell)
        except IllegalMoveError as exc:
            raise IllegalMoveError(f"input line {line_number}: {exc}") from None
    write(f"winner: {'you' if session.winner_is_you() else 'engine'}\n")


def run_terminal(
    session: Session, read: Callable[[str], str], write: Callable[[str], None], legend: str
) -> None:
    """Interactive play: the board after every move; ``hint``, ``undo``, ``quit``."""
    write(legend + "\n")
    while True:
        write("\n" + session.picture() + "\n")
        if session.is_over():
            write("You win!\n" if session.winner_is_you() else "The engine wins.\n")
            return
        if not session.your_turn:
            r, c = session.engine_move()
            write(f"engine plays {r + 1} {c + 1}\n")
            continue
        try:
            text = read(
                f"{session.describe_turn(len(session.moves))} - ROW COL, hint, undo, quit> "
            )
        except EOFError:
            write("\n")
            return
        except UnicodeDecodeError:
            write("that line is not text; type ROW COL, hint, undo or quit\n")
            continue
        command = text.strip().lower()
        if not command:
            continue
        if command in ("quit", "q", "exit"):
            return
        if command == "hint":
            cell = session.hint()
            write(
                "no winning move: the engine wins with best play\n"
                if cell is None
                else f"hint: {cell[0] + 1} {cell[1] + 1} wins\n"
            )
            continue
        if command == "undo":
            if not session.undo():
                write("nothing to undo\n")
            continue
        try:
            session.play(parse_cell(text))
        except (ValueError, IllegalMoveError) as exc:
            write(f"{exc}\n")
