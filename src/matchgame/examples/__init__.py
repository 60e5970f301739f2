"""The bundled examples: a few boards, graphs and records to try matchgame on.

The examples are data (``*.txt`` files beside this module); :func:`load` reads
one with what it is (its kind and the move rule it is meant for).

>>> load("jsoi").text.splitlines()[0]
'3 3'
>>> [name for name in EXAMPLES if EXAMPLES[name].kind == "edges"]
['blossom', 'petersen']
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import MatchgameError

__all__ = ["EXAMPLES", "Example", "ExampleInfo", "UnknownExample", "load", "names_of_kind"]


@dataclass(frozen=True)
class ExampleInfo:
    """What an example is: ``kind`` (``board``, ``edges``, ``noi``: a NOI2011 record,
    ``walk-board``: a token-game record), the move rule it is meant for, and a line
    saying what it shows."""

    kind: str
    description: str
    moves: str = "orthogonal"


EXAMPLES = {
    "jsoi": ExampleInfo("board", "the JSOI2009 sample (3x3 board)"),
    "heart": ExampleInfo("board", "a heart-shaped board with holes (16x19)"),
    "king": ExampleInfo("board", "a 7x8 board for the king's moves (--moves king)", "king"),
    "hex": ExampleInfo("board", "a 7x7 hex board (--moves hex)", "hex"),
    "blossom": ExampleInfo("edges", "two triangles joined by a path (edge list, 7 vertices)"),
    "petersen": ExampleInfo("edges", "the Petersen graph (edge list, 10 vertices)"),
    "noi3": ExampleInfo("noi", "NOI2011 sample 3 (Bunny-and-Egg record)"),
    "noi1": ExampleInfo("noi", "NOI2011 sample 1 (Bunny-and-Egg record)"),
    "noi2": ExampleInfo("noi", "NOI2011 sample 2 (Bunny-and-Egg record)"),
    "bunny": ExampleInfo("noi", "a Bunny-and-Egg start position with no moves yet (7x7)"),
    "walk": ExampleInfo("walk-board", "a token game on a 5x6 board, both players erring"),
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


def names_of_kind(*kinds: str) -> tuple[str, ...]:
    """The examples of the given kinds, default first."""
    return tuple(name for name, info in EXAMPLES.items() if info.kind in kinds)


def load(name: str, kinds: tuple[str, ...] | None = None) -> Example:
    """The example ``name``; with ``kinds``, it must be one of those kinds.

    Raises
    ------
    UnknownExample
        Naming the examples there are (of those kinds).
    """
    choices = names_of_kind(*kinds) if kinds else tuple(EXAMPLES)
    if name not in choices:
        raise UnknownExample(f"unknown example {name!r} (choose from {', '.join(choices)})")
    from importlib import resources  # only when an example is read: its import is ~13 ms

    text = resources.files(__name__).joinpath(f"{name}.txt").read_text("ascii")
    return Example(name, text, EXAMPLES[name])
