"""How a position names its vertices and its moves, one conversion for every game.

:class:`MoveNames` is the part of :class:`~matchgame.games.positions.BasePosition`
that turns ids into names and back: a placement names a vertex (fast paths for ids
and board cells, the names' own checks else), and a move after it is named as the
game's steps name it (``matchgame.core.steps``: by the vertex it reaches, or by
the arc it travels).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core.names import BoardCells, VertexIds, VertexNames
from ..core.steps import Steps, VertexSteps
from ..errors import IllegalMoveError

__all__ = ["MoveNames"]

_IDS, _CELLS, _LABELS = 0, 1, 2  # how a position's vertices are named


class MoveNames:
    """Names of vertices and moves for a position (set once by ``_set_naming``)."""

    _names: VertexNames
    _steps: Steps
    _n: int
    _token: int | None
    _kind: int
    _rows: int
    _cols: int

    @property
    def names(self) -> VertexNames:
        """How the vertices are named."""
        return self._names

    def _set_naming(self, names: VertexNames, steps: Steps | None = None) -> None:
        """How ids and names convert, bound once for the fast paths below; ``steps``:
        how the moves after the placement are named (None: by the vertex they reach)."""
        self._names = names
        self._steps = VertexSteps(names) if steps is None else steps
        self._n = names.n_vertices
        if isinstance(names, BoardCells):
            self._kind = _CELLS
            self._rows, self._cols = names.shape
            self._vertex_of_cell = names.vertex_of_cell
            self._cell_of_vertex = names.cell_of_vertex
        else:
            self._kind = _IDS if isinstance(names, VertexIds) else _LABELS

    def _id_of(self, name: Any) -> int:
        if self._kind == _IDS:
            if type(name) is int and 0 <= name < self._n:
                return name
        elif self._kind == _CELLS and type(name) is tuple and len(name) == 2:
            row, col = name
            if (
                type(row) is int
                and type(col) is int
                and 0 <= row < self._rows
                and 0 <= col < self._cols
            ):
                v = int(self._vertex_of_cell[row * self._cols + col])
                if v >= 0:
                    return v
        return self._names.vertex(name, self._names.noun, IllegalMoveError)

    def _name(self, v: int | None) -> Hashable | None:
        if v is None:
            return None
        if self._kind == _IDS:
            return v
        if self._kind == _CELLS:
            return divmod(int(self._cell_of_vertex[v]), self._cols)
        return self._names.name(v)

    def _names_of(self, ids: list[int]) -> list[Hashable]:
        if self._kind == _IDS:
            return list(ids)  # a copy: the caller may change it
        if self._kind == _CELLS:
            cols, cell_of_vertex = self._cols, self._cell_of_vertex
            return [divmod(int(cell_of_vertex[v]), cols) for v in ids]
        return self._names.names(np.asarray(ids, dtype=np.int64))

    # -- moves: a placement names a vertex, a step what the game's steps name ------------

    def _move_names(self, ids: list[int], placement: bool) -> list[Hashable]:
        """The names of move ids: vertices for a placement, the game's steps else."""
        if placement or self._steps.by_vertex:
            return self._names_of(ids)
        return self._steps.names_of(ids)

    def _move_name(self, i: int | None, placement: bool) -> Hashable | None:
        if i is None:
            return None
        if placement or self._steps.by_vertex:
            return self._name(i)
        return self._steps.name(i)

    def _move_id(self, name: Any) -> int:
        """The id of the move named ``name`` now (a placement while no token is down)."""
        if self._token is None or self._steps.by_vertex:
            return self._id_of(name)
        return self._steps.find(name, "move", IllegalMoveError)

    def move_text(self, name: Any, placement: bool | None = None) -> str:
        """The text of the move named ``name`` (``2 3``; an arc's ends and key): a
        placement (a vertex) or a step, by default as the position stands now.

        Raises
        ------
        InvalidInputError, InvalidTypeError
            If ``name`` names no such move.
        """
        if placement is None:
            placement = self._token is None
        if placement or self._steps.by_vertex:
            return self._names.text(self._names.vertex(name, "move"))
        return self._steps.text(self._steps.find(name, "move"))

    def move_json(self, name: Any, placement: bool | None = None) -> Any:
        """The JSON value of the move named ``name`` (``[3, 5]``, ``7``, ``"a"``, an arc
        ``[2, 3, 0]``: what :meth:`move_from_json` reads): a placement (a vertex) or a
        step, by default as the position stands now.

        Raises
        ------
        InvalidInputError, InvalidTypeError
            If ``name`` names no such move.
        """
        if placement is None:
            placement = self._token is None
        if placement or self._steps.by_vertex:
            return self._names.json_value(self._names.vertex(name, "move"))
        return self._steps.json_value(self._steps.find(name, "move"))

    def move_json_array(self, ids: Sequence[int] | npt.NDArray[np.integer]) -> Any:
        """The JSON values of move ids as the position stands now (vertex ids while the
        token is not placed): an array of numbers or rows where moves are vertices (a
        document's writer writes it fast), else a list."""
        if self._token is None or self._steps.by_vertex:
            return self._names.json_array(np.asarray(ids, dtype=np.int64))
        return [self._steps.json_value(int(i)) for i in ids]

    def move_from_json(self, value: Any, what: str = "move") -> int:
        """The id of the move a JSON value names (a placement's vertex, or a step as the
        game writes it: ``[3, 5]``, ``7``, ``"a"``, an arc ``[2, 3, 0]``), as the position
        stands now; a string is read as typed text.

        Raises
        ------
        InvalidInputError
            If ``value`` names no such move.
        """
        if self._token is None or self._steps.by_vertex:
            return self._names.from_json(value, what)
        return self._steps.from_json(value, what)

    def read_move(self, text: str) -> Hashable:
        """The move written ``text``, as the position stands now, by name (not checked
        legal: :meth:`parse_move` checks).

        Raises
        ------
        InvalidInputError
            If ``text`` names no vertex (no step).
        """
        if self._token is None or self._steps.by_vertex:
            return self._names.name(self._names.parse(text.strip(), "move"))
        return self._steps.name(self._steps.parse(text.strip(), "move"))

    @property
    def steps(self) -> Steps:
        """How the moves after the placement are named (by the vertex they reach in
        every game whose moves a vertex determines; by arc where parallel arcs are
        moves of their own): ``matchgame.core.steps``."""
        return self._steps
