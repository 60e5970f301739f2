"""A directed multigraph: arcs in the order given, parallel arcs and self-loops kept.

A :class:`~matchgame.DiGraph` keeps an arc once and drops self-loops: where a move
uses up the vertex the token leaves, a second copy of an arc or a loop changes
nothing. Where a move uses up the *arc* it travels, each copy is a move of its own
and a self-loop is a move that leaves the token in place. A :class:`DiMultiGraph`
keeps them all, arc ``i`` the ``i``-th arc as given; among the arcs ``u -> v`` each
has a *key*, 0, 1, ... in that order, as NetworkX's ``MultiDiGraph`` numbers them.
Its names are those of the graph or board it was made from, and its :attr:`support`
is the undirected simple graph of its arcs (what pictures lay out).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InvalidInputError, InvalidTypeError
from ._cache import cached_property
from ._convert import looks_like_networkx, square_matrix
from ._csr import INDEX_DTYPE, MAX_ENTRIES, MAX_VERTICES, checked_edges, checked_labels
from ._validate import as_int, as_int_array, describe, first_index, frozen, plural, shorten
from .board import Board
from .digraph import DiGraph
from .graph import Graph, _optional
from .labels import NodeLabels, networkx_node_data, networkx_nodes
from .multigraph import MultiGraph
from .names import VertexIds, VertexNames

__all__ = ["DiMultiGraph"]


class DiMultiGraph:
    """A directed multigraph on the vertices ``0`` to ``n_vertices - 1``: arcs in the
    order given, parallel arcs and self-loops kept.

    Build one from ``n_vertices`` and an ``(m, 2)`` list of arcs (``DiMultiGraph(n,
    arcs)``: a row ``(u, v)`` is the arc ``u -> v``; repeats are parallel arcs,
    ``(v, v)`` a self-loop), :meth:`from_networkx` (a ``MultiDiGraph``'s or
    ``DiGraph``'s arcs; an undirected graph's edges both ways), :meth:`from_scipy`
    (entry ``(i, j)`` counts the arcs ``i -> j``), :meth:`from_digraph` or
    :meth:`from_graph` (both arcs of every edge). The arrays are read-only.

    Parameters
    ----------
    n_vertices : int
        The number of vertices, at least 0.
    arcs : array_like of int, shape (m, 2)
        One row ``(u, v)`` per arc ``u -> v``, ids in ``0 .. n_vertices - 1``: every
        row is an arc of its own (repeats are parallel arcs, ``(v, v)`` a self-loop).
    labels : sequence, optional
        A distinct, hashable name for every vertex (e.g. a NetworkX graph's nodes);
        without it the vertices are named by their ids.

    Attributes
    ----------
    tails, heads : ndarray of int32, shape (m,)
        Arc ``i`` goes from ``tails[i]`` to ``heads[i]``, in the order given.
    names : VertexNames
        How the vertices are named.

    See Also
    --------
    DiGraph : Arcs without repeats or loops, for the games that use up vertices.
    MultiGraph : An undirected multigraph, for the edge game.

    Examples
    --------
    >>> g = DiMultiGraph(3, [(0, 1), (1, 2), (0, 1), (2, 2)])
    >>> g.n_vertices, g.n_edges, g.n_loops
    (3, 4, 1)
    >>> g.successors(0).tolist(), g.keys.tolist()
    ([1, 1], [0, 0, 1, 0])
    >>> g.support
    <Graph with 3 vertices and 2 edges>
    """

    is_directed = True
    tails: npt.NDArray[np.int32]
    heads: npt.NDArray[np.int32]
    names: VertexNames

    def __init__(
        self, n_vertices: int, arcs: npt.ArrayLike, labels: Sequence[Hashable] | None = None
    ) -> None:
        n, pairs = checked_edges(n_vertices, arcs)
        names = None if labels is None else NodeLabels(checked_labels(labels, n))
        self._adopt(n, pairs, names)

    def _adopt(self, n: int, pairs: np.ndarray, names: VertexNames | None) -> None:
        self._n = int(n)
        self.tails = frozen(np.ascontiguousarray(pairs[:, 0], dtype=INDEX_DTYPE))
        self.heads = frozen(np.ascontiguousarray(pairs[:, 1], dtype=INDEX_DTYPE))
        self.names = VertexIds(n) if names is None else names

    @classmethod
    def _trusted(cls, n: int, arcs: np.ndarray, names: VertexNames | None) -> DiMultiGraph:
        """A multigraph of an ``(m, 2)`` array of ids checked by the caller."""
        graph = cls.__new__(cls)
        graph._adopt(n, np.asarray(arcs, dtype=np.int64).reshape(-1, 2), names)
        return graph

    @classmethod
    def from_arcs(
        cls, n_vertices: int, arcs: npt.ArrayLike, labels: Sequence[Hashable] | None = None
    ) -> DiMultiGraph:
        """The same as ``DiMultiGraph(n_vertices, arcs, labels)``."""
        return cls(n_vertices, arcs, labels)

    @classmethod
    def from_digraph(cls, digraph: DiGraph) -> DiMultiGraph:
        """The arcs of a :class:`DiGraph` (sorted, each once), its names kept.

        >>> DiMultiGraph.from_digraph(DiGraph(3, [(2, 0), (0, 1)])).arcs.tolist()
        [[0, 1], [2, 0]]
        """
        if not isinstance(digraph, DiGraph):
            raise InvalidTypeError(f"digraph must be a matchgame.DiGraph, got {describe(digraph)}")
        return cls._trusted(digraph.n_vertices, digraph.arcs, digraph.names)

    @classmethod
    def from_graph(cls, graph: Graph | MultiGraph) -> DiMultiGraph:
        """Both arcs of every edge of an undirected :class:`Graph` or
        :class:`MultiGraph` (its names kept): ``u -> v`` and ``v -> u`` of each edge in
        its order, a self-loop once (its two directions are one arc).

        >>> DiMultiGraph.from_graph(Graph.from_edges(3, [(0, 1), (1, 2)])).arcs.tolist()
        [[0, 1], [1, 0], [1, 2], [2, 1]]
        """
        if not isinstance(graph, Graph | MultiGraph):
            raise InvalidTypeError(
                f"graph must be a matchgame.Graph or MultiGraph, got {describe(graph)}"
            )
        return cls._trusted(graph.n_vertices, _both_ways(graph.edges), graph.names)

    @classmethod
    def from_board(cls, board: Board, moves: str = "orthogonal") -> DiMultiGraph:
        """Both arcs of every move between a board's free cells under ``moves`` (see
        ``matchgame.core.moves``), vertices named by their cells.

        >>> DiMultiGraph.from_board(Board.from_rows(["..", ".#"])).n_edges
        4
        """
        if not isinstance(board, Board):
            raise InvalidTypeError(f"board must be a matchgame.Board, got {describe(board)}")
        return cls.from_graph(board.to_graph(moves))

    @classmethod
    def from_networkx(cls, graph: Any) -> DiMultiGraph:
        """Convert a NetworkX graph; its nodes become the vertices' names (with their
        attributes). A directed graph's edges are the arcs, in the order of
        ``graph.edges()`` (a ``MultiDiGraph``'s parallel arcs and loops kept); an
        undirected graph's edges are both arcs (a loop once). NetworkX is not imported.

        Raises
        ------
        InvalidTypeError
            If ``graph`` has no ``nodes``, ``edges`` and ``is_directed``.

        Examples
        --------
        >>> import networkx as nx
        >>> g = DiMultiGraph.from_networkx(nx.MultiDiGraph([("a", "b"), ("a", "b"), ("b", "b")]))
        >>> g.arcs.tolist(), g.names.name(0)
        ([[0, 1], [0, 1], [1, 1]], 'a')
        """
        if not looks_like_networkx(graph):
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
            pairs = _both_ways(pairs)
        made = cls(len(nodes), pairs, nodes)
        data = networkx_node_data(graph, nodes)
        if data is not None:  # the nodes' attributes, kept as Graph.from_networkx keeps them
            made.names = NodeLabels(nodes, data)
        return made

    def to_networkx(self) -> Any:
        """The multigraph as a NetworkX ``MultiDiGraph``: nodes named as :attr:`names`
        names the vertices (with the attributes their source gave them), one edge an
        arc, in order (so the keys NetworkX gives are :attr:`keys`).

        Raises
        ------
        ImportError
            Without NetworkX (``pip install networkx``).

        Examples
        --------
        >>> g = DiMultiGraph(2, [(0, 1), (0, 1), (1, 1)]).to_networkx()
        >>> g.number_of_edges(0, 1), list(g.edges(keys=True))[1]
        (2, (0, 1, 1))
        """
        networkx = _optional("networkx", "DiMultiGraph.to_networkx")
        nodes = self.names.names(np.arange(self.n_vertices))
        graph = networkx.MultiDiGraph()
        graph.add_nodes_from(networkx_nodes(self.names))
        graph.add_edges_from(
            (nodes[u], nodes[v])
            for u, v in zip(self.tails.tolist(), self.heads.tolist(), strict=True)
        )
        return graph

    @classmethod
    def from_scipy(cls, matrix: Any) -> DiMultiGraph:
        """Convert a square SciPy sparse (or dense) matrix of arc counts: entry ``(i,
        j)`` is the number of arcs ``i -> j`` (on the diagonal, of self-loops at
        ``i``), a whole number >= 0. The arcs come row by row, column by column.

        Examples
        --------
        >>> import numpy as np
        >>> DiMultiGraph.from_scipy(np.array([[1, 2], [0, 0]])).arcs.tolist()
        [[0, 0], [0, 1], [0, 1]]
        """
        matrix, shape = square_matrix(matrix, "biuf", "a 2-D array of arc counts")
        n = as_int(shape[0], "the matrix's size", low=0, high=MAX_VERTICES)
        if hasattr(matrix, "tocoo"):
            coo = matrix.tocoo()
            rows, cols, data = np.asarray(coo.row), np.asarray(coo.col), np.asarray(coo.data)
        else:
            rows, cols = np.nonzero(matrix)
            data = matrix[rows, cols]
        if data.dtype.kind not in "biuf":
            raise InvalidTypeError(f"matrix must hold arc counts, got entries of {data.dtype}")
        counts = as_int_array(data.astype(np.float64) if data.dtype.kind == "b" else data, "matrix")
        rows, cols = rows.astype(np.int64), cols.astype(np.int64)
        negative = counts < 0
        if negative.any():
            k = first_index(negative)
            raise InvalidInputError(
                f"matrix[{rows[k]}, {cols[k]}] = {counts[k]} is not a number of arcs (>= 0)"
            )
        if 2 * int(counts.sum()) > MAX_ENTRIES:
            raise InvalidInputError("matrix has more arcs than matchgame handles")
        order = np.lexsort((cols, rows))  # row by row; SciPy's repeated entries add up
        pairs = np.repeat(np.stack([rows, cols], axis=1)[order], counts[order], axis=0)
        return cls._trusted(n, pairs, None)

    # -- the multigraph ----------------------------------------------------------

    @property
    def n_vertices(self) -> int:
        """The number of vertices."""
        return self._n

    @property
    def n_edges(self) -> int:
        """The number of arcs, each parallel arc and self-loop counted."""
        return int(self.tails.shape[0])

    @cached_property
    def n_loops(self) -> int:
        """The number of self-loops."""
        return int(np.count_nonzero(self.tails == self.heads))

    @cached_property
    def arcs(self) -> npt.NDArray[np.int32]:
        """The arcs as a read-only ``(m, 2)`` array of ``(tail, head)`` ids, in order."""
        return frozen(np.stack([self.tails, self.heads], axis=1))

    @property
    def edges(self) -> npt.NDArray[np.int32]:
        """The arcs (:attr:`arcs`): what pictures draw, as arrows."""
        return self.arcs

    @cached_property
    def offsets(self) -> npt.NDArray[np.int32]:
        """The CSR offsets of :attr:`out_arcs`: vertex ``v``'s arcs are
        ``out_arcs[offsets[v]:offsets[v + 1]]``."""
        offsets = np.zeros(self._n + 1, dtype=np.int64)
        np.cumsum(np.bincount(self.tails, minlength=self._n), out=offsets[1:])
        return frozen(offsets.astype(INDEX_DTYPE))

    @cached_property
    def out_arcs(self) -> npt.NDArray[np.int32]:
        """The arc ids by their tails (see :attr:`offsets`), each vertex's in order."""
        return frozen(np.argsort(self.tails, kind="stable").astype(INDEX_DTYPE))

    @cached_property
    def keys(self) -> npt.NDArray[np.int64]:
        """Per arc ``u -> v``: how many arcs ``u -> v`` come before it (0, 1, ...: its
        key, as NetworkX's ``MultiDiGraph`` numbers parallel arcs)."""
        m = self.n_edges
        order = np.lexsort((np.arange(m), self.heads, self.tails))
        pair = self.tails[order].astype(np.int64) * max(self._n, 1) + self.heads[order]
        first = np.ones(m, dtype=bool)
        first[1:] = pair[1:] != pair[:-1]
        starts = np.maximum.accumulate(np.where(first, np.arange(m), 0)) if m else order
        keys = np.empty(m, dtype=np.int64)
        keys[order] = np.arange(m) - starts
        return frozen(keys)

    def successors(self, v: int) -> npt.NDArray[np.int32]:
        """The heads of ``v``'s arcs, in the arcs' order (a vertex once per arc)."""
        return self.heads[self.out_arcs[self.offsets[v] : self.offsets[v + 1]]]

    def predecessors(self, v: int) -> npt.NDArray[np.int32]:
        """The tails of the arcs into ``v``, in the arcs' order (once per arc)."""
        return self.tails[np.flatnonzero(self.heads == v)]

    @cached_property
    def support(self) -> Graph:
        """The undirected simple graph of the arcs (loops dropped), with these names."""
        built = Graph.from_edges(self._n, self.arcs)
        return Graph._trusted(built.offsets, built.indices, names=self.names)

    def label(self, v: int) -> Hashable:
        """The name of vertex id ``v``."""
        return self.support.label(v)

    def vertex(self, name: Any, what: str = "vertex") -> int:
        """The id of the vertex named ``name``."""
        return self.names.vertex(name, what)

    def __eq__(self, other: object) -> bool:
        """The same vertices, names and arcs in the same order."""
        if not isinstance(other, DiMultiGraph):
            return NotImplemented
        return (
            self.n_vertices == other.n_vertices
            and np.array_equal(self.tails, other.tails)
            and np.array_equal(self.heads, other.heads)
            and self.names == other.names
        )

    def __hash__(self) -> int:
        return hash((self.n_vertices, self.n_edges))

    def __repr__(self) -> str:
        return (
            f"<DiMultiGraph with {plural(self._n, 'vertex', 'vertices')} and "
            f"{plural(self.n_edges, 'arc')} ({plural(self.n_loops, 'self-loop')})>"
        )


def _both_ways(edges: npt.ArrayLike) -> np.ndarray:
    """``u -> v`` then ``v -> u`` for every edge in turn; a loop once."""
    pairs = np.asarray(edges, dtype=np.int64).reshape(-1, 2)
    doubled = np.stack([pairs, pairs[:, ::-1]], axis=1).reshape(-1, 2)
    keep = np.ones(doubled.shape[0], dtype=bool)
    keep[1::2] = pairs[:, 0] != pairs[:, 1]
    return doubled[keep]
