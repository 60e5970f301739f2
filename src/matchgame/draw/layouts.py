"""Where a graph's vertices go in its picture: NetworkX's layouts, or the coordinates
the graph's file (or NetworkX graph) gave its nodes.

========================  ====================================================
``layout``                where the vertices go
========================  ====================================================
``"auto"`` (default)      the nodes' own coordinates when every node has them,
                          else ``"spring"``
``"spring"``              NetworkX's ``spring_layout`` (seeded: the same
                          picture every time)
``"kamada-kawai"``        NetworkX's ``kamada_kawai_layout``: distances in the
                          picture follow distances in the graph (up to
                          :data:`KAMADA_KAWAI_MAX` vertices)
``"bipartite"``           NetworkX's ``bipartite_layout``: the two sides in two
                          columns (a graph with an odd cycle is refused); the
                          nodes' ``bipartite`` attribute picks the sides when
                          it is a 2-colouring, as NetworkX's bipartite graphs
                          carry it
``"circular"``            NetworkX's ``circular_layout``
``"file"``                the nodes' ``x`` and ``y`` attributes (GraphML from
                          Gephi), GML ``graphics [ x y ]`` (yEd) or NetworkX's
                          ``pos``; y grows downwards, as in SVG and yEd
========================  ====================================================

NetworkX (the ``graphs`` extra) is needed for every layout but ``"file"``; without
it ``"auto"`` puts the vertices on a circle.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core._validate import Integer, NoneOr, Options, plural
from ..errors import InvalidInputError

__all__ = [
    "DEFAULT_STYLE",
    "KAMADA_KAWAI_MAX",
    "LAYOUT",
    "LAYOUTS",
    "MAX_SIZE",
    "MIN_SIZE",
    "SIZE",
    "Style",
    "unit_positions",
]

LAYOUTS = ("auto", "spring", "kamada-kawai", "bipartite", "circular", "file")
"""The layouts of graph pictures, as ``layout=`` and ``--layout`` name them."""

MIN_SIZE, MAX_SIZE = 100, 10_000
"""The sizes a picture may be asked for (``size=``, ``--size``), in pixels."""


@dataclass(frozen=True)
class Style:
    """How a board or graph is drawn: ``layout``, where a graph's vertices go (one of
    :data:`LAYOUTS`; a board is drawn as its cells), and ``size``, the side in pixels
    of the square the drawing fits in (None: by what it holds, small pictures then
    enlarged on screen)."""

    layout: str = "auto"
    size: int | None = None

    def refuse_layout(self, what: str) -> None:
        """Refuse a layout chosen for ``what`` is drawn in its own places (a board)."""
        if self.layout != "auto":
            raise InvalidInputError(
                f"layout {self.layout!r} places a graph's vertices, and {what} is drawn as "
                "its grid of cells"
            )


DEFAULT_STYLE = Style()
"""Every picture's style unless told otherwise."""

LAYOUT = Options(LAYOUTS)
"""``layout=``, declared for :func:`~matchgame.core._validate.validate_params`."""
SIZE = NoneOr(Integer(low=MIN_SIZE, high=MAX_SIZE))
"""``size=``, declared for :func:`~matchgame.core._validate.validate_params`."""

KAMADA_KAWAI_MAX = 500
"""Most vertices the Kamada-Kawai layout places (its cost grows with the square of
the vertices and then some: seconds at 300)."""

_SPRING_ALONE_BELOW = 500  # vertices: NetworkX switches to its slower sparse solver here


def unit_positions(graph: Any, layout: str = "auto") -> tuple[npt.NDArray[np.float64], bool]:
    """The vertices' places in ``[0, 1]^2`` under ``layout`` (one of :data:`LAYOUTS`),
    and whether their shape is the graph's own (file coordinates, scaled alike in
    both directions: the picture keeps their proportions) rather than a layout's,
    which fills the square.

    Raises
    ------
    InvalidInputError
        For ``"file"`` on a graph whose nodes lack coordinates, ``"bipartite"`` on a
        graph with an odd cycle, ``"kamada-kawai"`` above :data:`KAMADA_KAWAI_MAX`
        vertices, and a layout that needs NetworkX (or SciPy) without it, naming the
        extra.

    Examples
    --------
    >>> from matchgame import Graph
    >>> xy, kept = unit_positions(Graph.from_edges(4, [(0, 1), (1, 2), (2, 3)]), "circular")
    >>> xy.shape, kept, float(xy.min()), float(xy.max())
    ((4, 2), False, 0.0, 1.0)
    """
    names = graph.names
    if layout in ("auto", "file"):
        given = names.positions()
        if given is not None:
            return _fit(given, keep_shape=True), True
        if layout == "file":
            raise InvalidInputError(
                "layout 'file' draws the nodes at their own coordinates, and this graph's "
                "nodes have none (every node needs x and y, GML graphics, or a pos pair)"
            )
    n = graph.n_vertices
    nx = _networkx(layout)
    if nx is None:  # "auto" without NetworkX: a circle, as NetworkX would start one
        angles = 2 * np.pi * np.arange(n) / max(n, 1)
        circle = np.stack([0.5 + 0.5 * np.sin(angles), 0.5 - 0.5 * np.cos(angles)], axis=1)
        return circle, False
    nx_graph = nx.Graph()
    nx_graph.add_nodes_from(range(n))
    nx_graph.add_edges_from(graph.edges.tolist())  # a digraph's arcs: its undirected graph
    if layout == "kamada-kawai":
        if n > KAMADA_KAWAI_MAX:
            raise InvalidInputError(
                f"layout 'kamada-kawai' places at most {KAMADA_KAWAI_MAX} vertices, this graph "
                f"has {n}: use layout 'spring'"
            )
        _require_scipy(layout, n)
        placed = nx.kamada_kawai_layout(nx_graph) if n > 1 else nx.circular_layout(nx_graph)
    elif layout == "bipartite":
        placed = nx.bipartite_layout(nx_graph, _top_side(nx, nx_graph, names.node_data))
    elif layout == "circular":
        placed = nx.circular_layout(nx_graph)
    else:
        placed = _spring(nx, nx_graph)
    xy = np.array([placed[v] for v in range(n)], dtype=np.float64).reshape(n, 2)
    return _fit(xy, keep_shape=False), False


def _networkx(layout: str) -> Any:
    try:
        import networkx as nx  # type: ignore[import-untyped]
    except ImportError:
        if layout == "auto":
            return None
        raise InvalidInputError(
            f"layout {layout!r} needs NetworkX: pip install networkx scipy "
            "(in a clone of matchgame: pip install -e '.[graphs]')"
        ) from None
    return nx


def _require_scipy(layout: str, n: int) -> None:
    """NetworkX's Kamada-Kawai layout, and its spring layout from 500 vertices, use SciPy."""
    try:
        import scipy.sparse  # noqa: F401
    except ImportError:
        raise InvalidInputError(
            f"a picture of a graph of {plural(n, 'vertex', 'vertices')} needs SciPy for its layout "
            f"({layout}): "
            "pip install scipy (in a clone of matchgame: pip install -e '.[graphs]')"
        ) from None


def _spring(nx: Any, nx_graph: Any) -> Any:
    """NetworkX's spring layout, seeded; from 500 vertices started from the spectral
    layout (the spring layout alone slows down tenfold there)."""
    n = nx_graph.number_of_nodes()
    if n < _SPRING_ALONE_BELOW:
        return nx.spring_layout(nx_graph, seed=1)
    _require_scipy("spring", n)
    from scipy.sparse.linalg import ArpackError

    try:
        start = nx.spectral_layout(nx_graph)
    except ArpackError:  # the Laplacian of an edgeless graph is zero: no eigenvector
        start = None  # (the spring layout then starts from seeded random places)
    iterations = max(8, 12_500 // n)
    return nx.spring_layout(nx_graph, pos=start, seed=1, iterations=iterations)


def _top_side(nx: Any, nx_graph: Any, node_data: Any) -> list[int]:
    """One side of a bipartite graph: the vertices whose ``bipartite`` attribute is the
    first one's, when that attribute is a proper 2-colouring; else a 2-colouring
    NetworkX finds (each component's first vertex on the top side)."""
    if not nx.is_bipartite(nx_graph):
        raise InvalidInputError(
            "layout 'bipartite' puts the two sides of a bipartite graph in two columns, and "
            "this graph has an odd cycle: choose another layout (spring, kamada-kawai, circular)"
        )
    if node_data is not None:
        sides = [data.get("bipartite") for data in node_data]
        if len(set(map(repr, sides))) == 2 and all(sides[u] != sides[v] for u, v in nx_graph.edges):
            return [v for v, side in enumerate(sides) if side == sides[0]]
    colours = nx.bipartite.color(nx_graph)
    return [v for v in range(nx_graph.number_of_nodes()) if colours[v] == 0]


def _fit(xy: npt.NDArray[np.float64], *, keep_shape: bool) -> npt.NDArray[np.float64]:
    """``xy`` moved and scaled into ``[0, 1]^2``: each axis on its own (a layout fills
    the square), or both by the larger extent (``keep_shape``: coordinates a file gave
    keep their proportions, the shorter side shorter)."""
    if not xy.shape[0]:
        return xy
    low, high = xy.min(axis=0), xy.max(axis=0)
    extent = high - low
    if keep_shape:
        extent = np.full(2, extent.max())
    fitted: npt.NDArray[np.float64] = (xy - low) / np.where(extent > 0, extent, 1.0)
    return fitted
