"""Stress testing: a program against matchgame on generated inputs of growing size.

Run ``i`` of a stress session with seed ``s`` reads the input generated from
``numpy.random.default_rng([s, i])`` within a size that grows with ``i`` (from 1 up
to the limits over the first half of the runs, :data:`RAMP` at most; each input's
own size is drawn below that), so ``--seed s --runs i+1``
repeats it. On the first failure the input is shrunk (:mod:`.shrink`) and
:func:`report` says what failed, where, and why matchgame's answer is right.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from .problems import Problem, Size, plural, verdict_text
from .run import Program, RunLimits
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
    progress: Callable[[int], object] | None = None,
    say: Callable[[str], object] | None = None,
) -> StressReport:
    """Run ``program`` on ``runs`` generated inputs, judged against matchgame's
    answers; stop at the first failure and (``minimise``) shrink it."""
    limits = limits or RunLimits()
    result = StressReport(problem, program, seed)
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
            shrunk = shrink(problem, program, attempt, limits, jobs=jobs)
        result.failure = Failure(index, attempt, shrunk)
    return result


def _shown(data: bytes, lines: int = 20) -> str:
    text = data.decode("utf-8", "replace")
    parts = text.splitlines()
    if not parts:
        return "  (nothing)"
    shown = "\n".join(f"  {line}" for line in parts[:lines])
    if len(parts) > lines:
        shown += f"\n  ... ({len(parts) - lines} more lines)"
    return shown


def _ending(judged: Judged, limits: RunLimits) -> str:
    result = judged.result
    if judged.verdict == "time-limit":
        if result.signal is not None:
            return "the CPU limit's signal ended it (SIGXCPU)"
        return f"still running after {limits.time:g} s: killed with its process group"
    if judged.verdict == "output-limit":
        return f"more than {plural(limits.output, 'byte')} of output: killed with its process group"
    if judged.verdict == "runtime-error":
        return result.describe()
    return ""


def report(
    result: StressReport, limits: RunLimits | None = None, picture: Path | None = None
) -> str:
    """The session in words: the verdicts, and for a failure the minimal input, the
    expected and received outputs, the first difference and why; ``picture``: also
    draw the explanation there."""
    limits = limits or RunLimits()
    problem = result.problem
    rate = result.runs / result.seconds if result.seconds > 0 else 0.0
    pace = (
        f"{plural(round(rate), 'run')} a second"
        if rate >= 1 or not result.runs
        else f"a run every {result.seconds / result.runs:.1f} s"
    )
    head = (
        f"{plural(result.runs, 'run')} of {result.program.text()} on "
        f"{problem.name} ({problem.title}), seed {result.seed}, {pace}"
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
    if failure.shrunk is not None:
        final = failure.shrunk.judged
        lines.append(
            f"shrunk in {plural(failure.shrunk.steps, 'step')} "
            f"({plural(failure.shrunk.runs, 'run')}) to "
            f"{final.case.describe()}, where no single step keeps the failure:"
        )
    else:
        lines.append("the input:")
    lines.append(_shown(final.case.text(), 60))
    ending = _ending(final, limits)
    if ending:
        lines.append(f"{verdict_text(final.verdict)}: {ending}")
        if final.result.error:
            lines.append("standard error ended with:\n" + _shown(final.result.error[-800:], 10))
    lines.append("expected output:\n" + _shown(final.expected))
    received = final.result.output if final.verdict == "wrong-answer" else None
    if received is not None:
        lines.append("received output:\n" + _shown(received))
    lines += problem.explain(final.case, final.expected, received)
    if picture is not None:
        problem.picture(final.case, final.expected, received, picture)
        lines.append(f"picture: {picture}")
    return "\n".join(lines) + "\n"
