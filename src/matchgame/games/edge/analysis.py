"""Edge geography: the token game in which a move uses up the *edge* it travels.

The rules. A token sits on a vertex of an undirected multigraph; the player to
move takes it along an edge not used before, which uses that edge up; vertices
may be visited again; parallel edges are separate moves, and a self-loop is a
move that keeps the token where it is. Who cannot move loses. In the placement
game (JSOI2009's rules, as in the vertex game) one player places the token and
the other moves first.

The theorem (Fraenkel, Scheinerman, Ullman, "Undirected edge geography",
Theoretical Computer Science 112 (1993) 371-381). On a bipartite graph with
sides X and Y, let ``A`` be the X-by-Y biadjacency matrix over GF(2) (an entry is
the number of edges between the two vertices, mod 2). With the token on ``s``
in X, the player to move wins iff the row of ``s`` is independent of the other
rows of ``A``: iff no ``x`` with ``x^T A = 0`` has ``x_s = 1``, iff some
``T`` in Y has ``A 1_T = e_s``. Both sides of the iff come with a proof:

- *losing start* (the placer wins there): a set S of X with ``s`` in S such that
  every vertex of Y has an even number of edges into S. The other player's
  strategy: whenever the token enters ``y`` from S, take it back into S along an
  unused edge (an odd number of ``y``'s edges into S are left, so one is).
- *winning start*: a set T of Y such that ``s`` has an odd number of edges into
  T and every other vertex of X an even number. Moving along any edge ``s-y``
  with ``y`` in T leaves T as a losing proof for the token on ``y``.

For Y the same with ``A^T``. So the placer's winning placements are the supports
of the left and right kernels of ``A``: one elimination per side answers every
vertex (:mod:`matchgame.games.edge._algebra`; an isolated vertex is a winning
placement). Every position reached in play is again a bipartite multigraph (one
edge fewer) with a token, answered by the same rule (:mod:`.edge_position`).

Parity. Two copies of an edge cancel: whatever one player does with one copy,
the other can answer with the other (this holds on any graph). So a game on a
multigraph is the game on its pairs of odd multiplicity and its vertices with
an odd number of self-loops, and the components of that graph are independent.

Graphs with odd cycles. There the game is PSPACE-complete (same paper):
matchgame searches each component that has an odd cycle (or an odd self-loop)
exhaustively, remembering every position, within a budget of states
(``max_states``), and raises :class:`~matchgame.errors.BudgetExceededError`
past it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ...core._validate import Integer, Options, describe, validate_params
from ...core.board import ON_A_BOARD, Board, as_board
from ...core.graph import Graph
from ...core.moves import MOVES
from ...core.multigraph import MultiGraph, as_multigraph
from ...core.names import VertexNames
from ...errors import InvalidInputError, InvalidTypeError
from ..analyses import BaseAnalysis
from ..contract import GameOf

if TYPE_CHECKING:
    from .explain import EdgeExplanation
from ._algebra import (
    Biadjacency,
    GraphParts,
    KernelSupports,
    biadjacency,
    graph_parts,
    kernel_supports,
    require,
    solve_rows,
)
from ._structured import kernel_supports_structured, wide
from .proof import EdgeProof
from .search import MAX_BUDGET, MAX_STATES, ComponentSearch

__all__ = [
    "MAX_BUDGET",
    "MAX_STATES",
    "EdgeAnalysis",
    "EdgeProof",
    "analyse_edges",
    "edge_source",
]


class EdgeAnalysis(BaseAnalysis):
    """Who wins where in the edge game on a graph or board, with the algebra behind it.

    Build one with :func:`analyse_edges` (or ``analyse(source, game="edge")``). The
    reading surface is the vertex game's :class:`~matchgame.Analysis`: vertices by
    name (``(row, col)`` cells on a board, node labels on a NetworkX graph, else
    ids), :attr:`winning`, :meth:`placer_wins_at`, :meth:`mover_wins_at`,
    :meth:`board_mask`; then the proofs (:meth:`proof`) and the certificate.

    Parameters
    ----------
    multigraph : MultiGraph
        The graph played on.
    winning_mask : ndarray of bool
        Per vertex id: whether placing the token there wins (made read-only).
    parts : GraphParts
        The multigraph reduced to parities and split into components.
    algebra : tuple of (Biadjacency, KernelSupports) or None
        The biadjacency matrix over GF(2) of the bipartite part and the supports of
        its kernels; None when every component was searched.
    board : Board, optional
        The board, when the graph is a board's.
    moves : {"orthogonal", "king", "hex", "knight"}, optional
        On a board, how the token moves.
    search_states : int, default 0
        The states the exact search visited.

    Attributes
    ----------
    multigraph : MultiGraph
        The graph played on (parallel edges and self-loops kept).
    board : Board or None
        The board, when the graph is a board's.
    moves : str or None
        How the token moves on the board.
    winning_mask : ndarray of bool
        Per vertex id: placing the token there wins for the placer.
    searched : ndarray of bool
        Per vertex id: decided by the exact search (its component, reduced to
        parities, has an odd cycle or an odd self-loop); the others by the theorem.

    See Also
    --------
    Analysis : The vertex game's analysis.
    DirectedAnalysis : The directed game's analysis.
    EdgeProof : Why the mover wins or loses from one vertex.
    analyse : Makes it, with ``game="edge"``.

    References
    ----------
    .. [1] A. S. Fraenkel, E. R. Scheinerman, D. Ullman, "Undirected edge geography",
       Theoret. Comput. Sci. 112 (1993) 371-381.
       https://doi.org/10.1016/0304-3975(93)90026-P

    Examples
    --------
    A 2x3 board: its 3x3 biadjacency matrix is invertible over GF(2), so the
    player to move wins from every cell. With the bottom middle blocked the board
    is a path of five cells: the placer wins on its ends and its middle.

    >>> analysis = analyse_edges(["...", "..."])
    >>> analysis.winning, analysis.rank
    ([], 3)
    >>> blocked = analyse_edges(["...", ".#."])
    >>> blocked.winning, blocked.board_mask().tolist()
    ([(0, 1), (1, 0), (1, 2)], [[False, True, False], [True, False, True]])
    """

    rules = GameOf("edge")

    def __init__(
        self,
        multigraph: MultiGraph,
        winning_mask: npt.NDArray[np.bool_],
        parts: GraphParts,
        algebra: tuple[Biadjacency, KernelSupports] | None,
        board: Board | None = None,
        moves: str | None = None,
        search_states: int = 0,
    ) -> None:
        self.multigraph = multigraph
        self.board = board
        self.moves = moves
        winning_mask.setflags(write=False)
        self._winning = winning_mask
        self.parts = parts
        self._algebra = algebra
        self.searched = ~parts.on_bipartite
        self.search_states = search_states

    @property
    def winning_mask(self) -> npt.NDArray[np.bool_]:
        """Per vertex id: placing the token there wins for the placer."""
        return self._winning

    @property
    def graph(self) -> Graph:
        """The simple graph of the vertex pairs joined by an edge (loops dropped)."""
        return self.multigraph.support

    @property
    def names(self) -> VertexNames:
        """How vertices are named (see ``matchgame.core.names``)."""
        return self.multigraph.names

    @property
    def rank(self) -> int | None:
        """The rank over GF(2) of the biadjacency matrix of the bipartite part (None
        when every component was searched)."""
        return None if self._algebra is None else self._algebra[1].rank

    @property
    def stats(self) -> dict[str, Any]:
        """What the eliminations cost: the order, the band (64-bit words a row), the
        fill (bits set in the echelon rows, ``A`` then ``A^T``), the most rows
        active at once, the draws of 64 lanes; and the states searched."""
        stats: dict[str, Any] = {} if self._algebra is None else dict(self._algebra[1].stats)
        stats["search_states"] = self.search_states
        return stats

    # -- proofs -------------------------------------------------------------------

    def proof(self, name: Any) -> EdgeProof:
        """The proof of the verdict at ``name`` (see :class:`EdgeProof`).

        Raises
        ------
        InvalidInputError
            If the vertex's component has an odd cycle: the search's verdict has no
            short proof (the game is PSPACE-complete there).

        Examples
        --------
        On a path of three vertices the middle is a winning start: moving to
        an end leaves that end alone in T. An end is a losing start: S = both
        ends (the middle has two edges into S).

        >>> analysis = analyse_edges(Graph.from_edges(3, [(0, 1), (1, 2)]))
        >>> analysis.proof(1)
        EdgeProof(vertex=1, mover_wins=True, parity_set=[0], move=0)
        >>> analysis.proof(0)
        EdgeProof(vertex=0, mover_wins=False, parity_set=[0, 2], move=None)
        """
        v = self.names.vertex(name)
        if self._algebra is None or self.searched[v]:
            raise InvalidInputError(
                f"{self.names.describe(v)} is in a component with an odd cycle or a self-loop: "
                "its verdict comes from an exhaustive search and has no short proof"
            )
        ids = self._parity_set_ids(v)
        mover_wins = not bool(self.winning_mask[v])
        move = None
        if mover_wins:
            move = self.names.name(self._move_into(v, ids))
        return EdgeProof(self.names.name(v), mover_wins, self.names.names(ids), move)

    def _parity_set_ids(self, v: int) -> npt.NDArray[np.int64]:
        """S (a lane holding ``v``) or T (a solution) as increasing vertex ids."""
        assert self._algebra is not None
        bi, supports = self._algebra
        on_x = self.parts.side[v] == 0
        i = int(bi.index[v])
        own = bi.xs if on_x else bi.ys
        if self.winning_mask[v]:
            for lanes in supports.lanes_x if on_x else supports.lanes_y:
                if lanes[i]:
                    lane = np.uint64(int(lanes[i]) & -int(lanes[i]))  # its lowest lane
                    return np.sort(own[(lanes & lane) != 0]).astype(np.int64)
            raise RuntimeError("a winning placement outside every lane")
        other = bi.ys if on_x else bi.xs
        ptr, ind, n_cols = (
            (bi.a_ptr, bi.a_ind, bi.shape[1]) if on_x else (bi.t_ptr, bi.t_ind, bi.shape[0])
        )
        _, columns = solve_rows(ptr, ind, n_cols, np.array([i]))
        return np.sort(other[columns]).astype(np.int64)

    def _move_into(self, v: int, parity_set: np.ndarray) -> int:
        """A neighbour of ``v`` in the set (one exists: ``v`` has an odd number of
        edges into it)."""
        neighbours = self.multigraph.support.neighbours(v)
        inside = np.isin(neighbours, parity_set)
        if not inside.any():
            raise RuntimeError("a winning proof with no move into it")
        return int(neighbours[inside][0])

    def _game_graph(self) -> MultiGraph:
        return self.multigraph

    def _node_attributes(self) -> dict[str, list[Any]]:
        """Each vertex's role in the proof of its verdict (:meth:`explain`): ``"S"``
        where the placer wins (a parity set S holds it), ``"T"`` where the placer loses
        (the opponent moves into a set T), ``"search"`` where its component has an odd
        cycle (the exhaustive search's verdict, no short proof)."""
        roles = np.where(self.searched, "search", np.where(self.winning_mask, "S", "T"))
        return {"role": roles.tolist()}

    def _explain(self, v: int, **options: Any) -> EdgeExplanation:
        """Why placing the token on ``v`` wins or loses: the parity set S, or the
        opponent's winning move and T (see ``matchgame.games.edge.explain``;
        ``max_states``: the search's budget where the component has an odd cycle).

        >>> analyse_edges(["..."]).explain((0, 1)).text()[:34]
        'Placing the token on cell 1 2 lose'
        """
        from .explain import explain_edges

        return explain_edges(self, self.names.name(v), **options)

    def make_certificate(self) -> dict[str, Any]:
        """The certificate of this answer, exactly as written in the JSON answer (see
        ``matchgame.games.edge.certificate``): lanes of parity sets for the winning
        placements, proof programs for the others.

        Returns
        -------
        dict
            Lists, numbers and strings, which ``json.dumps`` takes
            (``make_edge_certificate`` gives its lists as numpy arrays).

        Raises
        ------
        InvalidInputError
            If a component has an odd cycle (its verdicts have no short proof).

        Examples
        --------
        >>> import json, matchgame
        >>> path = matchgame.Graph.from_edges(3, [(0, 1), (1, 2)])
        >>> certificate = matchgame.analyse(path, game="edge").certificate()
        >>> certificate["proofs"], json.loads(json.dumps(certificate)) == certificate
        ([2, 0], True)
        """
        from .certificate import make_edge_certificate

        return make_edge_certificate(self)

    def answer(self) -> dict[str, Any]:
        """The JSON answer (``"game": "edge"``; its fields are in
        ``matchgame.games.edge.documents``)."""
        from .documents import edge_answer

        return edge_answer(self)

    _WHAT = ("multigraph", "edge")

    def _played_on(self) -> MultiGraph:
        return self.multigraph


def edge_source(source: Any, moves: str = "orthogonal") -> tuple[MultiGraph, Board | None]:
    """The multigraph of the edge game on ``source`` and its board (or None): a
    :class:`Board` or its rows, a :class:`Graph` or :class:`MultiGraph`, a NetworkX
    graph (parallel edges and self-loops kept) or a SciPy matrix of edge counts."""
    if isinstance(source, list | tuple) and source and all(isinstance(r, str) for r in source):
        source = as_board(source, "source")
    if isinstance(source, Board):
        return MultiGraph.from_board(source, moves), source
    if isinstance(source, str | bytes):
        raise InvalidTypeError(
            f"source must be a board, graph or multigraph, got {describe(source)}; for the "
            "contest format use Board.parse(text)"
        )
    return as_multigraph(source, "source"), None


_ANALYSIS_BYTES = 160  # a vertex or pair of the multigraph, at the analysis's peak


@validate_params(moves=Options(MOVES, only=ON_A_BOARD), max_states=Integer(low=1, high=MAX_BUDGET))
def analyse_edges(
    source: Any, *, moves: str = "orthogonal", max_states: int = MAX_STATES
) -> EdgeAnalysis:
    """Solve the placement game of edge geography on a board or any (multi)graph.

    Parameters
    ----------
    source : Board, list of str, Graph, MultiGraph, NetworkX graph or SciPy matrix
        Row strings are read with :meth:`Board.from_rows`; a NetworkX graph keeps its
        parallel edges and self-loops; a SciPy (or dense) matrix holds edge counts.
    moves : {"orthogonal", "king", "hex", "knight"}
        On a board, how the token moves.
    max_states : int
        Budget of the exact search on components with an odd cycle (positions
        remembered in all).

    Returns
    -------
    EdgeAnalysis
        Who wins where, with the algebra (or the search) behind it.

    Raises
    ------
    BudgetExceededError
        If a component with an odd cycle needs more than ``max_states`` positions,
        or the computation more memory than there is.

    Notes
    -----
    Bipartite components: two banded eliminations over GF(2) (one per side) and
    back substitution with 64 random kernel vectors at once, verified exactly by
    two more (see ``matchgame.games.edge._algebra.kernel_supports``).

    Examples
    --------
    A 2x2 board is a 4-cycle: the token goes round and the mover is stuck, so
    the placer wins everywhere. A 1x3 board: only the middle loses for the placer.

    >>> analyse_edges(["..", ".."]).winning
    [(0, 0), (0, 1), (1, 0), (1, 1)]
    >>> analyse_edges(["..."]).winning
    [(0, 0), (0, 2)]

    A triangle: three moves round it, so the mover wins everywhere; with a
    self-loop at 0 the mover there loses (the loop, or the walk round, hands the
    last move over: the search decides).

    >>> analyse_edges(Graph.from_edges(3, [(0, 1), (1, 2), (2, 0)])).placer_wins
    False
    >>> analyse_edges(MultiGraph(3, [(0, 1), (1, 2), (2, 0), (0, 0)])).winning
    [0]
    """
    multigraph, board = edge_source(source, moves)
    # the parts, the parity graph and A in two orders: measured 65-120 bytes a vertex
    # and pair (the eliminations claim their own store when they start)
    items = multigraph.n_vertices + multigraph.pairs.shape[0]
    require(_ANALYSIS_BYTES * items, "the edge game's analysis of this graph")
    parts = graph_parts(multigraph)
    winning = np.zeros(multigraph.n_vertices, dtype=bool)
    on_bipartite = parts.on_bipartite
    algebra = None
    if on_bipartite.any():
        bi = biadjacency(parts.parity, parts.side, on_bipartite)
        # no band (random graphs): sparse pivots, then the core densely
        supports = kernel_supports_structured(bi) if wide(bi) else kernel_supports(bi)
        winning[bi.xs[supports.support_x]] = True
        winning[bi.ys[supports.support_y]] = True
        algebra = (bi, supports)
    states = 0
    for component in np.flatnonzero(~parts.bipartite):
        vertices = np.flatnonzero(parts.component == component)
        search = ComponentSearch(multigraph, vertices, max_states, states, parity_only=True)
        for v in vertices.tolist():
            winning[v] = not search.mover_wins(v, search.initial)
        states += search.n_states
    return EdgeAnalysis(
        multigraph,
        winning,
        parts,
        algebra,
        board,
        moves if board is not None else None,
        states,
    )
