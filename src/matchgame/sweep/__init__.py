"""Sweeps: the placement game answered on many graphs, on every core or a Dask cluster.

Called, this module is :func:`sweep` (its signature is below; ``inspect.signature``
shows it too).

A batch of graphs is answered by its game (the vertex game solves it as one graph,
their disjoint union);
work is cut three ways (``sources``): a stream into chunks of whole lines, a
list of files by file, a ``geng`` run by geng's own ``res/mod`` argument. Tasks
(``tasks``) run here, in local worker processes or as Dask tasks
(``executors``); answers keep the input's order and counts are summed
(``counts``); a condition (``filters``, imported when one is given) keeps
the graphs that meet it; a checkpoint (``checkpoint``, its file ``ledger``) records
the parts done, so that a sweep stopped goes on where it stopped.

>>> counts = sweep(b"Bw\\nBW\\n", count=True, jobs=1)
>>> counts.to_document()["winning_vertices"]
{'2': 1, '3': 1}
"""

from __future__ import annotations

import inspect
import sys
from types import ModuleType
from typing import Any

from .api import sweep, write_sweep
from .counts import SweepCounts
from .executors import DASK_TIMEOUT, connect_dask, default_jobs, keep_heap, run_tasks
from .sources import (
    CHUNK_BYTES,
    DEFAULT_GENG_PARTS,
    FORMATS,
    MAX_LINE_BYTES,
    Geng,
    answer_file,
    answer_geng_part,
    file_tasks,
    geng_parts,
    geng_tasks,
    graph_tasks,
    stream_tasks,
)
from .tasks import MAX_GRAPH6_VERTICES, ChunkResult, Output, answer_chunk, answer_graphs

__all__ = [
    "CHUNK_BYTES",
    "DASK_TIMEOUT",
    "DEFAULT_GENG_PARTS",
    "FORMATS",
    "MAX_GRAPH6_VERTICES",
    "MAX_LINE_BYTES",
    "ChunkResult",
    "Geng",
    "Output",
    "SweepCounts",
    "answer_chunk",
    "answer_file",
    "answer_geng_part",
    "answer_graphs",
    "connect_dask",
    "default_jobs",
    "file_tasks",
    "geng_parts",
    "geng_tasks",
    "graph_tasks",
    "keep_heap",
    "run_tasks",
    "stream_tasks",
    "sweep",
    "write_sweep",
]

# `matchgame.sweep` is both this package (`import matchgame.sweep`, `from
# matchgame.sweep import Geng`) and, called, the function sweep: the import system
# sets the package as the attribute `sweep` of matchgame whenever it is imported, so
# a function under that name alone would be replaced by the module. The module is
# made callable instead, and tells inspect (and so help() and editors) the function's
# real signature rather than its class's (*args, **kwargs).
__signature__ = inspect.signature(sweep, eval_str=True)
__doc__ = (__doc__ or "") + "\nCalled::\n\n    matchgame.sweep{}\n".format(
    __signature__.replace(
        parameters=[p.replace(annotation=p.empty) for p in __signature__.parameters.values()],
        return_annotation=__signature__.empty,
    )
)


def __getattr__(name: str) -> Any:
    """Names that moved to the vertex game's folder (``BatchAnswers``, ...), with a
    warning."""
    from .._moved import moved_name

    return moved_name(__name__, name)


class _CallableModule(ModuleType):
    """The class of ``matchgame.sweep``: a module that, called, is :func:`sweep`."""

    __call__ = staticmethod(sweep)


sys.modules[__name__].__class__ = _CallableModule
