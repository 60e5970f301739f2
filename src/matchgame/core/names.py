"""How the vertices of a graph are named: the one place that converts.

Every :class:`~matchgame.Graph` carries a :class:`VertexNames` (``graph.names``).
Kernels and arrays speak in vertex ids ``0 .. n - 1``; people and the public API
speak in names:

- :class:`VertexIds`: the names are the ids themselves (graphs built from arrays
  or edge lists);
- :class:`NodeLabels`: any distinct hashables (a NetworkX graph's nodes);
- :class:`BoardCells`: ``(row, col)`` cells of a board, 0-based;
- :class:`FileIds`: the integers a file named its vertices by (a SNAP edge
  list's ids), written back as they were.

Text (files, the terminal, JSON answers) is 1-based: ``7`` for vertex id 6,
``3 5`` for the cell ``(2, 4)``. Only this module adds or removes that 1 (and a
graph read with its own ids prints those ids unchanged).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InvalidInputError, InvalidTypeError
from ._validate import as_int, describe, shorten

__all__ = [
    "BoardCells",
    "Cell",
    "FileIds",
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

    def json_value(self, v: int) -> int | list[int]:
        """The 1-based JSON form of vertex id ``v``: a number, or ``[row, col]``."""
        row = [int(x) for x in self.numbers([v])[0]]
        return row[0] if self.width == 1 else row

    def json_array(self, ids: npt.ArrayLike) -> npt.NDArray[np.int64]:
        """:meth:`json_value` of many ids at once, as an array that
        :func:`matchgame.writers.jsonstream.json_chunks` writes fast: numbers, or rows of
        ``[row, col]``."""
        numbers = self.numbers(ids)
        return numbers[:, 0] if self.width == 1 else numbers

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


class NodeLabels(VertexNames):
    """Vertices named by distinct hashables (a NetworkX graph's nodes); text is the
    1-based position of the label, as in the graph's edge list."""

    def __init__(self, labels: Sequence[Hashable]) -> None:
        self.labels = tuple(labels)
        self.n_vertices = len(self.labels)
        self._index = {label: i for i, label in enumerate(self.labels)}

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

    def label(self, v: int) -> str:
        text = str(self.labels[v])
        return text if len(text) <= 12 else text[:11] + "\N{HORIZONTAL ELLIPSIS}"

    def __repr__(self) -> str:
        return f"NodeLabels(<{self.n_vertices} labels>)"


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
