"""Who wins where in the vertex game: the placement game on any graph or board.

Player A places the token on a vertex; then B and A alternately move it to an
adjacent vertex not visited yet; who cannot move loses. A wins by placing on
``v`` iff some maximum matching misses ``v`` (``v`` is in the Gallai-Edmonds set
D). On a board the vertices are the free cells (JSOI2009 "Game", LOJ 6033).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ...core._cache import cached_property
from ...core._convert import is_scipy_sparse
from ...core._validate import describe
from ...core.board import Board, as_board
from ...core.graph import Graph, as_graph
from ...core.matching import (
    Algorithm,
    Decomposition,
    GallaiEdmonds,
    check_decomposition,
    decompose,
    gallai_edmonds,
)
from ...errors import InvalidTypeError
from ..analyses import BaseAnalysis
from ..contract import GameOf

if TYPE_CHECKING:
    from .explain import Explanation

__all__ = ["Analysis", "analyse_vertex", "vertex_source"]


class Analysis(BaseAnalysis):
    """Who wins where on a graph or board, with the maximum matching that proves it.

    Build one with :func:`analyse`. Vertices are given and returned by name
    (``graph.names``): ``(row, col)`` cells (0-based) on a board, node labels on
    a NetworkX graph, else integer ids. Two analyses are equal only if they are
    the same object.

    Parameters
    ----------
    graph : Graph
        The graph analysed (for a board, the graph of its free cells).
    decomposition : Decomposition
        A decomposition of ``graph`` (:func:`decompose`); one of another graph is
        refused.
    board : Board, optional
        The board, when the graph is a board's.
    moves : {"orthogonal", "king", "hex", "knight"}, optional
        On a board, how the token moves.

    Attributes
    ----------
    graph : Graph
        The graph analysed (for a board, the graph of its free cells).
    board : Board or None
        The board, when the graph is a board's.
    moves : str or None
        How the token moves on the board (``"orthogonal"``, ``"king"`` ...).
    decomposition : Decomposition
        The maximum matching and the set D it certifies.

    See Also
    --------
    EdgeAnalysis : The edge game's analysis.
    DirectedAnalysis : The directed game's analysis.
    analyse : Makes it.
    Position : The game move by move from any position.

    References
    ----------
    .. [1] A. S. Fraenkel, E. R. Scheinerman, D. Ullman, "Undirected edge geography",
       Theoret. Comput. Sci. 112 (1993) 371-381.
       https://doi.org/10.1016/0304-3975(93)90026-P

    Examples
    --------
    >>> import matchgame
    >>> analysis = matchgame.analyse([".##", "...", "#.#"])
    >>> analysis.placer_wins, analysis.winning, analysis.winning_ids.tolist()
    (True, [(1, 2), (2, 1)], [3, 4])
    """

    __slots__ = ("_graph", "board", "decomposition", "moves")

    #: the game answered: vertex geography (:class:`~matchgame.games.edge.analysis.EdgeAnalysis`
    #: answers the edge game, ``game = "edge"``)
    rules = GameOf("vertex")

    def __init__(
        self,
        graph: Graph,
        decomposition: Decomposition,
        board: Board | None = None,
        moves: str | None = None,
    ) -> None:
        if not isinstance(graph, Graph):
            raise InvalidTypeError(f"graph must be a Graph, got {describe(graph)}")
        check_decomposition(graph, decomposition)  # free for decompose(graph)'s own
        if board is not None and not isinstance(board, Board):
            raise InvalidTypeError(f"board must be a Board or None, got {describe(board)}")
        self._graph = graph
        self.decomposition = decomposition
        self.board = board
        self.moves = moves

    @property
    def graph(self) -> Graph:
        """The graph analysed (for a board, the graph of its free cells)."""
        return self._graph

    @property
    def matching_size(self) -> int:
        """Size of a maximum matching."""
        return self.decomposition.matching_size

    @property
    def winning_mask(self) -> npt.NDArray[np.bool_]:
        """Per vertex id: True where placing the token wins (the set D)."""
        return self.decomposition.missable

    def matching(self) -> list[tuple[Hashable, Hashable]]:
        """The maximum matching behind the verdicts, as pairs of names."""
        pairs = self.decomposition.matching_pairs()
        names = self.names.names(pairs.reshape(-1))
        return list(zip(names[0::2], names[1::2], strict=True))

    @cached_property
    def sets(self) -> GallaiEdmonds:
        """The Gallai-Edmonds sets D, A, C as boolean masks over vertex ids."""
        return gallai_edmonds(self.graph, self.decomposition)

    @property
    def D(self) -> list[Hashable]:
        """Vertices missed by some maximum matching (the placer wins there)."""
        return self.winning

    @property
    def A(self) -> list[Hashable]:
        """Neighbours of D outside D."""
        return self.names.names(np.flatnonzero(self.sets.A))

    @property
    def C(self) -> list[Hashable]:
        """The rest: perfectly matched among themselves in every maximum matching."""
        return self.names.names(np.flatnonzero(self.sets.C))

    def _node_attributes(self) -> dict[str, list[Any]]:
        """Each vertex's Gallai-Edmonds class: ``"D"`` (the placer wins), ``"A"`` (next
        to D) or ``"C"`` (the rest)."""
        sets = self.sets
        classes = np.where(sets.D, "D", np.where(sets.A, "A", "C"))
        return {"gallai_edmonds": classes.tolist()}

    def _explain(self, v: int, **options: Any) -> Explanation:
        """Why placing the token on ``v`` wins or loses: the alternating path, the
        matching and the answers that show it (see :func:`matchgame.explain`)."""
        from .explain import explain_placement  # loaded when asked

        return explain_placement(self, v)

    def make_certificate(self) -> dict[str, Any]:
        """The certificate of this answer (see ``matchgame.certificates``), its lists as
        numpy arrays; :meth:`certificate` gives it as plain JSON values.

        Examples
        --------
        >>> import json, matchgame
        >>> certificate = matchgame.analyse([".##", "...", "#.#"]).certificate()
        >>> certificate["matching"], certificate["forest"]
        ([[1, 4], [5, 8]], [0, 6])
        >>> json.loads(json.dumps(certificate)) == certificate
        True
        """
        from .certificate import make_certificate  # loaded when asked

        return make_certificate(self)

    def answer(self) -> dict[str, Any]:
        """The JSON answer (``matchgame placements --format json``): its fields are in
        ``matchgame.games.vertex.documents``."""
        from .documents import answer

        return answer(self)

    def _repr_extra(self) -> str:
        return f", matching size {self.matching_size}"


def vertex_source(source: Any, moves: str = "orthogonal") -> tuple[Graph, Board | None]:
    """The vertex game's graph of ``source`` and its board (or None): a board or its
    rows (the graph under ``moves``), a :class:`Graph`, a NetworkX graph, a SciPy
    adjacency matrix, or a multigraph (its simple graph: a loop is never a move, and
    parallel edges are one).

    Raises
    ------
    InvalidTypeError
        If ``source`` is none of those.
    """
    if isinstance(source, list | tuple) and source and not isinstance(source[0], str):
        raise InvalidTypeError(
            f"source must be a board's rows (strings), got {describe(source)}; for an edge "
            "list use Graph.from_edges(n_vertices, edges)"
        )
    if isinstance(source, Board | list | tuple):
        board = as_board(source, "source")
        return board.to_graph(moves), board
    support = getattr(source, "support", None)
    if isinstance(support, Graph):  # a MultiGraph
        return support, None
    if isinstance(source, Graph) or hasattr(source, "is_directed") or is_scipy_sparse(source):
        return as_graph(source, "source"), None
    hint = ""
    if isinstance(source, str | bytes):
        hint = "; for the contest format use Board.parse(text)"
    elif isinstance(source, np.ndarray):
        hint = "; for a mask of free cells use Board(mask), for a matrix Graph.from_scipy"
    raise InvalidTypeError(
        "source must be a matchgame.Board, a list of row strings, a matchgame.Graph, a "
        f"NetworkX graph or a SciPy sparse adjacency matrix, got {describe(source)}{hint}"
    )


def analyse_vertex(
    source: Any, *, moves: str = "orthogonal", algorithm: Algorithm = "auto"
) -> Analysis:
    """The vertex game's analysis of ``source`` (see :func:`matchgame.analyse`).

    >>> analyse_vertex([".##", "...", "#.#"]).winning
    [(1, 2), (2, 1)]
    """
    graph, board = vertex_source(source, moves)
    rule = moves if board is not None else None
    return Analysis(graph, decompose(graph, algorithm=algorithm), board, rule)
