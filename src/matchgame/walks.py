"""Records of the token game on any board or graph, and their annotation.

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

:func:`annotate` judges every move: whether the player making it could force a
win before it and still can after it, and a winning move when the move threw a
win away.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ._kernels.text import parse_int_lines
from ._textlines import header_line, line_bounds, parse_integers, prepare, shorten_line, text_limit
from .boards import Board
from .errors import IllegalMoveError, ParseError
from .graph import INDEX_DTYPE, Graph
from .names import BoardCells

__all__ = [
    "MoveNote",
    "TokenRecord",
    "WalkAnnotation",
    "annotate",
    "board_text_size_limit",
    "edges_text_size_limit",
]

PLAYERS = ("first", "second")


@dataclass(frozen=True, eq=False)
class TokenRecord:
    """A token game: where it is played and the moves (vertex ids, placement first).

    Build one with :meth:`parse` or :meth:`from_moves`; both check every move.
    """

    graph: Graph
    path: npt.NDArray[np.int32]
    board: Board | None = None
    moves_rule: str | None = None
    move_lines: npt.NDArray[np.int64] | None = None  # 1-based input line of each move

    @property
    def moves(self) -> list[Hashable]:
        """The moves as vertex names (cells on a board)."""
        return self.graph.names.names(self.path)

    @classmethod
    def from_moves(
        cls, source: Any, moves: list[Hashable], *, rule: str = "orthogonal"
    ) -> TokenRecord:
        """A record from a board or graph and the moves as vertex names.

        Raises
        ------
        IllegalMoveError
            At the first move that names no vertex or breaks the rules.
        """
        board = source if isinstance(source, Board) else None
        graph = source.to_graph(rule) if board is not None else _as_graph(source)
        names = graph.names
        path = np.array(
            [names.vertex(m, f"move {i + 1}", IllegalMoveError) for i, m in enumerate(moves)],
            dtype=np.int64,
        )
        _check_walk(graph, path, None)
        return cls(graph, path.astype(INDEX_DTYPE), board, rule if board is not None else None)

    @classmethod
    def parse(
        cls, text: str | bytes, *, edges: bool = False, rule: str = "orthogonal"
    ) -> TokenRecord:
        """Parse a record: a board (or, with ``edges``, an edge list), ``t``, ``t`` moves.

        Raises
        ------
        ParseError
            Malformed text, with its line (and column).
        IllegalMoveError
            A move the rules forbid, naming its line, its number and the vertex.
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
        if edges:
            from .edgelists import parse_edge_list

            graph = parse_edge_list(head_text)
            board = None
        else:
            board = Board.parse(head_text)
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
        _check_walk(graph, path, move_lines)
        return cls(
            graph, path.astype(INDEX_DTYPE), board, rule if board is not None else None, move_lines
        )

    def to_text(self) -> str:
        """The record's text (the board or edge list, ``t``, the moves)."""
        names = self.graph.names
        if self.board is not None:
            head = self.board.to_text()
        else:
            from .certificates import canonical_input

            head = canonical_input(self.graph).decode()
        body = "".join(f"{names.text(int(v))}\n" for v in self.path)
        return f"{head}{self.path.shape[0]}\n{body}"


def _as_graph(source: Any) -> Graph:
    from .graph import as_graph

    return as_graph(source, "source")


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


def _check_walk(
    graph: Graph, path: npt.NDArray[np.int64], move_lines: npt.NDArray[np.int64] | None
) -> None:
    """Refuse the first move that is not along an edge or returns to a visited vertex."""
    names = graph.names
    problems: list[tuple[int, str]] = []
    if path.shape[0] > 1:
        along = graph._adjacent(path[:-1], path[1:])
        if not along.all():
            i = int(np.flatnonzero(~along)[0]) + 1
            problems.append((i, f"not adjacent to the token at {names.text(int(path[i - 1]))}"))
        order = np.argsort(path, kind="stable")
        repeats = order[1:][path[order[1:]] == path[order[:-1]]]
        if repeats.size:
            i = int(repeats.min())
            before = int(np.flatnonzero(path[:i] == path[i])[0])
            problems.append((i, f"returns to a vertex visited at move {before + 1}"))
    if problems:
        i, why = min(problems)
        raise IllegalMoveError(
            f"{_where(move_lines, i)}move {i + 1} ({names.text(int(path[i]))}): {why}"
        )


@dataclass(frozen=True)
class MoveNote:
    """One move judged. ``move`` and ``better`` are vertex names."""

    number: int  # 1-based; move 1 is the placement
    player: str  # "first" or "second"
    move: Hashable
    winning_before: bool  # the player could force a win before the move
    winning_after: bool  # ... and still can after it
    better: Hashable | None  # a winning move, when this one threw a win away

    @property
    def mistake(self) -> bool:
        """A move from a won position to a lost one."""
        return self.winning_before and not self.winning_after


@dataclass(frozen=True, eq=False)
class WalkAnnotation:
    """Every move of a record judged, and the winner if the game is over."""

    record: TokenRecord
    notes: tuple[MoveNote, ...]
    winner: str | None  # "first", "second", or None while moves remain

    def mistakes(self, player: str) -> list[int]:
        """Numbers of ``player``'s mistakes ("first" or "second")."""
        return [note.number for note in self.notes if note.player == player and note.mistake]

    def _repr_svg_(self) -> str | None:
        """In Jupyter: the final position, moves numbered, mistakes ringed."""
        from . import render
        from .names import BoardCells

        graph = self.record.graph
        if graph.n_vertices > render.MAX_GRAPH_VERTICES and not isinstance(graph.names, BoardCells):
            return None
        return render.to_svg(render.walk_scene(self)).decode()


def annotate(record: TokenRecord) -> WalkAnnotation:
    """Judge every move of ``record`` (one augmenting search per move).

    Examples
    --------
    On a path of 4 vertices the first player must not place on an end... nor
    anywhere: it has a perfect matching, so the placer always loses.

    >>> path = Graph.from_edges(4, [(0, 1), (1, 2), (2, 3)])
    >>> notes = annotate(TokenRecord.from_moves(path, [1, 2, 3])).notes
    >>> [(n.player, n.winning_before, n.winning_after) for n in notes]
    [('first', False, False), ('second', True, False), ('first', True, True)]
    """
    from .game import analyse_walk
    from .matching import decompose

    graph, path = record.graph, record.path
    names = graph.names
    notes: list[MoveNote] = []
    if path.shape[0]:
        missable = decompose(graph).missable
        walk = analyse_walk(graph, path)
        wins, replies = walk.mover_wins, walk.winning_reply
        placer_could = bool(missable.any())
        placed_well = bool(missable[path[0]])
        better0 = (
            names.name(int(np.flatnonzero(missable)[0]))
            if placer_could and not placed_well
            else None
        )
        notes.append(
            MoveNote(1, "first", names.name(int(path[0])), placer_could, placed_well, better0)
        )
        for t in range(1, path.shape[0]):
            before, after = bool(wins[t - 1]), not bool(wins[t])
            better = names.name(int(replies[t - 1])) if before and not after else None
            notes.append(
                MoveNote(t + 1, PLAYERS[t % 2], names.name(int(path[t])), before, after, better)
            )
    winner = None
    if path.shape[0]:
        token = int(path[-1])
        visited = np.zeros(graph.n_vertices, dtype=bool)
        visited[path] = True
        if visited[graph.neighbors[graph.offsets[token] : graph.offsets[token + 1]]].all():
            winner = PLAYERS[(path.shape[0] - 1) % 2]  # the last mover; the next cannot move
    elif graph.n_vertices == 0:
        winner = "second"  # the first player cannot even place the token
    return WalkAnnotation(record, tuple(notes), winner)


def _limit(head: bytes, edges: bool) -> int:
    from . import boards, edgelists

    inner = edgelists.text_size_limit(head) if edges else boards.text_size_limit(head)
    top, header = header_line(head)
    counts = parse_integers(header, 2, line_number=top + 1, what="the header")
    n_vertices = counts[0] if edges else counts[0] * counts[1]
    digits = len(str(max(counts[0], counts[1], 1)))
    # at most one move per vertex, each "r c" or "v" with a few spaces
    return inner + text_limit(2 + n_vertices, n_vertices * (2 * digits + 2) + 24)


def board_text_size_limit(head: bytes) -> int:
    """The largest a record on a board can be, from its beginning."""
    return _limit(head, False)


def edges_text_size_limit(head: bytes) -> int:
    """The largest a record on an edge list can be, from its beginning."""
    return _limit(head, True)
