"""Records of a token game on any board or graph, and their annotation, for every game.

A record is where the game is played (a board under a move rule, or a graph) and
the moves: the first places the token, then the players alternately move it by
the game's rules. Its text format (the board or edge list, then ``t`` and ``t``
moves) is read and written in :mod:`matchgame.readers.tokens`; this module turns
the text into a record checked by the game's rules (:func:`parse_token_record`).

Their judging, move by move, is in :mod:`matchgame.games.notes` (:func:`annotate`).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..core._deprecated import warn_renamed
from ..core._validate import Boolean, as_int, plural, validate_params
from ..core.board import Board
from ..core.graph import INDEX_DTYPE, Graph
from ..core.moves import as_moves
from ..core.names import VertexIds, VertexNames
from ..core.steps import Steps
from ..errors import IllegalMoveError, InvalidParameterError, MatchgameError
from ..readers.tokens import TokenText, format_token_record, ids_of_numbers, read_token_text
from .contract import DEFAULT, Game, find_game

if TYPE_CHECKING:
    from ..core.multigraph import MultiGraph
    from .positions import BasePosition

__all__ = ["PLAYERS", "TokenRecord", "parse_token_record"]

PLAYERS = ("first", "second")


def __getattr__(name: str) -> Any:
    """The judging of records, once here (``annotate``, ...), now in
    :mod:`matchgame.games.notes`, with a warning."""
    from .._moved import moved_name

    return moved_name(__name__, name)


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
        The moves' ids, the placement first (a vertex id), then each move's id in the
        game's steps (:meth:`matchgame.Game.steps`: the vertex it reaches, for every
        game whose moves a vertex names): checked by :meth:`parse` and
        :meth:`from_moves`, not by the constructor.
    board : Board, optional
        The board, when the graph is a board's.
    moves_rule : {"orthogonal", "king", "hex", "knight"}, optional
        On a board, how the token moves; None on a graph.
    move_lines : ndarray of int64, optional
        The 1-based line of each move in the text it was read from.
    rules : Game
        The game whose rules the moves follow.
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
    rules: Game = field(default_factory=lambda: find_game(DEFAULT))
    multigraph: MultiGraph | None = None  # the edge game's graph

    @property
    def game(self) -> str:
        """The name of the record's game, as documents write it (:attr:`rules` is the
        game)."""
        return self.rules.name

    @property
    def moves(self) -> list[Hashable]:
        """The moves by name: the placement's vertex (a cell on a board), then each
        move as the game names it (the vertex it reaches; an arc ``(tail, head, key)``)."""
        if not self.path.shape[0]:
            return []
        first = self.graph.names.name(int(self.path[0]))
        return [first, *self.steps.names_of(self.path[1:])]

    @property
    def steps(self) -> Steps:
        """How the game names the moves after the placement (:meth:`matchgame.Game.steps`)."""
        return self.rules.steps(self.game_graph)

    @property
    def walk(self) -> npt.NDArray[np.int64]:
        """The token's walk as vertex ids: the placement, then the vertex each move
        reached."""
        path = self.path.astype(np.int64)
        if not path.shape[0]:
            return path
        return np.concatenate([path[:1], self.steps.heads(path[1:])])

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
            game,
            game_graph if support is not None else None,
        )

    def __repr__(self) -> str:
        if self.board is not None:
            where = f"a {self.board.n_rows}x{self.board.n_cols} board ({self.moves_rule} moves)"
        else:
            where = f"a graph of {plural(self.graph.n_vertices, 'vertex', 'vertices')}"
        moves = plural(self.path.shape[0], "move")
        return f"<TokenRecord on {where}, {moves} of {self.rules.title}>"

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
        names, steps = game_graph.names, rules.steps(game_graph)
        path = np.array(
            [
                (names.vertex if i == 0 else steps.find)(m, f"move {i + 1}", IllegalMoveError)
                for i, m in enumerate(played)
            ],
            dtype=np.int64,
        )
        rules.check_walk(game_graph, path, None)
        return cls.of_game(rules, game_graph, path, board, moves)

    def position(self, upto: int | None = None, **options: Any) -> BasePosition:
        """The game after its first ``upto`` moves (all by default), as a position of
        the record's game (``options``: the game's own, such as ``max_states``)."""
        n_moves = self.path.shape[0]
        upto = n_moves if upto is None else as_int(upto, "upto", low=0, high=n_moves)
        position = self.rules.position(self.game_graph, **options)
        for move in self.path[:upto].tolist():
            position.push_id(int(move))
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
    steps = rules.steps(game_graph, _text_names(game_graph, board))
    if steps.by_vertex:
        path = ids_of_numbers(game_graph.names, read.numbers(), read.move_lines)
    else:  # the moves after the placement in the game's own text (an arc's ends)
        first = ids_of_numbers(game_graph.names, read.numbers(1), read.move_lines[:1])
        path = np.array([*first.tolist(), *_step_ids(steps, read)], dtype=np.int64)
    rules.check_walk(game_graph, path, read.move_lines)
    return TokenRecord.of_game(rules, game_graph, path, board, moves, read.move_lines)


def _text_names(game_graph: Any, board: Board | None) -> VertexNames:
    """How a record's text names vertices: a board's cells, an edge list's numbers."""
    names: VertexNames = game_graph.names
    return names if board is not None else VertexIds(names.n_vertices)


def _step_ids(steps: Steps, read: TokenText) -> list[int]:
    """The ids of a record's moves after the placement, each read from its line's text
    (a text that names several steps alike, such as an arc by its ends among parallel
    arcs, is the first the record has not played yet)."""
    ids: list[int] = []
    played: set[int] = set()
    for i, (text, line) in enumerate(zip(read.texts(), read.move_lines.tolist(), strict=True)):
        if i == 0:
            continue
        try:
            ids.append(steps.parse(text, f"move {i + 1}", played))
        except MatchgameError as exc:
            raise IllegalMoveError(f"line {line}: {exc}") from None
        played.add(ids[-1])
    return ids
