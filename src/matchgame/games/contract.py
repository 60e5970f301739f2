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
import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ..core._validate import describe
from ..core.digraph import is_directed
from ..errors import InvalidInputError, InvalidParameterError, InvalidTypeError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from ..core.board import Board
    from .analyses import BaseAnalysis
    from .positions import BasePosition
    from .tokens import TokenRecord, WalkAnnotation

__all__ = ["BUILTIN", "DEFAULT", "Game", "GameOption", "all_games", "game", "names", "register"]


@dataclass(frozen=True)
class GameOption:
    """An option a game takes beyond the source and the move rule (a search's budget,
    a matching engine), as the API and the command line spell it.

    Attributes
    ----------
    name : str
        The keyword in the API (``max_states``).
    flag : str
        The command line's option (``--max-states``).
    default : object
        Its value when not given.
    check : callable
        Takes the given value and the name to quote, returns it checked (raises a
        :class:`~matchgame.errors.MatchgameError` naming it when it is wrong).
    help : str
        One sentence for ``--help`` and the docs.
    accepts : str
        What it accepts, for the command line's message (``"a number of positions
        from 1 to 4,294,967,296"``).
    metavar : str
        How ``--help`` shows the value (``N``: an integer).
    """

    name: str
    flag: str
    default: Any
    check: Callable[[Any, str], Any]
    help: str
    accepts: str
    metavar: str = "N"


class Game(abc.ABC):
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
        What a sweep's conditions may ask of each graph's answer (``n``, ``m``,
        ``winning``, and the vertex game's ``matching_size``).

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
        """Refuse the first move of ``path`` (vertex ids, the placement first) that the
        rules forbid, naming it (and its line, when ``move_lines`` gives them).

        Raises
        ------
        IllegalMoveError
        """

    @abc.abstractmethod
    def annotate(self, record: TokenRecord, **options: Any) -> WalkAnnotation:
        """Every move of ``record`` judged by this game's rules (a record of another
        game must follow them: see :meth:`record_graph`)."""

    def record_graph(self, record: TokenRecord) -> Any:
        """The graph this game plays ``record`` on: its own, or, for a record of
        another game, the same board or graph as this game reads it, the moves checked
        by this game's rules.

        Raises
        ------
        IllegalMoveError
            At the first move this game's rules forbid.
        """
        if record.game == self.name:
            return record.game_graph
        source = record.board if record.board is not None else record.game_graph
        game_graph, _ = self.graph_of(source, record.moves_rule or "orthogonal")
        self.check_walk(game_graph, record.path.astype("int64"), record.move_lines)
        return game_graph

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
    def sweep_batch(self, graphs: Any, **options: Any) -> Any:
        """The answers of many small graphs at once (``matchgame sweep``): see
        :mod:`matchgame.sweep`."""

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


def check_int_option(low: int, high: int) -> Callable[[Any, str], int]:
    """A :attr:`GameOption.check` for an integer from ``low`` to ``high``."""
    from ..core._validate import as_int

    def check(value: Any, name: str) -> int:
        return as_int(value, name, low=low, high=high)

    return check


def check_choice_option(choices: tuple[str, ...]) -> Callable[[Any, str], str]:
    """A :attr:`GameOption.check` for one of ``choices``."""

    def check(value: Any, name: str) -> str:
        if not isinstance(value, str):
            raise InvalidTypeError(f"{name} must be a str, got {describe(value)}")
        if value not in choices:
            listed = ", ".join(repr(choice) for choice in choices)
            raise InvalidParameterError(f"{name} must be one of {listed}, got {value!r}")
        return value

    return check


# -- the registry: every game, found by name ----------------------------------------

BUILTIN: dict[str, str] = {
    "vertex": "matchgame.games.vertex",
    "edge": "matchgame.games.edge",
    "directed": "matchgame.games.directed",
    "directed-edge": "matchgame.games.directed_edge",
}
"""The built-in games: name -> the package that defines its ``GAME`` (imported when
first asked for)."""

DEFAULT = "vertex"
"""The game every face plays unless told otherwise."""

_LOADED: dict[str, Game] = {}
_ADDED: dict[str, Game] = {}  # registered by register(), after the built-in ones


def names() -> tuple[str, ...]:
    """Every game's name: the built-in ones, then those :func:`register` added."""
    return (*BUILTIN, *_ADDED)


def game(which: str | Game) -> Game:
    """The game named ``which`` (a :class:`~matchgame.games.contract.Game` is given back
    as it is).

    Parameters
    ----------
    which : str or Game
        A game's name (``"vertex"``, ``"edge"``, ``"directed"``, or one added with
        ``matchgame.games.register``), or a game.

    Returns
    -------
    Game
        The one instance of that game.

    Raises
    ------
    InvalidParameterError
        If no game has that name (the message lists the games).
    InvalidTypeError
        If ``which`` is neither a name nor a game.

    See Also
    --------
    Game : What a game is and holds.
    analyse : Who wins where, in the game chosen by ``game=``.

    Examples
    --------
    >>> game("vertex").rule
    'a move uses up the vertex the token leaves'
    >>> game("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    matchgame.errors.InvalidParameterError: game must be one of 'vertex', 'edge', ..., got 'chess'
    """
    if isinstance(which, Game):
        return which
    if not isinstance(which, str):
        listed = ", ".join(repr(name) for name in names())
        raise InvalidParameterError(f"game must be one of {listed}, got {describe(which)}")
    found = _LOADED.get(which) or _ADDED.get(which)
    if found is not None:
        return found
    path = BUILTIN.get(which)
    if path is None:
        listed = ", ".join(repr(name) for name in names())
        raise InvalidParameterError(f"game must be one of {listed}, got {which!r}")
    made = importlib.import_module(path).GAME  # a plugin's module, found by its path
    if not isinstance(made, Game) or made.name != which:
        raise TypeError(f"{path}.GAME is not the game {which!r}")
    _LOADED[which] = made
    return made


def all_games() -> tuple[Game, ...]:
    """Every game, in the order of :func:`names` (each package imported)."""
    return tuple(game(name) for name in names())


def register(new: Game) -> Game:
    """Add a game made outside matchgame (a :class:`~matchgame.games.contract.Game`):
    every face offers it from then on. Returns it.

    Raises
    ------
    InvalidParameterError
        If a game of that name exists already.
    """
    if not isinstance(new, Game):
        raise InvalidTypeError(f"register takes a Game, got {describe(new)}")
    if new.name in BUILTIN or new.name in _ADDED:
        raise InvalidParameterError(f"a game named {new.name!r} exists already")
    _ADDED[new.name] = new
    return new
