"""Names a graph's vertices were given by its source: any hashable labels (a NetworkX
graph's nodes, a GraphML or GML file's node ids) and a file's integer ids (a SNAP
edge list's); the rest of the naming rule is :mod:`matchgame.core.names`'s.
"""

from __future__ import annotations

import json
import math
import operator
from collections.abc import Hashable, Mapping, Sequence
from numbers import Integral, Real
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InvalidInputError, InvalidTypeError
from ._validate import as_int, describe, plural, shorten
from .names import VertexNames

__all__ = ["FileIds", "NodeLabels", "label_text", "networkx_node_data", "networkx_nodes"]


class NodeLabels(VertexNames):
    """Vertices named by distinct hashables (a NetworkX graph's nodes, a GraphML or
    GML file's node ids), written as the labels themselves (see the module's rule);
    ``node_data``, the nodes' attributes (kept from a NetworkX graph or a file, given
    back by ``to_networkx`` and the graph files of verdicts), and their coordinates,
    when every node has ``x`` and ``y`` (:meth:`positions`).

    >>> names = NodeLabels(["a", 7, ("x", 1), "New York", ""])
    >>> names.texts(range(5))
    ['a', '7', "('x', 1)", 'New York', '""']
    >>> names.json_array(range(5))
    ['a', 7, "('x', 1)", 'New York', '']
    >>> names.parse("New York"), names.parse('""'), names.from_json(7), names.from_json("7")
    (3, 4, 1, 1)
    """

    numeric = False

    def _key(self) -> tuple[Any, ...]:
        return self.labels

    def __init__(
        self, labels: Sequence[Hashable], node_data: Sequence[dict[str, Any]] | None = None
    ) -> None:
        self.labels = tuple(labels)
        self.node_data = None if node_data is None else tuple(node_data)
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

    def label(self, v: int, limit: int = 12) -> str:
        text = str(self.labels[v])
        return text if len(text) <= limit else text[: limit - 1] + "\N{HORIZONTAL ELLIPSIS}"

    def positions(self) -> npt.NDArray[np.float64] | None:
        """The nodes' coordinates from their attributes, when every node has them:
        numbers ``x`` and ``y`` (GraphML from Gephi), ``graphics [ x y ]`` (GML from yEd)
        or a ``pos`` pair (NetworkX's geometric graphs); else None.

        >>> NodeLabels("ab", [{"x": 0, "y": 1.5}, {"graphics": {"x": 2, "y": 0}}]).positions()
        array([[0. , 1.5],
               [2. , 0. ]])
        >>> NodeLabels("ab", [{"x": 0, "y": 1}, {}]).positions() is None
        True
        """
        if self.node_data is None:
            return None
        xy = np.empty((self.n_vertices, 2), dtype=np.float64)
        for v, data in enumerate(self.node_data):
            point = _point(data)
            if point is None:
                return None
            xy[v] = point
        return xy

    def __repr__(self) -> str:
        return f"NodeLabels(<{plural(self.n_vertices, 'label')}>)"


def _point(data: Mapping[str, Any]) -> tuple[float, float] | None:
    """A node's coordinates from its attributes (see :meth:`NodeLabels.positions`)."""
    pairs: list[Any] = []
    for holder in (data, data.get("graphics")):
        if isinstance(holder, Mapping):
            pairs.append((holder.get("x"), holder.get("y")))
    pos = data.get("pos")
    if isinstance(pos, tuple | list | np.ndarray) and len(pos) == 2:
        pairs.append(tuple(pos))
    for x, y in pairs:
        if _coordinate(x) and _coordinate(y):
            return float(x), float(y)
    return None


def _coordinate(value: Any) -> bool:
    return isinstance(value, Real) and not isinstance(value, bool) and math.isfinite(value)


def networkx_node_data(graph: Any, nodes: Sequence[Hashable]) -> tuple[dict[str, Any], ...] | None:
    """The attributes of a NetworkX graph's ``nodes``, in their order, each copied;
    None when no node has any (or ``graph`` keeps none: any object with ``nodes``
    will do)."""
    try:
        view = graph.nodes
        if not any(view[node] for node in nodes):  # most graphs: nothing is copied
            return None
        return tuple(dict(view[node]) for node in nodes)
    except (TypeError, KeyError, ValueError, AttributeError):
        return None


def networkx_nodes(names: VertexNames) -> list[Any]:
    """What NetworkX's ``add_nodes_from`` takes for ``names``: the names in vertex order,
    each with a copy of its attributes when the source gave some."""
    nodes = names.names(np.arange(names.n_vertices))
    if names.node_data is None:
        return nodes
    return [(node, dict(data)) for node, data in zip(nodes, names.node_data, strict=True)]


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

    def _key(self) -> tuple[Any, ...]:
        return (self.ids.tobytes(),)

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
        return f"FileIds(<{plural(self.n_vertices, 'id')}>)"
