"""Judging a run, and shrinking an input that fails to a minimal one.

:func:`judge` gives a run its verdict class as a judge would. :func:`shrink` is
greedy delta debugging (Zeller and Hildebrandt 2002, as Hypothesis shrinks): it
tries the problem's reduction steps, biggest first (half of the rows, then
quarters, ... then one row; the same for columns, cells, vertices, edges, rounds),
keeps the first smaller input that still fails *the same way* (the same verdict
class: a wrong answer stays a wrong answer, a crash a crash, a time-out a
time-out), and starts again from it, until no single step keeps the failure: the
input is then 1-minimal for those steps. Every candidate is valid by the statement
(the problem's validator reads it) before it is run.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from typing import Any

from ..errors import MatchgameError
from .problems import Difference, Problem, Size, compare
from .run import Program, RunLimits, RunResult, run_programs

__all__ = ["Judged", "Shrunk", "judge", "judge_all", "shrink"]

_UNBOUNDED = Size(1 << 30, 1 << 30)


@dataclass(frozen=True)
class Judged:
    """A run of one input and its verdict class (see :data:`~.problems.VERDICTS`)."""

    case: Any
    verdict: str
    result: RunResult
    expected: bytes
    difference: Difference | None = None


def judge(problem: Problem, case: Any, result: RunResult) -> Judged:
    """The verdict of ``result``, a run on ``case``: the run's own end, or the
    comparison of its output with matchgame's answer."""
    expected = problem.answer(case)
    if result.status != "exited":
        return Judged(case, result.status, result, expected)
    difference = compare(expected, result.output)
    verdict = "accepted" if difference is None else "wrong-answer"
    return Judged(case, verdict, result, expected, difference)


def judge_all(
    problem: Problem, program: Program, cases: Iterator[Any], limits: RunLimits, jobs: int
) -> Generator[Judged, None, None]:
    """Run and judge each case, ``jobs`` at a time, in the cases' order; a caller
    that stops reading ends the runs in flight."""
    taken: list[Any] = []

    def texts() -> Iterator[bytes]:
        for case in cases:
            taken.append(case)
            yield case.text()

    results = run_programs(program, texts(), limits, jobs=jobs)
    try:
        for index, result in enumerate(results):
            yield judge(problem, taken[index], result)
            taken[index] = None
    finally:
        results.close()


@dataclass(frozen=True)
class Shrunk:
    """The end of a shrink: the minimal failing run, the steps taken, the runs made."""

    judged: Judged
    steps: int
    runs: int


def _candidates(problem: Problem, case: Any) -> Iterator[Any]:
    """The valid one-step reductions of ``case`` that make it smaller."""
    measure = problem.measure(case)
    for candidate in problem.reductions(case):
        if problem.measure(candidate) >= measure:
            continue
        try:
            problem.validate(candidate.text(), _UNBOUNDED)
        except MatchgameError:
            continue
        yield candidate


def shrink(
    problem: Problem,
    program: Program,
    failure: Judged,
    limits: RunLimits,
    *,
    jobs: int = 1,
    max_runs: int = 5000,
    progress: Callable[[Judged], object] | None = None,
) -> Shrunk:
    """Reduce ``failure``'s input while the program still fails the same way.

    ``progress`` is called with each smaller failing run. After ``max_runs`` runs
    the smallest failure so far is returned (not proven minimal then).
    """
    current = failure
    steps = runs = 0
    while runs < max_runs:
        found = None
        judged = judge_all(problem, program, _candidates(problem, current.case), limits, jobs)
        try:
            for attempt in judged:
                runs += 1
                if attempt.verdict == failure.verdict:
                    found = attempt
                    break
                if runs >= max_runs:
                    break
        finally:
            judged.close()
        if found is None:
            break
        current = found
        steps += 1
        if progress is not None:
            progress(current)
    return Shrunk(current, steps, runs)
