"""The sliding-puzzle game kernel of NOI2011 "Bunny and Egg" (兔兔与蛋蛋游戏)."""

from __future__ import annotations

from ._jit import kernel

EMPTY = 0
WHITE = 1
BLACK = 2

NOT_ADJACENT = 1
WRONG_COLOUR = 2


@kernel
def first_illegal_move(pieces, empty_row, empty_col, moves):
    """Replay ``moves`` (0-based cells, Bunny first) on a copy of ``pieces``.

    Bunny moves a white piece next to the empty cell into it, Egg a black one.
    Returns ``(index, reason)`` of the first illegal move, ``(-1, 0)`` if all are
    legal, followed by the empty cell's final row and column.
    """
    board = pieces.copy()
    row = empty_row
    col = empty_col
    for i in range(moves.shape[0]):
        r = moves[i, 0]
        c = moves[i, 1]
        if abs(r - row) + abs(c - col) != 1:
            return i, NOT_ADJACENT, row, col
        wanted = WHITE if i % 2 == 0 else BLACK
        if board[r, c] != wanted:
            return i, WRONG_COLOUR, row, col
        board[row, col] = board[r, c]
        board[r, c] = EMPTY
        row = r
        col = c
    return -1, 0, row, col
