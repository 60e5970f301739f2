"""Positions of the token game, played move by move in vertex names.

:class:`Position` is the python-chess-like face of the game: ``push``/``pop``
with an undo log, legal and winning moves, the verdict, the engine's best move.
Underneath, :mod:`matchgame.games.vertex.engines` keeps a maximum matching of the
unvisited graph up to date (one augmenting-path search a move).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ...core._validate import (
    Applies,
    Integer,
    NoneOr,
    Options,
    as_int_array,
    describe,
    first_index,
    validate_params,
)
from ...core.board import is_board_source
from ...core.graph import Graph
from ...core.moves import MOVES
from ...core.names import BoardCells, VertexIds, VertexNames
from ...errors import (
    EmptyMoveStackError,
    IllegalMoveError,
    InvalidInputError,
    InvalidTypeError,
)
from .engines import Engine, WalkAnalysis, analyse_walk, game_graph, make_engine

if TYPE_CHECKING:
    from ..edge.position import EdgePosition

__all__ = ["Outcome", "Position", "WalkAnalysis", "analyse_walk"]


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended (as python-chess's ``Outcome``): the player to move
    had no legal move, and lost. :meth:`Position.outcome` gives it.

    Attributes
    ----------
    winner : {"first", "second"}
        The player who won, named as :attr:`Position.turn` names them (``"first"``:
        the player to move when the position was set up, the placer on a fresh one).
    moves : int
        The moves played since the position was set up (the placement included).

    Examples
    --------
    >>> from matchgame import Graph, Position
    >>> position = Position(Graph.from_edges(2, [(0, 1)]))
    >>> position.push(0); position.push(1)
    >>> position.outcome()
    Outcome(winner='second', moves=2)
    >>> position.outcome().result()
    '0-1'
    """

    winner: str
    moves: int

    @property
    def loser(self) -> str:
        """The player who could not move."""
        return "second" if self.winner == "first" else "first"

    def result(self) -> str:
        """``"1-0"`` when the first player won, else ``"0-1"`` (python-chess's form;
        these games have no draws)."""
        return "1-0" if self.winner == "first" else "0-1"


class Position:
    """A position of the token game on any graph or board.

    Vertices are given and returned by name (``graph.names``): ``(row, col)``
    cells on a board, node labels on a NetworkX graph, integer ids otherwise.

    Parameters
    ----------
    graph : Graph, Board or NetworkX graph
        Where the game is played. A board's graph is built with ``moves``.
    token : name, optional
        The token's vertex; None for the placement phase (the mover places it).
    visited : iterable of names
        Vertices already visited (the token's own vertex need not be listed).
    moves : {"orthogonal", "king", "hex", "knight"}
        On a board, how the token moves.
    game : {"vertex", "edge"}
        ``"edge"`` makes an :class:`~matchgame.games.edge.position.EdgePosition`
        (a move uses up the edge it travels; it takes ``used=`` edges instead of
        ``visited``, and ``max_states``).
    used : iterable of (name, name) pairs, optional
        The edge game only: the edges used so far, in order.
    max_states : int, optional
        The edge game only: the search budget (None: the edge game's default).

    Raises
    ------
    IllegalMoveError
        If a vertex is not in the graph, or the token sits on a visited vertex.
    InvalidTypeError
        If the graph is not a graph or a vertex is not a name of the graph.
    InvalidInputError
        If an option does not apply (``used`` or ``max_states`` in the vertex game).

    Notes
    -----
    :meth:`push` costs one augmenting-path search (usually short), :meth:`pop`
    only undoes the recorded changes. Setting up a position computes one
    maximum matching.

    Examples
    --------
    A path 0 - 1 - 2 - 3 with the token on 1: the mover wins by moving to 0
    (the partner of 1 in the perfect matching {0-1, 2-3}); moving to 2 loses.

    >>> from matchgame import Graph
    >>> path = Graph.from_edges(4, [(0, 1), (1, 2), (2, 3)])
    >>> position = Position(path, token=1)
    >>> position.mover_wins(), position.legal_moves(), position.winning_moves()
    (True, [0, 2], [0])
    >>> position.push(2)
    >>> position.mover_wins()
    True
    >>> position.pop()
    2
    >>> position.token
    1

    On a board, moves are cells:

    >>> from matchgame import Board
    >>> position = Position(Board.from_rows([".##", "...", "#.#"]))
    >>> position.winning_moves()
    [(1, 2), (2, 1)]

    Moves are read from the text form players type (1-based ``ROW COL`` on a
    board), and ``str(position)`` draws the board: ``@`` the token, ``o`` visited,
    ``*`` the legal moves.

    >>> position.push(position.parse_move("2 2"))
    >>> print(position)
      1 2 3
    1 . # #
    2 * @ *
    3 # * #
    """

    def __new__(
        cls,
        graph: object,
        token: Hashable | None = None,
        visited: Iterable[Hashable] = (),
        *,
        moves: str = "orthogonal",
        game: str = "vertex",
        used: Iterable[tuple[Hashable, Hashable]] | None = None,
        max_states: int | None = None,
    ) -> Position:
        # the real parameters, not (*args, **kwargs): inspect.signature(Position) and
        # help() show them; used and max_states belong to the edge game
        if cls is Position and game == "edge":
            from ..edge.position import EdgePosition  # the edge game loads only when asked

            edge: EdgePosition = object.__new__(EdgePosition)
            return edge
        return super().__new__(cls)

    @validate_params(
        moves=Options(MOVES, only=Applies("graph", is_board_source, "a Board")),
        game=Options(("vertex", "edge")),
        max_states=NoneOr(Integer(low=1)),
    )
    def __init__(
        self,
        graph: object,
        token: Hashable | None = None,
        visited: Iterable[Hashable] = (),
        *,
        moves: str = "orthogonal",
        game: str = "vertex",
        used: Iterable[tuple[Hashable, Hashable]] | None = None,
        max_states: int | None = None,
    ) -> None:
        if used is not None:
            raise InvalidInputError("used applies to the edge game only (pass game='edge')")
        if max_states is not None:
            raise InvalidInputError("max_states applies to the edge game only (pass game='edge')")
        graph = game_graph(graph, moves)
        names = graph.names
        alive = np.ones(graph.n_vertices, dtype=np.uint8)
        visited_ids = _vertex_ids(graph, visited)
        if visited_ids.size and token is None:
            raise IllegalMoveError("visited vertices need a token (they are its past)")
        alive[visited_ids] = 0
        token_id = None
        if token is not None:
            token_id = names.vertex(token, "token", IllegalMoveError)
            if not alive[token_id]:
                raise IllegalMoveError(f"the token's vertex {token!r} is marked visited")
        self._setup(make_engine(graph, alive, logging=True), token_id)
        self._visited_at_setup = visited_ids

    def _setup(self, engine: Engine, token: int | None) -> None:
        """The state every method reads: the engine's parts bound once, so that each
        call is a few C calls (names are converted here, not in the engine)."""
        self._engine = engine
        self._matching = engine.matching
        self._neighbours = engine.neighbours
        self._alive = engine.alive
        self._start = token
        self._token = token
        self._moves: list[int] = []  # the ids pushed
        # per move: (the token before, the engine's mark, the verdict known before)
        self._stack: list[tuple[int | None, tuple[int, ...], bool | None]] = []
        self._wins: bool | None = None  # the verdict here, once asked
        self._set_naming(engine.graph.names)

    def _set_naming(self, names: VertexNames) -> None:
        """How ids and names convert, bound once for the fast paths below."""
        self._names = names
        self._n = names.n_vertices
        if isinstance(names, BoardCells):
            self._kind = _CELLS
            self._rows, self._cols = names.shape
            self._vertex_of_cell = names.vertex_of_cell
            self._cell_of_vertex = names.cell_of_vertex
        else:
            self._kind = _IDS if isinstance(names, VertexIds) else _LABELS

    # -- names <-> ids: the fast paths for ids and cells, the names' own checks else

    def _id_of(self, name: Any) -> int:
        if self._kind == _IDS:
            if type(name) is int and 0 <= name < self._n:
                return name
        elif self._kind == _CELLS and type(name) is tuple and len(name) == 2:
            row, col = name
            if (
                type(row) is int
                and type(col) is int
                and 0 <= row < self._rows
                and 0 <= col < self._cols
            ):
                v = int(self._vertex_of_cell[row * self._cols + col])
                if v >= 0:
                    return v
        return self._names.vertex(name, self._names.noun, IllegalMoveError)

    def _name(self, v: int | None) -> Hashable | None:
        if v is None:
            return None
        if self._kind == _IDS:
            return v
        if self._kind == _CELLS:
            return divmod(int(self._cell_of_vertex[v]), self._cols)
        return self._names.name(v)

    def _names_of(self, ids: list[int]) -> list[Hashable]:
        if self._kind == _IDS:
            return list(ids)  # a copy: the caller may change it
        if self._kind == _CELLS:
            cols, cell_of_vertex = self._cols, self._cell_of_vertex
            return [divmod(int(cell_of_vertex[v]), cols) for v in ids]
        return self._names.names(np.asarray(ids, dtype=np.int64))

    # -- the position --------------------------------------------------------------

    @property
    def graph(self) -> Graph:
        """The graph played on (a board's graph of free cells)."""
        return self._engine.graph

    @property
    def token(self) -> Hashable | None:
        """The token's vertex, or None before it is placed."""
        return self._name(self._token)

    @property
    def token_id(self) -> int | None:
        """The token's vertex id, or None before it is placed."""
        return self._token

    @property
    def turn(self) -> str:
        """Who is to move: ``"first"`` (the player to move when the position was set
        up: the placer, on a fresh position) or ``"second"``, as records name them."""
        return "first" if len(self._moves) % 2 == 0 else "second"

    @property
    def move_stack(self) -> list[Hashable]:
        """The moves pushed so far (placement included)."""
        return self._names_of(self._moves)

    def _path_ids(self) -> list[int]:
        """The ids of the moves pushed so far."""
        return list(self._moves)

    def _walk_ids(self) -> list[int]:
        """The token's walk: where it was set up (if it was) and every move since."""
        return ([] if self._start is None else [self._start]) + self._moves

    def _visited_mask(self) -> npt.NDArray[np.bool_]:
        """Per vertex id: visited, or holding the token."""
        visited: npt.NDArray[np.bool_] = self._alive == 0
        if self._token is not None:
            visited[self._token] = True
        return visited

    def is_visited(self, v: Hashable) -> bool:
        """Whether ``v`` can no longer be entered (visited, or holding the token)."""
        u = self._names.vertex(v, "v")
        return not self._alive[u] or u == self._token

    def _legal_list(self) -> list[int]:
        if self._token is None:
            return np.flatnonzero(self._alive).tolist()
        return self._neighbours.of(self._token)

    def _legal_ids(self) -> npt.NDArray[np.int64]:
        return np.array(self._legal_list(), dtype=np.int64)

    def legal_moves(self) -> list[Hashable]:
        """Placements (no token yet) or unvisited neighbours of the token, in vertex order."""
        return self._names_of(self._legal_list())

    def is_game_over(self) -> bool:
        """No legal move: the player to move has lost (see :meth:`outcome`)."""
        if self._token is None:
            return not self._alive.any()
        return self._neighbours.count(self._token) == 0

    def outcome(self) -> Outcome | None:
        """How the game ended, or None while the player to move has a legal move.

        Examples
        --------
        >>> from matchgame import Graph
        >>> position = Position(Graph.from_edges(3, [(0, 1), (1, 2)]), token=1)
        >>> position.outcome() is None
        True
        >>> position.push(0)
        >>> position.outcome()
        Outcome(winner='first', moves=1)
        """
        if not self.is_game_over():
            return None
        return Outcome("second" if self.turn == "first" else "first", len(self._moves))

    def parse_move(self, text: str) -> Hashable:
        """The move written ``text`` as a vertex name, checked legal here (as
        python-chess's ``Board.parse_uci``): the text form the command line, ``play``
        and ``str(position)`` use: ``ROW COL`` (1-based) on a board, a vertex number
        ``1 .. n`` on an edge list, a file's or NetworkX graph's own name.

        Raises
        ------
        InvalidTypeError
            If ``text`` is not a string.
        InvalidInputError
            If ``text`` names no vertex.
        IllegalMoveError
            If the vertex it names is not a legal move now.

        Examples
        --------
        >>> from matchgame import Board, Graph
        >>> Position(Board.from_rows([".##", "...", "#.#"])).parse_move("2 3")
        (1, 2)
        >>> path = Position(Graph.from_edges(3, [(0, 1), (1, 2)]), token=0)
        >>> path.parse_move("2")
        1
        >>> path.parse_move("3")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        matchgame.errors.IllegalMoveError: move '3': vertex 3 is not adjacent to the token...
        """
        if not isinstance(text, str):
            raise InvalidTypeError(f"a move's text must be a str, got {describe(text)}")
        u = self._names.parse(text.strip(), "move")
        problem = self._illegal(u)
        if problem is not None:
            raise IllegalMoveError(f"move {text.strip()!r}: {problem}")
        return self._name(u)

    def _illegal(self, u: int) -> str | None:
        """Why moving to vertex id ``u`` is illegal, or None if it is legal."""
        names = self._names
        token = self._token
        if u == token or not self._alive[u]:
            return f"{names.describe(u)} has been visited"
        if token is not None and not self._neighbours.adjacent(token, u):
            return f"{names.describe(u)} is not adjacent to the token at {names.describe(token)}"
        return None

    def mover_wins(self) -> bool:
        """Whether the player to move wins with perfect play.

        In the placement phase the mover is the placer, who wins iff some
        maximum matching misses some vertex.
        """
        if self._wins is None:
            if self._token is None:
                self._wins = bool(self._winning_ids())
            else:
                self._wins = bool(self._matching.essential(self._token))
        return self._wins

    def _winning_ids(self) -> list[int]:
        if self._token is None:
            return np.flatnonzero(self._engine.missable()).tolist()
        if not self.mover_wins():
            return []
        matching = self._matching
        mark = matching.mark()
        matching.delete(self._token)
        winners = [v for v in self._neighbours.of(self._token) if not matching.essential(v)]
        matching.undo(mark)
        return winners

    def winning_moves(self) -> list[Hashable]:
        """Every move after which the opponent loses, in vertex order."""
        return self._names_of(self._winning_ids())

    def _winning_reply_id(self) -> int | None:
        if self._token is None:
            moves = self._winning_ids()
            return moves[0] if moves else None
        if not self.mover_wins():
            return None
        return int(self._matching.partner(self._token))

    def winning_reply(self) -> Hashable | None:
        """One winning move (the token's partner in a maximum matching), or None."""
        return self._name(self._winning_reply_id())

    @validate_params(candidates=Integer(low=1))
    def best_move(self, *, candidates: int = 64) -> Hashable | None:
        """A winning move if there is one; otherwise the move that leaves the
        opponent the fewest winning replies (ties: the most replies in all, so
        the game lasts). None when no move is legal.

        In the placement phase of a lost game only the first ``candidates``
        placements are weighed, to bound the work on big boards.
        """
        return self._name(self._best_move_id(candidates))

    def _best_move_id(self, candidates: int = 64) -> int | None:
        reply = self._winning_reply_id()
        if reply is not None:
            return reply
        moves = self._legal_list()
        if not moves:
            return None
        best, best_key = moves[0], None
        for move in moves[:candidates]:
            self._push_id(move)
            key = (len(self._winning_ids()), -len(self._legal_list()))
            self._pop_id()
            if best_key is None or key < best_key:
                best, best_key = move, key
        return best

    def push(self, v: Hashable) -> None:
        """Play ``v``: place the token there, or move it there.

        Raises
        ------
        IllegalMoveError
            If ``v`` is not a legal move.
        InvalidTypeError
            If ``v`` is not a name of the graph's vertices.
        """
        u = self._id_of(v)
        token = self._token
        if u == token or not self._alive[u]:
            raise IllegalMoveError(f"{self._names.noun} {v!r} has been visited")
        if token is not None and not self._neighbours.adjacent(token, u):
            raise IllegalMoveError(
                f"{self._names.noun} {v!r} is not adjacent to the token at {self.token!r}"
            )
        self._push_id(u)

    def _push_id(self, u: int) -> None:
        matching = self._matching
        token = self._token
        mark = matching.mark()
        if token is not None:
            if self._wins is None:  # delete needs the token covered or exposed: ask first
                matching.essential(token)
            matching.delete(token)
        self._stack.append((token, mark, self._wins))
        self._moves.append(u)
        self._token = u
        self._wins = None

    def pop(self) -> Hashable:
        """Take back the last move and return it.

        Raises
        ------
        EmptyMoveStackError
            If no move has been pushed (an IndexError, like ``list.pop``).
        """
        if not self._stack:
            raise EmptyMoveStackError("pop from an empty move stack")
        return self._name(self._pop_id())

    def _pop_id(self) -> int:
        move = self._moves.pop()
        self._token, mark, self._wins = self._stack.pop()
        self._matching.undo(mark)
        return move

    # -- the moves by vertex id: ids index the graph's arrays (pictures, writers) ------

    def legal_move_ids(self) -> npt.NDArray[np.int64]:
        """The legal moves (:meth:`legal_moves`) as vertex ids, in vertex order."""
        return self._legal_ids()

    def winning_move_ids(self) -> list[int]:
        """The winning moves (:meth:`winning_moves`) as vertex ids, in vertex order."""
        return self._winning_ids()

    def winning_reply_id(self) -> int | None:
        """:meth:`winning_reply` as a vertex id, or None."""
        return self._winning_reply_id()

    @validate_params(candidates=Integer(low=1))
    def best_move_id(self, *, candidates: int = 64) -> int | None:
        """:meth:`best_move` as a vertex id, or None when no move is legal."""
        return self._best_move_id(candidates)

    def walk_ids(self) -> list[int]:
        """The token's walk as vertex ids: where it was set up (if it was), then every
        move since."""
        return self._walk_ids()

    def visited_mask(self) -> npt.NDArray[np.bool_]:
        """Per vertex id, a new array: True where the vertex was visited or holds the
        token (the edge game: where the token has been)."""
        return self._visited_mask()

    def copy(self) -> Position:
        """An independent position with the same setup and the same moves played (like
        python-chess's ``Board.copy``)."""
        engine = self._engine
        alive = np.ones(self._n, dtype=np.uint8)
        alive[self._visited_at_setup] = 0
        other = object.__new__(Position)
        other._setup(make_engine(engine.graph, alive, logging=True), self._start)
        other._visited_at_setup = self._visited_at_setup
        for move in self._moves:
            other._push_id(move)
        return other

    def matching(self) -> npt.NDArray[np.int32]:
        """A maximum matching of the unvisited graph (token included) as a read-only
        mate array over vertex ids (-1: exposed)."""
        mate = self._engine.mate_array()
        mate.setflags(write=False)
        return mate

    def _repr_svg_(self) -> str | None:
        """In Jupyter: the board or graph with the path so far, the token, and the
        legal moves coloured by who wins after them."""
        from ... import draw

        return draw.notebook_svg(self)

    def __str__(self) -> str:
        """The position as text (see :func:`matchgame.draw.terminal.position_text`)."""
        from ... import draw

        return draw.position_text(self)

    def __repr__(self) -> str:
        # the token's vertex counts as visited, as is_visited says
        visited = int(self._visited_mask().sum())
        return f"<Position token={self.token!r} visited={visited} of {self._n}>"


_IDS, _CELLS, _LABELS = 0, 1, 2  # how a position's vertices are named


def _vertex_ids(graph: Graph, visited: Iterable[Hashable]) -> npt.NDArray[np.int64]:
    """Vertex ids of the names in ``visited``; integer ids are checked at once."""
    names = graph.names
    if isinstance(names, VertexIds):
        ids = as_int_array(visited, "visited", any_iterable=True)
        if ids.ndim != 1:
            raise InvalidInputError(f"visited must be 1-D, got shape {ids.shape}")
        outside = (ids < 0) | (ids >= graph.n_vertices)
        if outside.any():
            i = first_index(outside)
            raise IllegalMoveError(
                f"visited[{i}] = {ids[i]} is not in the graph ({graph._id_range()})"
            )
        return ids
    if isinstance(visited, str | bytes) or not isinstance(visited, Iterable):
        raise InvalidTypeError(
            f"visited must be an iterable of vertex names, got {describe(visited)}"
        )
    return np.array(
        [names.vertex(v, f"visited[{i}]", IllegalMoveError) for i, v in enumerate(visited)],
        dtype=np.int64,
    )
