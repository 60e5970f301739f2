"""A setter's tests: generated as judges lay them out, and measured by the wrong
solutions they kill.

:func:`write_tests` writes ``1.in``/``1.out``, ``2.in``/``2.out``, ... from every
family of a problem in turn (test ``i`` from ``numpy.random.default_rng([seed, i])``),
each input checked by the problem's validator. :func:`measure_strength` runs
solutions on every test of a folder, as Polygon's invocations table does, and
says which test kills which solution and the share killed (mutation testing's
score): the shipped wrong solutions (:mod:`.wrong`) by default. Reference
solutions (right ones, as Polygon's main and accepted solutions) must pass every
test: a test a reference fails is a bad test, reported and left out of the score,
and the share counts the wrong solutions only. The tests' folder is out of the
programs' sight where the isolation has namespaces (:mod:`.sandbox`).
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..errors import InvalidInputError, ParseError, UnreadableInput
from . import wrong
from ._shown import escaped
from .problems import Problem, Size, plural, verdict_text
from .programs import Isolation
from .run import Program, RunLimits, Task, run_programs
from .sandbox import isolation

__all__ = ["Strength", "measure_strength", "shipped_solutions", "test_files", "write_tests"]

_MARKS = {
    "accepted": ".",
    "wrong-answer": "W",
    "runtime-error": "R",
    "time-limit": "T",
    "memory-limit": "M",
    "output-limit": "O",
}
_TEST_BYTES = 256 << 20  # no test of any problem is longer


def write_tests(
    problem: Problem,
    count: int,
    out_dir: Path,
    *,
    seed: int = 1,
    size: Size | None = None,
    families: Sequence[str] | None = None,
    force: bool = False,
) -> list[tuple[str, str, str]]:
    """Write ``count`` tests and their answers; ``(file name, family, description)``
    of each. The families take turns (the first ones small); ``max-size`` tests
    are as big as ``size`` (the statement's limits by default) allows.

    Tests already in ``out_dir`` are refused before anything is written unless
    ``force``; each file is written under a temporary name made exclusively, then
    renamed to its own (a symbolic link in its place is replaced, never written
    through)."""
    size = size or problem.limits
    chosen = list(families or problem.families)
    for name in chosen:
        if name not in problem.families:
            raise InvalidInputError(
                f"unknown family {name!r} for {problem.name}: expected one of "
                f"{', '.join(problem.families)}"
            )
    names = [f"{i + 1}{suffix}" for i in range(count) for suffix in (".in", ".out")]
    there = [name for name in names if os.path.lexists(out_dir / name)]
    if there and not force:
        raise InvalidInputError(
            f"{str(out_dir / there[0])!r} exists ({plural(len(there), 'file')} of these tests "
            "do): give --force to replace them, or another folder"
        )
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InvalidInputError(
            f"cannot make the folder {str(out_dir)!r}: {exc.strerror or exc}"
        ) from None
    written = []
    for i in range(count):
        family = chosen[i % len(chosen)]
        rng = np.random.default_rng([seed, i])
        # the small cases come from the family "small"; the others are big enough to bite
        fraction = 1.0 if family == "max-size" else float(rng.choice([0.3, 0.6, 1.0]))
        case = problem.generate(family, rng, size.scaled(fraction))
        data = case.text()
        problem.validate(data, size)  # a generator's bug must not become a test
        name = f"{i + 1}.in"
        _write_new(out_dir / name, data)
        _write_new(out_dir / f"{i + 1}.out", problem.answer(case))
        written.append((name, family, case.describe()))
    return written


def _write_new(path: Path, data: bytes) -> None:
    """``data`` into ``path``: a temporary file beside it made exclusively, renamed."""
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    except OSError as exc:
        raise InvalidInputError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
        os.replace(temporary, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise InvalidInputError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None


def test_files(folder: Path) -> list[Path]:
    """The ``*.in`` files of a folder, in numeric order (``2.in`` before ``10.in``);
    one that is not a regular file (a folder, a FIFO) is refused, named."""
    if not folder.is_dir():
        raise InvalidInputError(f"{str(folder)!r} is not a directory")

    def key(path: Path) -> tuple[int, int | str]:
        return (0, int(path.stem)) if path.stem.isdigit() else (1, path.stem)

    tests = sorted(folder.glob("*.in"), key=key)
    if not tests:
        raise InvalidInputError(f"{str(folder)!r} holds no tests (*.in files)")
    for path in tests:
        _regular(path)
    return tests


def _regular(path: Path) -> None:
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        raise UnreadableInput(f"cannot read {str(path)!r}: {exc.strerror or exc}") from None
    if not stat.S_ISREG(mode):
        raise InvalidInputError(f"{str(path)!r} is not a regular file (a test must be one)")


def _read_test(path: Path) -> bytes:
    _regular(path)
    try:
        with open(path, "rb") as file:
            data = file.read(_TEST_BYTES + 1)
    except OSError as exc:
        raise UnreadableInput(f"cannot read {str(path)!r}: {exc.strerror or exc}") from None
    if len(data) > _TEST_BYTES:
        raise InvalidInputError(f"{str(path)!r} is longer than any test ({_TEST_BYTES >> 20} MiB)")
    return data


def shipped_solutions(problem: Problem) -> list[tuple[str, Program]]:
    """The shipped wrong solutions of ``problem``, each with the program that runs it."""
    return [
        (name, Program((sys.executable, "-E", "-s", "-S", str(wrong.path(name)), problem.name)))
        for name in wrong.WRONG_SOLUTIONS[problem.name]
    ]


@dataclass
class Strength:
    """The verdict of every solution on every test: the wrong ``solutions`` and the
    ``references`` (right ones, which must pass every test)."""

    problem: Problem
    tests: list[str]
    solutions: list[str]
    references: list[str] = field(default_factory=list)
    verdicts: dict[str, list[str]] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)
    isolation: Isolation = field(default_factory=Isolation)

    @property
    def bad_tests(self) -> list[str]:
        """The tests some reference fails: left out of the score."""
        return [
            test
            for k, test in enumerate(self.tests)
            if any(self.verdicts[r][k] != "accepted" for r in self.references)
        ]

    def killers(self, solution: str) -> list[str]:
        """The good tests on which ``solution`` fails."""
        bad = set(self.bad_tests)
        return [
            t
            for t, v in zip(self.tests, self.verdicts[solution], strict=True)
            if v != "accepted" and t not in bad
        ]

    @property
    def killed(self) -> list[str]:
        """The wrong solutions some good test kills."""
        return [s for s in self.solutions if self.killers(s)]

    def table(self) -> str:
        """The table a setter reads: a row per solution (references first), a column
        per test, then the bad tests, the tests that kill none, and the share."""
        rows = [*self.references, *self.solutions]
        names = {row: escaped(row) for row in rows}
        width = max(len(n) for n in names.values())
        numbers = [escaped(t.removesuffix(".in")) for t in self.tests]
        cell = max(len(n) for n in numbers)
        head = " " * width + "  " + " ".join(n.rjust(cell) for n in numbers) + "   killed by"
        against = plural(len(self.solutions), "wrong solution")
        if self.references:
            against += f" and {plural(len(self.references), 'reference')}"
        lines = [
            f"strength of {plural(len(self.tests), 'test')} of {self.problem.name} "
            f"({self.problem.title}) against {against}, {self.isolation.text()}",
            head,
        ]
        for row in rows:
            marks = " ".join(_MARKS[v].rjust(cell) for v in self.verdicts[row])
            if row in self.references:
                failed = [
                    t
                    for t, v in zip(self.tests, self.verdicts[row], strict=True)
                    if v != "accepted"
                ]
                shown = (
                    "reference: fails " + ", ".join(map(escaped, failed[:4]))
                    if failed
                    else "reference: passes"
                )
                if len(failed) > 4:
                    shown += " ..."
            else:
                killers = self.killers(row)
                shown = ", ".join(map(escaped, killers[:4])) + (" ..." if len(killers) > 4 else "")
                shown = shown or "NOTHING: it passes"
            lines.append(f"{names[row].ljust(width)}  {marks}   {shown}")
        lines.append(
            "(. accepted, W wrong answer, R runtime error, T time limit, M memory limit, "
            "O output limit)"
        )
        for row in rows:
            if row in self.notes:
                lines.append(f"{names[row]}: {self.notes[row]}")
        bad = self.bad_tests
        for test in bad:
            k = self.tests.index(test)
            failing = [
                f"{names[r]}: {verdict_text(self.verdicts[r][k])}"
                for r in self.references
                if self.verdicts[r][k] != "accepted"
            ]
            lines.append(
                f"bad test {escaped(test)}: a reference fails it ({'; '.join(failing)}): "
                "left out of the score"
            )
        good = [k for k, t in enumerate(self.tests) if t not in set(bad)]
        idle = [
            self.tests[k]
            for k in good
            if all(self.verdicts[s][k] == "accepted" for s in self.solutions)
        ]
        if idle:
            lines.append(f"tests that kill none: {', '.join(map(escaped, idle))}")
        killed = len(self.killed)
        share = killed / len(self.solutions) if self.solutions else 1.0
        which = (
            f", wrong solutions only ({plural(len(self.references), 'reference')} not scored)"
            if self.references
            else ""
        )
        lines.append(f"share killed: {killed} of {len(self.solutions)} ({share:.0%}){which}")
        return "\n".join(lines) + "\n"


def measure_strength(
    problem: Problem,
    folder: Path,
    solutions: Sequence[tuple[str, Program]] | None = None,
    *,
    references: Sequence[tuple[str, Program]] = (),
    limits: RunLimits | None = None,
    jobs: int = 1,
    progress: Callable[[int], object] | None = None,
) -> Strength:
    """Run every solution (``references`` first) on every test of ``folder``; a
    test's answer is its ``.out`` file, or matchgame's when there is none. An input
    that breaks the statement, or a test that is not a regular file, is refused,
    naming the file. The folder is hidden from the programs where the isolation has
    namespaces (so none reads the answers)."""
    limits = limits or RunLimits()
    tests = test_files(folder)
    tasks = []
    for path in tests:
        data = _read_test(path)
        try:
            case = problem.validate(data, Size(1 << 30, 1 << 30))
        except ParseError as exc:
            raise ParseError(f"{path}: {exc}") from None
        answer = path.with_suffix(".out")
        expected = _read_test(answer) if os.path.lexists(answer) else problem.answer(case)
        tasks.append(Task(data, expected))
    chosen = list(solutions) if solutions is not None else shipped_solutions(problem)
    strength = Strength(
        problem,
        [p.name for p in tests],
        [name for name, _ in chosen],
        [name for name, _ in references],
        isolation=isolation(),
    )
    hidden = [str(folder.resolve())]
    for name, program in [*references, *chosen]:
        verdicts = []
        for result in run_programs(program, tasks, limits, jobs=jobs, hidden=hidden):
            if result.status != "exited":
                verdicts.append(result.status)
            else:
                verdicts.append("accepted" if result.difference is None else "wrong-answer")
            if progress is not None:
                progress(1)
        strength.verdicts[name] = verdicts
        if name in wrong.WRONG_SOLUTIONS.get(problem.name, ()):
            strength.notes[name] = wrong.describe(name)
    return strength
