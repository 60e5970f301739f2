"""The sweep as a call: :func:`sweep` returns the answers or the counts;
:func:`write_sweep` writes them as they come (the command line's way)."""

from __future__ import annotations

import io
import json
import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from ..core._validate import as_int
from ..errors import ParseError
from .counts import SweepCounts
from .executors import default_jobs, run_tasks
from .sources import CHUNK_BYTES, Geng, answer_file, geng_tasks, graph_tasks, stream_tasks
from .tasks import ChunkResult, merge

__all__ = ["sweep", "write_sweep"]


def _tasks_of(source: Any, count: bool, jobs: int, chunk_bytes: int) -> Iterator[tuple[Any, ...]]:
    if isinstance(source, Geng):
        yield from geng_tasks(source, count, jobs)
    elif isinstance(source, bytes | bytearray):
        yield from stream_tasks(io.BytesIO(bytes(source)), count, chunk_bytes=chunk_bytes)
    elif isinstance(source, str | os.PathLike):
        with open(source, "rb") as stream:
            yield from stream_tasks(stream, count, os.fspath(source), chunk_bytes)
    elif (
        isinstance(source, list | tuple)
        and source
        and all(isinstance(item, str | os.PathLike) for item in source)
    ):
        for path in source:
            yield (answer_file, os.fspath(Path(path).resolve()), count)
    else:
        yield from graph_tasks(source, count)


def sweep(
    graphs_or_source: Any,
    *,
    count: bool = False,
    jobs: int | None = None,
    client: Any = None,
    chunk_bytes: int = CHUNK_BYTES,
) -> SweepCounts | list[dict[str, Any]]:
    """Answer the placement game on many graphs.

    Parameters
    ----------
    graphs_or_source : bytes, path, list of paths, Geng, or iterable of Graph
        graph6/sparse6 or JSON lines (bytes, or a file); several files (one
        task each); ``Geng("10")`` (split by geng's res/mod, each task running
        its part of geng); or :class:`Graph` objects.
    count : bool
        Return :class:`SweepCounts` instead of one document per graph.
    jobs : int, optional
        Local worker processes (default, or 0: one per core); 1 runs here.
    client : dask.distributed.Client, optional
        Run the tasks on a Dask cluster instead (workers need matchgame, and
        ``nauty-geng`` for a geng source).
    chunk_bytes : int
        Bytes of a stream per task.

    Returns
    -------
    SweepCounts or list of dict
        The counts, or each graph's document (``placements --edges --format
        json``) with its ``"index"`` in the input.

    Raises
    ------
    ParseError
        At the first bad line (with ``count=False`` the documents before it are
        lost: use the command line to keep them).

    Examples
    --------
    >>> counts = sweep(b"Bw\\nBW\\n", count=True, jobs=1)  # a triangle, a path
    >>> counts.to_document()["winning_vertices"]
    {'2': 1, '3': 1}
    """
    jobs = (0 if jobs is None else as_int(jobs, "jobs", low=0)) or default_jobs()
    tasks = _tasks_of(graphs_or_source, count, jobs, chunk_bytes)
    results = run_tasks(tasks, jobs=jobs, client=client)
    merged = merge(results, count)
    if merged.error is not None:
        raise ParseError(merged.error)
    if count:
        assert merged.counts is not None
        return merged.counts
    return [
        {"index": index, **json.loads(document)} for index, document in enumerate(merged.documents)
    ]


def write_sweep(
    results: Iterable[ChunkResult],
    write: Callable[[bytes], None],
    *,
    count: bool,
    progress: Callable[[int], object] | None = None,
) -> str | None:
    """Pass the results of a sweep's tasks to ``write`` as they come (documents in
    order, each line starting with its ``"index"``; or, at the end, the counts);
    returns the first error's message, after every graph before it was written."""
    counts = SweepCounts()
    index = 0
    for result in results:
        if count and result.counts is not None:
            counts = counts + result.counts
        if result.documents:
            write(
                b"".join(
                    b'{"index":%d,%s\n' % (index + i, document[1:])
                    for i, document in enumerate(result.documents)
                )
            )
        index += result.n_graphs
        if progress is not None:
            progress(result.n_graphs)
        if result.error is not None:
            return result.error
    if count:
        write(json.dumps(counts.to_document(), separators=(",", ":")).encode() + b"\n")
    return None
