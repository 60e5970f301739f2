"""The bundled examples: a few boards, graphs and records to try matchgame on.

The examples are data files beside this module, installed with the package, so they
are at hand anywhere: :func:`text` gives one's text, :func:`load` reads it into what
it is (a :class:`~matchgame.Board`, a :class:`~matchgame.Graph`, a
:class:`~matchgame.GameRecord` or a :class:`~matchgame.TokenRecord`), and on the
command line ``matchgame example NAME`` prints it (``--list`` names them all).

>>> text("jsoi").splitlines()[0]
'3 3'
>>> load("jsoi").n_free
5
>>> [name for name in EXAMPLES if EXAMPLES[name].kind == "edges"]
['blossom', 'petersen']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import MatchgameError

__all__ = [
    "EXAMPLES",
    "Example",
    "ExampleInfo",
    "UnknownExample",
    "example",
    "load",
    "names_of_kind",
    "text",
]


@dataclass(frozen=True)
class ExampleInfo:
    """What an example is: ``kind`` (``board``, ``edges``: matchgame's edge list,
    ``noi``: a NOI2011 record, ``walk-board``: a token-game record, or a standard
    graph format such as ``mtx`` or ``graphml``), a line saying what it shows, the
    move rule it is meant for, and the extension of its file."""

    kind: str
    description: str
    moves: str = "orthogonal"
    suffix: str = ".txt"


EXAMPLES = {
    "jsoi": ExampleInfo("board", "the JSOI2009 sample (3x3 board)"),
    "heart": ExampleInfo("board", "a heart-shaped board with holes (16x19)"),
    "king": ExampleInfo("board", "a 7x8 board for the king's moves (--moves king)", "king"),
    "hex": ExampleInfo("board", "a 7x7 hex board (--moves hex)", "hex"),
    "blossom": ExampleInfo("edges", "two triangles joined by a path (7 vertices)"),
    "petersen": ExampleInfo("edges", "the Petersen graph (10 vertices)"),
    "c5": ExampleInfo("mtx", "a cycle of five vertices, numbered 1 to 5", suffix=".mtx"),
    "p3": ExampleInfo(
        "graphml", "a path a - b - c (answers name its nodes; needs NetworkX)", suffix=".graphml"
    ),
    "noi3": ExampleInfo("noi", "NOI2011 sample 3 (Bunny and Egg)"),
    "noi1": ExampleInfo("noi", "NOI2011 sample 1 (Bunny and Egg)"),
    "noi2": ExampleInfo("noi", "NOI2011 sample 2 (Bunny and Egg)"),
    "bunny": ExampleInfo("noi", "a Bunny-and-Egg start with no moves yet (7x7)"),
    "walk": ExampleInfo("walk-board", "a game on a 5x6 board, both players erring"),
}
"""Every example by name; within a kind, the first is the default."""


class UnknownExample(MatchgameError, KeyError):
    """No bundled example of that name (and kind)."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


@dataclass(frozen=True)
class Example:
    """A bundled example's text and what it is."""

    name: str
    text: str
    info: ExampleInfo

    @property
    def kind(self) -> str:
        return self.info.kind

    @property
    def moves(self) -> str:
        return self.info.moves

    @property
    def file_name(self) -> str:
        """The name its file has in the package (``jsoi.txt``, ``c5.mtx``)."""
        return self.name + self.info.suffix


def names_of_kind(*kinds: str) -> tuple[str, ...]:
    """The examples of the given kinds, default first."""
    return tuple(name for name, info in EXAMPLES.items() if info.kind in kinds)


def example(name: str, kinds: tuple[str, ...] | None = None) -> Example:
    """The example ``name`` with what it is; with ``kinds``, it must be one of those
    kinds.

    Raises
    ------
    UnknownExample
        Naming the examples there are (of those kinds).

    Examples
    --------
    >>> found = example("c5")
    >>> found.kind, found.file_name, found.text.splitlines()[0]
    ('mtx', 'c5.mtx', '%%MatrixMarket matrix coordinate pattern symmetric')
    """
    choices = names_of_kind(*kinds) if kinds else tuple(EXAMPLES)
    if not isinstance(name, str) or name not in choices:
        raise UnknownExample(f"unknown example {name!r} (choose from {', '.join(choices)})")
    from importlib import resources  # only when an example is read: its import is ~13 ms

    info = EXAMPLES[name]
    data = resources.files(__name__).joinpath(name + info.suffix).read_text("ascii")
    return Example(name, data, info)


def text(name: str) -> str:
    """The text of the example ``name``, as ``matchgame example NAME`` prints it.

    Raises
    ------
    UnknownExample
        Naming the examples there are.

    Examples
    --------
    >>> print(text("jsoi"), end="")
    3 3
    .##
    ...
    #.#
    """
    return example(name).text


def load(name: str) -> Any:
    """The example ``name`` read into what it is: a :class:`~matchgame.Board`, a
    :class:`~matchgame.Graph` (an edge list, or a graph file keeping its names), a
    :class:`~matchgame.GameRecord` (NOI2011) or a :class:`~matchgame.TokenRecord`.
    A board's move rule is ``EXAMPLES[name].moves`` (``king`` for ``king``): give it
    to :func:`~matchgame.analyse` as ``moves=``.

    Raises
    ------
    UnknownExample
        Naming the examples there are.
    ParseError
        For ``p3`` (GraphML) without NetworkX, naming what to install.

    Examples
    --------
    >>> import matchgame
    >>> matchgame.analyse(load("jsoi")).winning
    [(1, 2), (2, 1)]
    >>> matchgame.analyse(load("c5")).winning
    [1, 2, 3, 4, 5]
    >>> type(load("noi3")).__name__, type(load("walk")).__name__
    ('GameRecord', 'TokenRecord')
    """
    found = example(name)
    from ..inputs import parse_input  # the readers of every kind, for the vertex game

    return parse_input(found.text, found.kind, moves=found.moves).value
