"""Child processes that end with their parent (Linux ``PR_SET_PDEATHSIG``).

Shared by every floor that starts processes: the sweep's workers and ``nauty-geng``
(:mod:`matchgame.sweep.executors`) and the contest toolkit's programs
(:mod:`matchgame.contest.run`). :func:`die_with` runs in the child, between fork and
exec or first thing in a worker; elsewhere than Linux it only checks the parent.
"""

from __future__ import annotations

import os
from collections.abc import Callable

__all__ = ["PR_SET_PDEATHSIG", "die_with", "prctl"]

PR_SET_PDEATHSIG = 1  # Linux prctl(2): the signal this process gets when its parent dies


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
