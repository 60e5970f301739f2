"""The games' public functions, one for every game: who wins where (:func:`analyse`) and
why (:func:`explain`), with the game chosen by name (``game="edge"``).

The old spellings, one per game and kind of source (``analyse_graph``,
``analyse_placements``, ``analyse_edges``), still work for one release, with a
warning.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core._deprecated import warn_renamed
from ..core._validate import Options, validate_params
from ..core.board import ON_A_BOARD
from ..core.moves import MOVES
from .analyses import BaseAnalysis
from .contract import DEFAULT, Game, find_game

if TYPE_CHECKING:
    from .explanations import BaseExplanation

__all__ = ["analyse", "analyse_edges", "analyse_graph", "analyse_placements", "explain"]


@validate_params(moves=Options(MOVES, only=ON_A_BOARD))
def analyse(
    source: Any,
    *,
    game: str | Game = DEFAULT,
    moves: str = "orthogonal",
    **options: Any,
) -> BaseAnalysis:
    """Solve the placement game on a board or any graph: who wins a placement where.

    Parameters
    ----------
    source : Board, list of str, Graph, MultiGraph, NetworkX graph or SciPy sparse matrix
        Row strings are read with :meth:`Board.from_rows`; a NetworkX graph is
        converted (results name its nodes); a square SciPy sparse matrix is an
        adjacency matrix (:meth:`Graph.from_scipy`). What a game plays on is its own
        (:attr:`Game.title`): the edge game keeps a multigraph's parallel edges and
        self-loops, the directed game takes a ``networkx.DiGraph``.
    game : str or Game
        The token game (:func:`matchgame.game`): ``"vertex"`` (a move uses up the
        vertex it leaves; the default), ``"edge"`` (the edge it travels),
        ``"directed"`` (the vertex game along arcs).
    moves : {"orthogonal", "king", "hex", "knight"}
        On a board, how the token moves (see ``matchgame.core.moves``).
    **options
        The game's own options (:attr:`Game.options`), checked by the game: the vertex
        game's ``algorithm`` (its matching engine, ``"auto"``, ``"push_relabel"``,
        ``"hopcroft_karp"`` or ``"blossom"``: all give the same verdicts), the searching
        games' ``max_states`` (the budget of an exact search where no theorem answers;
        default 10**6). An option the game does not take is refused, naming the games
        that take it.

    Returns
    -------
    BaseAnalysis
        Who wins where: an :class:`~matchgame.Analysis` (the vertex game), an
        :class:`~matchgame.EdgeAnalysis` or a :class:`~matchgame.DirectedAnalysis`.

    Raises
    ------
    InvalidInputError
        If the source is not something the game plays on.
    InvalidParameterError
        If an option is not the game's (the message names the games that take it).
    BudgetExceededError
        If a search needs more positions than ``max_states``, or memory it cannot have.

    See Also
    --------
    explain : Why a placement wins or loses.
    matchgame.game : The games, by name.
    matchgame.Position : The game move by move.

    Notes
    -----
    The vertex game: one maximum matching (Karp-Sipser start, then push-relabel on
    bipartite graphs, Edmonds' blossoms otherwise) and one alternating search from
    the exposed vertices: linear work after the matching.

    References
    ----------
    .. [1] A. S. Fraenkel, E. R. Scheinerman, D. Ullman, "Undirected edge geography",
       Theoret. Comput. Sci. 112 (1993) 371-381.
       https://doi.org/10.1016/0304-3975(93)90026-P
    .. [2] J. Edmonds, "Paths, trees, and flowers", Canad. J. Math. 17 (1965) 449-467.
       https://doi.org/10.4153/CJM-1965-045-4

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

    >>> from matchgame import Graph
    >>> analyse(Graph.from_edges(4, [(0, 1), (1, 2), (2, 0), (0, 3)])).placer_wins
    False
    >>> analyse(Graph.from_edges(3, [(0, 1), (1, 2), (2, 0)])).winning
    [0, 1, 2]

    In the edge game the token may come back to a vertex: on a triangle it goes
    round, so the mover wins everywhere.

    >>> analyse(Graph.from_edges(3, [(0, 1), (1, 2), (2, 0)]), game="edge").winning
    []
    """
    return find_game(game).analyse(source, moves=moves, **options)


@validate_params(moves=Options(MOVES, only=ON_A_BOARD))
def explain(
    source: Any,
    name: Any,
    *,
    game: str | Game = DEFAULT,
    moves: str = "orthogonal",
    **options: Any,
) -> BaseExplanation:
    """Why placing the token on the vertex ``name`` (a cell on a board) wins or loses,
    as the game argues it (the vertex game: the alternating path, the matching and
    the answers; the edge game: a parity set), in words (``str(why)``), as JSON and
    drawn.

    ``source`` is an analysis (of any game), or anything :func:`analyse` takes (a
    board, its rows, a :class:`~matchgame.Graph`, a NetworkX graph, a SciPy matrix),
    which is analysed first (``game``, ``moves`` and the game's options as there).

    Parameters
    ----------
    source : BaseAnalysis, Board, list of str, Graph, NetworkX graph or SciPy sparse matrix
        An analysis, explained in its own game; or what :func:`analyse` takes.
    name : vertex name
        The vertex the token is placed on, by name: a ``(row, col)`` cell on a
        board, a node of a NetworkX graph, an id otherwise.
    game : str or Game, default "vertex"
        The game to analyse ``source`` in when it is not an analysis already.
    moves : {"orthogonal", "king", "hex", "knight"}, default "orthogonal"
        On a board, how the token moves; with any other source only the default is
        accepted.
    **options
        The game's options, as for :func:`analyse` (``max_states``: a search's budget);
        with an analysis, the options of the explanation's own work.

    Returns
    -------
    BaseExplanation
        The game's explanation: an :class:`~matchgame.Explanation` (the vertex
        game), an :class:`~matchgame.EdgeExplanation` or a
        :class:`~matchgame.DirectedExplanation`.

    Raises
    ------
    InvalidInputError, InvalidTypeError
        If ``name`` is not a vertex of the source, or ``source`` is neither an
        analysis nor something :func:`analyse` takes.

    See Also
    --------
    analyse : Who wins where.
    BaseAnalysis.explain : The same, as a method of an analysis.
    verify : Checks an answer's certificate.

    Examples
    --------
    The JSOI sample: the placer wins on (1, 2), which the matching leaves free.

    >>> analysis = analyse([".##", "...", "#.#"])
    >>> why = explain(analysis, (1, 2))
    >>> why.placer_wins, why.path, [analysis.names.name(u) for u, _ in why.replies]
    (True, [3], [(1, 1)])
    >>> explain(analysis, (1, 1)).placer_wins
    False
    >>> from matchgame import Graph
    >>> explain(Graph.from_edges(3, [(0, 1), (1, 2)]), 1).placer_wins
    False
    >>> explain(Graph.from_edges(3, [(0, 1), (1, 2)]), 1, game="edge").placer_wins
    False
    """
    if isinstance(source, BaseAnalysis):
        return source.explain(name, **options)
    return analyse(source, game=game, moves=moves, **options).explain(name)


def analyse_placements(board: Any, *, moves: str = "orthogonal", algorithm: Any = "auto") -> Any:
    """Deprecated: :func:`analyse` on a board (``analyse(board)``).

    Parameters
    ----------
    board : Board or list of str
        The board, or its rows (read with :meth:`Board.from_rows`).
    moves : {"orthogonal", "king", "hex", "knight"}, default "orthogonal"
        How the token moves between cells (see ``matchgame.core.moves``).
    algorithm : {"auto", "push_relabel", "hopcroft_karp", "blossom"}, default "auto"
        The matching engine (see :func:`~matchgame.maximum_matching`); all give the
        same verdicts.

    Returns
    -------
    Analysis
        Who wins where, by cell.

    See Also
    --------
    analyse : What replaces it (``analyse(board)``).
    analyse_graph : The same on a graph (deprecated too).
    analyse_edges : The edge game on a board or a graph (deprecated too).

    References
    ----------
    .. [1] A. S. Fraenkel, E. R. Scheinerman, D. Ullman, "Undirected edge geography",
       Theoret. Comput. Sci. 112 (1993) 371-381.
       https://doi.org/10.1016/0304-3975(93)90026-P

    Examples
    --------
    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     analyse_placements(["..", ".."]).placer_wins
    False
    """
    from ..core.board import as_board

    warn_renamed("analyse_placements(board)", "analyse(board)")
    return analyse(as_board(board), moves=moves, algorithm=algorithm)


def analyse_graph(graph: Any, *, algorithm: Any = "auto") -> Any:
    """Deprecated: :func:`analyse` on a graph (``analyse(graph)``).

    Parameters
    ----------
    graph : Graph, networkx.Graph or scipy.sparse matrix
        The graph; a NetworkX graph is converted (results name its nodes), a SciPy
        matrix is an adjacency matrix.
    algorithm : {"auto", "push_relabel", "hopcroft_karp", "blossom"}, default "auto"
        The matching engine (see :func:`~matchgame.maximum_matching`); all give the
        same verdicts.

    Returns
    -------
    Analysis
        Who wins where, by vertex name.

    See Also
    --------
    analyse : What replaces it (``analyse(graph)``).
    analyse_placements : The same on a board (deprecated too).
    analyse_edges : The edge game on a board or a graph (deprecated too).

    References
    ----------
    .. [1] A. S. Fraenkel, E. R. Scheinerman, D. Ullman, "Undirected edge geography",
       Theoret. Comput. Sci. 112 (1993) 371-381.
       https://doi.org/10.1016/0304-3975(93)90026-P

    Examples
    --------
    >>> import warnings
    >>> from matchgame import Graph
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     analyse_graph(Graph.from_edges(3, [(0, 1), (1, 2)])).winning
    [0, 2]
    """
    from ..core.graph import as_graph

    warn_renamed("analyse_graph(graph)", "analyse(graph)")
    return analyse(as_graph(graph), algorithm=algorithm)


def analyse_edges(source: Any, *, moves: str = "orthogonal", max_states: int | None = None) -> Any:
    """Deprecated: :func:`analyse` with ``game="edge"``.

    Parameters
    ----------
    source : Board, list of str, Graph, MultiGraph, NetworkX graph or SciPy sparse matrix
        What :func:`analyse` takes; a multigraph keeps its parallel edges and
        self-loops.
    moves : {"orthogonal", "king", "hex", "knight"}, default "orthogonal"
        On a board, how the token moves between cells (see ``matchgame.core.moves``).
    max_states : int, optional
        The budget of the exact search where no theorem answers (default 10**6).

    Returns
    -------
    EdgeAnalysis
        Who wins where in the edge game.

    See Also
    --------
    analyse : What replaces it (``analyse(source, game="edge")``).
    analyse_placements : The vertex game on a board (deprecated too).
    analyse_graph : The vertex game on a graph (deprecated too).

    References
    ----------
    .. [1] A. S. Fraenkel, E. R. Scheinerman, D. Ullman, "Undirected edge geography",
       Theoret. Comput. Sci. 112 (1993) 371-381.
       https://doi.org/10.1016/0304-3975(93)90026-P

    Examples
    --------
    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     analyse_edges(["..."]).winning
    [(0, 0), (0, 2)]
    """
    warn_renamed("analyse_edges(source)", 'analyse(source, game="edge")')
    return analyse(source, game="edge", moves=moves, max_states=max_states)
