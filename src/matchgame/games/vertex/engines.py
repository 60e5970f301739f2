"""The engines behind positions: a maximum matching kept up to date move by move.

A position is a graph, the visited vertices, and the token's vertex. By the
theorem, the player to move wins iff every maximum matching of the unvisited
graph covers the token's vertex; a winning move is the token's partner in such a
matching. An engine keeps one maximum matching of the unvisited ("alive") graph:
a move deletes one vertex and costs at most one augmenting-path search, never a
new matching. Bipartite graphs get the engine of ``_kernels.incremental`` (known
flags: amortised linear), others Edmonds' blossoms (``_kernels.blossom``: no
search after a lost position or on the partner after a winning one, a search
from two roots that meet in the middle otherwise, and a failed search's forest
kept while the walk deletes its odd vertices; its docstring has the proofs).

:func:`analyse_walk` runs an engine over a whole walk in one compiled loop.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..._kernels import blossom as _blossom
from ..._kernels import graphs as _graphs
from ..._kernels import incremental as _inc
from ..._kernels._stop import check as _stop_point
from ...core._validate import as_int_array, first_index, plural
from ...core.board import Board
from ...core.graph import INDEX_DTYPE, Graph, as_graph
from ...core.matching import maximum_matching
from ...errors import IllegalMoveError, InvalidInputError, MatchgameError

__all__ = ["Engine", "WalkAnalysis", "analyse_walk", "checked_walk", "game_graph", "make_engine"]


class Engine:
    """The state behind a position: the graph, which vertices are still alive (not
    visited), and a compiled matching kept maximum on them (``matching``: the
    bipartite engine of ``_kernels.incremental`` when the graph has two sides,
    Edmonds' ``_kernels.blossom.IncrementalMatching`` otherwise), with an undo log.

    A position calls ``matching`` and ``neighbours`` directly, one C call each; the
    methods here are for everything else (tests, pictures, the placement phase).
    """

    __slots__ = ("alive", "graph", "matching", "neighbours")

    def __init__(self, graph: Graph, alive: npt.NDArray[np.uint8], *, logging: bool) -> None:
        self.graph = graph
        self.alive = alive
        mate = _alive_matching(graph, alive)
        side = graph.side
        self.matching: _inc.BipartiteMatching | _blossom.IncrementalMatching
        if side is not None:
            self.matching = _inc.BipartiteMatching(
                graph.offsets, graph.indices, side, mate, alive, logging
            )
        else:
            self.matching = _blossom.IncrementalMatching(
                graph.offsets, graph.indices, mate, alive, logging
            )
        self.neighbours = _graphs.AliveNeighbours(graph.offsets, graph.indices, alive)

    def essential(self, v: int) -> bool:
        """Every maximum matching of the alive graph covers ``v`` (may re-match)."""
        return bool(self.matching.essential(v))

    def delete(self, v: int) -> None:
        """Delete ``v``; call :meth:`essential` on it first to keep the matching maximum."""
        self.matching.delete(v)

    def mark(self) -> tuple[int, ...]:
        return self.matching.mark()

    def undo(self, mark: tuple[int, ...]) -> None:
        self.matching.undo(mark)

    def partner(self, v: int) -> int:
        return int(self.matching.partner(v))

    def mate_array(self) -> npt.NDArray[np.int32]:
        return np.asarray(self.matching.mate(), dtype=INDEX_DTYPE)

    def missable(self) -> npt.NDArray[np.bool_]:
        """The alive vertices some maximum matching of the alive graph misses (the set
        D of the alive graph)."""
        if isinstance(self.matching, _inc.BipartiteMatching):
            return np.asarray(self.matching.missable())
        # one Edmonds forest from every exposed vertex, on the alive subgraph
        keep = np.flatnonzero(self.alive)
        sub, new_id = _alive_subgraph(self.graph, self.alive)
        mate = self.matching.mate()[keep]
        mate = np.where(mate >= 0, new_id[np.maximum(mate, 0)], -1).astype(INDEX_DTYPE)
        labels = _blossom.gallai_edmonds_labels(sub.offsets, sub.indices, mate)
        out = np.zeros(self.graph.n_vertices, dtype=bool)
        out[keep[labels == _blossom.EVEN]] = True
        return out

    def walk(
        self, steps: npt.NDArray[np.int32]
    ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int32]]:
        return self.matching.walk(steps)


class _Engine(Engine):
    """The bipartite engine, with its state as arrays (the engine tests check them)."""

    __slots__ = ()
    matching: _inc.BipartiteMatching  # the base makes one for a graph with sides

    def __init__(self, graph: Graph, alive: npt.NDArray[np.uint8], *, logging: bool) -> None:
        if graph.side is None:
            raise MatchgameError("the game engine needs a bipartite graph (no odd cycle)")
        super().__init__(graph, alive, logging=logging)

    @property
    def side(self) -> npt.NDArray[np.uint8]:
        assert self.graph.side is not None
        return self.graph.side

    @property
    def mate(self) -> npt.NDArray[np.int32]:
        return self.matching.mate_array

    @property
    def known(self) -> npt.NDArray[np.uint8]:
        return self.matching.known_array

    @property
    def exposed(self) -> npt.NDArray[np.int64]:
        return self.matching.exposed_array

    @property
    def counters(self) -> npt.NDArray[np.int64]:
        return self.matching.counters_array


def make_engine(graph: Graph, alive: npt.NDArray[np.uint8], *, logging: bool) -> Engine:
    """The state behind a position: see :class:`Engine`."""
    if graph.side is not None:
        return _Engine(graph, alive, logging=logging)
    return Engine(graph, alive, logging=logging)


def _alive_subgraph(
    graph: Graph, alive: npt.NDArray[np.uint8]
) -> tuple[Graph, npt.NDArray[np.int64]]:
    """The subgraph induced by ``alive`` and the new id of every old vertex (-1: gone)."""
    keep = np.flatnonzero(alive)
    new_id = np.full(graph.n_vertices, -1, dtype=np.int64)
    new_id[keep] = np.arange(keep.size)
    edges = graph.edges
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


@dataclass(frozen=True, eq=False, repr=False)
class WalkAnalysis:
    """Verdicts at every position along a walk of the token.

    ``mover_wins[t]``: the player to move at position t (token on ``path[t]``,
    ``path[:t]`` visited) wins. ``winning_reply[t]``: a winning move there, or -1.

    Parameters
    ----------
    path : ndarray of int32
        The walk, as vertex ids.
    mover_wins : ndarray of bool
        Per position: whether the player to move wins.
    winning_reply : ndarray of int32
        Per position: a winning move, or -1.

    See Also
    --------
    analyse_walk : Makes it.
    RecordAnalysis : The same verdicts for a NOI2011 record.
    WalkAnnotation : The verdicts of a token game's record, move by move.

    Examples
    --------
    >>> import matchgame
    >>> path = matchgame.Graph.from_edges(3, [(0, 1), (1, 2)])
    >>> walk = matchgame.analyse_walk(path, [1, 0])
    >>> walk.mover_wins.tolist()
    [True, False]
    """

    path: npt.NDArray[np.int32]
    mover_wins: npt.NDArray[np.bool_]
    winning_reply: npt.NDArray[np.int32]

    def __repr__(self) -> str:
        return (
            f"<WalkAnalysis of {plural(self.path.shape[0], 'position')}, mover wins at "
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

    Returns
    -------
    WalkAnalysis
        The verdict and a winning move at every position of the walk.

    Raises
    ------
    IllegalMoveError
        Naming the first move that leaves the graph, is not along an edge or
        returns to a visited vertex.
    InvalidInputError, InvalidTypeError
        If ``path`` is not a 1-D sequence of integers.

    See Also
    --------
    Position : The same game move by move, with take-backs.
    annotate : Judges a record's moves, in every game.
    analyse_record : Judges a NOI2011 record (with this engine).

    References
    ----------
    .. [1] A. S. Fraenkel, E. R. Scheinerman, D. Ullman, "Undirected edge geography",
       Theoret. Comput. Sci. 112 (1993) 371-381.
       https://doi.org/10.1016/0304-3975(93)90026-P

    Examples
    --------
    >>> from matchgame import Graph
    >>> path = Graph.from_edges(4, [(0, 1), (1, 2), (2, 3)])
    >>> analyse_walk(path, [1, 2, 3]).mover_wins.tolist()
    [True, True, False]
    """
    graph = game_graph(graph)
    steps = checked_walk(graph, path)
    engine = make_engine(graph, np.ones(graph.n_vertices, dtype=np.uint8), logging=False)
    wins, replies = engine.walk(steps)
    _stop_point()  # the walk kernel returns early when asked to stop
    return WalkAnalysis(steps, wins.view(np.bool_), replies)


def game_graph(graph: object, moves: str = "orthogonal") -> Graph:
    """The graph of a game: a board's under ``moves``, or any graph."""
    if isinstance(graph, Board):
        graph = graph.to_graph(moves)
    return as_graph(graph)


def _move_name(t: int) -> str:
    return "the start" if t == 0 else f"move {t}"


def checked_walk(graph: Graph, path: object) -> npt.NDArray[np.int32]:
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
        along_edges = graph.has_edges(steps[:-1], steps[1:])
        if not along_edges.all():
            t = first_index(~along_edges) + 1
            raise IllegalMoveError(
                f"path[{t}] = {steps[t]} ({_move_name(t)}) is not adjacent to "
                f"path[{t - 1}] = {steps[t - 1]}"
            )
    return np.ascontiguousarray(steps, dtype=INDEX_DTYPE)
