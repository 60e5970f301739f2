"""A cgroup for each run: its processes' memory summed and limited, their number
limited, their CPU time counted, and all of them killed at the end.

Version 2 (one hierarchy, ``memory.max``, ``pids.max``, ``cpu.stat``,
``memory.events``, ``cgroup.kill``) or version 1 (the ``memory``, ``pids`` and
``cpuacct`` hierarchies: ``memory.limit_in_bytes``, ``pids.max``, ``cpuacct.usage``,
``memory.oom_control``), found at run time: below this process's own cgroup where
it may divide it, or, for root on version 2, in a folder ``matchgame`` at the top
of the hierarchy, as IOI's ``isolate`` keeps its boxes' cgroups.
:func:`find_root` says whether the machine lets this process make them (a cgroup
may be there and not be ours to divide: then there is none).
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import time
from dataclasses import dataclass

__all__ = ["CgroupRoot", "RunCgroup", "find_root"]

_V1_CONTROLLERS = ("memory", "pids", "cpuacct")


@dataclass(frozen=True)
class CgroupRoot:
    """Where the runs' cgroups are made: version 1 or 2, and for each controller the
    folder under which a run's cgroup goes (version 2: one folder, key ``""``)."""

    version: int
    bases: dict[str, str]

    def describe(self) -> str:
        return f"cgroup v{self.version}"


def _mounts() -> list[tuple[str, str, str, set[str]]]:
    """(mount point, root inside the hierarchy, file system type, super options) of
    every cgroup file system mounted."""
    found: list[tuple[str, str, str, set[str]]] = []
    try:
        with open("/proc/self/mountinfo", encoding="utf-8", errors="replace") as file:
            lines = file.read().splitlines()
    except OSError:
        return found
    for line in lines:
        before, _, after = line.partition(" - ")
        fields, tail = before.split(), after.split()
        if len(fields) < 5 or len(tail) < 3 or tail[0] not in ("cgroup", "cgroup2"):
            continue
        point = fields[4].encode().decode("unicode_escape")  # \040 for a space
        found.append((point, fields[3], tail[0], set(tail[2].split(","))))
    return found


def _own_paths() -> dict[str, str]:
    """This process's cgroup in each hierarchy: controller name -> path (``""``: v2)."""
    paths: dict[str, str] = {}
    try:
        with open("/proc/self/cgroup", encoding="utf-8", errors="replace") as file:
            lines = file.read().splitlines()
    except OSError:
        return paths
    for line in lines:
        parts = line.split(":", 2)
        if len(parts) != 3:
            continue
        if parts[0] == "0" and parts[1] == "":
            paths[""] = parts[2]
        for name in parts[1].split(","):
            if name:
                paths[name] = parts[2]
    return paths


def _inside(point: str, root: str, path: str) -> str | None:
    """The folder of the cgroup ``path`` on a hierarchy mounted at ``point`` from its
    ``root`` (None when the mount does not show it)."""
    if root != "/" and not (path == root or path.startswith(root.rstrip("/") + "/")):
        return None
    relative = path[len(root) :] if root != "/" else path
    return os.path.join(point, relative.lstrip("/"))


def _writable(base: str) -> bool:
    """Whether a cgroup can be made (and removed) in ``base``."""
    probe = os.path.join(base, f"matchgame-probe-{os.getpid()}")
    try:
        os.mkdir(probe)
    except OSError:
        return False
    with contextlib.suppress(OSError):
        os.rmdir(probe)
    return True


def _read(path: str) -> str:
    with open(path, encoding="ascii", errors="replace") as file:
        return file.read()


def _write(path: str, text: str) -> None:
    with open(path, "w", encoding="ascii") as file:
        file.write(text)


def _enable(folder: str) -> bool:
    """Whether ``folder``'s children get the memory and pids controllers (given here
    if they do not yet: refused when ``folder`` holds processes and is not the root,
    by cgroup v2's rule that only leaves hold processes)."""
    try:
        enabled = set(_read(os.path.join(folder, "cgroup.subtree_control")).split())
        available = set(_read(os.path.join(folder, "cgroup.controllers")).split())
    except OSError:
        return False
    if not {"memory", "pids"} <= available:
        return False
    if {"memory", "pids"} <= enabled:
        return True
    try:
        _write(os.path.join(folder, "cgroup.subtree_control"), "+memory +pids")
    except OSError:
        return False
    return True


def _v2_root(point: str, root: str, path: str) -> CgroupRoot | None:
    """This process's own cgroup, where it may divide it (the root of the hierarchy);
    else, for root, a folder ``matchgame`` at the top of the hierarchy, as IOI's
    ``isolate`` keeps its own."""
    base = _inside(point, root, path)
    if base is not None and path == "/" and _enable(base) and _writable(base):
        return CgroupRoot(2, {"": base})
    if not hasattr(os, "geteuid") or os.geteuid() != 0 or not _enable(point):
        return None
    own = os.path.join(point, "matchgame")
    try:
        os.makedirs(own, exist_ok=True)
    except OSError:
        return None
    if _enable(own) and _writable(own):
        return CgroupRoot(2, {"": own})
    return None


def find_root() -> CgroupRoot | None:
    """Where this process may make the runs' cgroups, or None (no cgroups, or none it
    may divide: not root, or a version 2 cgroup that holds processes)."""
    mounts = _mounts()
    own = _own_paths()
    for point, root, kind, _ in mounts:
        if kind == "cgroup2" and "" in own:
            found = _v2_root(point, root, own[""])
            if found is not None:
                return found
    bases: dict[str, str] = {}
    for point, root, kind, options in mounts:
        if kind != "cgroup":
            continue
        for name in _V1_CONTROLLERS:
            if name in options and name in own and name not in bases:
                base = _inside(point, root, own[name])
                if base is not None and _writable(base):
                    bases[name] = base
    if "memory" in bases and "pids" in bases:
        return CgroupRoot(1, bases)
    return None


class RunCgroup:
    """One run's cgroup (in every version 1 hierarchy it needs), with its limits.

    The run's first process joins it before ``exec`` (:meth:`join`, the paths of
    :attr:`procs`), so everything the program starts is in it.
    """

    def __init__(self, root: CgroupRoot, name: str, memory: int, processes: int) -> None:
        self.root = root
        self.memory_limit = memory
        self.folders = {key: os.path.join(base, name) for key, base in root.bases.items()}
        made: list[str] = []
        try:
            for folder in self.folders.values():
                os.mkdir(folder)
                made.append(folder)
            if root.version == 2:
                folder = self.folders[""]
                _write(os.path.join(folder, "memory.max"), str(memory))
                with contextlib.suppress(OSError):  # no swap accounting: no swap to limit
                    _write(os.path.join(folder, "memory.swap.max"), "0")
                _write(os.path.join(folder, "pids.max"), str(processes))
            else:
                folder = self.folders["memory"]
                _write(os.path.join(folder, "memory.limit_in_bytes"), str(memory))
                with contextlib.suppress(OSError):
                    _write(os.path.join(folder, "memory.memsw.limit_in_bytes"), str(memory))
                _write(os.path.join(self.folders["pids"], "pids.max"), str(processes))
        except OSError:
            for folder in made:
                with contextlib.suppress(OSError):
                    os.rmdir(folder)
            raise
        self.procs = tuple(os.path.join(folder, "cgroup.procs") for folder in self.folders.values())

    @staticmethod
    def join(procs: tuple[str, ...]) -> None:
        """Move this process into the cgroup whose ``cgroup.procs`` files are ``procs``
        (run in the child, before ``exec``)."""
        pid = str(os.getpid())
        for path in procs:
            _write(path, pid)

    def _file(self, controller: str, name: str) -> str:
        return os.path.join(self.folders["" if self.root.version == 2 else controller], name)

    def cpu(self) -> float | None:
        """CPU seconds used by its processes so far (None: not counted here)."""
        try:
            if self.root.version == 2:
                for line in _read(self._file("", "cpu.stat")).splitlines():
                    if line.startswith("usage_usec "):
                        return int(line.split()[1]) / 1e6
                return None
            if "cpuacct" not in self.folders:
                return None
            return int(_read(self._file("cpuacct", "cpuacct.usage"))) / 1e9
        except (OSError, ValueError):
            return None

    def memory(self) -> int:
        """Bytes its processes use now."""
        name = "memory.current" if self.root.version == 2 else "memory.usage_in_bytes"
        try:
            return int(_read(self._file("memory", name)))
        except (OSError, ValueError):
            return 0

    def peak(self) -> int:
        """The most bytes its processes used at once (0 where the kernel keeps no peak)."""
        name = "memory.peak" if self.root.version == 2 else "memory.max_usage_in_bytes"
        try:
            return int(_read(self._file("memory", name)))
        except (OSError, ValueError):
            return 0

    def out_of_memory(self) -> bool:
        """Whether the kernel killed one of its processes for the memory limit."""
        name = "memory.events" if self.root.version == 2 else "memory.oom_control"
        try:
            text = _read(self._file("memory", name))
        except OSError:
            return False
        for line in text.splitlines():
            words = line.split()
            if len(words) == 2 and words[0] == "oom_kill" and words[1] != "0":
                return True
        return False

    def pids(self) -> list[int]:
        """Its processes now."""
        try:
            return [int(word) for word in _read(self.procs[0]).split()]
        except (OSError, ValueError):
            return []

    def kill(self) -> None:
        """Kill every process in it, until none is left."""
        if self.root.version == 2:
            with contextlib.suppress(OSError):
                _write(os.path.join(self.folders[""], "cgroup.kill"), "1")
        for _ in range(200):
            found = self.pids()
            if not found:
                return
            for pid in found:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)
            time.sleep(0.001)

    def remove(self) -> None:
        """Remove its folders (its processes killed first); a folder still busy after a
        second is left (the kernel removes nothing on its own)."""
        self.kill()
        for folder in self.folders.values():
            deadline = time.monotonic() + 1.0
            while True:
                try:
                    os.rmdir(folder)
                except FileNotFoundError:
                    break
                except OSError as exc:
                    if exc.errno != errno.EBUSY or time.monotonic() > deadline:
                        break
                    time.sleep(0.002)
                else:
                    break
