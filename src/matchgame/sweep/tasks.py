"""One task of a sweep: a chunk of lines decoded, solved, and turned into what was asked.

Tasks are module-level functions and their results plain data: they are pickled
to worker processes and Dask workers.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from .._kernels import graph6 as _graph6
from ..readers.graph_lines import decode_graph_lines
from .counts import SweepCounts
from .solve import solve_lines, solve_union

__all__ = ["ChunkResult", "answer_chunk", "merge"]


@dataclass(frozen=True)
class ChunkResult:
    """What one task found: counts or documents (without ``index``), and the error
    (a one-line message) that stopped it, if any."""

    n_graphs: int
    counts: SweepCounts | None
    documents: list[bytes]
    error: str | None


def answer_chunk(
    data: bytes, kind: str, count: bool, first_line: int = 1, source: str = "<input>"
) -> ChunkResult:
    """Decode and solve one chunk of whole lines.

    graph6 of at most 64 vertices a line (all of geng's) is decoded straight into
    the union's CSR (``decode_graph6_union``, about half the cost of decoding then
    building); any other chunk, or one with a bad line, takes the general decoder,
    which also names the error and its line.
    """
    union = None
    if kind == "graph6":
        union = _graph6.decode_graph6_union(np.frombuffer(data, dtype=np.uint8))
    if union is not None:
        answers = solve_union(*union)
        error = None
    else:
        lines = decode_graph_lines(data, kind, first_line=first_line, source=source)
        answers = solve_lines(lines)
        error = None if lines.error is None else str(lines.error)
    if count:
        return ChunkResult(answers.n_graphs, SweepCounts.of(answers), [], error)
    return ChunkResult(answers.n_graphs, None, answers.documents(), error)


def merge(results: Iterable[ChunkResult], count: bool) -> ChunkResult:
    """Results of consecutive chunks as one, stopping at the first error."""
    counts = SweepCounts()
    documents: list[bytes] = []
    n_graphs = 0
    for result in results:
        n_graphs += result.n_graphs
        if count and result.counts is not None:
            counts = counts + result.counts
        documents.extend(result.documents)
        if result.error is not None:
            return ChunkResult(n_graphs, counts if count else None, documents, result.error)
    return ChunkResult(n_graphs, counts if count else None, documents, None)
