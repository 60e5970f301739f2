"""What a judge runs and how a run ends: a program's command line, the limits of a
run, the isolation it gets, and a run's result (the runs themselves: :mod:`.run`)."""

from __future__ import annotations

import os
import shlex
import shutil
import signal
from dataclasses import dataclass, field

from ..errors import InvalidInputError
from ._cgroups import CgroupRoot
from .compare import Difference

__all__ = ["Isolation", "Program", "RunLimits", "RunResult"]


@dataclass(frozen=True)
class RunLimits:
    """What one run may use: CPU seconds (of all its processes together), bytes of
    memory (all its processes together), bytes of output (standard output, or the
    output file, and any file it writes), processes at once, and the wall clock,
    a backstop for programs that sleep (default three times the CPU time and a
    second)."""

    time: float = 2.0
    memory: int = 256 << 20
    output: int = 16 << 20
    processes: int = 256
    wall: float | None = None

    def __post_init__(self) -> None:
        if not 0 < self.time <= 3600:
            raise InvalidInputError(f"the time limit must be 0 to 3600 seconds, got {self.time:g}")
        if self.memory < 1 << 20:
            raise InvalidInputError(f"the memory limit must be at least 1 MiB, got {self.memory}")
        if self.output < 1:
            raise InvalidInputError(f"the output limit must be at least 1 byte, got {self.output}")
        if self.processes < 1:
            raise InvalidInputError(f"the process limit must be at least 1, got {self.processes}")
        if self.wall is not None and not self.time <= self.wall <= 4 * 3600:
            raise InvalidInputError(
                f"the wall-clock limit must be at least the time limit ({self.time:g} s), "
                f"got {self.wall:g}"
            )

    @property
    def backstop(self) -> float:
        """Wall-clock seconds after which a run is ended whatever its CPU time."""
        return self.wall if self.wall is not None else 3 * self.time + 1


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
        return shlex.join(self.shown)

    def files_named(self) -> list[str]:
        """The files the command line names (the program, its script), absolute."""
        found = shutil.which(self.argv[0])
        named = [os.path.abspath(found)] if found is not None else []
        return named + [
            word for word in self.argv[1:] if os.path.isabs(word) and os.path.isfile(word)
        ]


@dataclass(frozen=True)
class Isolation:
    """The layers a run gets (see :mod:`.sandbox`): a cgroup root (None: none), the
    namespaces' tool (``"bwrap"``, ``"unshare"`` or None) and bwrap's path."""

    cgroup: CgroupRoot | None = None
    namespaces: str | None = None
    bwrap: str | None = None

    def text(self) -> str:
        """The layers in a few words, as the first line of a report says them."""
        parts = []
        if self.cgroup is not None:
            parts.append(self.cgroup.describe())
        if self.namespaces is not None:
            parts.append(f"{self.namespaces} namespaces")
        parts.append("a subreaper")
        return "isolation: " + " + ".join(parts)


@dataclass(frozen=True)
class RunResult:
    """How one run ended.

    ``status``: ``"exited"`` (it ended by itself with status 0: its output is to be
    judged), ``"runtime-error"`` (a non-zero status, a signal, or an output file
    that is not a regular file), ``"time-limit"`` (past the CPU time, or the
    wall-clock backstop: ``note`` says ``wall-clock``), ``"memory-limit"``,
    ``"output-limit"``. ``output`` holds the output's first mebibyte
    (``output_bytes`` counts it all); ``difference``: its first difference with the
    answer the run was given, if any; ``seconds``: CPU seconds of all its processes;
    ``wall``: seconds of the clock; ``memory``: the most bytes it used.
    """

    status: str
    output: bytes
    seconds: float
    exit_code: int | None = None
    signal: int | None = None
    error: bytes = b""
    wall: float = 0.0
    memory: int = 0
    output_bytes: int = 0
    difference: Difference | None = None
    note: str = ""

    def describe(self) -> str:
        """The end of the run in words: ``exit status 3``, ``killed by signal 11
        (SIGSEGV)``, or what the judge saw (``game.out is not a regular file``)."""
        if self.note and self.status == "runtime-error":
            return self.note
        if self.signal is not None:
            try:
                name = signal.Signals(self.signal).name
            except ValueError:
                name = "unknown"
            return f"killed by signal {self.signal} ({name})"
        return f"exit status {self.exit_code}"
