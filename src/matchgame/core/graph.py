"""The graph type: an undirected simple graph in CSR form on numpy arrays."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InvalidInputError, InvalidTypeError
from ._cache import cached_property
from ._convert import is_scipy_sparse, looks_like_networkx, networkx_edges, square_matrix
from ._csr import (
    INDEX_DTYPE,
    MAX_VERTICES,
    checked_csr,
    checked_edges,
    checked_labels,
    checked_side,
)
from ._deprecated import callable_array, deprecated_alias
from ._validate import as_int, as_int_array, describe, first_index, frozen, plural
from .labels import NodeLabels, networkx_node_data, networkx_nodes
from .names import VertexIds, VertexNames

__all__ = ["INDEX_DTYPE", "MAX_VERTICES", "Graph"]


class Graph:
    """An undirected simple graph on the vertices ``0`` to ``n_vertices - 1``.

    Stored as CSR arrays, SciPy's ``indptr`` and ``indices`` under the names
    :attr:`offsets` and :attr:`indices`: the neighbours of ``v`` are
    ``indices[offsets[v]:offsets[v + 1]]``, in increasing order, each edge
    appearing once from each end. Build one with :meth:`from_edges`,
    :meth:`from_networkx` or :meth:`from_scipy` (or get one from a
    :class:`~matchgame.Board`); the arrays are read-only.

    Parameters
    ----------
    offsets, indices : array_like of int
        CSR arrays of a symmetric adjacency without self-loops or repeats. All of
        it is checked (O(m log m)); rows may come in any order and are stored sorted.
    side : array_like of {0, 1}, optional
        A known proper 2-colouring (bipartition), e.g. the cell parity of a board.
    labels : sequence, optional
        A distinct, hashable name for every vertex (e.g. a NetworkX graph's nodes).

    Raises
    ------
    InvalidTypeError
        If an array does not hold integers (floats with a fractional part, bools,
        strings, objects), or ``labels`` is not a sequence of hashables.
    InvalidInputError
        If the arrays are not a valid symmetric CSR adjacency, ``side`` is not a
        proper 2-colouring, or the sizes disagree.

    See Also
    --------
    MultiGraph : Parallel edges and self-loops, for the edge game.
    DiGraph : Arcs, for the directed game.
    Board : A board of cells, whose free cells make a graph.
    read_graph : Reads a graph from a standard format.

    Examples
    --------
    >>> g = Graph.from_edges(3, [(0, 1), (1, 2)])
    >>> g.n_vertices, g.n_edges
    (3, 2)
    >>> g.neighbours(1).tolist()
    [0, 2]
    >>> g.edges.tolist()
    [[0, 1], [1, 2]]
    >>> Graph([0, 1, 2], [1, 1])
    Traceback (most recent call last):
    ...
    matchgame.errors.InvalidInputError: indices[1] = 1 is a self-loop at vertex 1
    """

    offsets: npt.NDArray[np.int32]
    indices: npt.NDArray[np.int32]
    labels: tuple[Hashable, ...] | None
    names: VertexNames

    def __init__(
        self,
        offsets: npt.ArrayLike,
        indices: npt.ArrayLike,
        side: npt.ArrayLike | None = None,
        labels: Sequence[Hashable] | None = None,
    ) -> None:
        offsets_array, indices_array = checked_csr(offsets, indices)
        n = offsets_array.shape[0] - 1
        side_array = None if side is None else checked_side(side, n)
        label_tuple = None if labels is None else checked_labels(labels, n)
        self._adopt(offsets_array, indices_array, side_array, label_tuple)
        if side_array is not None:
            sources = self.sources
            clash = side_array[sources] == side_array[self.indices]
            if clash.any():
                k = first_index(clash)
                u, v = int(sources[k]), int(self.indices[k])
                raise InvalidInputError(
                    f"side is not a proper 2-colouring: edge {u}-{v} has both ends on side "
                    f"{int(side_array[u])}"
                )

    @classmethod
    def _trusted(
        cls,
        offsets: np.ndarray,
        indices: np.ndarray,
        side: np.ndarray | None = None,
        labels: tuple[Hashable, ...] | None = None,
        names: VertexNames | None = None,
    ) -> Graph:
        """A graph from arrays that are valid by construction (matchgame's own builders):
        int32, sorted symmetric rows, no loops; nothing is checked."""
        graph = cls.__new__(cls)
        graph._adopt(offsets, indices, side, labels, names)
        return graph

    def _adopt(
        self,
        offsets: npt.ArrayLike,
        indices: npt.ArrayLike,
        side: npt.ArrayLike | None,
        labels: tuple[Hashable, ...] | None,
        names: VertexNames | None = None,
    ) -> None:
        self.offsets = frozen(np.ascontiguousarray(offsets, dtype=INDEX_DTYPE))
        self.indices = frozen(np.ascontiguousarray(indices, dtype=INDEX_DTYPE))
        self.labels = labels
        if names is None:
            n = self.offsets.shape[0] - 1
            names = VertexIds(n) if labels is None else NodeLabels(labels)
        self.names = names
        self._side = None if side is None else frozen(np.ascontiguousarray(side, np.uint8))

    @classmethod
    def from_edges(cls, n_vertices: int, edges: npt.ArrayLike) -> Graph:
        """Build a graph from ``n_vertices`` and an ``(m, 2)`` array of 0-based edges.

        Self-loops are dropped and repeated edges collapse: in the token game a
        loop can never be used and a second copy of an edge changes nothing.

        Raises
        ------
        InvalidTypeError
            If ``n_vertices`` is not an integer or ``edges`` does not hold integers.
        InvalidInputError
            If ``edges`` is not of shape ``(m, 2)`` (an empty list is fine) or
            names a vertex outside ``0 .. n_vertices - 1``.
        """
        n, pairs = checked_edges(n_vertices, edges)
        from .._kernels.graphs import csr_from_edges

        offsets, targets = csr_from_edges(
            n, np.ascontiguousarray(pairs[:, 0]), np.ascontiguousarray(pairs[:, 1])
        )
        return cls._trusted(offsets, targets)

    @classmethod
    def from_networkx(cls, graph: Any) -> Graph:
        """Convert an undirected NetworkX graph; its nodes become :attr:`labels`.

        Vertex ``i`` is the ``i``-th node of ``graph.nodes``, and the nodes'
        attributes are kept (``names.node_data``: :meth:`to_networkx` gives them
        back). NetworkX is not imported by matchgame: any object with ``nodes`` and
        ``edges`` views will do. Directed graphs are refused; parallel edges and
        self-loops of a multigraph change nothing in the game and are dropped.
        """
        nodes, edges = networkx_edges(graph)
        built = cls.from_edges(len(nodes), edges)
        names = NodeLabels(nodes, networkx_node_data(graph, nodes))
        return cls._trusted(built.offsets, built.indices, labels=nodes, names=names)

    @classmethod
    def from_scipy(cls, matrix: Any) -> Graph:
        """Convert a square SciPy sparse (or dense) adjacency matrix.

        Every nonzero entry ``(i, j)`` is an edge ``i - j`` (the matrix is
        symmetrised; the diagonal is ignored); SciPy is not imported by matchgame.
        """
        matrix, shape = square_matrix(matrix, "biufc", "a numeric 2-D array")
        if hasattr(matrix, "tocoo"):
            coo = matrix.tocoo()
            nonzero = np.asarray(coo.data) != 0
            rows, cols = np.asarray(coo.row)[nonzero], np.asarray(coo.col)[nonzero]
        else:
            rows, cols = np.nonzero(matrix)
        return cls.from_edges(int(shape[0]), np.stack([rows, cols], axis=1))

    def to_networkx(self) -> Any:
        """The graph as a NetworkX ``Graph`` whose nodes are the vertices' names (see
        :attr:`names`), in vertex order: a NetworkX graph's own labels, a file's ids,
        a board's ``(row, col)`` cells, else the ids; with the attributes its source
        gave the nodes. :meth:`from_networkx` reads it back with the same names.

        Raises
        ------
        ImportError
            Without NetworkX (``pip install networkx scipy``).

        Examples
        --------
        >>> g = Graph.from_edges(3, [(0, 1), (1, 2)]).to_networkx()
        >>> list(g.nodes), list(g.edges)
        ([0, 1, 2], [(0, 1), (1, 2)])
        >>> from matchgame import parse_board
        >>> sorted(parse_board("2 2\\n..\\n#.\\n").graph.to_networkx().edges)
        [((0, 0), (0, 1)), ((0, 1), (1, 1))]
        """
        networkx = _optional("networkx", "Graph.to_networkx")
        nodes = self.names.names(np.arange(self.n_vertices))
        graph = networkx.Graph()
        graph.add_nodes_from(networkx_nodes(self.names))
        ends = self.edges.reshape(-1).tolist()
        graph.add_edges_from(
            (nodes[u], nodes[v]) for u, v in zip(ends[0::2], ends[1::2], strict=True)
        )
        return graph

    def to_scipy(self, dtype: npt.DTypeLike = np.int8) -> Any:
        """The adjacency matrix as a SciPy ``csr_array`` of shape ``(n, n)``: row and
        column ``i`` are vertex id ``i`` (its name is ``names.name(i)``), every edge
        two entries of 1, in ``dtype``. :meth:`from_scipy` reads it back (the
        names are not kept: a matrix has none).

        Raises
        ------
        ImportError
            Without SciPy (``pip install networkx scipy``).

        Examples
        --------
        >>> a = Graph.from_edges(3, [(0, 1), (1, 2)]).to_scipy()
        >>> a.toarray().tolist()
        [[0, 1, 0], [1, 0, 1], [0, 1, 0]]
        >>> Graph.from_scipy(a).n_edges
        2
        """
        sparse = _optional("scipy.sparse", "Graph.to_scipy")
        data = np.ones(self.indices.shape[0], dtype=dtype)
        n = self.n_vertices
        return sparse.csr_array((data, self.indices.copy(), self.offsets.copy()), shape=(n, n))

    def label(self, v: int) -> Hashable:
        """The name of vertex ``v`` (see :attr:`names`): its label, its cell on a
        board, else ``v`` itself."""
        return self.names.name(self._vertex(v, "v"))

    def vertex(self, name: Any, what: str = "vertex") -> int:
        """The id of the vertex named ``name`` (a label, a cell, or an id)."""
        return self.names.vertex(name, what)

    @property
    def n_vertices(self) -> int:
        """Number of vertices."""
        return len(self.offsets) - 1

    @property
    def n_edges(self) -> int:
        """Number of (undirected) edges."""
        return len(self.indices) // 2

    def neighbours(self, v: int) -> npt.NDArray[np.int32]:
        """The neighbours of ``v``, in increasing order (a read-only view of
        :attr:`indices`; NetworkX's ``G.neighbors(v)``)."""
        v = self._vertex(v, "v")
        row: npt.NDArray[np.int32] = self.indices[self.offsets[v] : self.offsets[v + 1]]
        return row

    def _vertex(self, v: Any, name: str, error: type[Exception] = InvalidInputError) -> int:
        """``v`` as a vertex id of this graph; ``error`` is raised if it is out of range."""
        vertex = as_int(v, name)
        if not 0 <= vertex < self.n_vertices:
            raise error(f"{name} = {vertex} is not in the graph ({self._id_range()})")
        return vertex

    def _id_range(self) -> str:
        n = self.n_vertices
        return f"ids 0..{n - 1}" if n else "it has no vertices"

    def has_edges(self, us: npt.ArrayLike, vs: npt.ArrayLike) -> npt.NDArray[np.bool_]:
        """``out[i]``: whether ``us[i] - vs[i]`` is an edge (NetworkX's ``has_edge``
        for many pairs of vertex ids at once).

        Vectorised over the pairs: a scan of the lists when the degrees are small
        (grids), else a bisection of the sorted lists, O(k log d) for ``k`` pairs
        and maximum degree ``d``.

        Raises
        ------
        InvalidInputError, InvalidTypeError
            If ``us`` and ``vs`` are not 1-D arrays of ids of one length, or hold an
            id outside the graph.

        Examples
        --------
        >>> Graph.from_edges(3, [(0, 1), (1, 2)]).has_edges([0, 0, 2], [1, 2, 1]).tolist()
        [True, False, True]
        """
        us = as_int_array(us, "us")
        vs = as_int_array(vs, "vs")
        if us.ndim != 1 or us.shape != vs.shape:
            raise InvalidInputError(
                f"us and vs must be 1-D of one length, got shapes {us.shape} and {vs.shape}"
            )
        n = self.n_vertices
        if us.shape[0] and (min(us.min(), vs.min()) < 0 or max(us.max(), vs.max()) >= n):
            for name, ids in (("us", us), ("vs", vs)):  # only on this error path: where
                outside = (ids < 0) | (ids >= n)
                if outside.any():
                    k = first_index(outside)
                    raise InvalidInputError(
                        f"{name}[{k}] = {ids[k]} is not in the graph ({self._id_range()})"
                    )
        start = self.offsets[us]
        degree = self.offsets[us + 1] - start
        found: npt.NDArray[np.bool_] = np.zeros(us.shape[0], dtype=bool)
        if us.shape[0] == 0 or self.indices.shape[0] == 0:
            return found
        last = self.indices.shape[0] - 1
        max_degree = int(degree.max())
        if max_degree <= 16:
            for j in range(max_degree):
                slot = np.minimum(start + j, last)
                found |= (degree > j) & (self.indices[slot] == vs)
            return found
        low = start.astype(np.int64)
        high = low + degree
        end = high.copy()
        while True:
            open_ = low < high
            if not open_.any():
                break
            middle = (low + high) // 2
            below = open_ & (self.indices[np.minimum(middle, last)] < vs)
            low = np.where(below, middle + 1, low)
            high = np.where(open_ & ~below, middle, high)
        found = low < end
        found[found] = self.indices[low[found]] == vs[found]
        return found

    @cached_property
    def sources(self) -> npt.NDArray[np.int32]:
        """The vertex each entry of :attr:`indices` belongs to (``indices[k]`` is a
        neighbour of ``sources[k]``)."""
        return frozen(
            np.repeat(np.arange(self.n_vertices, dtype=INDEX_DTYPE), np.diff(self.offsets))
        )

    @cached_property
    def edges(self) -> npt.NDArray[np.int32]:
        """All edges as a read-only ``(n_edges, 2)`` array with ``u < v``, sorted (computed
        once; a property, as NetworkX's ``G.edges`` view: ``graph.edges()`` was a method
        and still works, with a DeprecationWarning, for one release)."""
        keep = self.sources < self.indices
        pairs = np.stack([self.sources[keep], self.indices[keep]], axis=1)
        return callable_array(pairs, "Graph.edges")

    # old names, for one release (see docs/api/index.md)
    neighbors = deprecated_alias("indices")
    neighbors_of = deprecated_alias("neighbours")

    @cached_property
    def degrees(self) -> npt.NDArray[np.int32]:
        """Degree of every vertex."""
        return frozen(np.diff(self.offsets).astype(INDEX_DTYPE))

    @property
    def side(self) -> npt.NDArray[np.uint8] | None:
        """The bipartition (0/1 per vertex) if the graph is bipartite, else None."""
        if self._side is None:
            self._side = _two_colouring(self)
        return self._side if self._side.shape[0] == self.n_vertices else None

    @property
    def is_bipartite(self) -> bool:
        """Whether the graph has no odd cycle."""
        return self.side is not None

    def __eq__(self, other: object) -> bool:
        """The same vertices, names and edges (two readings of one file are equal).

        >>> Graph.from_edges(3, [(0, 1)]) == Graph.from_edges(3, [(1, 0)])
        True
        """
        if not isinstance(other, Graph):
            return NotImplemented
        return (
            type(other) is type(self)
            and np.array_equal(self.offsets, other.offsets)
            and np.array_equal(self.indices, other.indices)
            and self.names == other.names
        )

    def __hash__(self) -> int:
        return hash((self.n_vertices, self.n_edges))

    def __repr__(self) -> str:
        return (
            f"<Graph with {plural(self.n_vertices, 'vertex', 'vertices')} and "
            f"{plural(self.n_edges, 'edge')}>"
        )


def _optional(module: str, what: str) -> Any:
    """An optional dependency, imported when a method needs it."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        package = module.split(".")[0]
        raise ImportError(
            f"{what} needs {package}: pip install networkx scipy (in a clone of matchgame: "
            "pip install -e '.[graphs]')"
        ) from None


def _two_colouring(graph: Graph) -> np.ndarray:
    """A proper 2-colouring, or an empty array when there is an odd cycle."""
    from .._kernels.graphs import two_colouring

    return frozen(two_colouring(graph.offsets, graph.indices))


def as_graph(graph: Any, name: str = "graph", *, ids_are_names: bool = False) -> Graph:
    """The :class:`Graph` to work on: ``graph`` itself, or a NetworkX graph converted.

    ``ids_are_names``: the caller also takes vertex ids (moves, a walk); a NetworkX
    graph is then converted only when its nodes are ``0 .. n - 1`` in order, so that
    ids and node names agree.
    """
    if isinstance(graph, Graph):
        return graph
    if is_scipy_sparse(graph):
        return Graph.from_scipy(graph)
    if looks_like_networkx(graph):
        converted = Graph.from_networkx(graph)
        if ids_are_names and converted.labels != tuple(range(converted.n_vertices)):
            raise InvalidTypeError(
                f"{name}: a NetworkX graph whose nodes are not 0..n-1 in order; convert it with "
                "Graph.from_networkx(graph) and name vertices by id (position in graph.labels)"
            )
        return converted
    hint = ""
    if hasattr(graph, "free") and hasattr(graph, "graph"):
        hint = "; for a board use board.graph"
    elif isinstance(graph, np.ndarray):
        hint = "; for a dense adjacency matrix use Graph.from_scipy(matrix)"
    elif isinstance(graph, list | tuple):
        hint = "; for an edge list use Graph.from_edges(n_vertices, edges)"
    raise InvalidTypeError(
        f"{name} must be a matchgame.Graph, a NetworkX graph or a SciPy sparse adjacency "
        f"matrix, got {describe(graph)}{hint}"
    )
