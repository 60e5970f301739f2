"""The graph type: an undirected simple graph in CSR form on numpy arrays."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import cached_property
from typing import Any

import numpy as np
import numpy.typing as npt

from .errors import MatchgameError

__all__ = ["INDEX_DTYPE", "Graph"]

INDEX_DTYPE = np.int32
"""Vertex ids and CSR offsets. One dtype, so every kernel compiles once."""

_MAX_ENTRIES = np.iinfo(INDEX_DTYPE).max


class Graph:
    """An undirected simple graph on vertices ``0 .. n_vertices - 1``.

    Stored as CSR arrays: the neighbours of ``v`` are
    ``neighbors[offsets[v]:offsets[v + 1]]``, each edge appearing once from each
    end. Build one with :meth:`from_edges` (or get one from a
    :class:`~matchgame.Board`); the arrays are read-only.

    Parameters
    ----------
    offsets, neighbors : array_like of int
        CSR arrays of a symmetric adjacency without self-loops or repeats; only
        their ranges are checked, not symmetry (use :meth:`from_edges` otherwise).
    side : array_like of {0, 1}, optional
        A known proper 2-colouring (bipartition), e.g. the cell parity of a board.
    labels : sequence, optional
        A name for every vertex (e.g. a NetworkX graph's nodes), for results.

    Examples
    --------
    >>> g = Graph.from_edges(3, [(0, 1), (1, 2)])
    >>> g.n_vertices, g.n_edges
    (3, 2)
    >>> g.neighbors_of(1).tolist()
    [0, 2]
    """

    def __init__(
        self,
        offsets: npt.ArrayLike,
        neighbors: npt.ArrayLike,
        side: npt.ArrayLike | None = None,
        labels: Sequence[Hashable] | None = None,
    ) -> None:
        self.offsets = _frozen(np.ascontiguousarray(offsets, dtype=INDEX_DTYPE))
        self.neighbors = _frozen(np.ascontiguousarray(neighbors, dtype=INDEX_DTYPE))
        if self.offsets.ndim != 1 or self.offsets.shape[0] < 1 or self.offsets[0] != 0:
            raise ValueError("offsets must be a 1-D array starting at 0")
        if self.offsets[-1] != self.neighbors.shape[0]:
            raise ValueError("offsets[-1] must equal len(neighbors)")
        from ._kernels.graphs import is_valid_csr

        if not is_valid_csr(self.offsets, self.neighbors):
            raise ValueError("offsets must not decrease and neighbors must be vertex ids")
        if labels is not None and len(labels) != self.n_vertices:
            raise ValueError("labels must have one entry per vertex")
        self.labels: tuple[Hashable, ...] | None = None if labels is None else tuple(labels)
        self._side = None
        if side is not None:
            side_array = np.ascontiguousarray(side, dtype=np.uint8)
            if side_array.shape != (self.n_vertices,):
                raise ValueError("side must have one entry per vertex")
            self._side = _frozen(side_array)

    @classmethod
    def from_edges(cls, n_vertices: int, edges: npt.ArrayLike) -> Graph:
        """Build a graph from ``n_vertices`` and an ``(m, 2)`` array of 0-based edges.

        Self-loops are dropped and repeated edges collapse: in the token game a
        loop can never be used and a second copy of an edge changes nothing.

        Raises
        ------
        MatchgameError
            If a vertex id is outside ``0 .. n_vertices - 1``.
        """
        if n_vertices < 0:
            raise MatchgameError(f"the number of vertices must be >= 0, got {n_vertices}")
        pairs = np.asarray(edges, dtype=np.int64).reshape(-1, 2)
        if pairs.size and (pairs.min() < 0 or pairs.max() >= n_vertices):
            bad = int(np.flatnonzero((pairs < 0).any(1) | (pairs >= n_vertices).any(1))[0])
            raise MatchgameError(
                f"edge {bad} ({pairs[bad, 0]}, {pairs[bad, 1]}) names a vertex outside "
                f"0..{n_vertices - 1}"
            )
        if 2 * pairs.shape[0] > _MAX_ENTRIES:
            raise MatchgameError(f"too many edges ({pairs.shape[0]})")
        from ._kernels.graphs import csr_from_edges

        offsets, targets = csr_from_edges(
            n_vertices, np.ascontiguousarray(pairs[:, 0]), np.ascontiguousarray(pairs[:, 1])
        )
        return cls(offsets, targets)

    @classmethod
    def from_networkx(cls, graph: Any) -> Graph:
        """Convert an undirected NetworkX graph; its nodes become :attr:`labels`.

        NetworkX is not imported by matchgame: any object with ``nodes`` and
        ``edges`` views will do. Directed graphs are refused.
        """
        if getattr(graph, "is_directed", lambda: False)():
            raise MatchgameError("the token game is played on undirected graphs")
        nodes = list(graph.nodes)
        index = {node: i for i, node in enumerate(nodes)}
        edges = np.array([(index[u], index[v]) for u, v in graph.edges()], dtype=np.int64)
        built = cls.from_edges(len(nodes), edges.reshape(-1, 2))
        return cls(built.offsets, built.neighbors, labels=nodes)

    @classmethod
    def from_scipy(cls, matrix: Any) -> Graph:
        """Convert a square SciPy sparse (or dense) adjacency matrix.

        Every nonzero entry ``(i, j)`` is an edge ``i - j`` (the matrix is
        symmetrised); SciPy is not imported by matchgame.
        """
        shape = getattr(matrix, "shape", None)
        if shape is None or len(shape) != 2 or shape[0] != shape[1]:
            raise MatchgameError("an adjacency matrix must be square")
        if hasattr(matrix, "tocoo"):
            coo = matrix.tocoo()
            nonzero = np.asarray(coo.data) != 0
            rows, cols = np.asarray(coo.row)[nonzero], np.asarray(coo.col)[nonzero]
        else:
            rows, cols = np.nonzero(np.asarray(matrix))
        return cls.from_edges(int(shape[0]), np.stack([rows, cols], axis=1))

    def label(self, v: int) -> Hashable:
        """The name of vertex ``v``: its label if the graph has labels, else ``v``."""
        return v if self.labels is None else self.labels[v]

    @property
    def n_vertices(self) -> int:
        """Number of vertices."""
        return self.offsets.shape[0] - 1

    @property
    def n_edges(self) -> int:
        """Number of (undirected) edges."""
        return self.neighbors.shape[0] // 2

    def neighbors_of(self, v: int) -> npt.NDArray[np.int32]:
        """The neighbours of ``v``, in increasing order when built by matchgame."""
        return self.neighbors[self.offsets[v] : self.offsets[v + 1]]

    @cached_property
    def sources(self) -> npt.NDArray[np.int32]:
        """The vertex each entry of :attr:`neighbors` belongs to (``neighbors[k]`` is a
        neighbour of ``sources[k]``)."""
        return _frozen(
            np.repeat(np.arange(self.n_vertices, dtype=INDEX_DTYPE), np.diff(self.offsets))
        )

    def edges(self) -> npt.NDArray[np.int32]:
        """All edges as an ``(n_edges, 2)`` array with ``u < v``, sorted."""
        keep = self.sources < self.neighbors
        return np.stack([self.sources[keep], self.neighbors[keep]], axis=1)

    @cached_property
    def degrees(self) -> npt.NDArray[np.int32]:
        """Degree of every vertex."""
        return _frozen(np.diff(self.offsets).astype(INDEX_DTYPE))

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

    def __repr__(self) -> str:
        return f"<Graph with {self.n_vertices} vertices and {self.n_edges} edges>"


def _frozen(array: np.ndarray) -> np.ndarray:
    array.setflags(write=False)
    return array


def _two_colouring(graph: Graph) -> np.ndarray:
    """A proper 2-colouring, or an empty array when there is an odd cycle."""
    from ._kernels.graphs import two_colouring

    return _frozen(two_colouring(graph.offsets, graph.neighbors))
