"""The contract every game keeps: one :class:`Game` object per game, and what the
faces ask of it.

A *game* is a set of rules for moving a token on a graph: who wins where when one
player places the token and the other moves first (the placement game), and who
wins a position move by move. The games differ in what a move uses up (a vertex,
an edge), in what they are played on (graphs, multigraphs, directed graphs) and in
how their verdicts are computed and proved; everything else (the command line, the
web app, pictures, answer files, records, sweeps, certificates' checking) is
written once, over this contract, and works for every game.

A game owns, and only a game knows:

- what it is played on and how its inputs read (:meth:`Game.graph_of`,
  :meth:`Game.read_edge_list`, :meth:`Game.accept`);
- its analysis (:meth:`Game.analyse`, a
  :class:`~matchgame.games.analyses.BaseAnalysis`), which answers, explains,
  certifies and writes its own JSON documents;
- its positions (:meth:`Game.position`, a
  :class:`~matchgame.games.positions.BasePosition`) and the rules of its records
  (:meth:`Game.check_walk`, :meth:`Game.annotate`);
- the checker of its certificates (:meth:`Game.check_answer`) and its batches for
  sweeps (:meth:`Game.sweep_batch`);
- its options (:attr:`Game.options`, such as a search's budget) and the JSON
  schemas of its documents (:attr:`Game.schemas`).

Games are found by name (:func:`game`, :func:`names`), as plugin registries find
theirs: the built-in games by their package's path (:data:`BUILTIN`), imported the
first time one is asked for, so ``import matchgame`` loads none of them;
:func:`register` adds a game made elsewhere. Nothing outside this module and a
game's own folder asks which game it holds by name. A new game subclasses
:class:`Game`, lives in its own folder, and passes the common test
(``tests/game_checks.py``: ``check_game``), as a scikit-learn estimator passes
``check_estimator``.
"""

from __future__ import annotations

import abc
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from ..core.digraph import is_directed
from ..core.steps import VertexSteps
from ..errors import InvalidInputError, InvalidParameterError
from .options import GameOption
from .registry import (
    ALIASES,
    BUILTIN,
    DEFAULT,
    GameOf,
    Registered,
    all_games,
    document_game,
    find_game,
    game,
    names,
    register,
    unregister,
)

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    import numpy as np
    import numpy.typing as npt

    from ..core.board import Board
    from ..core.names import VertexNames
    from ..core.steps import Steps
    from ..readers.graph6 import GraphLines
    from .analyses import BaseAnalysis
    from .batches import BaseBatchAnswers
    from .notes import WalkAnnotation
    from .positions import BasePosition
    from .tokens import TokenRecord

__all__ = [
    "ALIASES",
    "BUILTIN",
    "DEFAULT",
    "Game",
    "GameOf",
    "GameOption",
    "all_games",
    "document_game",
    "find_game",
    "game",
    "names",
    "register",
    "unregister",
]


class Game(Registered):
    """One token game (see the module docstring): its rules, what it plays on, and
    the objects that answer it. One instance per game, found by name with
    :func:`matchgame.game`.

    Attributes
    ----------
    name : str
        How the API (``game=``), the command line (``--game``) and documents
        (``"game"``) name it.
    title : str
        Its name in words (``"edge geography"``).
    rule : str
        What a move uses up, in a few words.
    directed : bool
        Whether it is played on arcs (an edge list's ``u v`` is the arc ``u -> v``).
    keeps_parallel_edges : bool
        Whether repeated edges and self-loops are moves of their own (read as a
        :class:`~matchgame.MultiGraph`).
    moves_per_edge : bool
        Whether a record may hold one move per edge (the token may come back), not
        one per vertex: the bound of a record's length.
    options : tuple of GameOption
        The options :meth:`analyse` and :meth:`position` take.
    schemas : mapping of str to str
        Each JSON document the game writes (``"placements-board"``,
        ``"certificate"``, ...) and its schema's file in ``docs/schemas``.
    has_matching : bool
        Whether its analyses rest on a maximum matching (drawn with ``--matching``,
        the Gallai-Edmonds sets with ``--sets``).
    sweep_values : tuple of str
        What a sweep's conditions may ask of each graph's answer, and what its counts
        histogram: ``n``, ``m``, ``winning``, and what the game adds (the vertex game's
        ``matching_size``).
    sources : mapping of str to str
        Input kinds the game reads beyond boards, graphs and records of its moves, each
        with what it is (the vertex game's ``"noi"``: a NOI2011 Bunny-and-Egg record,
        the walk of its empty cell); read by :meth:`read_source`, judged by
        :meth:`annotate`.
    names_itself : bool
        Whether its JSON documents carry ``"game": name`` (every game's do but the
        vertex game's, which began before there were others:
        ``matchgame.games.document_game`` reads a document that names no game as its).

    See Also
    --------
    game : Finds a game by name.
    BaseAnalysis : What every game's :meth:`analyse` returns.
    BasePosition : What every game's :meth:`position` returns.
    BaseExplanation : What every game's explanations are.

    Examples
    --------
    >>> import matchgame
    >>> edge = matchgame.game("edge")
    >>> edge.name, edge.rule, [option.flag for option in edge.options]
    ('edge', 'a move uses up the edge the token travels', ['--max-states'])
    >>> edge.analyse(["..."]).winning
    [(0, 0), (0, 2)]
    """

    name: ClassVar[str]
    title: ClassVar[str]
    rule: ClassVar[str]
    directed: ClassVar[bool] = False
    keeps_parallel_edges: ClassVar[bool] = False
    moves_per_edge: ClassVar[bool] = False
    options: ClassVar[tuple[GameOption, ...]] = ()
    schemas: ClassVar[Mapping[str, str]] = {}
    has_matching: ClassVar[bool] = False
    sweep_values: ClassVar[tuple[str, ...]] = ("n", "m", "winning")
    names_itself: ClassVar[bool] = True
    sources: ClassVar[Mapping[str, str]] = {}

    # -- what it is played on ---------------------------------------------------------

    @abc.abstractmethod
    def graph_of(self, source: Any, moves: str = "orthogonal") -> tuple[Any, Board | None]:
        """The game's graph of ``source`` (a board or its rows under ``moves``, a graph,
        a NetworkX graph, a SciPy matrix: what :meth:`analyse` takes) and its board
        (None on a graph). Refuses, with one line, what the game is not played on."""

    @abc.abstractmethod
    def read_edge_list(self, data: str | bytes) -> Any:
        """The edge list format of matchgame (``n m`` then ``m`` lines ``u v``,
        1-based), read as this game reads it (a simple graph, a multigraph, arcs)."""

    def read_source(self, kind: str, data: str | bytes) -> Any:
        """The input ``data`` of ``kind``, one of :attr:`sources` (a NOI2011 record for
        the vertex game), read and checked by the game's rules.

        Raises
        ------
        ParseError, IllegalMoveError
            From the source's reader, naming the line.
        InvalidInputError
            If the game reads no input of that kind (naming the games that do).
        """
        readers = [g.name for g in all_games() if kind in g.sources]
        others = " or ".join(f"--game {name}" for name in readers) or "no game"
        raise InvalidInputError(f"{self.title} reads no {kind} input ({others} does)")

    def accept(self, graph: Any, what: str = "the graph") -> Any:
        """A graph read from a file in a standard format, as this game plays it: an
        undirected game refuses a directed graph (naming the game that plays one).

        Raises
        ------
        InvalidInputError
            If ``graph`` is directed and the game is not, or the other way round
            where the game cannot read it so.
        """
        if not self.directed and is_directed(graph):
            raise InvalidInputError(
                f"{what} is directed, and {self.title} is played on undirected graphs: "
                f"for its arcs use {_directed_games()}"
            )
        return graph

    # -- answers ------------------------------------------------------------------------

    @abc.abstractmethod
    def analyse(self, source: Any, *, moves: str = "orthogonal", **options: Any) -> BaseAnalysis:
        """Who wins a placement where (see :func:`matchgame.analyse`)."""

    @abc.abstractmethod
    def position(
        self,
        source: Any,
        token: Any = None,
        used: Any = (),
        *,
        moves: str = "orthogonal",
        **options: Any,
    ) -> BasePosition:
        """A position of the game: the token on ``token`` (None: not placed yet) and
        what ``used`` lists used up already (vertices or edges, by the game's rule)."""

    @abc.abstractmethod
    def check_walk(
        self,
        graph: Any,
        path: npt.NDArray[np.int64],
        move_lines: npt.NDArray[np.int64] | None = None,
    ) -> None:
        """Refuse the first move of ``path`` (move ids: the placement's vertex, then each
        move's id in the game's :meth:`steps`) that the rules forbid, naming it (and its
        line, when ``move_lines`` gives them).

        Raises
        ------
        IllegalMoveError
        """

    @abc.abstractmethod
    def annotate(self, record: TokenRecord, **options: Any) -> WalkAnnotation:
        """Every move of ``record`` judged by this game's rules (a record of another
        game must follow them: see :meth:`record_graph`)."""

    def annotate_source(self, record: Any, **options: Any) -> Any:
        """Every move of a record of one of the game's :attr:`sources` judged (the vertex
        game: a NOI2011 record's mistakes, a :class:`~matchgame.RecordAnalysis`).

        Raises
        ------
        InvalidInputError
            If the game reads no sources of its own.
        """
        raise InvalidInputError(f"{self.title} reads no record of a source of its own")

    def record_graph(self, record: TokenRecord) -> Any:
        """The graph this game plays ``record`` on: its own, or, for a record of
        another game, the same board or graph as this game reads it, the moves checked
        by this game's rules.

        Raises
        ------
        IllegalMoveError
            At the first move this game's rules forbid.
        """
        return self.record_moves(record)[0]

    def record_moves(self, record: TokenRecord) -> tuple[Any, npt.NDArray[np.int64]]:
        """The graph this game plays ``record`` on (:meth:`record_graph`) and the record's
        moves as this game's ids: the record's own for a record of this game; for
        another game's, its walk of vertices as this game's moves (:meth:`walk_moves`),
        checked by this game's rules.

        Raises
        ------
        IllegalMoveError
            At the first move this game's rules forbid.
        """
        if record.rules is self:
            return record.game_graph, record.path.astype("int64")
        source = record.board if record.board is not None else record.game_graph
        game_graph, _ = self.graph_of(source, record.moves_rule or "orthogonal")
        moves = self.walk_moves(game_graph, record.walk)
        self.check_walk(game_graph, moves, record.move_lines)
        return game_graph, moves

    # -- moves ------------------------------------------------------------------------

    def steps(self, graph: Any, names: VertexNames | None = None) -> Steps:
        """How the game names its moves after the placement on ``graph`` (the game's
        graph; ``names``: other names for its vertices, such as an edge list's numbers
        for a record's text): by the vertex the token goes to, unless the game's moves
        are not determined by it (``matchgame.core.steps``)."""
        return VertexSteps(graph.names if names is None else names)

    def walk_moves(self, graph: Any, walk: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """The game's move ids of a walk (vertex ids: the placement, then each vertex
        reached): the walk itself where moves are named by the vertex they reach; a game
        of other moves picks them (the first arc free, say) and :meth:`check_walk`
        refuses the walk where none is."""
        return walk

    @abc.abstractmethod
    def check_answer(self, source: Any, answer: Any, *, moves: str = "orthogonal") -> list[str]:
        """Everything wrong with ``answer`` (a JSON answer with its certificate, as
        bytes, text or a dict) as a proof about ``source``: [] if it proves it.

        Raises
        ------
        DocumentError
            If ``answer`` is not a JSON document of the right shape.
        """

    @abc.abstractmethod
    def sweep_batch(
        self, graphs: GraphLines, **options: Any
    ) -> tuple[BaseBatchAnswers, tuple[int, str] | None]:
        """The answers of many small graphs at once (``matchgame sweep``: see
        :mod:`matchgame.sweep`), a ``matchgame.games.batches.BaseBatchAnswers``;
        and, when a graph needs more than the game's budget, its place in ``graphs``
        and why (the answers then hold the graphs before it), else None."""

    def sweep_graph6(self, data: bytes, **options: Any) -> BaseBatchAnswers | None:
        """A fast path of :meth:`sweep_batch` for a chunk of graph6 lines as read
        (``data``: whole lines): the answers, or None where the game has no faster way
        than decoding the lines first, or the chunk is not one it takes (a bad line:
        the general decoder then names it). None by default."""
        return None

    # -- documents ----------------------------------------------------------------------

    def schema(self, kind: str) -> dict[str, Any]:
        """The JSON schema of the game's document ``kind`` (a key of :attr:`schemas`:
        ``"placements-graph"``, ``"certificate"``, ...), as a dict.

        Raises
        ------
        InvalidParameterError
            If the game writes no document of that kind.
        """
        import json

        if kind not in self.schemas:
            listed = ", ".join(repr(name) for name in self.schemas)
            raise InvalidParameterError(f"kind must be one of {listed}, got {kind!r}")
        found: dict[str, Any] = json.loads(
            self.schema_folder().joinpath(self.schemas[kind]).read_text()
        )
        return found

    def schema_folder(self) -> Traversable:
        """Where the files :attr:`schemas` names lie: matchgame's own ``schemas`` folder
        (a game made elsewhere gives its own)."""
        import importlib.resources  # here: start-up does without it

        return importlib.resources.files("matchgame") / "schemas"

    # -- options --------------------------------------------------------------------------

    def checked_options(self, given: Mapping[str, Any], *, defaults: bool = True) -> dict[str, Any]:
        """``given`` checked against :attr:`options` (None counts as not given), with
        the defaults of the others when ``defaults``.

        Raises
        ------
        InvalidInputError
            If an option is not this game's (naming the games that take it).
        """
        known = {option.name: option for option in self.options}
        out: dict[str, Any] = {}
        for key, value in given.items():
            if value is None:
                continue
            option = known.get(key)
            if option is None:
                raise InvalidParameterError(f"{key} applies to {_takers(key)}, not to {self.title}")
            out[key] = option.check(value, key)
        if defaults:
            for option in self.options:
                out.setdefault(option.name, option.default)
        return out

    def __repr__(self) -> str:
        return f"<Game {self.name!r}: {self.title}>"


def _directed_games() -> str:
    found = [f"game={g.name!r} (--game {g.name})" for g in all_games() if g.directed]
    return " or ".join(found) if found else "a directed game"


def _takers(option: str) -> str:
    """The games that take ``option``, as a message names them."""
    takers = [g.name for g in all_games() if any(o.name == option for o in g.options)]
    listed = " or ".join(f"the {name} game (game={name!r})" for name in takers)
    return listed or "no game"
