"""Positions of the vertex game, played move by move in vertex names.

:class:`Position` is the vertex game's :class:`~matchgame.games.positions.BasePosition`:
``push``/``pop`` with an undo log, legal and winning moves, the verdict, the
engine's best move. Underneath, :mod:`matchgame.games.vertex.engines` keeps a
maximum matching of the unvisited graph up to date (one augmenting-path search a
move).
"""

from __future__ import annotations

import warnings
from collections.abc import Hashable, Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from ...core._validate import as_int_array, describe, first_index
from ...core.graph import Graph
from ...core.names import VertexIds
from ...errors import IllegalMoveError, InvalidInputError, InvalidTypeError
from ..contract import GameOf
from ..positions import BasePosition, Outcome
from .analysis import vertex_source
from .engines import Engine, WalkAnalysis, analyse_walk, make_engine

__all__ = ["Outcome", "Position", "WalkAnalysis", "analyse_walk"]


class Position(BasePosition):
    """A position of the vertex game on any graph or board.

    Vertices are given and returned by name (``graph.names``): ``(row, col)``
    cells on a board, node labels on a NetworkX graph, integer ids otherwise.

    Parameters
    ----------
    source : Graph, Board, list of str or NetworkX graph
        Where the game is played. A board's graph is built with ``moves``.
    token : name, optional
        The token's vertex; None for the placement phase (the mover places it).
    used : iterable of names
        Vertices visited already (the token's own vertex need not be listed);
        ``visited=`` is its old name.
    moves : {"orthogonal", "king", "hex", "knight"}
        On a board, how the token moves.
    **options
        The game's options: the vertex game has none (``max_states``, the edge
        game's, is refused). The old keywords ``graph=``, ``visited=`` and
        ``game=`` still work, with a warning.

    Raises
    ------
    IllegalMoveError
        If a vertex is not in the graph, or the token sits on a visited vertex.
    InvalidTypeError
        If the graph is not a graph or a vertex is not a name of the graph.
    InvalidInputError
        If an option is not the vertex game's (``max_states``: the edge game's).

    See Also
    --------
    EdgePosition : The edge game's position.
    DirectedPosition : The directed game's position.
    analyse : Who wins where, from the start.
    analyse_walk : Who wins at every position of one game, at once.

    Notes
    -----
    :meth:`push` costs one augmenting-path search (usually short), :meth:`pop`
    only undoes the recorded changes. Setting up a position computes one
    maximum matching. The other games' positions are its siblings, with the same
    constructor and methods (:class:`~matchgame.EdgePosition`,
    :class:`~matchgame.DirectedPosition`).

    References
    ----------
    .. [1] A. S. Fraenkel, E. R. Scheinerman, D. Ullman, "Undirected edge geography",
       Theoret. Comput. Sci. 112 (1993) 371-381.
       https://doi.org/10.1016/0304-3975(93)90026-P

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

    rules = GameOf("vertex")

    def __new__(
        cls,
        source: Any = None,
        token: Hashable | None = None,
        used: Iterable[Hashable] = (),
        *,
        moves: str = "orthogonal",
        **options: Any,
    ) -> Any:
        # Position(..., game="edge") made the edge game's position before the games
        # were siblings: it still does, for one release, with a warning
        game = options.get("game")
        if cls is Position and game not in (None, "vertex"):
            from ..contract import find_game  # the other game's, by name

            options = dict(options)
            del options["game"]
            warnings.warn(
                f"Position(..., game={game!r}) is now matchgame.game({game!r}).position(...); "
                "Position(..., game=...) will go in a later release",
                DeprecationWarning,
                stacklevel=2,
            )
            found = find_game(game)
            if "visited" in options:  # the old keyword: the other games' used
                used = options.pop("visited")
            if source is None and "graph" in options:
                source = options.pop("graph")
            return found.position(source, token, used, moves=moves, **options)
        return super().__new__(cls)

    def __init__(
        self,
        source: Any = None,
        token: Hashable | None = None,
        used: Iterable[Hashable] = (),
        *,
        moves: str = "orthogonal",
        **options: Any,
    ) -> None:
        source, used = _old_keywords(source, used, options)
        super().__init__(source, token, used, moves=moves, **options)

    def _set_up(
        self, source: Any, token: Hashable | None, used: Any, moves: str, options: dict[str, Any]
    ) -> None:
        graph = vertex_source(source, moves)[0]
        alive = np.ones(graph.n_vertices, dtype=np.uint8)
        visited_ids = _vertex_ids(graph, used)
        if visited_ids.size and token is None:
            raise IllegalMoveError("visited vertices need a token (they are its past)")
        alive[visited_ids] = 0
        token_id = None
        if token is not None:
            token_id = graph.names.vertex(token, "token", IllegalMoveError)
            if not alive[token_id]:
                raise IllegalMoveError(f"the token's vertex {token!r} is marked visited")
        self._engine_setup(make_engine(graph, alive, logging=True), token_id)

    def _engine_setup(self, engine: Engine, token: int | None) -> None:
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

    # -- the position --------------------------------------------------------------

    @property
    def graph(self) -> Graph:
        """The graph played on (a board's graph of free cells)."""
        return self._engine.graph

    def _visited_mask(self) -> npt.NDArray[np.bool_]:
        """Per vertex id: visited, or holding the token."""
        visited: npt.NDArray[np.bool_] = self._alive == 0
        if self._token is not None:
            visited[self._token] = True
        return visited

    def _state_key(self) -> tuple[Any, ...]:
        return (self._visited_mask().tobytes(),)

    def remaining_edge_ids(self) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int64]]:
        """The edges between unvisited vertices (the token's included), once each."""
        edges = self.graph.edges
        alive = ~self._visited_mask()
        if self._token is not None:
            alive[self._token] = True  # the token's vertex is still in play
        kept = edges[alive[edges[:, 0]] & alive[edges[:, 1]]]
        return kept, np.ones(kept.shape[0], dtype=np.int64)

    def is_visited(self, v: Hashable) -> bool:
        """Whether ``v`` can no longer be entered (visited, or holding the token)."""
        u = self._names.vertex(v, "v")
        return not self._alive[u] or u == self._token

    def _legal_list(self) -> list[int]:
        if self._token is None:
            return np.flatnonzero(self._alive).tolist()
        return self._neighbours.of(self._token)

    def is_game_over(self) -> bool:
        """No legal move: the player to move has lost (see :meth:`outcome`)."""
        if self._token is None:
            return not self._alive.any()
        return self._neighbours.count(self._token) == 0

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

    def _pop_id(self) -> int:
        move = self._moves.pop()
        self._token, mark, self._wins = self._stack.pop()
        self._matching.undo(mark)
        return move

    def matching(self) -> npt.NDArray[np.int32]:
        """A maximum matching of the unvisited graph (token included) as a read-only
        mate array over vertex ids (-1: exposed)."""
        mate = self._engine.mate_array()
        mate.setflags(write=False)
        return mate

    def __repr__(self) -> str:
        # the token's vertex counts as visited, as is_visited says
        visited = int(self._visited_mask().sum())
        return f"<Position token={self.token!r} visited={visited} of {self._n}>"


def _old_keywords(source: Any, used: Any, options: dict[str, Any]) -> tuple[Any, Any]:
    """The keywords of before the games were siblings: ``graph=`` (now ``source``),
    ``visited=`` (now ``used``) and ``game="vertex"``, each with a warning."""
    from ...core._deprecated import warn_renamed

    if "graph" in options:
        warn_renamed("Position(graph=...)", "Position(source=...)", stacklevel=4)
        if source is not None:
            raise InvalidInputError("give the graph once: source (graph= is its old name)")
        source = options.pop("graph")
    if "visited" in options:
        warn_renamed("Position(visited=...)", "Position(used=...)", stacklevel=4)
        if used != ():
            raise InvalidInputError("give the visited vertices once, as used (visited= is old)")
        used = options.pop("visited")
    if "game" in options:
        game = options.pop("game")
        warn_renamed("Position(game=...)", "matchgame.game(name).position(...)", stacklevel=4)
        if game != "vertex":
            raise InvalidInputError(f"Position is the vertex game's, got game={game!r}")
    if source is None:
        raise InvalidTypeError("Position() needs the graph or board to play on (source)")
    return source, used


def _vertex_ids(graph: Graph, visited: Iterable[Hashable]) -> npt.NDArray[np.int64]:
    """Vertex ids of the names in ``visited``; integer ids are checked at once."""
    names = graph.names
    if isinstance(names, VertexIds):
        ids = as_int_array(visited, "used", any_iterable=True)
        if ids.ndim != 1:
            raise InvalidInputError(f"used must be 1-D, got shape {ids.shape}")
        outside = (ids < 0) | (ids >= graph.n_vertices)
        if outside.any():
            i = first_index(outside)
            raise IllegalMoveError(
                f"used[{i}] = {ids[i]} is not in the graph ({graph._id_range()})"
            )
        return ids
    if isinstance(visited, str | bytes) or not isinstance(visited, Iterable):
        raise InvalidTypeError(f"used must be an iterable of vertex names, got {describe(visited)}")
    return np.array(
        [names.vertex(v, f"used[{i}]", IllegalMoveError) for i, v in enumerate(visited)],
        dtype=np.int64,
    )
