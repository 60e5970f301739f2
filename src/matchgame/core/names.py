"""How the vertices of a graph are named: the one place that converts.

Every :class:`~matchgame.Graph` carries a :class:`VertexNames` (``graph.names``).
Kernels and arrays speak in vertex ids ``0 .. n - 1``; people and the public API
speak in names:

- :class:`VertexIds`: the names are the ids themselves (graphs built from arrays,
  matchgame's own edge lists, graph6 and sparse6 lines); text ``1 .. n``;
- :class:`FileNumbers`: the numbers ``1 .. n`` a file gave its vertices (METIS,
  DIMACS, Matrix Market), names and text alike;
- :class:`FileIds`: the integers a file named its vertices by (a SNAP edge
  list's ids), names and text alike;
- :class:`NodeLabels`: any distinct hashables (a NetworkX graph's nodes, the
  node ids of a GraphML or GML file), written as the labels themselves;
- :class:`BoardCells`: ``(row, col)`` cells of a board, 0-based; text
  ``row col`` 1-based.

So a graph read from a file with its own names is answered in them everywhere:
text (answers, ``explain``, typed moves), JSON and pictures. The rule, in one
place (the documentation's "Vertex names" section quotes it):

- **text**: a cell is ``row col`` (1-based), a number is itself (``7``), a label
  is ``str(label)``; a label whose text is empty, has blanks at either end or any
  character that is not printable (a line break, a tab) is written as a JSON
  string (``"a\\tb"``), so that every vertex is one line, read back as written;
  a label with blanks inside (``New York``) is written as it is (quote it on a
  command line);
- **JSON**: a cell is ``[row, col]`` (1-based), a number a number; a label that is
  an integer a number, a string label that string, any other label (a tuple) its
  text as a string;
- reading back takes what was written: :meth:`VertexNames.parse` the text,
  :meth:`VertexNames.from_json` the JSON value (or the text as a string). Two labels
  with the same text (``1`` and ``"1"`` in one NetworkX graph) cannot be told
  apart in text: reading that text is refused as ambiguous.

Only this module adds or removes the 1 of the 1-based forms.
"""

from __future__ import annotations

import json
import operator
from collections.abc import Hashable, Iterator, Sequence
from numbers import Integral
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InvalidInputError, InvalidTypeError
from ._validate import as_int, describe, shorten

__all__ = [
    "BoardCells",
    "Cell",
    "FileIds",
    "FileNumbers",
    "NodeLabels",
    "VertexIds",
    "VertexNames",
    "as_cell",
]

Cell = tuple[int, int]
"""A cell as ``(row, col)``, 0-based in the Python API."""


def as_cell(cell: Any, name: str = "cell") -> Cell:
    """``cell`` as a pair of Python ints (no range check)."""
    try:
        if isinstance(cell, str | bytes) or not isinstance(cell, Sequence | np.ndarray):
            raise TypeError
        row, col = cell
    except (TypeError, ValueError):
        raise InvalidTypeError(
            f"{name} must be a (row, col) pair of integers, got {describe(cell)}"
        ) from None
    return as_int(row, f"{name}[0]"), as_int(col, f"{name}[1]")


class VertexNames:
    """The names of a graph's vertices, and their 1-based text form.

    Subclasses say what a name is; all of them number vertices ``0 .. n - 1``.
    """

    n_vertices: int
    #: the word used for a vertex in messages ("vertex", "cell")
    noun = "vertex"
    #: whether the text form is integers (:meth:`numbers`); False for labels
    numeric = True

    def __len__(self) -> int:
        return self.n_vertices

    def __iter__(self) -> Iterator[Hashable]:
        """The names in vertex order: ``list(graph.names)``."""
        return iter(self.names(np.arange(self.n_vertices)))

    def __contains__(self, name: object) -> bool:
        """Whether ``name`` names a vertex (a wrong kind of name names none)."""
        try:
            self.vertex(name)
        except (InvalidInputError, InvalidTypeError):
            return False
        return True

    def name(self, v: int) -> Hashable:
        """The name of vertex id ``v`` (no range check: ids come from the library)."""
        raise NotImplementedError

    def names(self, ids: npt.ArrayLike) -> list[Hashable]:
        """The names of an array of vertex ids, in order."""
        return [self.name(int(v)) for v in np.asarray(ids).reshape(-1)]

    def vertex(
        self, name: Any, what: str = "vertex", error: type[Exception] = InvalidInputError
    ) -> int:
        """The id of the vertex named ``name``; ``error`` if there is none.

        A wrong kind of name (e.g. a string for a cell) raises InvalidTypeError.
        """
        raise NotImplementedError

    def numbers(self, ids: npt.ArrayLike) -> npt.NDArray[np.int64]:
        """1-based text numbers of vertex ids: shape ``(k, width)`` (see :attr:`width`)."""
        return np.asarray(ids, dtype=np.int64).reshape(-1, 1) + 1

    #: integers in the text form of one vertex (1 for a vertex number, 2 for a cell)
    width = 1

    def text(self, v: int) -> str:
        """The 1-based text form of vertex id ``v``, e.g. ``7`` or ``3 5``."""
        return " ".join(str(int(x)) for x in self.numbers([v])[0])

    def label(self, v: int) -> str:
        """How vertex ``v`` is labelled in pictures: its name as people wrote it (a
        NetworkX graph's node, shortened), else its 1-based text form."""
        return self.text(v)

    def json_value(self, v: int) -> Any:
        """The JSON form of vertex id ``v``: a number, ``[row, col]`` (1-based), or a
        label (see the module's rule)."""
        row = [int(x) for x in self.numbers([v])[0]]
        return row[0] if self.width == 1 else row

    def json_array(self, ids: npt.ArrayLike) -> npt.NDArray[np.int64] | list[Any]:
        """:meth:`json_value` of many ids at once, as an array that
        :func:`matchgame.writers.jsonstream.json_chunks` writes fast: numbers, or rows of
        ``[row, col]`` (labels: a list of their JSON values)."""
        numbers = self.numbers(ids)
        return numbers[:, 0] if self.width == 1 else numbers

    def json_pairs(self, pairs: npt.ArrayLike) -> npt.NDArray[np.int64] | list[Any]:
        """:meth:`json_value` of ``(k, 2)`` pairs of ids (a matching): an array of
        rows ``[u, v]`` (``[row1, col1, row2, col2]`` on a board), or a list of pairs."""
        flat = np.asarray(pairs, dtype=np.int64).reshape(-1)
        written = self.json_array(flat)
        if isinstance(written, np.ndarray):
            return written.reshape(-1, 2 * self.width)
        return [list(pair) for pair in zip(written[0::2], written[1::2], strict=True)]

    def texts(self, ids: npt.ArrayLike) -> list[str]:
        """:meth:`text` of many ids at once."""
        return [" ".join(map(str, row)) for row in self.numbers(ids).tolist()]

    def from_json(self, value: Any, what: str = "vertex") -> int:
        """The vertex id of the JSON form ``value`` (as :meth:`json_value` writes it),
        or of its text form given as a string (as :meth:`parse` reads it).

        Raises
        ------
        InvalidInputError
            If ``value`` names no vertex.
        """
        if isinstance(value, str):
            return self.parse(value, what)
        parts = value if isinstance(value, list) else [value]
        if len(parts) != self.width or not all(
            isinstance(x, int) and not isinstance(x, bool) for x in parts
        ):
            form = "a vertex number" if self.width == 1 else "[ROW, COL]"
            raise InvalidInputError(f"{what}: expected {form}, got {shorten(value)}")
        return self._vertex_of_numbers(parts, " ".join(map(str, parts)), what)

    def parse(self, text: str, what: str = "move") -> int:
        """The vertex id of the 1-based text form ``text`` (e.g. a typed move).

        Raises
        ------
        InvalidInputError
            If ``text`` is not ``width`` positive integers naming a vertex.
        """
        parts = text.split()
        if len(parts) != self.width or not all(p.isascii() and p.isdigit() for p in parts):
            form = "a vertex number" if self.width == 1 else "ROW COL (two numbers)"
            raise InvalidInputError(f"{what} {shorten(text)}: expected {form}")
        values = [int(p) for p in parts]
        return self._vertex_of_numbers(values, text, what)

    def _vertex_of_numbers(self, values: list[int], text: str, what: str) -> int:
        v = values[0] - 1
        if not 0 <= v < self.n_vertices:
            raise InvalidInputError(
                f"{what} {text}: no vertex {text} (vertices 1..{self.n_vertices})"
            )
        return v

    def describe(self, v: int) -> str:
        """``vertex 7`` or ``cell 3 5``: vertex id ``v`` in messages (1-based)."""
        return f"{self.noun} {self.text(v)}"

    def positions(self) -> npt.NDArray[np.float64] | None:
        """Drawing coordinates ``(n, 2)`` as (x, y), y downwards; None when the
        names carry no geometry (a layout must be computed)."""
        return None


class VertexIds(VertexNames):
    """Vertices named by their ids ``0 .. n - 1``; text ``1 .. n``."""

    def __init__(self, n_vertices: int) -> None:
        self.n_vertices = int(n_vertices)

    def name(self, v: int) -> int:
        return int(v)

    def names(self, ids: npt.ArrayLike) -> list[Hashable]:
        return np.asarray(ids).reshape(-1).tolist()

    def vertex(
        self, name: Any, what: str = "vertex", error: type[Exception] = InvalidInputError
    ) -> int:
        v = as_int(name, what)
        if not 0 <= v < self.n_vertices:
            n = self.n_vertices
            ids = f"ids 0..{n - 1}" if n else "it has no vertices"
            raise error(f"{what} = {v} is not in the graph ({ids})")
        return v

    def __repr__(self) -> str:
        return f"VertexIds({self.n_vertices})"


class FileNumbers(VertexNames):
    """Vertices named by the numbers ``1 .. n`` their file gave them (METIS, DIMACS,
    Matrix Market): vertex id ``v`` is named ``v + 1`` in the API as in text.

    >>> names = FileNumbers(3)
    >>> names.name(0), names.text(2), names.vertex(3), list(names)
    (1, '3', 2, [1, 2, 3])
    """

    def __init__(self, n_vertices: int) -> None:
        self.n_vertices = int(n_vertices)

    def name(self, v: int) -> int:
        return int(v) + 1

    def names(self, ids: npt.ArrayLike) -> list[Hashable]:
        numbers: list[int] = (np.asarray(ids, dtype=np.int64).reshape(-1) + 1).tolist()
        return list(numbers)

    def vertex(
        self, name: Any, what: str = "vertex", error: type[Exception] = InvalidInputError
    ) -> int:
        number = as_int(name, what)
        if not 1 <= number <= self.n_vertices:
            n = self.n_vertices
            numbers = f"vertices 1..{n}" if n else "it has no vertices"
            raise error(f"{what} = {number} is not in the graph ({numbers})")
        return number - 1

    def __repr__(self) -> str:
        return f"FileNumbers({self.n_vertices})"


class NodeLabels(VertexNames):
    """Vertices named by distinct hashables (a NetworkX graph's nodes, a GraphML or
    GML file's node ids), written as the labels themselves (see the module's rule).

    >>> names = NodeLabels(["a", 7, ("x", 1), "New York", ""])
    >>> names.texts(range(5))
    ['a', '7', "('x', 1)", 'New York', '""']
    >>> names.json_array(range(5))
    ['a', 7, "('x', 1)", 'New York', '']
    >>> names.parse("New York"), names.parse('""'), names.from_json(7), names.from_json("7")
    (3, 4, 1, 1)
    """

    numeric = False

    def __init__(self, labels: Sequence[Hashable]) -> None:
        self.labels = tuple(labels)
        self.n_vertices = len(self.labels)
        self._index = {label: i for i, label in enumerate(self.labels)}
        self._by_text: dict[str, int] | None = None  # text -> id, -1 when two share it
        self._integers: npt.NDArray[np.int64] | None = None  # the labels, all integers
        self._integers_known = False

    def name(self, v: int) -> Hashable:
        return self.labels[v]

    def names(self, ids: npt.ArrayLike) -> list[Hashable]:
        labels = self.labels
        return [labels[v] for v in np.asarray(ids).reshape(-1).tolist()]

    def vertex(
        self, name: Any, what: str = "vertex", error: type[Exception] = InvalidInputError
    ) -> int:
        try:
            return self._index[name]
        except TypeError:
            raise InvalidTypeError(f"{what} must be a node name, got {describe(name)}") from None
        except KeyError:
            raise error(f"{what} {shorten(name)} is not a node of the graph") from None

    def numbers(self, ids: npt.ArrayLike) -> npt.NDArray[np.int64]:
        """The 1-based positions of the labels (labels have no numbers of their own):
        what matchgame's edge list of the graph calls them."""
        return np.asarray(ids, dtype=np.int64).reshape(-1, 1) + 1

    def text(self, v: int) -> str:
        return label_text(self.labels[v])

    def texts(self, ids: npt.ArrayLike) -> list[str]:
        return [label_text(label) for label in self.names(ids)]

    def json_value(self, v: int) -> Any:
        return _label_json(self.labels[v])

    def json_array(self, ids: npt.ArrayLike) -> npt.NDArray[np.int64] | list[Any]:
        integers = self._integer_labels()
        if integers is not None:  # all labels are integers: an array, written fast
            return integers[np.asarray(ids, dtype=np.int64).reshape(-1)]
        return [_label_json(label) for label in self.names(ids)]

    def _integer_labels(self) -> npt.NDArray[np.int64] | None:
        """The labels as an int64 array when every one is an integer that fits, else None."""
        if not self._integers_known:
            labels: tuple[Any, ...] = self.labels
            integers = [operator.index(x) for x in labels if _is_integer(x)]
            fits = len(integers) == self.n_vertices and all(-(2**62) < x < 2**62 for x in integers)
            self._integers = np.array(integers, dtype=np.int64) if fits else None
            self._integers_known = True
        return self._integers

    def parse(self, text: str, what: str = "move") -> int:
        """The vertex id of the label written ``text`` (surrounding blanks ignored).

        Raises
        ------
        InvalidInputError
            If no label, or more than one, is written ``text``.
        """
        if self._by_text is None:
            by_text: dict[str, int] = {}
            for i, label in enumerate(self.labels):
                written = label_text(label)
                by_text[written] = -1 if written in by_text else i
            self._by_text = by_text
        typed = text.strip()
        v = self._by_text.get(typed)
        if v is None:
            shown = ", ".join(label_text(label) for label in self.labels[:3])
            more = ", ..." if self.n_vertices > 3 else ""
            raise InvalidInputError(
                f"{what} {shorten(typed)}: no vertex is named so (the graph names its "
                f"vertices {shown}{more})"
                if self.n_vertices
                else f"{what} {shorten(typed)}: the graph has no vertices"
            )
        if v < 0:
            raise InvalidInputError(
                f"{what} {shorten(typed)}: two vertices are written so (labels of different "
                "types with the same text); name them through the Python API"
            )
        return v

    def from_json(self, value: Any, what: str = "vertex") -> int:
        if isinstance(value, str) and value in self._index:  # a string label, as written
            return self._index[value]
        if _is_integer(value) and value in self._index:
            v = self._index[value]
            if _is_integer(self.labels[v]):  # 1 is no name of the label 1.0 or True
                return v
        if isinstance(value, str):  # a label's text (a tuple's, a quoted one)
            return self.parse(value, what)
        raise InvalidInputError(f"{what}: {shorten(value)} is not a node of the graph")

    def label(self, v: int) -> str:
        text = str(self.labels[v])
        return text if len(text) <= 12 else text[:11] + "\N{HORIZONTAL ELLIPSIS}"

    def __repr__(self) -> str:
        return f"NodeLabels(<{self.n_vertices} labels>)"


def _is_integer(value: Any) -> bool:
    return isinstance(value, Integral) and not isinstance(value, bool | np.bool_)


def label_text(label: Hashable) -> str:
    """How a label is written in text: ``str(label)``, or that as a JSON string when it
    is empty, has blanks at either end or a character that is not printable.

    >>> label_text("a"), label_text(3), label_text("a b"), label_text(" a"), label_text("a\\nb")
    ('a', '3', 'a b', '" a"', '"a\\\\nb"')
    """
    text = str(label)
    if text and text.isprintable() and text == text.strip():
        return text
    return json.dumps(text, ensure_ascii=False)


def _label_json(label: Any) -> Any:
    """A label's JSON value: an integer as a number, a string as itself, else its text."""
    if _is_integer(label):
        return operator.index(label)
    if isinstance(label, str):
        return label
    return label_text(label)


class FileIds(VertexNames):
    """Vertices named by the non-negative integers a file used (a SNAP edge list's
    ids, 0-based or sparse): vertex ``k`` is the ``k``-th smallest id, and text and
    JSON show the id itself, so answers speak the file's language.

    >>> names = FileIds(np.array([0, 7, 42]))
    >>> names.name(1), names.text(2), names.vertex(42), names.parse("7")
    (7, '42', 2, 1)
    """

    def __init__(self, ids: npt.NDArray[np.int64]) -> None:
        self.ids = np.ascontiguousarray(ids, dtype=np.int64)  # sorted, distinct
        self.ids.setflags(write=False)
        self.n_vertices = int(self.ids.shape[0])

    def name(self, v: int) -> int:
        return int(self.ids[v])

    def names(self, ids: npt.ArrayLike) -> list[Hashable]:
        names: list[Hashable] = self.ids[np.asarray(ids, dtype=np.int64).reshape(-1)].tolist()
        return names

    def numbers(self, ids: npt.ArrayLike) -> npt.NDArray[np.int64]:
        return self.ids[np.asarray(ids, dtype=np.int64).reshape(-1)].reshape(-1, 1)

    def _index(self, file_id: int) -> int:
        """The vertex of ``file_id``, or -1."""
        k = int(np.searchsorted(self.ids, file_id))
        return k if k < self.n_vertices and int(self.ids[k]) == file_id else -1

    def vertex(
        self, name: Any, what: str = "vertex", error: type[Exception] = InvalidInputError
    ) -> int:
        file_id = as_int(name, what)
        v = self._index(file_id)
        if v < 0:
            raise error(f"{what} {file_id} is not a vertex of the graph")
        return v

    def _vertex_of_numbers(self, values: list[int], text: str, what: str) -> int:
        v = self._index(values[0])
        if v < 0:
            raise InvalidInputError(f"{what} {text}: no vertex {text} in the file's ids")
        return v

    def __repr__(self) -> str:
        return f"FileIds(<{self.n_vertices} ids>)"


class BoardCells(VertexNames):
    """Vertices named by the free cells ``(row, col)`` of a board, 0-based; text
    ``row col`` 1-based. Ids follow row-major order.

    ``moves`` is the rule the graph was built with; on ``"hex"`` boards odd rows
    are drawn half a cell to the right.
    """

    noun = "cell"
    width = 2

    def __init__(
        self,
        shape: tuple[int, int],
        cell_of_vertex: npt.NDArray[np.int32],
        vertex_of_cell: npt.NDArray[np.int32],
        moves: str = "orthogonal",
    ) -> None:
        self.shape = (int(shape[0]), int(shape[1]))
        self.cell_of_vertex = cell_of_vertex
        self.vertex_of_cell = vertex_of_cell
        self.moves = moves
        self.n_vertices = int(cell_of_vertex.shape[0])

    def name(self, v: int) -> tuple[int, int]:
        row, col = divmod(int(self.cell_of_vertex[v]), self.shape[1])
        return row, col

    def cells(self, ids: npt.ArrayLike) -> npt.NDArray[np.int64]:
        """0-based ``(k, 2)`` rows and columns of vertex ids."""
        flat = self.cell_of_vertex[np.asarray(ids, dtype=np.int64).reshape(-1)].astype(np.int64)
        return np.stack(np.divmod(flat, self.shape[1]), axis=1)

    def names(self, ids: npt.ArrayLike) -> list[Hashable]:
        return [(r, c) for r, c in self.cells(ids).tolist()]

    def numbers(self, ids: npt.ArrayLike) -> npt.NDArray[np.int64]:
        return self.cells(ids) + 1

    def vertex(
        self, name: Any, what: str = "cell", error: type[Exception] = InvalidInputError
    ) -> int:
        row, col = as_cell(name, what)
        n_rows, n_cols = self.shape
        if not (0 <= row < n_rows and 0 <= col < n_cols):
            raise error(f"{what} {(row, col)} is outside the {n_rows}x{n_cols} board")
        v = int(self.vertex_of_cell[row * n_cols + col])
        if v < 0:
            raise error(f"{what} {(row, col)} is blocked")
        return v

    def _vertex_of_numbers(self, values: list[int], text: str, what: str) -> int:
        row, col = values[0] - 1, values[1] - 1
        n_rows, n_cols = self.shape
        if not (0 <= row < n_rows and 0 <= col < n_cols):
            raise InvalidInputError(
                f"{what} {values[0]} {values[1]}: outside the {n_rows}x{n_cols} board"
            )
        v = int(self.vertex_of_cell[row * n_cols + col])
        if v < 0:
            raise InvalidInputError(f"{what} {values[0]} {values[1]}: the cell is blocked")
        return v

    def grid(self, values: npt.ArrayLike, fill: Any = False) -> np.ndarray:
        """Per-vertex ``values`` laid out as an ``(n_rows, n_cols)`` array; blocked
        cells get ``fill``."""
        values = np.asarray(values)
        out = np.full(self.shape[0] * self.shape[1], fill, dtype=values.dtype)
        out[self.cell_of_vertex] = values
        return out.reshape(self.shape)

    def positions(self) -> npt.NDArray[np.float64]:
        rc = self.cells(np.arange(self.n_vertices)).astype(np.float64)
        xy = rc[:, ::-1] + 0.5
        if self.moves == "hex":
            xy[:, 0] += 0.5 * (rc[:, 0] % 2)
        return xy

    def __repr__(self) -> str:
        return f"<BoardCells {self.shape[0]}x{self.shape[1]} {self.moves}>"
