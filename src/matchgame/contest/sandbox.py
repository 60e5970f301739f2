"""How a contestant's program is isolated: the best layers this machine offers,
found when the first run starts.

The layers (each described in SECURITY.md, as IOI's ``isolate`` and DMOJ describe
theirs):

- ``cgroup``: a cgroup for each run (version 2, or version 1's ``memory``, ``pids``
  and ``cpuacct``): the memory of all its processes summed and limited, their
  number limited, their CPU time counted, and all of them killed at the end
  (:mod:`._cgroups`);
- namespaces, by ``bwrap`` (bubblewrap) or else ``unshare`` (as root): their own
  process ids (no process of the judge to see or signal), mounts (the system
  read-only, their own folder read-write, the judge's answers out of sight),
  network (none) and IPC (:mod:`._namespaces`);
- always, a keeper between the judge and the program: a subreaper that collects
  every process the program starts, escaped sessions included, and kills them;
  without cgroups, ``RLIMIT_NPROC`` where it applies (not to root), the address
  space of each process bounded at twice the memory limit, and the resident
  memory of all of them polled (:mod:`._keeper`, :mod:`._proctree`).

``MATCHGAME_ISOLATION`` chooses among them: ``auto`` (the default: every layer
the machine has), ``none`` (the keeper alone), or the layers allowed, separated by
commas (``cgroup``, ``bwrap``, ``unshare``), e.g. ``cgroup,unshare``. A layer
asked for and missing is refused with one line.
"""

from __future__ import annotations

import functools
import os
import shutil

from ..errors import InvalidInputError
from ._cgroups import find_root
from ._runner import Runner
from .programs import Isolation, Program, RunLimits, RunResult

__all__ = ["ENVIRONMENT", "LAYERS", "Isolation", "find_isolation", "isolation"]

ENVIRONMENT = "MATCHGAME_ISOLATION"
"""The environment variable that chooses the layers."""

LAYERS = ("cgroup", "bwrap", "unshare")
"""The layers that may be chosen (the keeper is always there)."""


def _works(candidate: Isolation) -> bool:
    """Whether a program runs under ``candidate``: ``true``, run once."""
    found = shutil.which("true")
    if found is None:
        return False
    runner = Runner(Program((found,)), RunLimits(time=5.0), candidate)
    ended: list[tuple[int, RunResult]] = []
    try:
        runner.start(0, b"", None)
        while not ended:
            ended = runner.step()
    finally:
        runner.close()
    result = ended[0][1]
    return result.status == "exited" and result.exit_code == 0


@functools.cache
def find_isolation(allowed: frozenset[str] = frozenset(LAYERS), strict: bool = False) -> Isolation:
    """The best isolation among the ``allowed`` layers (each tried once: a cgroup
    made, a namespace entered); ``strict``: a layer allowed and missing is refused."""
    cgroup = find_root() if "cgroup" in allowed else None
    if strict and "cgroup" in allowed and cgroup is None:
        raise InvalidInputError(
            f"{ENVIRONMENT} asks for cgroups, and this process may make none here"
        )
    namespaces = None
    bwrap = shutil.which("bwrap")
    tried = [kind for kind in ("bwrap", "unshare") if kind in allowed]
    for kind in tried:
        if kind == "bwrap" and bwrap is None:
            continue
        if kind == "unshare" and (not hasattr(os, "geteuid") or os.geteuid() != 0):
            continue
        if _works(Isolation(None, kind, bwrap)):
            namespaces = kind
            break
    if strict and tried and namespaces is None:
        missing = " (bwrap is not installed)" if tried == ["bwrap"] and bwrap is None else ""
        raise InvalidInputError(
            f"{ENVIRONMENT} asks for {' or '.join(tried)} namespaces, and they do not work "
            f"here{missing}"
        )
    return Isolation(cgroup, namespaces, bwrap)


def isolation() -> Isolation:
    """The isolation ``MATCHGAME_ISOLATION`` asks for (see the module's docstring)."""
    text = os.environ.get(ENVIRONMENT, "auto").strip().lower() or "auto"
    if text == "auto":
        return find_isolation()
    if text == "none":
        return Isolation()
    words = {word.strip() for word in text.split(",") if word.strip()}
    unknown = sorted(words - set(LAYERS))
    if unknown:
        raise InvalidInputError(
            f"{ENVIRONMENT}={text!r}: {unknown[0]!r} is not a layer (auto, none, or "
            f"{', '.join(LAYERS)} separated by commas)"
        )
    return find_isolation(frozenset(words), strict=True)
