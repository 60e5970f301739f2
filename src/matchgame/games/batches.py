"""What every game's answers of a sweep's batch give: :class:`BaseBatchAnswers`.

A sweep (:mod:`matchgame.sweep`) hands each batch of graphs to its game's
:meth:`~matchgame.Game.sweep_batch`, which answers them all at once (the vertex game
as one disjoint union, the others graph by graph) and gives back an object of this
shape: per graph its vertices, edges and winning placements, the values the game
declares (:attr:`~matchgame.Game.sweep_values`) for conditions and counts, and one
JSON document per graph. The sweep asks nothing else of it, and never which game it
holds.
"""

from __future__ import annotations

import abc
from collections.abc import Sequence
from typing import ClassVar

import numpy as np
import numpy.typing as npt

from .contract import GameOf

__all__ = ["BASE_VALUES", "BaseBatchAnswers"]

BASE_VALUES = ("n", "m", "winning")
"""The values every game's batch gives per graph: vertices, edges (parallel edges and
self-loops counted where the game keeps them), winning placements."""


class BaseBatchAnswers(abc.ABC):
    """The answers of a batch of graphs in one game (see the module docstring).

    Subclasses set :attr:`rules` and give :attr:`vertex_start`, :attr:`n_edges`,
    :attr:`winning_count`, and :meth:`documents`; a game with values of its own
    (:attr:`~matchgame.Game.sweep_values` beyond :data:`BASE_VALUES`) adds them in
    :meth:`_own_values`.

    Attributes
    ----------
    rules : Game
        The game answered.
    vertex_start : ndarray of int64
        ``n_graphs + 1`` offsets: graph ``g`` is the batch's vertices
        ``vertex_start[g]`` up to ``vertex_start[g + 1]``.
    n_edges, winning_count : ndarray of int64
        Per graph: edges, and winning placements.
    """

    rules: ClassVar[GameOf]
    vertex_start: npt.NDArray[np.int64]
    n_edges: npt.NDArray[np.int64]
    winning_count: npt.NDArray[np.int64]

    @property
    def game(self) -> str:
        """The game's name (:attr:`rules` is the game)."""
        return self.rules.name

    @property
    def n_graphs(self) -> int:
        """Number of graphs in the batch."""
        return int(self.vertex_start.shape[0]) - 1

    def values(self) -> dict[str, npt.NDArray[np.int64]]:
        """Per graph, every value the game declares (:attr:`~matchgame.Game.sweep_values`):
        ``n``, ``m``, ``winning`` and the game's own, in that order: what a sweep's
        conditions are evaluated on and its counts histogram."""
        found = {
            "n": np.diff(self.vertex_start),
            "m": self.n_edges,
            "winning": self.winning_count,
            **self._own_values(),
        }
        return {name: found[name] for name in self.rules.sweep_values}

    def _own_values(self) -> dict[str, npt.NDArray[np.int64]]:
        """The game's values beyond :data:`BASE_VALUES` (none by default)."""
        return {}

    def _placements_documents(
        self,
        winning: npt.NDArray[np.bool_],
        counted: str,
        graphs: Sequence[int] | None,
        prefixes: Sequence[bytes] | None,
        read_as: str | None = None,
    ) -> list[bytes]:
        """:meth:`documents` of a game whose answer on a graph is its placements alone
        (:func:`~matchgame.games.documents.graph_placements`): ``winning`` per vertex of
        the batch, the graph's size ``vertices`` and ``counted`` (``"edges"`` or
        ``"arcs"``), and ``read_as`` after them where the game says how it read them."""
        import json

        from ..core.names import VertexIds
        from .documents import graph_placements

        encode = json.JSONEncoder(separators=(",", ":")).encode
        starts, n_edges = self.vertex_start.tolist(), self.n_edges.tolist()
        out = []
        for g in range(self.n_graphs) if graphs is None else graphs:
            low, high = starts[g], starts[g + 1]
            sizes: dict[str, object] = {"vertices": high - low, counted: n_edges[g]}
            if read_as is not None:
                sizes["read_as"] = read_as
            ids = np.flatnonzero(winning[low:high])
            document = graph_placements(self.game, sizes, VertexIds(high - low), ids)
            document["winning_vertices"] = document["winning_vertices"].tolist()
            text = encode(document).encode()
            out.append(text if prefixes is None else b"{" + prefixes[g] + text[1:])
        return out

    @abc.abstractmethod
    def documents(
        self, graphs: Sequence[int] | None = None, prefixes: Sequence[bytes] | None = None
    ) -> list[bytes]:
        """One JSON document per graph, as ``placements --edges --format json`` writes
        it for the game (vertices 1-based). ``graphs``: only these (default: all);
        ``prefixes``: per graph, fields written before the answer's (``b'"id":7,'``)."""
