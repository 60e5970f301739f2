"""Who wins where in directed edge geography.

The rules: a token on a vertex of a directed multigraph; the players alternately move
it along an arc not used yet (each arc once; vertices may repeat; parallel arcs are
moves of their own, a self-loop a move that leaves the token in place); who cannot
move loses. In the placement game one player places the token and the other moves
first; the placer wins on ``v`` iff the player to move loses there. This is
Schaefer's *generalized geography*, played on arcs, PSPACE-complete (Schaefer, "On
the complexity of some two-person perfect-information games", JCSS 16 (1978)
185-225); where no cycle is left once opposite arcs cancel it is decided in linear
time (:mod:`.solve`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ...core._memory import require_memory
from ...core._validate import plural
from ...core.board import Board
from ...core.dimultigraph import DiMultiGraph
from ...core.names import VertexNames
from ..analyses import BaseAnalysis
from ..budget import MAX_STATES
from ..contract import GameOf
from .solve import ACYCLIC, MIRROR, SEARCHED, Verdicts, solve
from .source import directed_edge_source

if TYPE_CHECKING:
    from .explain import DirectedEdgeExplanation

__all__ = ["DirectedEdgeAnalysis", "analyse_directed_edge"]

METHODS = {ACYCLIC: "acyclic", MIRROR: "mirror", SEARCHED: "search"}
"""How a verdict was found, as :meth:`DirectedEdgeAnalysis.method` names it."""
_ANALYSIS_BYTES = 160  # a vertex or arc at the analysis's peak (CSR twice, components, labels)


class DirectedEdgeAnalysis(BaseAnalysis):
    """Who wins a placement where in directed edge geography (see the module
    docstring); the reading surface of every game's analysis, plus how each verdict
    was found (``method(name)``) and a winning first move where the mover wins
    (``winning_move(name)``).

    Parameters
    ----------
    multigraph : DiMultiGraph
        The directed multigraph played on.
    verdicts : Verdicts
        Per vertex: whether the mover wins, how that was found, a winning arc
        (``matchgame.games.directed_edge.solve``).
    board : Board, optional
        The board, when the graph is a board's.
    moves : {"orthogonal", "king", "hex", "knight"}, optional
        On a board, how the token moves.

    Attributes
    ----------
    multigraph : DiMultiGraph
        The directed multigraph played on (a board's: both arcs of every move).
    board : Board or None
        The board, when the graph is a board's.
    moves : str or None
        How the token moves on the board.
    search_states : int
        The positions the exact search settled (0 where nothing was searched).

    See Also
    --------
    DirectedAnalysis : The directed (vertex) game's analysis.
    EdgeAnalysis : The undirected edge game's analysis.
    analyse : Makes it, with ``game="directed-edge"``.

    References
    ----------
    .. [1] T. J. Schaefer, "On the complexity of some two-person perfect-information
       games", J. Comput. System Sci. 16 (1978) 185-225.

    Examples
    --------
    A directed triangle with a self-loop at 0: whoever stands at 0 with the loop
    unused may pass once, and that decides who is stuck.

    >>> import matchgame
    >>> arcs = matchgame.DiMultiGraph(3, [(0, 1), (1, 2), (2, 0), (0, 0)])
    >>> analysis = matchgame.analyse(arcs, game="directed-edge")
    >>> analysis.winning, analysis.method(0), analysis.winning_move(1)
    ([0, 2], 'search', (1, 2, 0))
    """

    rules = GameOf("directed-edge")

    def __init__(
        self,
        multigraph: DiMultiGraph,
        verdicts: Verdicts,
        board: Board | None = None,
        moves: str | None = None,
    ) -> None:
        winning = ~verdicts.mover_wins
        winning.setflags(write=False)
        self.multigraph = multigraph
        self._winning = winning
        self.verdicts = verdicts
        self.board = board
        self.moves = moves
        self.search_states = verdicts.search_states

    @property
    def winning_mask(self) -> npt.NDArray[np.bool_]:
        """Per vertex id: placing the token there wins for the placer."""
        return self._winning

    @property
    def graph(self) -> DiMultiGraph:
        """The directed multigraph played on."""
        return self.multigraph

    @property
    def names(self) -> VertexNames:
        """How vertices are named."""
        return self.multigraph.names

    @property
    def certified(self) -> bool:
        """Whether every verdict has a linear proof: no cycle is left once opposite arcs
        cancel (see :meth:`make_certificate`)."""
        return not bool((self.verdicts.method == SEARCHED).any())

    def method(self, name: Any) -> str:
        """How the verdict at ``name`` was found: ``"acyclic"`` (no cycle can be
        reached from it: retrograde labels), ``"mirror"`` (a cycle can be reached, but
        none is left once opposite arcs cancel: retrograde labels of what is left) or
        ``"search"`` (the exact search)."""
        return METHODS[int(self.verdicts.method[self.names.vertex(name)])]

    def winning_move(self, name: Any) -> tuple[Any, Any, int] | None:
        """A winning first move of the player to move with the token on ``name`` (no
        arc used), as the arc ``(u, v, key)`` (``key``: its place among the arcs ``u ->
        v``, NetworkX's key), or None where the mover loses."""
        arc = int(self.verdicts.move[self.names.vertex(name)])
        if arc < 0:
            return None
        graph = self.multigraph
        names = self.names
        u, v = int(graph.tails[arc]), int(graph.heads[arc])
        return (names.name(u), names.name(v), int(graph.keys[arc]))

    def _node_attributes(self) -> dict[str, list[Any]]:
        """How each verdict was found (:meth:`method`): ``"acyclic"``, ``"mirror"`` or
        ``"search"``."""
        return {"method": [METHODS[value] for value in self.verdicts.method.tolist()]}

    def _explain(self, v: int, **options: Any) -> DirectedEdgeExplanation:
        from .explain import explain_directed_edge

        return explain_directed_edge(self, v)

    def make_certificate(self) -> dict[str, Any]:
        """The certificate (``"game": "directed-edge"``): where no cycle is left once
        opposite arcs cancel, the winning placements and a winning move from every
        other vertex, checked in linear time (``matchgame.games.directed_edge.certificate``).

        Raises
        ------
        InvalidInputError
            Where a cycle is left: no short proof is known there.
        """
        from .certificate import make_directed_edge_certificate

        return make_directed_edge_certificate(self)

    def answer(self) -> dict[str, Any]:
        """The JSON answer (``"game": "directed-edge"``)."""
        from .documents import directed_edge_answer

        return directed_edge_answer(self)

    def _what(self) -> str:
        if self.board is not None:
            return super()._what()
        graph = self.multigraph
        vertices = plural(graph.n_vertices, "vertex", "vertices")
        return f"directed multigraph with {vertices} and {plural(graph.n_edges, 'arc')}"


def analyse_directed_edge(
    source: Any, *, moves: str = "orthogonal", max_states: int = MAX_STATES
) -> DirectedEdgeAnalysis:
    """Solve the placement game of directed edge geography on ``source`` (see
    :func:`~matchgame.games.directed_edge.source.directed_edge_source`): opposite arcs
    cancelled, the components without a cycle by retrograde labels, the others by an
    exact search within ``max_states`` positions in all.

    Raises
    ------
    BudgetExceededError
        If the search needs more positions than ``max_states``, or more memory.

    Examples
    --------
    A 2-cycle: the mover goes over, the other player comes back, and the mover is
    stuck. The placer wins everywhere, as on every symmetric digraph (a board's).

    >>> analyse_directed_edge(DiMultiGraph(2, [(0, 1), (1, 0)])).winning
    [0, 1]
    """
    multigraph, board = directed_edge_source(source, moves)
    require_memory(
        _ANALYSIS_BYTES * (multigraph.n_vertices + multigraph.n_edges),
        "directed edge geography's analysis of this graph",
    )
    verdicts = solve(multigraph, max_states)
    return DirectedEdgeAnalysis(multigraph, verdicts, board, moves if board is not None else None)
