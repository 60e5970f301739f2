"""What other libraries' graphs look like, and how their edges are read (NetworkX and
SciPy are never imported: any object with the same attributes will do)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InvalidInputError, InvalidTypeError
from ._validate import describe, shorten

__all__ = ["is_scipy_sparse", "looks_like_networkx", "networkx_edges", "square_matrix"]


def square_matrix(matrix: Any, kinds: str, dense: str) -> tuple[Any, tuple[int, int]]:
    """``matrix`` itself if it is a SciPy sparse matrix, else as a numpy array whose
    dtype kind is one of ``kinds`` (``dense`` names those in the message), with its
    shape, which must be square."""
    shape = getattr(matrix, "shape", None)
    if not hasattr(matrix, "tocoo"):
        try:
            matrix = np.asarray(matrix)
        except (ValueError, TypeError):
            matrix = None
        if matrix is None or matrix.dtype.kind not in kinds:
            raise InvalidTypeError(
                f"matrix must be a SciPy sparse matrix or {dense}, got "
                f"{describe(matrix if matrix is not None else shape)}"
            )
        shape = matrix.shape
    if shape is None or len(shape) != 2 or shape[0] != shape[1]:
        raise InvalidInputError(f"matrix must be square, got shape {shorten(shape)}")
    return matrix, (int(shape[0]), int(shape[1]))


def networkx_edges(graph: Any) -> tuple[tuple[Hashable, ...], npt.NDArray[np.int64]]:
    """The nodes of an undirected NetworkX graph and its edges as an ``(m, 2)`` array
    of node positions (every edge of ``graph.edges()``, a multigraph's parallel ones
    and self-loops included). NetworkX is not imported: any object with ``nodes``,
    ``edges`` and ``is_directed`` will do."""
    if not looks_like_networkx(graph):
        raise InvalidTypeError(
            f"graph must be a NetworkX graph (with nodes and edges), got {describe(graph)}"
        )
    if graph.is_directed():
        raise InvalidInputError("the token game is played on undirected graphs")
    nodes = tuple(graph.nodes)
    index = {node: i for i, node in enumerate(nodes)}
    try:
        edges = [(index[u], index[v]) for u, v, *_ in graph.edges()]
    except (KeyError, ValueError, TypeError) as exc:
        raise InvalidInputError(
            f"graph has an edge that is not a pair of its nodes ({shorten(exc)})"
        ) from None
    return nodes, np.array(edges, dtype=np.int64).reshape(-1, 2)


def looks_like_networkx(graph: Any) -> bool:
    return all(hasattr(graph, name) for name in ("nodes", "edges", "is_directed"))


def is_scipy_sparse(value: Any) -> bool:
    """Whether ``value`` is a SciPy sparse matrix or array (SciPy is not imported)."""
    module = type(value).__module__ or ""
    return module.startswith("scipy.sparse") and hasattr(value, "tocoo")
