"""Random and structured inputs: boards, Bunny-and-Egg boards and game records.

For tests, benchmarks and contest setters. Every function takes a
``numpy.random.Generator`` (or a seed) so results are reproducible.
"""

from __future__ import annotations

from typing import Literal

import numpy as np

from ._validate import as_choice, as_int, as_real, describe
from .boards import MAX_CELLS, Board
from .bunny import BunnyBoard, GameRecord
from .errors import InvalidInputError, InvalidTypeError
from .game import Position

__all__ = ["play_record", "random_board", "random_bunny_board", "serpentine_record"]

Player = Literal["random", "optimal"]
PLAYER_KINDS = ("random", "optimal")


def _rng(seed: int | np.random.Generator | None) -> np.random.Generator:
    """A generator from ``seed``: None (fresh entropy), an int >= 0 or a Generator."""
    if seed is None or isinstance(seed, np.random.Generator):
        return np.random.default_rng(seed)
    if isinstance(seed, bool | np.bool_) or not isinstance(seed, int | np.integer):
        raise InvalidTypeError(
            f"seed must be None, an int or a numpy.random.Generator, got {describe(seed)}"
        )
    return np.random.default_rng(as_int(seed, "seed", low=0))


def _board_size(n_rows: int, n_cols: int) -> tuple[int, int]:
    n_rows = as_int(n_rows, "n_rows", low=1)
    n_cols = as_int(n_cols, "n_cols", low=1)
    if n_rows * n_cols > MAX_CELLS:
        raise InvalidInputError(f"a {n_rows} x {n_cols} board has more than {MAX_CELLS} cells")
    return n_rows, n_cols


def random_board(n_rows: int, n_cols: int, blocked: float, seed=None) -> Board:
    """A board whose cells are blocked independently with probability ``blocked``."""
    n_rows, n_cols = _board_size(n_rows, n_cols)
    blocked = as_real(blocked, "blocked", low=0.0, high=1.0)
    return Board(_rng(seed).random((n_rows, n_cols)) >= blocked)


def random_bunny_board(
    n_rows: int, n_cols: int, seed=None, *, checkerboard: bool = False
) -> BunnyBoard:
    """A Bunny-and-Egg board with the empty cell at a random place.

    ``checkerboard=True`` colours every cell so that the empty cell can reach all
    of them (black on the empty cell's parity, white elsewhere).
    """
    n_rows, n_cols = _board_size(n_rows, n_cols)
    if not isinstance(checkerboard, bool | np.bool_):
        raise InvalidTypeError(f"checkerboard must be a bool, got {describe(checkerboard)}")
    rng = _rng(seed)
    empty = (int(rng.integers(n_rows)), int(rng.integers(n_cols)))
    if checkerboard:
        rows, cols = np.indices((n_rows, n_cols))
        pieces = np.where((rows + cols) % 2 == sum(empty) % 2, 2, 1).astype(np.uint8)
    else:
        pieces = rng.integers(1, 3, size=(n_rows, n_cols)).astype(np.uint8)
    pieces[empty] = 0
    return BunnyBoard(pieces, empty)


def play_record(
    board: BunnyBoard,
    seed=None,
    *,
    bunny: Player = "random",
    egg: Player = "optimal",
    max_rounds: int | None = None,
) -> GameRecord:
    """Play a game on ``board`` and return its record.

    A ``"random"`` player picks uniformly among legal moves; an ``"optimal"`` one
    plays a winning move when it has one, else a random move. The game stops when
    Bunny cannot move (Egg won), when Egg cannot move after Bunny's move (that
    last Bunny move is dropped: a record holds whole rounds), or after
    ``max_rounds`` rounds.
    """
    if not isinstance(board, BunnyBoard):
        raise InvalidTypeError(
            f"board must be a BunnyBoard (e.g. random_bunny_board(...)), got {describe(board)}"
        )
    strategies = (as_choice(bunny, "bunny", PLAYER_KINDS), as_choice(egg, "egg", PLAYER_KINDS))
    if max_rounds is not None:
        max_rounds = as_int(max_rounds, "max_rounds", low=0)
    rng = _rng(seed)
    arena = board.arena
    position = Position(arena.graph, token=arena.vertex(board.empty))
    moves: list[int] = []
    while max_rounds is None or len(moves) < 2 * max_rounds:
        legal = position.legal_moves()
        if not legal:
            break
        reply = position.winning_reply() if strategies[len(moves) % 2] == "optimal" else None
        move = reply if reply is not None else legal[int(rng.integers(len(legal)))]
        position.push(move)
        moves.append(move)
    if len(moves) % 2:
        moves.pop()
    cells = np.array([arena.cell(v) for v in moves], dtype=np.int64).reshape(-1, 2)
    return GameRecord(board, cells)


def serpentine_record(size: int) -> GameRecord:
    """A ``size x size`` checkerboard (``size`` odd) walked as a serpentine.

    The empty cell starts in the top-left corner and sweeps row by row,
    alternating direction, over every cell: ``(size * size - 1) / 2`` rounds.
    """
    size = as_int(size, "size", low=1)
    if size % 2 == 0:
        raise InvalidInputError(f"size must be odd (the serpentine ends in a corner), got {size}")
    _board_size(size, size)
    rows, cols = np.indices((size, size))
    pieces = np.where((rows + cols) % 2 == 0, 2, 1).astype(np.uint8)
    pieces[0, 0] = 0
    cols = cols.copy()
    cols[1::2] = cols[1::2, ::-1]
    walk = np.stack([rows.reshape(-1), cols.reshape(-1)], axis=1)[1:]
    return GameRecord(BunnyBoard(pieces, (0, 0)), walk.astype(np.int64))
