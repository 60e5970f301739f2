"""Maximum matchings and who wins where.

The theorem behind matchgame: with the token on ``v`` and the visited vertices
removed, the player to move wins iff every maximum matching covers ``v``. The
vertices some maximum matching misses form the set ``D`` of the Gallai-Edmonds
decomposition; :func:`decompose` computes it together with a maximum matching.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np
import numpy.typing as npt

from ._kernels import bipartite as _bip
from .errors import MatchgameError
from .graph import INDEX_DTYPE, Graph

__all__ = [
    "Decomposition",
    "decompose",
    "is_maximum_matching",
    "maximum_matching",
]

Algorithm = Literal["push_relabel", "hopcroft_karp"]

# Global relabel after scanning this many times the graph's size; measured on
# grid boards: 0.05 .. 0.15 do best (see BENCHMARKS.md).
_RELABEL_PERIOD = 0.1


def maximum_matching(
    graph: Graph, *, algorithm: Algorithm = "push_relabel"
) -> npt.NDArray[np.int32]:
    """A maximum-cardinality matching of a bipartite graph.

    Parameters
    ----------
    graph : Graph
        A bipartite graph (for example a board's grid graph).
    algorithm : {"push_relabel", "hopcroft_karp"}
        Both start from a Karp-Sipser greedy matching. Push-relabel (double push,
        FIFO, global relabelling) is the default: on grid boards, whose augmenting
        paths are long, it is several times faster than Hopcroft-Karp.

    Returns
    -------
    mate : ndarray of int32
        ``mate[v]`` is the vertex matched to ``v``, or -1 if ``v`` is exposed.

    Raises
    ------
    MatchgameError
        If the graph has an odd cycle.

    Notes
    -----
    Karp-Sipser runs in O(V + E); push-relabel in O(V E) in the worst case and
    Hopcroft-Karp in O(E sqrt(V)), but on grids the global relabels make
    push-relabel the fastest in practice (see BENCHMARKS.md).

    References
    ----------
    .. [1] R. M. Karp, M. Sipser, "Maximum matchings in sparse random graphs",
       FOCS 1981. https://doi.org/10.1109/SFCS.1981.21
    .. [2] B. V. Cherkassky, A. V. Goldberg, P. Martin, J. C. Setubal, J. Stolfi,
       "Augment or push: a computational study of bipartite matching and
       unit-capacity flow algorithms", ACM J. Exp. Algorithmics 3 (1998).
       https://doi.org/10.1145/297096.297140
    .. [3] J. E. Hopcroft, R. M. Karp, "An n^5/2 algorithm for maximum matchings
       in bipartite graphs", SIAM J. Comput. 2 (1973).
       https://doi.org/10.1137/0202019

    Examples
    --------
    >>> g = Graph.from_edges(4, [(0, 1), (1, 2), (2, 3)])
    >>> maximum_matching(g).tolist()
    [1, 0, 3, 2]
    """
    side = graph.side
    if side is None:
        raise MatchgameError("the graph has an odd cycle; bipartite matching does not apply")
    mate = np.full(graph.n_vertices, -1, dtype=INDEX_DTYPE)
    if graph.n_edges == 0:
        return mate
    _bip.greedy_karp_sipser(graph.offsets, graph.neighbors, mate)
    if algorithm == "push_relabel":
        _bip.push_relabel(graph.offsets, graph.neighbors, side, mate, _RELABEL_PERIOD)
    elif algorithm == "hopcroft_karp":
        _bip.hopcroft_karp(graph.offsets, graph.neighbors, side, mate)
    else:
        raise ValueError(f"unknown algorithm {algorithm!r}")
    return mate


def is_maximum_matching(graph: Graph, mate: npt.ArrayLike) -> bool:
    """Whether ``mate`` is a valid matching of ``graph`` with no augmenting path.

    Checked from scratch with Hopcroft-Karp on a copy, so it is independent of
    the default push-relabel engine.
    """
    mate = np.array(mate, dtype=INDEX_DTYPE)
    if mate.shape != (graph.n_vertices,):
        return False
    for v in np.flatnonzero(mate >= 0):
        w = mate[v]
        if mate[w] != v or w not in graph.neighbors_of(int(v)):
            return False
    side = graph.side
    if side is None:
        raise MatchgameError("the graph has an odd cycle; bipartite matching does not apply")
    before = int((mate >= 0).sum())
    _bip.hopcroft_karp(graph.offsets, graph.neighbors, side, mate)
    return int((mate >= 0).sum()) == before


@dataclass(frozen=True)
class Decomposition:
    """A maximum matching and the vertices some maximum matching misses.

    Attributes
    ----------
    mate : ndarray of int32
        A maximum matching (``-1`` = exposed).
    missable : ndarray of bool
        ``missable[v]`` is true iff some maximum matching misses ``v`` (the set
        ``D`` of the Gallai-Edmonds decomposition). A token on ``v`` with the
        opponent to move is a win for the player who put it there exactly
        when ``v`` is missable.
    """

    mate: npt.NDArray[np.int32]
    missable: npt.NDArray[np.bool_]

    @property
    def matching_size(self) -> int:
        """Number of edges in a maximum matching."""
        return int((self.mate >= 0).sum()) // 2

    def mover_wins(self, v: int) -> bool:
        """Whether the player to move wins with the token on ``v``."""
        return not bool(self.missable[v])


def decompose(graph: Graph, *, algorithm: Algorithm = "push_relabel") -> Decomposition:
    """Maximum matching plus the set of vertices some maximum matching misses.

    In a bipartite graph, ``v`` is missed by some maximum matching iff an
    even-length alternating path joins ``v`` to an exposed vertex; one BFS from
    all exposed vertices finds them in O(V + E) after the matching.

    Examples
    --------
    A path on three vertices: the middle one is in every maximum matching, so
    the player to move wins there; the ends can be missed.

    >>> d = decompose(Graph.from_edges(3, [(0, 1), (1, 2)]))
    >>> d.missable.tolist()
    [True, False, True]
    >>> d.mover_wins(1)
    True
    """
    mate = maximum_matching(graph, algorithm=algorithm)
    missable = _bip.missable_bipartite(graph.offsets, graph.neighbors, mate).view(np.bool_)
    mate.setflags(write=False)
    missable.setflags(write=False)
    return Decomposition(mate, missable)
