"""A run's own namespaces: process ids, mounts, network, IPC and host name.

Inside, the program sees the system read-only (``/tmp`` included: its scratch
folder is its own, ``TMPDIR``), its own folder read-write, a fresh ``/dev/shm`` (in
memory), a ``/proc`` of its own processes only (none of the judge's), no network
but an unconnected loopback, and the folders the judge hides (a setter's tests and
their answers) as empty ones, but for the program's own files in them.

Two ways in, the first the machine offers:

- ``bwrap`` (Debian's ``bubblewrap``, as Flatpak uses it; works without root where
  user namespaces are allowed): :func:`bwrap_argv` is its command line;
- ``unshare``: as root, the kernel's ``unshare(2)`` and ``mount(2)`` called here,
  in the run's first process before ``exec`` (:func:`enter`): every mount made
  read-only, the folders mounted, then a first process of the new PID namespace
  that reaps every orphan and ends with the program (its end kills the namespace).

Either way a status of 128 + N from the namespace's first process says the program
was killed by signal N (as a shell says it; what ``bwrap`` reports too).
"""

from __future__ import annotations

import contextlib
import ctypes
import os
from collections.abc import Sequence

from ..core._process import PR_SET_PDEATHSIG, die_with, prctl

__all__ = ["bwrap_argv", "enter"]

_CLONE_NEWNS = 0x00020000
_CLONE_NEWUTS = 0x04000000
_CLONE_NEWIPC = 0x08000000
_CLONE_NEWPID = 0x20000000
_CLONE_NEWNET = 0x40000000

_MS_RDONLY = 1
_MS_NOSUID = 2
_MS_NODEV = 4
_MS_NOEXEC = 8
_MS_REMOUNT = 32
_MS_NOATIME = 1024
_MS_NODIRATIME = 2048
_MS_BIND = 4096
_MS_REC = 16384
_MS_PRIVATE = 1 << 18
_MS_RELATIME = 1 << 21

# statvfs's f_flag bits -> the mount flags a bind remount must keep
_KEPT_FLAGS = {
    os.ST_NOSUID: _MS_NOSUID,
    os.ST_NODEV: _MS_NODEV,
    os.ST_NOEXEC: _MS_NOEXEC,
    os.ST_NOATIME: _MS_NOATIME,
    os.ST_NODIRATIME: _MS_NODIRATIME,
    os.ST_RELATIME: _MS_RELATIME,
}
_SPECIAL = ("/proc", "/sys", "/dev")  # their mounts may refuse a remount: not needed


def bwrap_argv(
    bwrap: str, directory: str, hidden: Sequence[str], shown: Sequence[str], scratch: int
) -> list[str]:
    """``bwrap``'s command line (the program's own after it) for a run in ``directory``,
    with ``hidden`` folders empty but the ``shown`` files in them, and ``scratch``
    bytes of fresh ``/dev/shm``."""
    argv = [bwrap, "--die-with-parent", "--new-session", "--unshare-pid", "--unshare-net"]
    argv += ["--unshare-ipc", "--unshare-uts", "--ro-bind", "/", "/", "--dev", "/dev"]
    argv += ["--proc", "/proc", "--size", str(scratch), "--tmpfs", "/dev/shm"]
    for folder in hidden:
        argv += ["--size", "65536", "--tmpfs", folder]
        for path in shown:
            if path.startswith(folder.rstrip("/") + "/"):
                argv += ["--ro-bind", path, path]
        argv += ["--remount-ro", folder]
    argv += ["--bind", directory, directory, "--chdir", directory, "--"]
    return argv


_libc = ctypes.CDLL(None, use_errno=True) if hasattr(os, "sched_getaffinity") else None


def _call(name: str, *args: object) -> None:
    assert _libc is not None
    if getattr(_libc, name)(*args) != 0:
        code = ctypes.get_errno()
        raise OSError(code, f"{name}: {os.strerror(code)}")


def _mount(source: str | None, target: str, kind: str | None, flags: int, data: str = "") -> None:
    def text(value: str | None) -> bytes | None:
        return None if value is None else os.fsencode(value)

    try:
        _call("mount", text(source), text(target), text(kind), flags, text(data or None))
    except OSError as exc:
        raise OSError(exc.errno, f"mount {target}: {exc.strerror}") from None


def _kept(path: str) -> int:
    flags = os.statvfs(path).f_flag
    return sum(mount for bit, mount in _KEPT_FLAGS.items() if flags & bit)


def _mount_points() -> list[str]:
    with open("/proc/self/mountinfo", encoding="utf-8", errors="surrogateescape") as file:
        lines = file.read().splitlines()
    points = []
    for line in lines:
        fields = line.split()
        if len(fields) > 4:
            points.append(fields[4].encode("utf-8", "surrogateescape").decode("unicode_escape"))
    return points


def _read_only_everywhere() -> None:
    for point in _mount_points():
        try:
            _mount(None, point, None, _MS_REMOUNT | _MS_BIND | _MS_RDONLY | _kept(point))
        except OSError:
            if not point.startswith(_SPECIAL):
                raise


def _bind(source_fd: int, target: str, *, writable: bool) -> None:
    _mount(f"/proc/self/fd/{source_fd}", target, None, _MS_BIND)
    flags = _MS_REMOUNT | _MS_BIND | _kept(target) | (0 if writable else _MS_RDONLY)
    _mount(None, target, None, flags)


def _mount_point(path: str, directory: bool) -> None:
    if directory:
        os.makedirs(path, exist_ok=True)
    else:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with contextlib.suppress(FileExistsError):
            os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))


def _mounts(directory: str, hidden: Sequence[str], shown: Sequence[str], scratch: int) -> None:
    """In a new mount namespace: everything read-only, a fresh ``/dev/shm``, the
    hidden folders empty (their shown files kept), ``directory`` read-write."""
    _mount(None, "/", None, _MS_REC | _MS_PRIVATE)
    held = {path: os.open(path, os.O_PATH | os.O_CLOEXEC) for path in [directory, *shown]}
    _read_only_everywhere()
    if os.path.isdir("/dev/shm"):
        _mount("tmpfs", "/dev/shm", "tmpfs", _MS_NOSUID | _MS_NODEV, f"size={scratch},mode=1777")
    for folder in hidden:
        _mount("tmpfs", folder, "tmpfs", _MS_NOSUID | _MS_NODEV, "size=65536,mode=755")
        for path in shown:
            if path.startswith(folder.rstrip("/") + "/"):
                _mount_point(path, os.path.isdir(f"/proc/self/fd/{held[path]}"))
                _bind(held[path], path, writable=False)
        _mount(None, folder, None, _MS_REMOUNT | _MS_RDONLY | _MS_NOSUID | _MS_NODEV)
    _mount_point(directory, True)
    _bind(held[directory], directory, writable=True)
    for fd in held.values():
        os.close(fd)
    os.chdir(directory)


def _wait_for(main: int) -> int:
    """As a PID namespace's first process: reap every process until ``main`` ends;
    its exit status, or 128 + the signal that killed it."""
    while True:
        try:
            pid, status = os.waitpid(-1, 0)
        except ChildProcessError:
            return 127
        if pid == main:
            if os.WIFSIGNALED(status):
                return 128 + os.WTERMSIG(status)
            return os.waitstatus_to_exitcode(status)


def enter(directory: str, hidden: Sequence[str], shown: Sequence[str], scratch: int) -> None:
    """Move the calling process (a run's first, between fork and exec, as root) into
    new namespaces. Returns in the process that is to ``exec`` the program; the
    calling process and the namespace's first process wait for it and never return."""
    _call("unshare", _CLONE_NEWNS | _CLONE_NEWPID | _CLONE_NEWNET | _CLONE_NEWIPC | _CLONE_NEWUTS)
    _mounts(directory, hidden, shown, scratch)
    first = os.fork()  # the namespace's process 1
    if first:
        code = 127
        with contextlib.suppress(ChildProcessError):
            _, status = os.waitpid(first, 0)
            code = os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 137
        os._exit(code)
    try:
        # the parent is outside the namespace: getppid() says 0, so no die_with check
        if prctl is not None:
            prctl(PR_SET_PDEATHSIG, 9)
        _mount("proc", "/proc", "proc", _MS_NOSUID | _MS_NODEV | _MS_NOEXEC)
        main = os.fork()
        if main:
            os._exit(_wait_for(main))
        die_with(1, 9)
    except BaseException:
        os._exit(126)
