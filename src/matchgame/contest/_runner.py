"""The runs in flight: their keepers started, their pipes read, their use of CPU
and memory watched, their verdicts made (see :mod:`.run` for what a run is).

One thread multiplexes every run with ``selectors`` (forking a keeper must not
happen beside other threads). Each tick (20 ms) the runner reads each run's CPU
time and memory (its cgroup's counters, or the tree below its keeper), ends a run
past its CPU time, past the wall-clock backstop, or, without a cgroup, past the
memory or process limit, and resumes every keeper (a program may have stopped it).
A keeper that does not answer within two seconds of being asked is killed with
everything below it.
"""

from __future__ import annotations

import contextlib
import errno
import math
import os
import selectors
import shutil
import signal
import stat
import sys
import tempfile
import time
from dataclasses import dataclass, field, replace

from ..errors import MatchgameError
from ._cgroups import RunCgroup
from ._keeper import Keeper, KeeperReport, Launch, start_keeper
from ._namespaces import bwrap_argv
from ._proctree import kill_pids, kill_tree, usage
from .compare import Comparison, Difference
from .programs import Isolation, Program, RunLimits, RunResult

__all__ = ["MARKER", "Runner"]

MARKER = "MATCHGAME_RUN"
"""The environment variable each run's processes carry: the run's folder's name."""

_CHUNK = 1 << 16
_TICK = 0.02  # seconds between looks at the runs' CPU time and memory
_ANSWER = 2.0  # seconds a keeper has to end its run once asked
_KEPT = 1 << 20  # bytes of output kept for the report (the rest only compared)
_ERROR_TAIL = 4096  # bytes of standard error kept for the report


@dataclass
class _Run:
    index: int
    keeper: Keeper
    directory: str
    cgroup: RunCgroup | None
    started: float
    comparison: Comparison | None
    answer: bytes | None
    stdout: int
    stderr: int
    output: bytearray = field(default_factory=bytearray)
    output_bytes: int = 0
    error: bytearray = field(default_factory=bytearray)
    report: KeeperReport | None = None
    keeper_gone: bool = False
    reason: str | None = None  # why the judge ended it
    asked_at: float | None = None
    cpu: float = 0.0
    memory: int = 0
    seen: list[int] = field(default_factory=list)  # the processes below its keeper


def _nproc_limit(extra: int) -> int | None:
    """RLIMIT_NPROC for a run: this user's processes now and ``extra`` more (None for
    root, to whom the kernel does not apply it)."""
    if os.geteuid() == 0:
        return None
    uid = os.getuid()
    count = 0
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError):
                if os.stat(f"/proc/{entry}").st_uid == uid:
                    count += 1
    return count + extra


class Runner:
    """The runs of ``program`` in flight, under ``limits`` and ``isolation``, the
    ``hidden`` folders out of the program's sight where namespaces allow."""

    def __init__(
        self,
        program: Program,
        limits: RunLimits,
        isolation: Isolation,
        hidden: tuple[str, ...] = (),
    ) -> None:
        self.program = program
        self.limits = limits
        self.isolation = isolation
        # a folder holding the system or the runs' own folders is not hidden: it would
        # hide what the program needs (a setter keeps tests in a folder of their own)
        needed = ("/", tempfile.gettempdir(), sys.prefix, sys.base_prefix)
        self.hidden = tuple(
            path
            for path in (os.path.realpath(folder) for folder in hidden)
            if not any(_within(os.path.realpath(need), path) for need in needed)
        )
        self.shown = tuple(os.path.realpath(word) for word in program.argv if os.path.isabs(word))
        self.selector = selectors.DefaultSelector()
        self.running: dict[int, _Run] = {}
        self.released: list[int] = []  # keepers removing their run's files: reaped later
        self.nproc = None if isolation.cgroup is not None else _nproc_limit(limits.processes)
        self.tick = time.monotonic()

    # -- starting ---------------------------------------------------------------------

    def _launch(self, directory: str, cgroup: RunCgroup | None) -> Launch:
        limits = self.limits
        argv = self.program.argv
        if self.isolation.namespaces == "bwrap":
            assert self.isolation.bwrap is not None
            wrap = bwrap_argv(
                self.isolation.bwrap, directory, self.hidden, self.shown, limits.memory
            )
            argv = (*wrap, *argv)
        return Launch(
            argv=argv,
            directory=directory,
            env={**os.environ, MARKER: os.path.basename(directory), "TMPDIR": directory},
            cpu_seconds=math.ceil(limits.time) + 1,
            file_bytes=limits.output + 1,
            address_space=None if cgroup is not None else 2 * limits.memory,
            processes=self.nproc,
            cgroup_procs=cgroup.procs if cgroup is not None else (),
            unshare=self.isolation.namespaces == "unshare",
            hidden=self.hidden,
            shown=self.shown,
            scratch=limits.memory,
        )

    def start(self, index: int, data: bytes, answer: bytes | None) -> None:
        """Start the run ``index`` on ``data`` (``answer``: compare its output with it)."""
        directory = tempfile.mkdtemp(prefix="matchgame-run-")
        cgroup = None
        try:
            files = self.program.files
            path = os.path.join(directory, files[0] if files is not None else "stdin")
            with open(path, "xb") as file:
                file.write(data)
            if self.isolation.cgroup is not None:
                name = os.path.basename(directory)
                cgroup = RunCgroup(
                    self.isolation.cgroup, name, self.limits.memory, self.limits.processes
                )
            stdin = os.open(path if files is None else os.devnull, os.O_RDONLY | os.O_CLOEXEC)
            out_r, out_w = os.pipe()
            err_r, err_w = os.pipe()
            try:
                keeper = start_keeper(self._launch(directory, cgroup), stdin, out_w, err_w, cgroup)
            finally:
                for fd in (stdin, out_w, err_w):
                    os.close(fd)
        except OSError as exc:
            if cgroup is not None:
                cgroup.remove()
            shutil.rmtree(directory, ignore_errors=True)
            raise MatchgameError(f"cannot start a run: {exc.strerror or exc}") from None
        comparison = Comparison(answer) if answer is not None and files is None else None
        run = _Run(
            index, keeper, directory, cgroup, time.monotonic(), comparison, answer, out_r, err_r
        )
        for fd in (out_r, err_r, keeper.report):
            os.set_blocking(fd, False)
            self.selector.register(fd, selectors.EVENT_READ, run)
        self.running[index] = run

    # -- watching ---------------------------------------------------------------------

    def step(self) -> list[tuple[int, RunResult]]:
        """Wait for something to happen; the runs that ended, with their results."""
        now = time.monotonic()
        timeout = max(0.0, self.tick + _TICK - now)
        for key, _ in self.selector.select(timeout):
            run = key.data
            if key.fd == run.keeper.report:
                self._read_report(run)
            else:
                self._read(run, key.fd)
        now = time.monotonic()
        if now >= self.tick + _TICK:
            self.tick = now
            for run in self.running.values():
                if run.report is None and not run.keeper_gone:
                    self._watch(run, now)
        ended = []
        for run in list(self.running.values()):
            if run.report is not None or run.keeper_gone:
                ended.append((run.index, self.finish(run)))
        if self.released:
            self._reap_released()
        return ended

    def _watch(self, run: _Run, now: float) -> None:
        limits = self.limits
        cpu = run.cgroup.cpu() if run.cgroup is not None else None
        if run.cgroup is None or cpu is None:
            found = usage(run.keeper.pid)
            run.seen = found.pids
            cpu = found.cpu if cpu is None else cpu
            if run.cgroup is None:
                run.memory = max(run.memory, found.memory)
                if found.memory > limits.memory:
                    self.stop(run, "memory-limit")
                if found.processes > limits.processes:
                    self.stop(run, "processes")
        run.cpu = max(run.cpu, cpu)
        if run.cpu > limits.time:
            self.stop(run, "time-limit")
        if now - run.started > limits.backstop:
            self.stop(run, "wall-clock")
        run.keeper.resume()
        if run.asked_at is not None and now - run.asked_at > _ANSWER:
            self._force(run)

    def stop(self, run: _Run, reason: str) -> None:
        """Have the run ended, for ``reason``."""
        if run.reason is None:
            run.reason = reason
            run.asked_at = time.monotonic()
        run.keeper.stop()

    def _force(self, run: _Run) -> None:
        """End a run whose keeper does not answer: everything below it killed, then it."""
        if run.cgroup is not None:
            run.cgroup.kill()
        kill_tree(run.keeper.pid)
        kill_pids([run.keeper.pid])
        run.keeper_gone = True

    def _read(self, run: _Run, fd: int) -> None:
        while True:
            try:
                chunk = os.read(fd, _CHUNK)
            except BlockingIOError:
                return
            except OSError as exc:  # pragma: no cover  (a pipe does not fail)
                if exc.errno == errno.EINTR:
                    continue
                chunk = b""
            if not chunk:
                self.selector.unregister(fd)
                return
            if fd == run.stderr:
                run.error = (run.error + chunk)[-_ERROR_TAIL:]
                continue
            if run.reason == "output-limit":
                continue  # past the limit: drained, not kept
            run.output_bytes += len(chunk)
            if run.output_bytes > self.limits.output:
                self.stop(run, "output-limit")
                continue
            if len(run.output) < _KEPT:
                run.output += chunk[: _KEPT - len(run.output)]
            if run.comparison is not None:
                run.comparison.feed(chunk)

    def _read_report(self, run: _Run) -> None:
        try:
            line = os.read(run.keeper.report, 4096)
        except BlockingIOError:
            return
        self.selector.unregister(run.keeper.report)
        run.report = KeeperReport.parse(line) if line else None
        run.keeper_gone = run.report is None

    # -- ending -----------------------------------------------------------------------

    def _registered(self, fd: int) -> bool:
        try:
            self.selector.get_key(fd)
        except KeyError:
            return False
        return True

    def finish(self, run: _Run) -> RunResult:
        """The run's result, once its keeper reported (or died): the pipes drained and
        closed; then the keeper released to remove the run's folder and cgroup (the
        judge does it for a keeper that died)."""
        keeper = run.keeper
        if run.report is None:  # the keeper was killed: its processes are the judge's now
            self._clean_up_after(run)
        for fd in (run.stdout, run.stderr):
            if self._registered(fd):
                self._read(run, fd)
                if self._registered(fd):
                    self.selector.unregister(fd)
            os.close(fd)
        if self._registered(keeper.report):
            self.selector.unregister(keeper.report)
        del self.running[run.index]
        try:
            return self._result(run)
        finally:
            if run.report is not None:
                keeper.release()
                self.released.append(keeper.pid)
            else:
                with contextlib.suppress(ChildProcessError):
                    os.waitpid(keeper.pid, 0)
                if run.cgroup is not None:
                    run.cgroup.remove()
                shutil.rmtree(run.directory, ignore_errors=True)
            keeper.close()

    def _reap_released(self, block: bool = False) -> None:
        """Wait for the keepers released (``block``: for all of them)."""
        for pid in list(self.released):
            try:
                done, _ = os.waitpid(pid, 0 if block else os.WNOHANG)
            except ChildProcessError:
                done = pid
            if done:
                self.released.remove(pid)

    def _clean_up_after(self, run: _Run) -> None:
        if run.cgroup is not None:
            run.cgroup.kill()
        kill_tree(run.keeper.pid)
        kill_pids(run.seen)  # seen below it at the last look (20 ms ago at most)
        marker = f"{MARKER}={os.path.basename(run.directory)}".encode()
        for entry in os.listdir("/proc"):
            if entry.isdigit() and _environ_holds(int(entry), marker):
                kill_pids([int(entry)])

    def _result(self, run: _Run) -> RunResult:
        limits = self.limits
        report = run.report
        cgroup_cpu = run.cgroup.cpu() if run.cgroup is not None else None
        cpu = max(run.cpu, cgroup_cpu or 0.0, report.cpu if report is not None else 0.0)
        memory = max(run.cgroup.peak() if run.cgroup is not None else 0, run.memory)
        status = report.status if report is not None else None
        code = os.WEXITSTATUS(status) if status is not None and os.WIFEXITED(status) else None
        signum = os.WTERMSIG(status) if status is not None and os.WIFSIGNALED(status) else None
        if self.isolation.namespaces and code is not None and 128 < code < 128 + signal.NSIG:
            signum, code = code - 128, None  # the namespace's first process says it so
        ended = RunResult(
            "runtime-error",
            bytes(run.output),
            cpu,
            code,
            signum,
            bytes(run.error),
            wall=time.monotonic() - run.started,
            memory=memory,
            output_bytes=run.output_bytes,
        )
        out_of_memory = run.cgroup.out_of_memory() if run.cgroup is not None else False
        if (
            run.reason in ("time-limit", "wall-clock")
            or signum == signal.SIGXCPU
            or cpu > limits.time
        ):
            note = "wall-clock" if run.reason == "wall-clock" else ""
            return replace(ended, status="time-limit", output=b"", note=note)
        if run.reason == "output-limit" or signum == signal.SIGXFSZ:
            return replace(ended, status="output-limit", output=b"")
        if run.reason == "memory-limit" or out_of_memory:
            return replace(ended, status="memory-limit", output=b"")
        if run.reason == "processes":
            return replace(ended, note=f"more than {limits.processes} processes at once")
        if report is None:
            return replace(
                ended, note="its keeper was killed (a process of the run killed its parent)"
            )
        if signum is not None or code:
            return ended
        if self.program.files is not None:
            return self._output_file(run, ended)
        difference = None
        if run.comparison is not None:
            run.comparison.finish()
            difference = run.comparison.difference
        return replace(ended, status="exited", difference=difference)

    def _output_file(self, run: _Run, ended: RunResult) -> RunResult:
        """The output file of a run that reads and writes files: a regular file only,
        read in pieces up to the output limit (a FIFO, a device or a link is not an
        output: a runtime error)."""
        assert self.program.files is not None
        name = self.program.files[1]
        path = os.path.join(run.directory, name)
        comparison = Comparison(run.answer) if run.answer is not None else None
        kept = bytearray()
        total = 0
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
        except FileNotFoundError:
            fd = None
        except OSError as exc:
            what = "a symbolic link" if exc.errno == errno.ELOOP else exc.strerror
            return replace(ended, output=b"", note=f"{name} is not an output file: {what}")
        if fd is not None:
            try:
                if not stat.S_ISREG(os.fstat(fd).st_mode):
                    return replace(ended, output=b"", note=f"{name} is not a regular file")
                while chunk := os.read(fd, _CHUNK):
                    total += len(chunk)
                    if total > self.limits.output:
                        return replace(ended, status="output-limit", output=b"", output_bytes=total)
                    if len(kept) < _KEPT:
                        kept += chunk[: _KEPT - len(kept)]
                    if comparison is not None:
                        comparison.feed(chunk)
            finally:
                os.close(fd)
        difference: Difference | None = None
        if comparison is not None:
            comparison.finish()
            difference = comparison.difference
        return replace(
            ended, status="exited", output=bytes(kept), output_bytes=total, difference=difference
        )

    def close(self) -> None:
        """End every run still going (an interrupted caller) and wait for them."""
        for run in self.running.values():
            self.stop(run, "interrupted")
        deadline = time.monotonic() + _ANSWER
        while self.running:
            for run in list(self.running.values()):
                if time.monotonic() > deadline and run.report is None:
                    self._force(run)
            self.step()
        self._reap_released(block=True)  # their runs' folders and cgroups gone too
        self.selector.close()


def _within(path: str, folder: str) -> bool:
    """Whether ``path`` is ``folder`` or inside it."""
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def _environ_holds(pid: int, marker: bytes) -> bool:
    try:
        with open(f"/proc/{pid}/environ", "rb") as file:
            return marker in file.read().split(b"\0")
    except OSError:
        return False
