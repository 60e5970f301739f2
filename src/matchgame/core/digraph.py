"""Directed graphs: arcs ``u -> v`` in CSR form, for the games played along arcs.

A :class:`DiGraph` keeps each vertex's out-neighbours (:attr:`offsets`,
:attr:`indices`, sorted, no repeats) and, computed when first asked, its
in-neighbours. A self-loop is dropped (a move from a vertex to itself would enter
a visited vertex) and a repeated arc is one arc. Its names are a graph's names
(:mod:`matchgame.core.names`); :attr:`support` is the undirected graph of its arcs
(what pictures lay out).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InvalidInputError, InvalidTypeError
from ._cache import cached_property
from ._convert import is_scipy_sparse, square_matrix
from ._csr import INDEX_DTYPE, checked_edges, checked_labels
from ._validate import describe, frozen, plural, shorten
from .graph import Graph, _optional
from .labels import NodeLabels, networkx_node_data, networkx_nodes
from .names import VertexIds, VertexNames

__all__ = ["DiGraph", "is_directed"]


class DiGraph:
    """A directed graph on the vertices ``0`` to ``n_vertices - 1`` (no self-loops, no
    repeated arcs).

    Build one from ``n_vertices`` and an ``(m, 2)`` list of arcs (``DiGraph(n, arcs)``:
    a row ``(u, v)`` is the arc ``u -> v``), :meth:`from_networkx` (a NetworkX
    ``DiGraph``; an undirected graph gives both arcs of every edge), :meth:`from_scipy`
    (entry ``(i, j)`` is the arc ``i -> j``) or :meth:`from_graph` (both arcs of every
    edge: the symmetric digraph of an undirected game). The arrays are read-only.

    Parameters
    ----------
    n_vertices : int
        The number of vertices, at least 0.
    arcs : array_like of int, shape (m, 2)
        One row ``(u, v)`` per arc ``u -> v``, ids in ``0 .. n_vertices - 1``;
        self-loops are dropped and a repeated arc is kept once.
    labels : sequence, optional
        A distinct, hashable name for every vertex (e.g. a NetworkX graph's nodes);
        without it the vertices are named by their ids.

    Attributes
    ----------
    offsets, indices : ndarray of int32
        The out-neighbours of ``v`` are ``indices[offsets[v]:offsets[v + 1]]``, sorted.
    names : VertexNames
        How the vertices are named.

    See Also
    --------
    Graph : An undirected simple graph, for the vertex game.
    MultiGraph : An undirected multigraph, for the edge game.
    DirectedAnalysis : Who wins where in the directed game.

    Examples
    --------
    >>> g = DiGraph(3, [(0, 1), (1, 2), (1, 2), (2, 2)])
    >>> g.n_vertices, g.n_edges, g.arcs.tolist()
    (3, 2, [[0, 1], [1, 2]])
    >>> g.successors(1).tolist(), g.predecessors(1).tolist()
    ([2], [0])
    """

    is_directed = True
    offsets: npt.NDArray[np.int32]
    indices: npt.NDArray[np.int32]
    names: VertexNames

    def __init__(
        self, n_vertices: int, arcs: npt.ArrayLike, labels: Sequence[Hashable] | None = None
    ) -> None:
        n, pairs = checked_edges(n_vertices, arcs)
        names = None if labels is None else NodeLabels(checked_labels(labels, n))
        self._adopt(n, pairs, names)

    def _adopt(self, n: int, pairs: np.ndarray, names: VertexNames | None) -> None:
        pairs = pairs[pairs[:, 0] != pairs[:, 1]].astype(np.int64)
        keys = np.unique(pairs[:, 0] * max(n, 1) + pairs[:, 1])
        tails, heads = np.divmod(keys, max(n, 1))
        offsets = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(np.bincount(tails, minlength=n), out=offsets[1:])
        self.offsets = frozen(offsets.astype(INDEX_DTYPE))
        self.indices = frozen(heads.astype(INDEX_DTYPE))
        self.names = VertexIds(n) if names is None else names

    @classmethod
    def _trusted(cls, n: int, arcs: np.ndarray, names: VertexNames | None) -> DiGraph:
        """A digraph of an ``(m, 2)`` array of ids checked by the caller."""
        graph = cls.__new__(cls)
        graph._adopt(n, np.asarray(arcs, dtype=np.int64).reshape(-1, 2), names)
        return graph

    @classmethod
    def from_arcs(
        cls, n_vertices: int, arcs: npt.ArrayLike, labels: Sequence[Hashable] | None = None
    ) -> DiGraph:
        """The same as ``DiGraph(n_vertices, arcs, labels)``."""
        return cls(n_vertices, arcs, labels)

    @classmethod
    def from_graph(cls, graph: Graph) -> DiGraph:
        """Both arcs of every edge of an undirected :class:`Graph` (its names kept): the
        directed game on it is the undirected game.

        >>> DiGraph.from_graph(Graph.from_edges(2, [(0, 1)])).arcs.tolist()
        [[0, 1], [1, 0]]
        """
        if not isinstance(graph, Graph):
            raise InvalidTypeError(f"graph must be a matchgame.Graph, got {describe(graph)}")
        edges = graph.edges.astype(np.int64)
        return cls._trusted(graph.n_vertices, np.vstack([edges, edges[:, ::-1]]), graph.names)

    @classmethod
    def from_networkx(cls, graph: Any) -> DiGraph:
        """Convert a NetworkX graph; its nodes become the vertices' names. A directed
        graph's edges are arcs; an undirected graph's edges are both arcs.

        Raises
        ------
        InvalidTypeError
            If ``graph`` has no ``nodes``, ``edges`` and ``is_directed``.
        """
        if not all(hasattr(graph, name) for name in ("nodes", "edges", "is_directed")):
            raise InvalidTypeError(
                f"graph must be a NetworkX graph (with nodes and edges), got {describe(graph)}"
            )
        nodes = tuple(graph.nodes)
        index = {node: i for i, node in enumerate(nodes)}
        try:
            arcs = [(index[u], index[v]) for u, v, *_ in graph.edges()]
        except (KeyError, ValueError, TypeError) as exc:
            raise InvalidInputError(
                f"graph has an edge that is not a pair of its nodes ({shorten(exc)})"
            ) from None
        pairs = np.array(arcs, dtype=np.int64).reshape(-1, 2)
        if not graph.is_directed():
            pairs = np.vstack([pairs, pairs[:, ::-1]])
        made = cls(len(nodes), pairs, nodes)
        data = networkx_node_data(graph, nodes)
        if data is not None:  # the nodes' attributes, kept as Graph.from_networkx keeps them
            made.names = NodeLabels(nodes, data)
        return made

    def to_networkx(self) -> Any:
        """The digraph as a NetworkX ``DiGraph``: nodes named as :attr:`names` names the
        vertices (with the attributes their source gave them), one edge an arc.

        Raises
        ------
        ImportError
            Without NetworkX (``pip install networkx``).

        Examples
        --------
        >>> list(DiGraph(3, [(0, 1), (2, 1)]).to_networkx().edges)
        [(0, 1), (2, 1)]
        """
        networkx = _optional("networkx", "DiGraph.to_networkx")
        nodes = self.names.names(np.arange(self.n_vertices))
        graph = networkx.DiGraph()
        graph.add_nodes_from(networkx_nodes(self.names))
        ends = self.arcs.reshape(-1).tolist()
        graph.add_edges_from(
            (nodes[u], nodes[v]) for u, v in zip(ends[0::2], ends[1::2], strict=True)
        )
        return graph

    @classmethod
    def from_scipy(cls, matrix: Any) -> DiGraph:
        """Convert a square SciPy sparse (or dense) matrix: entry ``(i, j)`` nonzero is the
        arc ``i -> j`` (the diagonal is ignored)."""
        matrix, shape = square_matrix(matrix, "biufc", "a numeric 2-D array")
        if hasattr(matrix, "tocoo"):
            coo = matrix.tocoo()
            nonzero = np.asarray(coo.data) != 0
            rows, cols = np.asarray(coo.row)[nonzero], np.asarray(coo.col)[nonzero]
        else:
            rows, cols = np.nonzero(matrix)
        return cls(int(shape[0]), np.stack([rows, cols], axis=1))

    @property
    def n_vertices(self) -> int:
        """The number of vertices."""
        return int(self.offsets.shape[0]) - 1

    @property
    def n_edges(self) -> int:
        """The number of arcs."""
        return int(self.indices.shape[0])

    @cached_property
    def tails(self) -> npt.NDArray[np.int32]:
        """Per arc, in CSR order: where it starts."""
        degrees = np.diff(self.offsets)
        return frozen(np.repeat(np.arange(self.n_vertices, dtype=INDEX_DTYPE), degrees))

    @cached_property
    def arcs(self) -> npt.NDArray[np.int32]:
        """The arcs as a read-only ``(m, 2)`` array of ``(tail, head)`` ids, sorted."""
        return frozen(np.stack([self.tails, self.indices], axis=1))

    @property
    def edges(self) -> npt.NDArray[np.int32]:
        """The arcs (:attr:`arcs`): what pictures draw, as arrows."""
        return self.arcs

    def successors(self, v: int) -> npt.NDArray[np.int32]:
        """The heads of ``v``'s arcs, increasing (read-only)."""
        return self.indices[self.offsets[v] : self.offsets[v + 1]]

    @cached_property
    def _reverse(self) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
        order = np.argsort(self.indices, kind="stable")
        offsets = np.zeros(self.n_vertices + 1, dtype=np.int64)
        np.cumsum(np.bincount(self.indices, minlength=self.n_vertices), out=offsets[1:])
        return frozen(offsets.astype(INDEX_DTYPE)), frozen(self.tails[order])

    def predecessors(self, v: int) -> npt.NDArray[np.int32]:
        """The tails of the arcs into ``v``, increasing (read-only)."""
        offsets, tails = self._reverse
        return tails[offsets[v] : offsets[v + 1]]

    @property
    def reverse_csr(self) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
        """The in-neighbours in CSR form: ``(offsets, tails)``."""
        return self._reverse

    @cached_property
    def support(self) -> Graph:
        """The undirected graph of the arcs (an edge where either arc is), same names."""
        built = Graph.from_edges(self.n_vertices, self.arcs)
        return Graph._trusted(built.offsets, built.indices, names=self.names)

    @cached_property
    def is_symmetric(self) -> bool:
        """Whether every arc's reverse is an arc too (then the game on it is the
        undirected game on :attr:`support`)."""
        n = max(self.n_vertices, 1)
        keys = self.tails.astype(np.int64) * n + self.indices
        back = np.sort(self.indices.astype(np.int64) * n + self.tails)
        return bool(np.array_equal(keys, back))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DiGraph):
            return NotImplemented
        return (
            np.array_equal(self.offsets, other.offsets)
            and np.array_equal(self.indices, other.indices)
            and self.names == other.names
        )

    def __hash__(self) -> int:
        return hash((self.n_vertices, self.n_edges))

    def __repr__(self) -> str:
        return (
            f"<DiGraph with {plural(self.n_vertices, 'vertex', 'vertices')} and "
            f"{plural(self.n_edges, 'arc')}>"
        )


def is_directed(source: Any) -> bool:
    """Whether ``source`` is a directed graph: a :class:`DiGraph` or another of
    matchgame's graphs of arcs (its ``is_directed`` is True), or a NetworkX ``DiGraph``
    (NetworkX is not imported)."""
    if isinstance(source, DiGraph) or getattr(source, "is_directed", None) is True:
        return True
    test = getattr(source, "is_directed", None)
    if callable(test) and hasattr(source, "nodes") and not is_scipy_sparse(source):
        try:
            return bool(test())
        except TypeError:
            return False
    return False
