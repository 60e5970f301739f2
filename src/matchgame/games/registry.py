"""The registry of games: every game found by its name, as plugin registries find theirs.

The built-in games are known by their package's path (:data:`BUILTIN`) and imported
the first time one is asked for, so ``import matchgame`` loads none of them;
:func:`register` adds a game made elsewhere. This module and a game's own folder are
the only places that name a game; every other module holds a game object and asks it.
A game's classes hold their game by name too (:class:`GameOf`), found here when first
read.
"""

from __future__ import annotations

import abc
import importlib
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeVar, cast, overload

from ..core._deprecated import warn_renamed
from ..core._validate import describe
from ..errors import InvalidParameterError, InvalidTypeError

if TYPE_CHECKING:
    from .contract import Game
    from .directed import DirectedGame
    from .directed_edge import DirectedEdgeGame
    from .edge import EdgeGame
    from .vertex import VertexGame

__all__ = [
    "ALIASES",
    "BUILTIN",
    "DEFAULT",
    "GameOf",
    "Registered",
    "all_games",
    "document_game",
    "find_game",
    "game",
    "names",
    "register",
    "unregister",
]


class Registered(abc.ABC):
    """What the registry knows a game by: the base of :class:`~matchgame.Game`, which
    holds everything else (the registry stays below the contract it serves)."""

    name: ClassVar[str]
    names_itself: ClassVar[bool]


BUILTIN: dict[str, str] = {
    "vertex": "matchgame.games.vertex",
    "edge": "matchgame.games.edge",
    "directed": "matchgame.games.directed",
    "directed-edge": "matchgame.games.directed_edge",
}
"""The built-in games: name -> the package that defines its ``GAME`` (imported when
first asked for)."""

ALIASES: dict[str, str] = {"placement": "vertex", "bunny": "vertex"}
"""Old names of games -> their names now: found with a warning, for one more release
(``"bunny"``: NOI2011's records, once a game of their own, are the vertex game's
source)."""

DEFAULT = "vertex"
"""The game a face plays when the user names none (``matchgame.analyse(board)``, a
command line without ``--game``): the game of the problems matchgame began with. Only
ever a default value: no face compares a game with it (``tests/test_games.py``)."""

_LOADED: dict[str, Game] = {}
_ADDED: dict[str, Game] = {}  # registered by register(), after the built-in ones


def names() -> tuple[str, ...]:
    """Every game's name: the built-in ones, then those :func:`register` added."""
    return (*BUILTIN, *_ADDED)


AnyGame = TypeVar("AnyGame", bound="Game")


# typed by name for the built-in games: matchgame.game("edge").analyse(...) is an
# EdgeAnalysis to mypy (the registry is the one module that names every game)
@overload
def find_game(which: Literal["vertex"]) -> VertexGame: ...
@overload
def find_game(which: Literal["edge"]) -> EdgeGame: ...
@overload
def find_game(which: Literal["directed"]) -> DirectedGame: ...
@overload
def find_game(which: Literal["directed-edge"]) -> DirectedEdgeGame: ...
@overload
def find_game(which: str) -> Game: ...
@overload
def find_game(which: AnyGame) -> AnyGame: ...
def find_game(which: Any) -> Game:
    """The game named ``which`` (a :class:`~matchgame.games.contract.Game` is given back
    as it is), as python-chess's ``find_variant`` finds a variant.

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
    >>> find_game("vertex").rule
    'a move uses up the vertex the token leaves'
    >>> find_game("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    matchgame.errors.InvalidParameterError: game must be one of 'vertex', 'edge', ..., got 'chess'
    """
    if isinstance(which, Registered):
        return cast("Game", which)  # every Registered is a Game
    if not isinstance(which, str):
        listed = ", ".join(repr(name) for name in names())
        raise InvalidParameterError(f"game must be one of {listed}, got {describe(which)}")
    found = _LOADED.get(which) or _ADDED.get(which)
    if found is not None:
        return found
    path = BUILTIN.get(which)
    if path is None:
        if which in ALIASES:
            warn_renamed(f"the game {which!r}", f"{ALIASES[which]!r}", stacklevel=3)
            return find_game(ALIASES[which])
        listed = ", ".join(repr(name) for name in names())
        raise InvalidParameterError(f"game must be one of {listed}, got {which!r}")
    made: Game = importlib.import_module(path).GAME  # a plugin's module, found by its path
    if not isinstance(made, Registered) or made.name != which:
        raise TypeError(f"{path}.GAME is not the game {which!r}")
    _LOADED[which] = made
    return made


game = find_game
"""The game named ``which``: ``find_game``, as ``matchgame.game(name)`` spells it."""


def all_games() -> tuple[Game, ...]:
    """Every game, in the order of :func:`names` (each package imported)."""
    return tuple(find_game(name) for name in names())


def document_game(name: str | None) -> Game:
    """The game a JSON document is for, from its ``"game"`` field (None: the field is
    absent): the game of that name, or, for a document that names none, the one game
    whose documents never name it (:attr:`Game.names_itself` false: the vertex game's,
    which began before there were other games).

    Raises
    ------
    InvalidParameterError
        If ``name`` names no game.

    Examples
    --------
    >>> document_game("edge").name, document_game(None).name
    ('edge', 'vertex')
    """
    if name is not None:
        return find_game(name)
    unnamed = [g for g in all_games() if not g.names_itself]
    if len(unnamed) != 1:  # a registry that breaks the rule is a bug, not the user's
        raise TypeError(f"one game's documents may name no game, not {len(unnamed)}")
    return unnamed[0]


def register(new: AnyGame) -> AnyGame:
    """Add a game made outside matchgame (a :class:`~matchgame.games.contract.Game`):
    every face offers it from then on. Returns it.

    Raises
    ------
    InvalidParameterError
        If a game of that name exists already.
    InvalidTypeError
        If ``new`` is not a :class:`Game`.
    """
    if not isinstance(new, Registered):
        raise InvalidTypeError(f"register takes a Game, got {describe(new)}")
    if new.name in BUILTIN or new.name in _ADDED or new.name in ALIASES:
        raise InvalidParameterError(f"a game named {new.name!r} exists already")
    if not new.names_itself:
        raise InvalidParameterError(
            f"the game {new.name!r} must name itself in its documents (names_itself = True)"
        )
    _ADDED[new.name] = new
    return new


def unregister(name: str) -> None:
    """Take back a game :func:`register` added (a test's game, once tested).

    Raises
    ------
    InvalidParameterError
        If ``name`` is not a game :func:`register` added.
    """
    if name not in _ADDED:
        raise InvalidParameterError(f"{name!r} is not a game register() added")
    del _ADDED[name]


class GameOf:
    """A class attribute that is a game: ``rules = GameOf("vertex")`` on a game's analysis,
    position or explanation class. The game is found in the registry when first read and
    kept; so a game's classes hold their game without importing its package, which
    imports them when its methods run (an import cycle otherwise).

    Examples
    --------
    >>> class Probe:
    ...     rules = GameOf("edge")
    >>> Probe.rules.title, Probe().rules is Probe.rules
    ('edge geography', True)
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self._game: Game | None = None

    def __get__(self, instance: object, owner: type | None = None) -> Game:
        if self._game is None:
            self._game = find_game(self.name)
        return self._game
