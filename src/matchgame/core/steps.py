"""How a game names its moves: the token's moves after the placement, each a *step*.

The first move of every game places the token on a vertex, named as the graph names
its vertices (:mod:`matchgame.core.names`). What names the moves after it is the
game's (:meth:`matchgame.Game.steps`), as python-chess's ``Move`` is a value every
face of a variant takes:

- :class:`VertexSteps`: a move is named by the vertex the token goes to. Every game in
  which that vertex says which move it is (the vertex, edge and directed games: a
  parallel edge is as good as its twin) names its moves so, and a step's id is that
  vertex's id;
- :class:`ArcSteps`: a move is named by the arc it travels, when parallel arcs are
  moves of their own: ``(tail, head, key)`` as NetworkX names the edges of a
  ``MultiDiGraph`` (``key`` counts the earlier arcs from ``tail`` to ``head``, from
  0), and a step's id is the arc's index.

Every face that shows, reads or stores a move (positions, records read and written,
play in the terminal and the browser, pictures, the test referee) asks these objects,
so a game whose moves are not "go to a vertex" changes no face. The text of an arc is
its ends' texts, then the key where the pair has parallel arcs (``2 3``, ``2 3 1``;
on a board ``1 2 1 3``); its JSON is ``[tail, head, key]``.
"""

from __future__ import annotations

from collections.abc import Container, Hashable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InvalidInputError, InvalidTypeError, MatchgameError
from ._validate import describe, shorten
from .names import VertexNames

__all__ = ["ArcSteps", "Steps", "VertexSteps"]


class Steps:
    """The names of a game's steps (see the module docstring): ids ``0 .. count - 1``,
    each reaching the vertex :meth:`head` gives.

    Attributes
    ----------
    names : VertexNames
        The vertices' names, which a step's name is made of.
    count : int
        How many step ids there are.
    noun : str
        What a step is called in messages (``"vertex"``, ``"cell"``, ``"arc"``).
    by_vertex : bool
        Whether a step is named by the vertex it reaches (its id is that vertex's).
    """

    names: VertexNames
    count: int
    noun: str
    by_vertex: bool

    def name(self, i: int) -> Hashable:
        """The name of step ``i`` (as the API takes and gives moves)."""
        raise NotImplementedError

    def names_of(self, ids: Sequence[int] | npt.NDArray[np.integer]) -> list[Hashable]:
        """The names of the steps ``ids``, in order."""
        return [self.name(int(i)) for i in ids]

    def find(
        self, name: Any, what: str = "move", error: type[MatchgameError] = InvalidInputError
    ) -> int:
        """The id of the step named ``name``.

        Raises
        ------
        MatchgameError
            ``error``, naming ``what``, if no step has that name.
        """
        raise NotImplementedError

    def text(self, i: int) -> str:
        """Step ``i`` as text (records, play, messages)."""
        raise NotImplementedError

    def parse(self, text: str, what: str = "move", taken: Container[int] = ()) -> int:
        """The id of the step written ``text`` (:meth:`text`'s form); where a text names
        several steps alike (an arc by its ends alone, among parallel arcs), the first
        not in ``taken``.

        Raises
        ------
        InvalidInputError
            If ``text`` names no step.
        """
        raise NotImplementedError

    def json_value(self, i: int) -> Any:
        """Step ``i`` as a JSON value (documents, the web app)."""
        raise NotImplementedError

    def from_json(self, value: Any, what: str = "move") -> int:
        """The id of the step a JSON value (or its text, as a string) names.

        Raises
        ------
        InvalidInputError
            If ``value`` names no step.
        """
        raise NotImplementedError

    def head(self, i: int) -> int:
        """The vertex id step ``i`` takes the token to."""
        raise NotImplementedError

    def heads(self, ids: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """The vertex ids the steps ``ids`` take the token to."""
        return np.array([self.head(int(i)) for i in ids], dtype=np.int64)


class VertexSteps(Steps):
    """Steps named by the vertex the token goes to: a step's id is that vertex's id, its
    name, text and JSON the vertex's (:class:`~matchgame.core.names.VertexNames`).

    >>> from matchgame.core.names import VertexIds
    >>> steps = VertexSteps(VertexIds(3))
    >>> steps.name(2), steps.text(2), steps.parse("3"), steps.head(2)
    (2, '3', 2, 2)
    """

    by_vertex = True

    def __init__(self, names: VertexNames) -> None:
        self.names = names
        self.count = names.n_vertices
        self.noun = names.noun

    def name(self, i: int) -> Hashable:
        return self.names.name(i)

    def names_of(self, ids: Sequence[int] | npt.NDArray[np.integer]) -> list[Hashable]:
        return self.names.names(np.asarray(ids, dtype=np.int64))

    def find(
        self, name: Any, what: str = "move", error: type[MatchgameError] = InvalidInputError
    ) -> int:
        return self.names.vertex(name, what, error)

    def text(self, i: int) -> str:
        return self.names.text(i)

    def parse(self, text: str, what: str = "move", taken: Container[int] = ()) -> int:
        return self.names.parse(text, what)

    def json_value(self, i: int) -> Any:
        return self.names.json_value(i)

    def from_json(self, value: Any, what: str = "move") -> int:
        return self.names.from_json(value, what)

    def head(self, i: int) -> int:
        return i

    def heads(self, ids: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        return np.asarray(ids, dtype=np.int64)


class ArcSteps(Steps):
    """Steps named by the arc the token travels, ``(tail, head, key)``: the arcs
    ``tails[i] -> heads[i]`` in their order (step ``i`` is arc ``i``), ``key`` the
    number of earlier arcs with the same ends, as NetworkX keys a ``MultiDiGraph``.

    >>> from matchgame.core.names import VertexIds
    >>> steps = ArcSteps(VertexIds(3), [0, 0, 1], [1, 1, 2])
    >>> steps.name(1), steps.text(1), steps.text(2), steps.parse("1 2 1"), steps.head(2)
    ((0, 1, 1), '1 2 1', '2 3', 1, 2)
    >>> steps.parse("1 2"), steps.parse("1 2", taken={0})  # by its ends: a copy not taken
    (0, 1)
    >>> steps.from_json([1, 2, 0]), steps.json_value(2)  # JSON names vertices 1-based
    (0, [2, 3, 0])
    """

    by_vertex = False
    noun = "arc"

    def __init__(self, names: VertexNames, tails: npt.ArrayLike, heads: npt.ArrayLike) -> None:
        self.names = names
        self.tails = np.asarray(tails, dtype=np.int64)
        self.arc_heads = np.asarray(heads, dtype=np.int64)
        self.count = int(self.tails.shape[0])
        # the arcs grouped by their ends, each group's in order: arc (pair, key) is
        # the key-th of its group (one sort, then binary searches: no per-arc loop)
        pairs = self.tails * max(names.n_vertices, 1) + self.arc_heads
        self._by_pair = np.argsort(pairs, kind="stable")
        self._pairs = pairs[self._by_pair]
        starts = np.searchsorted(self._pairs, pairs, side="left")
        keys = np.empty(self.count, dtype=np.int64)
        keys[self._by_pair] = np.arange(self.count) - starts[self._by_pair]
        self.keys = keys

    def _group(self, tail: int, head: int) -> tuple[int, int]:
        """Where the arcs ``tail -> head`` lie among the arcs grouped by their ends."""
        pair = tail * max(self.names.n_vertices, 1) + head
        return (
            int(self._pairs.searchsorted(pair, side="left")),
            int(self._pairs.searchsorted(pair, side="right")),
        )

    def _id(self, tail: int, head: int, key: int) -> int | None:
        start, stop = self._group(tail, head)
        return int(self._by_pair[start + key]) if 0 <= key < stop - start else None

    def parallel(self, i: int) -> list[int]:
        """The ids of the arcs with the same ends as arc ``i`` (``i`` among them), in
        order."""
        start, stop = self._group(int(self.tails[i]), int(self.arc_heads[i]))
        found: list[int] = self._by_pair[start:stop].tolist()
        return found

    def name(self, i: int) -> Hashable:
        names = self.names
        return (
            names.name(int(self.tails[i])),
            names.name(int(self.arc_heads[i])),
            int(self.keys[i]),
        )

    def find(
        self, name: Any, what: str = "move", error: type[MatchgameError] = InvalidInputError
    ) -> int:
        if not isinstance(name, tuple | list) or len(name) not in (2, 3):
            raise InvalidTypeError(
                f"{what} must be an arc (tail, head) or (tail, head, key), got {describe(name)}"
            )
        tail = self.names.vertex(name[0], f"{what}'s tail", error)
        head = self.names.vertex(name[1], f"{what}'s head", error)
        key = name[2] if len(name) == 3 else 0
        if isinstance(key, bool) or not isinstance(key, int | np.integer):
            raise InvalidTypeError(f"{what}'s key must be an int, got {describe(key)}")
        found = self._id(tail, head, int(key))
        if found is None:
            raise error(f"{what} {shorten(tuple(name))}: no such arc")
        return found

    def text(self, i: int) -> str:
        tail, head = int(self.tails[i]), int(self.arc_heads[i])
        text = f"{self.names.text(tail)} {self.names.text(head)}"
        start, stop = self._group(tail, head)
        return text if stop - start == 1 else f"{text} {int(self.keys[i])}"

    def parse(self, text: str, what: str = "move", taken: Container[int] = ()) -> int:
        words = text.split()
        # the ends' texts split anywhere the names read them (a cell is two words),
        # then an optional key
        for key_words in (0, 1):
            body, key_text = (
                (words, "0") if not key_words else (words[:-1], words[-1] if words else "")
            )
            if key_words and not key_text.isdigit():
                continue
            for cut in range(1, len(body)):
                try:
                    tail = self.names.parse(" ".join(body[:cut]), what)
                    head = self.names.parse(" ".join(body[cut:]), what)
                except MatchgameError:
                    continue
                found = self._id(tail, head, int(key_text))
                if found is not None and not key_words:  # by its ends: a copy not taken
                    return next((i for i in self.parallel(found) if i not in taken), found)
                if found is not None:
                    return found
        raise InvalidInputError(
            f"{what} {shorten(text.strip())}: no such arc (write its tail, its head, and its "
            "key among parallel arcs)"
        )

    def json_value(self, i: int) -> Any:
        names = self.names
        return [
            names.json_value(int(self.tails[i])),
            names.json_value(int(self.arc_heads[i])),
            int(self.keys[i]),
        ]

    def from_json(self, value: Any, what: str = "move") -> int:
        if isinstance(value, str):
            return self.parse(value, what)
        if not isinstance(value, list) or len(value) not in (2, 3):
            raise InvalidInputError(
                f"{what}: expected an arc [tail, head, key], got {describe(value)}"
            )
        tail = self.names.from_json(value[0], f"{what}'s tail")
        head = self.names.from_json(value[1], f"{what}'s head")
        key = value[2] if len(value) == 3 else 0
        if isinstance(key, bool) or not isinstance(key, int):
            raise InvalidInputError(f"{what}'s key must be an integer, got {describe(key)}")
        found = self._id(tail, head, key)
        if found is None:
            raise InvalidInputError(f"{what} {shorten(value)}: no such arc")
        return found

    def head(self, i: int) -> int:
        return int(self.arc_heads[i])

    def heads(self, ids: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        return self.arc_heads[np.asarray(ids, dtype=np.int64)]
