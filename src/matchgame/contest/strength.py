"""A setter's tests: generated as judges lay them out, and measured by the wrong
solutions they kill.

:func:`write_tests` writes ``1.in``/``1.out``, ``2.in``/``2.out``, ... from every
family of a problem in turn (test ``i`` from ``numpy.random.default_rng([seed, i])``),
each input checked by the problem's validator. :func:`measure_strength` runs
solutions on every test of a folder, as Polygon's invocations table does, and
says which test kills which solution and the share killed (mutation testing's
score): the shipped wrong solutions (:mod:`.wrong`) by default.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..core._validate import plural
from ..errors import InvalidInputError, ParseError
from . import wrong
from .problems import Problem, Size, compare
from .run import Program, RunLimits, run_programs

__all__ = ["Strength", "measure_strength", "shipped_solutions", "test_files", "write_tests"]

_MARKS = {
    "accepted": ".",
    "wrong-answer": "W",
    "runtime-error": "R",
    "time-limit": "T",
    "output-limit": "O",
}


def write_tests(
    problem: Problem,
    count: int,
    out_dir: Path,
    *,
    seed: int = 1,
    size: Size | None = None,
    families: Sequence[str] | None = None,
) -> list[tuple[str, str, str]]:
    """Write ``count`` tests and their answers; ``(file name, family, description)``
    of each. The families take turns (the first ones small); ``max-size`` tests
    are as big as ``size`` (the statement's limits by default) allows."""
    size = size or problem.limits
    chosen = list(families or problem.families)
    for name in chosen:
        if name not in problem.families:
            raise InvalidInputError(
                f"unknown family {name!r} for {problem.name}: expected one of "
                f"{', '.join(problem.families)}"
            )
    out_dir.mkdir(parents=True, exist_ok=True)
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
        (out_dir / name).write_bytes(data)
        (out_dir / f"{i + 1}.out").write_bytes(problem.answer(case))
        written.append((name, family, case.describe()))
    return written


def test_files(folder: Path) -> list[Path]:
    """The ``*.in`` files of a folder, in numeric order (``2.in`` before ``10.in``)."""
    if not folder.is_dir():
        raise InvalidInputError(f"{str(folder)!r} is not a directory")

    def key(path: Path) -> tuple[int, int | str]:
        return (0, int(path.stem)) if path.stem.isdigit() else (1, path.stem)

    tests = sorted(folder.glob("*.in"), key=key)
    if not tests:
        raise InvalidInputError(f"{str(folder)!r} holds no tests (*.in files)")
    return tests


def shipped_solutions(problem: Problem) -> list[tuple[str, Program]]:
    """The shipped wrong solutions of ``problem``, each with the program that runs it."""
    return [
        (name, Program((sys.executable, "-E", "-s", "-S", str(wrong.path(name)), problem.name)))
        for name in wrong.WRONG_SOLUTIONS[problem.name]
    ]


@dataclass
class Strength:
    """The verdict of every solution on every test."""

    problem: Problem
    tests: list[str]
    solutions: list[str]
    verdicts: dict[str, list[str]] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)

    def killers(self, solution: str) -> list[str]:
        """The tests on which ``solution`` fails."""
        return [
            t for t, v in zip(self.tests, self.verdicts[solution], strict=True) if v != "accepted"
        ]

    @property
    def killed(self) -> list[str]:
        return [s for s in self.solutions if self.killers(s)]

    def table(self) -> str:
        """The table a setter reads: a row per solution, a column per test."""
        width = max(len(s) for s in self.solutions)
        numbers = [t.removesuffix(".in") for t in self.tests]
        cell = max(len(n) for n in numbers)
        head = " " * width + "  " + " ".join(n.rjust(cell) for n in numbers) + "   killed by"
        lines = [
            f"strength of {plural(len(self.tests), 'test')} of {self.problem.name} "
            f"({self.problem.title}) against {plural(len(self.solutions), 'solution')}",
            head,
        ]
        for solution in self.solutions:
            marks = " ".join(_MARKS[v].rjust(cell) for v in self.verdicts[solution])
            killers = self.killers(solution)
            shown = ", ".join(killers[:4]) + (" ..." if len(killers) > 4 else "")
            lines.append(f"{solution.ljust(width)}  {marks}   {shown or 'NOTHING: it passes'}")
        idle = [
            t
            for k, t in enumerate(self.tests)
            if all(self.verdicts[s][k] == "accepted" for s in self.solutions)
        ]
        lines.append("(. accepted, W wrong answer, R runtime error, T time limit, O output limit)")
        for solution in self.solutions:
            if solution in self.notes:
                lines.append(f"{solution}: {self.notes[solution]}")
        if idle:
            lines.append(f"tests that kill none: {', '.join(idle)}")
        killed = len(self.killed)
        share = killed / len(self.solutions) if self.solutions else 1.0
        lines.append(f"share killed: {killed} of {len(self.solutions)} ({share:.0%})")
        return "\n".join(lines) + "\n"


def measure_strength(
    problem: Problem,
    folder: Path,
    solutions: Sequence[tuple[str, Program]] | None = None,
    *,
    limits: RunLimits | None = None,
    jobs: int = 1,
    progress: Callable[[int], object] | None = None,
) -> Strength:
    """Run every solution on every test of ``folder``; a test's answer is its
    ``.out`` file, or matchgame's when there is none. An input that breaks the
    statement is refused, naming the file."""
    limits = limits or RunLimits()
    tests = test_files(folder)
    expected = []
    for path in tests:
        data = path.read_bytes()
        try:
            case = problem.validate(data, Size(1 << 30, 1 << 30))
        except ParseError as exc:
            raise ParseError(f"{path}: {exc}") from None
        answer = path.with_suffix(".out")
        expected.append(answer.read_bytes() if answer.exists() else problem.answer(case))
    inputs = [path.read_bytes() for path in tests]
    chosen = list(solutions) if solutions is not None else shipped_solutions(problem)
    strength = Strength(problem, [p.name for p in tests], [name for name, _ in chosen])
    for name, program in chosen:
        verdicts = []
        for k, result in enumerate(run_programs(program, inputs, limits, jobs=jobs)):
            if result.status != "exited":
                verdicts.append(result.status)
            else:
                same = compare(expected[k], result.output) is None
                verdicts.append("accepted" if same else "wrong-answer")
            if progress is not None:
                progress(1)
        strength.verdicts[name] = verdicts
        if name in wrong.WRONG_SOLUTIONS.get(problem.name, ()):
            strength.notes[name] = wrong.describe(name)
    return strength
