"""What every game's position does: python-chess's face over any token game.

:class:`BasePosition` is the move-by-move interface (``push``/``pop`` with an undo
log, legal and winning moves, the verdict, the engine's best move, the outcome,
moves read from text), written once over a few hooks each game implements on its
own sibling class (:class:`~matchgame.Position` for the vertex game,
:class:`~matchgame.EdgePosition`, :class:`~matchgame.DirectedPosition`,
:class:`~matchgame.DirectedEdgePosition`). Every
position has one constructor signature, copies, pickles, and compares equal to a
position of the same game and graph in the same state.
"""

from __future__ import annotations

import abc
from collections.abc import Hashable, Iterable, Iterator, Sequence
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from ..core._validate import Applies, Integer, Options, describe, validate_params
from ..core.board import is_board_source
from ..core.moves import MOVES
from ..core.names import VertexNames
from ..core.steps import ArcSteps
from ..errors import EmptyMoveStackError, IllegalMoveError, InvalidInputError, InvalidTypeError
from ._naming import MoveNames
from .contract import GameOf
from .outcome import Outcome

__all__ = ["BasePosition", "Outcome"]


class BasePosition(MoveNames, abc.ABC):
    """A position of a token game, move by move, vertices by name.

    A game's class implements the hooks: ``_set_up``, ``_legal_list``, ``_illegal``,
    ``_push_id``, ``_pop_id``, :meth:`mover_wins`, ``_winning_ids``, ``_state_key``,
    ``_visited_mask``, :meth:`remaining_edge_ids`.

    Parameters
    ----------
    source : Board, list of str, Graph, MultiGraph, DiGraph, NetworkX graph or SciPy matrix
        Where the game is played (a board's graph under ``moves``).
    token : name, optional
        The token's vertex; None for the placement phase (the mover places it).
    used : iterable
        What the game's moves used up before: vertices (the vertex and directed
        games' visited vertices), edges as ``(u, v)`` pairs (the edge game) or arcs
        as ``(u, v, key)`` or ``(u, v)`` (directed edge geography). Every game's
        position takes these parameters, in this order.
    moves : {"orthogonal", "king", "hex", "knight"}
        On a board, how the token moves.
    **options
        The game's options (``max_states``, ...: :attr:`matchgame.Game.options`).

    See Also
    --------
    Position : The vertex game's position.
    EdgePosition : The edge game's position.
    DirectedPosition : The directed game's position.
    DirectedEdgePosition : Directed edge geography's position (its moves are arcs).
    Game.position : A position of the game chosen by name.

    Examples
    --------
    The same moves in three games, as each game's rules judge them:

    >>> import matchgame
    >>> for name in ("vertex", "edge", "directed"):
    ...     position = matchgame.game(name).position(["...."], token=(0, 1))
    ...     print(name, position.legal_moves(), position.mover_wins())
    vertex [(0, 0), (0, 2)] True
    edge [(0, 0), (0, 2)] True
    directed [(0, 0), (0, 2)] True
    """

    rules: ClassVar[GameOf]
    _names: VertexNames
    _start: int | None
    _moves: list[int]

    @validate_params(moves=Options(MOVES, only=Applies("source", is_board_source, "a Board")))
    def __init__(
        self,
        source: Any,
        token: Hashable | None = None,
        used: Iterable[Any] = (),
        *,
        moves: str = "orthogonal",
        **options: Any,
    ) -> None:
        checked = self.rules.checked_options(options)
        if isinstance(used, Iterator):  # kept for copies and pickles: read it once
            used = list(used)
        self._setup_args = (source, token, used, moves, checked)
        self._set_up(source, token, used, moves, checked)

    @abc.abstractmethod
    def _set_up(
        self, source: Any, token: Hashable | None, used: Any, moves: str, options: dict[str, Any]
    ) -> None:
        """Build the position from the constructor's arguments (options checked)."""

    # -- the hooks each game implements ---------------------------------------------------

    @abc.abstractmethod
    def _legal_list(self) -> list[int]:
        """The legal moves' ids, increasing (every placement before the token is placed)."""

    @abc.abstractmethod
    def _illegal(self, u: int) -> str | None:
        """Why moving to vertex id ``u`` is illegal, or None if it is legal."""

    @abc.abstractmethod
    def _push_id(self, u: int) -> None:
        """Play the legal move ``u``."""

    @abc.abstractmethod
    def _pop_id(self) -> int:
        """Take back the last move, returning it."""

    @abc.abstractmethod
    def mover_wins(self) -> bool:
        """Whether the player to move wins with perfect play (in the placement phase:
        whether the placer has a winning placement)."""

    @abc.abstractmethod
    def _winning_ids(self) -> list[int]:
        """The winning moves' ids, increasing."""

    @abc.abstractmethod
    def _visited_mask(self) -> npt.NDArray[np.bool_]:
        """Per vertex id: the token is there or can no longer go there."""

    @abc.abstractmethod
    def _state_key(self) -> tuple[Any, ...]:
        """What makes two positions of one graph the same (for ``==``)."""

    @abc.abstractmethod
    def remaining_edge_ids(self) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int64]]:
        """The vertex pairs (ids, ``(k, 2)``) still joined in play and how many times
        each: what the rest of the game may use (``str(position)`` lists them)."""

    def used_edge_ids(self) -> list[tuple[int, int]]:
        """The edges used up so far, as id pairs in order (the games that use up
        edges; the vertex games use up vertices: :meth:`visited_mask`)."""
        return []

    def _winning_reply_id(self) -> int | None:
        """One winning move's id, or None (a game may know a cheaper one)."""
        moves = self._winning_ids()
        return moves[0] if moves else None

    # -- the position -------------------------------------------------------------------

    @property
    @abc.abstractmethod
    def graph(self) -> Any:
        """The graph played on (a board's graph of free cells)."""

    @property
    def game(self) -> str:
        """The game's name, as documents write it (:attr:`rules` is the game)."""
        return self.rules.name

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
        if self._start is not None or not self._moves:
            return self._move_names(self._moves, False)
        return [self._name(self._moves[0]), *self._move_names(self._moves[1:], False)]

    def legal_moves(self) -> list[Hashable]:
        """Placements (no token yet) or the token's moves now, in order: vertex order, or
        the order of the game's steps (arcs in their order)."""
        return self._move_names(self._legal_list(), self._token is None)

    def legal_move_ids(self) -> npt.NDArray[np.int64]:
        """The legal moves (:meth:`legal_moves`) as ids: vertex ids for placements and
        vertex-named steps, the game's step ids else."""
        return np.array(self._legal_list(), dtype=np.int64)

    def is_game_over(self) -> bool:
        """No legal move: the player to move has lost (see :meth:`outcome`)."""
        return not self._legal_list()

    def outcome(self) -> Outcome | None:
        """How the game ended, or None while the player to move has a legal move.

        Examples
        --------
        >>> from matchgame import Graph, Position
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
        >>> from matchgame import Board, Graph, Position
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
        placement = self._token is None
        if placement or self._steps.by_vertex:
            u = self._names.parse(text.strip(), "move")
        else:
            u = self._parse_step(text)
        problem = self._illegal(u)
        if problem is not None:
            raise IllegalMoveError(f"move {text.strip()!r}: {problem}")
        return self._move_name(u, placement)

    def read_move(self, text: str) -> Hashable:
        """The move written ``text``, as the position stands now, by name (not checked
        legal: :meth:`parse_move` checks); an arc typed by its ends alone (``2 3``) is
        the first of its parallel arcs still free.

        Raises
        ------
        InvalidInputError
            If ``text`` names no vertex (no step).
        """
        if self._token is None or self._steps.by_vertex:
            return super().read_move(text)
        return self._steps.name(self._parse_step(text))

    def _parse_step(self, text: str) -> int:
        """The step written ``text`` (a text naming several alike, an arc by its ends
        among parallel arcs: the first of them legal now)."""
        return self._steps.parse(text.strip(), "move", _Unplayable(self))

    def move_targets(self, ids: Sequence[int] | npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
        """The vertex ids the moves ``ids`` (as :meth:`legal_move_ids` gives them, as
        the position stands now) take the token to: the placements' vertices, or each
        step's head (an arc's)."""
        as_ids: npt.NDArray[np.int64] = np.asarray(ids, dtype=np.int64)
        if self._token is None or self._steps.by_vertex:
            return as_ids
        return self._steps.heads(as_ids)

    def _free_twin(self, step: int) -> int:
        """``step``, or a legal step parallel to it when it is used (an arc named by its
        ends alone, ``(2, 3)``, is whichever of the parallel arcs is free)."""
        if self._illegal(step) is None or not isinstance(self._steps, ArcSteps):
            return step
        legal = set(self._legal_list())
        return next((twin for twin in self._steps.parallel(step) if twin in legal), step)

    def winning_moves(self) -> list[Hashable]:
        """Every move after which the opponent loses, in the order of :meth:`legal_moves`."""
        return self._move_names(self._winning_ids(), self._token is None)

    def winning_move_ids(self) -> list[int]:
        """The winning moves (:meth:`winning_moves`) as ids, in order."""
        return self._winning_ids()

    def winning_reply(self) -> Hashable | None:
        """One winning move, or None when the mover loses."""
        return self._move_name(self._winning_reply_id(), self._token is None)

    def winning_reply_id(self) -> int | None:
        """:meth:`winning_reply` as an id, or None."""
        return self._winning_reply_id()

    @validate_params(candidates=Integer(low=1))
    def best_move(self, *, candidates: int = 64) -> Hashable | None:
        """A winning move if there is one; otherwise the move that leaves the
        opponent the fewest winning replies (ties: the most replies in all, so
        the game lasts). None when no move is legal.

        In the placement phase of a lost game only the first ``candidates``
        placements are weighed, to bound the work on big boards.
        """
        return self._move_name(self._best_move_id(candidates), self._token is None)

    @validate_params(candidates=Integer(low=1))
    def best_move_id(self, *, candidates: int = 64) -> int | None:
        """:meth:`best_move` as an id, or None when no move is legal."""
        return self._best_move_id(candidates)

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
        u = self._move_id(v)
        if not self._steps.by_vertex and self._token is not None and _by_ends(v):
            u = self._free_twin(u)  # an arc named by its ends alone: any free copy
        problem = self._illegal(u)
        if problem is not None:
            raise IllegalMoveError(problem)
        self._push_id(u)

    def push_id(self, v: int) -> None:
        """Play vertex id ``v`` (:meth:`push` by id); an illegal move's message names
        the vertices in their 1-based text form, as :meth:`parse_move`'s does.

        Raises
        ------
        IllegalMoveError
            If ``v`` is not a legal move (``cell 1 1 is not adjacent to the token at
            cell 2 3``).
        InvalidTypeError, InvalidInputError
            If ``v`` is no vertex id of the graph.
        """
        if isinstance(v, bool) or not isinstance(v, int | np.integer):
            raise InvalidTypeError(f"v must be a move's id (an int), got {describe(v)}")
        count = self._n if self._token is None else self._steps.count
        if not 0 <= v < count:
            what = "vertex" if self._token is None or self._steps.by_vertex else self._steps.noun
            raise InvalidInputError(f"v = {v} is no {what} id (ids 0..{count - 1})")
        problem = self._illegal(int(v))
        if problem is not None:
            raise IllegalMoveError(problem)
        self._push_id(int(v))

    def pop(self) -> Hashable:
        """Take back the last move and return it.

        Raises
        ------
        EmptyMoveStackError
            If no move has been pushed (an IndexError, like ``list.pop``).
        """
        if not self._moves:
            raise EmptyMoveStackError("pop from an empty move stack")
        popped = self._pop_id()
        return self._move_name(popped, self._token is None)

    def walk_ids(self) -> list[int]:
        """The token's walk as vertex ids: where it was set up (if it was), then the
        vertex every move since reached."""
        if self._start is None and self._moves:
            first, steps = [self._moves[0]], self._moves[1:]
        else:
            first, steps = ([] if self._start is None else [self._start]), self._moves
        if self._steps.by_vertex:
            return first + steps
        heads: list[int] = self._steps.heads(np.array(steps, dtype=np.int64)).tolist()
        return first + heads

    def visited_mask(self) -> npt.NDArray[np.bool_]:
        """Per vertex id, a new array: True where the token is or can no longer go
        (the edge game: where the token is)."""
        return self._visited_mask()

    # -- a position as a Python value --------------------------------------------------

    def copy(self) -> BasePosition:
        """An independent position with the same setup and the same moves played (like
        python-chess's ``Board.copy``)."""
        other = _rebuild(type(self), self._setup_args, list(self._moves))
        return other

    def __copy__(self) -> BasePosition:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> BasePosition:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        # the setup and the moves' ids: a position rebuilds itself (its engine is
        # compiled state, which does not pickle)
        return (_rebuild, (type(self), self._setup_args, list(self._moves)))

    def __eq__(self, other: object) -> bool:
        """The same game on the same graph in the same state (the token, what is used
        up, who is to move), however it got there."""
        if not isinstance(other, BasePosition) or type(other) is not type(self):
            return NotImplemented
        return (
            (self.graph is other.graph or self.graph == other.graph)
            and self._token == other._token
            and self.turn == other.turn
            and self._state_key() == other._state_key()
        )

    __hash__ = None  # type: ignore[assignment]  # mutable, as python-chess's Board

    def _repr_svg_(self) -> str | None:
        """In Jupyter: the board or graph with the walk so far, the token, and the
        legal moves coloured by who wins after them."""
        from .. import draw

        return draw.notebook_svg(self)

    def __str__(self) -> str:
        """The position as text (see :func:`matchgame.draw.terminal.position_text`)."""
        from .. import draw

        return draw.position_text(self)


class _Unplayable:
    """The steps not legal in a position, as a container (what
    :meth:`~matchgame.core.steps.Steps.parse` passes over)."""

    def __init__(self, position: BasePosition) -> None:
        self.position = position

    def __contains__(self, step: object) -> bool:
        return not isinstance(step, int) or self.position._illegal(step) is not None


def _by_ends(name: Any) -> bool:
    """Whether a move's name is a pair (an arc by its ends, where moves are arcs)."""
    return isinstance(name, tuple | list) and len(name) == 2


def _rebuild(cls: type[BasePosition], setup: tuple[Any, ...], moves: list[int]) -> BasePosition:
    """A position of ``cls`` from its constructor's arguments, then ``moves`` (ids)
    pushed: how positions copy and unpickle."""
    source, token, used, rule, options = setup
    position = cls(source, token, used, moves=rule, **options)
    for move in moves:
        position._push_id(move)
    return position
