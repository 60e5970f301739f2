"""How :func:`~matchgame.core.matching.maximum_matching` runs its engines: the
bipartite ones (Karp-Sipser, short augmentations, push-relabel, Hopcroft-Karp) and
the blossom engine, which also labels the Gallai-Edmonds sets on the way."""

from __future__ import annotations

from typing import cast

import numpy as np
import numpy.typing as npt

from .._kernels import bipartite as _bip
from .._kernels import edmonds as _edmonds
from .._kernels._stop import check as _stop_point
from ..errors import InvalidInputError
from ._algorithms import ALGORITHMS, Algorithm
from ._validate import as_choice
from .graph import INDEX_DTYPE, Graph

__all__ = ["ALGORITHMS", "Algorithm", "matching_and_labels"]


# Global relabel after scanning this many times the graph's size; measured on
# grid boards: 0.05 .. 0.15 do best (see BENCHMARKS.md).
_RELABEL_PERIOD = 0.1
# Before push-relabel, one BFS per exposed left vertex (Hungarian trees dropped)
# until this many times the graph's size is scanned: on boards with 20% blocked
# cells it finishes the matching alone (4000x4000: 1.2 s instead of 3.1 s for
# push-relabel); on open boards it stops early and push-relabel does the rest.
_SHORT_SEARCH_BUDGET = 0.5


def matching_and_labels(
    graph: Graph, algorithm: Algorithm
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.uint8] | None]:
    """:func:`maximum_matching`'s work; the blossom engine also gives the Gallai-Edmonds
    labels (EVEN, ODD, 0 per vertex) it finds on the way, the bipartite ones None."""
    chosen = as_choice(algorithm, "algorithm", ALGORITHMS)
    if chosen == "auto":
        chosen = "push_relabel" if graph.is_bipartite else "blossom"
    algorithm = cast(Algorithm, chosen)
    side = graph.side
    if side is None and algorithm != "blossom":
        raise InvalidInputError(
            f"algorithm={algorithm!r} needs a bipartite graph and this one has an odd cycle; "
            "use 'blossom' or 'auto'"
        )
    mate = np.full(graph.n_vertices, -1, dtype=INDEX_DTYPE)
    labels = None
    if graph.n_edges == 0:
        if algorithm == "blossom":
            labels = np.full(graph.n_vertices, _edmonds.EVEN, dtype=np.uint8)
        return mate, labels
    _bip.greedy_karp_sipser(graph.offsets, graph.indices, mate)
    _stop_point()  # a web request whose client left stops here (see _kernels._stop)
    if algorithm == "push_relabel":
        assert side is not None  # refused above: only blossom takes an odd cycle
        budget = int(_SHORT_SEARCH_BUDGET * (graph.n_vertices + graph.indices.shape[0]))
        _, left = _bip.short_augmentations(graph.offsets, graph.indices, side, mate, budget)
        _stop_point()
        if left:
            _bip.push_relabel(graph.offsets, graph.indices, side, mate, _RELABEL_PERIOD)
    elif algorithm == "hopcroft_karp":
        assert side is not None
        _bip.hopcroft_karp(graph.offsets, graph.indices, side, mate)
    else:
        labels = _edmonds.maximum_matching_labels(graph.offsets, graph.indices, mate)
    _stop_point()
    return mate, labels
