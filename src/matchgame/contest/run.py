"""Running a contestant's program safely, as a judge does.

Each run is a process in its own session and process group
(``start_new_session``), under limits set in the child before ``exec``: address
space (``RLIMIT_AS``), CPU time (``RLIMIT_CPU``, a second over the time limit), the
size of any file it writes (``RLIMIT_FSIZE``, the output limit), no core files, and
the kernel's parent-death signal (KILL when matchgame dies:
:func:`matchgame.core._process.die_with`). The wall clock is watched here, the
output read with a cap, and at the end of every run, finished or not, the whole
group is killed (``os.killpg``) before the program is reaped, so a grandchild it
forked (``sleep 1000 &``) goes with it and the group's id cannot be reused in
between. Several runs go at once (``jobs``) from one thread, multiplexed with
``selectors`` (the child's set-up between fork and exec must not run beside other
threads); the results come back in the inputs' order.

If the caller is interrupted (Ctrl-C, or TERM turned into an exception by the
command line), :func:`run_programs` kills every group still running on its way out.
"""

from __future__ import annotations

import contextlib
import math
import os
import resource
import selectors
import shutil
import signal
import subprocess
import tempfile
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core._process import die_with
from ..errors import InvalidInputError

__all__ = ["Program", "RunLimits", "RunResult", "run_program", "run_programs"]

_CHUNK = 1 << 16
_POLL = 0.005  # seconds between exit checks where the kernel has no pidfd
_ERROR_TAIL = 4096  # bytes of standard error kept for the report


@dataclass(frozen=True)
class RunLimits:
    """What one run may use: wall-clock seconds, bytes of address space, bytes of
    output (standard output, or the output file, and any file it writes)."""

    time: float = 2.0
    memory: int = 256 << 20
    output: int = 16 << 20

    def __post_init__(self) -> None:
        if not 0 < self.time <= 3600:
            raise InvalidInputError(f"the time limit must be 0 to 3600 seconds, got {self.time:g}")
        if self.memory < 1 << 20:
            raise InvalidInputError(f"the memory limit must be at least 1 MiB, got {self.memory}")
        if self.output < 1:
            raise InvalidInputError(f"the output limit must be at least 1 byte, got {self.output}")


@dataclass(frozen=True)
class Program:
    """A command line to run on each input: ``argv`` as for ``exec``; with
    ``files`` (input name, output name) it reads and writes those files instead of
    standard input and output.

    Every run starts in a fresh directory, so the words of the command line that
    name existing files (``./sol``, ``sol.py``) are made absolute here; ``shown``
    keeps them as given, for reports (``python sol.py``, not a temporary folder's
    path).
    """

    argv: tuple[str, ...]
    files: tuple[str, str] | None = None
    shown: tuple[str, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.shown:
            object.__setattr__(self, "shown", tuple(self.argv))
        if not self.argv:
            raise InvalidInputError("the program's command line is empty")
        first = self.argv[0]
        found = shutil.which(first)
        if found is None:
            exists = os.path.exists(first)
            why = "is not an executable file" if exists else "was not found"
            raise InvalidInputError(f"cannot run {first!r}: it {why}")
        words = [os.path.abspath(found) if os.sep in first else first]
        words += [os.path.abspath(w) if os.path.isfile(w) else w for w in self.argv[1:]]
        object.__setattr__(self, "argv", tuple(words))

    def text(self) -> str:
        """The command line as it was given, as a shell would show it."""
        import shlex

        return shlex.join(self.shown)


@dataclass(frozen=True)
class RunResult:
    """How one run ended.

    ``status``: ``"exited"`` (it ended by itself with status 0: its output is to be
    judged), ``"runtime-error"`` (a non-zero status or a signal), ``"time-limit"``
    (the wall clock, or the CPU limit's SIGXCPU), ``"output-limit"`` (more output
    than allowed, or SIGXFSZ).
    """

    status: str
    output: bytes
    seconds: float
    exit_code: int | None = None
    signal: int | None = None
    error: bytes = b""

    def describe(self) -> str:
        """The end of the run in words: ``exit status 3``, ``killed by signal 11
        (SIGSEGV)``, ``no output file game.out`` ..."""
        if self.signal is not None:
            try:
                name = signal.Signals(self.signal).name
            except ValueError:
                name = "unknown"
            return f"killed by signal {self.signal} ({name})"
        return f"exit status {self.exit_code}"


@dataclass
class _Run:
    index: int
    process: subprocess.Popen[bytes]
    directory: str
    deadline: float
    started: float
    pidfd: int | None
    output: bytearray = field(default_factory=bytearray)
    error: bytearray = field(default_factory=bytearray)
    open_pipes: int = 2
    exited: bool = False
    timed_out: bool = False
    too_long: bool = False


def _limits_setter(limits: RunLimits, parent: int) -> Callable[[], None]:
    cpu = math.ceil(limits.time) + 1

    def setup() -> None:  # in the child, between fork and exec
        die_with(parent, signal.SIGKILL)
        resource.setrlimit(resource.RLIMIT_AS, (limits.memory, limits.memory))
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
        resource.setrlimit(resource.RLIMIT_FSIZE, (limits.output + 1, limits.output + 1))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

    return setup


class _Runner:
    """The runs in flight, their pipes and exits watched by one selector."""

    def __init__(self, program: Program, limits: RunLimits) -> None:
        self.program = program
        self.limits = limits
        self.selector = selectors.DefaultSelector()
        self.running: dict[int, _Run] = {}
        self.pidfds = hasattr(os, "pidfd_open")

    def start(self, index: int, data: bytes) -> None:
        directory = tempfile.mkdtemp(prefix="matchgame-run-")
        files = self.program.files
        name = files[0] if files is not None else "stdin"
        path = os.path.join(directory, name)
        Path(path).write_bytes(data)
        with open(path, "rb") as stdin:
            process = subprocess.Popen(
                self.program.argv,
                stdin=subprocess.DEVNULL if files is not None else stdin,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=directory,
                start_new_session=True,
                preexec_fn=_limits_setter(self.limits, os.getpid()),
                close_fds=True,
            )
        now = time.monotonic()
        pidfd = None
        if self.pidfds:
            try:
                pidfd = os.pidfd_open(process.pid)
            except OSError:
                self.pidfds = False
        run = _Run(index, process, directory, now + self.limits.time, now, pidfd)
        assert process.stdout is not None and process.stderr is not None
        for pipe in (process.stdout, process.stderr):
            os.set_blocking(pipe.fileno(), False)
            self.selector.register(pipe, selectors.EVENT_READ, run)
        if pidfd is not None:
            self.selector.register(pidfd, selectors.EVENT_READ, run)
        self.running[index] = run

    def step(self) -> list[tuple[int, RunResult]]:
        """Wait for something to happen; the runs that ended, with their results."""
        now = time.monotonic()
        timeout = max(0.0, min(run.deadline for run in self.running.values()) - now)
        if not self.pidfds:
            timeout = min(timeout, _POLL)
        for key, _ in self.selector.select(timeout):
            run = key.data
            if isinstance(key.fileobj, int):  # the pidfd: the program ended
                run.exited = True
                self.selector.unregister(key.fileobj)
            else:
                self._read(run, key.fileobj)
        ended = []
        now = time.monotonic()
        for run in list(self.running.values()):
            if not run.exited and run.pidfd is None:
                run.exited = _has_exited(run.process.pid)
            if now >= run.deadline and not run.exited:
                run.timed_out = True
            if run.exited or run.timed_out or run.too_long:
                ended.append((run.index, self.finish(run)))
        return ended

    def _read(self, run: _Run, pipe: Any) -> None:
        stdout = run.process.stdout
        assert stdout is not None
        fd = pipe.fileno()
        while True:
            try:
                chunk = os.read(fd, _CHUNK)
            except BlockingIOError:
                return
            if not chunk:
                self.selector.unregister(pipe)
                run.open_pipes -= 1
                return
            if pipe is stdout:
                if len(run.output) + len(chunk) > self.limits.output:
                    run.too_long = True
                    return
                run.output += chunk
            else:
                run.error = (run.error + chunk)[-_ERROR_TAIL:]

    def finish(self, run: _Run) -> RunResult:
        """Kill the run's group, drain and close its pipes, reap it."""
        process = run.process
        if run.exited:  # what the program wrote before it ended is in the pipes
            for pipe in (process.stdout, process.stderr):
                if pipe is not None and not pipe.closed and self._registered(pipe):
                    self._read(run, pipe)
        _kill_group(process.pid)
        for pipe in (process.stdout, process.stderr):
            if pipe is not None:
                if self._registered(pipe):
                    self.selector.unregister(pipe)
                pipe.close()
        if run.pidfd is not None:
            if self._registered(run.pidfd):
                self.selector.unregister(run.pidfd)
            os.close(run.pidfd)
        _, status = os.waitpid(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        seconds = time.monotonic() - run.started
        del self.running[run.index]
        try:
            return self._result(run, status, seconds)
        finally:
            shutil.rmtree(run.directory, ignore_errors=True)

    def _registered(self, fileobj: object) -> bool:
        try:
            self.selector.get_key(fileobj)  # type: ignore[arg-type]
        except KeyError:
            return False
        return True

    def _result(self, run: _Run, status: int, seconds: float) -> RunResult:
        code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else None
        signum = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
        error = bytes(run.error)
        if run.timed_out:
            return RunResult("time-limit", b"", seconds, code, None, error)
        if run.too_long or signum == signal.SIGXFSZ:
            return RunResult("output-limit", b"", seconds, code, None, error)
        if signum == signal.SIGXCPU:
            return RunResult("time-limit", b"", seconds, None, signum, error)
        if signum is not None or code:
            return RunResult("runtime-error", bytes(run.output), seconds, code, signum, error)
        if self.program.files is None:
            return RunResult("exited", bytes(run.output), seconds, code, None, error)
        written = _read_capped(os.path.join(run.directory, self.program.files[1]), self.limits)
        if written is None:
            return RunResult("output-limit", b"", seconds, code, None, error)
        return RunResult("exited", written, seconds, code, None, error)

    def close(self) -> None:
        """Kill and reap every run still going (an interrupted caller)."""
        for run in list(self.running.values()):
            run.timed_out = True
            self.finish(run)
        self.selector.close()


def _read_capped(path: str, limits: RunLimits) -> bytes | None:
    """The output file's bytes (empty when missing), or None when over the limit."""
    try:
        with open(path, "rb") as file:
            data = file.read(limits.output + 1)
    except OSError:
        return b""
    return None if len(data) > limits.output else data


def _has_exited(pid: int) -> bool:
    """Whether ``pid`` has ended, without reaping it (its group id stays reserved)."""
    try:
        return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
    except ChildProcessError:
        return True


def _kill_group(pgid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)


def run_programs(
    program: Program, inputs: Iterable[bytes], limits: RunLimits, *, jobs: int = 1
) -> Generator[RunResult, None, None]:
    """Run ``program`` on each input, ``jobs`` at a time; the results in the inputs'
    order, each as soon as it and those before it are known.

    Inputs are taken from the iterable only when a place is free, so a caller can
    stop early (close the generator): the runs in flight are killed.
    """
    if jobs < 1:
        raise InvalidInputError(f"jobs must be at least 1, got {jobs}")
    runner = _Runner(program, limits)
    source = iter(inputs)
    done: dict[int, RunResult] = {}
    started = 0
    exhausted = False
    waiting: deque[int] = deque()
    try:
        while True:
            while not exhausted and len(runner.running) < jobs:
                data = next(source, None)
                if data is None:
                    exhausted = True
                    break
                runner.start(started, data)
                waiting.append(started)
                started += 1
            if not runner.running:
                break
            for index, result in runner.step():
                done[index] = result
            while waiting and waiting[0] in done:
                yield done.pop(waiting.popleft())
    finally:
        runner.close()


def run_program(program: Program, data: bytes, limits: RunLimits) -> RunResult:
    """One run of ``program`` on ``data`` (see :func:`run_programs`)."""
    return next(run_programs(program, [data], limits))
