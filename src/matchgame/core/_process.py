"""Child processes that end with their parent (Linux ``PR_SET_PDEATHSIG``), and
pools of worker processes ended at once.

Shared by every floor that starts processes: the sweep's workers and ``nauty-geng``
(:mod:`matchgame.sweep.executors`), the ``--jobs`` pool of the command line
(:mod:`matchgame.apps.cli.batch`) and the contest toolkit's programs
(:mod:`matchgame.contest.run`). :func:`die_with` runs in the child, between fork and
exec or first thing in a worker; elsewhere than Linux it only checks the parent.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

__all__ = ["PR_SET_PDEATHSIG", "die_with", "die_with_parent", "prctl", "stop_pool"]

PR_SET_PDEATHSIG = 1  # Linux prctl(2): the signal this process gets when its parent dies
_STOP_SECONDS = 5.0  # how long a stopped worker has to end on TERM before it is killed


def _load_prctl() -> Callable[..., int] | None:
    if not hasattr(os, "sched_getaffinity"):  # not Linux
        return None
    try:
        import ctypes

        function: Callable[..., int] = ctypes.CDLL(None).prctl
    except (OSError, AttributeError):
        return None
    return function


prctl = _load_prctl()
"""libc's ``prctl``, or None where there is none (not Linux)."""


def die_with(parent: int, signum: int) -> None:
    """Have the kernel send ``signum`` to this process when its parent dies; if the
    parent is already gone, exit at once."""
    if prctl is not None:
        prctl(PR_SET_PDEATHSIG, int(signum))
    if os.getppid() != parent:  # the parent died before the death signal was set
        os._exit(128 + int(signum))


def die_with_parent(parent: int) -> None:
    """Make this process (a pool's worker) end with ``parent``: the kernel sends it TERM
    when its parent dies for any reason, KILL included (Linux), and TERM and INT take
    the kernel's own action. Given as a pool's ``initializer`` with
    ``initargs=(os.getpid(),)``, or called first thing in a worker.

    The death signal follows the *thread* that forked the worker: a pool must start
    its processes from a thread that lives as long as the pool (ProcessPoolExecutor
    with the fork start method starts them all at the first submit, in the submitting
    thread).
    """
    die_with(parent, signal.SIGTERM)
    # the kernel's own actions, not handlers inherited from the parent: the command
    # line's Ctrl-C handler would have every worker say "interrupted", and a Python
    # handler can miss a signal that arrives just before a blocking wait
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """End ``pool`` now: its queued tasks dropped, its running ones ended (TERM, and
    KILL for a worker still there after 5 s), and every one of its processes gone when
    this returns, so none writes anything afterwards."""
    # the pool's own processes: ProcessPoolExecutor gives no public way to end the
    # running ones before Python 3.14 (terminate_workers)
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    answers = getattr(pool, "_result_queue", None)  # shutdown forgets these three
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()  # TERM: the worker dies (and the kernel kills its children)
    _end_processes(processes)
    # a worker ended while it wrote an answer leaves the pool's thread reading the rest
    # of that message for ever: this process holds the answer pipe's other end too, so
    # no end of file comes, and Python's exit handler then waits for that thread (seen
    # as a hang after "interrupted" under load). With every worker gone nothing writes
    # there any more: closing this end ends that read, the thread finds the pool
    # broken and ends.
    writer = getattr(answers, "_writer", None)
    if writer is not None:
        writer.close()
    if manager is not None:
        # the pool's thread closes its wake-up pipe as it ends, while Python 3.11's exit
        # handler may write to that pipe without a lock (CPython gh-125451): "Exception
        # ignored ... Bad file descriptor" after "interrupted", once under load. Once the
        # thread has ended, the exit handler sees the pipe closed and writes nothing.
        manager.join(timeout=_STOP_SECONDS)


def _end_processes(processes: list[Any]) -> None:
    """Wait for ``processes`` (TERM sent) to end, and KILL those still there after
    :data:`_STOP_SECONDS`."""
    for signal_sent in ("TERM", "KILL"):
        deadline = time.monotonic() + _STOP_SECONDS
        for process in processes:
            process.join(timeout=max(deadline - time.monotonic(), 0))
            # the pool's own thread may be reaping it at the same moment (its waitpid
            # won, ours saw no child): the exit status shows once that thread stored it
            while process.exitcode is None and time.monotonic() < deadline:
                time.sleep(0.01)
        alive = [process for process in processes if process.exitcode is None]
        if not alive or signal_sent == "KILL":
            return
        for process in alive:
            process.kill()
