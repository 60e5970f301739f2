"""Conditions on a sweep's answers: which graphs ``--filter`` keeps, as nauty's ``pickg`` does.

A condition is parsed once, by a small recursive-descent parser (no ``eval``), and
evaluated on whole batches: numpy arrays in, a mask of the graphs that meet it out.

Grammar (``and`` binds tighter than ``or``; ``not`` tighter than both)::

    condition  := conjunct ("or" conjunct)*
    conjunct   := negation ("and" negation)*
    negation   := "not" negation | "(" condition ")" | comparison | FLAG
    comparison := operand ("==" | "!=" | "<" | "<=" | ">" | ">=") operand
    operand    := NUMBER | NUMBER_NAME

Names (per graph), in every game:

================  ===========================================================
``placer_wins``   true if some placement wins for the placer (D is not empty)
``mover_wins``    true if on some vertex the player to move wins (D is not all)
``n``             vertices (also ``vertices``)
``m``             edges (also ``edges``)
``winning``       winning placements, ``|D|`` (also ``winning_vertices``)
``losing``        the other vertices, ``n - |D|``
================  ===========================================================

and the values the game declares beyond ``n``, ``m`` and ``winning``
(:attr:`matchgame.Game.sweep_values`): the vertex game's ``matching_size``, the
size of a maximum matching.

>>> import numpy as np
>>> vertex_game_values = ("n", "m", "matching_size", "winning")
>>> where = parse_condition("matching_size >= 2 and not placer_wins", values=vertex_game_values)
>>> where.mask({"n": np.array([4, 4]), "m": np.array([2, 3]),
...             "matching_size": np.array([2, 1]), "winning": np.array([0, 4])}).tolist()
[True, False]
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core._validate import describe, plural, shorten
from ..errors import InvalidInputError, InvalidTypeError
from ..games.batches import BASE_VALUES

__all__ = ["FLAGS", "NUMBERS", "Condition", "parse_condition"]

Values = Mapping[str, npt.NDArray[np.int64]]
"""Per-graph arrays of a batch: ``n``, ``m``, ``winning`` and the game's own values."""

NUMBERS: dict[str, Callable[[Values], npt.NDArray[np.int64]]] = {
    "n": lambda v: v["n"],
    "vertices": lambda v: v["n"],
    "m": lambda v: v["m"],
    "edges": lambda v: v["m"],
    "winning": lambda v: v["winning"],
    "winning_vertices": lambda v: v["winning"],
    "losing": lambda v: v["n"] - v["winning"],
}
"""The names that stand for a number of each graph in every game (a game's own values
stand for themselves)."""

FLAGS: dict[str, Callable[[Values], npt.NDArray[np.bool_]]] = {
    "placer_wins": lambda v: v["winning"] > 0,
    "mover_wins": lambda v: v["winning"] < v["n"],
}
"""The names that stand for true or false of each graph."""

_COMPARISONS: dict[str, Callable[[Any, Any], Any]] = {
    "==": operator.eq,
    "!=": operator.ne,
    "<=": operator.le,
    ">=": operator.ge,
    "<": operator.lt,
    ">": operator.gt,
}
_TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z_]\w*)|(==|!=|<=|>=|<|>|\(|\))|(\S))")
_LONGEST_NUMBER = 18  # digits: every count fits int64
_LONGEST_CONDITION = 1000  # characters
_DEEPEST = 32  # parentheses and 'not's inside each other: the parser and masks recurse


@dataclass(frozen=True)
class _Token:
    text: str
    column: int  # 1-based
    kind: str  # "number", "name", "symbol", "end"


class _Node:
    """A node of a parsed condition."""

    def mask(self, values: Values) -> npt.NDArray[np.bool_]:
        raise NotImplementedError


@dataclass(frozen=True)
class _Join(_Node):
    word: str  # "and" or "or"
    parts: tuple[_Node, ...]  # flat: a chain of a hundred 'and's is one node, not a hundred

    def mask(self, values: Values) -> npt.NDArray[np.bool_]:
        join = np.logical_and if self.word == "and" else np.logical_or
        masks = [part.mask(values) for part in self.parts]
        joined: npt.NDArray[np.bool_] = join.reduce(np.broadcast_arrays(*masks), axis=0)
        return joined


@dataclass(frozen=True)
class _Not(_Node):
    inner: _Node

    def mask(self, values: Values) -> npt.NDArray[np.bool_]:
        return np.logical_not(self.inner.mask(values))


@dataclass(frozen=True)
class _Flag(_Node):
    name: str

    def mask(self, values: Values) -> npt.NDArray[np.bool_]:
        return FLAGS[self.name](values)


@dataclass(frozen=True)
class _Compare(_Node):
    comparison: str
    left: int | str  # a number, or a name of NUMBERS
    right: int | str

    def mask(self, values: Values) -> npt.NDArray[np.bool_]:
        def side(operand: int | str) -> npt.NDArray[np.int64] | int:
            if isinstance(operand, int):
                return operand
            number = NUMBERS.get(operand)
            return values[operand] if number is None else number(values)  # a game's own

        return np.asarray(_COMPARISONS[self.comparison](side(self.left), side(self.right)))


@dataclass(frozen=True)
class Condition:
    """A parsed condition (see the module doc): :meth:`mask` evaluates it on a batch.

    Plain data: it travels with a sweep's tasks to worker processes.
    """

    text: str
    tree: _Node

    def mask(self, values: Values) -> npt.NDArray[np.bool_]:
        """Which graphs of the batch meet the condition."""
        n_graphs = values["n"].shape[0]
        return np.broadcast_to(self.tree.mask(values), (n_graphs,)).astype(bool)


def parse_condition(
    text: str, name: str = "filter", values: tuple[str, ...] = BASE_VALUES, game: str = ""
) -> Condition:
    """Parse a condition on a sweep's answers (see the module doc): ``values``, the
    values the game gives per graph (its :attr:`~matchgame.Game.sweep_values`), whose
    names beyond ``n``, ``m`` and ``winning`` a condition may use too; ``game``, the
    game's title, for messages.

    Raises
    ------
    InvalidInputError
        Naming ``name``, the column of the bad token and what was expected there.
    InvalidTypeError
        If ``text`` is not a string.
    """
    if not isinstance(text, str):
        raise InvalidTypeError(
            f"{name} must be a string such as 'placer_wins', got {describe(text)}"
        )
    if len(text) > _LONGEST_CONDITION:
        raise InvalidInputError(
            f"{name} is "
            f"{plural(len(text), 'character', grouped=True)} long, more than {_LONGEST_CONDITION:,}"
        )
    parser = _Parser(text, name, tuple(v for v in values if v not in BASE_VALUES), game)
    tree = parser.condition()
    parser.expect_end()
    return Condition(text, tree)


class _Parser:
    """Reads tokens one at a time, so the first bad token in reading order is the one named."""

    def __init__(self, text: str, name: str, own: tuple[str, ...], game: str) -> None:
        self.text = text
        self.name = name
        self.own = own  # the game's own values
        self.game = game
        self.position = 0
        self.next: _Token | None = None
        self.depth = 0  # parentheses and 'not's open around the token read

    def _read(self) -> _Token:
        found = _TOKEN.match(self.text, self.position)
        if found is None:  # only blanks are left
            return _Token("", len(self.text) + 1, "end")
        self.position = found.end()
        number, word, symbol, other = found.groups()
        column = found.start(found.lastindex or 0) + 1
        if other is not None:
            hint = " ('==' compares)" if other == "=" else ""
            raise self.error(column, f"unexpected {shorten(other)}{hint}")
        if number is not None:
            if len(number) > _LONGEST_NUMBER:
                raise self.error(column, f"the number {shorten(number)} is too large")
            return _Token(number, column, "number")
        if word is not None:
            return _Token(word, column, "name")
        return _Token(symbol, column, "symbol")

    def error(self, column: int, what: str) -> InvalidInputError:
        return InvalidInputError(f"{self.name} {shorten(self.text, 60)}: column {column}: {what}")

    def peek(self) -> _Token:
        if self.next is None:
            self.next = self._read()
        return self.next

    def take(self) -> _Token:
        token = self.peek()
        self.next = None
        return token

    def expect_end(self) -> None:
        token = self.peek()
        if token.kind != "end":
            raise self.error(token.column, f"expected 'and', 'or' or the end, got {token.text!r}")

    def condition(self) -> _Node:
        parts = [self.conjunct()]
        while self.peek().text == "or":
            self.take()
            parts.append(self.conjunct())
        return parts[0] if len(parts) == 1 else _Join("or", tuple(parts))

    def conjunct(self) -> _Node:
        parts = [self.negation()]
        while self.peek().text == "and":
            self.take()
            parts.append(self.negation())
        return parts[0] if len(parts) == 1 else _Join("and", tuple(parts))

    def _deeper(self, token: _Token) -> None:
        self.depth += 1
        if self.depth > _DEEPEST:
            raise self.error(token.column, f"more than {_DEEPEST} levels of '(' and 'not'")

    def negation(self) -> _Node:
        token = self.peek()
        if token.text == "not":
            self.take()
            self._deeper(token)
            inner = self.negation()
            self.depth -= 1
            return _Not(inner)
        if token.text == "(":
            self.take()
            self._deeper(token)
            tree = self.condition()
            closing = self.take()
            if closing.text != ")":
                raise self.error(closing.column, f"expected ')', got {self._said(closing)}")
            self.depth -= 1
            return tree
        if token.kind == "name" and token.text in FLAGS:
            self.take()
            if self.peek().text in _COMPARISONS:
                raise self.error(
                    self.peek().column,
                    f"{token.text} is true or false: write {token.text} or not {token.text}",
                )
            return _Flag(token.text)
        left = self.operand()
        comparison = self.take()
        if comparison.text not in _COMPARISONS:
            if isinstance(left, str):
                raise self.error(
                    comparison.column,
                    f"{left} is a number: compare it (e.g. {left}>=1), got "
                    f"{self._said(comparison)}",
                )
            raise self.error(
                comparison.column, f"expected ==, !=, <, <=, > or >=, got {self._said(comparison)}"
            )
        right = self.operand()
        return _Compare(comparison.text, left, right)

    def operand(self) -> int | str:
        token = self.take()
        if token.kind == "number":
            return int(token.text)
        if token.kind == "name" and (token.text in NUMBERS or token.text in self.own):
            return token.text
        if token.kind == "name" and token.text in FLAGS:
            raise self.error(token.column, f"{token.text} is true or false, not a number")
        names = ", ".join(["placer_wins", "mover_wins", "n", "m", *self.own, "winning", "losing"])
        if token.kind == "name" and _is_some_games_value(token.text):
            game = f"{self.game} " if self.game else "this game "
            raise self.error(token.column, f"{game}has no {token.text} (its names: {names})")
        raise self.error(
            token.column, f"expected a name ({names}) or a number, got {self._said(token)}"
        )

    @staticmethod
    def _said(token: _Token) -> str:
        return "the end" if token.kind == "end" else repr(token.text)


def _is_some_games_value(name: str) -> bool:
    """Whether a game declares ``name`` among its values (another game than the one
    swept: the message then says the game has none)."""
    from ..games.contract import all_games  # here: only for a message

    return any(name in game.sweep_values for game in all_games())
