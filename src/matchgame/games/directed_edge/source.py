"""What directed edge geography is played on: any source, as a directed multigraph."""

from __future__ import annotations

from typing import Any

from ...core._convert import is_scipy_sparse, looks_like_networkx
from ...core.board import Board, as_board
from ...core.digraph import DiGraph
from ...core.dimultigraph import DiMultiGraph
from ...core.graph import Graph
from ...core.multigraph import MultiGraph
from ...errors import InvalidTypeError

__all__ = ["directed_edge_source"]


def directed_edge_source(
    source: Any, moves: str = "orthogonal"
) -> tuple[DiMultiGraph, Board | None]:
    """The directed multigraph of the game on ``source`` and its board (or None).

    A :class:`~matchgame.DiMultiGraph` is itself; a board or its rows give both arcs of
    every move; a :class:`~matchgame.DiGraph` its arcs; a NetworkX ``MultiDiGraph`` or
    ``DiGraph`` its arcs (parallel ones and loops kept), an undirected NetworkX graph,
    :class:`~matchgame.Graph` or :class:`~matchgame.MultiGraph` both arcs of every
    edge (a loop once); a SciPy matrix, entry ``(i, j)`` the number of arcs ``i -> j``.

    >>> graph, board = directed_edge_source(["..", ".#"])
    >>> graph.n_edges, board.n_free
    (4, 3)
    """
    if isinstance(source, DiMultiGraph):
        return source, None
    if isinstance(source, Board | list | tuple) and not (
        isinstance(source, list | tuple) and source and not isinstance(source[0], str)
    ):
        board = as_board(source, "source")
        return DiMultiGraph.from_board(board, moves), board
    if isinstance(source, DiGraph):
        return DiMultiGraph.from_digraph(source), None
    if isinstance(source, Graph | MultiGraph):
        return DiMultiGraph.from_graph(source), None
    if is_scipy_sparse(source):
        return DiMultiGraph.from_scipy(source), None
    if looks_like_networkx(source):
        return DiMultiGraph.from_networkx(source), None
    raise InvalidTypeError(
        "source must be a matchgame.DiMultiGraph or DiGraph, a board or its rows, a "
        f"matchgame.Graph or MultiGraph, a NetworkX graph or a SciPy matrix, got {source!r:.60}"
    )
