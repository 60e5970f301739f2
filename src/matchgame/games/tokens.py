"""Records of the token game on any board or graph, and their annotation.

A record is where the game is played (a board under a move rule, or a graph)
and the moves: the first places the token, then the players alternately move it
to an unvisited neighbour. Its text format (the board or edge list, then ``t``
and ``t`` moves) is read and written in :mod:`matchgame.readers.tokens`;
``TokenRecord.parse`` and ``record.to_text()`` reach it as conveniences.

:func:`annotate` judges every move: whether the player making it could force a
win before it and still can after it, and a winning move when the move threw a
win away.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..core._validate import (
    InstanceOf,
    Integer,
    NoneOr,
    Options,
    as_choice,
    as_int,
    validate_params,
)
from ..core.board import Board
from ..core.graph import INDEX_DTYPE, Graph, as_graph
from ..core.matching import decompose
from ..errors import IllegalMoveError, InvalidInputError
from .vertex.engines import analyse_walk
from .vertex.position import Position

if TYPE_CHECKING:
    from ..core.multigraph import MultiGraph

__all__ = [
    "MoveNote",
    "TokenRecord",
    "WalkAnnotation",
    "annotate",
    "check_walk",
]

PLAYERS = ("first", "second")
GAMES = ("vertex", "edge")  # as matchgame.games.vertex.analysis.GAMES


@dataclass(frozen=True, eq=False, repr=False)
class TokenRecord:
    """A token game: where it is played and the moves (vertex ids, placement first).

    Build one with :meth:`parse` or :meth:`from_moves`; both check every move by
    the rules of ``game``: ``"vertex"`` (the token never comes back) or ``"edge"``
    (each move uses an unused edge; cells may repeat). A record of the edge game
    keeps its :class:`~matchgame.MultiGraph` (parallel edges and self-loops are
    moves); ``graph`` is then the simple graph of its vertex pairs.

    Examples
    --------
    >>> import matchgame
    >>> path = matchgame.Graph.from_edges(3, [(0, 1), (1, 2)])
    >>> record = matchgame.TokenRecord.from_moves(path, [0, 1, 2])
    >>> record.moves, record.game
    ([0, 1, 2], 'vertex')
    """

    graph: Graph
    path: npt.NDArray[np.int32]
    board: Board | None = None
    moves_rule: str | None = None
    move_lines: npt.NDArray[np.int64] | None = None  # 1-based input line of each move
    game: str = "vertex"
    multigraph: MultiGraph | None = None  # the edge game's graph

    @property
    def moves(self) -> list[Hashable]:
        """The moves as vertex names (cells on a board)."""
        return self.graph.names.names(self.path)

    def __repr__(self) -> str:
        if self.board is not None:
            where = f"a {self.board.n_rows}x{self.board.n_cols} board ({self.moves_rule} moves)"
        else:
            where = f"a graph of {self.graph.n_vertices} vertices"
        game = " of the edge game" if self.game == "edge" else ""
        return f"<TokenRecord on {where}, {self.path.shape[0]} moves{game}>"

    @classmethod
    def from_moves(
        cls, source: Any, moves: list[Hashable], *, rule: str = "orthogonal", game: str = "vertex"
    ) -> TokenRecord:
        """A record from a board or graph and the moves as vertex names.

        ``game="edge"``: the edge game's rules (``source`` may also be a
        :class:`~matchgame.MultiGraph`, a NetworkX multigraph or a matrix of edge
        counts).

        Raises
        ------
        IllegalMoveError
            At the first move that names no vertex or breaks the rules.

        Examples
        --------
        >>> square = Board.from_rows(["..", ".."])
        >>> TokenRecord.from_moves(square, [(0, 0), (0, 1), (1, 1), (1, 0), (0, 0)], game="edge")
        <TokenRecord on a 2x2 board (orthogonal moves), 5 moves of the edge game>
        """
        if as_choice(game, "game", GAMES) == "edge":
            from .edge.records import edge_record

            return edge_record(source, moves, rule)
        board = source if isinstance(source, Board) else None
        graph = source.to_graph(rule) if board is not None else _as_graph(source)
        names = graph.names
        path = np.array(
            [names.vertex(m, f"move {i + 1}", IllegalMoveError) for i, m in enumerate(moves)],
            dtype=np.int64,
        )
        check_walk(graph, path, None)
        return cls(graph, path.astype(INDEX_DTYPE), board, rule if board is not None else None)

    def position(self, upto: int | None = None) -> Position:
        """The game after its first ``upto`` moves (all by default), as a
        :class:`~matchgame.Position`."""
        n_moves = self.path.shape[0]
        upto = n_moves if upto is None else as_int(upto, "upto", low=0, high=n_moves)
        if self.game == "edge":
            position = Position(self.multigraph, game="edge")
        else:
            position = Position(self.graph)
        for move in self.graph.names.names(self.path[:upto]):
            position.push(move)
        return position

    # -- text: conveniences over matchgame.readers.tokens -------------------------

    @classmethod
    def parse(
        cls,
        text: str | bytes,
        *,
        edges: bool = False,
        rule: str = "orthogonal",
        game: str = "vertex",
    ) -> TokenRecord:
        """Read a record: a board (or, with ``edges``, an edge list), ``t``, ``t`` moves
        (see :func:`matchgame.readers.tokens.parse_token_record`); ``game="edge"``
        reads it by the edge game's rules.

        Raises
        ------
        ParseError
            Malformed text, with its line (and column).
        IllegalMoveError
            A move the rules forbid, naming its line, its number and the vertex.
        """
        from ..readers.tokens import parse_token_record

        return parse_token_record(text, edges=edges, rule=rule, game=as_choice(game, "game", GAMES))

    def to_text(self) -> str:
        """The record's text (the board or edge list, ``t``, the moves)."""
        from ..readers.tokens import format_token_record

        return format_token_record(self)


def _as_graph(source: Any) -> Graph:
    return as_graph(source, "source")


def _where(move_lines: npt.NDArray[np.int64] | None, i: int) -> str:
    return f"line {move_lines[i]}: " if move_lines is not None else ""


def check_walk(
    graph: Graph, path: npt.NDArray[np.int64], move_lines: npt.NDArray[np.int64] | None
) -> None:
    """Refuse the first move that is not along an edge or returns to a visited vertex."""
    names = graph.names
    problems: list[tuple[int, str]] = []
    if path.shape[0] > 1:
        along = graph.has_edges(path[:-1], path[1:])
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
    """One move of a record, judged: the same fields for token-game records and
    NOI2011 records (:meth:`matchgame.RecordAnalysis.notes`).

    Attributes
    ----------
    number : int
        1-based over the whole record, both players (move 1 places the token).
    player : str
        Who moved: ``"first"``/``"second"``; in a NOI2011 record ``"Bunny"``/``"Egg"``.
    round : int
        The player's own move number (``"Bunny's move 2"``: NOI2011 counts mistakes so).
    move : name
        Where the move went: a vertex or ``(row, col)`` cell (in a NOI2011 record the
        piece's cell, where the empty cell goes).
    winning_before, winning_after : bool
        Whether the player could force a win before the move, and still can after it.
    winning_move : name or None
        A winning move the player had before this one; None when they had none.

    Examples
    --------
    >>> import matchgame
    >>> path = matchgame.Graph.from_edges(3, [(0, 1), (1, 2)])
    >>> note = matchgame.annotate(matchgame.TokenRecord.from_moves(path, [1, 0])).notes[0]
    >>> note.player, note.move, note.winning_before, note.mistake
    ('first', 1, True, True)
    """

    number: int
    player: str
    round: int
    move: Hashable
    winning_before: bool
    winning_after: bool
    winning_move: Hashable | None

    @property
    def mistake(self) -> bool:
        """A move from a won position to a lost one."""
        return self.winning_before and not self.winning_after

    @property
    def better(self) -> Hashable | None:
        """The winning move the player had, when this move threw the win away."""
        return self.winning_move if self.mistake else None


@dataclass(frozen=True, eq=False, repr=False)
class WalkAnnotation:
    """Every move of a record judged, and the winner if the game is over.

    Examples
    --------
    >>> import matchgame
    >>> path = matchgame.Graph.from_edges(3, [(0, 1), (1, 2)])
    >>> judged = matchgame.annotate(matchgame.TokenRecord.from_moves(path, [1, 0]))
    >>> judged.winner, judged.mistakes("first")
    ('second', [1])
    """

    record: TokenRecord
    notes: tuple[MoveNote, ...]
    winner: str | None  # "first", "second", or None while moves remain

    def mistakes(self, player: str) -> list[int]:
        """The :attr:`MoveNote.number` of ``player``'s mistakes ("first" or "second")."""
        return [note.number for note in self.notes if note.player == player and note.mistake]

    def __repr__(self) -> str:
        return (
            f"<WalkAnnotation of {len(self.notes)} moves: mistakes {self.mistakes('first')} "
            f"and {self.mistakes('second')}, winner {self.winner}>"
        )

    def _repr_svg_(self) -> str | None:
        """In Jupyter: the final position, moves numbered, mistakes ringed."""
        from .. import draw

        return draw.notebook_svg(self)


@validate_params(
    record=InstanceOf(TokenRecord, "a TokenRecord"),
    game=NoneOr(Options(GAMES)),
    max_states=NoneOr(Integer(low=1)),
)
def annotate(
    record: TokenRecord, *, game: str | None = None, max_states: int | None = None
) -> WalkAnnotation:
    """Judge every move of ``record`` (one augmenting search per move).

    ``game``: ``"vertex"`` or ``"edge"``; by default the record's own. A record
    judged by the other game's rules must follow them
    (:class:`~matchgame.errors.IllegalMoveError` names the first move that does
    not). In the edge game each move costs a rank-one update over GF(2)
    (``matchgame.games.edge.position``), and ``winning_move`` is the first
    winning move in vertex order; ``max_states`` is the budget of its exact
    search on a component with an odd cycle (default 10**6).

    Examples
    --------
    On a path of 4 vertices the first player must not place on an end... nor
    anywhere: it has a perfect matching, so the placer always loses.

    >>> path = Graph.from_edges(4, [(0, 1), (1, 2), (2, 3)])
    >>> notes = annotate(TokenRecord.from_moves(path, [1, 2, 3])).notes
    >>> [(n.player, n.winning_before, n.winning_after) for n in notes]
    [('first', False, False), ('second', True, False), ('first', True, True)]

    In the edge game the token may come back: round a 2x2 board in four moves,
    and the player who moved first is stuck.

    >>> square = Board.from_rows(["..", ".."])
    >>> walk = [(0, 0), (0, 1), (1, 1), (1, 0), (0, 0)]
    >>> annotate(TokenRecord.from_moves(square, walk, game="edge")).winner
    'first'
    """
    game = record.game if game is None else game
    if game == "edge":
        from .edge.analysis import MAX_STATES
        from .edge.records import annotate_edges

        return annotate_edges(record, max_states=MAX_STATES if max_states is None else max_states)
    if max_states is not None:
        raise InvalidInputError("max_states is the edge game's search budget (game='edge')")
    if record.game != "vertex":  # judged by the vertex game's rules: they must hold
        check_walk(record.graph, record.path.astype(np.int64), record.move_lines)
    graph, path = record.graph, record.path
    names = graph.names
    notes: list[MoveNote] = []
    if path.shape[0]:
        missable = decompose(graph).missable
        walk = analyse_walk(graph, path)
        wins, replies = walk.mover_wins, walk.winning_reply
        placer_could = bool(missable.any())
        placed_well = bool(missable[path[0]])
        placement = names.name(int(np.flatnonzero(missable)[0])) if placer_could else None
        notes.append(
            MoveNote(1, "first", 1, names.name(int(path[0])), placer_could, placed_well, placement)
        )
        for t in range(1, path.shape[0]):
            before, after = bool(wins[t - 1]), not bool(wins[t])
            reply = names.name(int(replies[t - 1])) if before else None
            move = names.name(int(path[t]))
            notes.append(MoveNote(t + 1, PLAYERS[t % 2], t // 2 + 1, move, before, after, reply))
    winner = None
    if path.shape[0]:
        token = int(path[-1])
        visited = np.zeros(graph.n_vertices, dtype=bool)
        visited[path] = True
        if visited[graph.indices[graph.offsets[token] : graph.offsets[token + 1]]].all():
            winner = PLAYERS[(path.shape[0] - 1) % 2]  # the last mover; the next cannot move
    elif graph.n_vertices == 0:
        winner = "second"  # the first player cannot even place the token
    return WalkAnnotation(record, tuple(notes), winner)
