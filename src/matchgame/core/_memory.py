"""How much memory an input may plan for, checked before anything is allocated.

A reader multiplies what a header announces by a rough cost per vertex or cell
and asks :func:`require_memory`, which refuses with a one-line
:class:`~matchgame.errors.ParseError` ("needs about X GiB; Y GiB is available")
when that is more than the process may use (a computation that sizes its own
arrays, such as the edge game's GF(2) elimination, asks the same question and
raises its own error): the least of the machine's
MemAvailable, the headroom under ``ulimit -v`` and ``ulimit -d``, and the
container's cgroup limit. A server running several analyses gives each a share
(:func:`memory_share`), and sorts its requests by the work they claim
(:func:`claims_checked`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from ..errors import ParseError

__all__ = ["available_memory", "claims_checked", "memory_share", "require_memory"]


def _meminfo_available() -> int | None:
    """MemAvailable from /proc/meminfo (Linux), else the free pages the C library knows."""
    try:
        with open("/proc/meminfo", "rb") as meminfo:
            for line in meminfo:
                if line.startswith(b"MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None


def _status_kib(field: bytes) -> int | None:
    """A ``kB`` field of /proc/self/status (``VmSize``, ``VmData``) in bytes."""
    try:
        with open("/proc/self/status", "rb") as status:
            for line in status:
                if line.startswith(field + b":"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def _rlimit_headroom() -> int | None:
    """What the address-space and data limits (``ulimit -v``, ``ulimit -d``) still allow."""
    try:
        import resource
    except ImportError:  # not on POSIX
        return None
    room = None
    for limit, used in ((resource.RLIMIT_AS, b"VmSize"), (resource.RLIMIT_DATA, b"VmData")):
        soft, _ = resource.getrlimit(limit)
        if soft == resource.RLIM_INFINITY:
            continue
        in_use = _status_kib(used)
        if in_use is None:
            continue
        left = max(soft - in_use, 0)
        room = left if room is None else min(room, left)
    return room


def _cgroup_headroom(
    membership: str = "/proc/self/cgroup", root: str = "/sys/fs/cgroup"
) -> int | None:
    """What this process's control group (a container's limit) still allows: the
    smallest ``memory.max - memory.current`` (cgroup v2) or ``memory.limit_in_bytes
    - memory.usage_in_bytes`` (v1) of its group and the groups above it; None when
    no limit is set or none can be read."""
    try:
        with open(membership, "rb") as handle:
            lines = handle.read().decode("utf-8", "replace").splitlines()
    except OSError:
        return None
    rooms = []
    for line in lines:
        hierarchy, _, rest = line.partition(":")
        controllers, _, group = rest.partition(":")
        if hierarchy == "0" and not controllers:  # v2, mounted at root or root/unified
            for mount in (root, os.path.join(root, "unified")):
                rooms.append(_group_room(mount, group, "memory.max", "memory.current"))
        elif "memory" in controllers.split(","):
            mount = os.path.join(root, "memory")
            rooms.append(
                _group_room(mount, group, "memory.limit_in_bytes", "memory.usage_in_bytes")
            )
    known = [room for room in rooms if room is not None]
    return min(known) if known else None


def _group_room(mount: str, group: str, limit_file: str, usage_file: str) -> int | None:
    """The least headroom of ``group`` and its ancestors under ``mount`` (a group's
    path may not be visible inside a container: its mount's root is then tried)."""
    parts = [part for part in group.split("/") if part]
    room = None
    for depth in range(len(parts), -1, -1):
        folder = os.path.join(mount, *parts[:depth])
        try:
            with open(os.path.join(folder, limit_file), "rb") as handle:
                limit = handle.read().strip()
            with open(os.path.join(folder, usage_file), "rb") as handle:
                usage = int(handle.read().strip())
        except (OSError, ValueError):
            continue
        if limit == b"max" or not limit.isdigit() or int(limit) >= 1 << 60:
            continue  # no limit (v1 writes a huge number for none)
        left = max(int(limit) - usage, 0)
        room = left if room is None else min(room, left)
    return room


def available_memory() -> int | None:
    """Bytes of memory this process may still use, or None when unknown: the
    smallest of the machine's MemAvailable, the headroom under this process's
    ``RLIMIT_AS``/``RLIMIT_DATA`` and under its cgroup's ``memory.max``."""
    figures = [_meminfo_available(), _rlimit_headroom(), _cgroup_headroom()]
    known = [figure for figure in figures if figure is not None]
    return min(known) if known else None


_MEMORY_SHARE: ContextVar[int | None] = ContextVar("matchgame_memory_share", default=None)


@contextmanager
def memory_share(n_bytes: int | None) -> Iterator[None]:
    """Within the block, inputs may plan for at most ``n_bytes`` (None: no cap) on
    top of :func:`available_memory`: a server running several analyses gives each
    its share. A share inside another is the smaller of the two."""
    outer = _MEMORY_SHARE.get()
    if n_bytes is None or (outer is not None and outer < n_bytes):
        n_bytes = outer
    token = _MEMORY_SHARE.set(n_bytes)
    try:
        yield
    finally:
        _MEMORY_SHARE.reset(token)


_CLAIMS: ContextVar[Callable[[int, int, str], None] | None] = ContextVar(
    "matchgame_claims", default=None
)


@contextmanager
def claims_checked(check: Callable[[int, int, str], None]) -> Iterator[None]:
    """Within the block, every input's claim is shown to ``check(n_bytes, size, what)``
    before anything is allocated (``size``: the vertices or cells its header
    announces, 0 when it announces none), which may raise: a server sends a request
    to the lane its claim needs, or refuses it, whatever the size of its bytes."""
    token = _CLAIMS.set(check)
    try:
        yield
    finally:
        _CLAIMS.reset(token)


SMALL = 64 << 20
"""Needs up to this many bytes are not checked: any process may take that much, and
asking the system costs about ten file reads (a folder of small tests would pay
them for every input)."""


def require_memory(
    n_bytes: int,
    what: str,
    *,
    line: int | None = None,
    size: int = 0,
    error: Callable[[str], Exception] | None = None,
    claim: bool = True,
) -> None:
    """Refuse, before allocating, an input whose solution cannot fit in memory: a
    ParseError at ``line``, or ``error(message)`` when given; ``size``: the vertices
    or cells its header announces (see :func:`claims_checked`). ``claim=False``: a
    bound checked against the machine's memory, neither claimed nor held to a share
    (a search that claims its memory as it grows first checks that its largest fits
    on the machine)."""
    check = _CLAIMS.get()
    if check is not None and claim:
        check(n_bytes, size, what)
    share = _MEMORY_SHARE.get() if claim else None
    if n_bytes <= SMALL and (share is None or n_bytes <= share):
        return
    available = available_memory()
    if share is not None:
        available = share if available is None else min(available, share)
    if available is not None and n_bytes > available:
        message = (
            f"{what} needs about {_gigabytes(n_bytes)} of memory; "
            f"{_gigabytes(available)} is available"
        )
        raise ParseError(message, line=line) if error is None else error(message)


def _gigabytes(n_bytes: int) -> str:
    return f"{n_bytes / 2**30:.1f} GiB"
