"""What every game's analysis answers: who wins a placement where, read by name.

:class:`BaseAnalysis` holds a game's graph (with its vertex names), the board it
came from if any, and one boolean per vertex: whether placing the token there wins
for the placer. From those it answers every question the faces ask
(:attr:`~BaseAnalysis.winning`, :meth:`~BaseAnalysis.placer_wins_at`,
:meth:`~BaseAnalysis.board_mask`, the JSON answer); a game adds what only it has
(the vertex game's matching and Gallai-Edmonds sets, the edge game's algebra) on
its own subclass, and says how it explains and certifies a verdict.
"""

from __future__ import annotations

import abc
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np
import numpy.typing as npt

from ..core._cache import cached_property
from ..core._deprecated import callable_array
from ..core._validate import plural
from ..core.names import BoardCells, VertexNames
from ..errors import InvalidTypeError
from .contract import GameOf

if TYPE_CHECKING:
    from ..core.board import Board
    from .explanations import BaseExplanation

__all__ = ["BaseAnalysis", "plain_json"]


class BaseAnalysis(abc.ABC):
    """Who wins where in one game on one graph or board (see the module docstring).

    Subclasses set :attr:`rules` (their game, ``rules = GameOf("vertex")``) and give
    :attr:`winning_mask`,
    :attr:`graph`, :attr:`board` and :attr:`moves`; they implement
    ``_explain``, :meth:`make_certificate` and :meth:`answer`.

    Attributes
    ----------
    rules : Game
        The game analysed (:class:`matchgame.Game`): its rules, options and documents.
    board : Board or None
        The board, when the graph is a board's.
    moves : str or None
        How the token moves on the board.

    See Also
    --------
    Analysis : The vertex game's analysis.
    EdgeAnalysis : The edge game's analysis.
    DirectedAnalysis : The directed game's analysis.
    analyse : Makes the analysis of any game.

    Examples
    --------
    Every game's analysis reads the same way (three of them here):

    >>> import matchgame
    >>> for name in ("vertex", "edge", "directed"):
    ...     analysis = matchgame.analyse(["..."], game=name)
    ...     print(name, analysis.winning, analysis.placer_wins_at((0, 1)))
    vertex [(0, 0), (0, 2)] False
    edge [(0, 0), (0, 2)] False
    directed [(0, 0), (0, 2)] False
    """

    rules: ClassVar[GameOf]
    board: Board | None
    moves: str | None
    refusal: str | None = None
    """Why the answer is partial, in one line naming the budget that ran out (a game
    whose search was asked for ``partial`` answers); None for a whole answer."""

    @property
    def game(self) -> str:
        """The game's name, as documents write it (:attr:`rules` is the game)."""
        return self.rules.name

    @property
    @abc.abstractmethod
    def winning_mask(self) -> npt.NDArray[np.bool_]:
        """Per vertex id: True where placing the token wins for the placer."""

    @property
    @abc.abstractmethod
    def graph(self) -> Any:
        """The graph played on (a board's graph of free cells)."""

    @property
    def names(self) -> VertexNames:
        """How vertices are named (see ``matchgame.core.names``)."""
        names: VertexNames = self.graph.names
        return names

    @property
    def n_vertices(self) -> int:
        """The number of vertices (free cells on a board)."""
        return int(self.winning_mask.shape[0])

    @property
    def placer_wins(self) -> bool:
        """Whether the placer has a winning placement at all."""
        return bool(self.winning_mask.any())

    @cached_property
    def winning_ids(self) -> npt.NDArray[np.int64]:
        """Vertex ids of the winning placements, increasing (read-only, computed once;
        ``winning_ids()`` still works for one release, with a warning)."""
        ids = np.flatnonzero(self.winning_mask)
        return callable_array(ids, f"{type(self).__name__}.winning_ids")

    @property
    def unknown_mask(self) -> npt.NDArray[np.bool_]:
        """Per vertex id: True where the verdict is unknown (a partial answer, see
        :attr:`refusal`); all False in a whole answer."""
        return np.zeros(self.n_vertices, dtype=bool)

    @property
    def unknown_ids(self) -> npt.NDArray[np.int64]:
        """Vertex ids whose verdict is unknown, increasing (none in a whole answer)."""
        return np.flatnonzero(self.unknown_mask)

    @property
    def winning(self) -> list[Hashable]:
        """Names of the winning placements, in vertex order (row-major on a board)."""
        return self.names.names(self.winning_ids)

    def placer_wins_at(self, name: Any) -> bool:
        """Whether placing the token on vertex ``name`` wins for the placer."""
        return bool(self.winning_mask[self.names.vertex(name)])

    def mover_wins_at(self, name: Any) -> bool:
        """Whether the player to move wins with the token on ``name``, nothing used."""
        return not self.placer_wins_at(name)

    def board_mask(self) -> npt.NDArray[np.bool_]:
        """On a board: an ``(n_rows, n_cols)`` array, True on winning cells.

        Raises
        ------
        InvalidTypeError
            If the analysis is of a graph, not of a board.
        """
        names = self.names
        if not isinstance(names, BoardCells):
            raise InvalidTypeError("board_mask needs an analysis of a board, not of a graph")
        return names.grid(self.winning_mask, False)

    def node_attributes(self) -> dict[str, list[Any]]:
        """What the answer says of each vertex, as columns in vertex order: first
        ``placer_wins`` (whether placing the token there wins), then what the game adds
        (the vertex game's Gallai-Edmonds class ``gallai_edmonds``, ``"D"``, ``"A"`` or
        ``"C"``; the edge game's ``role``; the directed game's ``method``). These are the
        node attributes of :meth:`to_networkx` and the columns of
        :func:`matchgame.write_verdicts`.

        Examples
        --------
        >>> import matchgame
        >>> matchgame.analyse(["..."]).node_attributes()
        {'placer_wins': [True, False, True], 'gallai_edmonds': ['D', 'A', 'D']}
        """
        columns: dict[str, list[Any]] = {"placer_wins": self.winning_mask.tolist()}
        columns.update(self._node_attributes())
        return columns

    def _node_attributes(self) -> dict[str, list[Any]]:
        """The game's own columns of :meth:`node_attributes` (none by default)."""
        return {}

    def _game_graph(self) -> Any:
        """The graph the game is played on, as NetworkX gets it (:meth:`to_networkx`):
        :attr:`graph` by default; the edge game's multigraph."""
        return self.graph

    def to_networkx(self) -> Any:
        """The graph played on as a NetworkX graph, each node carrying what the answer
        says of it (:meth:`node_attributes`) beside the attributes its source gave it
        (a NetworkX graph's, a GraphML or GML file's). Nodes are the vertices' names
        (cells ``(row, col)`` on a board); the graph is an ``nx.Graph``, an
        ``nx.MultiGraph`` for the edge game (parallel edges are moves of their own), an
        ``nx.DiGraph`` for the directed game.

        Raises
        ------
        ImportError
            Without NetworkX (``pip install networkx``).

        Examples
        --------
        >>> import matchgame, networkx as nx
        >>> G = matchgame.analyse(nx.path_graph("abc")).to_networkx()
        >>> G.nodes["a"], G.nodes["b"]["placer_wins"]
        ({'placer_wins': True, 'gallai_edmonds': 'D'}, False)
        """
        graph = self._game_graph().to_networkx()
        for key, values in self.node_attributes().items():
            for node, value in zip(graph.nodes, values, strict=True):
                graph.nodes[node][key] = value
        return graph

    def explain(self, name: Any, **options: Any) -> BaseExplanation:
        """Why placing the token on ``name`` wins or loses, in words, as JSON and drawn
        (the game's own argument: a matching's alternating path, a parity set...).

        Raises
        ------
        InvalidInputError, InvalidTypeError
            If ``name`` is not a vertex of the analysis.
        """
        return self._explain(self.names.vertex(name), **options)

    @abc.abstractmethod
    def _explain(self, v: int, **options: Any) -> BaseExplanation:
        """:meth:`explain` for the vertex id ``v`` (checked)."""

    @abc.abstractmethod
    def make_certificate(self) -> dict[str, Any]:
        """The ``"certificate"`` field of the JSON answer, its lists as numpy arrays
        (written a piece at a time by the writers).

        Raises
        ------
        InvalidInputError
            Where the game has no short proof of this answer.
        """

    def certificate(self) -> dict[str, Any]:
        """The certificate of this answer, exactly as the JSON answer writes it: a dict
        of lists, numbers and strings, which ``json.dumps`` takes (see
        :meth:`make_certificate`)."""
        plain: dict[str, Any] = plain_json(self.make_certificate())
        return plain

    @abc.abstractmethod
    def answer(self) -> dict[str, Any]:
        """The JSON answer document (what ``matchgame placements --format json``
        writes), its big lists as numpy arrays."""

    _WHAT = ("graph", "edge")
    """What :meth:`_what` calls the graph played on, and its edges."""

    def _played_on(self) -> Any:
        """The graph played on, as :meth:`__repr__` counts it."""
        return self.graph

    def _what(self) -> str:
        """What was analysed, for :meth:`__repr__`."""
        if self.board is not None:
            return f"{self.board.n_rows}x{self.board.n_cols} board ({self.moves} moves)"
        graph, (noun, edge) = self._played_on(), self._WHAT
        vertices = plural(graph.n_vertices, "vertex", "vertices")
        return f"{noun} with {vertices} and {plural(graph.n_edges, edge)}"

    def _repr_extra(self) -> str:
        """What a game adds to :meth:`__repr__` (the vertex game: its matching's size)."""
        return ""

    def _repr_svg_(self) -> str | None:
        """The picture in Jupyter (boards and graphs up to the renderer's limits)."""
        from .. import draw

        return draw.notebook_svg(self)

    def __repr__(self) -> str:
        wins = int(self.winning_mask.sum())
        placements = "winning placement" if wins == 1 else "winning placements"
        return (
            f"<{type(self).__name__} of a {self._what()}: {wins} {placements}{self._repr_extra()}>"
        )


def plain_json(value: Any) -> Any:
    """``value`` with its numpy arrays and scalars as lists and numbers: what
    ``json.loads`` reads back from its JSON text.

    >>> plain_json({"a": np.array([[1, 2]]), "b": [np.int32(3)], "c": "x"})
    {'a': [[1, 2]], 'b': [3], 'c': 'x'}
    """
    if isinstance(value, np.ndarray | np.generic):
        return value.tolist()
    if isinstance(value, dict):
        return {key: plain_json(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [plain_json(item) for item in value]
    return value
