"""Positions of the token game, with a maximum matching maintained move by move.

A position is a graph, the visited vertices, and the token's vertex (or no token
yet: the placement phase). By the theorem, the player to move wins iff every
maximum matching of the unvisited graph covers the token's vertex; a winning
move is the token's partner in such a matching. :class:`Position` keeps one
maximum matching of the unvisited graph up to date: a move deletes one vertex
and costs at most one augmenting-path search, never a new matching.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ._kernels import bipartite as _bip
from ._kernels import blossom as _blossom
from ._kernels import incremental as _inc
from ._validate import as_int, as_int_array, describe, first_index
from .boards import Board
from .errors import (
    EmptyMoveStackError,
    IllegalMoveError,
    InvalidInputError,
    InvalidTypeError,
    MatchgameError,
)
from .graph import INDEX_DTYPE, Graph, as_graph
from .matching import maximum_matching
from .names import BoardCells, VertexIds

__all__ = ["Position", "WalkAnalysis", "analyse_walk"]


class _Engine:
    """The arrays behind a position on a bipartite graph (see
    ``matchgame._kernels.incremental``)."""

    def __init__(self, graph: Graph, alive: npt.NDArray[np.uint8], *, logging: bool) -> None:
        side = graph.side
        if side is None:
            raise MatchgameError("the game engine needs a bipartite graph (no odd cycle)")
        n = graph.n_vertices
        self.graph = graph
        self.side = side
        self.alive = alive
        self.mate = _alive_matching(graph, alive)
        self.known = np.zeros(n, dtype=np.uint8)
        self.exposed = np.zeros(2, dtype=np.int64)
        _inc.count_exposed(self.mate, self.alive, side, self.exposed)
        self.seen = np.zeros(n, dtype=INDEX_DTYPE)
        self.parent = np.zeros(n, dtype=INDEX_DTYPE)
        self.queue = np.zeros(max(n, 1), dtype=INDEX_DTYPE)
        # stamp, log length, last deleted vertex (-1: none), it was exposed (1) or not
        self.counters = np.array([0, 0, -1, 0], dtype=np.int64)
        self.log = np.zeros((2 * n + 16 if logging else 0, 2), dtype=INDEX_DTYPE)

    def _room(self) -> None:
        # one operation logs at most one entry per path vertex plus one per flag it
        # sets or clears (one side's vertices), plus a few
        need = int(self.counters[1]) + 2 * self.graph.n_vertices + 16
        if self.log.shape[0] and need > self.log.shape[0]:
            grown = np.zeros((2 * need, 2), dtype=INDEX_DTYPE)
            grown[: self.log.shape[0]] = self.log
            self.log = grown

    def _search_args(self) -> tuple:
        g = self.graph
        return (
            g.offsets,
            g.neighbors,
            self.side,
            self.alive,
            self.mate,
            self.known,
            self.exposed,
            self.seen,
            self.parent,
            self.queue,
            self.log,
            self.counters,
        )

    def essential(self, v: int) -> bool:
        """Every maximum matching of the alive graph covers ``v`` (may re-match)."""
        self._room()
        return bool(_inc.token_is_essential(*self._search_args(), v))

    def delete(self, v: int) -> None:
        """Delete ``v``; call :meth:`essential` on it first to keep the matching maximum."""
        self._room()
        _inc.delete_vertex(*self._search_args(), v)

    def mark(self) -> Any:
        """The log length, then the state the log does not hold: ``exposed`` and
        the last deletion (``counters[2:]``)."""
        return int(self.counters[1]), np.concatenate([self.exposed, self.counters[2:]])

    def partner(self, v: int) -> int:
        return int(self.mate[v])

    def mate_array(self) -> npt.NDArray[np.int32]:
        return self.mate.copy()

    def missable(self) -> npt.NDArray[np.bool_]:
        """The alive vertices some maximum matching of the alive graph misses."""
        g = self.graph
        missable, _ = _bip.missable_bipartite(g.offsets, g.neighbors, self.mate)
        return (missable & self.alive).view(np.bool_)

    def walk(self, steps: npt.NDArray[np.int32]) -> tuple[np.ndarray, np.ndarray]:
        return _inc.walk(*self._search_args(), steps)

    def undo(self, mark: Any) -> None:
        _inc.undo(self.mate, self.alive, self.known, self.log, self.counters, mark[0])
        self.exposed[:] = mark[1][:2]
        self.counters[2:] = mark[1][2:]


class _GeneralEngine:
    """A position on any graph: Edmonds' blossoms, one search per question
    (see ``matchgame._kernels.blossom.IncrementalMatching``)."""

    def __init__(self, graph: Graph, alive: npt.NDArray[np.uint8], *, logging: bool) -> None:
        self.graph = graph
        self.alive = alive
        self._matching = _blossom.IncrementalMatching(
            graph.offsets, graph.neighbors, _alive_matching(graph, alive), alive, logging
        )

    def essential(self, v: int) -> bool:
        return bool(self._matching.essential(v))

    def delete(self, v: int) -> None:
        self._matching.delete(v)

    def mark(self) -> Any:
        return self._matching.mark()

    def undo(self, mark: Any) -> None:
        self._matching.undo(mark)

    def partner(self, v: int) -> int:
        return int(self._matching.partner(v))

    def mate_array(self) -> npt.NDArray[np.int32]:
        return self._matching.mate()

    def missable(self) -> npt.NDArray[np.bool_]:
        """The set D of the alive graph: one Edmonds forest from every exposed vertex,
        on the alive subgraph (the engine's matching is maximum there)."""
        keep = np.flatnonzero(self.alive)
        sub, new_id = _alive_subgraph(self.graph, self.alive)
        mate = self._matching.mate()[keep]
        mate = np.where(mate >= 0, new_id[np.maximum(mate, 0)], -1).astype(INDEX_DTYPE)
        labels = _blossom.gallai_edmonds_labels(sub.offsets, sub.neighbors, mate)
        out = np.zeros(self.graph.n_vertices, dtype=bool)
        out[keep[labels == _blossom.EVEN]] = True
        return out

    def walk(self, steps: npt.NDArray[np.int32]) -> tuple[np.ndarray, np.ndarray]:
        return self._matching.walk(steps)


def _make_engine(
    graph: Graph, alive: npt.NDArray[np.uint8], *, logging: bool
) -> _Engine | _GeneralEngine:
    """The bipartite engine when the graph has two sides, Edmonds' otherwise."""
    if graph.side is not None:
        return _Engine(graph, alive, logging=logging)
    return _GeneralEngine(graph, alive, logging=logging)


def _alive_subgraph(
    graph: Graph, alive: npt.NDArray[np.uint8]
) -> tuple[Graph, npt.NDArray[np.int64]]:
    """The subgraph induced by ``alive`` and the new id of every old vertex (-1: gone)."""
    keep = np.flatnonzero(alive)
    new_id = np.full(graph.n_vertices, -1, dtype=np.int64)
    new_id[keep] = np.arange(keep.size)
    edges = graph.edges()
    edges = edges[(alive[edges[:, 0]] == 1) & (alive[edges[:, 1]] == 1)]
    return Graph.from_edges(keep.size, new_id[edges]), new_id


def _alive_matching(graph: Graph, alive: npt.NDArray[np.uint8]) -> npt.NDArray[np.int32]:
    """A maximum matching of the subgraph induced by ``alive``, as a full mate array."""
    if alive.all():
        return maximum_matching(graph).copy()
    keep = np.flatnonzero(alive)
    sub, _ = _alive_subgraph(graph, alive)
    sub_mate = maximum_matching(sub)
    mate = np.full(graph.n_vertices, -1, dtype=INDEX_DTYPE)
    matched = sub_mate >= 0
    mate[keep[matched]] = keep[sub_mate[matched]]
    return mate


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

    Raises
    ------
    IllegalMoveError
        If a vertex is not in the graph, or the token sits on a visited vertex.
    InvalidTypeError
        If the graph is not a graph or a vertex is not a name of the graph.

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
    """

    def __init__(
        self,
        graph: object,
        token: Hashable | None = None,
        visited: Iterable[Hashable] = (),
        *,
        moves: str = "orthogonal",
    ) -> None:
        graph = _game_graph(graph, moves)
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
        self._engine = _make_engine(graph, alive, logging=True)
        self._token = token_id
        self._stack: list[tuple[int | None, Any]] = []  # (token before, engine mark)

    @property
    def graph(self) -> Graph:
        return self._engine.graph

    def _name(self, v: int | None) -> Hashable | None:
        return None if v is None else self.graph.names.name(v)

    def _names(self, ids: Iterable[int] | npt.NDArray[np.integer]) -> list[Hashable]:
        return self.graph.names.names(
            np.asarray(list(ids) if not isinstance(ids, np.ndarray) else ids, dtype=np.int64)
        )

    @property
    def token(self) -> Hashable | None:
        """The token's vertex, or None before it is placed."""
        return self._name(self._token)

    @property
    def token_id(self) -> int | None:
        """The token's vertex id, or None before it is placed."""
        return self._token

    @property
    def move_stack(self) -> list[Hashable]:
        """The moves pushed so far (placement included)."""
        return self._names(self._path_ids())

    def _path_ids(self) -> list[int]:
        """The ids of the moves pushed so far."""
        # each stack entry holds the token before its move, so move i is the token
        # before move i + 1, and the last move is the token now
        if not self._stack:
            return []
        earlier = [before for before, _ in self._stack[1:] if before is not None]
        assert self._token is not None  # placed by the first push
        return [*earlier, self._token]

    def _walk_ids(self) -> list[int]:
        """The token's walk: where it was set up (if it was) and every move since."""
        if not self._stack:
            return [] if self._token is None else [self._token]
        start = self._stack[0][0]
        return ([] if start is None else [start]) + self._path_ids()

    def _visited_mask(self) -> npt.NDArray[np.bool_]:
        """Per vertex id: visited, or holding the token."""
        visited = self._engine.alive == 0
        if self._token is not None:
            visited[self._token] = True
        return visited

    def is_visited(self, v: Hashable) -> bool:
        """Whether ``v`` can no longer be entered (visited, or holding the token)."""
        u = self.graph.names.vertex(v, "v")
        return not self._engine.alive[u] or u == self._token

    def _legal_ids(self) -> npt.NDArray[np.int64]:
        alive = self._engine.alive
        if self._token is None:
            return np.flatnonzero(alive)
        nbrs = self.graph.neighbors[
            self.graph.offsets[self._token] : self.graph.offsets[self._token + 1]
        ]
        return nbrs[alive[nbrs] == 1].astype(np.int64)

    def legal_moves(self) -> list[Hashable]:
        """Placements (no token yet) or unvisited neighbours of the token, in vertex order."""
        return self._names(self._legal_ids())

    def is_game_over(self) -> bool:
        """No legal move: the player to move has lost."""
        return self._legal_ids().size == 0

    def mover_wins(self) -> bool:
        """Whether the player to move wins with perfect play.

        In the placement phase the mover is the placer, who wins iff some
        maximum matching misses some vertex.
        """
        if self._token is None:
            return bool(self._winning_ids())
        return self._engine.essential(self._token)

    def _winning_ids(self) -> list[int]:
        engine = self._engine
        if self._token is None:
            return np.flatnonzero(engine.missable()).tolist()
        if not engine.essential(self._token):
            return []
        mark = engine.mark()
        engine.delete(self._token)
        winners = [int(v) for v in self._legal_ids() if not engine.essential(int(v))]
        engine.undo(mark)
        return winners

    def winning_moves(self) -> list[Hashable]:
        """Every move after which the opponent loses, in vertex order."""
        return self._names(self._winning_ids())

    def _winning_reply_id(self) -> int | None:
        if self._token is None:
            moves = self._winning_ids()
            return moves[0] if moves else None
        if not self._engine.essential(self._token):
            return None
        return self._engine.partner(self._token)

    def winning_reply(self) -> Hashable | None:
        """One winning move (the token's partner in a maximum matching), or None."""
        return self._name(self._winning_reply_id())

    def best_move(self, *, candidates: int = 64) -> Hashable | None:
        """A winning move if there is one; otherwise the move that leaves the
        opponent the fewest winning replies (ties: the most replies in all, so
        the game lasts). None when no move is legal.

        In the placement phase of a lost game only the first ``candidates``
        placements are weighed, to bound the work on big boards.
        """
        return self._name(self._best_move_id(as_int(candidates, "candidates", low=1)))

    def _best_move_id(self, candidates: int = 64) -> int | None:
        reply = self._winning_reply_id()
        if reply is not None:
            return reply
        moves = self._legal_ids().tolist()
        if not moves:
            return None
        best, best_key = moves[0], None
        for move in moves[:candidates]:
            self._push_id(move)
            key = (len(self._winning_ids()), -int(self._legal_ids().size))
            self.pop()
            if best_key is None or key < best_key:
                best, best_key = move, key
        return int(best)

    def push(self, v: Hashable) -> None:
        """Play ``v``: place the token there, or move it there.

        Raises
        ------
        IllegalMoveError
            If ``v`` is not a legal move.
        InvalidTypeError
            If ``v`` is not a name of the graph's vertices.
        """
        names = self.graph.names
        u = names.vertex(v, names.noun, IllegalMoveError)
        if not self._engine.alive[u] or u == self._token:
            raise IllegalMoveError(f"{names.noun} {v!r} has been visited")
        if (
            self._token is not None
            and not self.graph._adjacent(np.array([self._token]), np.array([u]))[0]
        ):
            raise IllegalMoveError(
                f"{names.noun} {v!r} is not adjacent to the token at {self.token!r}"
            )
        self._push_id(u)

    def _push_id(self, u: int) -> None:
        engine = self._engine
        mark = engine.mark()
        if self._token is not None:
            engine.essential(self._token)
            engine.delete(self._token)
        self._stack.append((self._token, mark))
        self._token = u

    def pop(self) -> Hashable:
        """Take back the last move and return it.

        Raises
        ------
        EmptyMoveStackError
            If no move has been pushed (an IndexError, like ``list.pop``).
        """
        if not self._stack:
            raise EmptyMoveStackError("pop from an empty move stack")
        move = self._token
        self._token, mark = self._stack.pop()
        self._engine.undo(mark)
        return self._name(move)

    def matching(self) -> npt.NDArray[np.int32]:
        """A maximum matching of the unvisited graph (token included) as a read-only
        mate array over vertex ids (-1: exposed)."""
        mate = self._engine.mate_array()
        mate.setflags(write=False)
        return mate

    def _repr_svg_(self) -> str | None:
        """In Jupyter: the board or graph with the path so far, the token, and the
        legal moves coloured by who wins after them."""
        from . import render

        too_many = self.graph.n_vertices > render.MAX_GRAPH_VERTICES
        if too_many and not isinstance(self.graph.names, BoardCells):
            return None
        return render.to_svg(render.position_scene(self)).decode()

    def __repr__(self) -> str:
        return (
            f"<Position token={self.token!r} visited={int((self._engine.alive == 0).sum())}"
            f" of {self.graph.n_vertices}>"
        )


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


@dataclass(frozen=True, eq=False, repr=False)
class WalkAnalysis:
    """Verdicts at every position along a walk of the token.

    ``mover_wins[t]``: the player to move at position t (token on ``path[t]``,
    ``path[:t]`` visited) wins. ``winning_reply[t]``: a winning move there, or -1.
    """

    path: npt.NDArray[np.int32]
    mover_wins: npt.NDArray[np.bool_]
    winning_reply: npt.NDArray[np.int32]

    def __repr__(self) -> str:
        return (
            f"<WalkAnalysis of {self.path.shape[0]} positions, mover wins at "
            f"{int(self.mover_wins.sum())}>"
        )


def analyse_walk(graph: Graph, path: Sequence[int] | npt.ArrayLike) -> WalkAnalysis:
    """Who wins at every position of a game in which the token walks ``path``.

    One maximum matching at the start, then one augmenting-path search per
    move, all inside one compiled loop.

    Parameters
    ----------
    graph : Graph
        Any graph (a board's graph, a NetworkX graph with nodes ``0 .. n - 1``); ids.
    path : sequence of int
        ``path[0]`` is where the token starts; move ``t`` takes it from
        ``path[t - 1]`` to ``path[t]``, an adjacent vertex not visited before.

    Raises
    ------
    IllegalMoveError
        Naming the first move that leaves the graph, is not along an edge or
        returns to a visited vertex.
    InvalidInputError, InvalidTypeError
        If ``path`` is not a 1-D sequence of integers.

    Examples
    --------
    >>> from matchgame import Graph
    >>> path = Graph.from_edges(4, [(0, 1), (1, 2), (2, 3)])
    >>> analyse_walk(path, [1, 2, 3]).mover_wins.tolist()
    [True, True, False]
    """
    graph = _game_graph(graph)
    steps = _checked_walk(graph, path)
    engine = _make_engine(graph, np.ones(graph.n_vertices, dtype=np.uint8), logging=False)
    wins, replies = engine.walk(steps)
    return WalkAnalysis(steps, wins.view(np.bool_), replies)


def _game_graph(graph: object, moves: str = "orthogonal") -> Graph:
    """The graph of a game: a board's under ``moves``, or any graph."""
    if isinstance(graph, Board):
        graph = graph.to_graph(moves)
    return as_graph(graph)


def _move_name(t: int) -> str:
    return "the start" if t == 0 else f"move {t}"


def _checked_walk(graph: Graph, path: object) -> npt.NDArray[np.int32]:
    """``path`` as int32 ids after checking it is a walk on distinct vertices."""
    steps = as_int_array(path, "path")
    if steps.ndim != 1:
        raise InvalidInputError(f"path must be 1-D, got shape {steps.shape}")
    outside = (steps < 0) | (steps >= graph.n_vertices)
    if outside.any():
        t = first_index(outside)
        raise IllegalMoveError(
            f"path[{t}] = {steps[t]} ({_move_name(t)}) is not in the graph ({graph._id_range()})"
        )
    if steps.shape[0] > 1 and np.bincount(steps, minlength=graph.n_vertices).max() > 1:
        # the earliest step onto a vertex seen before (only on this error path: O(k log k))
        order = np.argsort(steps, kind="stable")
        t = int(order[1:][steps[order[1:]] == steps[order[:-1]]].min())
        first = int(np.flatnonzero(steps[:t] == steps[t])[0])
        raise IllegalMoveError(
            f"path[{t}] = {steps[t]} ({_move_name(t)}) returns to a vertex visited at "
            f"{_move_name(first)}"
        )
    if steps.shape[0] > 1:
        along_edges = graph._adjacent(steps[:-1], steps[1:])
        if not along_edges.all():
            t = first_index(~along_edges) + 1
            raise IllegalMoveError(
                f"path[{t}] = {steps[t]} ({_move_name(t)}) is not adjacent to "
                f"path[{t - 1}] = {steps[t - 1]}"
            )
    return np.ascontiguousarray(steps, dtype=INDEX_DTYPE)
