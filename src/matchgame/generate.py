"""Random and structured inputs: boards, Bunny-and-Egg boards and game records.

For tests, benchmarks and contest setters. Every function takes a
``numpy.random.Generator`` (or a seed) so results are reproducible.
"""

from __future__ import annotations

from typing import Literal

import numpy as np

from .boards import Board
from .bunny import BunnyBoard, GameRecord
from .game import Position

__all__ = ["play_record", "random_board", "random_bunny_board", "serpentine_record"]

Player = Literal["random", "optimal"]


def _rng(seed: int | np.random.Generator | None) -> np.random.Generator:
    return seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)


def random_board(n_rows: int, n_cols: int, blocked: float, seed=None) -> Board:
    """A board whose cells are blocked independently with probability ``blocked``."""
    return Board(_rng(seed).random((n_rows, n_cols)) >= blocked)


def random_bunny_board(
    n_rows: int, n_cols: int, seed=None, *, checkerboard: bool = False
) -> BunnyBoard:
    """A Bunny-and-Egg board with the empty cell at a random place.

    ``checkerboard=True`` colours every cell so that the empty cell can reach all
    of them (black on the empty cell's parity, white elsewhere).
    """
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
    rng = _rng(seed)
    arena = board.arena
    position = Position(arena.graph, token=arena.vertex(board.empty))
    moves: list[int] = []
    strategies = (bunny, egg)
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
    if size < 1 or size % 2 == 0:
        raise ValueError("the serpentine needs an odd size")
    rows, cols = np.indices((size, size))
    pieces = np.where((rows + cols) % 2 == 0, 2, 1).astype(np.uint8)
    pieces[0, 0] = 0
    cols = cols.copy()
    cols[1::2] = cols[1::2, ::-1]
    walk = np.stack([rows.reshape(-1), cols.reshape(-1)], axis=1)[1:]
    return GameRecord(BunnyBoard(pieces, (0, 0)), walk.astype(np.int64))
