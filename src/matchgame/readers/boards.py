"""The board text format of JSOI2009 "Game" and LOJ 6033, read and written: a
:class:`~matchgame.Board` owns it (:mod:`matchgame.core.board`); the readers name it
here beside the other formats."""

from ..core.board import (
    BYTES_PER_CELL,
    board_from_rows,
    board_rows,
    format_board,
    parse_board,
    text_size_limit,
)

__all__ = [
    "BYTES_PER_CELL",
    "board_from_rows",
    "board_rows",
    "format_board",
    "parse_board",
    "text_size_limit",
]
