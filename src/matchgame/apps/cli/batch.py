"""Many inputs in one run: ``matchgame placements tests/*.in --out-dir answers``.

A command that answers one input at a time (placements, mistakes, annotate,
verify) is given a function ``answer(args, data, warn) -> bytes`` and the inputs;
:func:`run` answers each in turn, or on ``--jobs`` worker processes with the
output kept in the inputs' order. One input behaves as it always did (its error
ends the run, exit status 2). With several, a failed input is reported on its
own line, ``error: FILE: ...``, and the others go on; a summary line ends the
run on standard error, and the exit status is 2 if any input failed.
"""

from __future__ import annotations

import argparse
import os
import signal
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ...errors import MatchgameError
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

__all__ = ["Answer", "answer_path", "run"]

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


def answer_path(out_dir: str, name: str, suffix: str) -> Path:
    """Where the answer of the input ``name`` goes: ``out_dir``, the input's file name
    with its extension replaced by ``suffix`` (``tests/7.in`` -> ``out_dir/7.out``)."""
    return Path(out_dir) / Path(name).with_suffix(suffix).name


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
            _write_file(out, pieces)
    except MatchgameError as exc:
        outcome.error = error_text(exc)
    except VerifyFailed as exc:
        outcome.invalid, outcome.output = True, str(exc).encode()
    except MemoryError:
        outcome.error = "out of memory: the input needs more memory than this process may use"
    outcome.seconds = time.perf_counter() - start
    return outcome


def _write_file(path: Path, pieces: Iterable[bytes]) -> None:
    try:
        with path.open("wb") as handle:
            for piece in pieces:
                handle.write(piece)
    except OSError as exc:
        raise UsageError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None


def _solve_job(job: tuple[Answer, argparse.Namespace, str, str, Path | None]) -> _Outcome:
    return _solve(*job)


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
    if out_dir is not None:
        outs = [answer_path(out_dir, name, args.suffix) for name in files]
        _check_out_dir(out_dir, files, outs)
    jobs = _jobs(args, len(files))
    work = [(answer, args, kind, name, out) for name, out in zip(files, outs, strict=True)]
    start = time.perf_counter()
    failed = invalid = 0
    slowest = (0.0, "")
    # text answers to standard output say which input each is (JSON stays one
    # document a line, in the inputs' order, for jq and other readers of JSON lines)
    marked = out_dir is None and getattr(args, "format", None) != "json"
    shown = 0
    if jobs > 1:
        # imported here: multiprocessing's modules cost one-input runs ~10 ms of start-up
        from concurrent.futures import ProcessPoolExecutor

        pool = ProcessPoolExecutor(max_workers=jobs, initializer=_quiet_on_interrupt)
        outcomes = pool.map(_solve_job, work, chunksize=max(1, len(work) // (8 * jobs)))
    else:
        pool = None
        outcomes = map(_solve_job, work)
    progress = Progress(len(files), " inputs")
    try:
        for name, outcome in zip(files, outcomes, strict=True):
            for warning in outcome.warnings:
                progress.say(f"warning: {name}: {warning}")
            if outcome.error is not None:
                failed += 1
                progress.say(f"error: {name}: {outcome.error}")
            elif outcome.output:
                if label_lines:
                    text = outcome.output.decode()
                    outcome.output = "".join(
                        f"{name}: {line}\n" for line in text.splitlines()
                    ).encode()
                elif marked:  # as head names several files
                    outcome.output = f"{chr(10) if shown else ''}==> {name} <==\n".encode() + (
                        outcome.output
                    )
                    shown += 1
                write_output(outcome.output)
            invalid += outcome.invalid
            slowest = max(slowest, (outcome.seconds, name))
            if progress.update is not None:
                progress.update(1)
    finally:
        progress.close()
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    seconds = time.perf_counter() - start
    answered = len(files) - failed - invalid
    summary = f"{len(files)} inputs: {answered} answered"
    if invalid:
        summary += f", {invalid} with a wrong certificate"
    summary += f", {failed} failed; {seconds:.2f} s"
    if slowest[1]:
        summary += f" (slowest {slowest[1]}: {slowest[0]:.3f} s)"
    print_error(f"matchgame: {summary}")
    return EXIT_FAILED if failed else EXIT_INVALID if invalid else 0


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


def _quiet_on_interrupt() -> None:
    """A worker takes the kernel's action on Ctrl-C, not the handler it inherits from
    the command line: the main process alone says "interrupted"."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _jobs(args: argparse.Namespace, n_inputs: int) -> int:
    jobs = getattr(args, "jobs", None) or os.cpu_count() or 1  # None or 0: one per core
    return min(jobs, n_inputs)


def _check_out_dir(out_dir: str, files: list[str], outs: list[Path | None]) -> None:
    """Refuse answers that would collide or overwrite their input, then make the
    directory (with its parents, as ``mkdir -p``) if it is not there, saying so."""
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
    if not os.path.isdir(out_dir):
        try:
            os.makedirs(out_dir, exist_ok=True)
        except OSError as exc:
            raise UsageError(
                f"--out-dir {out_dir!r}: cannot create it: {exc.strerror or exc}"
            ) from None
        print_error(f"matchgame: created the directory {out_dir!r} for the answers")
