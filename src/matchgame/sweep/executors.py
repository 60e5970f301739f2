"""Where a sweep's tasks run: here, in a pool of local worker processes, or on Dask.

Results always come back in the tasks' order, with a bounded number of tasks in
flight (enough to hide the reading, bounded memory).
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any

from ..errors import InvalidInputError
from .tasks import ChunkResult

__all__ = ["default_jobs", "keep_heap", "run_tasks"]

# how many chunks a job may have queued ahead: enough to hide the reading, bounded memory
_AHEAD_PER_JOB = 3

# glibc's mallopt parameter: bytes to keep at the top of the heap when it grows or shrinks
_M_TOP_PAD = -2
_TOP_PAD_BYTES = 64 << 20
_heap_tuned = False


def keep_heap() -> None:
    """Let this process's heap keep 64 MiB beyond what it uses (glibc only; elsewhere
    nothing happens).

    Every chunk allocates and frees arrays of the same few sizes; without the pad,
    glibc gives the top of the heap back to the kernel each time and touches it
    again as new pages: measured on geng 10, 180 minor page faults per chunk and a
    third of a worker's time in the kernel, gone with the pad. Called in the
    processes that run a sweep's tasks (pool workers, Dask workers, the command
    line), not in a caller's own process.
    """
    global _heap_tuned
    if _heap_tuned:
        return
    _heap_tuned = True
    try:
        import ctypes

        libc = ctypes.CDLL(None)
        libc.mallopt(_M_TOP_PAD, _TOP_PAD_BYTES)
    except (OSError, AttributeError):  # not glibc: the default heap is slower, not wrong
        pass


def _in_tuned_process(function: Callable[..., ChunkResult], *args: Any) -> ChunkResult:
    """``function(*args)`` in a worker process whose heap was tuned (:func:`keep_heap`)."""
    keep_heap()
    return function(*args)


def default_jobs() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class _Inline(Executor):
    """Runs each task when it is submitted (``jobs=1``: no process to start)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as problem:
            future.set_exception(problem)
        return future


def _in_order(
    submit: Callable[..., Any],
    wait: Callable[[Any], ChunkResult],
    tasks: Iterable[tuple[Any, ...]],
    ahead: int,
) -> Iterator[ChunkResult]:
    """Submit ``tasks`` keeping at most ``ahead`` in flight; yield results in order."""
    pending: deque[Any] = deque()
    for task in tasks:
        pending.append(submit(*task))
        if len(pending) >= ahead:
            yield wait(pending.popleft())
    while pending:
        yield wait(pending.popleft())


def run_tasks(
    tasks: Iterable[tuple[Any, ...]], *, jobs: int | None = None, client: Any = None
) -> Iterator[ChunkResult]:
    """Run ``(function, *arguments)`` tasks in a process pool of ``jobs`` or on a Dask
    ``client``; results come in the tasks' order."""
    if client is not None:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        yield from _in_order(
            lambda fn, *args: client.submit(_in_tuned_process, fn, *args, pure=False),
            lambda future: future.result(),
            tasks,
            _AHEAD_PER_JOB * workers,
        )
        return
    jobs = default_jobs() if jobs is None else jobs
    if jobs < 1:
        raise InvalidInputError(f"jobs must be at least 1, got {jobs}")
    with _Inline() if jobs == 1 else ProcessPoolExecutor(jobs, initializer=keep_heap) as pool:
        yield from _in_order(
            pool.submit, lambda future: future.result(), tasks, _AHEAD_PER_JOB * jobs
        )
