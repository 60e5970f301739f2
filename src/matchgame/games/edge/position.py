"""Positions of the edge game (:class:`EdgePosition`, the sibling of the vertex game's
:class:`~matchgame.Position`; records are in :mod:`.records`,
``annotate(record, game="edge")``).

A position is the multigraph with how many copies of each edge are left, and the
token. A move takes the token along an unused edge to the vertex it names
(the token's own vertex for a self-loop). Parallel copies of an edge are
interchangeable (using one or the other leaves the same position), so a move is
named by the vertex it reaches; :attr:`EdgePosition.used` lists the edges used,
as pairs of names, in order.

Who wins is decided on the token's component (the token never leaves it):

- bipartite (no odd cycle, no self-loop at all): by the theorem of
  :mod:`matchgame.games.edge.analysis`, on the biadjacency matrix ``A'`` of what is
  left (a move flips one entry). A small component (``P`` and ``Q`` within
  :data:`~matchgame.games.edge.engines.DENSE_BYTES`) keeps invertible ``P``, ``Q``
  with ``P A' Q = diag(I_r, 0)`` through each flip (``_kernels/gf2.Transforms``).
  A bigger one keeps nothing dense (:class:`~matchgame.games.edge.engines.Algebra`):
  ``A'`` is the component's pattern with a parity bit per entry, and each position
  keeps the set that proves its verdict (``T`` with ``A' 1_T = e_x``, or ``S``
  holding ``x`` with ``1_S^T A' = 0``). The proofs persist through moves that follow
  them (a move into ``T`` leaves ``T`` as the next mover's ``S``; any move out of a
  losing ``S`` leaves ``S`` as the next mover's ``T``); a position left unproved is
  proved in balls of growing radius round the token, then in the whole component
  (one banded elimination, :mod:`matchgame.games.edge._dynamic`). The winning moves
  are the reachable ``y`` in ``T`` or in the kernel's support (``y`` losing as the
  mover in ``A'``); their proofs carry to the next ply;
- otherwise: the exact search of :mod:`matchgame.games.edge.analysis`, its positions
  remembered for the whole game, within ``max_states``.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from ..._kernels import gf2 as _gf2
from ...core._deprecated import warn_renamed
from ...core._validate import (
    describe,
    plural,
)
from ...core.board import Board
from ...core.graph import Graph
from ...core.multigraph import MultiGraph
from ...errors import IllegalMoveError, InvalidInputError, InvalidTypeError
from ..contract import GameOf
from ..positions import BasePosition
from ._algebra import require
from .analysis import EdgeAnalysis, analyse_edges, edge_source
from .engines import Algebra, Dense, Searched, bipartite_engine

__all__ = ["EdgePosition", "no_edge"]


_POSITION_BYTES = 96  # a vertex or pair of the multigraph, at a position's set-up


class EdgePosition(BasePosition):
    """A position of the edge game on any graph, multigraph or board.

    The vertex game's :class:`~matchgame.Position`'s sibling: the same constructor
    and methods, vertices by name (``(row, col)`` cells on a board); what it has of
    its own: :attr:`used`, :meth:`remaining`, :attr:`multigraph`.

    Parameters
    ----------
    source : Board, list of str, Graph, MultiGraph, NetworkX graph or SciPy matrix
        Where the game is played (a board's graph under ``moves``; a NetworkX
        multigraph's parallel edges and self-loops count; a matrix holds edge counts).
    token : name, optional
        The token's vertex; None for the placement phase.
    used : iterable of (name, name)
        Edges already used (a pair listed twice used two parallel copies).
    moves : {"orthogonal", "king", "hex", "knight"}
        On a board, how the token moves.
    **options
        The game's options: ``max_states``, the budget of the exact search
        (components with an odd cycle or a self-loop; default 10**6).

    Raises
    ------
    IllegalMoveError
        If the token or a used edge is not in the graph, or an edge is used more
        often than it is there.
    BudgetExceededError
        (when asked who wins) past the search's budget, or when the
        pattern of the token's component does not fit in memory.

    See Also
    --------
    Position : The vertex game's position.
    DirectedPosition : The directed game's position.
    EdgeAnalysis : Who wins where, from the start.

    Examples
    --------
    A path 0 - 1 - 2 - 3 with the token on 1: moving to 0 wins (the opponent is
    stuck there); moving to 2 loses (2 -> 3, and the mover is stuck at 3). The
    token may come back: after 1 -> 2 -> 1 ... the edge 1-2 is used up.

    >>> from matchgame import Graph
    >>> path = Graph.from_edges(4, [(0, 1), (1, 2), (2, 3)])
    >>> position = EdgePosition(path, token=1)
    >>> position.mover_wins(), position.legal_moves(), position.winning_moves()
    (True, [0, 2], [0])
    >>> position.push(2)
    >>> position.legal_moves(), position.mover_wins()
    ([3], True)
    >>> position.pop(), position.used
    (2, [])

    A triangle with a doubled side: the token may go 0 -> 1 -> 0 along the two
    copies, then round.

    >>> triangle = MultiGraph(3, [(0, 1), (0, 1), (1, 2), (2, 0)])
    >>> position = EdgePosition(triangle, token=0)
    >>> position.push(1); position.push(0)
    >>> position.used, position.legal_moves()
    ([(0, 1), (1, 0)], [2])
    """

    rules = GameOf("edge")

    def __init__(
        self,
        source: Any,
        token: Hashable | None = None,
        used: Iterable[tuple[Hashable, Hashable]] = (),
        *,
        moves: str = "orthogonal",
        **options: Any,
    ) -> None:
        if "game" in options:  # EdgePosition(..., game="edge"), as the old factory passed it
            game = options.pop("game")
            warn_renamed("EdgePosition(game=...)", "EdgePosition(...)", stacklevel=3)
            if game != "edge":
                raise InvalidInputError(f"EdgePosition is the edge game's, got game={game!r}")
        super().__init__(source, token, used, moves=moves, **options)

    def _set_up(
        self, source: Any, token: Hashable | None, used: Any, moves: str, options: dict[str, Any]
    ) -> None:
        self._max_states = options["max_states"]
        multigraph, board = edge_source(source, moves)
        self._multigraph = multigraph
        self._n = multigraph.n_vertices
        self._board = board
        self._rules = moves
        names = multigraph.names
        self._left = multigraph.multiplicity.astype(np.int64)  # copies left of each pair
        self._pair_keys = multigraph._keys
        used_pairs = []
        for i, pair in enumerate(_pairs(used)):
            u = names.vertex(pair[0], f"used[{i}][0]", IllegalMoveError)
            v = names.vertex(pair[1], f"used[{i}][1]", IllegalMoveError)
            k = self._pair_index(u, v)
            if k < 0 or self._left[k] == 0:
                raise IllegalMoveError(
                    f"used[{i}] = {pair!r}: "
                    + ("no such edge" if k < 0 else "used more often than the graph has it")
                )
            self._left[k] -= 1
            used_pairs.append((u, v))
        if used_pairs and token is None:
            raise IllegalMoveError("used edges need a token (they are its past)")
        self._used_at_setup = used_pairs
        token_id = None if token is None else names.vertex(token, "token", IllegalMoveError)
        self._setup_edge(token_id)

    def _setup_edge(self, token: int | None) -> None:
        self._names = self._multigraph.names
        self._n = self._multigraph.n_vertices
        # the engine's arrays over every vertex and pair: measured 51 bytes a vertex (the
        # engine of the token's component claims its own memory)
        items = self._n + self._multigraph.pairs.shape[0]
        require(_POSITION_BYTES * items, "an edge game position on this graph")
        self._set_naming(self._names)
        self._start = token
        self._token = token
        self._moves: list[int] = []
        self._pairs_used: list[int] = []  # per move: the pair it used (-1: placement)
        self._verdicts: list[bool | None] = []
        self._wins: bool | None = None
        # the engine of the token's component, while the token is on the graph
        self._component_engine: Searched | Dense | Algebra | None = None
        self._component: npt.NDArray[np.bool_] | None = None
        self._analysis: EdgeAnalysis | None = None
        if token is not None:
            self._start_engine(token)

    # -- the graph -----------------------------------------------------------------

    @property
    def graph(self) -> Graph:
        """The simple graph of the vertex pairs joined by an edge (loops dropped)."""
        return self._multigraph.support

    @property
    def multigraph(self) -> MultiGraph:
        """The multigraph played on (as it was set up, every edge unused)."""
        return self._multigraph

    @property
    def board(self) -> Board | None:
        """The board played on, or None on a graph."""
        return self._board

    def _pair_index(self, u: int, v: int) -> int:
        """The index of the pair ``u``-``v`` in the multigraph, or -1."""
        a, b = (u, v) if u <= v else (v, u)
        key = a * max(self._n, 1) + b
        k = int(np.searchsorted(self._pair_keys, key))
        return k if k < self._pair_keys.shape[0] and int(self._pair_keys[k]) == key else -1

    def remaining(self, u: Hashable, v: Hashable) -> int:
        """How many edges between ``u`` and ``v`` (self-loops if equal) are unused."""
        a = self._names.vertex(u, "u")
        b = self._names.vertex(v, "v")
        k = self._pair_index(a, b)
        return 0 if k < 0 else int(self._left[k])

    def remaining_edge_ids(self) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int64]]:
        """The vertex pairs with unused copies left, and how many (a self-loop is
        ``(v, v)``)."""
        keep = self._left > 0
        return self._multigraph.pairs[keep], self._left[keep]

    def used_edge_ids(self) -> list[tuple[int, int]]:
        """The edges used, in order (those given at setup first), as id pairs."""
        walk = self.walk_ids()
        steps = [(walk[t - 1], walk[t]) for t in range(1, len(walk))]
        return list(self._used_at_setup) + steps

    @property
    def used(self) -> list[tuple[Hashable, Hashable]]:
        """The edges used, in order (those given at setup first), as pairs of names
        ``(from, to)``; a self-loop is ``(v, v)``."""
        return [(self._name(u), self._name(v)) for u, v in self.used_edge_ids()]

    # -- the engine ------------------------------------------------------------------

    def _start_engine(self, token: int) -> None:
        """The engine of the token's component (see the module docstring)."""
        multigraph = self._multigraph
        support = multigraph.support
        component, side, _ = _gf2.component_sides(
            support.offsets, support.indices, np.zeros(self._n, dtype=np.uint8)
        )
        inside = component == component[token]
        self._component = inside
        pairs = multigraph.pairs
        in_pairs = inside[pairs[:, 0]]
        loops = in_pairs & (pairs[:, 0] == pairs[:, 1])
        odd_cycle = bool((side[pairs[in_pairs, 0]] == side[pairs[in_pairs, 1]]).any())
        if odd_cycle or loops.any():
            self._component_engine = Searched(multigraph, np.flatnonzero(inside), self._max_states)
        else:
            self._component_engine = bipartite_engine(multigraph, self._left, side, inside)
        self._component_engine.start(token)

    def _engine_wins(self, token: int) -> bool:
        assert self._component_engine is not None
        return bool(self._component_engine.mover_wins(token, self._left))

    # -- the position ----------------------------------------------------------------

    def _legal_list(self) -> list[int]:
        if self._token is None:
            return list(range(self._n))
        return self._reachable(self._token)

    def _reachable(self, token: int) -> list[int]:
        """The vertices one unused edge away from ``token``, increasing."""
        keys = self._pair_keys
        n = max(self._n, 1)
        support = self._multigraph.support
        out = support.neighbours(token).astype(np.int64)
        low = np.minimum(out, token)
        high = np.maximum(out, token)
        index = np.searchsorted(keys, low * n + high)
        out = out[self._left[index] > 0]
        loop = self._pair_index(token, token)
        if loop >= 0 and self._left[loop] > 0:
            out = np.sort(np.append(out, token))
        reachable: list[int] = out.tolist()
        return reachable

    def _visited_mask(self) -> npt.NDArray[np.bool_]:
        """Per vertex id: holding the token (nothing else is ever used up)."""
        mask = np.zeros(self._n, dtype=bool)
        if self._token is not None:
            mask[self._token] = True
        return mask

    def is_visited(self, v: Hashable) -> bool:
        """Always False: in the edge game the token may come back to any vertex."""
        self._names.vertex(v, "v")
        return False

    def is_game_over(self) -> bool:
        """No legal move: the player to move has lost."""
        if self._token is None:
            return self._n == 0
        return not self._reachable(self._token)

    def mover_wins(self) -> bool:
        """Whether the player to move wins with perfect play (in the placement phase:
        whether the placer has a winning placement).

        Raises
        ------
        BudgetExceededError
            Past the search's budget on a component with an odd cycle.
        """
        if self._wins is None:
            if self._token is None:
                self._wins = self._placement_analysis().placer_wins
            else:
                self._wins = self._engine_wins(self._token)
        return self._wins

    def _placement_analysis(self) -> EdgeAnalysis:
        if self._analysis is None:
            self._analysis = analyse_edges(self._multigraph, max_states=self._max_states)
        return self._analysis

    def _winning_ids(self) -> list[int]:
        if self._token is None:
            return np.flatnonzero(self._placement_analysis().winning_mask).tolist()
        if not self.mover_wins():
            return []
        assert self._component_engine is not None
        return self._component_engine.winning_moves(
            self._token, self._reachable(self._token), self._left
        )

    def _winning_reply_id(self) -> int | None:
        if self._token is None:
            moves = self._winning_ids()
            return moves[0] if moves else None
        if not self.mover_wins():
            return None
        assert self._component_engine is not None
        return self._component_engine.winning_reply(
            self._token, self._reachable(self._token), self._left
        )

    def push(self, v: Hashable) -> None:
        """Play ``v``: place the token there, or move it along an unused edge to ``v``
        (``v`` the token's own vertex: along a self-loop).

        Raises
        ------
        IllegalMoveError
            If no unused edge joins the token to ``v``.
        InvalidTypeError
            If ``v`` is not a name of the graph's vertices.
        """
        u = self._id_of(v)
        problem = self._illegal(u)
        if problem is not None:
            raise IllegalMoveError(problem)
        self._push_id(u)

    def _illegal(self, u: int) -> str | None:
        """Why moving to vertex id ``u`` is illegal (no unused edge), or None."""
        token = self._token
        if token is not None:
            k = self._pair_index(token, u)
            if k < 0 or self._left[k] == 0:
                return no_edge(self._names, token, u, k >= 0)
        return None

    def _push_id(self, u: int) -> None:
        token = self._token
        pair = -1
        if token is None:
            self._start = None
            self._start_engine(u)
        else:
            pair = self._pair_index(token, u)
            self._left[pair] -= 1
            assert self._component_engine is not None
            self._component_engine.push(token, u)
        self._verdicts.append(self._wins)
        self._pairs_used.append(pair)
        self._moves.append(u)
        self._token = u
        self._wins = None

    def _pop_id(self) -> int:
        move = self._moves.pop()
        pair = self._pairs_used.pop()
        self._wins = self._verdicts.pop()
        if pair < 0:  # the placement
            self._token = None
            self._component_engine = None
            self._component = None
        else:
            self._token = self._moves[-1] if self._moves else self._start
            assert self._token is not None
            self._left[pair] += 1
            assert self._component_engine is not None
            self._component_engine.pop(self._token, move)
        return move

    def _state_key(self) -> tuple[Any, ...]:
        return (self._left.tobytes(),)

    def __str__(self) -> str:
        """The position as text: on a board the grid (``@`` the token, ``o`` cells it
        has left, ``*`` its moves), on a graph each vertex with its unused edges (see
        :func:`matchgame.draw.terminal.position_text`).

        >>> from matchgame import EdgePosition, Graph
        >>> triangle = Graph.from_edges(3, [(0, 1), (1, 2), (2, 0)])
        >>> position = EdgePosition(triangle, token=0)
        >>> position.push(position.parse_move("2"))
        >>> print(position)
        token on vertex 2; moves: 3
        1: 3
        @2: 3
        3: 1 2
        """
        return super().__str__()

    def __repr__(self) -> str:
        return (
            f"<EdgePosition token={self.token!r} used={len(self.used)} of "
            f"{plural(self._multigraph.n_edges, 'edge')}>"
        )


def _pairs(used: Iterable[tuple[Hashable, Hashable]]) -> list[tuple[Hashable, Hashable]]:
    if isinstance(used, str | bytes) or not isinstance(used, Iterable):
        raise InvalidTypeError(f"used must be an iterable of (u, v) pairs, got {describe(used)}")
    out = []
    for i, pair in enumerate(used):
        if isinstance(pair, str | bytes) or not isinstance(pair, tuple | list) or len(pair) != 2:
            raise InvalidTypeError(f"used[{i}] must be a pair (u, v), got {describe(pair)}")
        out.append((pair[0], pair[1]))
    return out


def no_edge(names: Any, u: int, v: int, used_up: bool) -> str:
    """Why a move from ``u`` to ``v`` is illegal, in text (1-based) names."""
    if u == v:
        where = f"the self-loop at {names.text(u)}"
    else:
        where = f"the edge between {names.text(u)} and {names.text(v)}"
    return f"{where} is used up" if used_up else f"there is no {where[4:]}"
