"""Who wins where in directed vertex geography (generalized geography).

The rules: a token on a vertex of a directed graph; the players alternately move it
along an arc to a vertex not visited yet; who cannot move loses. In the placement
game one player places the token (its vertex counts as visited) and the other moves
first; the placer wins on ``v`` iff the player to move loses there. Geography on
directed graphs is PSPACE-complete (Lichtenstein and Sipser, "GO is polynomial-space
hard", JACM 27 (1980) 393-401, after Schaefer's arc form, 1978); its acyclic and symmetric parts
are easy (:mod:`.solve`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ...core._memory import require_memory
from ...core.board import Board
from ...core.digraph import DiGraph
from ...core.names import VertexNames
from ...errors import BudgetExceededError
from ..analyses import BaseAnalysis
from ..budget import MAX_MEMORY, SEARCH_STATES
from ..contract import GameOf, find_game
from .engine import WIN, DirectedEngine
from .solve import ACYCLIC, SEARCHED, SYMMETRIC, Regions, regions
from .source import directed_source, read_as

if TYPE_CHECKING:
    from .explain import DirectedExplanation

__all__ = ["DirectedAnalysis", "analyse_directed", "directed_source"]

_METHODS = {ACYCLIC: "acyclic", SYMMETRIC: "symmetric", SEARCHED: "search"}
_ANALYSIS_BYTES = 120  # a vertex or arc at the analysis's peak (CSR both ways, labels)


class DirectedAnalysis(BaseAnalysis):
    """Who wins a placement where in directed vertex geography (see the module
    docstring); the reading surface of every game's analysis, plus how each verdict
    was found (``method(name)``) and a winning move where the mover wins
    (``winning_move(name)``).

    Parameters
    ----------
    digraph : DiGraph
        The directed graph played on.
    winning_mask : ndarray of bool
        Per vertex id: whether placing the token there wins (made read-only).
    moves_found : ndarray of int64
        Per vertex id: a winning move of the player to move there, or -1.
    labels : Regions
        Per vertex: how its verdict is found (``matchgame.games.directed.solve``).
    board : Board, optional
        The board, when the graph is a board's.
    moves : {"orthogonal", "king", "hex", "knight"}, optional
        On a board, how the token moves.
    search_states : int, default 0
        The positions the exact search searched.
    unknown : ndarray of bool, optional
        Per vertex id: the verdict is unknown (a partial answer; default none).
    refusal : str, optional
        Why the answer is partial: the budget that ran out, in one line.
    read_as : {"arcs", "symmetric"}, default "arcs"
        How the source was read: its arcs, or edges as both arcs (a source that
        carries no direction: a board, an undirected graph, a METIS file ...).

    Attributes
    ----------
    digraph : DiGraph
        The directed graph played on (a board's: both arcs of every move).
    board : Board or None
        The board, when the graph is a board's.
    moves : str or None
        How the token moves on the board.
    read_as : str
        ``"arcs"`` or ``"symmetric"`` (see the parameter), said by the JSON answer.

    See Also
    --------
    Analysis : The vertex game's analysis.
    EdgeAnalysis : The edge game's analysis.
    analyse : Makes it, with ``game="directed"``.

    References
    ----------
    .. [1] A. S. Fraenkel, E. R. Scheinerman, D. Ullman, "Undirected edge geography",
       Theoret. Comput. Sci. 112 (1993) 371-381.
       https://doi.org/10.1016/0304-3975(93)90026-P

    Examples
    --------
    A directed path 0 -> 1 -> 2: the mover on 1 moves to 2 and wins; on 0 the mover
    must move to 1 and loses; on 2 the mover is stuck.

    >>> import matchgame
    >>> analysis = matchgame.analyse(matchgame.DiGraph(3, [(0, 1), (1, 2)]), game="directed")
    >>> analysis.winning, analysis.method(1)
    ([0, 2], 'acyclic')
    """

    rules = GameOf("directed")

    def __init__(
        self,
        digraph: DiGraph,
        winning_mask: npt.NDArray[np.bool_],
        moves_found: npt.NDArray[np.int64],
        labels: Regions,
        board: Board | None = None,
        moves: str | None = None,
        search_states: int = 0,
        unknown: npt.NDArray[np.bool_] | None = None,
        refusal: str | None = None,
        read_as: str = "arcs",
    ) -> None:
        winning_mask.setflags(write=False)
        if unknown is None:
            unknown = np.zeros(winning_mask.shape[0], dtype=bool)
        unknown.setflags(write=False)
        self._unknown = unknown
        self.refusal = refusal
        self.digraph = digraph
        self._winning = winning_mask
        self._moves = moves_found
        self.labels = labels
        self.board = board
        self.moves = moves
        self.search_states = search_states
        self.read_as = read_as

    @property
    def winning_mask(self) -> npt.NDArray[np.bool_]:
        """Per vertex id: placing the token there wins for the placer."""
        return self._winning

    @property
    def unknown_mask(self) -> npt.NDArray[np.bool_]:
        """Per vertex id: the verdict is unknown (a budget ran out with ``partial``)."""
        return self._unknown

    @property
    def complete(self) -> bool:
        """Whether every verdict is settled (no budget ran out)."""
        return not bool(self._unknown.any())

    @property
    def graph(self) -> DiGraph:
        """The directed graph played on."""
        return self.digraph

    @property
    def names(self) -> VertexNames:
        """How vertices are named."""
        return self.digraph.names

    @property
    def acyclic(self) -> bool:
        """Whether no vertex can reach a cycle: then every verdict has a linear proof."""
        return bool((self.labels.region == ACYCLIC).all())

    def method(self, name: Any) -> str:
        """How the verdict at ``name`` was found: ``"acyclic"`` (retrograde analysis),
        ``"symmetric"`` (the matching theorem of the undirected game) or ``"search"``."""
        return _METHODS[int(self.labels.region[self.names.vertex(name)])]

    def winning_move(self, name: Any) -> Any:
        """A winning move of the player to move with the token on ``name`` (nothing else
        visited), or None where the mover loses."""
        v = self.names.vertex(name)
        self._settled(v)
        found = int(self._moves[v])
        return None if found < 0 else self.names.name(found)

    def _node_attributes(self) -> dict[str, list[Any]]:
        """How each verdict was found (:meth:`method`): ``"acyclic"``, ``"symmetric"``
        or ``"search"``."""
        return {"method": [_METHODS[region] for region in self.labels.region.tolist()]}

    def _explain(self, v: int, **options: Any) -> DirectedExplanation:
        from .explain import explain_directed

        self._settled(v)
        return explain_directed(self, v)

    def _settled(self, v: int) -> None:
        """Refuse a question about a vertex whose verdict a partial answer left unknown."""
        if self._unknown[v]:
            raise BudgetExceededError(
                f"the verdict at {self.names.describe(v)} is unknown: {self.refusal}"
            )

    def placer_wins_at(self, name: Any) -> bool:
        """Whether placing the token on vertex ``name`` wins for the placer.

        Raises
        ------
        BudgetExceededError
            If a partial answer left the verdict there unknown.
        """
        v = self.names.vertex(name)
        self._settled(v)
        return bool(self.winning_mask[v])

    def make_certificate(self) -> dict[str, Any]:
        """The certificate (``"game": "directed"``): on an acyclic digraph the
        retrograde labels, as the winning placements and a winning move from every
        other vertex, checked in linear time (``matchgame.games.directed.certificate``).

        Raises
        ------
        InvalidInputError
            Where a cycle can be reached: no short proof is known there.
        """
        from .certificate import make_directed_certificate

        return make_directed_certificate(self)

    def answer(self) -> dict[str, Any]:
        """The JSON answer (``"game": "directed"``)."""
        from .documents import directed_answer

        return directed_answer(self)

    _WHAT = ("digraph", "arc")


def analyse_directed(
    source: Any,
    *,
    moves: str = "orthogonal",
    max_states: int | None = SEARCH_STATES,
    max_memory: int = MAX_MEMORY,
    max_seconds: float | None = None,
    partial: bool = False,
) -> DirectedAnalysis:
    """Solve the placement game of directed vertex geography on ``source`` (see
    :func:`directed_source`): the acyclic region by retrograde analysis, the symmetric
    components by the vertex game's matching theorem, the rest by the exact solver
    (:mod:`.engine`: the strongly connected parts sinks first, and the search) within
    ``max_states`` positions searched, ``max_memory`` bytes and ``max_seconds``.

    Raises
    ------
    BudgetExceededError
        If a budget runs out (one line naming it and the part of the digraph that
        stopped the search); with ``partial`` the answer keeps the verdicts settled
        and the others are unknown (:attr:`~DirectedAnalysis.unknown_mask`).

    Examples
    --------
    A directed triangle: the token goes round, and the mover is stuck after two moves,
    so the mover loses everywhere: the placer wins everywhere.

    >>> analyse_directed(DiGraph(3, [(0, 1), (1, 2), (2, 0)])).winning
    [0, 1, 2]
    """
    digraph, board = directed_source(source, moves)
    require_memory(
        _ANALYSIS_BYTES * (digraph.n_vertices + digraph.n_edges),
        "directed geography's analysis of this graph",
    )
    labels = regions(digraph)
    mover_wins = labels.mover_wins.copy()
    found = labels.move.copy()
    unknown = np.zeros(digraph.n_vertices, dtype=bool)
    symmetric = np.flatnonzero(labels.region == SYMMETRIC)
    if symmetric.size:  # the undirected game: the vertex game's, found by name
        vertex: Any = find_game("vertex").analyse(digraph.support)
        mover_wins[symmetric] = ~vertex.winning_mask[symmetric]
        mate = vertex.decomposition.mate
        found[symmetric] = np.where(mover_wins[symmetric], mate[symmetric], -1)
    searched = np.flatnonzero(labels.region == SEARCHED).astype(np.int64)
    engine = DirectedEngine(
        digraph,
        max_states=max_states,
        max_memory=max_memory,
        max_seconds=max_seconds,
        partial=partial,
    )
    question = engine.question()
    if searched.size:
        # an arc into the acyclic region, to a vertex where the mover loses, wins
        tails, heads = digraph.tails, digraph.indices
        lost = (labels.region[heads] == ACYCLIC) & ~labels.mover_wins[heads]
        exit_win = np.zeros(digraph.n_vertices, dtype=bool)
        exit_move = np.full(digraph.n_vertices, -1, dtype=np.int64)
        exit_win[tails[lost]] = True
        exit_move[tails[lost]] = heads[lost]
        value, move = engine.solve(
            searched,
            np.ones(searched.shape[0], dtype=bool),
            question,
            exit_win[searched],
            exit_move[searched],
        )
        mover_wins[searched] = value == WIN
        found[searched] = move
        unknown[searched] = value < 0
    moves_used = moves if board is not None else None
    return DirectedAnalysis(
        digraph,
        ~mover_wins & ~unknown,
        found,
        labels,
        board,
        moves_used,
        question.positions,
        unknown=unknown,
        refusal=question.refusal,
        read_as=read_as(source),
    )
