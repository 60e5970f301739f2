"""Many inputs in one run: ``matchgame placements tests/*.in --out-dir answers``.

A command that answers one input at a time (placements, mistakes, annotate,
verify) is given a function ``answer(args, data, warn) -> bytes`` and the inputs;
:func:`run` answers each in turn, or on ``--jobs`` worker processes with the
output kept in the inputs' order. One input behaves as it always did (its error
ends the run, exit status 2). With several, a failed input is reported on its
own line, ``error: FILE: ...``, and the others go on; a summary line ends the
run on standard error, and the exit status is 2 if any input failed.

Nothing outlives the run, and nothing is written after it says "interrupted". The
``--jobs`` workers end with the command line (``core/_process.die_with_parent``, as a
sweep's: TERM, INT or KILL to the command line alone ends them too); on TERM or INT the
command line ends its workers and waits for them before it says "interrupted". An
answer file gets its name only once it is whole (:mod:`.answer_files`), and a worker
names it only while its parent lives: an interrupted run leaves whole answers and
nothing else.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...core._validate import plural
from ...errors import MatchgameError
from .answer_files import answer_path, made_dir_first, remove_partial_answers, write_answer
from .output import (
    Progress,
    UsageError,
    VerifyFailed,
    error_text,
    input_bytes,
    input_kind,
    json_for_people,
    print_error,
    write_chunks,
    write_output,
)

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

__all__ = ["Answer", "run"]

Answer = Callable[[argparse.Namespace, str | None, bytes, Callable[[str], None]], Iterable[bytes]]
"""Answers one input: the command's arguments, the input's name (None: standard
input or an example), its bytes and a function for warnings; returns the answer in
pieces (a certificate can be hundreds of MB: it is written as it is made). Raises
MatchgameError for a bad input, VerifyFailed for a wrong certificate (its message
is the answer)."""

EXIT_FAILED = 2
EXIT_INVALID = 1


@dataclass
class _Outcome:
    """What became of one input."""

    output: bytes = b""  # the answer, when the main process writes it
    error: str | None = None
    invalid: bool = False  # verify: the certificate is wrong (output says why)
    warnings: list[str] = field(default_factory=list)
    seconds: float = 0.0


def _solve(
    answer: Answer, args: argparse.Namespace, kind: str, name: str, out: Path | None
) -> _Outcome:
    outcome = _Outcome()
    start = time.perf_counter()
    try:
        # each file's own format: its extension or first line may say (--input-format)
        file_args = argparse.Namespace(**{**vars(args), "file": name})
        data = input_bytes(file_args, input_kind(file_args, kind))
        pieces = json_for_people(args, answer(file_args, name, data, outcome.warnings.append))
        if out is None:
            outcome.output = b"".join(pieces)
        else:
            write_answer(out, made_dir_first(out.parent, pieces), _parent)
    except MatchgameError as exc:
        outcome.error = error_text(exc)
    except VerifyFailed as exc:
        outcome.invalid, outcome.output = True, str(exc).encode()
    except MemoryError:
        outcome.error = "out of memory: the input needs more memory than this process may use"
    outcome.seconds = time.perf_counter() - start
    return outcome


_Job = tuple[Answer, argparse.Namespace, str, str, Path | None]


def _solve_job(job: _Job) -> _Outcome:
    return _solve(*job)


def _solve_jobs(jobs: list[_Job]) -> list[_Outcome]:
    return [_solve(*job) for job in jobs]


def _in_workers(pool: ProcessPoolExecutor, work: list[_Job], jobs: int) -> Iterator[_Outcome]:
    """The outcomes of ``work`` solved in ``pool``, in order, a few inputs to a task.

    Not ``pool.map``: on Ctrl-C its iterator cancels the tasks still queued from this
    thread, and Python 3.11's pool thread, finding the pool broken as the workers die,
    then sets an error on a cancelled task and prints "Exception in thread" (seen 1 in
    ~60 interrupted runs under load). :func:`matchgame.core._process.stop_pool` cancels
    them in the pool's own thread."""
    size = max(1, len(work) // (8 * jobs))
    tasks = [pool.submit(_solve_jobs, work[at : at + size]) for at in range(0, len(work), size)]
    for task in tasks:
        yield from task.result()


def run(args: argparse.Namespace, kind: str, answer: Answer, *, label_lines: bool = False) -> int:
    """Answer every input of ``args.files`` (or the one input: FILE, standard input,
    ``--example``) as ``kind``; returns the exit status. ``label_lines``: with several
    inputs, each line of an answer starts with its input's name (verify's verdicts);
    otherwise several text answers to standard output each come after a line
    ``==> FILE <==`` (and a blank line between two), as ``head`` writes them."""
    files = list(args.files or [])
    out_dir = getattr(args, "out_dir", None)
    if len(files) <= 1 and out_dir is None:
        return _run_one(args, kind, answer, files[0] if files else None)
    if not files:
        raise UsageError("--out-dir goes with input files (FILE ...)")
    if "-" in files:
        raise UsageError("'-' (standard input) goes alone, not among several files")
    outs: list[Path | None] = [None] * len(files)
    to_make = False
    if out_dir is not None:
        outs = [answer_path(out_dir, name, args.suffix) for name in files]
        to_make = _check_out_dir(out_dir, files, outs)
    jobs = _jobs(args, len(files))
    work = [(answer, args, kind, name, out) for name, out in zip(files, outs, strict=True)]
    start = time.perf_counter()
    # text answers to standard output say which input each is (JSON stays one
    # document a line, in the inputs' order, for jq and other readers of JSON lines)
    report = _Report(
        label_lines, marked=out_dir is None and getattr(args, "format", None) != "json"
    )
    progress = Progress(len(files), " inputs")
    try:
        if jobs > 1:
            with _pool(jobs, lambda: remove_partial_answers(outs)) as pool:
                report.all(files, _in_workers(pool, work, jobs), progress)
        else:
            report.all(files, map(_solve_job, work), progress)
    finally:
        progress.close()
        if to_make and os.path.isdir(out_dir or ""):  # an answer was written: said
            print_error(f"matchgame: created the directory {out_dir!r} for the answers")
    seconds = time.perf_counter() - start
    failed, invalid, slowest = report.failed, report.invalid, report.slowest
    answered = len(files) - failed - invalid
    summary = f"{plural(len(files), 'input')}: {answered} answered"
    if invalid:
        summary += f", {invalid} with a wrong certificate"
    summary += f", {failed} failed; {seconds:.2f} s"
    if slowest[1]:
        summary += f" (slowest {slowest[1]}: {slowest[0]:.3f} s)"
    print_error(f"matchgame: {summary}")
    return EXIT_FAILED if failed else EXIT_INVALID if invalid else 0


@dataclass
class _Report:
    """What the main process does with each outcome, in the inputs' order."""

    label_lines: bool
    marked: bool
    failed: int = 0
    invalid: int = 0
    shown: int = 0
    slowest: tuple[float, str] = (0.0, "")

    def all(self, files: list[str], outcomes: Iterable[_Outcome], progress: Progress) -> None:
        for name, outcome in zip(files, outcomes, strict=True):
            for warning in outcome.warnings:
                progress.say(f"warning: {name}: {warning}")
            if outcome.error is not None:
                self.failed += 1
                progress.say(f"error: {name}: {outcome.error}")
            elif outcome.output:
                output = outcome.output
                if self.label_lines:
                    text = output.decode()
                    output = "".join(f"{name}: {line}\n" for line in text.splitlines()).encode()
                elif self.marked:  # as head names several files
                    head = f"{chr(10) if self.shown else ''}==> {name} <==\n".encode()
                    output = head + output
                    self.shown += 1
                write_output(output)
            self.invalid += outcome.invalid
            self.slowest = max(self.slowest, (outcome.seconds, name))
            if progress.update is not None:
                progress.update(1)


class _Interrupted(KeyboardInterrupt):
    """TERM or INT reached the command line while its workers ran."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


@contextlib.contextmanager
def _pool(jobs: int, clean_up: Callable[[], None]) -> Iterator[ProcessPoolExecutor]:
    """A pool of ``jobs`` worker processes that ends with this process (TERM, INT,
    KILL), and that this process ends before it says "interrupted": on TERM or INT (or
    an error) its workers are stopped and waited for, ``clean_up`` runs, then the
    interrupt goes on (INT: "interrupted", status 130, by
    :func:`matchgame.apps.cli.main`; TERM: "interrupted" and the signal's own status,
    143)."""
    # imported here: multiprocessing's modules cost one-input runs ~10 ms of start-up
    from concurrent.futures import ProcessPoolExecutor

    from ...core._process import stop_pool

    pool = ProcessPoolExecutor(jobs, initializer=_start_worker, initargs=(os.getpid(),))
    caught = _catch_interrupts()
    try:
        yield pool
    except BaseException as problem:
        stop_pool(pool)  # every worker gone before anything says "interrupted"
        clean_up()
        _restore(caught)
        if isinstance(problem, _Interrupted) and problem.signum == signal.SIGTERM:
            print_error("interrupted")
            os.kill(os.getpid(), signal.SIGTERM)  # its default action now: status 143
        raise
    pool.shutdown()
    _restore(caught)


_Handlers = dict[int, Any]


def _catch_interrupts() -> _Handlers:
    """Have TERM and INT raise :class:`_Interrupted` in the main thread (once: a second
    signal while the workers are being stopped is ignored); returns what to restore.
    Nothing is changed off the main thread, where only the main thread may."""
    if threading.current_thread() is not threading.main_thread():
        return {}
    raised: list[int] = []

    def interrupt(signum: int, frame: object) -> None:
        if not raised:
            raised.append(signum)
            raise _Interrupted(signum)

    caught: _Handlers = {}
    for signum in (signal.SIGTERM, signal.SIGINT):
        caught[signum] = signal.getsignal(signum)
        signal.signal(signum, interrupt)
    return caught


def _restore(caught: _Handlers) -> None:
    for signum, previous in caught.items():
        if previous is not None:
            signal.signal(signum, previous)
            continue
        # a handler set outside Python: the command line's Ctrl-C in C (apps.cli.run),
        # which ends the process at once even inside a kernel
        try:
            from ..._kernels._signals import exit_on_interrupt
        except ImportError:
            signal.signal(signum, signal.default_int_handler)
        else:
            exit_on_interrupt(b"interrupted\n", 128 + signum)


_parent: int | None = None
"""In a worker process, the command line's process id (see :func:`.answer_files.write_answer`)."""


def _start_worker(parent: int) -> None:
    """The first thing each worker runs: it ends with its parent, takes the kernel's
    action on Ctrl-C (the main process alone says "interrupted"), and names an answer
    file only while its parent lives."""
    from ...core._process import die_with_parent

    global _parent
    die_with_parent(parent)
    _parent = parent


def _run_one(args: argparse.Namespace, kind: str, answer: Answer, name: str | None) -> int:
    """One input, as the commands always answered it: its error ends the run."""
    file_args = argparse.Namespace(**{**vars(args), "file": name})
    data = input_bytes(file_args, input_kind(file_args, kind))

    def warn(message: str) -> None:
        print_error(f"warning: {message}")

    try:
        write_chunks(json_for_people(args, answer(file_args, name, data, warn)))
    except VerifyFailed as exc:
        write_output(str(exc).encode())
        return EXIT_INVALID
    return 0


def _jobs(args: argparse.Namespace, n_inputs: int) -> int:
    jobs = getattr(args, "jobs", None) or os.cpu_count() or 1  # None or 0: one per core
    return min(jobs, n_inputs)


def _check_out_dir(out_dir: str, files: list[str], outs: list[Path | None]) -> bool:
    """Refuse answers that would collide or overwrite their input, and a directory
    that cannot be made; returns whether it is to be made (by the first answer
    written: :func:`.answer_files.made_dir_first`)."""
    if os.path.exists(out_dir) and not os.path.isdir(out_dir):
        raise UsageError(f"--out-dir {out_dir!r}: not a directory")
    seen: dict[Path, str] = {}
    for name, out in zip(files, outs, strict=True):
        assert out is not None
        if out in seen:
            raise UsageError(
                f"{seen[out]!r} and {name!r} would both be answered in {str(out)!r}: "
                "give inputs with different file names"
            )
        if Path(name).resolve() == out.resolve():
            raise UsageError(f"{name!r}: its answer would overwrite it (choose another --suffix)")
        seen[out] = name
    if os.path.isdir(out_dir):
        return False
    # the nearest folder that is there must be one this process may add to
    ancestor = Path(out_dir).absolute()
    while not ancestor.exists() and ancestor != ancestor.parent:
        ancestor = ancestor.parent
    if not ancestor.is_dir() or not os.access(ancestor, os.W_OK | os.X_OK):
        reason = "not a directory" if not ancestor.is_dir() else "permission denied"
        raise UsageError(f"--out-dir {out_dir!r}: cannot create it: {str(ancestor)!r} {reason}")
    return True
