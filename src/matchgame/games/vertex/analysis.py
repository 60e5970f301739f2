"""Who wins where: the placement game on any graph or board, one result type.

Player A places the token on a vertex; then B and A alternately move it to an
adjacent vertex not visited yet; who cannot move loses. A wins by placing on
``v`` iff some maximum matching misses ``v`` (``v`` is in the Gallai-Edmonds set
D). On a board the vertices are the free cells (JSOI2009 "Game", LOJ 6033).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, Literal, overload

import numpy as np
import numpy.typing as npt

from ...core._cache import cached_property
from ...core._deprecated import callable_array
from ...core._validate import (
    Applies,
    Integer,
    NoneOr,
    Options,
    describe,
    validate_params,
)
from ...core.board import ON_A_BOARD, Board, as_board
from ...core.graph import Graph, as_graph, is_scipy_sparse
from ...core.matching import (
    ALGORITHMS,
    Algorithm,
    Decomposition,
    GallaiEdmonds,
    check_decomposition,
    decompose,
    gallai_edmonds,
)
from ...core.moves import MOVES
from ...core.names import BoardCells, VertexNames
from ...errors import InvalidInputError, InvalidTypeError

if TYPE_CHECKING:
    from ..edge.analysis import EdgeAnalysis
    from .explain import Explanation

__all__ = ["GAMES", "Analysis", "analyse", "analyse_graph", "analyse_placements", "explain"]

GAMES = ("vertex", "edge")
"""The token games: ``"vertex"`` (geography: a vertex is used up once the token
leaves it; the default everywhere) and ``"edge"`` (a move uses up the edge it
travels; :mod:`matchgame.games.edge.analysis`)."""


IN_THE_EDGE_GAME = Applies("game", lambda game: game == "edge", "the edge game (game='edge')")
"""``max_states`` is the edge game's search budget."""


class Analysis:
    """Who wins where on a graph or board, with the maximum matching that proves it.

    Build one with :func:`analyse`. Vertices are given and returned by name
    (``graph.names``): ``(row, col)`` cells (0-based) on a board, node labels on
    a NetworkX graph, else integer ids. Two analyses are equal only if they are
    the same object.

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

    Examples
    --------
    >>> import matchgame
    >>> analysis = matchgame.analyse([".##", "...", "#.#"])
    >>> analysis.placer_wins, analysis.winning, analysis.winning_ids.tolist()
    (True, [(1, 2), (2, 1)], [3, 4])
    """

    __slots__ = ("__dict__", "board", "decomposition", "graph", "moves")

    #: the game answered: vertex geography (:class:`~matchgame.games.edge.analysis.EdgeAnalysis`
    #: answers the edge game, ``game = "edge"``)
    game = "vertex"

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
        self.graph = graph
        self.decomposition = decomposition
        self.board = board
        self.moves = moves

    @property
    def names(self) -> VertexNames:
        """How vertices are named (see ``matchgame.core.names``)."""
        return self.graph.names

    @property
    def placer_wins(self) -> bool:
        """Whether the placer has a winning placement at all."""
        return bool(self.decomposition.missable.any())

    @property
    def matching_size(self) -> int:
        """Size of a maximum matching."""
        return self.decomposition.matching_size

    @property
    def winning_mask(self) -> npt.NDArray[np.bool_]:
        """Per vertex id: True where placing the token wins (the set D)."""
        return self.decomposition.missable

    @cached_property
    def winning_ids(self) -> npt.NDArray[np.int64]:
        """Vertex ids of the winning placements, increasing (read-only, computed once;
        ``winning_ids()`` still works for one release, with a warning)."""
        return callable_array(np.flatnonzero(self.decomposition.missable), "Analysis.winning_ids")

    @property
    def winning(self) -> list[Hashable]:
        """Names of the winning placements, in vertex order (row-major on a board)."""
        return self.names.names(self.winning_ids)

    def placer_wins_at(self, name: Any) -> bool:
        """Whether placing the token on vertex ``name`` wins for the placer."""
        return bool(self.decomposition.missable[self.names.vertex(name)])

    def mover_wins_at(self, name: Any) -> bool:
        """Whether the player to move wins with the token on ``name`` (nothing visited)."""
        return not self.placer_wins_at(name)

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

    def board_mask(self) -> npt.NDArray[np.bool_]:
        """On a board: an ``(n_rows, n_cols)`` array, True on winning cells."""
        names = self.names
        if not isinstance(names, BoardCells):
            raise InvalidTypeError("board_mask needs an analysis of a board, not of a graph")
        return names.grid(self.decomposition.missable, False)

    def explain(self, name: Any) -> Explanation:
        """Why placing the token on ``name`` wins or loses: the path, the matching and
        the answers that show it (see :func:`explain`).

        Raises
        ------
        InvalidInputError, InvalidTypeError
            If ``name`` is not a vertex of the analysis.
        """
        from .explain import explain_placement  # pictures' module: loaded when asked

        return explain_placement(self, self.names.vertex(name))

    def certificate(self) -> dict[str, Any]:
        """The certificate of this answer, exactly as written in the JSON answer
        (see ``matchgame.certificates``): a dict of lists, numbers and strings, which
        ``json.dumps`` takes (``matchgame.certificates.make_certificate`` gives its
        lists as numpy arrays).

        Examples
        --------
        >>> import json, matchgame
        >>> certificate = matchgame.analyse([".##", "...", "#.#"]).certificate()
        >>> certificate["matching"], certificate["forest"]
        ([[1, 4], [5, 8]], [0, 6])
        >>> json.loads(json.dumps(certificate)) == certificate
        True
        """
        from ...certificates import as_json, make_certificate

        return as_json(make_certificate(self))

    def _repr_svg_(self) -> str | None:
        """The picture in Jupyter (boards and graphs up to the renderer's limits)."""
        from ... import draw

        return draw.notebook_svg(self)

    def __repr__(self) -> str:
        what = (
            f"{self.board.n_rows}x{self.board.n_cols} board ({self.moves} moves)"
            if self.board is not None
            else f"graph with {self.graph.n_vertices} vertices and {self.graph.n_edges} edges"
        )
        wins = int(self.decomposition.missable.sum())
        placements = "winning placement" if wins == 1 else "winning placements"
        return f"<Analysis of a {what}: {wins} {placements}, matching size {self.matching_size}>"


@overload
def analyse(
    source: Any,
    *,
    moves: str = ...,
    algorithm: Algorithm = ...,
    game: Literal["vertex"] = ...,
    max_states: None = ...,
) -> Analysis: ...
@overload
def analyse(
    source: Any,
    *,
    moves: str = ...,
    algorithm: Algorithm = ...,
    game: Literal["edge"],
    max_states: int | None = ...,
) -> EdgeAnalysis: ...
@overload
def analyse(
    source: Any,
    *,
    moves: str = ...,
    algorithm: Algorithm = ...,
    game: str,
    max_states: int | None = ...,
) -> Analysis | EdgeAnalysis: ...
@validate_params(
    moves=Options(MOVES, only=ON_A_BOARD),
    algorithm=Options(ALGORITHMS),
    game=Options(GAMES),
    max_states=NoneOr(Integer(low=1, only=IN_THE_EDGE_GAME)),  # its top: analyse_edges
)
def analyse(
    source: Any,
    *,
    moves: str = "orthogonal",
    algorithm: Algorithm = "auto",
    game: str = "vertex",
    max_states: int | None = None,
) -> Analysis | EdgeAnalysis:
    """Solve the placement game on a board or any graph.

    Parameters
    ----------
    source : Board, list of str, Graph, NetworkX graph or SciPy sparse matrix
        Row strings are read with :meth:`Board.from_rows`; a NetworkX graph is
        converted (results name its nodes); a square SciPy sparse matrix is an
        adjacency matrix (:meth:`Graph.from_scipy`).
    moves : {"orthogonal", "king", "hex", "knight"}
        On a board, how the token moves (see ``matchgame.core.moves``).
    algorithm : {"auto", "push_relabel", "hopcroft_karp", "blossom"}
        The matching engine (see :func:`~matchgame.maximum_matching`); all give
        the same verdicts. ``"auto"`` picks by a 2-colouring.
    game : {"vertex", "edge"}
        The token game (``GAMES``). ``"edge"``: a move uses up the edge it
        travels (:func:`~matchgame.analyse_edges`; a NetworkX
        multigraph keeps its parallel edges and self-loops, a SciPy matrix holds
        edge counts, and :class:`~matchgame.MultiGraph` is accepted).
    max_states : int, optional
        The edge game only: the budget of its exact search on components with an
        odd cycle (default ``matchgame.games.edge.analysis.MAX_STATES``, 10**6).

    Returns
    -------
    Analysis or EdgeAnalysis
        Who wins where (an EdgeAnalysis for ``game="edge"``).

    Notes
    -----
    One maximum matching (Karp-Sipser start, then push-relabel on bipartite
    graphs, Edmonds' blossoms otherwise) and one alternating search from the
    exposed vertices: linear work after the matching.

    Examples
    --------
    The JSOI2009 sample:

    >>> analysis = analyse([".##", "...", "#.#"])
    >>> analysis.winning
    [(1, 2), (2, 1)]
    >>> analysis.mover_wins_at((1, 1))
    True

    A triangle with a pendant vertex has a perfect matching: the placer loses
    everywhere. On a bare triangle the placer wins everywhere.

    >>> analyse(Graph.from_edges(4, [(0, 1), (1, 2), (2, 0), (0, 3)])).placer_wins
    False
    >>> analyse(Graph.from_edges(3, [(0, 1), (1, 2), (2, 0)])).winning
    [0, 1, 2]

    In the edge game the token may come back to a vertex: on a triangle it goes
    round, so the mover wins everywhere.

    >>> analyse(Graph.from_edges(3, [(0, 1), (1, 2), (2, 0)]), game="edge").winning
    []
    """
    if game != "vertex":
        if algorithm != "auto":
            raise InvalidInputError("algorithm chooses a matching engine: the vertex game's")
        from ..edge.analysis import MAX_STATES, analyse_edges

        budget = MAX_STATES if max_states is None else max_states
        return analyse_edges(source, moves=moves, max_states=budget)
    if isinstance(source, Graph) or hasattr(source, "is_directed") or is_scipy_sparse(source):
        graph = as_graph(source, "source")
        return Analysis(graph, decompose(graph, algorithm=algorithm))
    if not isinstance(source, Board | list | tuple):
        hint = ""
        if isinstance(source, str | bytes):
            hint = "; for the contest format use Board.parse(text)"
        elif isinstance(source, np.ndarray):
            hint = "; for a mask of free cells use Board(mask), for a matrix Graph.from_scipy"
        raise InvalidTypeError(
            "source must be a matchgame.Board, a list of row strings, a matchgame.Graph, a "
            f"NetworkX graph or a SciPy sparse adjacency matrix, got {describe(source)}{hint}"
        )
    board = as_board(source, "source")
    graph = board.to_graph(moves)
    return Analysis(graph, decompose(graph, algorithm=algorithm), board, moves)


@validate_params(moves=Options(MOVES), algorithm=Options(ALGORITHMS))
def analyse_placements(
    board: Any, *, moves: str = "orthogonal", algorithm: Algorithm = "auto"
) -> Analysis:
    """:func:`analyse` on a board (a :class:`Board` or its rows).

    Examples
    --------
    >>> analyse_placements(Board.from_rows(["..", ".."])).placer_wins
    False
    """
    board = as_board(board)
    return analyse(board, moves=moves, algorithm=algorithm)


@validate_params(algorithm=Options(ALGORITHMS))
def analyse_graph(graph: Any, *, algorithm: Algorithm = "auto") -> Analysis:
    """:func:`analyse` on a graph (a :class:`Graph` or a NetworkX graph).

    Examples
    --------
    >>> analyse_graph(Graph.from_edges(3, [(0, 1), (1, 2)])).winning
    [0, 2]
    """
    return analyse(as_graph(graph), algorithm=algorithm)


@validate_params(moves=Options(MOVES, only=ON_A_BOARD))
def explain(source: Any, name: Any, *, moves: str = "orthogonal") -> Explanation:
    """Why placing the token on the vertex ``name`` (a cell on a board) wins or loses:
    the alternating path, the matching and the answers that show it (an
    :class:`~matchgame.Explanation`).

    ``source`` is an :class:`Analysis`, or anything :func:`analyse` takes (a board,
    its rows, a :class:`~matchgame.Graph`, a NetworkX graph, a SciPy matrix), which
    is analysed first (``moves`` on a board).

    Raises
    ------
    InvalidInputError, InvalidTypeError
        If ``name`` is not a vertex of the source, or ``source`` is neither an
        analysis nor something :func:`analyse` takes.

    Examples
    --------
    The JSOI sample: the placer wins on (1, 2), which the matching leaves free.

    >>> analysis = analyse([".##", "...", "#.#"])
    >>> why = explain(analysis, (1, 2))
    >>> why.placer_wins, why.path, [analysis.names.name(u) for u, _ in why.replies]
    (True, [3], [(1, 1)])
    >>> explain(analysis, (1, 1)).placer_wins
    False
    >>> explain(Graph.from_edges(3, [(0, 1), (1, 2)]), 1).placer_wins
    False
    """
    if isinstance(source, Analysis):
        return source.explain(name)
    if getattr(source, "game", None) == "edge":
        raise InvalidTypeError(
            "explain shows the vertex game's matching argument; the edge game's analysis "
            "proves its verdicts with EdgeAnalysis.proof(name)"
        )
    return analyse(source, moves=moves).explain(name)
