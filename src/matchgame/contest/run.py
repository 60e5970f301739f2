"""Running a contestant's program as a judge runs it.

Each run gets a fresh folder holding its input, a keeper process between the
judge and the program (:mod:`._keeper`: a subreaper that collects every process the
program starts and kills them all at the end, and cleans up should the judge be
killed), and the isolation layers this machine offers (:mod:`.sandbox`): a cgroup
summing and limiting the memory and the number of its processes and counting their
CPU time, and namespaces that show it the system read-only, its own folder
read-write, no network and no process of the judge. ``MATCHGAME_ISOLATION``
chooses the layers.

Verdicts are a judge's: the time limit is CPU time, of all the run's processes
together (the wall clock a backstop, three times as long and a second, for
programs that sleep), and a run past it is run again before it is called a time
limit (a busy machine must not fail a right program); the memory limit is a
verdict of its own; the output is read as it comes, compared token by token with
the answer when one is given and never kept beyond its first mebibyte, and a run
that writes more than the output limit is ended. Several runs go at once
(``jobs``) from one thread; results come back in the inputs' order.

If the caller is interrupted (Ctrl-C, or TERM turned into an exception by the
command line), :func:`run_programs` ends every run still going on its way out.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Generator, Iterable
from dataclasses import dataclass

from ..errors import InvalidInputError
from ._runner import Runner
from .programs import Isolation, Program, RunLimits, RunResult
from .sandbox import isolation as chosen_isolation

__all__ = ["Isolation", "Program", "RunLimits", "RunResult", "Task", "run_program", "run_programs"]


@dataclass(frozen=True)
class Task:
    """One input of a run and, if it is to be judged as the run goes, its answer."""

    data: bytes
    answer: bytes | None = None


def run_programs(
    program: Program,
    inputs: Iterable[bytes | Task],
    limits: RunLimits,
    *,
    jobs: int = 1,
    confirm: bool = True,
    hidden: Iterable[str] = (),
    isolation: Isolation | None = None,
) -> Generator[RunResult, None, None]:
    """Run ``program`` on each input, ``jobs`` at a time; the results in the inputs'
    order, each as soon as it and those before it are known.

    Inputs are taken from the iterable only when a place is free, so a caller can
    stop early (close the generator): the runs in flight are ended. ``confirm``: a
    run past the time limit is run again, and its second result is the one given.
    ``hidden``: folders the program must not see (a setter's answers), where the
    isolation has namespaces. ``isolation``: the layers (default: as
    ``MATCHGAME_ISOLATION`` asks, see :mod:`.sandbox`).
    """
    if jobs < 1:
        raise InvalidInputError(f"jobs must be at least 1, got {jobs}")
    chosen = isolation if isolation is not None else chosen_isolation()
    runner = Runner(program, limits, chosen, tuple(hidden))
    source = iter(inputs)
    tasks: dict[int, Task] = {}
    again: deque[int] = deque()  # runs past the time limit, to run once more
    retried: set[int] = set()
    done: dict[int, RunResult] = {}
    started = 0
    exhausted = False
    waiting: deque[int] = deque()
    try:
        while True:
            while len(runner.running) < jobs and (again or not exhausted):
                if again:
                    index = again.popleft()
                    runner.start(index, tasks[index].data, tasks[index].answer)
                    continue
                item = next(source, None)
                if item is None:
                    exhausted = True
                    break
                task = item if isinstance(item, Task) else Task(item)
                tasks[started] = task
                runner.start(started, task.data, task.answer)
                waiting.append(started)
                started += 1
            if not runner.running:
                break
            for index, result in runner.step():
                if result.status == "time-limit" and confirm and index not in retried:
                    retried.add(index)
                    again.append(index)
                    continue
                done[index] = result
                tasks.pop(index, None)
            while waiting and waiting[0] in done:
                yield done.pop(waiting.popleft())
    finally:
        runner.close()


def run_program(
    program: Program,
    data: bytes | Task,
    limits: RunLimits,
    *,
    confirm: bool = True,
    hidden: Iterable[str] = (),
    isolation: Isolation | None = None,
) -> RunResult:
    """One run of ``program`` on ``data`` (see :func:`run_programs`)."""
    runs = run_programs(
        program, [data], limits, confirm=confirm, hidden=hidden, isolation=isolation
    )
    return next(runs)
