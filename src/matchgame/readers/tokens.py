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

The records (:class:`~matchgame.games.tokens.TokenRecord`) and their judging live
in :mod:`matchgame.games.tokens`.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .._kernels.text import parse_int_lines
from ..core._validate import Applies, Boolean, Options, validate_params
from ..core.board import Board
from ..core.graph import INDEX_DTYPE, Graph
from ..core.moves import MOVES
from ..core.names import BoardCells, VertexIds
from ..errors import IllegalMoveError, ParseError
from ..games.tokens import TokenRecord, check_walk
from ._text import header_line, line_bounds, parse_integers, prepare, shorten_line, text_limit
from .boards import format_board, parse_board
from .boards import text_size_limit as board_limit
from .edgelists import format_edge_list, parse_edge_list
from .edgelists import text_size_limit as edge_list_limit

__all__ = [
    "board_text_size_limit",
    "edge_game_board_text_size_limit",
    "edge_game_edges_text_size_limit",
    "edges_text_size_limit",
    "format_token_record",
    "parse_token_record",
]


@validate_params(
    edges=Boolean(),
    rule=Options(MOVES, only=Applies("edges", lambda edges: not edges, "a board (edges=False)")),
    game=Options(("vertex", "edge")),
)
def parse_token_record(
    text: str | bytes, *, edges: bool = False, rule: str = "orthogonal", game: str = "vertex"
) -> TokenRecord:
    """Read a record: a board (or, with ``edges``, an edge list), ``t``, ``t`` moves.

    ``game="edge"``: the edge game's record (an edge list keeps its repeated edges
    and self-loops; moves may come back, each along an unused edge).

    Raises
    ------
    ParseError
        Malformed text, with its line (and column).
    IllegalMoveError
        A move the rules forbid, naming its line, its number and the vertex.

    Examples
    --------
    >>> parse_token_record("3 3\\n.##\\n...\\n#.#\\n2\\n2 2\\n2 3\\n").moves
    [(1, 1), (1, 2)]
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
    board: Board | None = None
    multigraph = None
    if edges and game == "edge":
        multigraph = parse_edge_list(head_text, multigraph=True)
        graph = multigraph.support
    elif edges:
        graph = parse_edge_list(head_text)
    else:
        board = parse_board(head_text)
        graph = board.to_graph(rule)
    if n_lines <= t_line:
        raise ParseError("expected the number of moves t", line=t_line + 1)

    def line(i: int) -> bytes:
        return data[starts[i] : ends[i]]

    (t,) = parse_integers(line(t_line), 1, line_number=t_line + 1, what="the number of moves t")
    if t < 0:
        raise ParseError(f"the number of moves must be >= 0, got {t}", line=t_line + 1)
    first = t_line + 1
    if n_lines - first < t:
        raise ParseError(f"expected {t} moves, got {n_lines - first}", line=n_lines + 1)
    for extra in range(first + t, n_lines):
        if line(extra).strip():
            raise ParseError(
                f"unexpected content after the {t} moves: {shorten_line(line(extra))!r}",
                line=extra + 1,
            )
    values, bad_line, bad_column, found = parse_int_lines(
        buffer, starts[first : first + t], ends[first : first + t], width
    )
    if bad_line >= 0:
        problem = "is not an integer" if found < 0 else f"has {found} numbers"
        form = "'ROW COL'" if width == 2 else "a vertex number"
        raise ParseError(
            f"move {bad_line + 1}: expected {form}, the line {problem}",
            line=first + bad_line + 1,
            column=bad_column + 1,
        )
    move_lines = np.arange(first + 1, first + 1 + t, dtype=np.int64)
    path = _ids_of_numbers(graph, values.reshape(t, width), move_lines)
    if game == "edge":
        from ..games.edge.records import check_edge_walk, edge_multigraph

        multigraph = edge_multigraph(board or multigraph, rule)
        check_edge_walk(multigraph, path, move_lines)
    else:
        check_walk(graph, path, move_lines)
    rules = rule if board is not None else None
    return TokenRecord(graph, path.astype(INDEX_DTYPE), board, rules, move_lines, game, multigraph)


def format_token_record(record: TokenRecord) -> str:
    """A record's text: the board (or the edge list in canonical form), ``t``, the moves."""
    graph = record.graph
    # the moves in the numbers of the text above: cells, or the edge list's 1..n (a
    # graph named otherwise, by a SNAP file's ids or labels, is written as that list)
    names = graph.names if record.board is not None else VertexIds(graph.n_vertices)
    head = (
        format_board(record.board)
        if record.board is not None
        else format_edge_list(record.multigraph or graph)
    )
    body = "".join(f"{text}\n" for text in names.texts(record.path))
    return f"{head}{record.path.shape[0]}\n{body}"


def _where(move_lines: npt.NDArray[np.int64] | None, i: int) -> str:
    return f"line {move_lines[i]}: " if move_lines is not None else ""


def _ids_of_numbers(
    graph: Graph, values: npt.NDArray[np.int64], move_lines: npt.NDArray[np.int64]
) -> npt.NDArray[np.int64]:
    """Vertex ids of 1-based move numbers (a column per number), refusing the first
    that names no vertex."""
    names = graph.names
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
    bad = np.flatnonzero((ids < 0) | (ids >= graph.n_vertices))
    if bad.size:
        i = int(bad[0])
        raise IllegalMoveError(
            f"{_where(move_lines, i)}move {i + 1} ({int(values[i, 0])}): no such vertex "
            f"(vertices 1..{graph.n_vertices})"
        )
    return ids


def _limit(head: bytes, edges: bool, game: str = "vertex") -> int:
    inner = edge_list_limit(head) if edges else board_limit(head)
    top, header = header_line(head)
    counts = parse_integers(header, 2, line_number=top + 1, what="the header")
    n_vertices = counts[0] if edges else counts[0] * counts[1]
    digits = len(str(max(counts[0], counts[1], 1)))
    # the vertex game: at most one move per vertex; the edge game: one per edge and the
    # placement (a board's cell has at most 8 neighbours: 4 edges a cell), each "r c"
    # or "v" with a few spaces
    n_moves = n_vertices
    if game == "edge":
        n_moves = 1 + (counts[1] if edges else 4 * n_vertices)
    return inner + text_limit(2 + n_moves, n_moves * (2 * digits + 2) + 24)


def board_text_size_limit(head: bytes) -> int:
    """The largest a record on a board can be, from its beginning."""
    return _limit(head, False)


def edges_text_size_limit(head: bytes) -> int:
    """The largest a record on an edge list can be, from its beginning."""
    return _limit(head, True)


def edge_game_board_text_size_limit(head: bytes) -> int:
    """The largest an edge game's record on a board can be (a move per edge)."""
    return _limit(head, False, "edge")


def edge_game_edges_text_size_limit(head: bytes) -> int:
    """The largest an edge game's record on an edge list can be (a move per edge)."""
    return _limit(head, True, "edge")
