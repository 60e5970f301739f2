# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The sliding-puzzle game kernel of NOI2011 "Bunny and Egg" (兔兔与蛋蛋游戏)."""

import numpy as np

from libc.stdint cimport int64_t, uint8_t

cdef enum:
    _EMPTY = 0
    _WHITE = 1
    _BLACK = 2
    _NOT_ADJACENT = 1
    _WRONG_COLOUR = 2

# pieces
EMPTY = _EMPTY
WHITE = _WHITE
BLACK = _BLACK

# why a move is illegal
NOT_ADJACENT = _NOT_ADJACENT
WRONG_COLOUR = _WRONG_COLOUR


cdef inline bint _adjacent(Py_ssize_t r, Py_ssize_t c, Py_ssize_t row, Py_ssize_t col) noexcept nogil:
    if r == row:
        return c == col + 1 or c == col - 1
    return c == col and (r == row + 1 or r == row - 1)


cdef Py_ssize_t _replay(
    uint8_t[:, ::1] board, Py_ssize_t *row, Py_ssize_t *col, const int64_t[:, :] moves,
    int *reason,
) noexcept nogil:
    cdef Py_ssize_t i, r, c
    cdef uint8_t wanted
    for i in range(moves.shape[0]):
        r = moves[i, 0]
        c = moves[i, 1]
        if not _adjacent(r, c, row[0], col[0]):
            reason[0] = _NOT_ADJACENT
            return i
        wanted = _WHITE if i % 2 == 0 else _BLACK
        # a cell off the board holds no piece (parsed records never name one)
        if not (0 <= r < board.shape[0] and 0 <= c < board.shape[1]) or board[r, c] != wanted:
            reason[0] = _WRONG_COLOUR
            return i
        board[row[0], col[0]] = board[r, c]
        board[r, c] = _EMPTY
        row[0] = r
        col[0] = c
    reason[0] = 0
    return -1


def first_illegal_move(
    const uint8_t[:, :] pieces, Py_ssize_t empty_row, Py_ssize_t empty_col,
    const int64_t[:, :] moves,
):
    """Replay ``moves`` (0-based cells, Bunny first) on a copy of ``pieces``.

    Bunny moves a white piece next to the empty cell into it, Egg a black one.
    Returns ``(index, reason)`` of the first illegal move, ``(-1, 0)`` if all are
    legal, followed by the empty cell's final row and column.
    """
    if not (0 <= empty_row < pieces.shape[0] and 0 <= empty_col < pieces.shape[1]):
        raise ValueError("the empty cell is outside the board")
    if moves.shape[0] and moves.shape[1] < 2:
        raise ValueError("moves must be (row, col) pairs")
    cdef uint8_t[:, ::1] board = np.array(pieces, dtype=np.uint8, order="C")
    cdef Py_ssize_t index, row = empty_row, col = empty_col
    cdef int reason
    with nogil:
        index = _replay(board, &row, &col, moves, &reason)
    return index, reason, row, col
