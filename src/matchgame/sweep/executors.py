"""Where a sweep's tasks run: here, in a pool of local worker processes, or on Dask.

Results always come back in the tasks' order, with a bounded number of tasks in
flight (enough to hide the reading, bounded memory).

Nothing a sweep starts outlives it. The pool's workers are ended when the sweep
ends early (an error, Ctrl-C, a caller that stops reading); on Linux each worker,
and each ``nauty-geng`` a task starts, also gets a signal from the kernel when
its parent dies for any reason (``PR_SET_PDEATHSIG``: TERM for a worker, KILL for
geng), so killing the command line with TERM or INT, even KILL, leaves no worker
or geng running. Workers take the kernel's default action on TERM and INT (no
handler of their own): a Ctrl-C ends them silently, and the main process alone
says "interrupted".
"""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import threading
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any

from ..core import _process
from ..errors import InvalidInputError
from .tasks import ChunkResult

__all__ = [
    "DASK_TIMEOUT",
    "child_process",
    "connect_dask",
    "default_jobs",
    "keep_heap",
    "run_tasks",
]

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


# -- processes that end with their parent ----------------------------------------------

# the death signal is set by core/_process.py, shared with the command line's --jobs
# pool and the contest toolkit's runner
_prctl = _process.prctl
_die_with = _process.die_with


def _start_worker(parent: int) -> None:
    """The first thing each local worker process of a sweep runs."""
    _process.die_with_parent(parent)
    keep_heap()


@contextmanager
def child_process(command: list[str]) -> Iterator[subprocess.Popen[bytes]]:
    """``command`` running with its standard output and error piped here, ended when
    the block is left early and, on Linux, killed by the kernel if this process dies
    (set between fork and exec; only where no other thread runs, as that hook needs)."""
    parent = os.getpid()
    setup = None
    if _prctl is not None and threading.active_count() == 1:

        def setup() -> None:
            _die_with(parent, signal.SIGKILL)

    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=setup
    ) as process:
        try:
            yield process
        finally:
            if process.poll() is None:
                process.kill()


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
    early: Callable[[int, ChunkResult], object] | None = None,
) -> Iterator[ChunkResult]:
    """Submit ``tasks`` keeping at most ``ahead`` in flight; yield results in order
    (``early``: see :func:`run_tasks`)."""
    if early is not None:
        yield from _in_order_telling(submit, wait, tasks, ahead, early)
        return
    pending: deque[Any] = deque()
    for task in tasks:
        pending.append(submit(*task))
        if len(pending) >= ahead:
            yield wait(pending.popleft())
    while pending:
        yield wait(pending.popleft())


def _in_order_telling(
    submit: Callable[..., Any],
    wait: Callable[[Any], ChunkResult],
    tasks: Iterable[tuple[Any, ...]],
    ahead: int,
    early: Callable[[int, ChunkResult], object],
) -> Iterator[ChunkResult]:
    """:func:`_in_order` that also passes each result ready before its turn to
    ``early``, here (in the caller's thread, between the results yielded): each
    future says when it is done through a queue this thread waits on."""
    ready: queue.SimpleQueue[int] = queue.SimpleQueue()
    futures: dict[int, Any] = {}  # the tasks in flight, by their place in ``tasks``
    pending: deque[int] = deque()

    def tell(block: bool) -> None:
        """Pass on the results that came in (one at least if ``block``) but the first's."""
        while True:
            try:
                n = ready.get(block=block)
            except queue.Empty:
                return
            block = False
            if n in futures and n != pending[0]:
                try:
                    result = wait(futures[n])
                except Exception:  # its error comes in its turn
                    continue
                early(n, result)

    def first() -> ChunkResult:
        head = pending[0]
        while not futures[head].done():
            tell(block=True)
        tell(block=False)
        pending.popleft()
        return wait(futures.pop(head))

    for n, task in enumerate(tasks):
        future = submit(*task)
        futures[n] = future
        pending.append(n)
        future.add_done_callback(lambda _, n=n: ready.put(n))
        if len(pending) >= ahead:
            yield first()
    while pending:
        yield first()


def run_tasks(
    tasks: Iterable[tuple[Any, ...]],
    *,
    jobs: int | None = None,
    client: Any = None,
    early: Callable[[int, ChunkResult], object] | None = None,
) -> Generator[ChunkResult, None, None]:
    """Run ``(function, *arguments)`` tasks in a process pool of ``jobs`` or on a Dask
    ``client``; results come in the tasks' order.

    ``early(n, result)``, if given, is called with the result of the ``n``-th task
    (from 0) as soon as it is seen done while a task before it is not: in the
    caller's thread, between the results yielded (a checkpoint records it). That
    result is yielded in its turn too. A task that failed is not told early.
    """
    if client is not None:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        yield from _in_order(
            lambda fn, *args: client.submit(_in_tuned_process, fn, *args, pure=False),
            lambda future: future.result(),
            tasks,
            _AHEAD_PER_JOB * workers,
            early,
        )
        return
    jobs = default_jobs() if jobs is None else jobs
    if jobs < 1:
        raise InvalidInputError(f"jobs must be at least 1, got {jobs}")
    if jobs == 1:
        yield from _in_order(_Inline().submit, lambda future: future.result(), tasks, 1, early)
        return
    pool = ProcessPoolExecutor(jobs, initializer=_start_worker, initargs=(os.getpid(),))
    try:
        yield from _in_order(
            pool.submit, lambda future: future.result(), tasks, _AHEAD_PER_JOB * jobs, early
        )
    except BaseException:  # an error, Ctrl-C, or the caller stopped reading (GeneratorExit)
        _process.stop_pool(pool)
        raise
    pool.shutdown()


# -- Dask ----------------------------------------------------------------------------

DASK_TIMEOUT = 5.0
"""Seconds to wait for a Dask scheduler to answer before giving up."""

_DASK_PORT = 8786  # the scheduler's port when an address names none


def connect_dask(address: str, timeout: float = DASK_TIMEOUT) -> Any:
    """A ``distributed.Client`` of the Dask scheduler at ``address``, or one clear error.

    The scheduler is asked who it is first, within ``timeout`` seconds: a port where
    nothing listens, a host that does not answer and a server that is not a Dask
    scheduler (a dashboard, any HTTP port) are each named in one line, where
    ``Client`` alone would wait 30 s and raise a long traceback, or wait forever.

    Raises
    ------
    InvalidInputError
        If distributed is not installed, or no scheduler answers at ``address``.
    """
    import asyncio  # here: a sweep without Dask needs no event loop
    import socket

    try:
        from distributed import Client
        from distributed.comm.addressing import parse_address, parse_host_port
    except ImportError:
        raise InvalidInputError(
            "Dask is not installed: pip install dask distributed (in a clone of "
            "matchgame: pip install -e '.[cluster]')"
        ) from None
    try:
        scheme, location = parse_address(address)
        host, port = parse_host_port(location, _DASK_PORT)
    except (ValueError, TypeError):
        raise InvalidInputError(f"{address!r} is not a Dask address (tcp://HOST:PORT)") from None
    if scheme == "tcp":
        try:
            socket.create_connection((host, port), timeout=timeout).close()
        except OSError as problem:
            if isinstance(problem, TimeoutError):
                reason = f"no answer within {timeout:g} s"
            else:
                reason = (problem.strerror or str(problem)).lower()
            raise InvalidInputError(f"no Dask scheduler at {address}: {reason}") from None
    try:
        identity = asyncio.run(_identity(address, timeout))
    except Exception:  # refused, timed out, garbled: a failed handshake is one answer
        raise InvalidInputError(
            f"{address} did not answer as a Dask scheduler within {timeout:g} s "
            "(the scheduler's address, not its dashboard's: tcp://HOST:8786 by default)"
        ) from None
    kind = identity.get("type") if isinstance(identity, dict) else None
    if kind != "Scheduler":
        raise InvalidInputError(f"{address} is a Dask {kind or 'server'}, not a scheduler")
    try:
        return Client(address, timeout=timeout)
    except (TimeoutError, OSError) as problem:
        raise InvalidInputError(
            f"cannot connect to the Dask scheduler at {address}: {problem}"
        ) from None


async def _identity(address: str, timeout: float) -> Any:
    """What the Dask server at ``address`` says it is (its ``identity``)."""
    import asyncio

    from distributed.comm.core import connect

    comm = await asyncio.wait_for(connect(address, timeout=timeout), timeout)
    try:
        await asyncio.wait_for(comm.write({"op": "identity"}), timeout)
        return await asyncio.wait_for(comm.read(), timeout)
    finally:
        await comm.close()
