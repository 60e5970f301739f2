"""The processes under a process, read from ``/proc``: who they are, what they use,
and how to end them all.

A run's keeper (:mod:`._keeper`) is a subreaper (``PR_SET_CHILD_SUBREAPER``): every
process its program starts stays below it, whatever it does (a new session, a double
fork, a process group of its own), so the tree under the keeper is the whole run.
:func:`descendants` walks it through each task's ``children`` file (or, where the
kernel has none, every process's parent); :func:`usage` adds up its CPU time and
resident memory, as a judge without cgroups measures them; :func:`kill_tree` ends it.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["Usage", "descendants", "kill_pids", "kill_tree", "process_state", "usage"]

_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def _children_files() -> bool:
    return os.path.exists(f"/proc/self/task/{os.getpid()}/children")


_CHILDREN = _children_files()


def _stat_fields(pid: int) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command's name (state first)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as file:
            text = file.read()
    except OSError:
        return None
    # the name is in parentheses and may hold anything, spaces and ')' included
    return text[text.rfind(b")") + 2 :].decode("ascii", "replace").split()


def process_state(pid: int) -> str | None:
    """The state letter of ``pid`` (``R``, ``S``, ``T`` stopped, ``Z`` zombie ...), or
    None when it is gone."""
    fields = _stat_fields(pid)
    return fields[0] if fields else None


def _children(pid: int) -> list[int]:
    found: list[int] = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/children", "rb") as file:
                found += [int(word) for word in file.read().split()]
        except (OSError, ValueError):
            continue
    return found


def _parents() -> dict[int, list[int]]:
    """Every process's children, from every process's parent (kernels without the
    ``children`` files)."""
    tree: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = _stat_fields(int(entry))
            if fields:
                tree.setdefault(int(fields[1]), []).append(int(entry))
    return tree


def descendants(root: int) -> list[int]:
    """Every process below ``root`` (not ``root`` itself), parents before children."""
    tree = None if _CHILDREN else _parents()
    found: list[int] = []
    seen = {root}
    waiting = [root]
    while waiting:
        pid = waiting.pop()
        below = _children(pid) if tree is None else tree.get(pid, [])
        for child in below:
            if child not in seen:
                seen.add(child)
                found.append(child)
                waiting.append(child)
    return found


@dataclass(frozen=True)
class Usage:
    """What the processes below a root use now: CPU seconds (their own, and their
    waited-for children's), resident bytes summed over them, how many they are, and
    which."""

    cpu: float
    memory: int
    processes: int
    pids: list[int]


def _command_line(pid: int | str) -> bytes | None:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as file:
            return file.read()
    except OSError:
        return None


_OWN = _command_line("self")


def usage(root: int) -> Usage:
    """The :class:`Usage` of the tree below ``root``: the CPU time of every process
    below it that ever ran (the living ones', and the ended ones' that ``root`` or a
    process below it has waited for), the resident memory of the living ones but the
    copies of this process that set a run up (forked, before ``exec``: their pages
    are this process's)."""
    ticks = 0
    pages = 0
    count = 0
    own = _stat_fields(root)
    if own is not None and len(own) > 14:
        ticks += int(own[13]) + int(own[14])  # cutime, cstime: the children root reaped
    found = descendants(root)
    for pid in found:
        before = _command_line(pid)
        fields = _stat_fields(pid)
        if fields is None or len(fields) < 22:
            continue
        ticks += sum(int(fields[k]) for k in (11, 12, 13, 14))  # utime stime cutime cstime
        # a copy that execs between the two reads showed this process's pages in its
        # stat: its memory is read on the next round
        if fields[0] != "Z" and before != _OWN and _command_line(pid) == before:
            pages += int(fields[21])  # rss, in pages
            count += 1
    return Usage(ticks / _TICKS, pages * _PAGE, count, found)


def kill_pids(pids: list[int]) -> None:
    """SIGKILL each of ``pids`` that is still there."""
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)


def kill_tree(root: int, *, reap: Callable[[], object] | None = None, seconds: float = 5.0) -> None:
    """Kill every process below ``root`` until none is left, or ``seconds`` have
    passed (a process forked while the others were being killed is found on the next
    round; each round stops them all before it kills them, so that none forks
    meanwhile). ``reap``: ``root`` is this process, and ``reap()`` waits for its
    children that have ended (a subreaper's orphans included), so that none stays a
    zombie."""
    deadline = time.monotonic() + seconds
    while True:
        found = descendants(root)
        living = [pid for pid in found if process_state(pid) not in (None, "Z")]
        for pid in living:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGSTOP)
        kill_pids(living)
        if reap is not None:
            reap()
        if not found or (not living and reap is None) or time.monotonic() > deadline:
            return
        if not living:
            time.sleep(0.001)  # zombies below a dying parent: orphans for root soon
