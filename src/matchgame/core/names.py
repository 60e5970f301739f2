"""How the vertices of a graph are named: the one place that converts.

Every :class:`~matchgame.Graph` carries a :class:`VertexNames` (``graph.names``).
Kernels and arrays speak in vertex ids ``0 .. n - 1``; people and the public API
speak in names:

- :class:`VertexIds`: the names are the ids themselves (graphs built from arrays,
  matchgame's own edge lists, graph6 and sparse6 lines); text ``1 .. n``;
- :class:`FileNumbers`: the numbers ``1 .. n`` a file gave its vertices (METIS,
  DIMACS, Matrix Market), names and text alike;
- :class:`~matchgame.core.labels.FileIds`: the integers a file named its vertices
  by (a SNAP edge list's ids), names and text alike;
- :class:`~matchgame.core.labels.NodeLabels`: any distinct hashables (a NetworkX
  graph's nodes, the node ids of a GraphML or GML file), written as the labels
  themselves (their own module, :mod:`matchgame.core.labels`);
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

Only this module (and :mod:`matchgame.core.labels`, for names a file gave) adds or
removes the 1 of the 1-based forms.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InvalidInputError, InvalidTypeError
from ._validate import as_int, describe, shorten

__all__ = [
    "BoardCells",
    "Cell",
    "FileNumbers",
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
    #: the attributes the source gave each vertex, in vertex order (a NetworkX node's
    #: data, a GraphML or GML file's node attributes), or None when it gave none
    node_data: tuple[dict[str, Any], ...] | None = None

    def __len__(self) -> int:
        return self.n_vertices

    def _key(self) -> tuple[Any, ...]:
        """What two namings of the same kind must share to be equal."""
        return (self.n_vertices,)

    def __eq__(self, other: object) -> bool:
        """The same kind of names for the same vertices (graphs compare their names)."""
        if not isinstance(other, VertexNames):
            return NotImplemented
        return type(other) is type(self) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.n_vertices))

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

    def label(self, v: int, limit: int = 12) -> str:
        """How vertex ``v`` is labelled in pictures: its name as people wrote it (a
        NetworkX graph's node, shortened to ``limit`` characters), else its 1-based
        text form."""
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

    def _key(self) -> tuple[Any, ...]:
        cells = np.ascontiguousarray(self.cell_of_vertex, dtype=np.int64)
        return (self.shape, self.moves, cells.tobytes())

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
