"""Answers of the placement game, any game's: contest text (JSOI2009, LOJ 6033), JSON,
a board drawing.

The JSON documents are the games' own (an analysis' ``answer()``: the vertex
game's fields are in ``matchgame.games.vertex.documents``, the edge game's in
``matchgame.games.edge.documents``); this module writes them, and the contest
texts, in pieces.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import numpy as np

from .._kernels.text import format_int_rows
from ..core._validate import Options, plural, validate_params
from ..core.board import OF_A_BOARD
from ..core.names import BoardCells
from ..errors import InvalidParameterError
from .jsonstream import json_chunks

if TYPE_CHECKING:
    from ..games.analyses import BaseAnalysis

__all__ = [
    "STYLES",
    "draw_board",
    "format_placements",
    "placements_answer",
    "placements_chunks",
]

STYLES = ("jsoi", "loj", "json", "board")


def __getattr__(name: str) -> Any:
    """The vertex game's document functions, once named here too, with a warning."""
    from .._moved import moved_name

    return moved_name(__name__, name)


_ROWS_PER_PIECE = 1 << 18  # rows of an array formatted at a time


def placements_answer(analysis: BaseAnalysis) -> dict[str, Any]:
    """The JSON answer document of any game's analysis (a board's or a graph's), lists
    as numpy arrays; what ``matchgame placements --format json`` writes (the
    analysis' own :meth:`~matchgame.games.analyses.BaseAnalysis.answer`)."""
    return analysis.answer()


# -- writing -------------------------------------------------------------------


@validate_params(style=Options(STYLES))
def placements_chunks(
    analysis: BaseAnalysis,
    style: str,
    certificate: dict[str, Any] | None = None,
) -> Iterator[bytes]:
    """The answer in ``style`` (one of :data:`STYLES`), in pieces to write one by one.

    Vertices are written in their text form (``row col`` for a cell, 1-based; a
    number, or a label, for a vertex: see :mod:`matchgame.core.names`).
    ``certificate`` (from :meth:`Analysis.certificate`) goes with ``"json"`` only;
    ``"board"`` needs a board.
    """
    if certificate is not None and style != "json":
        raise InvalidParameterError("certificate applies to the json style only")
    if style == "board" and analysis.board is None:
        raise InvalidParameterError("style 'board' needs an analysis of a board, not of a graph")
    if style == "json":
        document = placements_answer(analysis)
        if certificate is not None:
            document["certificate"] = certificate
        return json_chunks(document)
    if style == "board":
        return iter([draw_board(analysis).encode()])
    names, winning, unknown = analysis.names, analysis.winning_ids, analysis.unknown_ids
    if style == "jsoi":
        head = b"WIN\n" if winning.shape[0] else b"UNKNOWN\n" if unknown.shape[0] else b"LOSE\n"
    else:
        head = f"{winning.shape[0]}\n".encode()
    pieces = itertools.chain([head], _names_lines(names, winning))
    if unknown.shape[0]:  # a partial answer: the vertices not settled, after a line
        tail = [f"unknown: {unknown.shape[0]}\n".encode()]
        pieces = itertools.chain(pieces, tail, _names_lines(names, unknown))
    return pieces


def _names_lines(names: Any, ids: np.ndarray) -> Iterator[bytes]:
    """The vertices ``ids`` in their text form, one a line."""
    if not names.numeric:  # labels, one a line
        return iter(["".join(f"{text}\n" for text in names.texts(ids)).encode()])
    return _int_lines(names.numbers(ids))


def format_placements(
    analysis: BaseAnalysis,
    style: str,
    certificate: dict[str, Any] | None = None,
) -> bytes:
    """The whole answer in ``style`` as bytes (see :func:`placements_chunks`).

    Examples
    --------
    >>> from matchgame import analyse
    >>> analysis = analyse([".##", "...", "#.#"])
    >>> format_placements(analysis, "jsoi")
    b'WIN\\n2 3\\n3 2\\n'
    >>> import json
    >>> json.loads(format_placements(analysis, "json"))["matching"]  # [row1, col1, row2, col2]
    [[1, 1, 2, 1], [2, 2, 3, 2]]
    """
    return b"".join(placements_chunks(analysis, style, certificate))


def _int_lines(rows: np.ndarray) -> Iterator[bytes]:
    """The rows as lines of space-separated numbers, a slice at a time."""
    for start in range(0, rows.shape[0], _ROWS_PER_PIECE):
        part = np.ascontiguousarray(rows[start : start + _ROWS_PER_PIECE], dtype=np.int64)
        yield format_int_rows(part).tobytes()


@validate_params(analysis=OF_A_BOARD)
def draw_board(analysis: BaseAnalysis) -> str:
    """A board analysis as text: ``W`` where the placer wins, ``.`` where the
    placer loses, ``#`` blocked, then a legend and the verdict."""
    board = analysis.board
    assert board is not None  # OF_A_BOARD
    chars = np.full(board.shape, ord("#"), dtype=np.uint8)
    chars[board.free] = ord(".")
    chars[analysis.board_mask()] = ord("W")
    unknown = analysis.unknown_mask
    if unknown.any():  # a partial answer
        assert isinstance(analysis.names, BoardCells)
        chars[analysis.names.grid(unknown, False)] = ord("?")
    body = "\n".join(bytes(row).decode() for row in chars)
    legend = "W placer wins  . placer loses  # blocked" + ("  ? unknown" if unknown.any() else "")
    wins = int(analysis.winning_mask.sum())
    placements = plural(wins, "winning placement")
    verdict = placements if wins else "no winning placement: the placer loses"
    if unknown.any():
        verdict = f"{placements} settled, {int(unknown.sum())} unknown"
    return f"{body}\n{legend}; {verdict}\n"
