"""What directed geography is played on: any source, as a digraph."""

from __future__ import annotations

from typing import Any

from ...core._convert import is_scipy_sparse
from ...core.board import Board, as_board
from ...core.digraph import DiGraph
from ...core.dimultigraph import DiMultiGraph
from ...core.graph import Graph, as_graph
from ...errors import InvalidTypeError

__all__ = ["directed_source", "read_as"]


def directed_source(source: Any, moves: str = "orthogonal") -> tuple[DiGraph, Board | None]:
    """The digraph of the directed game on ``source`` and its board (or None): a board or
    its rows (both arcs of every move), a :class:`DiGraph` or
    :class:`~matchgame.DiMultiGraph` (its arcs), a NetworkX graph (a
    ``DiGraph``'s arcs; an undirected graph's edges both ways), a :class:`Graph` (both
    arcs) or a SciPy matrix (entry ``(i, j)``: the arc ``i -> j``)."""
    if isinstance(source, DiGraph):
        return source, None
    if isinstance(source, DiMultiGraph):  # its arcs, each once (a loop is never a move here)
        return DiGraph._trusted(source.n_vertices, source.arcs, source.names), None
    if isinstance(source, Board | list | tuple) and not (
        isinstance(source, list | tuple) and source and not isinstance(source[0], str)
    ):
        board = as_board(source, "source")
        return DiGraph.from_graph(board.to_graph(moves)), board
    if is_scipy_sparse(source):
        return DiGraph.from_scipy(source), None
    if hasattr(source, "is_directed") and hasattr(source, "nodes"):
        return DiGraph.from_networkx(source), None
    if isinstance(source, Graph):
        return DiGraph.from_graph(as_graph(source)), None
    support = getattr(source, "support", None)
    if isinstance(support, Graph):  # a multigraph: its pairs, both ways
        return DiGraph.from_graph(support), None
    raise InvalidTypeError(
        "source must be a matchgame.DiGraph, a board or its rows, a matchgame.Graph, a "
        f"NetworkX graph or a SciPy matrix, got {source!r:.60}"
    )


def read_as(source: Any) -> str:
    """How the directed game reads ``source``: ``"arcs"`` when it carries direction (a
    :class:`DiGraph`, a NetworkX ``DiGraph``, a SciPy matrix), ``"symmetric"`` when it
    holds edges only, each read as both arcs (a board, a :class:`Graph`, an undirected
    NetworkX graph, a multigraph: what METIS, DIMACS, graph6 and symmetric matrices
    are read as). Answers say which, rather than read edges as arcs silently.

    >>> read_as(DiGraph(2, [(0, 1)])), read_as(Graph.from_edges(2, [(0, 1)]))
    ('arcs', 'symmetric')
    """
    if isinstance(source, DiGraph) or is_scipy_sparse(source):
        return "arcs"
    is_directed = getattr(source, "is_directed", None)
    if callable(is_directed) and hasattr(source, "nodes"):
        return "arcs" if is_directed() else "symmetric"
    return "symmetric"
