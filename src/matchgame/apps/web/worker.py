"""Work that cannot poll the stop flag, run where it can be stopped: a process of its
own, killed when the calling thread's :class:`~matchgame._kernels._stop.StopFlag`
is raised (the time limit, a client gone).

The compiled kernels poll the flag; NetworkX's readers (GraphML, GML) and its
layouts (graph pictures) cannot, and ran on to their end after the client had left
or the time limit had passed. The processes are forked from a *forkserver* (a
clean process started once, with matchgame, NetworkX and SciPy imported): a call
costs a fork and its arguments and answer through a pipe, not a new interpreter.
A worker ends when the server does, however the server ends (KILL included): it
watches the pipe its answer goes through, whose other end only the server holds.
(The parent-death signal the command line's pools use, ``core/_process``, cannot
serve here: a worker's parent is the forkserver, which lives as long as any process
it forked holds its "alive" pipe, as every worker does.)
"""

from __future__ import annotations

import multiprocessing
import os
import select
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any, TypeVar, cast

from ..._kernels._stop import check

__all__ = ["WorkerGone", "call", "start"]

_PRELOAD = [
    "matchgame.apps.web.app",
    "networkx",
    "scipy.sparse.csgraph",
    "scipy.sparse.linalg",
    "scipy.optimize",
]  # what a layout imports, once: not in every worker
_POLL = 0.05  # seconds between looks at the stop flag
_lock = threading.Lock()
_context: Any = None

T = TypeVar("T")


class WorkerGone(Exception):
    """The worker process ended without an answer (killed by the system, say for
    memory)."""


def _forkserver() -> Any:
    global _context
    with _lock:
        if _context is None:
            context: Any
            if "forkserver" in multiprocessing.get_all_start_methods():
                context = multiprocessing.get_context("forkserver")
                context.set_forkserver_preload(_PRELOAD)  # modules it cannot import are skipped
            else:  # Windows: a new interpreter each time, slower to start
                context = multiprocessing.get_context("spawn")
            _context = context
        return _context


def start() -> None:
    """Start the forkserver now (its imports take a second or two) rather than at the
    first call."""
    if _forkserver().get_start_method() == "forkserver":
        from multiprocessing import forkserver

        forkserver.ensure_running()


def call(function: Callable[..., T], *arguments: Any) -> T:
    """``function(*arguments)`` in a worker process, its answer returned (both must
    pickle); raises :class:`~matchgame._kernels._stop.Stopped` when this thread's
    stop flag is raised meanwhile (the process is killed), :class:`WorkerGone` when
    the process dies, and the function's own exception."""
    context = _forkserver()
    receiving, sending = context.Pipe(duplex=False)
    process = context.Process(target=_run, args=(sending, function, arguments), daemon=True)
    try:
        try:
            process.start()
        except OSError as exc:  # the forkserver could not be started or reached
            raise WorkerGone(f"no worker process could be started ({exc})") from None
        finally:
            sending.close()
        while not receiving.poll(_POLL):
            check()
        try:
            ok, value = receiving.recv()
        except EOFError:
            process.join()
            raise WorkerGone(f"the worker process ended (exit status {process.exitcode})") from None
    finally:
        receiving.close()
        if process.pid is not None:  # started
            if process.is_alive():
                process.kill()
            process.join()
    if not ok:
        raise value
    return cast(T, value)  # the pipe carries objects untyped: _run sent function's answer


def _run(sending: Connection, function: Callable[..., Any], arguments: tuple[Any, ...]) -> None:
    _end_with_caller(sending)
    try:
        result = (True, function(*arguments))
    except Exception as exc:  # sent back and raised there
        result = (False, exc)
    sending.send(result)
    sending.close()


def _end_with_caller(sending: Connection) -> None:
    """End this worker at once when the process waiting for its answer is gone: a
    thread polls the answer's pipe, which reports an error to its writer once no one
    can read it (the caller, killed or gone, held the only reading end)."""
    if not hasattr(select, "poll"):  # not a POSIX system: the worker runs to its end
        return
    fd = sending.fileno()

    def watch() -> None:
        poller = select.poll()
        poller.register(fd, 0)  # errors and hang-ups are reported whatever is asked
        while True:
            for _, events in poller.poll():
                if events & select.POLLNVAL:  # the answer was sent and the pipe closed
                    return
                if events & (select.POLLERR | select.POLLHUP):
                    os._exit(1)

    threading.Thread(target=watch, name="matchgame-caller-watch", daemon=True).start()
