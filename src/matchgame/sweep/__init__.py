"""Sweeps: the placement game answered on many graphs, on every core or a Dask cluster.

A batch of graphs is solved as one graph, their disjoint union (:mod:`.solve`);
work is cut three ways (:mod:`.sources`): a stream into chunks of whole lines, a
list of files by file, a ``geng`` run by geng's own ``res/mod`` argument. Chunks
run here, in local worker processes or as Dask tasks (:mod:`.executors`); answers
keep the input's order and counts are summed (:mod:`.counts`).

>>> counts = sweep(b"Bw\\nBW\\n", count=True, jobs=1)
>>> counts.to_document()["winning_vertices"]
{'2': 1, '3': 1}
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import Any

from .api import sweep, write_sweep
from .counts import SweepCounts
from .executors import DASK_TIMEOUT, connect_dask, default_jobs, keep_heap, run_tasks
from .solve import BatchAnswers, solve_lines, solve_union
from .sources import (
    CHUNK_BYTES,
    DEFAULT_GENG_PARTS,
    Geng,
    answer_file,
    answer_geng_part,
    geng_tasks,
    stream_tasks,
)
from .tasks import ChunkResult, answer_chunk

__all__ = [
    "CHUNK_BYTES",
    "DASK_TIMEOUT",
    "DEFAULT_GENG_PARTS",
    "BatchAnswers",
    "ChunkResult",
    "Geng",
    "SweepCounts",
    "answer_chunk",
    "answer_file",
    "answer_geng_part",
    "connect_dask",
    "default_jobs",
    "geng_tasks",
    "keep_heap",
    "run_tasks",
    "solve_lines",
    "solve_union",
    "stream_tasks",
    "sweep",
    "write_sweep",
]


class _CallableModule(ModuleType):
    """``matchgame.sweep`` is this module and, called, :func:`sweep` (the package
    exports the function under the module's own name)."""

    def __call__(self, *args: Any, **kwargs: Any) -> SweepCounts | list[dict[str, Any]]:
        return sweep(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
