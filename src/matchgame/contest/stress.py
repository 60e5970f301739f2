"""Stress testing: a program against matchgame on generated inputs of growing size.

Run ``i`` of a stress session with seed ``s`` reads the input generated from
``numpy.random.default_rng([s, i])`` within a size that grows with ``i`` (from 1 up
to the limits over the first half of the runs, :data:`RAMP` at most; each input's
own size is drawn below that), so ``--seed s --runs i+1``
repeats it. On the first failure the input is shrunk (:mod:`.shrink`: a line said for each
smaller input found, bounded in runs and time, stopped by Ctrl-C with the smallest
so far) and :func:`report` says what failed, where, and why matchgame's answer is
right; its first line names the isolation the runs had (:mod:`.sandbox`).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ._shown import block, escaped
from .problems import Problem, Size, plural, verdict_text
from .programs import Isolation
from .run import Program, RunLimits
from .sandbox import isolation
from .shrink import Judged, Shrunk, judge_all, shrink

__all__ = ["RAMP", "Failure", "StressReport", "report", "stress", "stress_inputs"]

RAMP = 25
"""The runs over which the size grows to the limits (half of the runs when fewer)."""


def stress_inputs(problem: Problem, seed: int, runs: int, size: Size) -> Iterator[Any]:
    """The inputs of a stress session, in order (see the module's docstring)."""
    ramp = max(1, min(runs // 2, RAMP))
    for i in range(runs):
        rng = np.random.default_rng([seed, i])
        yield problem.stress_case(rng, size.scaled(min(1.0, (i + 1) / ramp)))


@dataclass(frozen=True)
class Failure:
    """The first failing run (``index`` from 0) and its shrunk input."""

    index: int
    first: Judged
    shrunk: Shrunk | None


@dataclass
class StressReport:
    """What a stress session found."""

    problem: Problem
    program: Program
    seed: int
    runs: int = 0
    seconds: float = 0.0
    verdicts: Counter[str] = field(default_factory=Counter)
    failure: Failure | None = None
    isolation: Isolation = field(default_factory=Isolation)


def stress(
    problem: Problem,
    program: Program,
    *,
    runs: int = 100,
    seed: int = 1,
    size: Size | None = None,
    limits: RunLimits | None = None,
    jobs: int = 1,
    minimise: bool = True,
    shrink_runs: int = 5000,
    shrink_seconds: float | None = None,
    progress: Callable[[int], object] | None = None,
    say: Callable[[str], object] | None = None,
) -> StressReport:
    """Run ``program`` on ``runs`` generated inputs, judged against matchgame's
    answers; stop at the first failure and (``minimise``) shrink it, for at most
    ``shrink_runs`` runs and ``shrink_seconds`` seconds (``say`` is told of each
    smaller failing input found; Ctrl-C stops the shrinking with the smallest so
    far)."""
    limits = limits or RunLimits()
    result = StressReport(problem, program, seed, isolation=isolation())
    started = time.monotonic()
    cases = stress_inputs(problem, seed, runs, size or problem.limits)
    judged = judge_all(problem, program, cases, limits, jobs)
    first = None
    try:
        for index, attempt in enumerate(judged):
            result.runs += 1
            result.verdicts[attempt.verdict] += 1
            if progress is not None:
                progress(1)
            if attempt.verdict != "accepted":
                first = (index, attempt)
                break
    finally:
        judged.close()
    result.seconds = time.monotonic() - started
    if first is not None:
        index, attempt = first
        shrunk = None
        if minimise:
            if say is not None:
                say(
                    f"run {index + 1}: {verdict_text(attempt.verdict)} on "
                    f"{attempt.case.describe()}; shrinking..."
                )

            def shrunk_to(judged: Judged, steps: int, runs: int) -> None:
                if say is not None:
                    say(
                        f"shrunk to {judged.case.describe()} "
                        f"({plural(steps, 'step')}, {plural(runs, 'run')})"
                    )

            shrunk = shrink(
                problem,
                program,
                attempt,
                limits,
                jobs=jobs,
                max_runs=shrink_runs,
                seconds=shrink_seconds,
                progress=shrunk_to,
            )
        result.failure = Failure(index, attempt, shrunk)
    return result


def _ending(judged: Judged, limits: RunLimits) -> str:
    result = judged.result
    if judged.verdict == "time-limit":
        if result.note == "wall-clock":
            return (
                f"still running after {limits.backstop:g} s of the clock ({result.seconds:.2f} s "
                "of CPU): killed with every process it started"
            )
        return (
            f"{result.seconds:.2f} s of CPU, over the {limits.time:g} s limit, twice: killed with "
            "every process it started"
        )
    if judged.verdict == "memory-limit":
        return (
            f"its processes together used more than {limits.memory >> 20} MiB: killed with "
            "every process it started"
        )
    if judged.verdict == "output-limit":
        return (
            f"more than {plural(limits.output, 'byte')} of output: killed with every process it "
            "started"
        )
    if judged.verdict == "runtime-error":
        return result.describe()
    return ""


def report(
    result: StressReport,
    limits: RunLimits | None = None,
    picture: Path | None = None,
    *,
    draw: Callable[[Callable[[Path], None], Path], None] | None = None,
) -> str:
    """The session in words: the isolation, the verdicts, and for a failure the
    minimal input, the expected and received outputs, the first difference and why
    (the program's bytes cut and escaped); ``picture``: also draw the explanation
    there (``draw(drawer, picture)`` calls ``drawer`` with the path to draw to: the
    caller's way of writing it)."""
    limits = limits or RunLimits()
    problem = result.problem
    rate = result.runs / result.seconds if result.seconds > 0 else 0.0
    pace = (
        f"{plural(round(rate), 'run')} a second"
        if rate >= 1 or not result.runs
        else f"a run every {result.seconds / result.runs:.1f} s"
    )
    head = (
        f"{plural(result.runs, 'run')} of {escaped(result.program.text())} on "
        f"{problem.name} ({problem.title}), seed {result.seed}, {pace}, "
        f"{result.isolation.text()}"
    )
    failure = result.failure
    if failure is None:
        return f"{head}: all accepted\n"
    first = failure.first
    lines = [
        head,
        f"run {failure.index + 1} failed: {verdict_text(first.verdict)} on "
        f"{first.case.describe()} (repeat it with --seed {result.seed} --runs "
        f"{failure.index + 1})",
    ]
    final = first
    shrunk = failure.shrunk
    if shrunk is not None:
        final = shrunk.judged
        where = {
            "": "where no single step keeps the failure",
            "runs": "the smallest failing input found in the runs allowed",
            "time": "the smallest failing input found in the time allowed (--shrink-time)",
            "interrupted": "the smallest failing input found before the interrupt",
        }[shrunk.cut_short]
        lines.append(
            f"shrunk in {plural(shrunk.steps, 'step')} ({plural(shrunk.runs, 'run')}) to "
            f"{final.case.describe()}, {where}:"
        )
    else:
        lines.append("the input:")
    lines.append(block(final.case.text(), 60))
    ending = _ending(final, limits)
    if ending:
        lines.append(f"{verdict_text(final.verdict)}: {ending}")
        if final.result.error:
            lines.append("standard error ended with:\n" + block(final.result.error[-800:], 10))
    lines.append("expected output:\n" + block(final.expected))
    received = final.result.output if final.verdict == "wrong-answer" else None
    if received is not None:
        total = final.result.output_bytes
        of_total = plural(total, "byte", grouped=True)
        kept = f" (its first {len(received):,} of {of_total})" if total > len(received) else ""
        lines.append(f"received output{kept}:\n" + block(received))
    lines += problem.explain(final.case, final.expected, received, final.difference)
    if picture is not None:

        def drawer(path: Path) -> None:
            problem.picture(final.case, final.expected, received, path)

        if draw is None:
            drawer(picture)
        else:
            draw(drawer, picture)
        lines.append(f"picture: {picture}")
    return "\n".join(lines) + "\n"
