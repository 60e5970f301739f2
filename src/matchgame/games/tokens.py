"""Records of a token game on any board or graph, and their annotation, for every game.

A record is where the game is played (a board under a move rule, or a graph) and
the moves: the first places the token, then the players alternately move it by
the game's rules. Its text format (the board or edge list, then ``t`` and ``t``
moves) is read and written in :mod:`matchgame.readers.tokens`; this module turns
the text into a record checked by the game's rules (:func:`parse_token_record`).

:func:`annotate` judges every move: whether the player making it could force a
win before it and still can after it, and a winning move when the move threw a
win away. Each game says how (:meth:`matchgame.Game.annotate`); records, notes
and annotations are the same objects for every game.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..core._deprecated import warn_renamed
from ..core._validate import Boolean, InstanceOf, Integer, NoneOr, as_int, plural, validate_params
from ..core.board import Board
from ..core.graph import INDEX_DTYPE, Graph
from ..core.moves import as_moves
from ..errors import IllegalMoveError, InvalidParameterError
from ..readers.tokens import format_token_record, ids_of_numbers, read_token_text
from .contract import DEFAULT, Game
from .contract import game as find_game

if TYPE_CHECKING:
    from ..core.multigraph import MultiGraph
    from .positions import BasePosition

__all__ = [
    "PLAYERS",
    "MoveNote",
    "TokenRecord",
    "WalkAnnotation",
    "annotate",
    "parse_token_record",
]

PLAYERS = ("first", "second")


@dataclass(frozen=True, eq=False, repr=False)
class TokenRecord:
    """A token game: where it is played and the moves (vertex ids, placement first).

    Build one with :meth:`parse` or :meth:`from_moves`; both check every move by
    the rules of ``game`` (``"vertex"``: the token never comes back; ``"edge"``:
    each move uses an unused edge, cells may repeat; ``"directed"``: along arcs).
    A record of the edge game keeps its :class:`~matchgame.MultiGraph` (parallel
    edges and self-loops are moves); ``graph`` is then the simple graph of its
    vertex pairs.

    Parameters
    ----------
    graph : Graph
        The graph played on (the edge game's: the simple graph of its multigraph's
        vertex pairs).
    path : ndarray of int32
        The moves as vertex ids, the placement first: checked by :meth:`parse` and
        :meth:`from_moves`, not by the constructor.
    board : Board, optional
        The board, when the graph is a board's.
    moves_rule : {"orthogonal", "king", "hex", "knight"}, optional
        On a board, how the token moves; None on a graph.
    move_lines : ndarray of int64, optional
        The 1-based line of each move in the text it was read from.
    game : str, default "vertex"
        The name of the game whose rules the moves follow.
    multigraph : MultiGraph, optional
        The edge game's multigraph (parallel edges and self-loops kept).

    See Also
    --------
    parse_token_record : Reads a record from its text.
    annotate : Judges every move of a record.
    GameRecord : The record of a NOI2011 game.

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

    @property
    def game_graph(self) -> Any:
        """The graph the game is played on, as the game reads it (the edge game's
        multigraph, else :attr:`graph`)."""
        return self.graph if self.multigraph is None else self.multigraph

    @classmethod
    def of_game(
        cls,
        game: Game,
        game_graph: Any,
        path: npt.NDArray[np.int64],
        board: Board | None,
        moves: str,
        move_lines: npt.NDArray[np.int64] | None = None,
    ) -> TokenRecord:
        """A record of ``game`` on ``game_graph`` (what :meth:`Game.graph_of` gives)
        whose ``path`` the caller checked by the game's rules."""
        support = getattr(game_graph, "support", None) if game.keeps_parallel_edges else None
        return cls(
            game_graph if support is None else support,
            path.astype(INDEX_DTYPE),
            board,
            moves if board is not None else None,
            move_lines,
            game.name,
            game_graph if support is not None else None,
        )

    def __repr__(self) -> str:
        if self.board is not None:
            where = f"a {self.board.n_rows}x{self.board.n_cols} board ({self.moves_rule} moves)"
        else:
            where = f"a graph of {plural(self.graph.n_vertices, 'vertex', 'vertices')}"
        title = find_game(self.game).title
        game = "" if self.game == DEFAULT else f" of {title}"
        return f"<TokenRecord on {where}, {plural(self.path.shape[0], 'move')}{game}>"

    @classmethod
    def from_moves(
        cls,
        source: Any,
        played: list[Hashable],
        *,
        moves: str = "orthogonal",
        game: str | Game = "vertex",
        rule: str | None = None,
    ) -> TokenRecord:
        """A record from a board or graph and the moves played, as vertex names.

        ``moves``: on a board, how the token moves (``rule=`` is its old name);
        ``game``: whose rules (``source`` may be anything the game plays on: the edge
        game takes a :class:`~matchgame.MultiGraph`, a NetworkX multigraph or a
        matrix of edge counts).

        Raises
        ------
        IllegalMoveError
            At the first move that names no vertex or breaks the rules.

        Examples
        --------
        >>> square = Board.from_rows(["..", ".."])
        >>> TokenRecord.from_moves(square, [(0, 0), (0, 1), (1, 1), (1, 0), (0, 0)], game="edge")
        <TokenRecord on a 2x2 board (orthogonal moves), 5 moves of edge geography>
        """
        moves = _rule(moves, rule, "TokenRecord.from_moves")
        rules = find_game(game)
        game_graph, board = rules.graph_of(source, moves)
        names = game_graph.names
        path = np.array(
            [names.vertex(m, f"move {i + 1}", IllegalMoveError) for i, m in enumerate(played)],
            dtype=np.int64,
        )
        rules.check_walk(game_graph, path, None)
        return cls.of_game(rules, game_graph, path, board, moves)

    def position(self, upto: int | None = None) -> BasePosition:
        """The game after its first ``upto`` moves (all by default), as a position of
        the record's game."""
        n_moves = self.path.shape[0]
        upto = n_moves if upto is None else as_int(upto, "upto", low=0, high=n_moves)
        position = find_game(self.game).position(self.game_graph)
        for move in self.graph.names.names(self.path[:upto]):
            position.push(move)
        return position

    # -- text: the format of matchgame.readers.tokens -------------------------------

    @classmethod
    def parse(
        cls,
        text: str | bytes,
        *,
        edges: bool = False,
        moves: str = "orthogonal",
        game: str | Game = "vertex",
        rule: str | None = None,
    ) -> TokenRecord:
        """Read a record: a board (or, with ``edges``, an edge list), ``t``, ``t`` moves
        (see :func:`parse_token_record`; ``rule=`` is the old name of ``moves``).

        Raises
        ------
        ParseError
            Malformed text, with its line (and column).
        IllegalMoveError
            A move the rules forbid, naming its line, its number and the vertex.
        """
        moves = _rule(moves, rule, "TokenRecord.parse")
        return parse_token_record(text, edges=edges, moves=moves, game=game)

    def to_text(self) -> str:
        """The record's text (the board or edge list, ``t``, the moves)."""
        return format_token_record(self)


def _rule(moves: str, rule: str | None, where: str) -> str:
    """``moves``, or its old name ``rule`` when given (with a warning)."""
    if rule is None:
        return moves
    as_moves(rule, "rule")  # checked before the warning: a wrong one is refused as one
    warn_renamed(f"{where}(rule=...)", f"{where}(moves=...)", stacklevel=4)
    return rule


@validate_params(edges=Boolean())
def parse_token_record(
    text: str | bytes,
    *,
    edges: bool = False,
    moves: str = "orthogonal",
    game: str | Game = "vertex",
    rule: str | None = None,
) -> TokenRecord:
    """Read a record: a board (or, with ``edges``, an edge list), ``t``, ``t`` moves,
    checked by the rules of ``game`` (the edge game reads an edge list keeping its
    repeated edges and self-loops; its moves may come back, each along an unused
    edge). ``moves``: on a board, how the token moves (``rule=`` is its old name).

    Parameters
    ----------
    text : str or bytes
        The record: a board in the contest format (or an edge list), a line ``t``,
        then ``t`` moves, one a line: ``ROW COL`` on a board, a vertex number on an
        edge list, both 1-based; the first places the token.
    edges : bool, default False
        Whether the text starts with an edge list rather than a board.
    moves : {"orthogonal", "king", "hex", "knight"}, default "orthogonal"
        On a board, how the token moves (refused with an edge list).
    game : str or Game, default "vertex"
        The game whose rules the moves must follow.
    rule : str, optional
        Deprecated: the old name of ``moves`` (with a warning).

    Returns
    -------
    TokenRecord
        The record, its moves as vertex ids (:attr:`TokenRecord.moves` names them).

    Raises
    ------
    ParseError
        Malformed text, with its line (and column).
    IllegalMoveError
        A move the rules forbid, naming its line, its number and the vertex.

    See Also
    --------
    TokenRecord.parse : The same, as a class method.
    parse_noi_record : Reads a NOI2011 record.
    parse_board : Reads a board alone.
    parse_edge_list : Reads an edge list alone.

    Examples
    --------
    >>> parse_token_record("3 3\\n.##\\n...\\n#.#\\n2\\n2 2\\n2 3\\n").moves
    [(1, 1), (1, 2)]
    """
    moves = _rule(moves, rule, "parse_token_record")
    rules = find_game(game)
    if edges and moves != "orthogonal":
        raise InvalidParameterError("moves applies to a board only, not to an edge list")
    read = read_token_text(text, edges=edges, read_edge_list=rules.read_edge_list)
    board = read.where if isinstance(read.where, Board) else None
    game_graph, _ = rules.graph_of(read.where, moves)
    path = ids_of_numbers(game_graph.names, read.numbers, read.move_lines)
    rules.check_walk(game_graph, path, read.move_lines)
    return TokenRecord.of_game(rules, game_graph, path, board, moves, read.move_lines)


@dataclass(frozen=True)
class MoveNote:
    """One move of a record, judged: the same fields for token-game records and
    NOI2011 records (:meth:`matchgame.RecordAnalysis.notes`).

    Parameters
    ----------
    number : int
        The move's number in the record, from 1.
    player : str
        Who moved.
    round : int
        The player's own move number.
    move : name
        Where the move went.
    winning_before, winning_after : bool
        Whether the player could force a win before the move, and still can after.
    winning_move : name or None
        A winning move the player had, or None.

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

    See Also
    --------
    WalkAnnotation : The notes of a token game's record.
    RecordAnalysis : The notes of a NOI2011 record.

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

    Parameters
    ----------
    record : TokenRecord
        The record judged.
    notes : tuple of MoveNote
        One note per move, in order.
    winner : {"first", "second"} or None
        Who won, or None while the player to move still has a move.

    See Also
    --------
    annotate : Makes it.
    RecordAnalysis : The same judgement of a NOI2011 record.

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
            f"<WalkAnnotation of {plural(len(self.notes), 'move')}: mistakes "
            f"{self.mistakes('first')} "
            f"and {self.mistakes('second')}, winner {self.winner}>"
        )

    def _repr_svg_(self) -> str | None:
        """In Jupyter: the final position, moves numbered, mistakes ringed."""
        from .. import draw

        return draw.notebook_svg(self)


@validate_params(
    record=InstanceOf(TokenRecord, "a TokenRecord"),
    max_states=NoneOr(Integer(low=1)),
)
def annotate(
    record: TokenRecord, *, game: str | Game | None = None, max_states: int | None = None
) -> WalkAnnotation:
    """Judge every move of ``record``: by its own game's rules, or by ``game``'s (the
    record must follow them: :class:`~matchgame.errors.IllegalMoveError` names the
    first move that does not). ``max_states``: the budget of a game's exact search
    (the edge and directed games; default 10**6).

    Each game judges in its own way (:meth:`matchgame.Game.annotate`): the vertex
    game with one augmenting search a move, the edge game with a rank-one update
    over GF(2) a move (``winning_move`` the first winning move in vertex order).

    Parameters
    ----------
    record : TokenRecord
        The record, e.g. from :func:`parse_token_record` or
        :meth:`TokenRecord.from_moves`.
    game : str or Game, optional
        Judge by this game's rules instead of the record's own game.
    max_states : int, optional
        The budget of the game's exact search, at least 1 (the edge and directed
        games only).

    Returns
    -------
    WalkAnnotation
        Every move judged, and the winner if the game is over.

    See Also
    --------
    analyse_record : Judges a NOI2011 record.
    TokenRecord : What is judged.
    analyse : Who wins where, before any move.

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
    rules = find_game(record.game if game is None else game)
    options = rules.checked_options({"max_states": max_states}, defaults=False)
    return rules.annotate(record, **options)
