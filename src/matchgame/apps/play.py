"""Playing against the engine: any game on any board or graph, or Bunny and Egg.

:class:`Session` holds the position (any game's: :class:`matchgame.BasePosition`)
and the picture; one factory, :func:`game_session`, makes it for every game. The
command line drives it either through a plain line protocol (scripts, tests) or
interactively on a terminal. Moves are vertex names (cells on boards); they are
read and written in the graph's text form (``ROW COL`` 1-based, a vertex number, or
a file's label: :mod:`matchgame.core.names`).
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from typing import Any, BinaryIO, cast

import numpy as np

from ..core._text import shorten_line
from ..core._validate import plural
from ..core.moves import MOVES_HELP
from ..core.names import BoardCells, Cell, VertexNames
from ..draw.terminal import GridPicture, fit_grid
from ..errors import IllegalMoveError, InvalidInputError
from ..games.contract import Game, find_game
from ..games.positions import BasePosition
from ..readers.noi import player_of

__all__ = [
    "COMMANDS",
    "GridPicture",
    "Session",
    "command_of",
    "fit_grid",
    "game_session",
    "legend",
    "parse_cell",
    "read_lines",
    "record_session",
]


@dataclass
class Session:
    """A game between a person and the engine."""

    position: BasePosition
    you_move_first: bool
    describe_turn: Callable[[int], str]
    draw: Callable[[Session], str | GridPicture]
    moves: list[Any] = field(default_factory=list)
    placing: bool = field(init=False)  # the first move places the token

    def __post_init__(self) -> None:
        self.placing = self.position.token_id is None and not self.moves

    @property
    def names(self) -> VertexNames:
        return self.position.names

    @property
    def your_turn(self) -> bool:
        return (len(self.moves) % 2 == 0) == self.you_move_first

    def legal_moves(self) -> list[Hashable]:
        return self.position.legal_moves()

    def is_over(self) -> bool:
        return self.position.is_game_over()

    def text(self, move: Hashable, placement: bool | None = None) -> str:
        """``move`` in the 1-based text form players type (a placement or a step: as
        the position stands now, by default)."""
        return self.position.move_text(move, placement)

    def played_text(self, index: int) -> str:
        """The text of the move played ``index``-th (negative: from the end)."""
        index = index % len(self.moves)
        return self.text(self.moves[index], placement=index == 0 and self.placing)

    def parse(self, text: str) -> Hashable:
        """A typed move (``ROW COL``, a vertex as the graph writes it, or the game's own
        form of a step, such as an arc's ends) as the move's name.

        Raises
        ------
        IllegalMoveError
            If ``text`` names no move, quoting at most a short prefix of it.
        """
        by_vertex = self.position.token_id is None or self.position.steps.by_vertex
        if by_vertex and self.names.width == 2:
            row, col = parse_cell(text)
            return (row, col)
        try:
            return self.position.read_move(text)
        except InvalidInputError as exc:
            raise IllegalMoveError(str(exc)) from None

    def play(self, move: Hashable) -> None:
        """Play ``move`` (a vertex name) for whoever is to move."""
        legal = self.legal_moves()
        if move not in legal:
            shown = ", ".join(self.text(m) for m in legal[:8])
            more = ", ..." if len(legal) > 8 else ""
            where: object
            try:
                where = self.text(move)
            except (InvalidInputError, TypeError):  # off the board or blocked: as typed
                where = " ".join(str(x + 1) for x in move) if isinstance(move, tuple) else move
            raise IllegalMoveError(
                f"{self.describe_turn(len(self.moves))}: {where} is not a legal move "
                f"(legal: {shown}{more})"
            )
        self.position.push(move)
        self.moves.append(move)

    def engine_move(self) -> Hashable:
        move = self.position.best_move()
        assert move is not None, "engine asked to move in a finished game"
        self.play(move)
        return move

    def hint(self) -> Hashable | None:
        return self.position.winning_reply()

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

    def picture(self, columns: int = 1 << 20, lines: int = 1 << 20, *, colour: bool = False) -> str:
        """The position drawn for a terminal of ``columns`` x ``lines`` (by default
        unbounded: the whole board, spaced)."""
        drawn = self.draw(self)
        return drawn if isinstance(drawn, str) else drawn.text(columns, lines, colour=colour)


def _cells(moves: list[Hashable]) -> tuple[Cell, ...]:
    """Moves on a board's graph: its vertices are named by cells."""
    return tuple(cast(Cell, move) for move in moves)


def _describe_placement_game(you_move_first: bool) -> Callable[[int], str]:
    def describe(index: int) -> str:
        who = "your" if (index % 2 == 0) == you_move_first else "the engine's"
        return f"move {index + 1} ({who} {'placement' if index == 0 else 'move'})"

    return describe


def _board_picture(names: BoardCells, session: Session) -> GridPicture:
    """The board with the cells the token has been on ('o'), the token ('@') and the
    legal moves."""
    free = np.zeros(names.shape[0] * names.shape[1], dtype=bool)
    free[names.cell_of_vertex] = True
    chars = np.where(free.reshape(names.shape), ".", "#").astype("<U1")
    for r, c in session.moves[:-1]:
        chars[r, c] = "o"
    token = session.moves[-1] if session.moves else None
    if token is not None:
        chars[token] = "@"
    options = _cells(session.legal_moves()) if token is not None else ()
    return GridPicture(chars, token, options)


def game_session(
    game: str | Game,
    source: object,
    *,
    you_move_first: bool,
    moves: str = "orthogonal",
    **options: Any,
) -> Session:
    """Any game against the engine on a board or graph: place the token, then move it
    by the game's rules. On a board the picture is the grid; on a graph a line: the
    token, what the game has used up (visited vertices, or used edges), the moves."""
    rules = find_game(game)
    position = rules.position(source, moves=moves, **options)
    names = position.names

    def used_text(session: Session) -> str:
        if not rules.moves_per_edge:  # what is used up is vertices: those visited
            between = " " if names.numeric else ", "  # a label may hold a blank
            visited = between.join(session.played_text(i) for i in range(len(session.moves) - 1))
            return f"visited: {visited or 'none'}"
        used = position.used_edge_ids()
        joint, noun = ("->", "arc") if rules.directed else ("-", "edge")
        shown = ", ".join(f"{names.text(u)}{joint}{names.text(v)}" for u, v in used[-8:])
        more = "..., " if len(used) > 8 else ""
        return f"{noun}s used: {more}{shown}" if used else f"no {noun} used yet"

    def draw(session: Session) -> str | GridPicture:
        if isinstance(names, BoardCells):
            return _board_picture(names, session)
        if position.token_id is None:
            vertices = plural(names.n_vertices, "vertex", "vertices")
            return f"{vertices}, no token yet: place it on any vertex"
        # a vertex number a move, or a label (which may hold a blank), or an arc's words
        by_number = (names.numeric or rules.moves_per_edge) and position.steps.by_vertex
        between = " " if by_number else ", "
        legal = between.join(session.text(m) for m in position.legal_moves()) or "none"
        return f"token on {names.describe(position.token_id)}; {used_text(session)}; moves: {legal}"

    return Session(position, you_move_first, _describe_placement_game(you_move_first), draw)


def legend(game: str | Game, session: Session, *, you_move_first: bool, board: bool) -> str:
    """What a player reads before the first move: the game, its rule, who places the
    token, and on a board the marks and how the token moves."""
    rules = find_game(game)
    who = "You place the token" if you_move_first else "The engine places the token"
    text = (
        f"{rules.title[0].upper()}{rules.title[1:]}: {rules.rule}. {who}; then the players "
        "move it in turn. Who cannot move loses."
    )
    names = session.names
    if board and isinstance(names, BoardCells):
        text += f" '@' token, 'o' visited, '#' blocked; the token moves {MOVES_HELP[names.moves]}."
    return text


def record_session(record: Any, *, you_move_first: bool, **options: Any) -> Session:
    """NOI2011 from the position after ``record``'s moves (Bunny, white, to move): the
    vertex game's position on the record's arena (:meth:`GameRecord.position`).

    ``you_move_first``: you are Bunny. A move names the piece to slide into the
    empty cell, as in the record format.
    """
    played = [tuple(cell) for cell in record.moves.tolist()]
    position = record.position(**options)

    def describe(index: int) -> str:
        player, number = player_of(index + len(played))
        whose = "yours" if (index % 2 == 0) == you_move_first else "the engine's"
        return f"{player}'s move {number} ({whose})"

    def draw(session: Session) -> GridPicture:
        walk = [*played, *session.moves]
        pieces = record.board.pieces_after(np.array(walk, dtype=np.int64))
        marks = np.array([".", "O", "X"])[pieces]
        empty = walk[-1] if walk else record.board.empty
        return GridPicture(marks, empty, _cells(session.legal_moves()))

    return Session(position, you_move_first, describe, draw)


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
        typed = text.rstrip("\r\n")  # the line's end is no part of what was typed
        raise ValueError(f"expected 'ROW COL', got {shorten_line(typed.encode())!r}")
    return (int(match[1]) - 1, int(match[2]) - 1)


def read_lines(stream: BinaryIO) -> Iterator[str]:
    """The lines of a byte stream for the line protocol, each cut to :data:`MAX_LINE`
    bytes and decoded as UTF-8 (a file's labels may be any text; bytes that are not
    UTF-8 become U+FFFD, so they can only fail to parse): a huge or binary line costs
    neither memory nor a traceback."""
    while True:
        line = stream.readline(MAX_LINE + 1)
        if not line:
            return
        if len(line) > MAX_LINE and not line.endswith(b"\n"):
            rest = line
            while rest and not rest.endswith(b"\n"):
                rest = stream.readline(1 << 16)
        yield line[:MAX_LINE].decode("utf-8", "replace")


COMMANDS = {"quit": "quit", "q": "quit", "exit": "quit", "hint": "hint", "undo": "undo"}
"""What a player may type instead of a move, in either mode (any case)."""


def command_of(session: Session, text: str) -> str | None:
    """The command ``text`` is (``quit``, ``hint``, ``undo``), or None for a move. On
    a graph whose vertices are labelled, a label (a vertex named ``q``) is the move."""
    command = COMMANDS.get(text.strip().lower())
    if command is not None and session.names.width == 1 and not session.names.numeric:
        try:
            session.names.parse(text.strip(), "move")
        except InvalidInputError:
            return command
        return None
    return command


def run_line_protocol(
    session: Session,
    lines: Iterator[str],
    write: Callable[[str], None],
    *,
    again: Callable[[str], None] | None = None,
) -> None:
    """Scripted play: the engine writes ``engine: ROW COL``, reads ``ROW COL`` lines,
    and ends with ``winner: you`` or ``winner: engine``.

    As on a terminal, a line may be a command instead of a move: ``hint`` writes
    ``hint: ROW COL wins`` (or, when no move wins, ``hint: ROW COL (no move wins: the
    best defence)``), ``undo`` takes back your last move and the engine's reply and
    writes ``undone: ROW COL, ROW COL``, and ``quit`` resigns: the game ends with
    ``winner: engine``.

    An unreadable or illegal move (or ``undo`` with nothing to take back) raises
    IllegalMoveError (naming its input line), unless ``again`` is given: then the
    message goes to ``again`` and the next line is read for the same move.
    """
    line_number = 0
    while not session.is_over():
        if not session.your_turn:
            session.engine_move()
            write(f"engine: {session.played_text(-1)}\n")
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
        command = command_of(session, text)
        try:
            if command == "quit":
                write("winner: engine\n")  # you resign
                return
            if command == "hint":
                write(_hint_line(session))
                continue
            if command == "undo":
                taken = [session.played_text(i) for i in (-2, -1)] if len(session.moves) > 1 else []
                if not session.undo():
                    raise IllegalMoveError("nothing to undo: you have not moved yet")
                write(f"undone: {', '.join(taken)}\n")
                continue
            session.play(session.parse(text))
        except (ValueError, IllegalMoveError) as exc:
            if again is None:
                raise IllegalMoveError(f"input line {line_number}: {exc}") from None
            again(f"input line {line_number}: {exc}; your move again")
    write(f"winner: {'you' if session.winner_is_you() else 'engine'}\n")


def _hint_line(session: Session) -> str:
    """The line protocol's answer to ``hint``: a winning move, else the best defence
    (the move that leaves the engine the fewest winning replies)."""
    hint = session.hint()
    if hint is not None:
        return f"hint: {session.text(hint)} wins\n"
    defence = session.position.best_move()
    assert defence is not None, "a hint asked in a finished game"
    return f"hint: {session.text(defence)} (no move wins: the best defence)\n"


def run_terminal(
    session: Session,
    read: Callable[[str], str],
    write: Callable[[str], None],
    legend: str,
    *,
    size: Callable[[], tuple[int, int]] | None = None,
    colour: bool = False,
) -> None:
    """Interactive play: one board a turn, fitted to the terminal (``size()``:
    its columns and lines, asked each turn so a resized window is followed);
    ``hint``, ``undo``, ``quit``. ``colour``: highlight the token and the moves."""
    write(legend + "\n")
    show = True  # the board changed since it was last shown
    while True:
        if not session.is_over() and not session.your_turn:
            session.engine_move()
            write(f"engine plays {session.played_text(-1)}\n")
            show = True
            continue
        if show:
            columns, lines = size() if size is not None else shutil.get_terminal_size()
            write("\n" + session.picture(columns, lines, colour=colour) + "\n")
            show = False
        if session.is_over():
            write("You win!\n" if session.winner_is_you() else "The engine wins.\n")
            return
        form = "ROW COL" if session.names.width == 2 else "VERTEX"
        if session.position.token_id is not None and not session.position.steps.by_vertex:
            form = f"{form} {form} [KEY]"  # an arc: its ends, and its key among parallel arcs
        try:
            text = read(f"{session.describe_turn(len(session.moves))} - {form}, hint, undo, quit> ")
        except EOFError:
            write("\n")
            return
        except UnicodeDecodeError:
            write("that line is not text; type ROW COL, hint, undo or quit\n")
            continue
        if not text.strip():
            continue  # an empty line: ask again
        command = command_of(session, text)
        if command == "quit":
            return
        if command == "hint":
            hint = session.hint()
            if hint is not None:
                write(f"hint: {session.text(hint)} wins\n")
            else:
                defence = session.position.best_move()
                write(
                    "no winning move: the engine wins with best play; the best defence is "
                    f"{session.text(defence)} (it leaves the engine the fewest winning replies)\n"
                    if defence is not None
                    else "no move is left\n"
                )
            continue
        if command == "undo":
            if session.undo():
                show = True
            else:
                write("nothing to undo\n")
            continue
        try:
            session.play(session.parse(text))
        except (ValueError, IllegalMoveError) as exc:
            write(f"{exc}\n")
            continue
        show = True
