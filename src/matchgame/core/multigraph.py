"""The edge game's graph: an undirected multigraph, parallel edges and self-loops kept.

In the vertex game a second copy of an edge, or a loop, changes nothing, and
:class:`~matchgame.Graph` drops them. In the edge game (a move uses up the edge
it travels) each copy is a move of its own and a self-loop is a move that keeps
the token in place. A :class:`MultiGraph` keeps them: its distinct vertex pairs
(a loop is the pair ``(v, v)``) and how many edges join each pair. Its vertex
names are those of the graph or board it was made from, and its :attr:`support`
is the simple graph of the pairs (loops dropped), a :class:`Graph` that shares
them.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InvalidInputError, InvalidTypeError
from ._cache import cached_property
from ._convert import is_scipy_sparse, networkx_edges, square_matrix
from ._csr import INDEX_DTYPE, MAX_ENTRIES, MAX_VERTICES, checked_edges, checked_labels
from ._deprecated import callable_array
from ._validate import as_int, as_int_array, describe, first_index, frozen, plural
from .board import Board
from .graph import Graph, _optional
from .labels import NodeLabels, networkx_node_data, networkx_nodes
from .names import VertexIds, VertexNames

__all__ = ["MultiGraph", "as_multigraph"]


class MultiGraph:
    """An undirected multigraph on the vertices ``0`` to ``n_vertices - 1``.

    Build one from ``n_vertices`` and a list of edges (``MultiGraph(n, edges)``, or
    :meth:`from_edges`: repeats are parallel edges, ``(v, v)`` is a self-loop),
    :meth:`from_graph`, :meth:`from_board`, :meth:`from_networkx`
    (a ``MultiGraph`` keeps its parallel edges) or :meth:`from_scipy` (an entry is a
    number of edges). The arrays are read-only.

    Parameters
    ----------
    n_vertices : int
        The number of vertices, at least 0.
    edges : array_like of int, shape (m, 2)
        One row ``(u, v)`` per edge, ids in ``0 .. n_vertices - 1``: repeats are
        parallel edges, ``(v, v)`` is a self-loop (an empty list is no edge).
    labels : sequence, optional
        A distinct, hashable name for every vertex (e.g. a NetworkX graph's nodes);
        without it the vertices are named by their ids.

    Attributes
    ----------
    pairs : ndarray of int32, shape (k, 2)
        The distinct vertex pairs ``(u, v)`` with ``u <= v`` joined by at least one
        edge, sorted; ``(v, v)`` is a self-loop.
    multiplicity : ndarray of int64, shape (k,)
        How many edges join each pair.
    names : VertexNames
        How vertices are named: the graph's or board's names, else the ids.

    See Also
    --------
    Graph : A simple graph (no repeats, no self-loops), for the vertex game.
    DiGraph : Arcs, for the directed game.
    EdgeAnalysis : Who wins where in the edge game played on a multigraph.

    Examples
    --------
    >>> g = MultiGraph(3, [(0, 1), (1, 0), (2, 2), (1, 2)])
    >>> g.n_vertices, g.n_edges, g.pairs.tolist(), g.multiplicity.tolist()
    (3, 4, [[0, 1], [1, 2], [2, 2]], [2, 1, 1])
    >>> g.edges.tolist()
    [[0, 1], [0, 1], [1, 2], [2, 2]]
    >>> g.support
    <Graph with 3 vertices and 2 edges>
    """

    pairs: npt.NDArray[np.int32]
    multiplicity: npt.NDArray[np.int64]
    names: VertexNames

    def __init__(
        self, n_vertices: int, edges: npt.ArrayLike, labels: Sequence[Hashable] | None = None
    ) -> None:
        n, pairs = checked_edges(n_vertices, edges)
        names = None if labels is None else NodeLabels(checked_labels(labels, n))
        self._adopt(n, *_counted(n, pairs, np.ones(pairs.shape[0], dtype=np.int64)), names)

    @classmethod
    def _trusted(
        cls,
        n_vertices: int,
        pairs: np.ndarray,
        multiplicity: np.ndarray,
        names: VertexNames | None = None,
        support: Graph | None = None,
    ) -> MultiGraph:
        """A multigraph of arrays valid by construction: sorted distinct pairs with
        ``u <= v``, multiplicities >= 1; ``support`` the simple graph of the pairs."""
        graph = cls.__new__(cls)
        graph._adopt(n_vertices, pairs, multiplicity, names)
        if support is not None:
            graph.__dict__["support"] = support
        return graph

    def _adopt(
        self, n: int, pairs: np.ndarray, multiplicity: np.ndarray, names: VertexNames | None
    ) -> None:
        self._n = int(n)
        self.pairs = frozen(np.ascontiguousarray(pairs, dtype=INDEX_DTYPE).reshape(-1, 2))
        self.multiplicity = frozen(np.ascontiguousarray(multiplicity, dtype=np.int64))
        self.names = VertexIds(n) if names is None else names

    @classmethod
    def from_edges(
        cls, n_vertices: int, edges: npt.ArrayLike, labels: Sequence[Hashable] | None = None
    ) -> MultiGraph:
        """The same as ``MultiGraph(n_vertices, edges, labels)``: every row of the
        ``(m, 2)`` array ``edges`` is one edge (0-based), repeats are parallel edges,
        ``(v, v)`` is a self-loop; ``labels`` names the vertices (optional).

        Raises
        ------
        InvalidTypeError
            If ``n_vertices`` is not an integer or ``edges`` does not hold integers.
        InvalidInputError
            If ``edges`` is not of shape ``(m, 2)`` or names a vertex outside
            ``0 .. n_vertices - 1``.
        """
        return cls(n_vertices, edges, labels)

    @classmethod
    def from_graph(cls, graph: Graph) -> MultiGraph:
        """Every edge of a (simple) :class:`Graph` once; the names are the graph's.

        >>> MultiGraph.from_graph(Graph.from_edges(3, [(0, 1), (1, 2)])).n_edges
        2
        """
        if not isinstance(graph, Graph):
            raise InvalidTypeError(f"graph must be a matchgame.Graph, got {describe(graph)}")
        pairs = graph.edges
        return cls._trusted(
            graph.n_vertices,
            pairs,
            np.ones(pairs.shape[0], dtype=np.int64),
            graph.names,
            support=graph,
        )

    @classmethod
    def from_board(cls, board: Board, moves: str = "orthogonal") -> MultiGraph:
        """The graph of a board's free cells under ``moves`` (see
        ``matchgame.core.moves``), vertices named by their cells.

        >>> MultiGraph.from_board(Board.from_rows(["..", ".#"])).names.name(2)
        (1, 0)
        """
        if not isinstance(board, Board):
            raise InvalidTypeError(f"board must be a matchgame.Board, got {describe(board)}")
        return cls.from_graph(board.to_graph(moves))

    @classmethod
    def from_networkx(cls, graph: Any) -> MultiGraph:
        """Convert an undirected NetworkX graph; its nodes become the names.

        Every edge of ``graph.edges()`` is one edge: a ``MultiGraph``'s parallel
        edges stay parallel, and self-loops stay (they are moves in the edge game).
        Directed graphs are refused. NetworkX is not imported by matchgame.

        Examples
        --------
        >>> import networkx as nx
        >>> g = MultiGraph.from_networkx(nx.MultiGraph([("a", "b"), ("a", "b"), ("b", "b")]))
        >>> g.multiplicity.tolist(), g.names.name(0)
        ([2, 1], 'a')
        """
        nodes, edges = networkx_edges(graph)
        made = cls(len(nodes), edges, nodes)
        data = networkx_node_data(graph, nodes)
        if data is not None:  # the nodes' attributes, kept as Graph.from_networkx keeps them
            made.names = NodeLabels(nodes, data)
        return made

    def to_networkx(self) -> Any:
        """The multigraph as a NetworkX ``MultiGraph``: nodes named as :attr:`names`
        names the vertices (with the attributes their source gave them), every edge
        one edge, parallel edges and self-loops kept.

        Raises
        ------
        ImportError
            Without NetworkX (``pip install networkx``).

        Examples
        --------
        >>> g = MultiGraph(2, [(0, 1), (0, 1), (1, 1)]).to_networkx()
        >>> g.number_of_edges(0, 1), g.number_of_edges(1, 1)
        (2, 1)
        """
        networkx = _optional("networkx", "MultiGraph.to_networkx")
        nodes = self.names.names(np.arange(self.n_vertices))
        graph = networkx.MultiGraph()
        graph.add_nodes_from(networkx_nodes(self.names))
        ends = self.edges.reshape(-1).tolist()
        graph.add_edges_from(
            (nodes[u], nodes[v]) for u, v in zip(ends[0::2], ends[1::2], strict=True)
        )
        return graph

    @classmethod
    def from_scipy(cls, matrix: Any) -> MultiGraph:
        """Convert a square, symmetric SciPy sparse (or dense) matrix of edge counts.

        Entry ``(i, j)`` (and ``(j, i)``, which must equal it) is the number of edges
        between ``i`` and ``j``; the diagonal entry ``(i, i)`` the number of
        self-loops at ``i`` (as NetworkX writes a multigraph). Entries must be whole
        numbers >= 0. SciPy is not imported by matchgame.

        Examples
        --------
        >>> import numpy as np
        >>> MultiGraph.from_scipy(np.array([[1, 2], [2, 0]])).edges.tolist()
        [[0, 0], [0, 1], [0, 1]]
        """
        matrix, shape = square_matrix(matrix, "biuf", "a 2-D array of edge counts")
        n = as_int(shape[0], "the matrix's size", low=0, high=MAX_VERTICES)
        if hasattr(matrix, "tocoo"):
            coo = matrix.tocoo()
            rows, cols, data = np.asarray(coo.row), np.asarray(coo.col), np.asarray(coo.data)
        else:
            rows, cols = np.nonzero(matrix)
            data = matrix[rows, cols]
        if data.dtype.kind not in "biuf":
            raise InvalidTypeError(f"matrix must hold edge counts, got entries of {data.dtype}")
        counts = as_int_array(data.astype(np.float64) if data.dtype.kind == "b" else data, "matrix")
        rows = rows.astype(np.int64)
        cols = cols.astype(np.int64)
        negative = counts < 0
        if negative.any():
            k = first_index(negative)
            raise InvalidInputError(
                f"matrix[{rows[k]}, {cols[k]}] = {counts[k]} is not a number of edges (>= 0)"
            )
        # symmetric: the upper triangle (diagonal included) must mirror the lower one,
        # summed over repeated coordinates as SciPy sums them
        upper = rows <= cols
        lower = rows >= cols
        above = np.stack([rows[upper], cols[upper]], axis=1)
        below = np.stack([cols[lower], rows[lower]], axis=1)  # mirrored into the upper half
        mine = cls._trusted(n, *_counted(n, above, counts[upper]))
        mirror = cls._trusted(n, *_counted(n, below, counts[lower]))
        if mine.pairs.shape != mirror.pairs.shape or not (
            np.array_equal(mine.pairs, mirror.pairs)
            and np.array_equal(mine.multiplicity, mirror.multiplicity)
        ):
            raise InvalidInputError(
                "matrix must be symmetric (entry (i, j) is the number of edges i-j, and so is "
                f"(j, i)); {_first_asymmetry(mine, mirror)}; for a triangular matrix of counts "
                "pass matrix + matrix.T with the diagonal halved"
            )
        if 2 * int(mine.multiplicity.sum()) > MAX_ENTRIES:
            raise InvalidInputError("matrix has more edges than matchgame handles")
        return mine

    # -- the graph ------------------------------------------------------------

    @property
    def n_vertices(self) -> int:
        """Number of vertices."""
        return self._n

    @cached_property
    def n_edges(self) -> int:
        """Number of edges, each parallel edge and self-loop counted."""
        return int(self.multiplicity.sum())

    @cached_property
    def n_loops(self) -> int:
        """Number of self-loops."""
        return int(self.multiplicity[self.pairs[:, 0] == self.pairs[:, 1]].sum())

    @property
    def is_simple(self) -> bool:
        """No parallel edges and no self-loops (the vertex game's kind of graph)."""
        return bool((self.multiplicity == 1).all()) and self.n_loops == 0

    @cached_property
    def edges(self) -> npt.NDArray[np.int32]:
        """Every edge as a read-only ``(n_edges, 2)`` array, ``u <= v``, sorted; a pair
        joined by ``k`` edges appears ``k`` times (a property, as :attr:`Graph.edges`;
        ``edges()`` still works for one release, with a warning)."""
        return callable_array(np.repeat(self.pairs, self.multiplicity, axis=0), "MultiGraph.edges")

    @cached_property
    def support(self) -> Graph:
        """The simple graph of the pairs (loops dropped), with these names."""
        from .._kernels.graphs import csr_from_edges

        pairs = self.pairs.astype(np.int64)
        offsets, neighbors = csr_from_edges(
            self._n, np.ascontiguousarray(pairs[:, 0]), np.ascontiguousarray(pairs[:, 1])
        )
        return Graph._trusted(offsets, neighbors, names=self.names)

    @cached_property
    def parity(self) -> tuple[Graph, npt.NDArray[np.bool_]]:
        """The game reduced to parities: the simple graph of the pairs joined by an odd
        number of edges, and per vertex whether it has an odd number of self-loops.

        Two copies of an edge cancel in the edge game (whatever one player does with
        one copy, the other can answer with the other), so who wins any position
        depends only on these parities.
        """
        odd = (self.multiplicity & 1).astype(bool)
        loops = self.pairs[:, 0] == self.pairs[:, 1]
        odd_loops = np.zeros(self._n, dtype=bool)
        odd_loops[self.pairs[odd & loops, 0]] = True
        odd_loops.setflags(write=False)
        if odd.all() and not loops.any():
            return self.support, odd_loops
        from .._kernels.graphs import csr_from_edges

        pairs = self.pairs[odd & ~loops].astype(np.int64)
        offsets, neighbors = csr_from_edges(
            self._n, np.ascontiguousarray(pairs[:, 0]), np.ascontiguousarray(pairs[:, 1])
        )
        return Graph._trusted(offsets, neighbors, names=self.names), odd_loops

    def multiplicity_of(self, u: Any, v: Any) -> int:
        """How many edges join the vertices named ``u`` and ``v`` (self-loops if equal)."""
        a, b = sorted((self.names.vertex(u, "u"), self.names.vertex(v, "v")))
        k = int(np.searchsorted(self._keys, a * max(self._n, 1) + b))
        if k < self._keys.shape[0] and int(self._keys[k]) == a * max(self._n, 1) + b:
            return int(self.multiplicity[k])
        return 0

    @cached_property
    def _keys(self) -> npt.NDArray[np.int64]:
        """``u * n + v`` of every pair, increasing (the pairs are sorted)."""
        return self.pairs[:, 0].astype(np.int64) * max(self._n, 1) + self.pairs[:, 1]

    def label(self, v: int) -> Hashable:
        """The name of vertex id ``v``."""
        return self.support.label(v)

    def vertex(self, name: Any, what: str = "vertex") -> int:
        """The id of the vertex named ``name``."""
        return self.names.vertex(name, what)

    def __eq__(self, other: object) -> bool:
        """The same vertices, names, pairs and multiplicities."""
        if not isinstance(other, MultiGraph):
            return NotImplemented
        return (
            self.n_vertices == other.n_vertices
            and np.array_equal(self.pairs, other.pairs)
            and np.array_equal(self.multiplicity, other.multiplicity)
            and self.names == other.names
        )

    def __hash__(self) -> int:
        return hash((self.n_vertices, int(self.pairs.shape[0])))

    def __repr__(self) -> str:
        return (
            f"<MultiGraph with {plural(self._n, 'vertex', 'vertices')} and "
            f"{plural(self.n_edges, 'edge')} "
            f"({plural(self.pairs.shape[0], 'pair')}, {plural(self.n_loops, 'self-loop')})>"
        )


def _counted(n: int, pairs: np.ndarray, counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct pairs (``u <= v``, sorted) of ids in range and the summed count
    of each (rows may repeat, in any order; pairs counted 0 times are dropped)."""
    low = np.minimum(pairs[:, 0], pairs[:, 1]).astype(np.int64)
    high = np.maximum(pairs[:, 0], pairs[:, 1]).astype(np.int64)
    keys = low * max(n, 1) + high
    order = np.argsort(keys, kind="stable")
    keys = keys[order]
    first = np.ones(keys.shape[0], dtype=bool)
    first[1:] = keys[1:] != keys[:-1]
    starts = np.flatnonzero(first)
    multiplicity = np.add.reduceat(counts[order], starts) if starts.size else counts[:0]
    keep = order[starts]
    distinct = np.stack([low[keep], high[keep]], axis=1)
    nonzero = multiplicity > 0
    return distinct[nonzero], multiplicity[nonzero]


def _first_asymmetry(mine: MultiGraph, mirror: MultiGraph) -> str:
    """Where the counts above the diagonal and below it first differ."""
    counts: dict[tuple[int, int], list[int]] = {}
    for which, graph in enumerate((mine, mirror)):
        for (u, v), k in zip(graph.pairs.tolist(), graph.multiplicity.tolist(), strict=True):
            counts.setdefault((u, v), [0, 0])[which] = k
    u, v = min(key for key, (a, b) in counts.items() if a != b)
    a, b = counts[(u, v)]
    return f"entry ({u}, {v}) is {a} but ({v}, {u}) is {b}"


def as_multigraph(source: Any, name: str = "graph", moves: str = "orthogonal") -> MultiGraph:
    """The :class:`MultiGraph` of the edge game on ``source``: itself, a board's graph
    under ``moves``, a :class:`Graph`, a NetworkX graph (parallel edges and loops kept)
    or a SciPy matrix of edge counts."""
    if isinstance(source, MultiGraph):
        return source
    if isinstance(source, Board):
        return MultiGraph.from_board(source, moves)
    if isinstance(source, Graph):
        return MultiGraph.from_graph(source)
    if is_scipy_sparse(source):
        return MultiGraph.from_scipy(source)
    if all(hasattr(source, attr) for attr in ("nodes", "edges", "is_directed")):
        return MultiGraph.from_networkx(source)
    hint = ""
    if isinstance(source, np.ndarray):
        hint = "; for a matrix of edge counts use MultiGraph.from_scipy, for free cells Board"
    raise InvalidTypeError(
        f"{name} must be a matchgame.Board, Graph or MultiGraph, a NetworkX graph or a SciPy "
        f"sparse matrix of edge counts, got {describe(source)}{hint}"
    )
