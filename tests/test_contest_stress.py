"""Stress runs: every shipped wrong solution is found and shrunk to a minimal input on
every problem it answers; a crash and a time-out are classified as such; the seeds'
own C++ solutions (compiled here from ../shared/seeds, never copied into the
project) are accepted on hundreds of inputs.

What these tests judge does not depend on the isolation (test_contest_hostile.py tests
every layer): they run with the keeper alone, whose runs cost the least."""

from __future__ import annotations

from pathlib import Path

import pytest
from contest_helpers import seed_programs  # noqa: F401  (a fixture)

from matchgame.contest import wrong
from matchgame.contest.catalog import find_problem
from matchgame.contest.problems import Size
from matchgame.contest.run import Program, RunLimits
from matchgame.contest.shrink import shrink
from matchgame.contest.strength import shipped_solutions
from matchgame.contest.stress import report, stress

pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True)
def _keeper_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MATCHGAME_ISOLATION", "none")


SMALL = {"jsoi": Size(4, 4), "loj": Size(4, 4), "noi": Size(4, 4), "graph": Size(8, 16)}
SMALL["edge-graph"] = Size(6, 8)

# LOJ 6033 runs the JSOI2009 programs with its own output: two of them here, all of
# them in the strength tests (tests/test_contest_cli.py)
CASES = [
    (problem, name)
    for problem, names in wrong.WRONG_SOLUTIONS.items()
    for name in names
    if problem != "loj" or name in ("unmatched_only", "column_order")
]


def shipped(problem: str, name: str) -> Program:
    return dict(shipped_solutions(find_problem(problem)))[name]


@pytest.mark.parametrize(("problem", "name"), CASES)
def test_every_wrong_solution_is_found_and_shrunk(problem: str, name: str) -> None:
    chosen = find_problem(problem)
    found = stress(chosen, shipped(problem, name), runs=300, seed=1, size=SMALL[problem], jobs=2)
    assert found.failure is not None, f"{name} passed 300 runs of {problem}"
    shrunk = found.failure.shrunk
    assert shrunk is not None
    assert shrunk.judged.verdict == found.failure.first.verdict == "wrong-answer"
    assert chosen.measure(shrunk.judged.case) <= chosen.measure(found.failure.first.case)
    text = report(found)
    assert "first difference: line" in text, text
    assert "why: " in text or "in the wrong order" in text, text


@pytest.mark.parametrize("problem", ["jsoi", "noi", "graph"])
def test_a_shrunk_input_is_minimal(problem: str) -> None:
    """No single reduction step of the result keeps the failure: shrinking it again
    takes no step."""
    chosen = find_problem(problem)
    name = wrong.WRONG_SOLUTIONS[problem][0]
    program = shipped(problem, name)
    found = stress(chosen, program, runs=300, seed=2, size=SMALL[problem], jobs=2)
    assert found.failure is not None and found.failure.shrunk is not None
    again = shrink(chosen, program, found.failure.shrunk.judged, RunLimits(), jobs=2)
    assert again.steps == 0


def test_the_smallest_inputs_the_wrong_solutions_shrink_to() -> None:
    """Hand-checked minimal cases: one free cell the greedy matching gets right is not
    enough; a 1x2 board with one free cell kills the one-colour search."""
    problem = find_problem("jsoi")
    found = stress(problem, shipped("jsoi", "one_colour"), runs=50, size=Size(4, 4), jobs=2)
    assert found.failure is not None and found.failure.shrunk is not None
    case = found.failure.shrunk.judged.case
    assert sum(row.count(".") for row in case.rows) == 1
    graph = find_problem("graph")
    found = stress(graph, shipped("graph", "self_loops"), runs=100, size=Size(6, 10), jobs=2)
    assert found.failure is not None and found.failure.shrunk is not None
    assert found.failure.shrunk.judged.case.text() == b"1 1\n1 1\n"


def test_a_crash_is_a_runtime_error_and_shrinks_while_it_crashes(tmp_path: Path) -> None:
    """Big boards crash with SIGSEGV, small ones exit 4: both runtime errors."""
    program = tmp_path / "crash.sh"
    program.write_text("#!/bin/sh\nread n m\n[ $((n * m)) -gt 6 ] && kill -SEGV $$\nexit 4\n")
    program.chmod(0o755)
    problem = find_problem("jsoi")
    found = stress(problem, Program((str(program),)), runs=100, size=Size(6, 6), jobs=2)
    assert found.failure is not None and found.failure.shrunk is not None
    final = found.failure.shrunk.judged
    assert final.verdict == "runtime-error"  # shrinking keeps the class, not the signal
    assert found.failure.first.result.describe() in (
        "exit status 4",
        "killed by signal 11 (SIGSEGV)",
    )
    assert final.case.text() == b"1 1\n#\n"
    assert "runtime error: exit status 4" in report(found)


def test_a_time_out_is_classified_and_killed(tmp_path: Path) -> None:
    program = tmp_path / "slow.sh"
    program.write_text("#!/bin/sh\nwhile :; do :; done\n")
    program.chmod(0o755)
    limits = RunLimits(time=0.1)
    found = stress(find_problem("loj"), Program((str(program),)), runs=3, limits=limits)
    assert found.failure is not None and found.failure.shrunk is not None
    final = found.failure.shrunk.judged
    assert final.verdict == "time-limit"
    assert final.case.text() == b"1 1\n#\n"
    assert "s of CPU, over the 0.1 s limit, twice" in report(found, limits)


@pytest.mark.parametrize("problem", ["jsoi", "loj", "noi"])
def test_the_seeds_solutions_pass_dozens_of_runs(
    seed_programs: dict[str, list[Path]],  # noqa: F811  (the fixture, by its name)
    problem: str,
) -> None:
    assert seed_programs.get(problem), f"no seed solves {problem}"
    size = Size(30, 30) if problem != "noi" else Size(12, 12)
    for binary in seed_programs[problem]:
        # right programs judged right on 60 random inputs each (the wrong ones above
        # fail within a few): the judge refuses no correct answer
        found = stress(find_problem(problem), Program((str(binary),)), runs=60, size=size, jobs=2)
        assert found.failure is None, report(found)
        assert found.runs == 60
