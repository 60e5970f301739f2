"""Maximum matchings and who wins where.

The theorem behind matchgame: with the token on ``v`` and the visited vertices
removed, the player to move wins iff every maximum matching covers ``v``. The
vertices some maximum matching misses form the set ``D`` of the Gallai-Edmonds
decomposition; :func:`decompose` computes it together with a maximum matching.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .._kernels import bipartite as _bip
from .._kernels import blossom as _blossom
from .._kernels import edmonds as _edmonds
from .._kernels._stop import check as _stop_point
from ..errors import InvalidInputError, InvalidTypeError
from ._deprecated import deprecated_alias
from ._engines import ALGORITHMS as ALGORITHMS  # the engines' names, public here
from ._engines import Algorithm as Algorithm
from ._engines import matching_and_labels
from ._validate import (
    Options,
    as_bool_array,
    as_choice,
    as_int,
    as_int_array,
    describe,
    first_index,
    frozen_copy,
    plural,
    validate_params,
)
from .graph import INDEX_DTYPE, Graph, as_graph

__all__ = [
    "Decomposition",
    "GallaiEdmonds",
    "decompose",
    "gallai_edmonds",
    "is_maximum_matching",
    "maximum_matching",
]

ENGINES: tuple[str, ...] = ("bipartite", "blossom")


@validate_params(algorithm=Options(ALGORITHMS))
def maximum_matching(graph: Graph, *, algorithm: Algorithm = "auto") -> npt.NDArray[np.int32]:
    """A maximum-cardinality matching of any graph.

    Parameters
    ----------
    graph : Graph or networkx.Graph
        A NetworkX graph is converted with :meth:`Graph.from_networkx`; vertex
        ``i`` is then its ``i``-th node.
    algorithm : {"auto", "push_relabel", "hopcroft_karp", "blossom"}
        All start from a Karp-Sipser greedy matching. ``"auto"`` tests
        bipartiteness (a BFS 2-colouring) and uses push-relabel (double push,
        FIFO, global relabelling) on bipartite graphs, Edmonds' blossom
        algorithm otherwise. The bipartite engines refuse graphs with an odd
        cycle; the blossom engine takes any graph.

    Returns
    -------
    ndarray of int32
        ``mate[v]`` is the vertex matched to ``v``, or -1 if ``v`` is exposed.

    Raises
    ------
    InvalidInputError
        If ``algorithm`` is unknown, or a bipartite engine is asked for on a
        graph with an odd cycle.
    InvalidTypeError
        If ``graph`` is not a graph.

    See Also
    --------
    decompose : The matching and the vertices some maximum matching misses.
    gallai_edmonds : The Gallai-Edmonds sets D, A and C.
    is_maximum_matching : Checks a matching from scratch.

    Notes
    -----
    Karp-Sipser runs in O(V + E); push-relabel in O(V E) in the worst case and
    Hopcroft-Karp in O(E sqrt(V)), but on grids the global relabels make
    push-relabel the fastest in practice (see BENCHMARKS.md). The blossom
    engine searches once from each exposed vertex, contracting blossoms with a
    union-find, and deletes the Hungarian tree of every failed search: O(V E
    alpha) in the worst case.

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
    .. [4] J. Edmonds, "Paths, trees, and flowers", Canad. J. Math. 17 (1965).
       https://doi.org/10.4153/CJM-1965-045-4

    Examples
    --------
    >>> g = Graph.from_edges(4, [(0, 1), (1, 2), (2, 3)])
    >>> maximum_matching(g).tolist()
    [1, 0, 3, 2]
    """
    graph = as_graph(graph)
    return matching_and_labels(graph, algorithm)[0]


def is_maximum_matching(graph: Graph, mate: npt.ArrayLike) -> bool:
    """Whether ``mate`` is a valid matching of ``graph`` with no augmenting path.

    Checked from scratch by growing an alternating forest from every exposed
    vertex (blossoms contracted): an edge joining two trees is an augmenting path.

    Parameters
    ----------
    graph : Graph or networkx.Graph
        The graph the matching is of.
    mate : array_like of int, shape (n_vertices,)
        ``mate[v]`` is the partner of ``v`` or -1.

    Returns
    -------
    bool
        False if ``mate`` is not a matching of ``graph``: another length, an
        entry outside ``-1 .. n_vertices - 1``, ``mate[mate[v]] != v``, a pair
        that is not an edge; or if it is not maximum.

    Raises
    ------
    InvalidInputError, InvalidTypeError
        If ``mate`` does not hold integers (bools, strings, fractions).

    See Also
    --------
    maximum_matching : Finds a maximum matching.
    decompose : A maximum matching and who wins where.

    Examples
    --------
    >>> path = Graph.from_edges(4, [(0, 1), (1, 2), (2, 3)])
    >>> is_maximum_matching(path, [1, 0, 3, 2]), is_maximum_matching(path, [-1, 2, 1, -1])
    (True, False)
    """
    graph = as_graph(graph)
    mate = as_int_array(mate, "mate")
    n = graph.n_vertices
    if mate.shape != (n,) or ((mate < -1) | (mate >= n)).any():
        return False
    matched = np.flatnonzero(mate >= 0)
    partners = mate[matched]
    if (mate[partners] != matched).any():
        return False
    if not graph.has_edges(matched, partners).all():
        return False
    labels = _blossom.gallai_edmonds_labels(graph.offsets, graph.indices, mate.astype(INDEX_DTYPE))
    return len(labels) == graph.n_vertices


def _mate_array(mate: object, n: int, name: str) -> np.ndarray:
    """``mate`` as an integer array of shape ``(n,)``, entries in ``-1 .. n - 1``
    (symmetry not checked)."""
    array = mate if isinstance(mate, np.ndarray) and mate.dtype.kind in "iu" else None
    if array is None:
        array = as_int_array(mate, name)
    if array.shape != (n,):
        raise InvalidInputError(
            f"{name} must have shape ({n},), one entry per vertex; got {array.shape}"
        )
    if n and (array.min() < -1 or array.max() >= n):
        v = first_index((array < -1) | (array >= n))
        raise InvalidInputError(f"{name}[{v}] = {array[v]} is neither -1 nor a vertex id")
    return array


@dataclass(frozen=True, eq=False, repr=False)
class Decomposition:
    """A maximum matching and the Gallai-Edmonds decomposition it certifies.

    Made by :func:`decompose`; one built by hand is checked (a symmetric ``mate``,
    ``missable`` of the same length, a known ``engine``) and its arrays copied
    read-only.

    Parameters
    ----------
    mate : array_like of int, shape (n_vertices,)
        ``mate[v]`` is the partner of ``v`` or -1; ``mate[mate[v]] == v``.
    missable : array_like of bool, shape (n_vertices,)
        True where some maximum matching misses the vertex (the set D).
    engine : {"bipartite", "blossom"}, default "bipartite"
        The engine that produced it.

    Attributes
    ----------
    mate : ndarray of int32
        A maximum matching (``-1`` = exposed).
    missable : ndarray of bool
        The set D: ``missable[v]`` is true iff some maximum matching misses
        ``v``. With the token on ``v`` (nothing visited), the player to move
        loses exactly when ``v`` is missable, so D is where a placer wins.
    engine : str
        ``"bipartite"`` or ``"blossom"``: which engine produced it.

    See Also
    --------
    decompose : Computes it for a graph.
    GallaiEdmonds : The sets D, A and C it determines.
    Analysis : Who wins where, by vertex name, for a board or a graph.

    Examples
    --------
    >>> import matchgame
    >>> d = matchgame.decompose(matchgame.Graph.from_edges(3, [(0, 1), (1, 2)]))
    >>> d.matching_size, d.missable.tolist(), d.mover_wins_at(1)
    (1, [True, False, True], True)
    """

    mate: npt.NDArray[np.int32]
    missable: npt.NDArray[np.bool_]
    engine: str = "bipartite"
    # the graph decompose() computed this for, and (bipartite engine) the vertex each
    # missable vertex was reached from, which a certificate reuses (not fields: no
    # part of ==, repr, replace)
    _graph = None
    _via = None

    @classmethod
    def _trusted(
        cls,
        mate: npt.NDArray[np.int32],
        missable: npt.NDArray[np.bool_],
        engine: str,
        graph: Graph,
        via: npt.NDArray[np.int32] | None = None,
    ) -> Decomposition:
        """A decomposition :func:`decompose` computed: read-only arrays of the right
        dtypes, nothing checked again."""
        result = cls.__new__(cls)
        for name, value in (
            ("mate", mate),
            ("missable", missable),
            ("engine", engine),
            ("_graph", graph),
            ("_via", via),
        ):
            object.__setattr__(result, name, value)
        return result

    def __post_init__(self) -> None:
        # Built by hand, the arrays must still be what the kernels and the
        # certificates expect: a symmetric mate array and a mask of the same length.
        mate = self.mate
        if not (isinstance(mate, np.ndarray) and mate.dtype.kind in "iu"):
            mate = as_int_array(mate, "mate")  # integer arrays are checked as they are
        if mate.ndim != 1:
            raise InvalidInputError(f"mate must be 1-D, got shape {mate.shape}")
        n = mate.shape[0]
        mate = _mate_array(mate, n, "mate")
        asymmetric = (mate >= 0) & (mate[np.maximum(mate, 0)] != np.arange(n))
        if asymmetric.any():
            v = first_index(asymmetric)
            raise InvalidInputError(
                f"mate is not a matching: mate[{v}] = {mate[v]} but mate[{mate[v]}] = "
                f"{mate[mate[v]]}"
            )
        missable = as_bool_array(self.missable, "missable")
        if missable.shape != (n,):
            raise InvalidInputError(
                f"missable must have shape ({n},), like mate; got {missable.shape}"
            )
        as_choice(self.engine, "engine", ENGINES)
        object.__setattr__(self, "mate", frozen_copy(mate, INDEX_DTYPE))
        object.__setattr__(self, "missable", frozen_copy(missable, np.bool_))

    @property
    def matching_size(self) -> int:
        """Number of edges in a maximum matching."""
        return int((self.mate >= 0).sum()) // 2

    def mover_wins_at(self, v: int) -> bool:
        """Whether the player to move wins with the token on ``v`` (nothing visited), as
        :meth:`Analysis.mover_wins_at <matchgame.Analysis.mover_wins_at>` says it."""
        v = as_int(v, "v", low=0, high=self.mate.shape[0] - 1)
        return not bool(self.missable[v])

    def __repr__(self) -> str:
        n = self.mate.shape[0]
        return (
            f"<Decomposition of {plural(n, 'vertex', 'vertices')}: matching size "
            f"{self.matching_size}, "
            f"{int(self.missable.sum())} missable, engine {self.engine!r}>"
        )

    mover_wins = deprecated_alias("mover_wins_at")  # the old name, for one release

    def matching_pairs(self) -> npt.NDArray[np.int32]:
        """The matching as a ``(matching_size, 2)`` array of pairs ``(u, v)`` with ``u < v``."""
        ends = np.flatnonzero(self.mate > np.arange(self.mate.shape[0])).astype(INDEX_DTYPE)
        return np.stack([ends, self.mate[ends]], axis=1)


@dataclass(frozen=True, eq=False, repr=False)
class GallaiEdmonds:
    """The Gallai-Edmonds sets as boolean masks over the vertices.

    ``D``: missed by some maximum matching; ``A``: neighbours of D outside D;
    ``C``: the rest (covered by every maximum matching, no neighbour in D).

    Made by :func:`gallai_edmonds`; each mask is read-only.

    Parameters
    ----------
    D : ndarray of bool, shape (n_vertices,)
        The vertices some maximum matching misses.
    A : ndarray of bool, shape (n_vertices,)
        The vertices outside D with a neighbour in D.
    C : ndarray of bool, shape (n_vertices,)
        The other vertices.

    See Also
    --------
    gallai_edmonds : Computes the sets of a graph.
    Decomposition : The maximum matching and the set D they come from.

    Examples
    --------
    >>> import matchgame
    >>> path = matchgame.Graph.from_edges(3, [(0, 1), (1, 2)])
    >>> sets = matchgame.gallai_edmonds(path, matchgame.decompose(path))
    >>> sets.D.tolist(), sets.A.tolist(), sets.C.tolist()
    ([True, False, True], [False, True, False], [False, False, False])
    """

    D: npt.NDArray[np.bool_]
    A: npt.NDArray[np.bool_]
    C: npt.NDArray[np.bool_]

    def __repr__(self) -> str:
        sizes = ", ".join(f"|{k}| = {int(getattr(self, k).sum())}" for k in "DAC")
        return f"<GallaiEdmonds {sizes}>"


def gallai_edmonds(graph: Graph, decomposition: Decomposition) -> GallaiEdmonds:
    """The sets D, A, C of ``graph`` from its :class:`Decomposition`.

    Parameters
    ----------
    graph : Graph, networkx.Graph or scipy.sparse matrix
        The graph; a NetworkX graph is converted with :meth:`Graph.from_networkx`
        (vertex ``i`` is its ``i``-th node), a SciPy adjacency with
        :meth:`Graph.from_scipy`.
    decomposition : Decomposition
        A decomposition of ``graph``, from :func:`decompose`; one of another graph
        (another vertex count, or a matched pair that is not an edge) is refused.

    Returns
    -------
    GallaiEdmonds
        The three sets as read-only boolean masks over the vertices.

    See Also
    --------
    decompose : The decomposition this reads.
    maximum_matching : A maximum matching alone.

    References
    ----------
    .. [1] T. Gallai, "Maximale Systeme unabhängiger Kanten", Magyar Tud. Akad. Mat.
       Kutató Int. Közl. 9 (1964) 401-413.
    .. [2] J. Edmonds, "Paths, trees, and flowers", Canad. J. Math. 17 (1965) 449-467.
       https://doi.org/10.4153/CJM-1965-045-4

    Examples
    --------
    A triangle with a pendant vertex 3 on vertex 0 has a perfect matching, so
    D and A are empty; a bare triangle is all D.

    >>> tri = Graph.from_edges(3, [(0, 1), (1, 2), (2, 0)])
    >>> ge = gallai_edmonds(tri, decompose(tri))
    >>> ge.D.tolist(), ge.A.tolist()
    ([True, True, True], [False, False, False])
    """
    graph = as_graph(graph)
    check_decomposition(graph, decomposition)
    d = np.array(decomposition.missable, dtype=bool)
    a = np.zeros(graph.n_vertices, dtype=bool)
    a[graph.indices[d[graph.sources]]] = True
    a &= ~d
    c = ~(d | a)
    for mask in (d, a, c):
        mask.setflags(write=False)
    return GallaiEdmonds(d, a, c)


def check_decomposition(graph: Graph, decomposition: object, name: str = "decomposition") -> None:
    """``decomposition`` is a :class:`Decomposition` of ``graph``: same vertex count and
    a matching made of ``graph``'s edges."""
    if not isinstance(decomposition, Decomposition):
        raise InvalidTypeError(
            f"{name} must be a Decomposition (from decompose(graph)), got {describe(decomposition)}"
        )
    if decomposition._graph is graph:
        return  # made by decompose(graph): both are immutable, nothing to re-check
    mate = decomposition.mate
    if mate.shape[0] != graph.n_vertices:
        raise InvalidInputError(
            f"{name} has "
            f"{plural(mate.shape[0], 'vertex', 'vertices')} but the graph has {graph.n_vertices}"
        )
    matched = np.flatnonzero(mate >= 0)
    not_edges = ~graph.has_edges(matched, mate[matched])
    if not_edges.any():
        v = int(matched[first_index(not_edges)])
        raise InvalidInputError(
            f"{name} is not of this graph: it matches {v} with {mate[v]}, which is not an edge"
        )


@validate_params(algorithm=Options(ALGORITHMS))
def decompose(graph: Graph, *, algorithm: Algorithm = "auto") -> Decomposition:
    """Maximum matching plus the set of vertices some maximum matching misses.

    In a bipartite graph, ``v`` is missed by some maximum matching iff an
    even-length alternating path joins ``v`` to an exposed vertex; one BFS from
    all exposed vertices finds them in O(V + E) after the matching. In a general
    graph the same search contracts blossoms (Edmonds' forest, Gallai-Edmonds
    structure theorem). ``algorithm`` is passed to :func:`maximum_matching`.

    Parameters
    ----------
    graph : Graph, networkx.Graph or scipy.sparse matrix
        The graph; a NetworkX graph is converted with :meth:`Graph.from_networkx`
        (vertex ``i`` is its ``i``-th node), a SciPy adjacency with
        :meth:`Graph.from_scipy`.
    algorithm : {"auto", "push_relabel", "hopcroft_karp", "blossom"}
        The matching engine, as for :func:`maximum_matching`; the bipartite ones
        refuse a graph with an odd cycle.

    Returns
    -------
    Decomposition
        A maximum matching and the set D of the vertices some maximum matching
        misses; with the token on ``v`` and nothing visited, the player to move
        wins iff ``v`` is not in D.

    See Also
    --------
    gallai_edmonds : The sets D, A and C from this decomposition.
    maximum_matching : A maximum matching alone.
    analyse : Who wins where, by vertex name, for a board or a graph.

    References
    ----------
    .. [1] A. S. Fraenkel, E. R. Scheinerman, D. Ullman, "Undirected edge geography",
       Theoret. Comput. Sci. 112 (1993) 371-381.
       https://doi.org/10.1016/0304-3975(93)90026-P
    .. [2] J. Edmonds, "Paths, trees, and flowers", Canad. J. Math. 17 (1965) 449-467.
       https://doi.org/10.4153/CJM-1965-045-4
    .. [3] T. Gallai, "Maximale Systeme unabhängiger Kanten", Magyar Tud. Akad. Mat.
       Kutató Int. Közl. 9 (1964) 401-413.

    Examples
    --------
    A path on three vertices: the middle one is in every maximum matching, so
    the player to move wins there; the ends can be missed.

    >>> d = decompose(Graph.from_edges(3, [(0, 1), (1, 2)]))
    >>> d.missable.tolist()
    [True, False, True]
    >>> d.mover_wins_at(1)
    True
    """
    graph = as_graph(graph)
    mate, labels = matching_and_labels(graph, algorithm)
    if labels is None:
        found, via = _bip.missable_bipartite(graph.offsets, graph.indices, mate)
        missable = found.view(np.bool_)
        via.setflags(write=False)
        engine = "bipartite"
    else:
        missable = labels == _edmonds.EVEN
        engine = "blossom"
        via = None
    _stop_point()
    mate.setflags(write=False)
    missable.setflags(write=False)
    return Decomposition._trusted(mate, missable, engine, graph, via)
