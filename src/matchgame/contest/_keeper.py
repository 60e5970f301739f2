"""A run's keeper: the process between the judge and the program.

The judge forks a keeper for each run (a copy of itself, no ``exec``: a millisecond
or two). The keeper makes itself a subreaper (``PR_SET_CHILD_SUBREAPER``), so every
process the program starts stays below it whatever it does (``setsid``, a double
fork, ``setpgid``), and forks the program's first process, which sets the run up
before ``exec``: its own session, the run's cgroup, its limits
(``setrlimit``), the kernel's parent-death signal, and the namespaces
(:mod:`._namespaces`). The keeper waits (reaping every orphan at once, so that none
holds a process slot as a zombie); when the program's first process ends, or the
judge asks (a byte on the control pipe), or the judge is gone (the control pipe's
end of file: the judge was killed), it kills every process below it (and in the
run's cgroup), waits for all of them, and writes one line to the judge: the
program's wait status and the CPU seconds of every process of the run. Once the
judge has read what it needs (the output file, the cgroup's counters) and says it
is done, or is gone, the keeper removes the run's folder and cgroup: a killed judge
leaves nothing behind, and a judge that lives does not wait for the removal.

A program that signals its parent reaches the keeper, never the judge: the keeper
ignores every signal it can; the judge resumes a stopped keeper (SIGCONT) and
kills a keeper that does not answer.
"""

from __future__ import annotations

import contextlib
import os
import resource
import select
import shutil
import signal
from dataclasses import dataclass, field

from ..core._process import die_with, prctl
from . import _namespaces
from ._cgroups import RunCgroup
from ._proctree import kill_tree

__all__ = ["Keeper", "KeeperReport", "Launch", "start_keeper"]

PR_SET_CHILD_SUBREAPER = 36
_IGNORED = [
    signal.SIGHUP,
    signal.SIGINT,
    signal.SIGQUIT,
    signal.SIGTERM,
    signal.SIGUSR1,
    signal.SIGUSR2,
    signal.SIGPIPE,
    signal.SIGALRM,
    signal.SIGTSTP,
    signal.SIGTTIN,
    signal.SIGTTOU,
    signal.SIGXCPU,
    signal.SIGXFSZ,
]


@dataclass(frozen=True)
class Launch:
    """How to start a run's program: its command line (``bwrap``'s before it when the
    namespaces are bubblewrap's), folder, environment and limits."""

    argv: tuple[str, ...]
    directory: str
    env: dict[str, str]
    cpu_seconds: int
    file_bytes: int
    address_space: int | None = None
    processes: int | None = None
    cgroup_procs: tuple[str, ...] = ()
    unshare: bool = False
    hidden: tuple[str, ...] = ()
    shown: tuple[str, ...] = ()
    scratch: int = 1 << 20


@dataclass(frozen=True)
class KeeperReport:
    """The keeper's line: the program's first process's wait status (None: not known)
    and the CPU seconds of every process of the run."""

    status: int | None
    cpu: float

    @staticmethod
    def parse(line: bytes) -> KeeperReport | None:
        words = line.split()
        try:
            status, cpu = int(words[0]), float(words[1])
        except (IndexError, ValueError):
            return None
        return KeeperReport(None if status < 0 else status, cpu)


@dataclass
class Keeper:
    """The judge's side of a keeper: its process id, the pipe its report comes
    through, and the control pipe (a byte: end the run; closed: the judge is gone)."""

    pid: int
    report: int
    control: int
    asked: bool = False
    closed: list[int] = field(default_factory=list)

    def release(self) -> None:
        """Tell the keeper the judge is done with the run (it removes the run's folder
        and cgroup, then ends)."""
        with contextlib.suppress(OSError):
            os.write(self.control, b"d")

    def stop(self) -> None:
        """Ask the keeper to end the run (and resume it, should the program have
        stopped it)."""
        if not self.asked:
            self.asked = True
            with contextlib.suppress(OSError):
                os.write(self.control, b"k")
        self.resume()

    def resume(self) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(self.pid, signal.SIGCONT)

    def close(self) -> None:
        for fd in (self.report, self.control):
            if fd not in self.closed:
                self.closed.append(fd)
                with contextlib.suppress(OSError):
                    os.close(fd)


def start_keeper(
    launch: Launch, stdin: int, stdout: int, stderr: int, cgroup: RunCgroup | None
) -> Keeper:
    """Fork the keeper of a run whose program reads ``stdin`` and writes ``stdout`` and
    ``stderr`` (descriptors the caller closes afterwards)."""
    report_r, report_w = os.pipe()
    control_r, control_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the keeper: never returns
        code = 70
        try:
            _keep(launch, (stdin, stdout, stderr), report_w, control_r, cgroup)
            code = 0
        finally:
            os._exit(code)
    os.close(report_w)
    os.close(control_r)
    return Keeper(pid, report_r, control_w)


def _close_all_but(keep: set[int]) -> None:
    for name in os.listdir("/proc/self/fd"):
        fd = int(name)
        if fd not in keep and fd > 2:
            with contextlib.suppress(OSError):
                os.close(fd)


class _Reaper:
    """Waits for every ended child of the keeper, keeping the first process's status."""

    def __init__(self, main: int) -> None:
        self.main = main
        self.status: int | None = None

    def __call__(self, block: bool = False) -> bool:
        """Reap what has ended (``block``: until no child is left); False when there
        are no children left."""
        while True:
            try:
                pid, status = os.waitpid(-1, 0 if block else os.WNOHANG)
            except ChildProcessError:
                return False
            if pid == 0:
                return True
            if pid == self.main:
                self.status = status


def _keep(
    launch: Launch,
    streams: tuple[int, int, int],
    report: int,
    control: int,
    cgroup: RunCgroup | None,
) -> None:
    _close_all_but({*streams, report, control})
    for signum in _IGNORED:
        signal.signal(signum, signal.SIG_IGN)
    if prctl is not None:
        prctl(PR_SET_CHILD_SUBREAPER, 1)
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, _nothing)
    keeper = os.getpid()
    main = os.fork()
    if main == 0:
        _exec_program(launch, streams, keeper)  # never returns
    for fd in streams:
        os.close(fd)
    reap = _Reaper(main)
    poller = select.poll()
    poller.register(control, select.POLLIN)
    poller.register(wake_r, select.POLLIN)
    orphaned = False
    while reap.status is None:
        events = dict(poller.poll())
        if wake_r in events:
            with contextlib.suppress(BlockingIOError):
                os.read(wake_r, 4096)
        reap()
        if control in events:
            orphaned = not os.read(control, 64)
            break
    if cgroup is not None:
        cgroup.kill()
    kill_tree(keeper, reap=reap)
    reap(block=True)
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    status = -1 if reap.status is None else reap.status
    line = f"{status} {used.ru_utime + used.ru_stime:.6f}\n"
    with contextlib.suppress(OSError):
        os.write(report, line.encode())
    # the judge reads the run's output file and counters, then says it is done (or
    # is gone): the folder and the cgroup are removed here, off the judge's way
    while not orphaned:
        data = os.read(control, 64)
        if not data or b"d" in data:
            break
    if cgroup is not None:
        cgroup.remove()
    shutil.rmtree(launch.directory, ignore_errors=True)


def _nothing(signum: int, frame: object) -> None:
    """SIGCHLD's handler: its wakeup byte is what the keeper waits for."""


def _high(fd: int) -> int:
    import fcntl

    return fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)


def _limit(kind: int, soft: int, hard: int | None = None) -> None:
    resource.setrlimit(kind, (soft, soft if hard is None else hard))


def _exec_program(launch: Launch, streams: tuple[int, int, int], keeper: int) -> None:
    """The run's first process, between fork and exec: never returns."""
    try:
        os.setsid()
        if launch.cgroup_procs:
            RunCgroup.join(launch.cgroup_procs)
        high = [_high(fd) for fd in streams]  # out of the way of 0, 1 and 2
        for target, fd in enumerate(high):
            os.dup2(fd, target)
        os.closerange(3, resource.getrlimit(resource.RLIMIT_NOFILE)[0])
        signal.set_wakeup_fd(-1)
        for signum in (*_IGNORED, signal.SIGCHLD):
            signal.signal(signum, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_SETMASK, [])
        _limit(resource.RLIMIT_CPU, launch.cpu_seconds, launch.cpu_seconds + 1)
        _limit(resource.RLIMIT_FSIZE, launch.file_bytes)
        _limit(resource.RLIMIT_CORE, 0)
        if launch.address_space is not None:
            _limit(resource.RLIMIT_AS, launch.address_space)
        if launch.processes is not None:
            _limit(resource.RLIMIT_NPROC, launch.processes)
        die_with(keeper, signal.SIGKILL)
        os.chdir(launch.directory)
        if launch.unshare:
            _namespaces.enter(launch.directory, launch.hidden, launch.shown, launch.scratch)
        os.execvpe(launch.argv[0], list(launch.argv), launch.env)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.write(2, f"matchgame: cannot run {launch.argv[0]!r}: {exc}\n".encode())
    finally:
        os._exit(127)
