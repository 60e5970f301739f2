"""Positions of directed edge geography, move by move (:class:`DirectedEdgePosition`;
records are in :mod:`.records`).

A position is the directed multigraph, which arcs are used and the token. A move is an
arc: parallel arcs are moves of their own, named ``(tail, head, key)`` as NetworkX
keys a ``MultiDiGraph`` (:class:`~matchgame.core.steps.ArcSteps`). Who wins is the
fresh game on the arcs left, from the token (:mod:`.remaining`): once opposite arcs
cancel (kept up to date move by move), solved on the part the token can reach, and
kept while the token leaves components; a move inside the token's component, or
along an arc that cancelled, asks again, each question within ``max_states``
positions.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from ...core._memory import require_memory
from ...core._validate import describe, plural
from ...core.board import Board
from ...core.dimultigraph import DiMultiGraph
from ...core.steps import ArcSteps
from ...errors import IllegalMoveError, InvalidTypeError
from ..contract import GameOf
from ..positions import BasePosition
from .analysis import DirectedEdgeAnalysis, analyse_directed_edge
from .remaining import Left, Region, region_from, whole_graph
from .source import directed_edge_source

__all__ = ["DirectedEdgePosition"]

_POSITION_BYTES = 160  # a vertex or arc, at the peak of a question (as the analysis's)
_KEPT_LEVELS = 64  # the last moves whose regions the undo log keeps (older: asked again)


class DirectedEdgePosition(BasePosition):
    """A position of directed edge geography on a directed multigraph (or a board or
    undirected graph, whose edges are both arcs): the other games' positions'
    sibling, with the same constructor and methods; a move after the placement is an
    arc ``(tail, head, key)`` (``key``: its place among the arcs ``tail -> head``, as
    NetworkX keys them).

    Parameters
    ----------
    source : DiMultiGraph, DiGraph, NetworkX graph, Board, list of str, Graph, MultiGraph, matrix
        Where the game is played (see
        ``matchgame.games.directed_edge.source.directed_edge_source``).
    token : name, optional
        The token's vertex; None for the placement phase.
    used : iterable of (name, name) or (name, name, int)
        Arcs already used: ``(u, v, key)`` that arc, ``(u, v)`` the first of the arcs
        ``u -> v`` not used yet (a pair listed twice used two parallel arcs).
    moves : {"orthogonal", "king", "hex", "knight"}
        On a board, how the token moves.
    **options
        The game's options: ``max_states``, the exact search's budget for each
        question (default 10**6).

    Raises
    ------
    IllegalMoveError
        If the token or a used arc is not in the graph, or an arc is used twice.
    BudgetExceededError
        (when asked who wins) past the search's budget on a component with a cycle.

    See Also
    --------
    DirectedPosition : Directed vertex geography's position.
    EdgePosition : The undirected edge game's position.
    DirectedEdgeAnalysis : Who wins where, from the start.

    Examples
    --------
    Two arcs 0 -> 1 and one back: the mover at 0 goes over, and whoever is then at 1
    comes back; the arcs' order keys the parallel ones.

    >>> from matchgame import DiMultiGraph
    >>> graph = DiMultiGraph(2, [(0, 1), (1, 0), (0, 1)])
    >>> position = DirectedEdgePosition(graph, token=0)
    >>> position.legal_moves(), position.mover_wins(), position.winning_moves()
    ([(0, 1, 0), (0, 1, 1)], True, [(0, 1, 0), (0, 1, 1)])
    >>> position.push(position.parse_move("1 2")); position.push((1, 0))
    >>> position.legal_moves(), position.used
    ([(0, 1, 1)], [(0, 1, 0), (1, 0, 0)])
    """

    rules = GameOf("directed-edge")

    def _set_up(
        self, source: Any, token: Hashable | None, used: Any, moves: str, options: dict[str, Any]
    ) -> None:
        graph, board = directed_edge_source(source, moves)
        require_memory(
            _POSITION_BYTES * (graph.n_vertices + graph.n_edges),
            "a directed edge geography position on this graph",
        )
        self._multigraph = graph
        self._board = board
        self._max_states: int = options["max_states"]
        steps = self.rules.steps(graph)
        assert isinstance(steps, ArcSteps)
        self._arcs = steps
        self._set_naming(graph.names, steps)
        self._free = np.ones(graph.n_edges, dtype=bool)
        used_ids = self._used_arcs(used)
        names = graph.names
        token_id = None if token is None else names.vertex(token, "token", IllegalMoveError)
        if used_ids and token_id is None:
            raise IllegalMoveError("used arcs need a token (they are its past)")
        self._used_at_setup = used_ids
        self._start = token_id
        self._token = token_id
        self._moves: list[int] = []
        self._left = Left(graph, self._free)  # the arcs left, once opposite ones cancel
        self._analysis: DirectedEdgeAnalysis | None = None
        self._region: Region | None = None  # what the solver says of the token's region
        self._trials: dict[int, Region] = {}  # per head: the region after a move there
        self._wins: bool | None = None
        # per move: the region, verdict and trials of the position before it
        self._undo: list[tuple[Region | None, bool | None, dict[int, Region]]] = []

    def _used_arcs(self, used: Any) -> list[int]:
        """The arc ids ``used`` names, each marked used (see the class docstring)."""
        if isinstance(used, str | bytes) or not isinstance(used, Iterable):
            raise InvalidTypeError(
                f"used must be an iterable of arcs (u, v) or (u, v, key), got {describe(used)}"
            )
        ids = []
        for i, arc in enumerate(used):
            what = f"used[{i}]"
            if isinstance(arc, str | bytes) or not isinstance(arc, tuple | list):
                raise InvalidTypeError(f"{what} must be an arc (u, v) or (u, v, key), got {arc!r}")
            found = self._arcs.find(tuple(arc), what, IllegalMoveError)
            if len(arc) == 2:  # by its ends: the first copy not used yet
                found = next(
                    (twin for twin in self._arcs.parallel(found) if self._free[twin]), found
                )
            if not self._free[found]:
                many = "more often than the graph has it" if len(arc) == 2 else "twice"
                raise IllegalMoveError(f"{what} = {tuple(arc)!r}: used {many}")
            self._free[found] = False
            ids.append(found)
        return ids

    # -- the graph ------------------------------------------------------------------

    @property
    def graph(self) -> DiMultiGraph:
        """The directed multigraph played on (as it was set up, every arc unused)."""
        return self._multigraph

    @property
    def multigraph(self) -> DiMultiGraph:
        """The directed multigraph played on (:attr:`graph`)."""
        return self._multigraph

    @property
    def board(self) -> Board | None:
        """The board played on, or None on a graph."""
        return self._board

    def remaining_edge_ids(self) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int64]]:
        """The ``(tail, head)`` pairs with arcs not used yet, and how many of each (a
        self-loop is ``(v, v)``)."""
        pairs, counts = np.unique(self._multigraph.arcs[self._free], axis=0, return_counts=True)
        return pairs.reshape(-1, 2).astype(np.int32), counts.astype(np.int64)

    def used_arc_ids(self) -> list[int]:
        """The arcs used, in order (those given at set-up first), as arc ids."""
        steps = self._moves if self._start is not None else self._moves[1:]
        return [*self._used_at_setup, *steps]

    def used_edge_ids(self) -> list[tuple[int, int]]:
        """The arcs used, in order (those given at set-up first), as ``(tail, head)``
        id pairs."""
        tails, heads = self._multigraph.tails, self._multigraph.heads
        return [(int(tails[a]), int(heads[a])) for a in self.used_arc_ids()]

    @property
    def used(self) -> list[Hashable]:
        """The arcs used, in order (those given at set-up first), as ``(tail, head,
        key)`` names."""
        return self._arcs.names_of(self.used_arc_ids())

    def _visited_mask(self) -> npt.NDArray[np.bool_]:
        """Per vertex id: holding the token (nothing else is ever used up)."""
        mask = np.zeros(self._n, dtype=bool)
        if self._token is not None:
            mask[self._token] = True
        return mask

    def _state_key(self) -> tuple[Any, ...]:
        return (self._free.tobytes(),)

    # -- the moves ------------------------------------------------------------------

    def _legal_list(self) -> list[int]:
        if self._token is None:
            return list(range(self._n))
        graph, t = self._multigraph, self._token
        out = graph.out_arcs[graph.offsets[t] : graph.offsets[t + 1]]  # in arc order
        legal: list[int] = out[self._free[out]].tolist()
        return legal

    def _illegal(self, u: int) -> str | None:
        """Why arc ``u`` is not a move now (the placement: any vertex is), or None."""
        token = self._token
        if token is None:
            return None
        tail = int(self._multigraph.tails[u])
        if tail != token:
            return (
                f"the arc {self._arcs.text(u)} leaves {self._names.describe(tail)}, not the "
                f"token's {self._names.describe(token)}"
            )
        if not self._free[u]:
            return f"the arc {self._arcs.text(u)} is used up"
        return None

    def _push_id(self, u: int) -> None:
        token, before = self._token, self._region
        self._undo.append((before, self._wins, self._trials))
        if len(self._undo) > _KEPT_LEVELS:  # memory: a level that far down asks again
            self._undo[-_KEPT_LEVELS - 1] = (None, self._undo[-_KEPT_LEVELS - 1][1], {})
        if token is None:  # the placement: the placement's verdicts hold everywhere
            analysis = self._analysis
            self._region = None if analysis is None else whole_graph(self._left, analysis.verdicts)
            self._token = u
        else:
            head = int(self._multigraph.heads[u])
            along = self._left.leads(u)
            self._free[u] = False
            self._left.changed(u)
            if before is not None and along and before.below(token, head):
                self._region = before
            else:
                self._region = self._trials.get(head)
            self._token = head
        self._moves.append(u)
        self._wins = None
        self._trials = {}

    def _pop_id(self) -> int:
        u = self._moves.pop()
        self._region, self._wins, self._trials = self._undo.pop()
        if self._start is None and not self._moves:  # the placement
            self._token = None
        else:
            self._free[u] = True
            self._left.changed(u)
            self._token = int(self._multigraph.tails[u])
        return u

    # -- who wins -------------------------------------------------------------------

    def _placement_analysis(self) -> DirectedEdgeAnalysis:
        if self._analysis is None:
            self._analysis = analyse_directed_edge(self._multigraph, max_states=self._max_states)
        return self._analysis

    def _token_region(self) -> Region:
        assert self._token is not None
        if self._region is None:
            self._region = region_from(self._left, self._token, self._max_states)
        return self._region

    def mover_wins(self) -> bool:
        """Whether the player to move wins with perfect play (in the placement phase:
        whether the placer has a winning placement).

        Raises
        ------
        BudgetExceededError
            Past the search's budget on a component with a cycle.
        """
        if self._wins is None:
            if self._token is None:
                self._wins = self._placement_analysis().placer_wins
            else:
                self._wins = self._token_region().mover_wins(self._token)
        return self._wins

    def _mover_wins_after(self, arc: int) -> bool:
        """Whether the player to move after ``arc`` (legal) wins."""
        token, head = self._token, int(self._multigraph.heads[arc])
        assert token is not None
        if self._left.leads(arc):
            region = self._token_region()
            if region.below(token, head):
                return region.mover_wins(head)
        after = self._trials.get(head)  # the same game after any parallel copy
        if after is None:
            self._free[arc] = False
            self._left.changed(arc)
            try:
                after = region_from(self._left, head, self._max_states)
            finally:
                self._free[arc] = True
                self._left.changed(arc)
            self._trials[head] = after
        return after.mover_wins(head)

    def _winning_ids(self) -> list[int]:
        if self._token is None:
            winning: list[int] = self._placement_analysis().winning_ids.tolist()
            return winning
        if not self.mover_wins():
            return []
        return [arc for arc in self._legal_list() if not self._mover_wins_after(arc)]

    def _winning_reply_id(self) -> int | None:
        if self._token is None:
            moves = self._winning_ids()
            return moves[0] if moves else None
        if not self.mover_wins():
            return None
        return next(arc for arc in self._legal_list() if not self._mover_wins_after(arc))

    def __str__(self) -> str:
        """The position as text: on a board the grid (``@`` the token, ``*`` where its
        moves go), on a graph the token and its moves, then each vertex with the heads
        of its arcs left (see :func:`matchgame.draw.terminal.position_text`).

        >>> from matchgame import DiMultiGraph
        >>> position = DirectedEdgePosition(DiMultiGraph(3, [(0, 1), (0, 1), (1, 2)]), 0)
        >>> position.push(position.parse_move("1 2 1"))
        >>> print(position)
        token on vertex 2; moves: 2 3
        1: 2
        @2: 3
        """
        return super().__str__()

    def __repr__(self) -> str:
        return (
            f"<DirectedEdgePosition token={self.token!r} used={len(self.used_arc_ids())} of "
            f"{plural(self._multigraph.n_edges, 'arc')}>"
        )
