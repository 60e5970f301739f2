"""The token-game record format, read and written.

A record is the board (or edge list) in its usual text, then a line ``t`` and
``t`` moves, one per line: the first is where the first player places the
token, then the players alternately move it to an unvisited neighbour. Moves are
``ROW COL`` on a board and a vertex number on an edge list (1-based)::

    3 3
    .##
    ...
    #.#
    3
    2 2
    2 3
    2 1       <- illegal: not next to 2 3

This module reads the text (:func:`read_token_text`) and writes it back; the
records (:class:`~matchgame.games.tokens.TokenRecord`), the rules they are checked
by and their judging live with the games (:mod:`matchgame.games.tokens`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from .._kernels.text import parse_int_lines
from ..core._text import (
    header_line,
    line_bounds,
    parse_integers,
    prepare,
    text_limit,
    unexpected_content,
)
from ..core._validate import plural
from ..core.board import format_board, parse_board
from ..core.board import text_size_limit as board_limit
from ..core.names import BoardCells, VertexIds, VertexNames
from ..errors import IllegalMoveError, ParseError
from .edgelists import format_edge_list, parse_edge_list
from .edgelists import text_size_limit as edge_list_limit

if TYPE_CHECKING:
    from ..games.tokens import TokenRecord

__all__ = [
    "TokenText",
    "board_text_size_limit",
    "edges_text_size_limit",
    "format_token_record",
    "ids_of_numbers",
    "per_edge_board_text_size_limit",
    "per_edge_edges_text_size_limit",
    "read_token_text",
]


@dataclass(frozen=True)
class TokenText:
    """A record's text, read but not judged: where the game is played (a
    :class:`~matchgame.Board`, or what the edge list reads as), and each move's line.
    The moves are read as the game names them: :meth:`numbers` as vertices (``ROW
    COL`` on a board, a vertex number on an edge list; 1-based), or :meth:`texts`, the
    lines as written, for a game's own steps (an arc's ends). The games turn it into a
    record and check it by their rules (:func:`matchgame.games.tokens.parse_token_record`)."""

    where: Any
    move_lines: npt.NDArray[np.int64]
    _buffer: Any
    _starts: npt.NDArray[np.int64]
    _ends: npt.NDArray[np.int64]
    _width: int  # numbers a vertex is written with: 2 on a board, 1 on an edge list

    def numbers(self, upto: int | None = None) -> npt.NDArray[np.int64]:
        """The first ``upto`` moves' numbers (all by default), one row a move, each a
        vertex as written.

        Raises
        ------
        ParseError
            At the first of them that is not a vertex's numbers, naming its line.
        """
        t = self.move_lines.shape[0] if upto is None else min(upto, self.move_lines.shape[0])
        width = self._width
        values, bad_line, bad_column, found = parse_int_lines(
            self._buffer, self._starts[:t], self._ends[:t], width
        )
        if bad_line >= 0:
            problem = "is not an integer" if found < 0 else f"has {plural(found, 'number')}"
            form = "'ROW COL'" if width == 2 else "a vertex number"
            raise ParseError(
                f"move {bad_line + 1}: expected {form}, the line {problem}",
                line=int(self.move_lines[bad_line]),
                column=bad_column + 1,
            )
        return values.reshape(t, width).astype(np.int64)

    def texts(self) -> list[str]:
        """Each move's line as written (ASCII; a game's own steps are read from them)."""
        buffer = bytes(self._buffer)
        return [
            buffer[start:end].decode("ascii", "replace")
            for start, end in zip(self._starts.tolist(), self._ends.tolist(), strict=True)
        ]


def read_token_text(
    text: str | bytes,
    *,
    edges: bool = False,
    read_edge_list: Callable[[bytes], Any] = parse_edge_list,
) -> TokenText:
    """Read a record's text: a board (or, with ``edges``, an edge list, read by
    ``read_edge_list``), ``t``, ``t`` moves.

    Raises
    ------
    ParseError
        Malformed text, with its line (and column).

    Examples
    --------
    >>> read_token_text("3 3\\n.##\\n...\\n#.#\\n2\\n2 2\\n2 3\\n").numbers().tolist()
    [[2, 2], [2, 3]]
    """
    data = prepare(text)
    top, header = header_line(data)
    width = 1 if edges else 2
    counts = parse_integers(header, 2, line_number=top + 1, what="the header")
    body_lines = counts[1] if edges else counts[0]
    buffer, starts, ends, n_lines = line_bounds(data)
    t_line = top + 1 + max(body_lines, 0)
    end = len(data) if n_lines <= t_line else int(starts[t_line])
    head_text = data[:end]
    where = read_edge_list(head_text) if edges else parse_board(head_text)
    if n_lines <= t_line:
        raise ParseError("expected the number of moves t", line=t_line + 1)

    def line(i: int) -> bytes:
        return data[starts[i] : ends[i]]

    (t,) = parse_integers(line(t_line), 1, line_number=t_line + 1, what="the number of moves t")
    if t < 0:
        raise ParseError(f"the number of moves must be >= 0, got {t}", line=t_line + 1)
    first = t_line + 1
    if n_lines - first < t:
        raise ParseError(f"expected {plural(t, 'move')}, got {n_lines - first}", line=n_lines + 1)
    for extra in range(first + t, n_lines):
        if line(extra).strip():
            raise unexpected_content(f"the {plural(t, 'move')}", line(extra), extra + 1)
    move_lines = np.arange(first + 1, first + 1 + t, dtype=np.int64)
    bounds = (starts[first : first + t].astype(np.int64), ends[first : first + t].astype(np.int64))
    return TokenText(where, move_lines, buffer, *bounds, width)


def format_token_record(record: TokenRecord) -> str:
    """A record's text: the board (or the edge list in canonical form), ``t``, the moves
    (the placement's vertex, then each move as the game writes it)."""
    graph = record.graph
    # the moves in the numbers of the text above: cells, or the edge list's 1..n (a
    # graph named otherwise, by a SNAP file's ids or labels, is written as that list)
    names = graph.names if record.board is not None else VertexIds(graph.n_vertices)
    head = (
        format_board(record.board)
        if record.board is not None
        else format_edge_list(record.game_graph if record.multigraph is None else record.multigraph)
    )
    steps = record.rules.steps(record.game_graph, names)
    if steps.by_vertex:
        texts = names.texts(record.path)
    else:
        path = record.path.tolist()
        texts = [names.text(path[0]), *(steps.text(i) for i in path[1:])] if path else []
    body = "".join(f"{text}\n" for text in texts)
    return f"{head}{record.path.shape[0]}\n{body}"


def _where(move_lines: npt.NDArray[np.int64] | None, i: int) -> str:
    return f"line {move_lines[i]}: " if move_lines is not None else ""


def ids_of_numbers(
    names: VertexNames, values: npt.NDArray[np.int64], move_lines: npt.NDArray[np.int64] | None
) -> npt.NDArray[np.int64]:
    """Vertex ids of 1-based move numbers (a column per number: ``ROW COL`` on a
    board's cells, a vertex number else), refusing the first that names no vertex.

    Raises
    ------
    IllegalMoveError
        Naming the move (its number, and its line when ``move_lines`` are given).
    """
    n_vertices = names.n_vertices
    if isinstance(names, BoardCells):
        n_rows, n_cols = names.shape
        rows, cols = values[:, 0] - 1, values[:, 1] - 1
        inside = (rows >= 0) & (rows < n_rows) & (cols >= 0) & (cols < n_cols)
        ids = np.full(values.shape[0], -1, dtype=np.int64)
        ids[inside] = names.vertex_of_cell[rows[inside] * n_cols + cols[inside]]
        bad = np.flatnonzero(ids < 0)
        if bad.size:
            i = int(bad[0])
            r, c = int(values[i, 0]), int(values[i, 1])
            why = (
                f"outside the {n_rows} x {n_cols} board" if not inside[i] else "the cell is blocked"
            )
            raise IllegalMoveError(f"{_where(move_lines, i)}move {i + 1} ({r} {c}): {why}")
        return ids
    ids = values[:, 0] - 1
    bad = np.flatnonzero((ids < 0) | (ids >= n_vertices))
    if bad.size:
        i = int(bad[0])
        raise IllegalMoveError(
            f"{_where(move_lines, i)}move {i + 1} ({int(values[i, 0])}): no such vertex "
            f"(vertices 1..{n_vertices})"
        )
    return ids


def _limit(head: bytes, edges: bool, per_edge: bool = False) -> int:
    inner = edge_list_limit(head) if edges else board_limit(head)
    top, header = header_line(head)
    counts = parse_integers(header, 2, line_number=top + 1, what="the header")
    n_vertices = counts[0] if edges else counts[0] * counts[1]
    digits = len(str(max(counts[0], counts[1], 1)))
    # a game whose token never comes back: at most one move per vertex; one that may
    # (the edge game): one per edge and the placement (a board's cell has at most 8
    # neighbours: 4 edges a cell), each "r c" or "v" with a few spaces
    n_moves = n_vertices
    if per_edge:
        n_moves = 1 + (counts[1] if edges else 4 * n_vertices)
    return inner + text_limit(2 + n_moves, n_moves * (2 * digits + 2) + 24)


def board_text_size_limit(head: bytes) -> int:
    """The largest a record on a board can be, from its beginning."""
    return _limit(head, False)


def edges_text_size_limit(head: bytes) -> int:
    """The largest a record on an edge list can be, from its beginning."""
    return _limit(head, True)


def per_edge_board_text_size_limit(head: bytes) -> int:
    """The largest a record on a board can be when the token may come back (a move
    per edge: the edge game's)."""
    return _limit(head, False, True)


def per_edge_edges_text_size_limit(head: bytes) -> int:
    """The largest a record on an edge list can be when the token may come back."""
    return _limit(head, True, True)
