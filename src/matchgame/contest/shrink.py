"""Judging a run, and shrinking an input that fails to a minimal one.

:func:`judge_all` runs cases and gives each run its verdict class as a judge would
(the output compared with matchgame's answer as it comes). :func:`shrink` is greedy
delta debugging (Zeller and Hildebrandt 2002, as Hypothesis shrinks): it tries the
problem's reduction steps, biggest first (half of the rows, then quarters, ...
then one row; the same for columns, cells, vertices, edges, rounds), keeps the
first smaller input that still fails *the same way* (the same verdict class: a
wrong answer stays a wrong answer, a crash a crash, a time-out a time-out), and
starts again from it, until no single step keeps the failure: the input is then
1-minimal for those steps. Every candidate is valid by the statement (the
problem's validator reads it) before it is run.

Shrinking ends: after ``max_runs`` runs or ``seconds`` of the clock it stops with
the smallest failure so far (said to be so), and Ctrl-C stops it the same way.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from typing import Any

from ..errors import MatchgameError
from .compare import Difference
from .problems import Problem, Size
from .run import Program, RunLimits, RunResult, Task, run_programs

__all__ = ["Judged", "Shrunk", "judge_all", "shrink"]

_UNBOUNDED = Size(1 << 30, 1 << 30)


@dataclass(frozen=True)
class Judged:
    """A run of one input and its verdict class (see :data:`~.problems.VERDICTS`)."""

    case: Any
    verdict: str
    result: RunResult
    expected: bytes
    difference: Difference | None = None


def _verdict(result: RunResult) -> str:
    if result.status != "exited":
        return result.status
    return "accepted" if result.difference is None else "wrong-answer"


def judge_all(
    problem: Problem,
    program: Program,
    cases: Iterator[Any],
    limits: RunLimits,
    jobs: int,
    *,
    confirm: bool = True,
) -> Generator[Judged, None, None]:
    """Run and judge each case, ``jobs`` at a time, in the cases' order (``confirm``:
    a time limit is run again before it is given); a caller that stops reading ends
    the runs in flight."""
    taken: list[tuple[Any, bytes] | None] = []

    def tasks() -> Iterator[Task]:
        for case in cases:
            expected = problem.answer(case)
            taken.append((case, expected))
            yield Task(case.text(), expected)

    results = run_programs(program, tasks(), limits, jobs=jobs, confirm=confirm)
    try:
        for index, result in enumerate(results):
            found = taken[index]
            assert found is not None
            taken[index] = None
            case, expected = found
            yield Judged(case, _verdict(result), result, expected, result.difference)
    finally:
        results.close()


@dataclass(frozen=True)
class Shrunk:
    """The end of a shrink: the minimal failing run, the steps taken, the runs made,
    and why it stopped before proving the input minimal (``""``: it did not:
    ``runs``, ``time`` or ``interrupted``)."""

    judged: Judged
    steps: int
    runs: int
    cut_short: str = ""


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
    seconds: float | None = None,
    progress: Callable[[Judged, int, int], object] | None = None,
) -> Shrunk:
    """Reduce ``failure``'s input while the program still fails the same way.

    ``progress`` is called with each smaller failing run, the steps and the runs so
    far. After ``max_runs`` runs, ``seconds`` of the clock or a KeyboardInterrupt,
    the smallest failure so far is returned (``cut_short`` says why).
    """
    started = time.monotonic()
    current = failure
    steps = runs = 0
    cut_short = ""

    def out_of_time() -> bool:
        return seconds is not None and time.monotonic() - started > seconds

    try:
        while True:
            found = None
            judged = judge_all(problem, program, _candidates(problem, current.case), limits, jobs)
            try:
                for attempt in judged:
                    runs += 1
                    if attempt.verdict == failure.verdict:
                        found = attempt
                        break
                    if runs >= max_runs or out_of_time():
                        cut_short = "runs" if runs >= max_runs else "time"
                        break
            finally:
                judged.close()
            if found is None:
                break
            current = found
            steps += 1
            if progress is not None:
                progress(current, steps, runs)
            if runs >= max_runs or out_of_time():
                cut_short = "runs" if runs >= max_runs else "time"
                break
    except KeyboardInterrupt:
        cut_short = "interrupted"
    return Shrunk(current, steps, runs, cut_short)
